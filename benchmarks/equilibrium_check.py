"""An independent check of the N-player solver's equilibrium (issue 28).

Run by hand from the repository root:

    PYTHONPATH=. python benchmarks/equilibrium_check.py [--players 3] [--goal 100] [--skip-own] [--reach-only]

Solves N-player Pig (first to the goal) with :func:`jeopardy.match.solver.solve`
and checks the profile it reports with the test oracle
:mod:`oracles.equilibrium` (tests/oracles/equilibrium.py) (written from the rules; no shared equations):

* the profile "the solver's mix tables where it mixes, the best response read
  on the solver's values elsewhere" evaluated by plain iteration, and the
  largest difference between the solver's values and that evaluation;
* the largest one-shot deviation gain over every turn start, turn total and
  mover, on the evaluated values, and where it is;
* the same with the best responses taken on the oracle's own values (a fixed
  point of the game found from zero, which need not be the solver's when
  equilibria are not unique): its difference from the solver's values, at the
  start too (``--skip-own`` leaves it out);
* the chance that play from ``(0, ..., 0)`` ever reaches a turn start where
  someone mixes, in all and per such turn start (forward propagation).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the test oracles, as tests/conftest.py does

from jeopardy.match.solver import solve  # noqa: E402
from jeopardy.rules import game  # noqa: E402
from oracles import equilibrium  # noqa: E402


def where(scores, k=None) -> str:
    return f"scores {scores}" + ("" if k is None else f", turn total {k}")


def check(model, goal: int, n: int, mixes: dict, theirs, skip_own: bool) -> None:
    """Print the evaluations of the profile (pinned to the solver's values, and the oracle's own)."""
    started = time.perf_counter()
    pinned = equilibrium.evaluate(model, goal, n, mixes, theirs)
    gains = equilibrium.deviations(model, goal, n, mixes, pinned.values, theirs)
    pinned_seconds = time.perf_counter() - started
    difference, difference_at = equilibrium.largest_gap(theirs, pinned.values, goal, n)
    print(f"independent evaluation of the profile (mixes; best responses read on the solver's "
          f"values): {pinned_seconds:.1f} s")
    print(f"  {pinned!r}")
    print(f"  its residual {gains.residual:.2e} ({where(gains.residual_at)})")
    print(f"  largest |solver's value - evaluation|: {difference:.2e} ({where(difference_at)})")
    print(f"  largest one-shot deviation gain: {gains.gain:.2e}"
          + ("" if gains.gain_at is None else f" ({where(gains.gain_at, gains.gain_k)})"))
    print(f"  best responses decided by <= {equilibrium.NEAR:g} on the solver's values "
          f"(near ties): {gains.near_ties}")
    on_solver = equilibrium.deviations(model, goal, n, mixes, theirs)
    print(f"  one turn of the profile on the solver's values: residual {on_solver.residual:.2e}, "
          f"largest one-shot gain {on_solver.gain:.2e}")

    if not skip_own:
        started = time.perf_counter()
        own = equilibrium.evaluate(model, goal, n, mixes)
        own_gains = equilibrium.deviations(model, goal, n, mixes, own.values)
        own_seconds = time.perf_counter() - started
        gap, gap_at = equilibrium.largest_gap(theirs, own.values, goal, n)
        start_gap = float(abs(own.values[0] - theirs[0]).max())
        print(f"the oracle's own fixed point (mixes; best responses on its own values, from "
              f"zero): {own_seconds:.1f} s")
        print(f"  {own!r}")
        print(f"  its residual {own_gains.residual:.2e}, largest one-shot gain "
              f"{own_gains.gain:.2e}"
              + ("" if own_gains.gain_at is None else
                 f" ({where(own_gains.gain_at, own_gains.gain_k)})"))
        print(f"  largest |solver's value - own|: {gap:.2e} ({where(gap_at)}); at the start "
              f"{start_gap:.2e}")
        print(f"  chances at the start: [{', '.join(f'{v:.12f}' for v in own.values[0])}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--goal", type=int, default=100)
    parser.add_argument("--game", default="pig")
    parser.add_argument("--skip-own", action="store_true")
    parser.add_argument("--reach-only", action="store_true",
                        help="no evaluation from zero: one turn of the profile on the solver's "
                             "values (its residual and one-shot gains), and the reach")
    args = parser.parse_args()
    model = game(args.game)
    n, goal = args.players, args.goal

    begun = started = time.perf_counter()
    solution = solve(model, goal, n, strict=False)
    solve_seconds = time.perf_counter() - started
    print(f"{n}-player {model.name} to {goal}: solved in {solve_seconds:.1f} s")
    print(f"  chances at the start: [{', '.join(f'{v:.12f}' for v in solution.win_probabilities)}]")
    print(f"  solver's residual {solution.max_residual:.2e}, converged {solution.converged}, "
          f"unsettled classes {solution.unsettled_classes}")
    print(f"  mixed turn starts: {len(solution.mixes)} (listed at the end)")

    theirs = solution.values[0]
    mixes = solution.mixes
    if not args.reach_only:
        check(model, goal, n, mixes, theirs, args.skip_own)
    else:
        started = time.perf_counter()
        on_solver = equilibrium.deviations(model, goal, n, mixes, theirs)
        print(f"one turn of the profile on the solver's values: {time.perf_counter() - started:.1f} s")
        print(f"  residual {on_solver.residual:.2e} ({where(on_solver.residual_at)}), largest "
              f"one-shot gain {on_solver.gain:.2e}"
              + ("" if on_solver.gain_at is None else
                 f" ({where(on_solver.gain_at, on_solver.gain_k)})")
              + f", near ties {on_solver.near_ties}")
    started = time.perf_counter()
    reached = equilibrium.reach(model, goal, n, mixes, theirs)
    print(f"reach from the start under the profile: {time.perf_counter() - started:.1f} s")
    print(f"  chance that play ever reaches a mixed turn start: {reached.any_mixed:.6e}")
    print(f"  expected number of mixed decisions reached in a game (turn totals where a "
          f"table's chance is strictly between 0 and 1): {reached.decisions:.6e}")
    print("  each mixed turn start: the chance that play reaches it; the roll chances of its "
          "table (turn total: chance)")
    for (place, index), table in sorted(solution.mixes.items()):
        scores = equilibrium.scores_of(index, goal, n)
        mixed = ", ".join(f"{k}: {p:.6f}" for k, p in enumerate(table) if p >= 0)
        print(f"    {scores}: reached {reached.mixed[scores]:.3e}; {{{mixed}}}")
    print(f"total {time.perf_counter() - begun:.1f} s")


if __name__ == "__main__":
    main()
