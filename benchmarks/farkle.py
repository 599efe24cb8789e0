"""Benchmark and check of two-player Ten Thousand (run by hand).

    python benchmarks/farkle.py            # goals 2,000, 5,000, 10,000, both endings
    python benchmarks/farkle.py --games 1000000

Each solve runs in a child process (`jeopardy farkle solve --json`) and is
reported with its wall time and peak memory.  With ``--games`` the solver's
policy is also played by the rules-based simulator at 2,000 and 10,000 and the
distance from the exact value is given in standard errors.
"""
from __future__ import annotations

import argparse
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
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=0, help="simulate this many games too")
    options = parser.parse_args()
    for goal in (2000, 5000, 10000):
        for args, label in [([], "round (seed section III)"), (["--first-to-reach"], "first to reach")]:
            data, wall, peak = child(["--goal", str(goal), *args])
            print(f"goal {goal:,}, {label}: first player wins {data['win_probability']:.6f}; "
                  f"{data['states']:,} states; solve {data['seconds']:.1f} s; process {wall:.1f} s; "
                  f"peak memory {peak / 1024:.0f} MB; residual {data['max_residual']:.1e}", flush=True)
    if options.games:
        from jeopardy.farkle.race import solve
        from jeopardy.farkle.simulation import simulate
        from jeopardy.farkle.turn import FarkleRules

        for goal in (2000, 10000):
            for first_to_reach in (False, True):
                solution = solve(FarkleRules(goal=goal), first_to_reach)
                sim = simulate(solution, options.games, seed=11)
                z = (sim.first_player_wins - solution.win_probability) / sim.stderr
                print(f"goal {goal:,}, {'first to reach' if first_to_reach else 'round'}: "
                      f"{options.games:,} games {sim.first_player_wins:.6f} +- {sim.stderr:.6f}, "
                      f"exact {solution.win_probability:.6f}: {z:+.2f} standard errors "
                      f"({sim.seconds:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
