"""Match rules as data: how many players, and how the game ends.

Endings (:mod:`jeopardy.match.endings`, one class each: their rules, terminal
values, last-round tables and cap proofs): ``first-to-goal``, ``equal-turns``,
``one-more-turn``.

The round is the players in turn order from the first to move.
"""
from __future__ import annotations

from dataclasses import dataclass

from jeopardy import validate
from jeopardy.match.endings import (  # noqa: F401  (the names callers import from here)
    ENDINGS, EQUAL_TURNS, FIRST_TO_GOAL, MAX_PLAYERS, ONE_MORE_TURN, Ending, named)


@dataclass(frozen=True)
class MatchRules:
    """``players`` (2..10) and the ``ending``: an :class:`~jeopardy.match.endings.Ending`,
    given as one or by its name (a key of :data:`ENDINGS`)."""

    players: int = 2
    ending: Ending = FIRST_TO_GOAL

    def __post_init__(self) -> None:
        object.__setattr__(self, "players",
                           validate.integer(self.players, "players", 2, MAX_PLAYERS))
        object.__setattr__(self, "ending", named(self.ending))

    def __str__(self) -> str:
        return f"{self.players} players, {self.ending}"

