"""Effects of one roll on a turn.

A roll model is a distribution over these effects.  Each effect says what
happens to the turn total ``k`` and, for some, to the banked score:

=============  ============================================================
``add n``      add ``n`` to the turn total; the turn continues
``bust``       lose the turn total; the turn ends
``bust_all``   lose the turn total and the banked score; the turn ends
``bank n``     add ``n`` to the turn total, bank it all; the turn ends
``double``     double the turn total; the turn continues
``subtract n`` the turn total becomes ``max(0, k - n)``; the turn continues
               (Parker Brothers' tail: the turn total can *fall*)
=============  ============================================================

Only the two-player match solver (:mod:`jeopardy.match`) plays ``subtract``:
a turn whose total can fall has cycles, and the other analyses assume the
turn total never falls; they refuse it (:meth:`RollModel.arrays`,
:func:`jeopardy.validate.roll_model`).
"""
from __future__ import annotations

from dataclasses import dataclass

ADD = "add"
BUST = "bust"
BUST_ALL = "bust_all"
BANK = "bank"
DOUBLE = "double"
SUBTRACT = "subtract"

KINDS = (ADD, BUST, BUST_ALL, BANK, DOUBLE, SUBTRACT)
ENDS_TURN = frozenset({BUST, BUST_ALL, BANK})


@dataclass(frozen=True, order=True)
class Effect:
    """One effect of a roll: a kind from :data:`KINDS` and its points."""

    kind: str
    points: int = 0

    def __str__(self) -> str:
        if self.kind in (ADD, BANK, SUBTRACT):
            return f"{self.kind} {self.points}"
        return self.kind

    @property
    def ends_turn(self) -> bool:
        return self.kind in ENDS_TURN

    def turn_total_after(self, turn_total: int) -> int:
        """The turn total after this effect (0 after a bust)."""
        if self.kind in (ADD, BANK):
            return turn_total + self.points
        if self.kind == DOUBLE:
            return 2 * turn_total
        if self.kind == SUBTRACT:
            return max(0, turn_total - self.points)
        return 0


def add(points: int) -> Effect:
    return Effect(ADD, points)


def bank(points: int) -> Effect:
    return Effect(BANK, points)


def subtract(points: int) -> Effect:
    return Effect(SUBTRACT, points)


bust = Effect(BUST)
bust_all = Effect(BUST_ALL)
double = Effect(DOUBLE)
