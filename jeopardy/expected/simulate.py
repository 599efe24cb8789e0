"""Seeded Monte Carlo of the expected-score game (numba)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from jeopardy.errors import JeopardyError
from jeopardy.expected.solver import ScoreSolution
from jeopardy.rules.compiled import step_jit as step
from jeopardy.sampling import draw


@njit(cache=True, nogil=True)
def _play(games, turns, seed, cum, kinds, points, flags_flat, offsets, widths, collapsed, cap):
    np.random.seed(seed)
    total = 0.0
    total_sq = 0.0
    for _ in range(games):
        s = 0
        for r in range(turns):
            t = 0
            while True:
                if t > cap:
                    rolls = False
                else:
                    row = 0 if collapsed else s
                    rolls = flags_flat[offsets[r] + row * widths[r] + t] == 1
                if not rolls:
                    s += t
                    break
                e = draw(cum, 0, cum.shape[0])
                s, t, ended = step(kinds[e], points[e], s, t)
                if ended:
                    break
        total += s
        total_sq += s * s
    return total, total_sq


@dataclass(frozen=True)
class SimulatedScore:
    games: int
    seed: int
    mean: float
    stderr: float


def simulate(solution: ScoreSolution, games: int, seed: int = 0) -> SimulatedScore:
    """Play ``games`` games with the solution's decisions; mean final score and its SE."""
    from jeopardy import validate
    from jeopardy.race.simulation import MAX_GAMES

    games = validate.positive_int(games, "games", MAX_GAMES)
    seed = validate.seed(seed)
    kinds, points, probs = solution.model.arrays()
    cum = np.cumsum(probs)
    flags = solution.roll_flags
    widths = np.array([f.shape[1] for f in flags], dtype=np.int64)
    sizes = np.array([f.size for f in flags], dtype=np.int64)
    offsets = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
    flat = np.concatenate([f.ravel() for f in flags])
    total, total_sq = _play(games, solution.turns, seed, cum, kinds, points, flat, offsets, widths,
                            solution.collapsed, solution.cap)
    mean = total / games
    variance = max(total_sq / games - mean * mean, 0.0) * games / max(games - 1, 1)
    return SimulatedScore(games, seed, mean, (variance / games) ** 0.5)
