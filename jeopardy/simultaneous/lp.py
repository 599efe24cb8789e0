"""The linear program of a zero-sum matrix game, solved with cvxpy + HiGHS.

    maximise v  subject to  A^T x >= v,  sum(x) = 1,  x >= 0

HiGHS's simplex returns a vertex, so the support is a basis the exact
verification can re-solve.  cvxpy is imported here only, so commands that
do not solve LPs never pay for it.  HiGHS prints a banner on descriptor 1
from C++ (1.16 on, whatever the options say): the solve runs with that
descriptor captured (:mod:`jeopardy.native_output`), and the capture is
shown on stderr only when the solve fails.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass

import numpy as np

from jeopardy.errors import JeopardyError
from jeopardy.native_output import native_stdout_captured


@dataclass(frozen=True)
class LPSolution:
    strategy: np.ndarray
    value: float
    status: str
    solver: str


def solve_matrix_game(payoff: np.ndarray) -> LPSolution:
    """Optimal mixed strategy of the row player of ``payoff`` (floats)."""
    import cvxpy as cp

    n_rows, n_cols = payoff.shape
    x = cp.Variable(n_rows, nonneg=True)
    v = cp.Variable()
    problem = cp.Problem(cp.Maximize(v), [payoff.T @ x >= v, cp.sum(x) == 1])
    solver = "HIGHS" if "HIGHS" in cp.installed_solvers() else "CLARABEL"
    with native_stdout_captured() as printed:
        try:
            problem.solve(solver=solver)
        except cp.error.SolverError as error:
            failure = f"LP solver {solver} failed: {error}"
        else:
            failure = None if problem.status == cp.OPTIMAL else \
                f"LP solver {solver} ended with status {problem.status!r}"
    if failure is not None:
        if printed.text.strip():
            print(printed.text.rstrip(), file=sys.stderr)
        raise JeopardyError(failure)
    strategy = np.clip(np.asarray(x.value, dtype=float), 0.0, None)
    strategy /= strategy.sum()
    return LPSolution(strategy, float(v.value), problem.status, solver)
