"""`jeopardy think` (THINK played to win) against a baseline checkout, in the same run.

Run by hand from the repository root:

    python benchmarks/think.py [--runs 3] [--rounds 5] [--baseline REV]

Each checkout runs ``jeopardy think --rounds R --json`` as its own child process (its own
imports and numba cache; one warm-up run each first, so the compile is not counted),
the runs alternating between the two so that both see the same load.  Printed: each
run's solve time as the command reports it and the child's CPU seconds, their medians,
the ratio this / baseline, and whether the two outputs are equal but for ``seconds``
(the THINK kernels' speedups keep every sum's terms and their order, so they must be).

The default baseline, b01820f, is the commit before 1af1a30 (the both-in sweep summing
every game's RR entry at once).
"""
from __future__ import annotations

import argparse
import statistics

from speed_table import baseline_checkout, run_measured  # benchmarks/ is the script's path


def solve(result: dict) -> float:
    """A run's solve time, as the command reports it."""
    return result["json"].get("seconds", float("nan"))


def cpu(result: dict) -> float:
    """A run's child CPU seconds."""
    return result["cpu"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--baseline", default="b01820f", metavar="REV")
    options = parser.parse_args()
    arguments = ("think", "--rounds", str(options.rounds))
    baseline = baseline_checkout(options.baseline)
    run_measured(arguments)  # warm-up: each checkout's numba cache filled
    run_measured(arguments, baseline)
    here, there = [], []
    for run in range(options.runs):
        here.append(run_measured(arguments))
        there.append(run_measured(arguments, baseline))
        for label, result in (("this", here[-1]), (options.baseline, there[-1])):
            print(f"run {run + 1} {label:>8}: solve {solve(result):6.2f} s, child CPU "
                  f"{cpu(result):6.2f} s, exit {result['code']}")

    for read, name in ((solve, "solve time"), (cpu, "child CPU")):
        now = statistics.median(map(read, here))
        before = statistics.median(map(read, there))
        print(f"{name}: this {now:.2f} s, baseline {before:.2f} s, ratio {now / before:.2f}")

    def without_seconds(result: dict) -> dict:
        return {k: v for k, v in result["json"].items() if k != "seconds"}

    same = all(without_seconds(a) == without_seconds(b) for a, b in zip(here, there))
    print(f"outputs equal but for seconds: {same}")


if __name__ == "__main__":
    main()
