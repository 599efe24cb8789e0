"""Benchmark of the simultaneous single-turn game (run by hand).

    python benchmarks/simultaneous.py

Prints, for the d6 with hold at 1..100: the time of the exact matrix + LP +
exact verification (cvxpy's import counted separately), the time of the
full game over all stopping rules (double oracle, verified exactly), and a
plain float baseline measured in the same run: numpy convolution
distributions + numpy matrix + scipy's linprog (HiGHS), with no exact step.
"""
from __future__ import annotations

import statistics
import time

import numpy as np


def float_baseline(max_hold: int = 100) -> float:
    from scipy.optimize import linprog

    started = time.perf_counter()
    r = np.zeros(7)
    r[2:] = 1 / 6
    limit = max_hold + 6
    g = np.zeros(limit)
    p = np.zeros(limit)
    p[0] = 1
    for _ in range(limit):
        g += p
        p = np.convolve(p, r)[:limit]
    dists = np.zeros((max_hold, limit))
    for h in range(1, max_hold + 1):
        for n in range(h, h + 6):
            dists[h - 1, n] = sum(r[k] * g[n - k] for k in range(1, 7) if n - h < k <= n)
        dists[h - 1, 0] = 1 - dists[h - 1].sum()
    cdf = np.cumsum(dists, axis=1)
    below = np.hstack([np.zeros((max_hold, 1)), cdf[:, :-1]])
    above = 1 - cdf
    A = dists @ (below - above).T
    n = max_hold
    c = np.zeros(n + 1)
    c[-1] = -1
    res = linprog(c, A_ub=np.hstack([-A.T, np.ones((n, 1))]), b_ub=np.zeros(n),
                  A_eq=np.hstack([np.ones((1, n)), np.zeros((1, 1))]), b_eq=[1],
                  bounds=[(0, None)] * n + [(None, None)], method="highs")
    assert res.status == 0
    return time.perf_counter() - started


def main() -> None:
    started = time.perf_counter()
    import cvxpy  # noqa: F401
    import_time = time.perf_counter() - started

    from jeopardy.rules import game
    from jeopardy.simultaneous.game import solve_simultaneous

    pig = game("pig")
    solve_simultaneous(pig, 100)  # warm
    runs = []
    for _ in range(5):
        started = time.perf_counter()
        solution = solve_simultaneous(pig, 100)
        runs.append(time.perf_counter() - started)
    restricted = statistics.median(runs)
    eq = solution.restricted
    print(f"cvxpy import: {import_time:.2f} s (once per process)")
    print(f"H = 100, exact matrix + LP + exact verification: median {restricted:.3f} s over 5 runs "
          f"(verified: {eq.verified}, support {len(eq.strategy)} strategies, "
          f"weight on hold at 21 = {float(eq.weight_of_hold(21)):.6f})")
    started = time.perf_counter()
    full = solve_simultaneous(pig, 100, all_stopping_rules=True)
    full_time = time.perf_counter() - started
    print(f"H = 100, full game over all stopping rules, verified exactly: {full_time:.2f} s "
          f"({full.oracle_iterations} double-oracle rounds, gain of the best rule against the "
          f"hold-at-h equilibrium {float(full.full_gain):.3e}, verified: {full.full.verified})")
    baseline = statistics.median(float_baseline() for _ in range(5))
    print(f"float baseline (numpy + scipy linprog, no exact step): {baseline:.3f} s; "
          f"exact pipeline / baseline = {restricted / baseline:.1f}x")
    print(f"whole first run including the cvxpy import: {import_time + restricted:.2f} s")


if __name__ == "__main__":
    main()
