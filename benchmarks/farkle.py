"""Benchmark and check of two-player Ten Thousand (run by hand).

    python benchmarks/farkle.py            # goals 2,000, 5,000, 10,000, both endings
    python benchmarks/farkle.py --games 1000000
    python benchmarks/farkle.py --compare  # the match solver's core against the old solver


Each solve runs in a child process (`jeopardy farkle solve --json`) and is
reported with its wall time and peak memory.  With ``--games`` the solver's
policy is also played by the rules-based simulator at 2,000 and 10,000 and the
distance from the exact value is given in standard errors.

With ``--compare`` goal 10,000 is solved under both endings by the match
solver's core (:mod:`jeopardy.farkle.core`) and by the Ten Thousand solver of
commit 737f3b7 (a ``git worktree add`` in /tmp), each in its own child process
after a warm-up solve (compiled kernels loaded), the two alternating in the same
run; the ratio is core time / old time, in wall and in CPU seconds (the
CPU ratio is the steadier one on a shared machine).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

BASELINE = "737f3b7"
BASELINE_TREE = Path("/tmp/jeopardy-farkle-baseline")
ROOT = Path(__file__).resolve().parent.parent
TIMED = """
import json, sys, time
from jeopardy.farkle.turn import FarkleRules
from jeopardy.farkle.{module} import solve
first = sys.argv[2] == "first-to-reach"
solve(FarkleRules(goal=1000), first)  # warm-up: load the compiled kernels
started, cpu = time.perf_counter(), time.process_time()
solution = solve(FarkleRules(goal=int(sys.argv[1])), first)
print(json.dumps({{"seconds": time.perf_counter() - started, "cpu": time.process_time() - cpu,
                  "win_probability": solution.win_probability}}))
"""


def child(args: list[str]) -> tuple[dict, float, int]:
    started = time.perf_counter()
    out = subprocess.run(["/usr/bin/time", "-f", "%M", sys.executable, "-m", "jeopardy", "farkle",
                          "solve", "--json", *args], capture_output=True, text=True, check=True)
    wall = time.perf_counter() - started
    return json.loads(out.stdout), wall, int(out.stderr.strip().splitlines()[-1])


def timed(tree: Path, module: str, goal: int, ending: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", TIMED.format(module=module), str(goal), ending],
                         cwd=tree, env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def compare(goal: int = 10_000, repeats: int = 1) -> None:
    """The core against the baseline's own solver, alternating (module docstring)."""
    if not BASELINE_TREE.exists():
        subprocess.run(["git", "worktree", "add", "--detach", str(BASELINE_TREE), BASELINE],
                       cwd=ROOT, check=True, capture_output=True)
    for ending in ("round", "first-to-reach"):
        core, old = [], []
        for _ in range(repeats):
            old.append(timed(BASELINE_TREE, "race", goal, ending))
            core.append(timed(ROOT, "core", goal, ending))
        best_old = min(r["seconds"] for r in old)
        best_core = min(r["seconds"] for r in core)
        cpu_old = min(r["cpu"] for r in old)
        cpu_core = min(r["cpu"] for r in core)
        gap = abs(core[0]["win_probability"] - old[0]["win_probability"])
        print(f"goal {goal:,}, {ending}: core {best_core:.2f} s (CPU {cpu_core:.2f} s), old "
              f"solver ({BASELINE}) {best_old:.2f} s (CPU {cpu_old:.2f} s), ratio "
              f"{best_core / best_old:.2f} (CPU {cpu_core / cpu_old:.2f}); first player "
              f"{core[0]['win_probability']:.9f} (difference {gap:.1e})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=0, help="simulate this many games too")
    parser.add_argument("--compare", action="store_true",
                        help="time the core against the old solver at goal 10,000")
    parser.add_argument("--repeats", type=int, default=1, help="runs of each solver (--compare)")
    options = parser.parse_args()
    if options.compare:
        compare(repeats=options.repeats)
        return
    for goal in (2000, 5000, 10000):
        for args, label in [([], "round (seed section III)"), (["--first-to-reach"], "first to reach")]:
            data, wall, peak = child(["--goal", str(goal), *args])
            print(f"goal {goal:,}, {label}: first player wins {data['win_probability']:.6f}; "
                  f"{data['states']:,} states; solve {data['seconds']:.1f} s; process {wall:.1f} s; "
                  f"peak memory {peak / 1024:.0f} MB; residual {data['max_residual']:.1e}", flush=True)
    if options.games:
        from jeopardy.farkle.core import solve
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
