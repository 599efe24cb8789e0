"""Seeded Monte Carlo of N policies in an N-player race (first-to-goal, numba).

Player ``p`` (``0`` moves first) follows ``policies[p]``: each is turned into
its table of actions over every turn start (scores relative to the player)
and turn total, as the exact evaluation does
(:func:`jeopardy.match.evaluation.policy_table`), so a simulation and
``compare`` play the very same actions.  The counts of wins give each
player's chance with its standard error.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from numba import njit

from jeopardy import resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.interrupts import chunk_size
from jeopardy.match.rules import FIRST_TO_GOAL, MatchRules
from jeopardy.results import Result
from jeopardy.rules.roll_model import RollModel
from jeopardy.race.simulation import play_turn

MAX_TURNS = 100_000
MAX_GAMES = 2 ** 40  # win counts stay exact in float64


@njit(cache=True, nogil=True)
def _play(games, seed, goal, tables, cum, kinds, points, wins):
    """Plays ``games`` games, adding each winner to ``wins``; returns False when a game
    passed the turn limit.  A negative ``seed`` continues the previous call's stream."""
    if seed >= 0:
        np.random.seed(seed)
    n = tables.shape[0]
    scores = np.zeros(n, dtype=np.int64)
    for _ in range(games):
        scores[:] = 0
        mover = 0
        finished = False
        for _turn in range(MAX_TURNS):
            index = 0
            for m in range(n):
                index = index * goal + scores[(mover + m) % n]
            scores[mover], won = play_turn(tables[mover, index], scores[mover], goal, cum,
                                           kinds, points)
            if won:
                wins[mover] += 1
                finished = True
                break
            mover = (mover + 1) % n
        if not finished:
            return False
    return True


@dataclass(frozen=True, repr=False)
class SimulatedPlayers(Result):
    """Each player's share of ``games`` simulated games, in turn order, with its
    standard error ``sqrt(p (1 - p) / games)``."""

    names: tuple[str, ...]
    games: int
    seed: int
    win_probabilities: tuple[float, ...]
    stderrs: tuple[float, ...]
    seconds: float

    def to_dict(self) -> dict:
        return {"policies": list(self.names), "games": self.games, "seed": self.seed,
                "win_probabilities": list(self.win_probabilities),
                "win_probability": self.win_probabilities[0], "stderrs": list(self.stderrs),
                "seconds": self.seconds}


def simulate(model: RollModel, goal: int, policies, games: int = 100_000,
             seed: int = 0) -> SimulatedPlayers:
    """``games`` games, player ``p`` following ``policies[p]`` (RacePolicy or the
    equilibrium, a MatchSolution), player 0 moving first."""
    from jeopardy.match.evaluation import _table, policy_names
    from jeopardy.match.solver import bundle

    model = validate.roll_model(model)
    goal = validate.positive_int(goal, "goal")
    policies = list(policies)
    rules = MatchRules(len(policies), FIRST_TO_GOAL)
    games = validate.positive_int(games, "games", MAX_GAMES)
    seed = validate.seed(seed)
    n = rules.players
    cost = resources.Estimate(2 * games * 6.5e-6 * n * max(goal, 10) / 100,
                              int(resources.BASE_BYTES + n * goal ** n * goal))
    if not resources.fits(cost):
        raise JeopardyError(f"simulating {n} policies in {model.name} to {goal} needs "
                            f"{resources.describe(cost)}, past this machine's budget")
    race = bundle(model, goal, rules, goal, places=True)
    tables = np.stack([_table(p, race, goal, n, model) for p in policies])
    kinds, points, probs = model.arrays()
    cum = np.cumsum(probs)
    wins = np.zeros(n, dtype=np.int64)
    started = time.perf_counter()
    chunk = chunk_size(games, 6.5e-6 * n * max(goal, 10) / 100)
    for start in range(0, games, chunk):
        if not _play(min(chunk, games - start), seed if start == 0 else -1, goal, tables, cum,
                     kinds, points, wins):
            raise JeopardyError(f"a game lasted more than {MAX_TURNS:,} turns: these policies "
                                "may never finish (every player passes forever?)")
    chances = tuple(float(w) / games for w in wins)
    errors = tuple((p * (1.0 - p) / games) ** 0.5 for p in chances)
    return SimulatedPlayers(policy_names(policies), games, seed, chances, errors,
                            time.perf_counter() - started)
