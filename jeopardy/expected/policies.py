"""Policies of the expected-score game: when to roll at turn r, score s, turn total t."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from jeopardy.errors import JeopardyError
from jeopardy.rules.roll_model import RollModel

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
    from jeopardy.rules.roll_model import as_fraction

    a, b, c = (v if isinstance(v, Fraction) else as_fraction(v if not isinstance(v, float) else
               str(v), name) for v, name in ((a, "a"), (b, "b"), (c, "c")))
    if a < 0 or b <= 0:
        raise JeopardyError(f"a linear rule A*s + B*t <= C needs A >= 0 and B > 0 (otherwise "
                            f"it may never stop); got A={a}, B={b}")
    op = "<" if strict else "<="
    return ScorePolicy(LINEAR_LT if strict else LINEAR_LE, a, b, c,
                       label or f"roll iff {a}*s + {b}*t {op} {c}")


def hold_at(h: int) -> ScorePolicy:
    from jeopardy import validate

    h = validate.non_negative_int(h, "h")
    return ScorePolicy(HOLD_AT, c=Fraction(h), label=f"hold at {h}")


def odds(model: RollModel, strict: bool = False) -> ScorePolicy:
    """The single-roll odds rule: roll iff one roll's expected change is >= 0 (> 0 if strict).

    The change is ``g - p_bust t - p_all (s + t)`` with ``g`` the expected
    points of a roll; for THINK dice this is ``(200 - s - 11 t) / 36``, i.e.
    "roll iff s + 11t <= 200"; for one-die Pig, strict, it is "hold at 20".
    """
    from jeopardy.expected.solver import roll_gain

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
    import math
    return math.lcm(*(v.denominator for v in values))


def parse(text: str, model: RollModel) -> ScorePolicy:
    """``optimal``, ``odds``, ``odds-strict``, ``hold:N`` or ``linear:A,B,C[,strict]``."""
    text = text.strip()
    if text == "optimal":
        return optimal()
    if text == "optimal-ties-hold":
        return optimal("hold")
    if text == "odds":
        return odds(model)
    if text == "odds-strict":
        return odds(model, strict=True)
    if text.startswith("hold:"):
        try:
            return hold_at(int(text[5:]))
        except ValueError:
            raise JeopardyError(f"cannot read policy {text!r}; write hold:N with an integer N") from None
    if text.startswith("linear:"):
        parts = text[7:].split(",")
        try:
            strict = len(parts) == 4 and parts[3].strip() == "strict"
            if len(parts) not in (3, 4) or (len(parts) == 4 and not strict):
                raise ValueError
            return linear(Fraction(parts[0]), Fraction(parts[1]), Fraction(parts[2]), strict)
        except JeopardyError:
            raise
        except (ValueError, ZeroDivisionError):
            raise JeopardyError(f"cannot read policy {text!r}; write linear:A,B,C (roll iff "
                                "A*s + B*t <= C) or linear:A,B,C,strict") from None
    raise JeopardyError(f"unknown policy {text!r}; use optimal, optimal-ties-hold, odds, odds-strict, hold:N or linear:A,B,C")
