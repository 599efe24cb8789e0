"""Benchmarks of the N-player race solver (jeopardy.match) and the equal-turns ending.

Run by hand from the repository root:  PYTHONPATH=. python benchmarks/multi.py [--skip-four]

Each case runs as its own child process (`jeopardy solve --json` under
/usr/bin/time), so its peak memory is its own:

* two-player Pig to 100, first-to-goal: the match solver's pair method (the CLI's)
  beside its rotation classes (method="classes") on the same game, same run;
* 3-player Pig to 100 (target: under 30 s and 4 GB);
* 4-player Pig to 50 (target: solves), to 60 and to 100 (target: converged, residual
  <= 1e-12; 100 takes about half an hour and 4 GB);
* equal-turns Pig to 20 and to 100, two players (target: under 1 s), and
  three players to 20 and to 100 (the last round's tables beside the race);
* 10 players: the largest goal whose estimate fits this machine's budget
  (``JEOPARDY_MEMORY_LIMIT``, default 8 GB), solved, and Pig to 20, refused
  up front with the estimate (20**10 score tuples).

``--only LABEL`` runs the rows whose label contains LABEL (each row is run
once; the machine is shared, so rows are not repeated in a loop).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time


def run(*args: str) -> tuple[dict | str, float, float]:
    """(JSON or the error line, wall seconds, peak memory in GB) of one `jeopardy solve`."""
    started = time.perf_counter()
    out = subprocess.run(["/usr/bin/time", "-f", "%M", sys.executable, "-m", "jeopardy", "solve",
                          *args, "--json"], capture_output=True, text=True)
    wall = time.perf_counter() - started
    lines = out.stderr.strip().splitlines()
    peak = int(lines[-1]) / 1e6 if lines and lines[-1].isdigit() else float("nan")
    if out.returncode == 3:  # printed, but did not converge (jeopardy.convergence)
        return json.loads(out.stdout), wall, peak
    if out.returncode != 0:
        return (lines[0] if lines else "failed"), wall, peak
    return json.loads(out.stdout), wall, peak


def show(label: str, result, wall: float, peak: float) -> None:
    if isinstance(result, str):
        print(f"{label}: refused in {wall:.1f} s -- {result}")
        return
    chances = ", ".join(f"{v:.6f}" for v in result["win_probabilities"])
    extra = f", cap {result['cap']}" if result.get("ending") == "equal-turns" else ""
    unsettled = result.get("unsettled_classes", 0)
    mixed = result.get("mixed_turn_starts", 0)
    extra += f", {mixed} mixed turn starts" if mixed else ""
    print(f"{label}: [{chances}] solve {result['seconds']:.2f} s, process {wall:.1f} s, "
          f"peak {peak:.2f} GB, residual {result['max_residual']:.1e}{extra}"
          + (f", {unsettled} unsettled classes" if unsettled else "")
          + ("" if result.get("converged", True) else ", NOT CONVERGED"))


def largest_goal(players: int, ending: str = "first-to-goal") -> int:
    """The largest goal of Pig whose estimate fits this machine's budget."""
    from jeopardy import resources
    from jeopardy.match.rules import MatchRules
    from jeopardy.match.solver import estimate
    from jeopardy.rules import game

    pig = game("pig")
    goal = 1
    while resources.fits(estimate(pig, goal + 1, MatchRules(players, ending))):
        goal += 1
    return goal


def rows() -> list[tuple[str, tuple[str, ...]]]:
    ten = largest_goal(10)
    return [
        ("equal-turns Pig to 20", ("--goal", "20", "--ending", "equal-turns")),
        ("equal-turns Pig to 100", ("--goal", "100", "--ending", "equal-turns")),
        ("3-player equal-turns Pig to 20", ("--goal", "20", "--players", "3", "--ending",
                                            "equal-turns")),
        ("3-player equal-turns Pig to 100", ("--goal", "100", "--players", "3", "--ending",
                                             "equal-turns")),
        ("3-player Pig to 100", ("--goal", "100", "--players", "3")),
        ("4-player Pig to 50", ("--goal", "50", "--players", "4")),
        # the first 4-player goal with a class of period two that cycles ((16, 0, 16, 0));
        # the one-shot deviation check of these: benchmarks/equilibrium_check.py --players 4
        ("4-player Pig to 60", ("--goal", "60", "--players", "4")),
        ("4-player Pig to 100 (half an hour)", ("--goal", "100", "--players", "4")),
        (f"10-player Pig to {ten} (the largest goal within the budget)",
         ("--goal", str(ten), "--players", "10")),
        ("10-player Pig to 20", ("--goal", "20", "--players", "10")),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=None, help="run the rows whose label contains this")
    parser.add_argument("--skip-pair", action="store_true",
                        help="skip the two-player pair-vs-N-player timing")
    args = parser.parse_args()

    if not args.skip_pair and args.only is None:
        from jeopardy.match.solver import solve
        from jeopardy.rules import game

        pig = game("pig")
        solve(pig, 100)
        solve(pig, 10, method="classes")
        pair = min(solve(pig, 100).seconds for _ in range(5))
        multi = min(solve(pig, 100, method="classes").seconds for _ in range(3))
        print(f"two-player Pig to 100: pair solver {pair * 1e3:.1f} ms (the CLI's path), "
              f"N-player solver {multi * 1e3:.0f} ms on the same game ({multi / pair:.0f}x)")

    for label, arguments in rows():
        if args.only is None or args.only in label:
            show(label, *run(*arguments))


if __name__ == "__main__":
    main()
