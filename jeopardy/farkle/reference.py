"""Plain-Python value iteration for two-player Ten Thousand on small goals.

The same equations as :mod:`jeopardy.farkle.race`, written state by state
and iterated (Gauss-Seidel) to a tolerance; tests compare the two.
"""
from __future__ import annotations

from jeopardy.farkle.throws import outcomes
from jeopardy.farkle.turn import UNIT


def last_turn(d: int, min_bank: int) -> float:
    """Chance (tie = 1/2) of a single turn ending strictly above ``d`` units."""
    top = max(d, min_bank - 1)
    V = {}
    for t in range(top, -1, -1):
        for n in range(1, 7):
            throw = 0.0
            for s, m, p in outcomes(n):
                if m:
                    u = t + s // UNIT
                    throw += float(p) * (1.0 if u > top else V[(u, m)])
            V[(t, n)] = max(0.5, throw) if (t == d and t >= min_bank and t > 0) else throw
    return V[(0, 6)]


def value_iteration(goal_points: int, min_bank_points: int = 350, first_to_reach: bool = False,
                    extra: int = 60, tolerance: float = 1e-13) -> tuple[float, dict]:
    goal = goal_points // UNIT
    min_bank = min_bank_points // UNIT
    roles = (True,) if first_to_reach else (True, False)
    q_cache: dict[int, float] = {}

    def Q(d: int) -> float:
        if d not in q_cache:
            q_cache[d] = last_turn(d, min_bank)
        return q_cache[d]

    top = goal + extra
    V = {}
    for first in roles:
        for i in range(goal):
            for j in range(goal):
                for t in range(top + 1):
                    for n in range(1, 7):
                        V[(first, i, j, t, n)] = 0.5

    def start(first: bool, i: int, j: int) -> float:
        return V[(first if not first_to_reach else True, i, j, 0, 6)]

    def bank_value(first: bool, i: int, j: int, t: int) -> float:
        total = i + t
        if total >= goal:
            return 1.0 - Q(total - j) if (first and not first_to_reach) else 1.0
        return 1.0 - start(not first, j, total)

    while True:
        change = 0.0
        for (first, i, j, t, n), old in V.items():
            opponent = start(not first, j, i)
            throw = 0.0
            for s, m, p in outcomes(n):
                p = float(p)
                if m == 0:
                    throw += p * (1.0 - opponent)
                else:
                    u = t + s // UNIT
                    throw += p * (V[(first, i, j, u, m)] if u <= top else bank_value(first, i, j, u))
            value = throw
            if t > 0 and t >= min_bank:
                value = max(throw, bank_value(first, i, j, t))
            V[(first, i, j, t, n)] = value
            change = max(change, abs(value - old))
        if change < tolerance:
            return V[(True, 0, 0, 0, 6)], V
