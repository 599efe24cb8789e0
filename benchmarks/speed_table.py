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

``--four`` adds 4-player Pig to 100 (one run, no warm-up: about 9 minutes and 5 GB
when last measured, converged with residual 1.0e-12; 25 minutes, unconverged, before
the logit-guided mixing and the sums on every core).

``family.toml`` is issue 29's house-rules case (any scoring part kept, rule IV.4): where
it ran with Ten Thousand's round ending, the ratio of their CPU seconds is printed
(target: at most 1.5).

``--baseline REV`` measures every case in a checkout of ``REV`` too (a ``git worktree``
in /tmp, made on first use; its own numba cache), the runs of the two alternating so
that both see the same load, and prints each case's CPU ratio (this / baseline): the
issue asks for speed against the code before the change, measured in the same run.
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
    ("family.toml (IV.4) to 10,000, round ending",
     ("farkle", "solve", "--rules", "docs/examples/family.toml", "--goal", "10000"),
     "<= 1.5x the seed's round ending (issue 29)"),
)
# issue 29's ratio: a house-rules file's solve over the seed's preset, printed when both ran
HOUSE_RATIO = (CASES[5][0], CASES[3][0])
FOUR = ("4-player Pig to 100", ("solve", "--players", "4", "--goal", "100"),
        "converged, <= 10 min, <= 8 GB")


def baseline_checkout(revision: str) -> Path:
    """A worktree of ``revision`` in /tmp (made once, reused)."""
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", revision],
                            check=True, capture_output=True, text=True).stdout.strip()
    where = Path(tempfile.gettempdir()) / f"jeopardy-speed-{commit}"
    if not (where / "jeopardy").is_dir():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(where),
                        commit], check=True, capture_output=True)
    return where


def run_measured(arguments: tuple[str, ...], root: Path = ROOT) -> dict:
    """One child ``jeopardy ARGS --json`` of the checkout at ``root``: its JSON, wall and
    CPU seconds, peak GB, exit."""
    started = time.perf_counter()
    env = {**os.environ, "PYTHONPATH": str(root)}
    with tempfile.TemporaryFile() as errors:  # stderr (progress lines) to a file: no pipe to fill
        child = subprocess.Popen([sys.executable, "-m", "jeopardy", *arguments, "--json"],
                                 stdout=subprocess.PIPE, stderr=errors, cwd=root, env=env)
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


def measure(label: str, arguments: tuple[str, ...], target: str, runs: int, warm: bool,
            baseline: Path | None = None) -> tuple[float, float]:
    """Run and print one case; its median child CPU seconds here and in the baseline."""
    load = os.getloadavg()[0]
    roots = [ROOT] if baseline is None else [ROOT, baseline]
    if warm:
        for root in roots:
            run_measured(arguments, root)
    results, before = [], []
    for _ in range(runs):  # alternating, so that both checkouts see the same load
        results.append(run_measured(arguments, ROOT))
        if baseline is not None:
            before.append(run_measured(arguments, baseline))
    if before:
        show(f"{label} (baseline)", before, target, load)
    show(label, results, target, load)
    if before and before[-1]["code"] in (0, 3):
        def median(runs: list[dict], key) -> float:
            return statistics.median(key(r) for r in runs)

        cpu = median(results, lambda r: r["cpu"]) / median(before, lambda r: r["cpu"])
        solve = median(results, lambda r: r["json"].get("seconds", float("nan"))) / \
            median(before, lambda r: r["json"].get("seconds", float("nan")))
        print(f"{label:40s} this / baseline: child CPU {cpu:.2f}, solve time {solve:.2f}")
    return (statistics.median(r["cpu"] for r in results),
            statistics.median(r["cpu"] for r in before) if before else float("nan"))


def show(label: str, results: list[dict], target: str, load: float) -> None:
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
    parser.add_argument("--baseline", metavar="REV",
                        help="also measure a checkout of REV, alternating, and print ratios")
    parser.add_argument("--only", metavar="TEXT", help="only the cases whose label holds TEXT")
    options = parser.parse_args()
    baseline = None if options.baseline is None else baseline_checkout(options.baseline)
    cpu = {}
    for label, arguments, target in CASES:
        if options.only is None or options.only in label:
            cpu[label] = measure(label, arguments, target, options.runs, warm=True,
                                 baseline=baseline)
    house, seed = HOUSE_RATIO
    if house in cpu and seed in cpu:
        print(f"issue 29: {house} / {seed}: child CPU {cpu[house][0] / cpu[seed][0]:.2f}x"
              + (f" (baseline {cpu[house][1] / cpu[seed][1]:.2f}x)" if baseline else ""))
    if options.four:
        measure(*FOUR, runs=1, warm=False, baseline=baseline)


if __name__ == "__main__":
    main()
