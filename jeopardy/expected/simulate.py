"""Seeded Monte Carlo of the expected-score game (numba)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np
from numba import njit

from jeopardy import resources, validate
from jeopardy.expected.solver import ScoreSolution
from jeopardy.interrupts import timed_chunks
from jeopardy.match.simulation import MAX_GAMES
from jeopardy.results import Result
from jeopardy.rules.compiled import step_jit as step
from jeopardy.sampling import draw

# A turn's seconds, at most (the first chunk's size).
SECONDS_PER_TURN = 1e-6
# The budget's estimate of one turn of one game: 1.3e-7 s (THINK) to 1.5e-7 s (Pig) measured
# over a million games of 5 turns, warm, on the 2-core machine with another job running.
BUDGET_SECONDS_PER_TURN = 2e-7


@njit(cache=True, nogil=True)
def _play(games, turns, seed, cum, kinds, points, flags_flat, offsets, widths, collapsed, cap):
    """Sum and sum of squares of ``games`` final scores.  A negative ``seed``
    continues the random stream of the previous call (chunks)."""
    if seed >= 0:
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
                e = draw(cum, np.int64(0), cum.shape[0])
                s, t, ended = step(kinds[e], points[e], s, t)
                if ended:
                    break
        total += s
        total_sq += s * s
    return total, total_sq


@dataclass(frozen=True, repr=False)
class SimulatedScore(Result):
    """Mean final score of seeded games and its standard error."""

    games: int
    seed: int
    mean: float
    stderr: float

    def to_dict(self) -> dict:
        return {"games": self.games, "seed": self.seed, "mean": self.mean, "stderr": self.stderr}


def simulate(solution: ScoreSolution, games: int, seed: int = 0,
             progress: Callable[[float], None] | None = None) -> SimulatedScore:
    """Play ``games`` games with the solution's decisions; mean final score and its SE.
    ``progress`` gets the fraction played after each chunk."""
    games = validate.positive_int(games, "games", MAX_GAMES)
    seed = validate.seed(seed)
    resources.refuse_past_budget(
        f"simulating {games:,} games of {solution.turns} turns",
        resources.Estimate(BUDGET_SECONDS_PER_TURN * games * solution.turns,
                           resources.BASE_BYTES))
    kinds, points, probs = solution.model.arrays()
    cum = np.cumsum(probs)
    flags = solution.roll_flags
    widths = np.array([f.shape[1] for f in flags], dtype=np.int64)
    sizes = np.array([f.size for f in flags], dtype=np.int64)
    offsets = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
    flat = np.concatenate([f.ravel() for f in flags])
    # Sums of integer scores: the same as one call's while they stay below 2**53.
    total = total_sq = 0.0
    # Chunks of about 0.2 s, so that Ctrl-C stops the run (jeopardy.interrupts).
    for start, size in timed_chunks(games, SECONDS_PER_TURN * solution.turns):
        chunk, chunk_sq = _play(size, solution.turns, seed if start == 0 else -1, cum, kinds,
                                points, flat, offsets, widths, solution.collapsed, solution.cap)
        total += chunk
        total_sq += chunk_sq
        if progress is not None:
            progress((start + size) / games)
    mean = total / games
    variance = max(total_sq / games - mean * mean, 0.0) * games / max(games - 1, 1)
    return SimulatedScore(games, seed, mean, (variance / games) ** 0.5)
