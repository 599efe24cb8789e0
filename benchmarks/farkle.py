"""Benchmark of two-player Ten Thousand to 10,000 (run by hand).

    python benchmarks/farkle.py

Solves both ending rules in child processes and prints time, states and peak
memory, with a plain-Python reference value iteration on a tiny goal measured
in the same run for scale (states per second).
"""
from __future__ import annotations

import json
import subprocess
import sys
import time


def child(args: list[str]) -> tuple[dict, float, int]:
    started = time.perf_counter()
    out = subprocess.run(["/usr/bin/time", "-f", "%M", sys.executable, "-m", "jeopardy", "farkle",
                          "solve", "--json", *args], capture_output=True, text=True, check=True)
    wall = time.perf_counter() - started
    return json.loads(out.stdout), wall, int(out.stderr.strip().splitlines()[-1])


def main() -> None:
    from jeopardy.farkle.reference import value_iteration
    from jeopardy.farkle.race import solve
    from jeopardy.farkle.turn import FarkleRules

    solve(FarkleRules(goal=500), first_to_reach=True)  # JIT cache
    started = time.perf_counter()
    fast = solve(FarkleRules(goal=500), first_to_reach=True)
    fast_time = time.perf_counter() - started
    started = time.perf_counter()
    value, states = value_iteration(500, first_to_reach=True, extra=2, tolerance=1e-12)
    slow_time = time.perf_counter() - started
    print(f"goal 500, first to reach: pair solver {fast_time * 1000:.1f} ms, plain value iteration "
          f"{slow_time:.1f} s ({slow_time / fast_time:.0f}x); values differ by "
          f"{abs(value - fast.win_probability):.1e}")
    for args, label in [([], "rounds (seed section III)"), (["--first-to-reach"], "first to reach")]:
        data, wall, peak = child(args)
        print(f"goal 10,000, {label}: first player wins {data['win_probability']:.6f}; "
              f"{data['states']:,} states; solve {data['seconds']:.1f} s; process {wall:.1f} s; "
              f"peak memory {peak / 1024:.0f} MB; residual {data['max_residual']:.1e}")


if __name__ == "__main__":
    main()
