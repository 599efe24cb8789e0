"""A game between a person and N-1 computer players of the equilibrium (the engine;
the CLI talks).  First-to-goal or equal turns; and the two-player game against the
optimal player or a policy table (:class:`Match`).

:class:`Table` holds the scores (by seat, seat 0 moving first), the mover,
the turn total and a seeded die; the computers play the solution's actions
(its mixed actions with their probabilities), or a policy file's
(:class:`~jeopardy.match.policy_file.MatchPolicy`, ``policy``).  Under equal turns a player who
banks at least the goal before the end of the round starts the last round:
the players after it play one last turn each, the computers as
:mod:`jeopardy.match.last_round` plays it; the highest score wins, tied players
share the win (``winners``).  :func:`action_values` gives the mover's exact
chance of winning if it rolls and if it holds, from the solver's own one-turn
sweep with the action at that turn total forced (the pair method's solution: from
its column of ``P(i, j, k)`` and the transition rule).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np

from jeopardy.errors import JeopardyError
from jeopardy.match import kernels, last_round
from jeopardy.match.endings import spelled
from jeopardy.match.solver import PairSolution
from jeopardy.rules.compiled import value_of_rolling
from jeopardy.rules.effects import Effect


def draw_effect(rng: random.Random, outcomes: list[tuple[Effect, float]]) -> Effect:
    """One roll's effect drawn from ``[(effect, probability)]`` with ``rng``."""
    u = rng.random()
    total = 0.0
    for effect, p in outcomes:
        total += p
        if u < total:
            return effect
    return outcomes[-1][0]


def _forced(solution, scores, k: int, roll: float, place: int) -> float:
    """The mover's value at turn total ``k`` when it rolls (1) or holds (0) there and
    plays the solution's actions at every other turn total."""
    race = solution.race()
    index = solution._index(scores)
    place = solution._place(place)
    mixed = solution.mixes.get((place, index))
    width = race.cap + 2
    table = np.full(width, -1.0)
    if mixed is not None:
        table[:len(mixed)] = mixed[:width]
    table[k] = roll
    vals = np.empty((width + 1, solution.players))
    dvals = np.empty(width + 1)
    acts = np.empty(width + 1, dtype=np.int8)
    y = solution.values[(place + 1) % race.places, kernels.rotation(race, index)]
    kernels.sweep(race, solution.values, index, place, y, vals, dvals, acts, 2,
                  kernels.NO_TABLE_ROW, table, np.empty((4, solution.players)))
    return float(vals[k, 0])


def _pair_values(solution: PairSolution, i: int, j: int, k: int) -> tuple[float, float]:
    """:func:`action_values` of the pair method's solution, at ``(i, j, k)``."""
    if i + k >= solution.goal:
        return 1.0, 1.0
    values = solution.column((i, j))[0][:, 0]  # P(i, j, t) below the goal
    after_turn = 1.0 - solution.start_values[j]  # the turn ends at x: the opponent moves at (j, x)
    roll = value_of_rolling(solution.model.arrays(), i, k, values, after_turn, 1.0)
    return float(roll), float(after_turn[i + k])


def action_values(solution, scores, k: int, place: int = 0) -> tuple[float, float]:
    """``(P(win | roll), P(win | hold))`` for the mover at ``scores`` (the mover's
    first) with turn total ``k``, at ``place`` in the round (equal turns)."""
    if isinstance(solution, PairSolution):
        return _pair_values(solution, *scores, k)
    race = solution.race()
    if scores[0] + k >= kernels.limit(race, solution._place(place)):
        return 1.0, 1.0  # the turn is over (first to the goal: won)
    return _forced(solution, scores, k, 1.0, place), _forced(solution, scores, k, 0.0, place)


