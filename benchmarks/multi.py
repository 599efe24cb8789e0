"""Benchmarks of the N-player race solver (jeopardy.match) and the equal-turns ending.

Run by hand from the repository root:  PYTHONPATH=. python benchmarks/multi.py [--skip-four]

Each case runs as its own child process (`jeopardy solve --json` under
/usr/bin/time), so its peak memory is its own:

* two-player Pig to 100, first-to-goal: the pair solver the CLI keeps
  (jeopardy.race) beside the N-player solver on the same game, same run;
* 3-player Pig to 100 (target: under 30 s and 4 GB);
* 4-player Pig to 50 (target: solves);
* equal-turns Pig to 20 and to 100, two players (target: under 1 s);
* 10-player Pig to 20: refused up front with the estimate (20**10 score tuples).
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
          + (f", {unsettled} unsettled classes" if unsettled else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-four", action="store_true", help="skip 4-player Pig to 50")
    args = parser.parse_args()

    from jeopardy.match.solver import solve as match_solve
    from jeopardy.race.solver import solve as pair_solve
    from jeopardy.rules import game

    pig = game("pig")
    pair_solve(pig, 100)
    match_solve(pig, 10)
    pair = min(pair_solve(pig, 100).seconds for _ in range(5))
    multi = min(match_solve(pig, 100).seconds for _ in range(3))
    print(f"two-player Pig to 100: pair solver {pair * 1e3:.1f} ms (the CLI's path), N-player "
          f"solver {multi * 1e3:.0f} ms on the same game ({multi / pair:.0f}x)")

    show("equal-turns Pig to 20", *run("--goal", "20", "--ending", "equal-turns"))
    show("equal-turns Pig to 100", *run("--goal", "100", "--ending", "equal-turns"))
    show("3-player Pig to 100", *run("--goal", "100", "--players", "3"))
    if not args.skip_four:
        show("4-player Pig to 50", *run("--goal", "50", "--players", "4"))
    show("10-player Pig to 20", *run("--goal", "20", "--players", "10"))


if __name__ == "__main__":
    main()
