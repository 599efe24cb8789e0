"""Turn processes: one turn of a jeopardy dice game as data.

A turn has a few *turn states* (Pig: one; Ten Thousand: the dice in hand,
1 to 6) and a turn total that starts at 0 in the start state.  In every state
the player may throw; with the turn total at least the *minimum bank* (which
may depend on the banked score) and in a state where banking is allowed, it
may bank instead (end the turn, the turn total added to its score).

A throw from a state is a finite distribution of *outcomes* with exact
``Fraction`` probabilities.  Each outcome offers *choices* ``(points, next
state)``: which scoring dice to keep (under Ten Thousand's keep-all rule one
choice; under rule IV.4 several).  An outcome without a choice is a bust:
the turn total is lost and the turn ends.  Points are whole positive units,
so every choice raises the turn total and a turn's states can be solved
backwards from large turn totals.

A roll model whose effects only add points or bust is the one-state case
(:meth:`TurnProcess.from_roll_model`); effects that bank, double or lose the
banked score stay with the roll-model kernels of :mod:`jeopardy.match`.
"""
from __future__ import annotations

from collections import namedtuple
from itertools import starmap
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from jeopardy.errors import JeopardyError
from jeopardy.rules.effects import ADD, BUST

# (probability, ((points, next state), ...)); no choices: a bust
Outcome = tuple[Fraction, tuple[tuple[int, int], ...]]

# A process as flat arrays for the kernels: the outcomes of state ``s`` are
# ``pattern_offsets[s] .. pattern_offsets[s + 1] - 1``; outcome ``k`` offers the
# choices ``choice_offsets[k] .. choice_offsets[k + 1] - 1`` (``choice_points``,
# ``choice_nexts``); busts are summed per state in ``bust``.
ProcessArrays = namedtuple("ProcessArrays", "pattern_offsets pattern_probs choice_offsets "
                                            "choice_points choice_nexts bust")


