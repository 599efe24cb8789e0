"""Exact rational solution of small race games by policy iteration.

For a fixed policy every value is an affine function of a few unknowns, so
policy evaluation is an exact linear solve:

* within a pair ``{(i, j), (j, i)}`` each ``P(i, j, k)`` is affine in
  ``y = P(j, i, 0)``; the two equations for ``x = P(i, j, 0)`` and ``y`` are
  solved exactly (a 2 x 2 system);
* a ``bust_all`` effect points to ``Z_m = P(m, 0, 0)`` of a lower score sum,
  so values are carried as affine forms in ``Z`` as well, and ``Z`` comes
  from one exact linear system of ``goal`` equations at the end.

Policy improvement switches an action only where the other one is strictly
better.  The loop starts from a given policy (by default the float solver's,
which makes the result a certificate of it) and ends with an exact check that
every equation ``P = max(roll, hold)`` holds.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction

from jeopardy.errors import JeopardyError
from jeopardy.exact.linear import solve as linear_solve
from jeopardy.rules.effects import ADD, BANK, BUST, BUST_ALL, DOUBLE
from jeopardy.rules.roll_model import RollModel

ZERO = Fraction(0)
ONE = Fraction(1)

# Exact solving is refused up front when its estimated work is past a budget
# measured to take about a minute on the reference 2-core machine
# (benchmarks/exact.py, docs/exact.md).  Work grows with the states, the
# outcomes of a roll (at least 3 counted), the rolls needed to reach the goal
# and the size of the probabilities' denominators (the digits of the
# rationals grow with all of these); bank effects tie distant scores together
# (x3), and bust-all games carry a vector of goal reset unknowns in every
# value (x goal).  Calibration runs at the previous, looser limits: Pig to 63
# 19 s, Piglet to 70 81 s, Linux Magazin to 53 24 s, Big Pig to 66 29 s,
# Frey to 66 181 s, Piggy to 62 18 s, Pass the Pigs to 48 95 s, two-dice Pig
# to 41 35 s; time grows about as goal**5.
WORK_LIMIT = 30_000_000
WORK_LIMIT_BUST_ALL = 250_000_000


def exact_work(model: RollModel, goal: int) -> int:
    """Estimated work of an exact solve (see WORK_LIMIT)."""
    import math

    smallest = min(e.points for e, _ in model.outcomes if e.kind in (ADD, BANK) and e.points > 0)
    bits = math.log2(model.common_denominator())
    banks = any(e.kind == BANK for e, _ in model.outcomes)
    work = (states_of(goal) * max(3, len(model.outcomes)) * max(1, goal // smallest)
            * (1 + bits / 8) * (3 if banks else 1))
    return int(work * goal if model.has_bust_all else work)


def largest_exact_goal(model: RollModel) -> int:
    limit = WORK_LIMIT_BUST_ALL if model.has_bust_all else WORK_LIMIT
    goal = 1
    while exact_work(model, goal + 1) <= limit:
        goal += 1
    return goal


class Form:
    """``c + b*y + sum_m z[m] * Z_m`` with exact coefficients."""

    __slots__ = ("c", "b", "z")

    def __init__(self, c=ZERO, b=ZERO, z=None):
        self.c = c
        self.b = b
        self.z = z  # list of Fractions, or None when there are no Z unknowns

    def plus(self, other: "Form", weight: Fraction) -> None:
        self.c += weight * other.c
        self.b += weight * other.b
        if other.z is not None:
            if self.z is None:
                self.z = [weight * v for v in other.z]
            else:
                self.z = [a + weight * v for a, v in zip(self.z, other.z)]

    def scaled(self, factor: Fraction) -> "Form":
        return Form(self.c * factor, self.b * factor,
                    None if self.z is None else [v * factor for v in self.z])

    def substitute_y(self, y: "Form") -> "Form":
        """Replace ``y`` by a form with no ``y`` term."""
        out = Form(self.c + self.b * y.c, ZERO, None if self.z is None else list(self.z))
        if y.z is not None:
            out.z = [self.b * v for v in y.z] if out.z is None else [a + self.b * v for a, v in zip(out.z, y.z)]
        return out

    def value(self, y: Fraction = ZERO, Z: list[Fraction] | None = None) -> Fraction:
        total = self.c + self.b * y
        if self.z is not None and Z is not None:
            total += sum((a * v for a, v in zip(self.z, Z)), ZERO)
        return total


def _constant(value: Fraction) -> Form:
    return Form(value)


@dataclass(frozen=True)
class ExactRaceSolution:
    """Exact ``P(i, j, k)`` and optimal actions of a small race game."""

    model: RollModel
    goal: int
    values: dict[tuple[int, int, int], Fraction]
    roll: dict[tuple[int, int, int], bool]
    iterations: int
    verified: bool
    seconds: float

    def win_probability(self, i: int = 0, j: int = 0, k: int = 0) -> Fraction:
        if i + k >= self.goal:
            return ONE
        return self.values[(i, j, k)]

    @property
    def roll_word(self) -> str:
        return "flip" if self.model.name == "piglet" else "roll"

    def to_dict(self) -> dict:
        word = self.roll_word
        return {
            "game": self.model.name,
            "goal": self.goal,
            "win_probability": {f"{i},{j},{k}": str(v) for (i, j, k), v in sorted(self.values.items())},
            "policy": {f"{i},{j},{k}": (word if r else "hold") for (i, j, k), r in sorted(self.roll.items())},
            "iterations": self.iterations,
            "verified": self.verified,
            "seconds": self.seconds,
        }


def states_of(goal: int) -> int:
    return goal * goal * (goal + 1) // 2


def check_size(model: RollModel, goal: int) -> None:
    if goal < 1:
        raise JeopardyError(f"goal must be a positive integer; got {goal}")
    limit = WORK_LIMIT_BUST_ALL if model.has_bust_all else WORK_LIMIT
    if exact_work(model, goal) > limit:
        raise JeopardyError(
            f"exact solving of {model.name} is limited to goal {largest_exact_goal(model)} "
            f"(about a minute): the rationals grow with every state and roll (thousands of "
            f"digits), so goal {goal} would take far longer; use `jeopardy solve` for floats")


def solve_exact(model: RollModel, goal: int, start: dict | str = "float",
                max_iterations: int = 100) -> ExactRaceSolution:
    """Solve exactly by policy iteration.

    ``start`` is ``"float"`` (the float solver's policy), ``"roll"`` (roll
    everywhere), ``"hold"`` or a dict ``{(i, j, k): roll?}``.
    """
    check_size(model, goal)
    started = time.perf_counter()
    policy = _start_policy(model, goal, start)
    for iteration in range(1, max_iterations + 1):
        values = evaluate(model, goal, policy)
        changed = improve(model, goal, values, policy)
        if not changed:
            ok = verify(model, goal, values)
            return ExactRaceSolution(model, goal, values, dict(policy), iteration, ok,
                                     time.perf_counter() - started)
    raise JeopardyError(f"exact policy iteration did not settle in {max_iterations} rounds")


def _start_policy(model: RollModel, goal: int, start) -> dict[tuple[int, int, int], bool]:
    keys = [(i, j, k) for i in range(goal) for j in range(goal) for k in range(goal - i)]
    if isinstance(start, dict):
        return {key: bool(start.get(key, True)) for key in keys}
    if start == "roll":
        return {key: True for key in keys}
    if start == "hold":
        return {key: key[2] == 0 for key in keys}  # hold everywhere but k = 0
    if start == "float":
        from jeopardy.race.solver import solve

        solution = solve(model, goal)
        policy = {}
        for i in range(goal):
            for j in range(goal):
                acts = solution.column(i, j)[1]
                for k in range(goal - i):
                    policy[(i, j, k)] = bool(acts[k])
        return policy
    raise JeopardyError(f"unknown start policy {start!r}")


def _column_forms(model: RollModel, goal: int, i: int, j: int, policy, start_forms,
                  z_size: int | None) -> list[Form]:
    """Forms (affine in y = P(j, i, 0) and Z) of P(i, j, k), k = 0..goal-i-1."""
    top = goal - i
    column: list[Form | None] = [None] * top

    def at(k: int) -> Form:
        return _constant(ONE) if k >= top else column[k]

    for k in range(top - 1, -1, -1):
        if policy[(i, j, k)]:
            form = Form(z=None)
            stay = ZERO
            for e, p in model.outcomes:
                if (e.kind == ADD and e.points == 0) or (e.kind == DOUBLE and k == 0):
                    stay += p
                elif e.kind == ADD:
                    form.plus(at(k + e.points), p)
                elif e.kind == DOUBLE:
                    form.plus(at(2 * k), p)
                elif e.kind == BUST or (e.kind == BUST_ALL and i == 0):
                    form.c += p
                    form.b -= p
                elif e.kind == BUST_ALL:
                    form.c += p
                    z = [ZERO] * z_size
                    z[j] = -p
                    form.plus(Form(ZERO, ZERO, z), ONE)
                elif e.kind == BANK:
                    t = i + k + e.points
                    if t >= goal:
                        form.c += p
                    elif t == i:  # k + points == 0
                        form.c += p
                        form.b -= p
                    else:
                        form.c += p
                        form.plus(start_forms[(j, t)], -p)
            if stay:
                form = form.scaled(1 / (1 - stay))
        else:
            if k == 0:
                form = Form(ONE, -ONE)
            else:
                form = Form(ONE)
                form.plus(start_forms[(j, i + k)], -ONE)
        column[k] = form
    return column


def evaluate(model: RollModel, goal: int, policy) -> dict[tuple[int, int, int], Fraction]:
    """Exact values of a policy (used by both players)."""
    z_size = goal if model.has_bust_all else None
    start_forms: dict[tuple[int, int], Form] = {}  # P(i, j, 0) as forms in Z
    columns: dict[tuple[int, int], tuple[list[Form], Form]] = {}
    for s in range(2 * goal - 2, -1, -1):
        for i in range(max(0, s - goal + 1), s // 2 + 1):
            j = s - i
            col_ij = _column_forms(model, goal, i, j, policy, start_forms, z_size)
            if i == j:
                # x = c + b x + z.Z
                f = col_ij[0]
                x = Form(f.c / (1 - f.b), ZERO,
                         None if f.z is None else [v / (1 - f.b) for v in f.z])
                start_forms[(i, i)] = x
                columns[(i, i)] = (col_ij, x)
                continue
            col_ji = _column_forms(model, goal, j, i, policy, start_forms, z_size)
            fx, fy = col_ij[0], col_ji[0]  # x = fx(y),  y = fy(x)
            det = 1 - fx.b * fy.b
            if det == 0:
                raise JeopardyError(f"policy never ends the game from ({i}, {j}); "
                                    "cannot evaluate it")
            # x = fx.c + fx.b (fy.c + fy.b x + fy.z Z) + fx.z Z
            x = Form((fx.c + fx.b * fy.c) / det, ZERO, _combine(fx.z, fy.z, fx.b, det))
            y = fy.substitute_y(x)  # y in terms of x -> constant + Z
            start_forms[(i, j)] = x
            start_forms[(j, i)] = y
            columns[(i, j)] = (col_ij, y)
            columns[(j, i)] = (col_ji, x)
    Z = None
    if z_size is not None:
        # Z_m = P(m, 0, 0) = form(Z): (I - A) Z = c
        matrix = []
        rhs = []
        for m in range(goal):
            f = start_forms[(m, 0)]
            matrix.append([(ONE if m == n else ZERO) - (f.z[n] if f.z else ZERO) for n in range(goal)])
            rhs.append(f.c)
        Z = linear_solve(matrix, rhs)
    values = {}
    for (i, j), (column, y_form) in columns.items():
        y = y_form.value(ZERO, Z)
        for k, form in enumerate(column):
            values[(i, j, k)] = form.value(y, Z)
    return values


def _combine(zx, zy, b, det):
    if zx is None and zy is None:
        return None
    n = len(zx if zx is not None else zy)
    zx = zx or [ZERO] * n
    zy = zy or [ZERO] * n
    return [(a + b * c) / det for a, c in zip(zx, zy)]


def action_values(model: RollModel, goal: int, values, i: int, j: int, k: int) -> tuple[Fraction, Fraction]:
    """Exact (roll, hold) values at (i, j, k) given all values."""

    def P(a, b, c):
        return ONE if a + c >= goal else values[(a, b, c)]

    roll = ZERO
    stay = ZERO
    for e, p in model.outcomes:
        if (e.kind == ADD and e.points == 0) or (e.kind == DOUBLE and k == 0):
            stay += p
        elif e.kind == ADD:
            roll += p * P(i, j, k + e.points)
        elif e.kind == DOUBLE:
            roll += p * P(i, j, 2 * k)
        elif e.kind == BUST:
            roll += p * (1 - P(j, i, 0))
        elif e.kind == BUST_ALL:
            roll += p * (1 - P(j, 0, 0))
        elif e.kind == BANK:
            t = i + k + e.points
            roll += p * (ONE if t >= goal else 1 - P(j, t, 0))
    if stay:
        roll /= 1 - stay
    hold = 1 - P(j, i + k, 0) if i + k < goal else ONE
    return roll, hold


def improve(model: RollModel, goal: int, values, policy) -> bool:
    """Switch actions where the other is strictly better; True if any changed."""
    changed = False
    for (i, j, k), rolls in policy.items():
        roll, hold = action_values(model, goal, values, i, j, k)
        if rolls and hold > roll:
            policy[(i, j, k)] = False
            changed = True
        elif not rolls and roll > hold:
            policy[(i, j, k)] = True
            changed = True
    return changed


def verify(model: RollModel, goal: int, values) -> bool:
    """Every equation P(i, j, k) = max(roll, hold) holds exactly."""
    for (i, j, k), v in values.items():
        roll, hold = action_values(model, goal, values, i, j, k)
        if v != max(roll, hold) or not 0 <= v <= 1:
            return False
    return True
