"""Plain-Python reference solver of two-player first-to-goal games: the paper's value
iteration, state by state.

Slow and simple on purpose: tests compare the pair solver's numba kernels
(:mod:`jeopardy.match.pair_kernels`) against it on small goals.  In-place
(Gauss-Seidel) sweeps over every state until the largest change is below
``tolerance``.
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
