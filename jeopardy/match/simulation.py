"""Seeded Monte Carlo of N policies in an N-player race (first-to-goal or equal
turns, numba), and of two policy tables head to head (:func:`simulate_head_to_head`).

Player ``p`` (``0`` moves first) follows ``policies[p]``: each is turned into
its actions over every turn start (scores relative to the player) and turn
total, as the exact evaluation does
(:func:`jeopardy.match.evaluation.seated_actions`), so a simulation and
``compare`` play the very same actions: where the equilibrium mixes, the roll
is drawn with its chance.  Under equal turns a player who banks at least the
goal before the end of the round starts the last round: every player after it
plays one last turn as :mod:`jeopardy.match.last_round` plays it (the actions
of its own optimal last turn), the highest score wins and tied players share
the win.  The counts of wins give each player's chance with its standard
error ``sqrt(p (1 - p) / games)`` (with shared wins an upper bound: a share
``X`` in ``[0, 1]`` of mean ``p`` has ``Var X <= p (1 - p)``).
"""
from __future__ import annotations

import time
from collections import namedtuple
from dataclasses import dataclass
from typing import Callable

import numpy as np
from numba import njit

from jeopardy import resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.interrupts import chunk_size
from jeopardy.match import kernels, last_round
from jeopardy.match.evaluation import _tables, policy_names, seated_actions
from jeopardy.match.policies import RacePolicy
from jeopardy.match.rules import FIRST_TO_GOAL, MatchRules
from jeopardy.match.termination import require_ending
from jeopardy.results import Result
from jeopardy.rules import presets
from jeopardy.rules.compiled import step_jit as step
from jeopardy.rules.roll_model import RollModel
from jeopardy.sampling import draw

MAX_TURNS = 100_000
# Win counts (in shares of SHARES) stay exact in int64, and 2**40 games is days of
# work: more is refused as a size, not an overflow.
MAX_GAMES = 2 ** 40
SHARES = 2520  # a win's count: divisible by every number of tied players (1 .. 10)


@njit(cache=True, nogil=True)
def play_turn(actions, score, goal, cum, kinds, points):
    """One simulated turn from ``score``, rolling where ``actions[k]`` is 1 (with the
    chance ``actions[k]`` where that lies strictly between 0 and 1, a mixed action;
    0/1 actions draw no extra number), stopping once ``score + k`` reaches ``goal``:
    ``(the score after it, whether it reached the goal)``."""
    k = 0
    while True:
        if score + k >= goal:
            return score + k, True
        chance = actions[k]
        if chance <= 0 or (chance < 1 and np.random.random() >= chance):
            return score + k, False
        e = draw(cum, np.int64(0), cum.shape[0])
        banked, k, ended = step(kinds[e], points[e], score, k)
        if ended:
            return banked, banked >= goal


@njit(cache=True, nogil=True)
def _race_turn(race, actions, mover, index, score, limit):
    """One turn of the race by player ``mover`` (its place) at turn start ``index``:
    its pure actions, or its mixed row; the score after it."""
    row = kernels.mixed_row(actions, mover * actions.table.shape[1] + index)
    if row >= 0:
        return play_turn(actions.mix_tables[row], score, limit, race.cum, race.kinds,
                         race.points)[0]
    return play_turn(actions.table[mover, index], score, limit, race.cum, race.kinds,
                     race.points)[0]


@njit(cache=True, nogil=True)
def _last_round(race, scores, finisher, leader, wins, vals, work):
    """The last round after ``finisher`` banked ``leader``: each later player's last
    turn (:func:`jeopardy.match.last_round.last_turn_actions`); adds the shares."""
    rules = race.rules
    n = rules.players
    goal = rules.goal
    # int64s, not literals: a literal compiled the callees once more (Literal[int](1), (0))
    ties = np.int64(1)
    tied = np.zeros(n, dtype=np.bool_)
    tied[finisher] = True
    for c in range(finisher + 1, n):
        R = n - c
        rest = np.int64(0)
        for d in range(c + 1, n):
            rest = rest * goal + scores[d]
        own = scores[c]
        last_round.last_turn_actions(rules, R, leader, ties, own, rest, vals, work)
        stop = last_round.last_turn_stop(rules, R, leader)
        k = 0
        while True:
            if own + k >= stop or vals[k, n] == 0.0:
                banked = own + k
                break
            e = draw(race.cum, np.int64(0), race.cum.shape[0])
            banked, k, ended = step(race.kinds[e], race.points[e], own, k)
            if ended:
                break
        if banked > leader:
            leader = banked
            tied[:] = False
            tied[c] = True
            ties = np.int64(1)
        elif banked == leader:
            tied[c] = True
            ties += 1
    for m in range(n):
        if tied[m]:
            wins[m] += SHARES // ties


