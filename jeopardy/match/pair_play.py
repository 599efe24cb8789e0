"""A game between a person and the optimal player (the engine; the CLI talks).

:class:`Match` holds the state and applies effects; :func:`action_values`
gives the exact win probabilities of rolling and of holding in any state.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from jeopardy.match.pair import RaceSolution
from jeopardy.rules.compiled import value_of_rolling
from jeopardy.rules.effects import Effect


def action_values(solution: RaceSolution, i: int, j: int, k: int) -> tuple[float, float]:
    """``(P(win | roll), P(win | hold))`` for the player to move at (i, j, k)."""
    if i + k >= solution.goal:
        return 1.0, 1.0
    values, _ = solution.column(i, j)  # P(i, j, t) below the goal
    after_turn = 1.0 - solution.start_values[j]  # the turn ends at x: the opponent moves at (j, x)
    roll = value_of_rolling(solution.model.arrays(), i, k, values, after_turn, 1.0)
    return float(roll), float(after_turn[i + k])


def draw_effect(rng: random.Random, outcomes: list[tuple[Effect, float]]) -> Effect:
    """One roll's effect drawn from ``[(effect, probability)]`` with ``rng``."""
    u = rng.random()
    total = 0.0
    for effect, p in outcomes:
        total += p
        if u < total:
            return effect
    return outcomes[-1][0]


@dataclass
class Match:
    """Scores, whose turn it is, the turn total, and a seeded die.

    The computer plays ``policy`` (a :class:`~jeopardy.match.policies.RacePolicy`)
    if one is given, else the solution's optimal policy.
    """

    solution: RaceSolution
    seed: int = 0
    scores: list[int] = field(default_factory=lambda: [0, 0])  # [person, computer]
    mover: int = 0
    turn_total: int = 0
    winner: int | None = None
    policy: object = None

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed)
        self._outcomes = [(e, float(p)) for e, p in self.solution.model.outcomes]

    @property
    def state(self) -> tuple[int, int, int]:
        return self.scores[self.mover], self.scores[1 - self.mover], self.turn_total

    def roll(self) -> Effect:
        effect = draw_effect(self._random, self._outcomes)
        self.apply(effect)
        return effect

    def apply(self, effect: Effect) -> None:
        goal = self.solution.goal
        banked, self.turn_total, ended = effect.apply(self.scores[self.mover], self.turn_total)
        if ended:
            self.scores[self.mover] = banked
            self._end_turn()
        if self.winner is None and self.scores[self.mover] + self.turn_total >= goal:
            self.hold()
        elif self.winner is None:
            for index in (0, 1):
                if self.scores[index] >= goal:
                    self.winner = index

    def hold(self) -> None:
        self.scores[self.mover] += self.turn_total
        if self.scores[self.mover] >= self.solution.goal:
            self.winner = self.mover
            self.turn_total = 0
            return
        self._end_turn()

    def _end_turn(self) -> None:
        if self.scores[self.mover] >= self.solution.goal:
            self.winner = self.mover
        self.turn_total = 0
        self.mover = 1 - self.mover

    def computer_rolls(self) -> bool:
        i, j, k = self.state
        if self.policy is not None:
            return self.policy.rolls(i, j, k)
        return self.solution.action(i, j, k) == "roll"
