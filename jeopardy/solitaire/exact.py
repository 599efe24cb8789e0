"""Exact rational values of solitaire policies, and a certificate of optimality.

:func:`exact_turns` solves a policy's equations in ``Fraction`` arithmetic by
the same elimination as the float kernel (values at turn start are affine in
``E(0)``, going down in the score).  :func:`certify` then checks, exactly,
that no state gains by switching between rolling and holding.  For a proper
policy of a stochastic shortest path problem that is the Bellman optimality
condition, so a certified policy is optimal and its exact value is the
exact minimum of the expected number of turns.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from jeopardy.errors import JeopardyError
from jeopardy.rules.effects import roll_value
from jeopardy.rules.roll_model import RollModel
from jeopardy.results import Result

EXACT_STATE_LIMIT = 50_000
ZERO = Fraction(0)


def _roll(outcomes, s, t, goal, column, start):
    """The value of rolling at (s, t) given the column's later values and
    the turn-start values ``start`` (lists): exact."""
    return roll_value(outcomes, s, t, lambda t2: 1 if s + t2 >= goal else column[t2],
                      lambda banked: 1 if banked >= goal else 1 + start[banked])


def _check(model: RollModel, goal: int) -> None:
    model.require_rising("the exact solitaire solver")
    states = goal * (goal + 1) // 2
    if states > EXACT_STATE_LIMIT:
        raise JeopardyError(f"exact solitaire values need {states:,} states; the limit is "
                            f"{EXACT_STATE_LIMIT:,} (goal {goal} is too large)")


def _affine(constant, own, reset) -> np.ndarray:
    """``constant + own * E(s) + reset * E(0)`` as an object array of Fractions."""
    return np.array([Fraction(constant), Fraction(own), Fraction(reset)], dtype=object)


def _after(s: int, goal: int, banked: int, a: list, c: list) -> np.ndarray:
    """A turn from score ``s`` that ends with ``banked``: this turn, and the turns
    from ``banked`` on (``E(s)`` again, ``E(0)``, or ``a + c E(0)`` known)."""
    if banked >= goal:
        return _affine(1, 0, 0)
    if banked == s:  # nothing banked: E(s) again
        return _affine(1, 1, 0)
    if banked == 0:  # the score lost: E(0)
        return _affine(1, 0, 1)
    if banked > s:
        return _affine(1 + a[banked], 0, c[banked])
    raise JeopardyError("the exact solitaire solver needs rolls that keep the "
                        "banked score, raise it, or lose it all")


def exact_starts(model: RollModel, goal: int, roll: np.ndarray) -> list[Fraction]:
    """Exact expected turns from the start of a turn at each score, for a
    policy table ``roll[s, t]`` (a turn starts with a roll)."""
    _check(model, goal)
    outcomes = [(e.kind, e.points, p) for e, p in model.outcomes]
    # E(s) = a[s] + c[s] * E(0), for s = goal - 1 down to 1.
    a = [ZERO] * (goal + 1)
    c = [ZERO] * (goal + 1)
    won = _affine(1, 0, 0)
    for s in range(goal - 1, -1, -1):
        top = goal - s
        col = {}  # t -> (constant, coefficient of E(s), coefficient of E(0))
        for t in range(top - 1, -1, -1):
            if t > 0 and not roll[s, t]:
                col[t] = _affine(1 + a[s + t], 0, c[s + t])
                continue
            col[t] = roll_value(outcomes, s, t, lambda t2: won if t2 >= top else col[t2],
                                lambda banked: _after(s, goal, banked, a, c))
        x, y, z = col[0]
        if s == 0:
            if y + z == 1:
                raise JeopardyError("this policy never reaches the goal from score 0")
            a[0], c[0] = x / (1 - y - z), ZERO
        else:
            if y == 1:
                raise JeopardyError(f"this policy never reaches the goal from score {s}")
            a[s], c[s] = x / (1 - y), z / (1 - y)
    return [a[s] + c[s] * a[0] for s in range(goal)]


@dataclass(frozen=True, repr=False)
class Certificate(Result):
    """Exact value of a policy and whether it is optimal (Bellman condition)."""

    expected_turns: Fraction
    optimal: bool
    worst_state: tuple[int, int] | None  # a state where switching would gain

    def to_dict(self) -> dict:
        return {"expected_turns": float(self.expected_turns),
                "expected_turns_exact": f"{self.expected_turns.numerator}/"
                                        f"{self.expected_turns.denominator}",
                "optimal": self.optimal,
                "improvable_state": list(self.worst_state) if self.worst_state else None}


def certify(model: RollModel, goal: int, roll: np.ndarray) -> Certificate:
    """Solve the policy exactly and check that no state gains by switching."""
    start = exact_starts(model, goal, roll)
    start.append(ZERO)  # the goal itself
    outcomes = [(e.kind, e.points, p) for e, p in model.outcomes]
    for s in range(goal - 1, -1, -1):
        column: dict[int, Fraction] = {}
        for t in range(goal - s - 1, -1, -1):
            rolled = _roll(outcomes, s, t, goal, column, start)
            if t == 0:
                column[t] = rolled
                continue
            held = 1 + start[s + t]
            chosen, other = (rolled, held) if roll[s, t] else (held, rolled)
            column[t] = chosen
            if other < chosen:
                return Certificate(start[0], False, (s, t))
    return Certificate(start[0], True, None)
