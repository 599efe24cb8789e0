"""Benchmark of the race solver against a plain vectorised numpy value iteration.

Run by hand:  python benchmarks/race.py [--big]

Prints the Pig-to-100 solve time (median of repeated warm runs), the time of
a straightforward numpy value iteration (Jacobi sweeps over all 505,000
states to a largest change below 1e-12) measured in the same run, their
ratio, the whole-process time of `jeopardy solve` with a warm cache, and with
--big the Pig-to-1000 solve (time and peak memory of a child process).
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

import numpy as np

from jeopardy.match.solver import solve
from jeopardy.rules import game


def numpy_value_iteration(goal: int = 100, tolerance: float = 1e-12, max_iter: int = 100_000):
    """Jacobi value iteration over P[i, j, k] with numpy array operations (one d6, 1 busts)."""
    pad = 6
    P = np.full((goal, goal, goal + pad), 0.5)
    i = np.arange(goal)[:, None, None]
    j = np.arange(goal)[None, :, None]
    k = np.arange(goal + pad)[None, None, :]
    win = (i + k) >= goal
    P[np.broadcast_to(win, P.shape)] = 1.0
    ii, jj, kk = np.broadcast_arrays(i, j, k)
    held = np.minimum(ii + kk, goal - 1)
    hold_wins = (ii + kk) >= goal
    live = ~np.broadcast_to(win, P.shape)
    for iteration in range(1, max_iter + 1):
        opponent_start = P[:, :, 0].T[:, :, None]  # P(j, i, 0)
        roll = (1 - opponent_start + P[:, :, 2:goal + 2] + P[:, :, 3:goal + 3] + P[:, :, 4:goal + 4]
                + P[:, :, 5:goal + 5] + P[:, :, 6:goal + 6]) / 6
        hold = np.where(hold_wins[:, :, :goal], 1.0, 1 - P[jj[:, :, :goal], held[:, :, :goal], 0])
        new = np.where(live[:, :, :goal], np.maximum(roll, hold), 1.0)
        change = np.max(np.abs(new - P[:, :, :goal]))
        P[:, :, :goal] = new
        if change < tolerance:
            return P, iteration
    raise RuntimeError("numpy value iteration did not converge")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", action="store_true", help="also solve Pig to 1000")
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()

    pig = game("pig")
    solve(pig, 100)  # JIT cache load
    times = [solve(pig, 100).seconds for _ in range(args.repeat)]
    ours = statistics.median(times)
    solution = solve(pig, 100)
    print(f"numba pair solver, Pig to 100: median {ours * 1e3:.2f} ms over {args.repeat} runs "
          f"(min {min(times) * 1e3:.2f} ms), P(0,0,0) = {solution.win_probability:.12f}, "
          f"max residual {solution.max_residual:.1e}")

    started = time.perf_counter()
    P, iterations = numpy_value_iteration(100)
    baseline = time.perf_counter() - started
    print(f"numpy value iteration, Pig to 100: {baseline:.2f} s, {iterations} sweeps, "
          f"P(0,0,0) = {P[0, 0, 0]:.12f}")
    print(f"difference in P(0,0,0): {abs(P[0, 0, 0] - solution.win_probability):.1e}")
    print(f"speed-up over the numpy baseline: {baseline / ours:.0f}x")

    subprocess.run([sys.executable, "-m", "jeopardy", "solve", "--json"], capture_output=True)
    runs = []
    for _ in range(5):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "jeopardy", "solve", "--no-cache", "--json"],
                       capture_output=True, check=True)
        runs.append(time.perf_counter() - started)
    print(f"`jeopardy solve --no-cache` whole process: median {statistics.median(runs):.2f} s")
    runs = []
    for _ in range(5):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "jeopardy", "solve", "--json"], capture_output=True,
                       check=True)
        runs.append(time.perf_counter() - started)
    print(f"`jeopardy solve` whole process, cache warm: median {statistics.median(runs):.2f} s")

    if args.big:
        started = time.perf_counter()
        out = subprocess.run(["/usr/bin/time", "-f", "%M", sys.executable, "-m", "jeopardy", "solve",
                              "--goal", "1000", "--no-cache", "--json"],
                             capture_output=True, text=True, check=True)
        wall = time.perf_counter() - started
        data = json.loads(out.stdout)
        peak_kb = int(out.stderr.strip().splitlines()[-1])
        print(f"Pig to 1000: {data['states']:,} states, solve {data['seconds']:.1f} s, whole process "
              f"{wall:.1f} s, peak memory {peak_kb / 1024:.0f} MB, P(0,0,0) = "
              f"{data['win_probability']:.10f}, max residual {data['max_residual']:.1e}")


if __name__ == "__main__":
    main()