@njit(cache=True, nogil=True)
def _play(games, seed, race, actions, wins):
    """Plays ``games`` games, adding each winner's share to ``wins``; returns False
    when a game passed the turn limit.  A negative ``seed`` continues the previous
    call's stream."""
    if seed >= 0:
        np.random.seed(seed)
    rules = race.rules
    n = rules.players
    goal = rules.goal
    scores = np.zeros(n, dtype=np.int64)
    vals = np.empty((max(rules.cap, goal + rules.layout[1, last_round.SPAN]) + 2, n + 1))
    work = np.empty((3, n))
    for _ in range(games):
        scores[:] = 0
        mover = np.int64(0)
        finished = False
        for _turn in range(MAX_TURNS):
            index = np.int64(0)
            for m in range(n):
                index = index * goal + scores[(mover + m) % n]
            limit = kernels.limit(rules, mover)
            banked = _race_turn(race, actions, mover, index, scores[mover], limit)
            scores[mover] = banked
            if banked >= goal:
                if rules.equal == 0 or mover == n - 1:
                    wins[mover] += SHARES
                else:
                    _last_round(race, scores, mover, banked, wins, vals, work)
                finished = True
                break
            mover = (mover + 1) % n
        if not finished:
            return False
    return True


# The simulation's bundle: the kernels' Race (rules) and the roll model's draws.
Simulated = namedtuple("Simulated", ["rules", "cum", "kinds", "points"])


@dataclass(frozen=True, repr=False)
class SimulatedPlayers(Result):
    """Each player's share of ``games`` simulated games, in turn order, with its
    standard error ``sqrt(p (1 - p) / games)``."""

    names: tuple[str, ...]
    games: int
    seed: int
    win_probabilities: list[float]
    stderrs: tuple[float, ...]
    seconds: float

    @property
    def win_probability(self) -> float:
        """The first player's chance, as every result's ``win_probability``."""
        return self.win_probabilities[0]

    def plot(self, ax=None):
        """Each seat's share of the games with its standard error (a matplotlib Figure)."""
        from jeopardy.plots.charts import player_chances  # matplotlib: on request
        return player_chances(self.names, self.win_probabilities,
                              f"{self.games:,} simulated games, seats in turn order", ax=ax,
                              errors=self.stderrs)

    def to_dict(self) -> dict:
        return {"policies": list(self.names), "games": self.games, "seed": self.seed,
                "win_probabilities": list(self.win_probabilities),
                "win_probability": self.win_probabilities[0], "stderrs": list(self.stderrs),
                "seconds": self.seconds}


def simulate(model: RollModel, goal: int, policies, games: int = 100_000,
             seed: int = 0, ending: str = FIRST_TO_GOAL,
             progress: Callable[[float], None] | None = None) -> SimulatedPlayers:
    """``games`` games, player ``p`` following ``policies[p]`` (RacePolicy or the
    equilibrium, a MatchSolution), player 0 moving first; ``progress`` gets the
    fraction played after each chunk."""
    model = presets.resolve(model)
    goal = validate.positive_int(goal, "goal")
    policies = list(policies)
    rules = MatchRules(len(policies), ending)
    games = validate.positive_int(games, "games", MAX_GAMES)
    seed = validate.seed(seed)
    n = rules.players
    if rules.ending.last_round:
        model.require_rising("the simulation of the equal-turns ending")
    width = rules.ending.width(goal, 2 * goal + 8)  # the caps first tried
    cost = resources.Estimate(2 * games * 6.5e-6 * n * max(goal, 10) / 100,
                              int(resources.BASE_BYTES + n * goal ** n * width))
    resources.refuse_past_budget(f"simulating {n} policies in {model.name} to {goal}", cost)
    race, actions = seated_actions(model, goal, rules, policies)
    kinds, points, probs = model.arrays()
    bundle = Simulated(race, np.cumsum(probs), kinds, points)
    wins = np.zeros(n, dtype=np.int64)
    started = time.perf_counter()
    chunk = chunk_size(games, 6.5e-6 * n * max(goal, 10) / 100)
    for start in range(0, games, chunk):
        if not _play(min(chunk, games - start), seed if start == 0 else -1, bundle, actions,
                     wins):
            raise JeopardyError(f"a game lasted more than {MAX_TURNS:,} turns: these policies "
                                "may never finish (every player passes forever?)")
        if progress is not None:
            progress(min(start + chunk, games) / games)
    chances = [float(w) / (SHARES * games) for w in wins]
    errors = tuple((p * (1.0 - p) / games) ** 0.5 for p in chances)
    return SimulatedPlayers(policy_names(policies), games, seed, chances, errors,
                            time.perf_counter() - started)