@dataclass(frozen=True)
class TurnProcess:
    """A turn: states, each state's throw (outcomes with choices), where banking is allowed.

    ``minimum``: the smallest turn total that may be banked (units); with
    ``high_minimum`` set, that minimum applies once the banked score is above
    ``high_score``.  ``exact_goal``: a bank must land exactly on the goal (it
    needs no minimum then) and a turn total past the goal is lost (Ten
    Thousand's rule IV.3).  ``unit``: points per unit (for display).  ``takeover``:
    a player who banks leaves its position (turn total, state) to the next one,
    who may start its turn from it instead of afresh and must then throw (Ten
    Thousand's rule IV.5).
    """

    name: str
    states: tuple[str, ...]
    start: int
    throws: tuple[tuple[Outcome, ...], ...]
    bankable: tuple[bool, ...]
    minimum: int = 0
    high_minimum: int | None = None
    high_score: int = 10 ** 9
    exact_goal: bool = False
    unit: int = 1
    takeover: bool = False

    def __post_init__(self) -> None:
        size = len(self.states)
        if size == 0 or len(self.throws) != size or len(self.bankable) != size:
            raise JeopardyError(f"turn process {self.name!r}: one throw and one bank rule per state")
        if not 0 <= self.start < size:
            raise JeopardyError(f"turn process {self.name!r}: start state {self.start} is not a state")
        for here, (state, outcomes) in enumerate(zip(self.states, self.throws)):
            total = sum((p for p, _ in outcomes), Fraction(0))
            if not outcomes and not self.bankable[here]:
                raise JeopardyError(f"turn process {self.name!r}: the state {state!r} has no "
                                    f"throw, so it must allow a bank")
            if outcomes and total != 1:
                raise JeopardyError(f"turn process {self.name!r}: the throw in state {state!r} "
                                    f"sums to {total}, not 1")
            for p, choices in outcomes:
                if p <= 0:
                    raise JeopardyError(f"turn process {self.name!r}: probabilities must be positive")
                for points, nxt in choices:
                    if not 0 <= nxt < size or points < 0 or (points == 0 and nxt >= here):
                        raise JeopardyError(f"turn process {self.name!r}: a choice must add at least "
                                            f"one unit (or none, to an earlier state) and lead to "
                                            f"a state; got {(points, nxt)}")
        if self.minimum < 0 or (self.high_minimum is not None and self.high_minimum < 0):
            raise JeopardyError(f"turn process {self.name!r}: the minimum bank must be non-negative")
        if not any(self.bankable):
            raise JeopardyError(f"turn process {self.name!r}: no state allows a bank; no turn "
                                f"can ever score")

    @classmethod
    def from_roll_model(cls, model) -> "TurnProcess":
        """The one-state process of a roll model whose effects add points or bust."""
        outcomes = []
        for effect, p in model.outcomes:
            if effect.kind == BUST:
                outcomes.append((p, ()))
            elif effect.kind == ADD and effect.points >= 1:
                outcomes.append((p, ((effect.points, 0),)))
            else:
                raise JeopardyError(f"{model.name}: a {effect.kind} {effect.points} is not a "
                                    f"turn-process outcome (only adding points and busting are)")
        return cls(model.name, ("roll",), 0, (tuple(outcomes),), (True,))

    @property
    def max_points(self) -> int:
        return max(points for outcomes in self.throws for _, choices in outcomes
                   for points, _ in choices)

    def ends(self, state: int) -> bool:
        """Whether ``state`` has no throw: the turn ends there (module docstring)."""
        return not self.throws[state]

    def lock(self) -> tuple[int, float, float]:
        """The state without a bank (``-1``: none; Ten Thousand's rule IV.1, six dice in
        hand) and its chances to stay in it and to leave it with points."""
        locked = [s for s, bankable in enumerate(self.bankable) if not bankable]
        if not locked:
            return -1, 0.0, 0.0
        if len(locked) > 1:
            raise JeopardyError(f"turn process {self.name!r}: at most one state may forbid banking")
        state = locked[0]
        stay = leave = 0.0
        for p, choices in self.throws[state]:
            if len(choices) > 1:
                raise JeopardyError(f"turn process {self.name!r}: the state without a bank must "
                                    f"offer one choice per throw")
            if choices:
                if choices[0][1] == state:
                    stay += float(p)
                else:
                    leave += float(p)
        if stay >= 1.0:
            raise JeopardyError(f"turn process {self.name!r}: the state without a bank "
                                f"{self.states[state]!r} is never left")
        return state, stay, leave

    def throw_value(self, state: int, going_on, lost=0.0, number=float):
        """The value of a throw in ``state``: each outcome's best choice, worth
        ``going_on(points, next state)``, at its chance; an outcome without a choice (a
        bust) is worth ``lost``.  ``number`` is the arithmetic of the chances (``float``;
        ``Fraction`` for exact values): the Python analyses' one throw operator (Ten
        Thousand's single turn, exactly too, and its gain bound)."""
        total = number(0)
        for p, choices in self.throws[state]:
            if len(choices) == 1:
                total += number(p) * going_on(*choices[0])
            else:
                total += number(p) * (max(starmap(going_on, choices)) if choices else lost)
        return total

    def bust_probability(self, state: int) -> Fraction:
        return sum((p for p, choices in self.throws[state] if not choices), Fraction(0))

    def arrays(self) -> ProcessArrays:
        """The process as flat arrays (see :data:`ProcessArrays`)."""
        size = len(self.states)
        pattern_offsets = np.zeros(size + 1, dtype=np.int64)
        probs, choice_offsets, points, nexts = [], [0], [], []
        bust = np.zeros(size)
        for state, outcomes in enumerate(self.throws):
            pattern_offsets[state] = len(probs)
            if not outcomes:  # the turn ends: a "throw" that loses the total where no bank is allowed
                bust[state] = 1.0
            for p, choices in outcomes:
                if not choices:
                    bust[state] += float(p)
                    continue
                probs.append(float(p))
                for score, nxt in choices:
                    points.append(score)
                    nexts.append(nxt)
                choice_offsets.append(len(points))
        pattern_offsets[size] = len(probs)
        return ProcessArrays(pattern_offsets, np.array(probs, dtype=np.float64),
                             np.array(choice_offsets, dtype=np.int64),
                             np.array(points, dtype=np.int64), np.array(nexts, dtype=np.int64), bust)
