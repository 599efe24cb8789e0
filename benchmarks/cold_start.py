"""Cold start: the first `jeopardy farkle solve --goal 1000` and `jeopardy solve --players 3
--goal 50` on an empty numba cache, then the same commands warm (target: each cold run
under 20 s on the reference machine).

Run by hand from the repository root:  python benchmarks/cold_start.py [--warm-only]

Before each cold run every numba cache file (``*.nbi``, ``*.nbc``) under this
checkout's ``jeopardy/`` is deleted, so every kernel the command calls is compiled
again.  Each command runs as a child process; its wall time and its CPU time
(user + system, from ``getrusage``) are printed with the load average, since the
machine is shared: under load the wall time measures the contention, the CPU
time the work.  The compile notice (stderr) and the solve time the command
reports are shown too: the reported time leaves compilation out.
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = (("farkle", "solve", "--goal", "1000"), ("solve", "--players", "3", "--goal", "50"))


def clear_numba_cache() -> int:
    """Delete the numba cache files under jeopardy/; returns how many there were."""
    files = [*ROOT.joinpath("jeopardy").rglob("*.nbi"), *ROOT.joinpath("jeopardy").rglob("*.nbc")]
    for path in files:
        path.unlink()
    return len(files)


def run(arguments: tuple[str, ...]) -> tuple[float, float, str, str]:
    """(wall s, CPU s, stdout, stderr) of one `jeopardy` child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "jeopardy", *arguments], capture_output=True,
                         text=True, cwd=ROOT)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if out.returncode != 0:
        raise SystemExit(f"jeopardy {' '.join(arguments)} failed: {out.stderr.strip()}")
    return wall, cpu, out.stdout, out.stderr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--warm-only", action="store_true", help="keep the cache; warm runs only")
    options = parser.parse_args()
    for arguments in COMMANDS:
        label = "jeopardy " + " ".join(arguments)
        runs = ["warm"] if options.warm_only else ["cold", "warm"]
        for kind in runs:
            if kind == "cold":
                clear_numba_cache()
            load = os.getloadavg()[0]
            wall, cpu, stdout, stderr = run(arguments)
            reported = next((line.strip() for line in stdout.splitlines()
                             if " s," in line or "solved in" in line), "")
            notice = "notice" if "compiling kernels" in stderr else "no notice"
            print(f"{label:42s} {kind}: {wall:6.1f} s wall, {cpu:6.1f} s CPU, load {load:4.1f}, "
                  f"{notice}; reports: {reported}")


if __name__ == "__main__":
    main()
