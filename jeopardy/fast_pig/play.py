"""A game of Fast Pig / Hog between a person and the optimal player (the engine;
the CLI talks).

:class:`FastPigMatch`: two players, first to the goal; :class:`FastPigTable`: any
number of seats, first to the goal or with equal turns (the last round played as
solved).  Each turn the mover chooses a number of dice
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
from jeopardy.match.endings import pair_game

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


def _throw(rng: random.Random, rules, dice: int, winner: int | None) -> Roll:
    """``dice`` dice thrown with ``rng`` (refused in one line after the end of the game
    or outside 1 to the most dice): a roll with a 1 scores the Pig Out points."""
    if winner is not None:
        raise JeopardyError("the game is over")
    if isinstance(dice, bool) or not isinstance(dice, int) or not 1 <= dice <= rules.max_dice:
        raise JeopardyError(f"throw 1-{rules.max_dice} dice; got {dice!r}")
    faces = tuple(rng.randint(1, rules.faces) for _ in range(dice))
    return Roll(faces, rules.pig_out if 1 in faces else sum(faces))


@dataclass
class FastPigMatch:
    """Scores ``[person, computer]``, whose turn it is, and seeded dice."""

    solution: FastPigSolution
    seed: int = 0
    scores: list[int] = field(default_factory=lambda: [0, 0])
    mover: int = PERSON
    winner: int | None = None

    def __post_init__(self) -> None:
        if not pair_game(self.solution.players, self.solution.ending):
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
        roll = _throw(self._random, rules, dice, self.winner)
        self.scores[self.mover] += roll.points
        if self.scores[self.mover] >= rules.goal:
            self.winner = self.mover
        else:
            self.mover = 1 - self.mover
        return roll


@dataclass
class FastPigTable:
    """A game of ``players`` seats (the solution's players and ending), the person at
    seat ``person`` (0 moves first), the computers throwing the solution's optimal
    number of dice (the fewest among equal chances; where three or more players' best
    responses cycle the equilibrium mixes, and a computer throws one of the numbers its
    mover is indifferent between).

    Equal turns: once a seat reaches the goal before the end of the round, the seats
    after it throw one last turn each (``leader``, ``tied``: the score to beat and how
    many share it); each last-turn throw is the solved last round's (the solver's
    :func:`~jeopardy.match.process_last_round.last_turn`).  The highest score wins;
    ``winners`` are the seats that share it."""

    solution: FastPigSolution
    seed: int = 0
    person: int = 0
    scores: list[int] = field(default_factory=list)
    mover: int = 0
    leader: int | None = None
    tied: int = 0
    winner: int | None = None
    winners: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        n = self.solution.players
        if isinstance(self.person, bool) or not isinstance(self.person, int) or \
                not 0 <= self.person < n:
            raise JeopardyError(f"the person's seat must be in 1..{n}; got {self.person!r}")
        self.scores = [0] * n
        self._random = random.Random(self.seed)
        self._equal = self.solution.ending.in_round
        self._rounds = None
        if self._equal:
            from jeopardy.fast_pig.evaluation import LastRound

            self._rounds = LastRound(self.solution)

    @property
    def relative(self) -> tuple[int, ...]:
        """The scores in turn order from the mover's."""
        n = len(self.scores)
        return tuple(self.scores[(self.mover + m) % n] for m in range(n))

    def advice(self) -> DiceDecision:
        """The mover's chance with each number of dice now (in the last round: of its
        last turn, played as solved)."""
        if self.leader is None:
            place = self.mover if self._equal else 0
            return self.solution.decision(self.relative, place)
        rules = self.solution.rules
        own = self.scores[self.mover]
        goal, n = rules.goal, len(self.scores)
        rest = 0
        for later in range(self.mover + 1, n):
            rest = rest * goal + self.scores[later]
        chances = self._rounds.chances(n - self.mover, self.leader, self.tied, own, rest)
        return DiceDecision(rules.name, rules.goal, self.relative, self.mover, tuple(chances))

    def computer_dice(self) -> int:
        return self.advice().best

    def throw(self, dice: int) -> Roll:
        """The mover throws ``dice`` dice; the points are banked and the turn passes."""
        rules = self.solution.rules
        roll = _throw(self._random, rules, dice, self.winner)
        n = len(self.scores)
        self.scores[self.mover] += roll.points
        score = self.scores[self.mover]
        if self.leader is None:
            if score < rules.goal:
                self.mover = (self.mover + 1) % n
            elif self._equal and self.mover < n - 1:
                self.leader, self.tied = score, 1
                self.mover += 1
            else:
                self._end([self.mover])
            return roll
        if score > self.leader:
            self.leader, self.tied = score, 1
        elif score == self.leader:
            self.tied += 1
        self.mover += 1
        if self.mover == n:
            self._end([s for s in range(n) if self.scores[s] == self.leader])
        return roll

    def _end(self, winners: list[int]) -> None:
        self.winners = tuple(winners)
        self.winner = winners[0]
