"""A game of Ten Thousand between a person and the optimal player (the engine;
the CLI talks).

Real dice are thrown (a seeded generator) and scored by
:func:`jeopardy.farkle.scoring.score_all` with the rules' table; every scoring
die is set aside.  Under rule IV.4 (house rules with ``set_aside = "choice"``)
a throw with more than one scoring part waits (:attr:`FarkleMatch.pending`)
until the player sets aside a part of its choice (:meth:`FarkleMatch.set_aside`:
any dice of the throw that all score, at their best reading); the computer
sets aside the part the solver chooses (:meth:`FarkleMatch.computer_part`: of
the parts the solved game offers, by points then dice, the first of the highest chance,
as :func:`jeopardy.match.process_kernels.turn` chooses).  A throw with one
scoring part sets it aside.  A house hand of fewer dice and hot dice off are
played as solved: with no dice left the player banks, and throwing there loses
the turn total.  :meth:`FarkleMatch.advice` gives the exact chances of winning
if the player to move throws and if it banks, from the same kernels as the
solver; :meth:`FarkleMatch.part_advice` the chance after each part set aside.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field


from jeopardy.errors import JeopardyError
from jeopardy.farkle.core import CoreFarkleSolution
from jeopardy.farkle.ending import last_turn_throw, last_turn_values
from jeopardy.farkle.scoring import _aside, _counts, keep_options, kept_score, score_all
from jeopardy.farkle.turn import UNIT, rules_throws

PERSON, COMPUTER = 0, 1


@dataclass
class Throw:
    """One throw: the faces, the points, the dice set aside, the dice left."""

    faces: list[int]
    points: int
    set_aside: list[int]
    dice_next: int
    hand: int = 6  # dice in a full hand (hot dice bring them all back)
    waiting: bool = False  # IV.4: several scoring parts; one is to be set aside

    def __str__(self) -> str:
        shown = " ".join(map(str, self.faces)) or "no dice"
        if self.waiting:
            return f"{shown}: set aside a scoring part"
        if not self.points:
            return f"{shown}: nothing scores -- the turn total is lost"
        return f"{shown}: {self.points} points, set aside {' '.join(map(str, self.set_aside))}" \
            f"; {self.rest()}"

    def rest(self) -> str:
        """What the dice left do: ``"3 dice left"``, hot dice, or none left."""
        words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
        return (f"hot dice, all {words[self.hand]} again" if self.dice_next == self.hand
                else "no dice left: bank" if self.dice_next == 0 else f"{self.dice_next} dice left")


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
    pending: list[int] | None = None  # IV.4: a throw's faces waiting for a part set aside

    def __post_init__(self) -> None:
        if self.solution.rules.continue_position:
            raise JeopardyError("play does not cover rule IV.5 (taking a position over)")
        if self.solution.players != 2:
            raise JeopardyError(f"play is a game of two players; this solution has "
                                f"{self.solution.players}")
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
        return self.pending is None and self._may_bank(self.turn_total // UNIT, self.dice)

    def _may_bank(self, t: int, dice: int) -> bool:
        """May the player to move bank ``t`` units with ``dice`` in hand?"""
        if self.last_turn:
            d = (self.target - self.scores[self.mover]) // UNIT
            if self.solution.rules.exact_goal:
                allowed = t > 0 and t == d
            else:
                allowed = t > 0 and t >= self._minimum()
            return allowed and not (self.solution.rules.no_stop_on_six and dice == 6)
        return self._advice(t, dice)[1] is not None

    def _minimum(self) -> int:
        return self.solution.rules.min_bank_at(self.scores[self.mover]) // UNIT

    # ------------------------------------------------------------ the advice
    def advice(self) -> tuple[float, float | None]:
        """``(P(win | throw), P(win | bank) or None if banking is not allowed)`` for
        the player to move (ties count 1/2)."""
        if self.pending is not None:
            raise JeopardyError("set aside a scoring part of the throw first")
        return self._advice(self.turn_total // UNIT, self.dice)

    def _advice(self, t: int, n: int) -> tuple[float, float | None]:
        """:meth:`advice` at turn total ``t`` (units) with ``n`` dice in hand."""
        sol = self.solution
        i, j, _ = self._units()
        if self.last_turn:
            d = (self.target - self.scores[self.mover]) // UNIT
            throws = rules_throws(sol.rules)
            V = last_turn_values(d, self._minimum(), sol.rules.exact_goal,
                                 sol.rules.no_stop_on_six, throws)
            # past the table (t > top) every throw lands past it too: no V is read
            throw = float(last_turn_throw(V, t, n, V.shape[0] - 1, sol.rules.exact_goal,
                                          sol.rules.no_stop_on_six, throws))
            bank = 1.0 if t > d else 0.5 if t == d else 0.0
            return throw, (bank if self._may_bank(t, n) else None)
        return sol.advice(i, j, self.first, t, n)

    def _chance(self, t: int, n: int) -> float:
        """The mover's chance at turn total ``t`` (units) with ``n`` dice, playing on
        optimally (the better of throwing and banking); IV.3: past the goal the turn is
        lost."""
        if self.solution.rules.exact_goal and self.scores[self.mover] + t * UNIT > \
                self.solution.rules.goal:
            if self.last_turn:
                return 0.0
            i, j, _ = self._units()  # the other player's fresh turn, from its side
            return 1.0 - self.solution.advice(j, i, not self.first, 0,
                                              self.solution.rules.dice)[0]
        throw, bank = self._advice(t, n)
        return throw if bank is None else max(throw, bank)

    # ------------------------------------------------------- IV.4: the parts
    def parts(self) -> list[tuple[list[int], int, int]]:
        """The pending throw's scoring parts the solved game offers as ``(dice, points,
        dice left)``, by points then dice set aside (each the most points of as many dice
        unless :meth:`~jeopardy.farkle.turn.FarkleRules.every_part`)."""
        if self.pending is None:
            return []
        counts = _counts(self.pending)
        rules = self.solution.rules
        table = rules.scoring
        out = []
        for points, used in keep_options(counts, table, rules.every_part()):
            aside = _aside(counts, points, used, table)
            dice = [face for face, c in enumerate(aside, start=1) for _ in range(c)]
            out.append((dice, points, self._left(used)))
        return out

    def _left(self, used: int) -> int:
        left = self.dice - used
        return left if left else self.solution.rules.fresh

    def part_advice(self) -> list[tuple[list[int], int, int, float]]:
        """``(dice, points, dice left, P(win))`` of each part of :meth:`parts`: the
        chance after setting it aside, playing on optimally."""
        t = self.turn_total // UNIT
        return [(dice, points, left, self._chance(t + points // UNIT, left))
                for dice, points, left in self.parts()]

    def computer_part(self) -> list[int]:
        """The part the solver sets aside: the first of the highest chance."""
        best, chosen = -1.0, []
        for dice, _, _, chance in self.part_advice():
            if chance > best:
                best, chosen = chance, dice
        return chosen

    def computer_throws(self) -> bool:
        throw, bank = self.advice()
        return bank is None or throw > bank

    # ---------------------------------------------------------------- moves
    def throw(self) -> Throw:
        if self.pending is not None:
            raise JeopardyError("set aside a scoring part of the throw first")
        rules = self.solution.rules
        faces = [self._random.randint(1, 6) for _ in range(self.dice)]
        # no dice left (hot dice off): nothing to throw, the turn total is lost
        points, aside = score_all(faces, rules.scoring) if faces else (0, [])
        if points == 0:
            result = Throw(faces, 0, [], 0, rules.dice)
            self.turn_total = 0
            self._end_turn(banked=False)
            return result
        if rules.keep_choice:
            self.pending = faces
            choices = self.parts()
            if len(choices) > 1:
                return Throw(faces, 0, [], self.dice, rules.dice, waiting=True)
            self.pending = None
            points, aside = choices[0][1], choices[0][0]
        return self._keep(faces, points, aside)

    def set_aside(self, dice: list[int]) -> Throw:
        """IV.4: set aside ``dice`` (faces) of the pending throw: any of its dice that
        all score (at their best reading); else a one-line refusal."""
        if self.pending is None:
            raise JeopardyError("no throw is waiting for dice to be set aside")
        faces = self.pending
        shown = " ".join(map(str, faces))
        if not dice or any(not isinstance(d, int) or isinstance(d, bool) for d in dice):
            raise JeopardyError(f"name the dice to set aside, faces of the throw ({shown})")
        wanted = [dice.count(f) for f in range(1, 7)]
        if len(dice) > len(faces) or any(w > faces.count(f) for w, f in
                                         zip(wanted, range(1, 7))):
            raise JeopardyError(f"the throw ({shown}) does not hold "
                                f"{' '.join(map(str, sorted(dice)))}")
        points = kept_score(tuple(wanted), self.solution.rules.scoring)
        if not points:
            raise JeopardyError(f"{' '.join(map(str, dice))} is not a scoring part of the "
                                f"throw ({shown}): every die set aside must score")
        self.pending = None
        return self._keep(faces, points, sorted(dice))

    def _keep(self, faces: list[int], points: int, aside: list[int]) -> Throw:
        """Set ``aside`` (worth ``points``) of the throw ``faces`` aside."""
        rules = self.solution.rules
        self.turn_total += points
        self.dice = self._left(len(aside))
        result = Throw(faces, points, aside, self.dice, rules.dice)
        goal = self.solution.rules.goal
        if self.solution.rules.exact_goal and self.scores[self.mover] + self.turn_total > goal:
            self.turn_total = 0  # past the exact goal: the turn is lost (rule IV.3)
            self._end_turn(banked=False)
        return result

    def bank(self) -> None:
        if self.pending is not None:
            raise JeopardyError("set aside a scoring part of the throw first")
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
