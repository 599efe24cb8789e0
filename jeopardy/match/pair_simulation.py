"""Seeded Monte Carlo of race games between two policy tables (numba)."""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from numba import njit

from jeopardy import resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.interrupts import chunk_size
from jeopardy.match.pair_evaluation import _tables
from jeopardy.match.policies import RacePolicy
from jeopardy.match.termination import require_ending
from jeopardy.results import Result
from jeopardy.rules.compiled import step_jit as step
from jeopardy.rules.roll_model import RollModel
from jeopardy.sampling import draw

MAX_TURNS = 100_000
# Win counts stay exact in float64 (and far from int64), and 2**40 games is
# days of work: more is refused as a size, not an overflow.
MAX_GAMES = 2 ** 40


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
        e = draw(cum, 0, cum.shape[0])
        banked, k, ended = step(kinds[e], points[e], score, k)
        if ended:
            return banked, banked >= goal


@njit(cache=True, nogil=True)
def _play(games, a_first, seed, goal, table_a, table_b, cum, kinds, points):
    """Number of games A wins; -1 if a game exceeded the turn limit.  A negative
    ``seed`` continues the random stream of the previous call (chunks)."""
    if seed >= 0:
        np.random.seed(seed)
    wins = 0
    for _ in range(games):
        scores = np.zeros(2, dtype=np.int64)
        mover = 0 if a_first else 1  # 0 = A, 1 = B
        finished = False
        for _turn in range(100_000):
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

    def to_dict(self) -> dict:
        return {"a": self.first_name, "b": self.second_name, "games": self.games, "seed": self.seed,
                "first": self.first, "second": self.second, "fair": self.fair,
                "stderr": self.stderr, "first_stderr": self.first_stderr,
                "second_stderr": self.second_stderr, "seconds": self.seconds}


def simulate(model: RollModel, a: RacePolicy, b: RacePolicy, games: int, seed: int = 0) -> SimulatedMatch:
    """``games`` games with A moving first and ``games`` with B moving first."""
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
    for a_first, stream in ((True, seed), (False, (seed + 1_000_003) % 2 ** 32)):
        total = 0
        for start in range(0, games, chunk):
            won = _play(min(chunk, games - start), a_first, stream if start == 0 else -1,
                        a.goal, a.roll, b.roll, cum, kinds, points)
            if won < 0:
                total = -1
                break
            total += won
        wins.append(total)
    first, second = wins
    if first < 0 or second < 0:
        raise JeopardyError(f"a game lasted more than {MAX_TURNS:,} turns: these policies may "
                            "never finish (both pass forever?)")
    p1, p2 = first / games, second / games
    se = lambda p: (p * (1 - p) / games) ** 0.5
    return SimulatedMatch(a.name, b.name, games, seed, p1, p2, se(p1), se(p2),
                          time.perf_counter() - started)
