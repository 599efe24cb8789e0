"""Effects of one roll on a turn: the kinds, and the one transition rule.

A roll model is a distribution over these effects.  Each effect says what
happens to the turn total ``k`` and, for some, to the banked score ``s``:

=================  ==========================================================
``add n``          ``k + n``; the turn continues
``bust``           the turn total is lost; the turn ends
``bust_all``       the turn total and the banked score are lost; the turn ends
``bank n``         ``k + n`` is banked; the turn ends
``double``         ``2 k``; the turn continues
``bust_gain n``    the turn total is lost, ``n`` is banked; the turn ends
                   (Boyan's Pig: "a roll of 1 ends the turn with a one-point
                   gain")
``subtract n``     ``max(0, k - n)``; the turn continues (Parker Brothers Pig
                   Dice: a tail negates the other die, and the turn total
                   never drops below 0)
=================  ==========================================================

:func:`step` is the only place these rules are written.  Python code calls
it; the numba kernels call the same function compiled
(:data:`jeopardy.rules.compiled.step_jit` is ``njit(step)``: one spelling,
two back ends; it lives in its own module so that the rules import without
numba).  An unknown kind raises
:class:`~jeopardy.errors.JeopardyError` (in a kernel, the same exception
raised from compiled code).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from jeopardy.errors import JeopardyError


class Kind(IntEnum):
    """The kind of an effect; the integer is the code the kernels see."""

    ADD = 0
    BUST = 1
    BUST_ALL = 2
    BANK = 3
    DOUBLE = 4
    BUST_GAIN = 5
    SUBTRACT = 6

    @property
    def label(self) -> str:
        """The name in files, messages and on the command line: ``"bust_all"``."""
        return self.name.lower()

    @property
    def has_points(self) -> bool:
        """Whether the effect's points mean anything (``add 3`` but ``bust``)."""
        return self in (Kind.ADD, Kind.BANK, Kind.BUST_GAIN, Kind.SUBTRACT)

    @classmethod
    def parse(cls, value: object) -> "Kind":
        """A :class:`Kind`, or its label (``"add"``, ``"bust_all"``, ...)."""
        if isinstance(value, Kind):
            return value
        if isinstance(value, str):
            try:
                return cls[value.strip().upper()]
            except KeyError:
                pass
        raise JeopardyError(f"unknown effect {value!r} (expected one of {', '.join(LABELS)})")


ADD, BUST, BUST_ALL, BANK, DOUBLE, BUST_GAIN, SUBTRACT = Kind
# What a solver that sweeps turn totals upwards says of a roll that lowers one.
FALLING = "this solver needs turn totals that never fall"
KINDS = tuple(Kind)
LABELS = tuple(kind.label for kind in Kind)


def step(kind, points, score, turn_total):
    """The transition rule: one effect applied to a turn.

    ``kind`` (a :class:`Kind` or its code) with ``points``, to a player with
    banked ``score`` and ``turn_total``; returns ``(score, turn_total, ended)``
    after it.  When the turn ends the new score is what is banked (and the
    turn total is 0).  Holding is not an effect: it banks ``score + turn_total``.
    """
    if kind == Kind.ADD:
        return score, turn_total + points, False
    if kind == Kind.BUST:
        return score, 0, True
    if kind == Kind.BUST_ALL:
        return 0, 0, True
    if kind == Kind.BANK:
        return score + turn_total + points, 0, True
    if kind == Kind.DOUBLE:
        return score, 2 * turn_total, False
    if kind == Kind.BUST_GAIN:
        return score + points, 0, True
    if kind == Kind.SUBTRACT:
        return score, max(0, turn_total - points), False
    raise JeopardyError("unknown effect kind (not a jeopardy.rules.effects.Kind)")


