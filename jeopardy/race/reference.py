"""Plain-Python reference solver: the paper's value iteration, state by state.

Slow and simple on purpose: tests compare the numba kernels against it on
small goals.  In-place (Gauss-Seidel) sweeps over every state until the
largest change is below ``tolerance``.
"""
from __future__ import annotations

from jeopardy.errors import JeopardyError
from jeopardy.rules.effects import ADD, BANK, BUST, BUST_ALL, BUST_GAIN, DOUBLE
from jeopardy.rules.roll_model import RollModel


def value_iteration(model: RollModel, goal: int, tolerance: float = 1e-13,
                    max_sweeps: int = 1_000_000) -> dict[tuple[int, int, int], float]:
    """``{(i, j, k): P(i, j, k)}`` for every non-terminal state."""
    outcomes = [(e, float(p)) for e, p in model.outcomes]
    P = {(i, j, k): 0.5 for i in range(goal) for j in range(goal) for k in range(goal - i)}

    def value(i: int, j: int, k: int) -> float:
        return 1.0 if i + k >= goal else P[(i, j, k)]

    def after(i: int, j: int, k: int, effect) -> float:
        if effect.kind == ADD:
            return value(i, j, k + effect.points)
        if effect.kind == DOUBLE:
            return value(i, j, 2 * k)
        if effect.kind == BUST:
            return 1 - P[(j, i, 0)]
        if effect.kind == BUST_ALL:
            return 1 - P[(j, 0, 0)]
        if effect.kind == BANK:
            t = i + k + effect.points
            return 1.0 if t >= goal else 1 - P[(j, t, 0)]
        if effect.kind == BUST_GAIN:  # the turn total is lost, the points are banked
            t = i + effect.points
            return 1.0 if t >= goal else 1 - P[(j, t, 0)]
        raise AssertionError(effect)

    for _ in range(max_sweeps):
        change = 0.0
        for (i, j, k), old in P.items():
            roll = sum(p * after(i, j, k, e) for e, p in outcomes)
            hold = 1 - P[(j, i + k, 0)] if i + k < goal else 1.0
            new = max(roll, hold)
            P[(i, j, k)] = new
            change = max(change, abs(new - old))
        if change < tolerance:
            return P
    raise JeopardyError(f"reference value iteration did not converge in {max_sweeps} sweeps")


def jacobi_trace(model: RollModel, goal: int, sweeps: int) -> tuple[list[tuple[int, int, int]], list[list[float]]]:
    """The paper's Figure 2: Jacobi value iteration from all-zero estimates.

    Returns the states and, for each sweep 0..sweeps, the estimate of each.
    """
    outcomes = [(e, float(p)) for e, p in model.outcomes]
    states = [(i, j, k) for i in range(goal) for j in range(goal) for k in range(goal - i)]
    P = {s: 0.0 for s in states}
    trace = [[P[s] for s in states]]

    for _ in range(sweeps):
        old = dict(P)

        def value(i, j, k):
            return 1.0 if i + k >= goal else old[(i, j, k)]

        for (i, j, k) in states:
            roll = 0.0
            for e, p in outcomes:
                if e.kind == ADD:
                    roll += p * value(i, j, k + e.points)
                elif e.kind == DOUBLE:
                    roll += p * value(i, j, 2 * k)
                elif e.kind == BUST:
                    roll += p * (1 - old[(j, i, 0)])
                elif e.kind == BUST_ALL:
                    roll += p * (1 - old[(j, 0, 0)])
                elif e.kind == BANK:
                    t = i + k + e.points
                    roll += p * (1.0 if t >= goal else 1 - old[(j, t, 0)])
                elif e.kind == BUST_GAIN:
                    t = i + e.points
                    roll += p * (1.0 if t >= goal else 1 - old[(j, t, 0)])
                else:
                    raise AssertionError(e)
            hold = 1 - old[(j, i + k, 0)] if i + k < goal else 1.0
            P[(i, j, k)] = max(roll, hold)
        trace.append([P[s] for s in states])
    return states, trace
