"""The paper's Figure 2: Jacobi value iteration of a two-player race from all-zero
estimates, state by state (plain Python; small goals: ``jeopardy exact --trace-plot``
refuses large ones).

Each sweep computes every ``P(i, j, k)`` from the previous sweep's estimates:
``max(roll, hold)``, rolling by the roll model's effects, holding to
``1 - P(j, i + k, 0)``, ``P = 1`` once ``i + k >= goal``.
"""
from __future__ import annotations

from jeopardy.rules.effects import ADD, BANK, BUST, BUST_ALL, BUST_GAIN, DOUBLE
from jeopardy.rules.roll_model import RollModel


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
