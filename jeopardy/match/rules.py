"""Match rules as data: how many players, and how the game ends.

Endings:

* ``first-to-goal``: the first player to bank the goal wins (Neller &
  Presser's Pig).
* ``equal-turns``: once a player banks at least the goal, every player who
  has not yet had a turn in that round plays one last turn; the highest score
  wins; a player level with the leader may stop there for a tie; tied players
  share the win equally.  If the last player of the round is the first to
  reach the goal, the game ends at once (Scarne's rule; the Ten Thousand
  seed's section III).

* ``one-more-turn`` (Parker Brothers' Pig Dice, as the paper words the box:
  "after a player has met or exceeded 100, all other players have one more
  turn to achieve the highest score"): whoever banks at least the goal
  first, every other player plays one last turn, as above; solved for two
  players (the second player's reaching the goal gives the first one last
  turn too, where equal turns ends the game).

The round is the players in turn order from the first to move.
"""
from __future__ import annotations

from dataclasses import dataclass

from jeopardy import validate
from jeopardy.errors import JeopardyError

FIRST_TO_GOAL = "first-to-goal"
EQUAL_TURNS = "equal-turns"
ONE_MORE_TURN = "one-more-turn"
ENDINGS = (FIRST_TO_GOAL, EQUAL_TURNS, ONE_MORE_TURN)
MAX_PLAYERS = 10


@dataclass(frozen=True)
class MatchRules:
    """``players`` (2..10) and the ``ending`` (one of :data:`ENDINGS`)."""

    players: int = 2
    ending: str = FIRST_TO_GOAL

    def __post_init__(self) -> None:
        object.__setattr__(self, "players",
                           validate.integer(self.players, "players", 2, MAX_PLAYERS))
        if self.ending not in ENDINGS:
            raise JeopardyError(f"ending must be one of {', '.join(ENDINGS)}; got {self.ending!r}")

    def __str__(self) -> str:
        return f"{self.players} players, {self.ending}"


def pair_solver_plays(model, players: int = 2, ending: str = FIRST_TO_GOAL) -> bool:
    """Whether the pair solver (:mod:`jeopardy.race.solver`, the paper's ``P(i, j, k)``)
    solves this game: two players, first to the goal, turn totals that never fall
    (a falling total gives the turn cycles that only :mod:`jeopardy.match.solver`
    iterates).  Every other game is the N-player solver's."""
    return players == 2 and ending == FIRST_TO_GOAL and not (
        model is not None and model.turn_totals_fall)
