"""Peer check: the N-player solver's policy played in OpenSpiel's own ``pig`` engine.

Run by hand from the repository root:
    PYTHONPATH=. python benchmarks/openspiel_pig.py [--goal 100] [--players 3] [--games 100000]

Every player follows the solver's equilibrium policy, its mixed actions
included: where the equilibrium mixes (``solution.mixes``), the roll is drawn
with the solver's probability (:attr:`jeopardy.match.solver.Decision.roll_chances`)
from the same seeded generator as the dice
(:func:`jeopardy.interop.openspiel.play_seats`).  OpenSpiel's engine
(``pyspiel.load_game("pig", {"players": N, "winscore": goal})``) rolls the die
and keeps the score.  For each player it prints the solver's exact chance
``p``, OpenSpiel's frequency ``f`` over the games and
``z = (f - p) / sqrt(p (1 - p) / games)``; each ``|z|`` must be below 4.
OpenSpiel's state lists scores by player id and its turn totals run past the
goal (a player must stop to bank); the policy is read with the scores
rotated to the mover first, and a mover whose score plus turn total reaches
the goal stops (that banks the win).
``tests/test_openspiel.py`` runs a small version when ``open_spiel`` is installed.
"""
from __future__ import annotations

import argparse
import math

import numpy as np


def play(goal: int = 100, players: int = 3, games: int = 100_000, seed: int = 1):
    """``(solver's chances, wins by player id, seconds, draws)``: every seat follows the
    equilibrium through :func:`jeopardy.interop.openspiel.play_seats` (mixed actions
    drawn with their probabilities)."""
    from jeopardy.interop import openspiel
    from jeopardy.match.solver import solve
    from jeopardy.rules import game

    model = game("pig")
    solution = solve(model, goal, players)
    engine = openspiel.load_game(model, goal, horizon=10 ** 7, players=players)
    die = engine.new_initial_state().child(openspiel.ROLL).chance_outcomes()
    faces = len(die)
    if die != [(a, 1.0 / faces) for a in range(faces)]:
        raise RuntimeError(f"OpenSpiel's die is not the fair d{faces} this check assumes: {die}")
    result = openspiel.play_seats([solution] * players, engine, games, seed)
    return solution.win_probabilities, np.array(result.wins), result.seconds, result.draws


def check(chances, wins, games: int, sigmas: float = 4.0) -> list[tuple[float, float, float, float, bool]]:
    """Per player: (solver, observed, standard error, z, within ``sigmas``)."""
    rows = []
    for p, w in zip(chances, wins):
        rate = w / games
        error = math.sqrt(p * (1 - p) / games)
        z = (rate - p) / error
        rows.append((p, rate, error, z, abs(z) <= sigmas))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--goal", type=int, default=100)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    chances, wins, seconds, draws = play(args.goal, args.players, args.games, args.seed)
    print(f"OpenSpiel pig, {args.players} players to {args.goal}, {args.games:,} games, "
          f"seed {args.seed} ({seconds:.0f} s, {draws} draws), every player on the solver's "
          "equilibrium, mixed actions drawn:")
    for player, (p, rate, error, z, ok) in enumerate(check(chances, wins, args.games)):
        print(f"  player {player}: solver {p:.6f}, OpenSpiel {rate:.6f} +- {error:.6f} "
              f"(z = {z:+.2f}) {'ok' if ok else 'OUTSIDE 4 SE'}")


if __name__ == "__main__":
    main()
