"""Policies of the expected-score game: when to roll at turn r, score s, turn total t."""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from jeopardy import validate
from jeopardy.errors import JeopardyError
from jeopardy.rules.roll_model import RollModel, as_fraction

OPTIMAL, LINEAR_LE, LINEAR_LT, HOLD_AT, OPTIMAL_TIES_ROLL = 0, 1, 2, 3, 4


@dataclass(frozen=True)
class ScorePolicy:
    """``optimal``; ``roll iff a*s + b*t <= c`` (or ``<``); or ``hold at h``.

    Coefficients are exact fractions so the rule is applied exactly.
    """

    kind: int
    a: Fraction = Fraction(0)
    b: Fraction = Fraction(0)
    c: Fraction = Fraction(0)
    label: str = ""

    def rolls(self, r: int, s: int, t: int) -> bool:
        if self.kind == LINEAR_LE:
            return self.a * s + self.b * t <= self.c
        if self.kind == LINEAR_LT:
            return self.a * s + self.b * t < self.c
        if self.kind == HOLD_AT:
            return t < self.c
        raise JeopardyError("the optimal policy is given by a solution, not a formula")

    @property
    def is_optimal(self) -> bool:
        return self.kind in (OPTIMAL, OPTIMAL_TIES_ROLL)

    def to_dict(self) -> dict:
        """The policy as data: its kind and, for rules, the exact line it rolls below:
        roll iff ``a*s + b*t <= c`` (``<`` if strict; hold at h is ``0, 1, h``, strict)."""
        kind = {OPTIMAL: "optimal-ties-hold", OPTIMAL_TIES_ROLL: "optimal", HOLD_AT: "hold",
                LINEAR_LE: "linear", LINEAR_LT: "linear"}[self.kind]
        if kind == "hold":
            return {"kind": kind, "a": "0", "b": "1", "c": str(self.c), "strict": True}
        if kind == "linear":
            return {"kind": kind, "a": str(self.a), "b": str(self.b), "c": str(self.c),
                    "strict": self.kind == LINEAR_LT}
        return {"kind": kind}

    def numba_parameters(self) -> tuple[int, float, float, float]:
        return self.kind, float(self.a), float(self.b), float(self.c)

    def __str__(self) -> str:
        return self.label


def optimal(ties: str = "roll") -> ScorePolicy:
    """The optimal policy; where rolling and holding are worth the same (to
    1e-12 relative), ``ties`` says which it does."""
    if ties == "roll":
        return ScorePolicy(OPTIMAL_TIES_ROLL, label="optimal")
    if ties == "hold":
        return ScorePolicy(OPTIMAL, label="optimal (ties hold)")
    raise JeopardyError(f"ties must be 'roll' or 'hold'; got {ties!r}")


def linear(a, b, c, strict: bool = False, label: str | None = None) -> ScorePolicy:
    """Roll iff ``a*s + b*t <= c`` (``<`` if strict); needs ``a >= 0`` and ``b > 0``,
    or a turn might never stop."""
    strict = validate.flag(strict, "strict")
    a, b, c = (v if isinstance(v, Fraction) else as_fraction(v if not isinstance(v, float) else
               str(v), name) for v, name in ((a, "a"), (b, "b"), (c, "c")))
    if a < 0 or b <= 0:
        raise JeopardyError(f"a linear rule A*s + B*t <= C needs A >= 0 and B > 0 (otherwise "
                            f"it may never stop); got A={a}, B={b}")
    op = "<" if strict else "<="
    return ScorePolicy(LINEAR_LT if strict else LINEAR_LE, a, b, c,
                       label or f"roll iff {a}*s + {b}*t {op} {c}")


def hold_at(h: int) -> ScorePolicy:
    h = validate.non_negative_int(h, "h")
    return ScorePolicy(HOLD_AT, c=Fraction(h), label=f"hold at {h}")


def roll_gain(model: RollModel) -> Fraction:
    """Expected points one roll adds at the start of a turn (adds, banks, bust gains)."""
    return sum((p * sum(e.apply(0, 0)[:2]) for e, p in model.outcomes), Fraction(0))


def odds(model: RollModel, strict: bool = False) -> ScorePolicy:
    """The single-roll odds rule: roll iff one roll's expected change is >= 0 (> 0 if strict).

    The change is ``g - p_bust t - p_all (s + t)`` with ``g`` the expected
    points of a roll; for THINK dice this is ``(200 - s - 11 t) / 36``, i.e.
    "roll iff s + 11t <= 200"; for one-die Pig, strict, it is "hold at 20".
    """
    g = roll_gain(model)
    p_all = model.probability("bust_all")
    p_bust = model.probability_of_losing() - p_all  # the turn total alone is lost
    # g - p_bust t - p_all s - p_all t >= 0   <=>   p_all s + (p_bust + p_all) t <= g
    a, b, c = p_all, p_bust + p_all, g
    scale = _common_scale(a, b, c)
    a, b, c = a * scale, b * scale, c * scale
    if a == 0 and b != 0:
        a, c, b = Fraction(0), c / b, Fraction(1)
    op = "<" if strict else "<="
    text = (f"roll iff s + {b / a}*t {op} {c / a}" if a else f"roll iff t {op} {c}")
    return linear(a, b, c, strict, label=f"odds{' (strict)' if strict else ''}: {text}")


def _common_scale(*values: Fraction) -> int:
    return math.lcm(*(v.denominator for v in values))