# ------------------------------------------------------------ two tables head to head
@njit(cache=True, nogil=True)
def _play_head_to_head(games, a_first, seed, goal, table_a, table_b, cum, kinds, points):
    """Number of games A wins against B (A first if ``a_first``); -1 if a game exceeded
    the turn limit.  A negative ``seed`` continues the random stream of the previous
    call (chunks)."""
    if seed >= 0:
        np.random.seed(seed)
    wins = 0
    for _ in range(games):
        scores = np.zeros(2, dtype=np.int64)
        mover = 0 if a_first else 1  # 0 = A, 1 = B
        finished = False
        for _turn in range(MAX_TURNS):
            i = scores[mover]
            j = scores[1 - mover]
            table = table_a if mover == 0 else table_b
            scores[mover], won = play_turn(table[i, j], i, goal, cum, kinds, points)
            if won:
                if mover == 0:
                    wins += 1
                finished = True
                break
            mover = 1 - mover
        if not finished:
            return -1
    return wins


@dataclass(frozen=True, repr=False)
class SimulatedMatch(Result):
    first_name: str
    second_name: str
    games: int
    seed: int
    first: float
    second: float
    first_stderr: float
    second_stderr: float
    seconds: float

    @property
    def fair(self) -> float:
        return 0.5 * (self.first + self.second)

    @property
    def stderr(self) -> float:
        return 0.5 * (self.first_stderr ** 2 + self.second_stderr ** 2) ** 0.5

    def plot(self, ax=None):
        """A's share moving first, second and by a fair coin, with standard errors (a
        matplotlib Figure)."""
        from jeopardy.plots.charts import head_to_head  # matplotlib: on request
        return head_to_head(self, f"{self.games:,} simulated games each way", ax=ax,
                            errors=[self.first_stderr, self.second_stderr, self.stderr])

    def to_dict(self) -> dict:
        return {"players": 2, "ending": FIRST_TO_GOAL, "a": self.first_name,
                "b": self.second_name, "games": self.games, "seed": self.seed,
                "first": self.first, "second": self.second, "fair": self.fair,
                "win_probability": self.first,  # the first seat's (A moving first)
                "stderr": self.stderr, "first_stderr": self.first_stderr,
                "second_stderr": self.second_stderr, "seconds": self.seconds}


def simulate_head_to_head(model: RollModel, a: RacePolicy, b: RacePolicy, games: int,
                          seed: int = 0,
                          progress: Callable[[float], None] | None = None) -> SimulatedMatch:
    """Two tables of a two-player first-to-goal game: ``games`` games with A moving first
    and ``games`` with B moving first (the Monte Carlo of
    :func:`jeopardy.match.evaluation.head_to_head`); ``progress`` gets the fraction of
    the ``2 games`` played after each chunk."""
    model = _tables(model, a, b)
    games = validate.positive_int(games, "games", MAX_GAMES)
    seed = validate.seed(seed)
    resources.require("simulation", "simulating", games=games, goal=a.goal)

    require_ending(model, a, b)
    kinds, points, probs = model.arrays()
    cum = np.cumsum(probs)
    started = time.perf_counter()
    chunk = chunk_size(games, 6.5e-6 * max(a.goal, 10) / 100)
    wins = []
    for half, (a_first, stream) in enumerate(((True, seed),
                                              (False, (seed + 1_000_003) % 2 ** 32))):
        total = 0
        for start in range(0, games, chunk):
            won = _play_head_to_head(min(chunk, games - start), a_first,
                                     stream if start == 0 else -1,
                                     a.goal, a.roll, b.roll, cum, kinds, points)
            if won < 0:
                total = -1
                break
            total += won
            if progress is not None:
                progress((half * games + min(start + chunk, games)) / (2 * games))
        wins.append(total)
    first, second = wins
    if first < 0 or second < 0:
        raise JeopardyError(f"a game lasted more than {MAX_TURNS:,} turns: these policies may "
                            "never finish (both pass forever?)")
    p1, p2 = first / games, second / games
    se = lambda p: (p * (1 - p) / games) ** 0.5
    return SimulatedMatch(a.name, b.name, games, seed, p1, p2, se(p1), se(p2),
                          time.perf_counter() - started)
