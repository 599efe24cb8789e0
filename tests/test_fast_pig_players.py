"""Fast Pig with three or more players and equal turns (issue 30): the match solver
and its policy evaluation against N-player iteration written from the rules
(tests/oracles/fast_pig.py), the mixed actions that settle the classes where pure
best responses cycle, the simulation and the command line.

Tolerances: the solver and the oracle each converge to below 1e-15; 1e-10 is the
agreement the issue asks for.  A mixed turn start is checked to 1e-12 (the
indifference :mod:`jeopardy.match.mixing` accepts) by one step of the rules
computed here from the solver's values.
"""
from __future__ import annotations

import itertools
import json
import subprocess
import sys

import numpy as np
import pytest

from jeopardy.fast_pig import solve
from jeopardy.fast_pig.evaluation import dice_policy, evaluate, simulate
from jeopardy.rules.fast_pig import FastPigRules
from oracles import fast_pig as oracle

AGREE = 1e-10
MIXED = 1e-12


@pytest.mark.parametrize("players, goal, max_dice, pig_out", [
    pytest.param(3, 14, 6, 0, id="3-players-fast-pig"),
    pytest.param(3, 12, 5, 1, id="3-players-hog"),
    pytest.param(4, 8, 6, 0, id="4-players-fast-pig"),
])
def test_more_players_match_the_oracle(players, goal, max_dice, pig_out):
    rules = FastPigRules("test", 6, max_dice, pig_out, goal)
    ours = solve(rules, players)
    assert ours.converged and ours.max_residual < 1e-14
    V, best = oracle.solve_players(goal, players, 6, max_dice, pig_out)
    values = ours.solution.values[0]
    for scores in itertools.product(range(goal), repeat=players):
        chances = values[ours.index(scores)]
        assert np.max(np.abs(chances - V[scores])) < AGREE, scores
    for scores in ((0,) * players, (goal - 1,) + (0,) * (players - 1), (1, 5) + (3,) * (players - 2)):
        decision = ours.decision(scores)
        margin = sorted(decision.chances)[-1] - sorted(decision.chances)[-2]
        if margin > 1e-9:
            assert decision.best == best[scores], scores


def _after(values, index_of, rolls, scores, dice, goal):
    """Every player's chance (turn order from the mover) after the mover throws
    ``dice`` dice at ``scores``: the rules' one step from the solved values."""
    n = len(scores)
    out = np.zeros(n)
    for points, p in rolls[dice]:
        mine = scores[0] + points
        if mine >= goal:
            out[0] += p
            continue
        nxt = values[index_of(scores[1:] + (mine,))]
        out += p * np.roll(nxt, 1)  # the next mover's player m is this mover's m + 1
    return out


