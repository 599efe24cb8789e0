"""Issue 28's speed table: each case as a warm child process, its solve time, CPU and peak memory.

Run by hand from the repository root:  python benchmarks/speed_table.py [--four] [--runs 3]

Every case runs ``--runs`` times as a child process after one warm-up run (so numba's
cache is filled and the compile is not counted: the cold start has its own benchmark,
``benchmarks/cold_start.py``).  Each run passes ``--no-cache`` where the command has a
solution cache, so every run solves.  Printed per case: the solve time the command
reports in its ``--json`` (``seconds``; the median of the runs), the child's CPU
seconds (user + system) and wall seconds (medians), its peak resident memory (the
largest), the residual and whether it converged, and the issue's target.  The machine
may be shared: the load average is printed beside each case; under load the wall time
measures the contention, the CPU time the work.

``--four`` adds 4-player Pig to 100 (one run, no warm-up: about 25 minutes and 4.5 GB
when last measured; it did not converge then).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# (label, jeopardy arguments, the target)
CASES = (
    ("Pig to 100, 2 players", ("solve", "--goal", "100", "--no-cache"), "<= 1.3x 11.6 ms"),
    ("Pig to 1000", ("solve", "--goal", "1000", "--no-cache"), "<= 6 s"),
    ("3-player Pig to 100", ("solve", "--players", "3", "--goal", "100"), "<= 7 s"),
    ("Ten Thousand to 10,000, round ending", ("farkle", "solve", "--goal", "10000"), "<= 30 s"),
    ("Ten Thousand to 10,000, first to reach",
     ("farkle", "solve", "--goal", "10000", "--first-to-reach"), "<= 30 s"),
)
FOUR = ("4-player Pig to 100", ("solve", "--players", "4", "--goal", "100"),
        "converged, <= 10 min, <= 8 GB")


def run_measured(arguments: tuple[str, ...]) -> dict:
    """One child ``jeopardy ARGS --json``: its JSON, wall and CPU seconds, peak GB, exit."""
    started = time.perf_counter()
    with tempfile.TemporaryFile() as errors:  # stderr (progress lines) to a file: no pipe to fill
        child = subprocess.Popen([sys.executable, "-m", "jeopardy", *arguments, "--json"],
                                 stdout=subprocess.PIPE, stderr=errors, cwd=ROOT)
        stdout = child.stdout.read().decode()  # one JSON document, read to its end
        _, status, usage = os.wait4(child.pid, 0)  # the child's own CPU and peak memory
        child.returncode = os.waitstatus_to_exitcode(status)
        errors.seek(0)
        stderr = errors.read().decode()
    wall = time.perf_counter() - started
    try:
        document = json.loads(stdout)
    except json.JSONDecodeError:
        document = {}
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime,
            "gb": usage.ru_maxrss / 2**20, "json": document, "code": child.returncode,
            "stderr": stderr.strip()}


def measure(label: str, arguments: tuple[str, ...], target: str, runs: int, warm: bool) -> None:
    load = os.getloadavg()[0]
    if warm:
        run_measured(arguments)
    results = [run_measured(arguments) for _ in range(runs)]
    last = results[-1]
    if last["code"] not in (0, 3) or not last["json"]:
        print(f"{label:40s} failed (exit {last['code']}): {last['stderr'][-200:]}")
        return
    document = last["json"]
    seconds = statistics.median(r["json"].get("seconds", float("nan")) for r in results)
    cpu = statistics.median(r["cpu"] for r in results)
    wall = statistics.median(r["wall"] for r in results)
    gb = max(r["gb"] for r in results)
    residual = document.get("max_residual", document.get("residual", float("nan")))
    converged = "converged" if document.get("converged", True) else "NOT CONVERGED"
    chances = document.get("win_probabilities") or [document.get("win_probability")]
    shown = " / ".join(f"{c:.10f}" for c in chances if c is not None)
    print(f"{label:40s} solve {seconds:8.3f} s | child CPU {cpu:7.2f} s, wall {wall:7.2f} s, "
          f"peak {gb:5.2f} GB | residual {residual:.1e} {converged} | {shown} | "
          f"target {target} | load {load:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="measured runs per case")
    parser.add_argument("--four", action="store_true", help="also 4-player Pig to 100")
    options = parser.parse_args()
    for label, arguments, target in CASES:
        measure(label, arguments, target, options.runs, warm=True)
    if options.four:
        measure(*FOUR, runs=1, warm=False)


if __name__ == "__main__":
    main()
