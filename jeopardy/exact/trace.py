"""The paper's Figure 2: Jacobi value iteration of a two-player race from all-zero
estimates, state by state (plain Python; small goals: ``jeopardy exact --trace-plot``
refuses large ones).

Each sweep computes every ``P(i, j, k)`` from the previous sweep's estimates:
``max(roll, hold)``, rolling by the exact analyses' one roll operator
(:func:`jeopardy.rules.effects.roll_value`; a roll that changes nothing is thrown
again, so the same fixed point is reached), holding to ``1 - P(j, i + k, 0)``,
``P = 1`` once ``i + k >= goal``.
"""
from __future__ import annotations

from jeopardy.rules.effects import roll_value
from jeopardy.rules.roll_model import RollModel


def jacobi_trace(model: RollModel, goal: int, sweeps: int) -> tuple[list[tuple[int, int, int]], list[list[float]]]:
    """The paper's Figure 2: Jacobi value iteration from all-zero estimates.

    Returns the states and, for each sweep 0..sweeps, the estimate of each.
    """
    rolls = [(e.kind, e.points, float(p)) for e, p in model.outcomes]
    states = [(i, j, k) for i in range(goal) for j in range(goal) for k in range(goal - i)]
    P = {s: 0.0 for s in states}
    trace = [[P[s] for s in states]]

    for _ in range(sweeps):
        old = dict(P)
        for (i, j, k) in states:  # a turn that ends leaves the other player at (j, banked)
            roll = roll_value(rolls, i, k,
                              lambda t: 1.0 if i + t >= goal else old[(i, j, t)],
                              lambda banked: 1.0 if banked >= goal else 1.0 - old[(j, banked, 0)])
            hold = 1 - old[(j, i + k, 0)] if i + k < goal else 1.0
            P[(i, j, k)] = max(roll, hold)
        trace.append([P[s] for s in states])
    return states, trace