def test_three_players_settle_with_mixed_dice():
    """Three players, first to 22 with up to five three-sided dice (the smallest game
    of this kind found to cycle; Fast Pig's d6 and ten dice first cycle at 55, a
    minute of solving and evaluating): pure best responses cycle at a few classes
    (the mover's number of dice flips as the others' chances jump); mixed choices of
    dice settle them, and the solve converges.  At each mixed turn start the mover is
    indifferent between the mixed number of dice and the best larger one, and the
    stored chances are the mix of theirs."""
    goal, faces, max_dice = 22, 3, 5
    rules = FastPigRules("test", faces, max_dice, 0, goal)
    ours = solve(rules, 3)
    inner = ours.solution
    assert ours.converged and ours.max_residual < 1e-12 and inner.unsettled_classes == 0
    assert len(inner.mixes) >= 4 and inner.indifference <= MIXED
    rolls = {n: [(k, float(p)) for k, p in oracle.roll(faces, n, 0).items()]
             for n in range(1, max_dice + 1)}
    values = inner.values[0]
    policy = dice_policy("optimal", ours)
    assert len(policy.mixes) == len(inner.mixes)
    # Slots at turn total 0 (process_kernels.turn): one throw slot per state (bank, the
    # max_dice dice states, choose), then choose's choices: n dice at slot max_dice + 1 + n.
    first_choice = max_dice + 1
    for (place, index), row in inner.mixes.items():
        mixed = [(slot - first_choice, float(row[slot])) for slot in np.flatnonzero(row >= 0)]
        assert place == 0 and len(mixed) == 1
        dice, chance = mixed[0]
        assert 0.0 < chance < 1.0 and 1 <= dice < max_dice
        scores = (index // goal ** 2, index // goal % goal, index % goal)
        after = {n: _after(values, ours.index, rolls, scores, n, goal)
                 for n in range(1, max_dice + 1)}
        larger = max(range(dice + 1, max_dice + 1), key=lambda n: (after[n][0], -n))
        assert abs(after[dice][0] - after[larger][0]) < MIXED, scores
        assert max(a[0] for a in after.values()) - after[dice][0] < MIXED, scores
        mix = chance * after[dice] + (1 - chance) * after[larger]
        assert np.max(np.abs(values[index] - mix)) < MIXED, scores
        assert policy.mixes[(0, index)] == (dice, chance, larger)
    # every player playing the equilibrium, mixed choices included, is worth its values
    played = evaluate(ours, ["optimal"] * 3)
    assert np.max(np.abs(np.array(played.win_probabilities) - ours.win_probabilities)) < MIXED


def test_compare_three_players_matches_the_oracle():
    """A formula (i: the mover's score, j: the leading opponent's), a fixed number and
    the equilibrium seated together, evaluated exactly, against the oracle playing
    the same numbers of dice."""
    goal = 12
    rules = FastPigRules("test", 6, 6, 0, goal)
    solution = solve(rules, 3)
    ours = evaluate(solution, ["dice:5 if i < j else 2", "dice:3", "optimal"])
    _, best = oracle.solve_players(goal, 3, 6, 6, 0)
    theirs = oracle.play_fixed_players(goal, [lambda s, p: 5 if s[0] < max(s[1:]) else 2,
                                              lambda s, p: 3, lambda s, p: best[s]],
                                       6, 6, 0)
    assert ours.converged and ours.max_residual < 1e-14
    assert np.max(np.abs(np.array(ours.win_probabilities) - theirs)) < AGREE
    equilibrium = evaluate(solution, ["optimal"] * 3)
    assert np.max(np.abs(np.array(equilibrium.win_probabilities)
                         - solution.win_probabilities)) < 1e-12


def test_compare_with_equal_turns_matches_the_oracle():
    goal = 16
    rules = FastPigRules("test", 6, 10, 1, goal)
    solution = solve(rules, 2, "equal-turns")
    ours = evaluate(solution, ["dice:4", "dice:6 if i < j else 2"])
    theirs = oracle.play_fixed_players(goal, [lambda s, p: 4,
                                              lambda s, p: 6 if s[0] < s[1] else 2],
                                       6, 10, 1, equal_turns=True)
    assert np.max(np.abs(np.array(ours.win_probabilities) - theirs)) < AGREE
    V, _ = oracle.solve(goal, 6, 10, 1, equal_turns=True)
    both = evaluate(solution, ["optimal", "optimal"])
    assert abs(both.win_probabilities[0] - V[(0, 0, True)]) < AGREE


@pytest.mark.parametrize("players, ending", [
    pytest.param(3, "first-to-goal", id="3-players"),
    pytest.param(2, "equal-turns", id="equal-turns"),
])
def test_simulation_of_more_players_agrees_with_the_evaluation(players, ending):
    rules = FastPigRules("test", 6, 10, 0, 20)
    solution = solve(rules, players, ending)
    words = ["dice:4", "optimal", "dice:6"][:players]
    exact = evaluate(solution, words)
    simulated = simulate(solution, words, 40_000, 3)
    assert simulated.names == tuple(words)
    for got, want, error in zip(simulated.win_probabilities, exact.win_probabilities,
                                simulated.stderrs):
        assert abs(got - want) < 5 * error
    assert simulate(solution, words, 40_000, 3).win_probabilities == \
        simulated.win_probabilities  # seeded


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jeopardy", *args], capture_output=True,
                          text=True, timeout=600)


def test_cli_compare_and_simulate_seat_more_players():
    done = _cli("compare", "dice:5", "dice:3", "optimal", "--game", "fast-pig", "--goal", "12",
                "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    solution = solve(FastPigRules("fast-pig", 6, 10, 0, 12), 3)
    exact = evaluate(solution, ["dice:5", "dice:3", "optimal"])
    assert data["players"] == 3 and data["policies"] == ["dice:5", "dice:3", "optimal"]
    assert np.max(np.abs(np.array(data["win_probabilities"]) - exact.win_probabilities)) < 1e-15
    done = _cli("simulate", "dice:5", "optimal", "--game", "hog", "--goal", "12", "--ending",
                "equal-turns", "--games", "500", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["ending"] == "equal-turns" and len(data["stderrs"]) == 2
    done = _cli("simulate", "dice:5", "optimal", "--game", "hog", "--goal", "12", "--games",
                "500", "--json")
    assert done.returncode == 0, done.stderr
    assert {"first", "second", "fair", "first_stderr", "stderr"} <= set(json.loads(done.stdout))


@pytest.mark.parametrize("args, text", [
    pytest.param(("compare", "dice:5", "optimal", "--players", "3"), "--players 3 seats 3",
                 id="too-few-policies"),
    pytest.param(("compare", "dice:5", "optimal", "--ending", "one-more-turn"),
                 "first-to-goal or equal-turns", id="one-more-turn"),
])
def test_cli_refusals_of_seats_are_one_line(args, text):
    done = _cli(*args, "--game", "fast-pig", "--goal", "12")
    assert done.returncode != 0 and text in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
