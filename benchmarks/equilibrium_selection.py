"""How much the N-player solver's choice of equilibrium matters (issue 28).

Run by hand from the repository root:
    PYTHONPATH=. python benchmarks/equilibrium_selection.py [--players 3] [--goal 100]

With three or more players a rotation class whose pure best responses cycle
is settled with mixed actions (jeopardy.match.mixing): its candidates are
tried fewest mixed decisions first, and the first that is an equilibrium of
the class is kept.  Other candidates can be equilibria too, and a different
choice in one class changes the values every lower score sum reads.

This script solves the game twice: as the package does, and with the
candidates tried in the opposite order (most mixed decisions first, and
within a count the last first).  Both are stationary subgame-perfect
equilibria to the printed residuals; it prints both start vectors, the
largest difference at the start and over every turn start, and how many
classes chose differently.  The difference measured is a lower bound on how
far apart stationary equilibria can be (other selection rules may move
further); where it is 0, every cycling class had one equilibrium among the
candidates both orders reach first.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from jeopardy.match import mixing, solver
from jeopardy.rules import game


def solve(model, goal, players):
    started = time.perf_counter()
    solution = solver.solve(model, goal, players, strict=False)
    return solution, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="pig")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--goal", type=int, default=100)
    args = parser.parse_args()
    model = game(args.game)

    first, seconds = solve(model, args.goal, args.players)
    print(f"{args.game} to {args.goal}, {args.players} players: fewest mixed decisions first "
          f"(the package): {seconds:.1f} s, residual {first.max_residual:.1e}, "
          f"converged {first.converged}, {len(first.mixes)} mixed turn starts")
    print("  start:", ", ".join(f"{p:.12f}" for p in first.win_probabilities))

    original = mixing.candidates
    mixing.candidates = lambda disputed: list(reversed(original(disputed)))
    try:
        other, seconds = solve(model, args.goal, args.players)
    finally:
        mixing.candidates = original
    print(f"most mixed decisions first: {seconds:.1f} s, residual {other.max_residual:.1e}, "
          f"converged {other.converged}, {len(other.mixes)} mixed turn starts")
    print("  start:", ", ".join(f"{p:.12f}" for p in other.win_probabilities))
    start = max(abs(a - b) for a, b in zip(first.win_probabilities, other.win_probabilities))
    everywhere = float(np.max(np.abs(first.values - other.values)))
    changed = sorted(set(first.mixes) ^ set(other.mixes))
    same_keys = [k for k in set(first.mixes) & set(other.mixes)
                 if not np.array_equal(first.mixes[k], other.mixes[k])]
    print(f"largest difference: at the start {start:.2e}, over every turn start {everywhere:.2e}")
    print(f"turn starts mixing in one and not the other: {len(changed)}; "
          f"mixing in both with other chances: {len(same_keys)}")


if __name__ == "__main__":
    main()
