"""The core solvers against the code before issue 11's rules-as-data change.

Pig to 100 (two players: the pair method, :mod:`jeopardy.match.pair`) and
3-player Pig to 100 (:mod:`jeopardy.match.solver`), each solved by this checkout and by commit
``737f3b7`` (a ``git worktree`` in ``/tmp``, made on first use).  Each
checkout runs in its own child process (its own imports and numba cache),
warmed up by one solve; then the runs alternate between the two children, so
both see the same load, and the script prints the median times and their
ratio (this / baseline; the target for Pig to 100 is at most 1.3), with each
child's peak memory.

    python benchmarks/core.py [--runs 7] [--runs3 2] [--skip-three]
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

BASELINE_COMMIT = "737f3b7"
BASELINE = Path(f"/tmp/jeopardy-baseline-{BASELINE_COMMIT}")
HERE = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, resource, sys, time
from jeopardy.rules import game
try:  # the checkouts before the one match solver: jeopardy.race held the pair solver
    from jeopardy.race.solver import solve as solve_two
except ImportError:  # since: the match solver chooses its pair method for two players
    from jeopardy.match.solver import solve as solve_two
from jeopardy.match.solver import solve as solve_match

pig = game("pig")
CASES = {
    "pig-100": lambda: solve_two(pig, 100).win_probability_at(0, 0, 0),
    "pig-100-3p": lambda: solve_match(pig, 100, 3).win_probabilities[0],
}
for line in sys.stdin:
    name = line.strip()
    started = time.perf_counter()
    value = CASES[name]()
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(json.dumps({"case": name, "seconds": seconds, "value": value, "peak": peak}),
          flush=True)
"""


def baseline_checkout() -> Path:
    """The worktree of the commit before the change (made once, reused)."""
    if not (BASELINE / "jeopardy").is_dir():
        subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", str(BASELINE),
                        BASELINE_COMMIT], check=True, capture_output=True)
    return BASELINE


class Child:
    """One checkout's solver in a child process, answering one case per line."""

    def __init__(self, root: Path):
        self.process = subprocess.Popen([sys.executable, "-c", CHILD], cwd=root,
                                        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin",
                                             "HOME": str(Path.home())},
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def run(self, case: str) -> dict:
        self.process.stdin.write(case + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the child stopped on {case}")
        return json.loads(line)

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def compare(children: dict[str, Child], case: str, runs: int) -> None:
    for child in children.values():
        child.run(case)  # warm-up: compiled kernels loaded, caches filled
    times: dict[str, list[float]] = {name: [] for name in children}
    last = {}
    for _ in range(runs):
        for name, child in children.items():
            result = child.run(case)
            times[name].append(result["seconds"])
            last[name] = result
    median = {name: statistics.median(t) for name, t in times.items()}
    ratio = median["this"] / median["baseline"]
    same = last["this"]["value"] == last["baseline"]["value"]
    print(f"{case}: this {median['this'] * 1e3:.1f} ms, baseline {median['baseline'] * 1e3:.1f} ms"
          f" (medians of {runs}), ratio {ratio:.2f}; first player "
          f"{last['this']['value']:.12f} ({'identical' if same else 'DIFFERENT'}); peak memory "
          f"this {last['this']['peak'] / 1e6:.0f} MB, baseline {last['baseline']['peak'] / 1e6:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="alternating runs of Pig to 100")
    parser.add_argument("--runs3", type=int, default=2, help="alternating runs of 3-player Pig")
    parser.add_argument("--skip-three", action="store_true", help="skip 3-player Pig to 100")
    options = parser.parse_args()
    children = {"this": Child(HERE), "baseline": Child(baseline_checkout())}
    try:
        compare(children, "pig-100", options.runs)
        if not options.skip_three:
            compare(children, "pig-100-3p", options.runs3)
    finally:
        for child in children.values():
            child.close()


if __name__ == "__main__":
    main()
