"""A game of Fast Pig / Hog between a person and the optimal player (the engine;
the CLI talks).

Two players, first to the goal.  Each turn the mover chooses a number of dice
and throws them once (a seeded generator): a roll with a 1 scores the rules'
Pig Out points (Fast Pig: 0, Hog: 1), any other the sum of the dice.  The
computer throws the solution's optimal number (the fewest among equal
chances); :meth:`FastPigMatch.advice` is the mover's chance with each number
of dice, :meth:`FastPigSolution.decision` at the scores (what ``jeopardy
policy --scores`` prints).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from jeopardy.errors import JeopardyError
from jeopardy.fast_pig.analysis import DiceDecision, FastPigSolution

PERSON, COMPUTER = 0, 1


@dataclass(frozen=True)
class Roll:
    """One roll: the faces shown and the points it scores."""

    faces: tuple[int, ...]
    points: int

    def describe(self, pig_out: int) -> str:
        shown = " ".join(map(str, self.faces))
        if 1 not in self.faces:
            return f"{shown} = {self.points} points"
        return f"{shown}: a 1 -- {'Pig Out, ' if pig_out else ''}{self.points} " \
               f"point{'' if self.points == 1 else 's'}"


@dataclass
class FastPigMatch:
    """Scores ``[person, computer]``, whose turn it is, and seeded dice."""

    solution: FastPigSolution
    seed: int = 0
    scores: list[int] = field(default_factory=lambda: [0, 0])
    mover: int = PERSON
    winner: int | None = None

    def __post_init__(self) -> None:
        if self.solution.players != 2 or self.solution.ending != "first-to-goal":
            raise JeopardyError("Fast Pig / Hog is played two players, first to the goal")
        self._random = random.Random(self.seed)

    def advice(self) -> DiceDecision:
        """The mover's chance with each number of dice at the current scores."""
        return self.solution.decision((self.scores[self.mover], self.scores[1 - self.mover]))

    def computer_dice(self) -> int:
        return self.advice().best

    def throw(self, dice: int) -> Roll:
        """The mover throws ``dice`` dice; the points are banked and the turn passes."""
        rules = self.solution.rules
        if self.winner is not None:
            raise JeopardyError("the game is over")
        if isinstance(dice, bool) or not isinstance(dice, int) or \
                not 1 <= dice <= rules.max_dice:
            raise JeopardyError(f"throw 1-{rules.max_dice} dice; got {dice!r}")
        faces = tuple(self._random.randint(1, rules.faces) for _ in range(dice))
        roll = Roll(faces, rules.pig_out if 1 in faces else sum(faces))
        self.scores[self.mover] += roll.points
        if self.scores[self.mover] >= rules.goal:
            self.winner = self.mover
        else:
            self.mover = 1 - self.mover
        return roll
