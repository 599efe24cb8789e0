"""A game of Ten Thousand between a person and the optimal player (the engine;
the CLI talks).

Real dice are thrown (a seeded generator) and scored by
:func:`jeopardy.farkle.scoring.score_all` with the rules' table; every scoring
die is set aside (house rules with ``set_aside = "choice"`` are refused).  A
house hand of fewer dice and hot dice off are played as solved: with no dice
left the player banks, and throwing there loses the turn total.
:meth:`FarkleMatch.advice` gives the exact chances of winning if the player
to move throws and if it banks, from the same kernels as the solver.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field


from jeopardy.errors import JeopardyError
from jeopardy.farkle.core import CoreFarkleSolution
from jeopardy.farkle.ending import last_turn_throw, last_turn_values, rules_throws
from jeopardy.farkle.scoring import score_all
from jeopardy.farkle.turn import UNIT

PERSON, COMPUTER = 0, 1


@dataclass
class Throw:
    """One throw: the faces, the points, the dice set aside, the dice left."""

    faces: list[int]
    points: int
    set_aside: list[int]
    dice_next: int
    hand: int = 6  # dice in a full hand (hot dice bring them all back)

    def __str__(self) -> str:
        shown = " ".join(map(str, self.faces)) or "no dice"
        if not self.points:
            return f"{shown}: nothing scores -- the turn total is lost"
        words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
        rest = (f"hot dice, all {words[self.hand]} again" if self.dice_next == self.hand
                else "no dice left: bank" if self.dice_next == 0 else f"{self.dice_next} dice left")
        return f"{shown}: {self.points} points, set aside {' '.join(map(str, self.set_aside))}; {rest}"


@dataclass
class FarkleMatch:
    """Scores (points), whose turn it is, the turn total and dice in hand."""

    solution: CoreFarkleSolution
    seed: int = 0
    person_first: bool = True
    scores: list[int] = field(default_factory=lambda: [0, 0])  # [person, computer]
    mover: int = PERSON
    turn_total: int = 0
    dice: int = 6
    target: int | None = None  # the first player's total B must beat on the last turn
    winner: float | None = None  # 0 person, 1 computer, 0.5 a tie

    def __post_init__(self) -> None:
        if self.solution.rules.continue_position:
            raise JeopardyError("play does not cover rule IV.5 (taking a position over)")
        if self.solution.rules.keep_choice:
            raise JeopardyError("play covers the rule that sets aside every scoring die "
                                "(not rule IV.4)")
        self._random = random.Random(self.seed)
        self.mover = PERSON if self.person_first else COMPUTER
        self.dice = self.solution.rules.dice

    # ------------------------------------------------------------------ state
    @property
    def first(self) -> bool:
        """Is the player to move the first of each round?"""
        return (self.mover == PERSON) == self.person_first

    @property
    def last_turn(self) -> bool:
        return self.target is not None

    def _units(self) -> tuple[int, int, int]:
        return (self.scores[self.mover] // UNIT, self.scores[1 - self.mover] // UNIT,
                self.turn_total // UNIT)

    def may_bank(self) -> bool:
        i, j, t = self._units()
        if self.last_turn:
            d = (self.target - self.scores[self.mover]) // UNIT
            if self.solution.rules.exact_goal:
                allowed = t > 0 and t == d
            else:
                allowed = t > 0 and t >= self._minimum()
            return allowed and not (self.solution.rules.no_stop_on_six and self.dice == 6)
        return self.advice()[1] is not None

    def _minimum(self) -> int:
        return self.solution.rules.min_bank_at(self.scores[self.mover]) // UNIT

    # ------------------------------------------------------------ the advice
    def advice(self) -> tuple[float, float | None]:
        """``(P(win | throw), P(win | bank) or None if banking is not allowed)`` for
        the player to move (ties count 1/2)."""
        sol = self.solution
        i, j, t = self._units()
        n = self.dice
        if self.last_turn:
            d = (self.target - self.scores[self.mover]) // UNIT
            throws = rules_throws(sol.rules)
            V = last_turn_values(d, self._minimum(), sol.rules.exact_goal,
                                 sol.rules.no_stop_on_six, throws)
            # past the table (t > top) every throw lands past it too: no V is read
            throw = float(last_turn_throw(V, t, n, V.shape[0] - 1, sol.rules.exact_goal,
                                          sol.rules.no_stop_on_six, throws))
            bank = 1.0 if t > d else 0.5 if t == d else 0.0
            return throw, (bank if self.may_bank() else None)
        return sol.advice(i, j, self.first, t, n)

    def computer_throws(self) -> bool:
        throw, bank = self.advice()
        return bank is None or throw > bank

    # ---------------------------------------------------------------- moves
    def throw(self) -> Throw:
        rules = self.solution.rules
        faces = [self._random.randint(1, 6) for _ in range(self.dice)]
        # no dice left (hot dice off): nothing to throw, the turn total is lost
        points, aside = score_all(faces, rules.scoring) if faces else (0, [])
        if points == 0:
            result = Throw(faces, 0, [], 0, rules.dice)
            self.turn_total = 0
            self._end_turn(banked=False)
            return result
        left = self.dice - len(aside)
        self.turn_total += points
        self.dice = left if left else rules.fresh
        result = Throw(faces, points, aside, self.dice, rules.dice)
        goal = self.solution.rules.goal
        if self.solution.rules.exact_goal and self.scores[self.mover] + self.turn_total > goal:
            self.turn_total = 0  # past the exact goal: the turn is lost (rule IV.3)
            self._end_turn(banked=False)
        return result

    def bank(self) -> None:
        if not self.may_bank():
            raise JeopardyError("banking is not allowed here (minimum turn score, or six dice "
                                "in hand under rule IV.1)")
        self.scores[self.mover] += self.turn_total
        self._end_turn(banked=True)

    def _end_turn(self, banked: bool) -> None:
        goal = self.solution.rules.goal
        me = self.mover
        self.turn_total = 0
        self.dice = self.solution.rules.dice
        if self.last_turn:
            final = self.scores[me]
            self.winner = (me if final > self.target else 0.5 if final == self.target else 1 - me)
            return
        if banked and self.scores[me] >= goal:
            if self.first and not self.solution.first_to_reach:
                self.target = self.scores[me]  # the second player's last turn
            else:
                self.winner = me
                return
        self.mover = 1 - me
