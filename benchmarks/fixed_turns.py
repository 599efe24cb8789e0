"""The fixed-turns solver (SKUNK, Shi's variant) against its per-state kernel.

:func:`jeopardy.fixed_turns.solver._turn` classifies each roll once per mover
score and turn total and updates the whole row of the other's scores at once;
the baseline below is the kernel before that change (one state at a time,
:func:`jeopardy.rules.compiled.value_of_rolling` per state and game), run on
the same turn-start tables.  Both must give the same values to the last bit.

    PYTHONPATH=. python benchmarks/fixed_turns.py [--game shi] [--turns 6] [--cap 250]
"""
from __future__ import annotations

import argparse
import time

import numpy as np
from numba import njit

from jeopardy.fixed_turns import solver
from jeopardy.rules import game
from jeopardy.rules.compiled import value_of_rolling


@njit(cache=True, nogil=True)
def per_state_turn(rules, nxt, out, boundary, tables):
    games = nxt.shape[0]
    size = nxt.shape[1]
    cap = size - 1
    mover = 1.0 - nxt
    values = np.empty((games, size))
    for x in range(size):
        top = cap - x
        for y in range(size):
            for t in range(top, -1, -1):
                midpoint_rolls = False
                for g in range(games):
                    m = -1 if g < 3 else (g - 3) // 2
                    b = boundary[g] if g < 3 else boundary[0 if (g - 3) % 2 == 0 else 2]
                    hold = mover[g, y, x + t]
                    roll = value_of_rolling(rules, x, t, values[g, :top + 1], mover[g, y], b)
                    if m < 0:
                        rolls = roll > hold
                        if g == 1:
                            midpoint_rolls = rolls
                    else:
                        choice = tables[m, x, t]
                        rolls = midpoint_rolls if choice < 0 else choice == 1
                    values[g, t] = roll if rolls else hold
            for g in range(games):
                out[g, x, y] = values[g, 0]


def timed(kernel, model, turns: int, cap: int) -> tuple[float, np.ndarray]:
    """Seconds of ``turns`` turns each at ``cap`` (the optimal games only), and W_0."""
    original = solver._turn
    solver._turn = kernel
    try:
        started = time.perf_counter()
        solution = solver.solve_fixed_turns(model, turns, cap=cap)
        return time.perf_counter() - started, solution.starts
    finally:
        solver._turn = original


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="shi")
    parser.add_argument("--turns", type=int, default=6)
    parser.add_argument("--cap", type=int, default=250)
    args = parser.parse_args()
    model = game(args.game)
    for kernel in (solver._turn, per_state_turn):  # compile (or load) both first
        timed(kernel, model, 1, model.max_points)
    ours, ours_starts = timed(solver._turn, model, args.turns, args.cap)
    base, base_starts = timed(per_state_turn, model, args.turns, args.cap)
    print(f"{args.game}, {args.turns} turns each, cap {args.cap}: row kernel {ours:.2f} s, "
          f"per-state kernel {base:.2f} s ({base / ours:.1f}x); same values to the last bit: "
          f"{bool(np.array_equal(ours_starts, base_starts))}")


if __name__ == "__main__":
    main()
