"""Exact solving at the largest goal each preset accepts (run by hand).

    python benchmarks/exact.py [GAME ...]

For each preset: the largest goal under the state limit, the time of the
exact solve (policy iteration from the float policy, exact verification
included) and the size of P(0,0,0)'s denominator.
"""
from __future__ import annotations

import sys
import time

from jeopardy.exact.race import largest_exact_goal, solve_exact, states_of
from jeopardy.rules import PRESETS, game


def main() -> None:
    names = sys.argv[1:] or [n for n in PRESETS if n not in ("think", "skunk")]
    for name in names:
        model = game(name)
        goal = largest_exact_goal(model)
        started = time.perf_counter()
        solution = solve_exact(model, goal)
        seconds = time.perf_counter() - started
        value = solution.win_probability()
        digits = int(value.denominator.bit_length() * 0.30103) + 1
        print(f"{name:16} goal {goal:3d} ({states_of(goal):,} states): {seconds:6.1f} s, "
              f"verified {solution.verified}, P(0,0,0) = {float(value):.12f} "
              f"(denominator ~{digits} digits)", flush=True)


if __name__ == "__main__":
    main()
