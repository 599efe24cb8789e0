"""A tour of the Python API: every analysis returns result objects.

    python analyses/api_tour.py
"""
from fractions import Fraction

from jeopardy.rules import game, dice_game
from jeopardy.turn.distribution import turn_distribution
from jeopardy.simultaneous.game import solve_simultaneous
from jeopardy.match.solver import solve
from jeopardy.match.policies import hold_at
from jeopardy.match.evaluation import best_response, head_to_head
from jeopardy.exact.race import solve_exact
from jeopardy.expected.policies import optimal, odds
from jeopardy.expected.solver import solve_expected
from jeopardy.farkle.turn import solve_turn

pig = game("pig")

# One turn: exact distribution of the final score of "hold at 20".
turn = turn_distribution(pig, 20)
print("hold at 20:", {n: str(p) for n, p in turn.probabilities.items()})
print("mean", turn.mean, "=", float(turn.mean))

# The simultaneous game, certified exactly.
sim = solve_simultaneous(pig, max_hold=100)
print("equilibrium weight on hold at 21:", sim.restricted.weight_of_hold(21),
      "verified:", sim.restricted.verified)

# The race game.
race = solve(pig, 100)
print("P(0,0,0) =", race.win_probability, "residual", race.max_residual)
print("41 vs 49:", race.actions((41, 49)))

# Policies against each other, exactly.
reply = best_response(pig, hold_at(100, 20))
result = head_to_head(pig, reply, hold_at(100, 20))
print(f"best response vs hold at 20: {result.first:.4f} first, {result.fair:.4f} fair coin")

# Exact rationals.
piglet = solve_exact(game("piglet"), 2)
print("Piglet to 2:", piglet.win_probability_exact == Fraction(4, 7), piglet.win_probability_exact)

# Expected score.
think = game("think")
print("THINK, 5 turns:", solve_expected(think, 5, optimal()).expected,
      solve_expected(think, 5, odds(think)).expected)

# Any dice: three d4, a 1 busts, all three 1s lose everything.
custom = dice_game(faces=4, dice=3, bad_faces=(1,), all_bad="bust_all")
print(custom)
print("three-d4 race to 60: P(0,0,0) =", round(solve(custom, 60).win_probability, 6))

# Ten Thousand: the optimal single turn.
print("Ten Thousand, optimal turn:", round(solve_turn().expected, 4))