def roll_value(rolls, score: int, turn_total: int, going_on, ended):
    """The value of one roll at ``(score, turn_total)``, in the arithmetic of the
    probabilities (``Fraction``, ``mpq``, object arrays of them, or ``float``): the
    Python analyses' one roll operator (:mod:`jeopardy.exact.columns`,
    :mod:`jeopardy.exact.trace`, :mod:`jeopardy.solitaire.exact`,
    :mod:`jeopardy.simultaneous.best_response`).

    ``rolls``: ``(kind, points, probability)`` of every effect.  Each effect is
    :func:`step`; a turn that goes on at a higher total ``t`` is worth
    ``going_on(t)``, one that ends with the new score ``banked`` is worth
    ``ended(banked)``.  A roll that leaves the turn as it was is thrown again until
    it does not: its chance ``c`` is taken out and the rest divided by ``1 - c``.  A
    roll that lowers the turn total is refused (:data:`FALLING`)."""
    value = stay = 0 * rolls[0][2]
    for kind, points, p in rolls:
        banked, t, over = step(kind, points, score, turn_total)
        if over:
            value = value + p * ended(banked)
        elif t == turn_total:
            stay = stay + p
        elif t < turn_total:
            raise JeopardyError(FALLING)
        else:
            value = value + p * going_on(t)
    return value / (1 - stay) if stay else value


@dataclass(frozen=True)
class Effect:
    """One effect of a roll: a :class:`Kind` (or its label) and its points."""

    kind: Kind
    points: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", Kind.parse(self.kind))

    def __str__(self) -> str:
        return f"{self.kind.label} {self.points}" if self.kind.has_points else self.kind.label

    # Effects sort by label, then points (the order roll models list them in).
    def _key(self) -> tuple[str, object]:
        return self.kind.label, self.points

    def __lt__(self, other: "Effect") -> bool:
        return self._key() < other._key()

    def __le__(self, other: "Effect") -> bool:
        return self._key() <= other._key()

    def __gt__(self, other: "Effect") -> bool:
        return self._key() > other._key()

    def __ge__(self, other: "Effect") -> bool:
        return self._key() >= other._key()

    def describe(self) -> str:
        """What the roll did, for a person watching the game (``+4``, ``bust: turn total
        lost``)."""
        descriptions = {
            Kind.ADD: f"+{self.points}",
            Kind.BANK: f"+{self.points} and the turn ends, banked",
            Kind.DOUBLE: "turn total doubled",
            Kind.BUST_ALL: "BUST: turn total and score lost",
            Kind.BUST: "bust: turn total lost",
            Kind.BUST_GAIN: f"bust: turn total lost, {self.points} banked",
            Kind.SUBTRACT: f"-{self.points} (the turn total stays at 0 or more)",
        }
        return descriptions[self.kind]

    @property
    def ends_turn(self) -> bool:
        return step(self.kind, self.points, 0, 0)[2]

    @property
    def loses_turn_total(self) -> bool:
        """Whether the turn ends with the turn total lost (``bust``, ``bust_all``,
        ``bust_gain``): what it banks does not grow with the turn total."""
        return self.ends_turn and self.apply(0, 1)[0] == self.apply(0, 0)[0]

    @property
    def lowers_turn_total(self) -> bool:
        """Whether some turn total falls under this effect (``subtract n``, n > 0)."""
        return self.kind == SUBTRACT and self.points > 0

    def apply(self, score: int, turn_total: int) -> tuple[int, int, bool]:
        """:func:`step` for this effect: ``(score, turn_total, ended)`` after it."""
        return step(self.kind, self.points, score, turn_total)


def add(points: int) -> Effect:
    return Effect(ADD, points)


def bank(points: int) -> Effect:
    return Effect(BANK, points)


def bust_gain(points: int) -> Effect:
    return Effect(BUST_GAIN, points)


def subtract(points: int) -> Effect:
    return Effect(SUBTRACT, points)


bust = Effect(BUST)
bust_all = Effect(BUST_ALL)
double = Effect(DOUBLE)
