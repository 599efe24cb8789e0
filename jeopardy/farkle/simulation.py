"""Seeded simulation of two-player Ten Thousand under the optimal policy (numba).

Each turn's decisions come from the solution's column at the current scores
(computed once per (role, i, j) and cached); the second player's last turn
after the first reaches the goal follows its own small optimal DP.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from numba import njit

from jeopardy.errors import JeopardyError
from jeopardy.farkle.race import FarkleSolution, _column, _t_top, last_turn_values
from jeopardy.farkle.throws import outcomes
from jeopardy.farkle.turn import UNIT
from jeopardy.sampling import draw


def outcome_arrays():
    """Flattened ``(score units, next dice, probability)`` by dice count, busts left out."""
    offsets = np.zeros(8, dtype=np.int64)
    scores, nexts, probs = [], [], []
    bust = np.zeros(7)
    for n in range(1, 7):
        offsets[n] = len(scores)
        for s, m, p in outcomes(n):
            if m == 0:
                bust[n] += float(p)
            else:
                scores.append(s // UNIT)
                nexts.append(m)
                probs.append(float(p))
    offsets[7] = len(scores)
    return (offsets, np.array(scores, dtype=np.int64), np.array(nexts, dtype=np.int64),
            np.array(probs), bust)


@njit(cache=True, nogil=True)
def _sample(n, bust, offsets, cum):
    if np.random.random() < bust[n]:
        return -1
    return draw(cum, offsets[n], offsets[n + 1])


@njit(cache=True, nogil=True)
def _play_turn(acts, top, bust, offsets, cum, scores, nexts):
    """Throw from six dice until ``acts[t, n]`` says bank (0; always above
    ``top``) or nothing scores: the banked turn total, or -1 after a bust."""
    t = 0
    n = 6
    while True:
        if t > 0 and (t > top or acts[t, n] == 0):
            return t
        e = _sample(n, bust, offsets, cum)
        if e < 0:
            return -1
        t += scores[e]
        n = nexts[e]


@njit(cache=True, nogil=True)
def _play(games, seed, goal, first_to_reach, VF, VS, throws, match, high_score, min_low, min_high,
          offsets, scores, nexts, probs, bust, cum, slot, pool, pool_tops):
    np.random.seed(seed)
    size = pool.shape[1]
    vals = np.zeros((size + 1, 7))
    dvals = np.zeros((size + 1, 7))
    acts = np.zeros((size + 1, 7), dtype=np.int8)
    used = 0
    total_points = 0.0
    for _ in range(games):
        a = np.zeros(2, dtype=np.int64)
        result = -1.0
        while result < 0.0:
            for mover in range(2):
                i = a[mover]
                j = a[1 - mover]
                first = mover == 0
                role = 0 if first else 1
                key = (role * goal + i) * goal + j
                s_ = slot[key]
                if s_ < 0:
                    # Compute the column; keep it if the cache has room, else
                    # use the last slot as scratch space (never cached).
                    scratch = pool.shape[0] - 1
                    target = used if used < scratch else scratch
                    top = _t_top(first, i, j, match)
                    y = VS[j, i] if first else VF[j, i]
                    other = VS if first else VF
                    _column(first, i, j, y, other, throws, match, vals, dvals, acts)
                    pool_tops[target] = top
                    for t in range(top + 1):
                        for n in range(7):
                            pool[target, t, n] = acts[t, n]
                    if target != scratch:
                        slot[key] = target
                        used += 1
                    s_ = target
                t = _play_turn(pool[s_], pool_tops[s_], bust, offsets, cum, scores, nexts)
                if t >= 0:
                    a[mover] = i + t
                if a[mover] >= goal:
                    if first and not first_to_reach:
                        # The second player's last turn: beat a[0] - a[1].
                        d = a[0] - a[1]
                        mj = min_high if a[1] > high_score else min_low
                        V = last_turn_values(d, mj, False, False, throws)
                        top2 = V.shape[0] - 1  # above it: t > d and t >= mj, bank and win
                        last = np.ones((top2 + 1, 7), dtype=np.int8)
                        for t in range(mj if mj > 1 else 1, top2 + 1):
                            for n in range(1, 7):
                                if t > d or (t == d and V[t, n] <= 0.5):
                                    last[t, n] = 0
                        final = max(0, _play_turn(last, top2, bust, offsets, cum, scores, nexts))
                        if final > d:
                            result = 0.0
                        elif final == d and final > 0:
                            result = 0.5
                        else:
                            result = 1.0
                    else:
                        result = 1.0 if mover == 0 else 0.0
                    break
        total_points += result
    return total_points


@dataclass(frozen=True)
class SimulatedFarkle:
    games: int
    seed: int
    first_player_wins: float
    stderr: float
    seconds: float


def simulate(solution: FarkleSolution, games: int, seed: int = 0,
             cache_columns: int = 40_000) -> SimulatedFarkle:
    """Play ``games`` games; decision columns are cached for up to ``cache_columns``
    score pairs (each about ``goal`` x 7 bytes), the rest recomputed."""
    if games <= 0:
        raise JeopardyError(f"number of games must be positive; got {games}")
    rules = solution.rules
    if rules.keep_choice or rules.no_stop_on_six or rules.exact_goal:
        raise JeopardyError("the simulation covers the seed's rules with IV.2 only")
    g = solution.goal_units
    offsets, scores, nexts, probs, bust = outcome_arrays()
    cum = np.zeros_like(probs)
    for n in range(1, 7):
        lo, hi = offsets[n], offsets[n + 1]
        cum[lo:hi] = np.cumsum(probs[lo:hi]) / (1.0 - bust[n])
    min_low, min_high, high = solution.rules.in_units()
    size = int(max(g, solution.match.dstar.max() + g, max(min_low, min_high))) + 3
    slots = 2 * g * g
    slot = np.full(slots, -1, dtype=np.int64)
    pool = np.zeros((min(slots, max(1, cache_columns)) + 1, size, 7), dtype=np.int8)
    pool_tops = np.zeros(pool.shape[0], dtype=np.int64)
    started = time.perf_counter()
    wins = _play(games, seed, g, solution.first_to_reach, solution.VF, solution.VS,
                 solution.throws, solution.match, high, min_low, min_high, offsets, scores, nexts, probs, bust, cum,
                 slot, pool, pool_tops)
    p = wins / games
    # Per-game results are 0, 1/2 or 1: the binomial bound is an upper bound on the SE.
    return SimulatedFarkle(games, seed, p, (p * (1 - p) / games) ** 0.5, time.perf_counter() - started)
