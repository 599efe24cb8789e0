"""A game between a person and N-1 computer players of the equilibrium (the engine;
the CLI talks).  First-to-goal.

:class:`Table` holds the scores (by seat, seat 0 moving first), the mover,
the turn total and a seeded die; the computers play the solution's actions
(its mixed actions with their probabilities).  :func:`action_values` gives
the mover's exact chance of winning if it rolls and if it holds, from the
solver's own one-turn sweep with the action at that turn total forced.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np

from jeopardy.errors import JeopardyError
from jeopardy.match import kernels
from jeopardy.match.rules import FIRST_TO_GOAL
from jeopardy.race.play import draw_effect
from jeopardy.rules.effects import Effect


def _forced(solution, scores, k: int, roll: float) -> float:
    """The mover's value at turn total ``k`` when it rolls (1) or holds (0) there and
    plays the solution's actions at every other turn total."""
    race = solution.race()
    index = solution._index(scores)
    mixed = solution.mixes.get((0, index))
    width = race.cap + 2
    table = np.full(width, -1.0)
    if mixed is not None:
        table[:len(mixed)] = mixed[:width]
    table[k] = roll
    vals = np.empty((width + 1, solution.players))
    dvals = np.empty(width + 1)
    acts = np.empty(width + 1, dtype=np.int8)
    y = solution.values[0, kernels.rotation(race, index)]
    kernels.sweep(race, solution.values, index, 0, y, vals, dvals, acts, 2, table,
                  np.empty((4, solution.players)))
    return float(vals[k, 0])


def action_values(solution, scores, k: int) -> tuple[float, float]:
    """``(P(win | roll), P(win | hold))`` for the mover at ``scores`` (the mover's
    first) with turn total ``k``."""
    if scores[0] + k >= solution.goal:
        return 1.0, 1.0
    return _forced(solution, scores, k, 1.0), _forced(solution, scores, k, 0.0)


@dataclass
class Table:
    """Scores by seat, whose turn it is, the turn total, and a seeded die."""

    solution: object  # a first-to-goal MatchSolution
    seed: int = 0
    person: int = 0  # the person's seat
    scores: list[int] = field(default_factory=list)
    mover: int = 0
    turn_total: int = 0
    winner: int | None = None

    def __post_init__(self) -> None:
        if self.solution.rules.ending != FIRST_TO_GOAL:
            raise JeopardyError("play with more players is first-to-goal only")
        n = self.solution.players
        if not 0 <= self.person < n:
            raise JeopardyError(f"the person's seat must be in 1..{n}; got {self.person + 1}")
        self.scores = [0] * n
        self._random = random.Random(self.seed)
        self._outcomes = [(e, float(p)) for e, p in self.solution.model.outcomes]

    @property
    def relative(self) -> tuple[int, ...]:
        """The scores from the mover's seat on, in turn order."""
        n = len(self.scores)
        return tuple(self.scores[(self.mover + c) % n] for c in range(n))

    def roll(self) -> Effect:
        effect = draw_effect(self._random, self._outcomes)
        self.apply(effect)
        return effect

    def apply(self, effect: Effect) -> None:
        banked, total, ended = effect.apply(self.scores[self.mover], self.turn_total)
        if ended:
            self._end_turn(banked)
        else:
            self.turn_total = total
        if self.winner is None and self.scores[self.mover] + self.turn_total >= self.solution.goal:
            self.hold()

    def hold(self) -> None:
        self._end_turn(self.scores[self.mover] + self.turn_total)

    def _end_turn(self, banked: int) -> None:
        self.scores[self.mover] = banked
        self.turn_total = 0
        if banked >= self.solution.goal:
            self.winner = self.mover
            return
        self.mover = (self.mover + 1) % len(self.scores)

    def computer_rolls(self) -> bool:
        """The equilibrium's action (a mixed one drawn with its probability)."""
        scores, k = self.relative, self.turn_total
        decision = self.solution.decision(scores)
        if decision.mixed and k in decision.mixed:
            return self._random.random() < decision.mixed[k]
        return decision.actions[k] == "R"