@dataclass
class Table:
    """Scores by seat, whose turn it is, the turn total, and a seeded die; under equal
    turns, once the last round starts, the ``leader``'s score and the seats ``tied``
    at it."""

    solution: object  # a first-to-goal or equal-turns MatchSolution
    seed: int = 0
    person: int = 0  # the person's seat
    scores: list[int] = field(default_factory=list)
    mover: int = 0
    turn_total: int = 0
    winner: int | None = None  # the first of the winners
    winners: tuple[int, ...] = ()  # every winner (tied players share the win)
    leader: int | None = None  # the last round's leading score
    tied: list[int] = field(default_factory=list)
    policy: object = None  # a MatchPolicy the computers follow instead (a policy file)

    def __post_init__(self) -> None:
        if not self.solution.rules.ending.seats_policies:
            raise JeopardyError(f"play with more players is "
                                f"{spelled(lambda e: e.seats_policies)}")
        n = self.solution.players
        if not 0 <= self.person < n:
            raise JeopardyError(f"the person's seat must be in 1..{n}; got {self.person + 1}")
        self.scores = [0] * n
        self._random = random.Random(self.seed)
        self._outcomes = [(e, float(p)) for e, p in self.solution.model.outcomes]
        self._last_turns: dict = {}

    @property
    def equal(self) -> bool:
        return self.solution.rules.ending.in_round

    @property
    def place(self) -> int:
        """The mover's place in the round (its seat)."""
        return self.mover

    @property
    def relative(self) -> tuple[int, ...]:
        """The scores from the mover's seat on, in turn order."""
        n = len(self.scores)
        return tuple(self.scores[(self.mover + c) % n] for c in range(n))

    @property
    def limit(self) -> int:
        """The score plus turn total at which the mover's turn stops."""
        race = self.solution.race()
        if self.leader is None:
            return int(kernels.limit(race, self.mover if self.equal else 0))
        return int(last_round.last_turn_stop(race, len(self.scores) - self.mover, self.leader))

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
        if self.winner is None and self.scores[self.mover] + self.turn_total >= self.limit:
            self.hold()

    def hold(self) -> None:
        self._end_turn(self.scores[self.mover] + self.turn_total)

    def _finish(self, winners) -> None:
        self.winners = tuple(sorted(winners))
        self.winner = self.winners[0]

    def _end_turn(self, banked: int) -> None:
        n = len(self.scores)
        self.scores[self.mover] = banked
        self.turn_total = 0
        if self.leader is not None:  # a last turn
            if banked > self.leader:
                self.leader, self.tied = banked, [self.mover]
            elif banked == self.leader:
                self.tied.append(self.mover)
        elif banked >= self.solution.goal:
            if not self.equal or self.mover == n - 1:
                self._finish([self.mover])
                return
            self.leader, self.tied = banked, [self.mover]  # the last round begins
        if self.leader is not None and self.mover == n - 1:
            self._finish(self.tied)
            return
        self.mover = (self.mover + 1) % n

    def last_turn(self) -> np.ndarray:
        """The last round's play of the mover's last turn: ``vals[k]``, the mover's
        chance at turn total ``k`` with the best play, and ``vals[k, N]`` 1 where that
        play rolls (:func:`jeopardy.match.last_round.last_turn_actions`)."""
        n = len(self.scores)
        R = n - self.mover
        rest = 0
        for d in range(self.mover + 1, n):
            rest = rest * self.solution.goal + self.scores[d]
        key = (R, self.leader, len(self.tied), self.scores[self.mover], rest)
        if key not in self._last_turns:
            vals = np.zeros((self.limit + 1, n + 1))
            last_round.last_turn_actions(self.solution.race(), R, self.leader, len(self.tied),
                                         self.scores[self.mover], rest, vals,
                                         np.empty((3, n)))
            self._last_turns[key] = vals
        return self._last_turns[key]

    def computer_rolls(self) -> bool:
        """The equilibrium's action (a mixed one drawn with its probability)."""
        scores, k = self.relative, self.turn_total
        if self.leader is not None:
            return bool(self.last_turn()[k, len(self.scores)] == 1.0)
        if self.policy is not None:
            chance = float(self.policy.roll_chances(scores, self.mover)[k])
            if 0.0 < chance < 1.0:
                return self._random.random() < chance
            return chance == 1.0
        decision = self.solution.decision(scores, self.mover if self.equal else 0)
        if decision.mixed and k in decision.mixed:
            return self._random.random() < decision.mixed[k]
        return decision.actions[k] == "R"


@dataclass
class Match:
    """Two players, the person and the computer: scores, whose turn it is, the turn
    total, and a seeded die (first to the goal; the pair method's solution).

    The computer plays ``policy`` (a :class:`~jeopardy.match.policies.RacePolicy`)
    if one is given, else the solution's optimal policy.
    """

    solution: PairSolution
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
