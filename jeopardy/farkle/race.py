"""Two-player Ten Thousand: optimal play and the first player's win probability.

Scores are in units of 50.  A player to move has banked ``i``, the opponent
``j``; within a turn the state is ``(t, n)``: turn total and dice in hand.
Values are win probabilities of the player to move (a tie counts one half).

Ending (the seed's section III, default): when the player who *starts* the
round banks the goal or more, with total ``T``, the other player takes one
last turn and wins only by finishing strictly higher (equal: a tie).  That
last turn depends only on ``d = T - j``: it is worth ``Q(d)`` to the second
player, found by a small DP (bank as soon as ``t > d``; at ``t = d`` banking
is worth 1/2).  If the second player reaches the goal first, it wins at
once.  With ``first_to_reach=True`` whoever banks the goal first wins.

A player must throw at least once per turn (no banking with ``t = 0``).

Solution: turn-start values ``VF[i, j]`` (first player of the round to move)
and ``VS[i, j]`` (second player to move).  ``VF[i, j]`` and ``VS[j, i]``
depend on each other through busts; every bank leads to a higher score sum.
So score sums go in descending order and each pair is solved by the
bracketed Newton iteration of the Pig solver.

Turn totals are bounded: below the goal ``t < goal - i``; at or above it
the second player banks and wins, and the first player banks once
``Q(d) <= P(n, 0)`` (throwing is worth at most ``1 - P(n, 0)``, banking
``1 - Q(d)``); ``Q`` decreases with ``d``, which gives the cap.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np
from numba import njit

from jeopardy.errors import JeopardyError
from jeopardy.farkle.throws import outcomes, throw_table
from jeopardy.farkle.turn import UNIT, FarkleRules
from jeopardy.files import write_atomically
from jeopardy.race.kernels import newton_step

MAX_GAIN = 8000 // UNIT  # six 1s


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
def last_turn_values(d, min_bank, offsets, scores, nexts, probs):
    """V[t, n] of the second player's last turn needing more than d (tie at d = 1/2)."""
    top = max(d, min_bank - 1)
    V = np.zeros((top + 1, 7))
    for t in range(top, -1, -1):
        for n in range(1, 7):
            throw = 0.0
            for e in range(offsets[n], offsets[n + 1]):
                u = t + scores[e]
                throw += probs[e] * (1.0 if u > top else V[u, nexts[e]])
            V[t, n] = max(0.5, throw) if (t == d and t >= min_bank and t > 0) else throw
    return V


@njit(cache=True, nogil=True)
def _last_turn(d_top, min_bank, offsets, scores, nexts, probs):
    """Q[d]: the second player's chance (tie = 1/2) of ending strictly above d."""
    Q = np.zeros(d_top + 1)
    for d in range(1, d_top + 1):
        Q[d] = last_turn_values(d, min_bank, offsets, scores, nexts, probs)[0, 6]
    return Q


@njit(cache=True, nogil=True)
def _column(first, i, j, y, goal, t_top, other, Q, high_score, min_bank, offsets, scores, nexts,
            probs, bust, vals, dvals, acts):
    """Values of the player to move at (i, j, t, n) given y = the opponent's turn-start value.

    ``first``: this player started the round (reaching the goal then gives the
    opponent a last turn); ``other`` is the opponent's turn-start table.
    """
    for t in range(t_top, -1, -1):
        total = i + t
        q_row = 1 if j > high_score else 0
        if total >= goal:
            bank_value = 1.0 - Q[q_row, total - j] if first else 1.0
        else:
            bank_value = 1.0 - other[j, total]
        can_bank = t > 0 and t >= min_bank
        for n in range(1, 7):
            throw = bust[n] * (1.0 - y)
            dthrow = -bust[n]
            for e in range(offsets[n], offsets[n + 1]):
                u = t + scores[e]
                m = nexts[e]
                if u > t_top:
                    # Beyond the cap the player banks (see the module docstring).
                    tot = i + u
                    if tot >= goal:
                        throw += probs[e] * ((1.0 - Q[q_row, tot - j]) if first else 1.0)
                    else:
                        throw += probs[e] * (1.0 - other[j, tot])
                else:
                    throw += probs[e] * vals[u, m]
                    dthrow += probs[e] * dvals[u, m]
            if can_bank and bank_value >= throw:
                vals[t, n] = bank_value
                dvals[t, n] = 0.0
                acts[t, n] = 0
            else:
                vals[t, n] = throw
                dvals[t, n] = dthrow
                acts[t, n] = 1
    return vals[0, 6], dvals[0, 6]


@njit(cache=True, nogil=True)
def _t_top(i, j, goal, d_cap, first, first_to_reach):
    below = goal - i
    if first and not first_to_reach:
        over = d_cap + j - i
        return max(below, over) + 1
    return below + 1


@njit(cache=True, nogil=True)
def _solve(goal, d_cap, first_to_reach, VF, VS, Q, min_low, min_high, high_score,
           offsets, scores, nexts, probs, bust, first_sum, last_sum, tol, max_iter):
    size = max(goal, d_cap + goal) + 2
    vals = np.zeros((size + 1, 7))
    dvals = np.zeros((size + 1, 7))
    acts = np.zeros((size + 1, 7), dtype=np.int8)
    worst = 0.0
    sweeps = 0
    for s in range(first_sum, last_sum - 1, -1):
        i_low = s - goal + 1 if s - goal + 1 > 0 else 0
        i_high = s if s < goal - 1 else goal - 1
        for i in range(i_low, i_high + 1):
            j = s - i
            mi = min_high if i > high_score else min_low
            mj = min_high if j > high_score else min_low
            first_i = not first_to_reach
            ti = _t_top(i, j, goal, d_cap, True, first_to_reach)
            tj = _t_top(j, i, goal, d_cap, False, first_to_reach)
            x = VF[i, j]
            lo = 0.0
            hi = 1.0
            y = 0.5
            h = x
            residual = 1.0
            for _ in range(max_iter):
                y, b = _column(False, j, i, x, goal, tj, VF, Q, high_score, mj, offsets, scores,
                               nexts, probs, bust, vals, dvals, acts)
                h, a = _column(first_i, i, j, y, goal, ti, VS, Q, high_score, mi, offsets, scores,
                               nexts, probs, bust, vals, dvals, acts)
                sweeps += 2
                residual = abs(h - x)
                if residual <= tol:
                    break
                x, lo, hi = newton_step(x, h, a * b, lo, hi)
            VF[i, j] = h
            VS[j, i] = y
            if residual > worst:
                worst = residual
    return worst, sweeps


@njit(cache=True, nogil=True)
def _residual(goal, d_cap, first_to_reach, VF, VS, Q, min_low, min_high, high_score,
              offsets, scores, nexts, probs, bust):
    size = max(goal, d_cap + goal) + 2
    vals = np.zeros((size + 1, 7))
    dvals = np.zeros((size + 1, 7))
    acts = np.zeros((size + 1, 7), dtype=np.int8)
    worst = 0.0
    for i in range(goal):
        for j in range(goal):
            mi = min_high if i > high_score else min_low
            v, _ = _column(not first_to_reach, i, j, VS[j, i], goal,
                           _t_top(i, j, goal, d_cap, True, first_to_reach), VS, Q, high_score, mi,
                           offsets, scores, nexts, probs, bust, vals, dvals, acts)
            worst = max(worst, abs(v - VF[i, j]))
            v, _ = _column(False, i, j, VF[j, i], goal,
                           _t_top(i, j, goal, d_cap, False, first_to_reach), VF, Q, high_score, mi,
                           offsets, scores, nexts, probs, bust, vals, dvals, acts)
            worst = max(worst, abs(v - VS[i, j]))
    return worst


@dataclass(frozen=True)
class FarkleSolution:
    rules: FarkleRules
    first_to_reach: bool
    VF: np.ndarray = field(repr=False)
    VS: np.ndarray = field(repr=False)
    Q: np.ndarray = field(repr=False)
    d_cap: int
    seconds: float
    max_residual: float
    states: int
    sweeps: int

    @property
    def goal_units(self) -> int:
        return self.rules.goal // UNIT

    @property
    def win_probability(self) -> float:
        """The first player's chance (ties count 1/2) under optimal play."""
        return float(self.VF[0, 0])

    def column(self, i: int, j: int, first: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """``(values[t, n], throw?[t, n])`` at scores (i, j) in points."""
        g = self.goal_units
        if i % UNIT or j % UNIT or not (0 <= i < self.rules.goal and 0 <= j < self.rules.goal):
            raise JeopardyError(f"scores must be multiples of {UNIT} in 0..{self.rules.goal - UNIT}")
        iu, ju = i // UNIT, j // UNIT
        offsets, scores, nexts, probs, bust = outcome_arrays()
        role_first = first and not self.first_to_reach
        top = _t_top(iu, ju, g, self.d_cap, first, self.first_to_reach)
        size = top + 2
        vals = np.zeros((size + 1, 7))
        dvals = np.zeros((size + 1, 7))
        acts = np.zeros((size + 1, 7), dtype=np.int8)
        y = self.VS[ju, iu] if first else self.VF[ju, iu]
        other = self.VS if first else self.VF
        min_low, min_high, high = self.rules.in_units()
        minimum = min_high if iu > high else min_low
        _column(role_first, iu, ju, y, g, top, other, self.Q, high, minimum, offsets, scores,
                nexts, probs, bust, vals, dvals, acts)
        return vals[: top + 1], acts[: top + 1].astype(bool)

    def bank_thresholds(self, i: int, j: int, first: bool = True) -> dict[int, str]:
        """Per dice count: 'bank from T' or the list of banking runs."""
        _, throws = self.column(i, j, first)
        out = {}
        for n in range(1, 7):
            bank = ~throws[:, n]
            bank[0] = False
            runs = []
            t = 0
            while t < len(bank):
                if bank[t]:
                    start = t
                    while t + 1 < len(bank) and bank[t + 1]:
                        t += 1
                    runs.append((start * UNIT, t * UNIT, t == len(bank) - 1))
                t += 1
            if not runs:
                out[n] = "never banks"
            elif len(runs) == 1 and runs[0][2]:
                out[n] = f"bank from {runs[0][0]}"
            else:
                out[n] = "bank at " + ", ".join(
                    f"{a}+" if last else (f"{a}" if a == b else f"{a}-{b}") for a, b, last in runs)
        return out

    def to_dict(self) -> dict:
        return {"goal": self.rules.goal, "min_bank": self.rules.min_bank,
                "first_to_reach": self.first_to_reach, "win_probability": self.win_probability,
                "states": self.states, "seconds": self.seconds, "max_residual": self.max_residual}

    def save(self, path: str | Path) -> Path:
        meta = json.dumps({"format": 1, "rules": self.rules.__dict__,
                           "first_to_reach": self.first_to_reach, "d_cap": self.d_cap,
                           "seconds": self.seconds, "max_residual": self.max_residual,
                           "states": self.states, "sweeps": self.sweeps})

        def write(temporary: str) -> None:
            with open(temporary, "wb") as handle:
                np.savez_compressed(handle, VF=self.VF, VS=self.VS, Q=self.Q,
                                    meta=np.frombuffer(meta.encode(), dtype=np.uint8))

        return write_atomically(path, write, suffix=".npz")


def load(path: str | Path) -> FarkleSolution:
    try:
        with np.load(path, allow_pickle=False) as data:
            VF, VS, Q = data["VF"], data["VS"], data["Q"]
            meta = json.loads(bytes(data["meta"]).decode())
    except FileNotFoundError:
        raise JeopardyError(f"cannot read solution file {str(path)!r}: no such file") from None
    except (OSError, ValueError, KeyError, json.JSONDecodeError) as error:
        raise JeopardyError(f"{str(path)!r} is not a Farkle solution file ({error})") from None
    rules = FarkleRules(**meta["rules"])
    return FarkleSolution(rules, meta["first_to_reach"], VF, VS, Q, meta["d_cap"],
                          meta["seconds"], meta["max_residual"], meta["states"], meta["sweeps"])


def solve(rules: FarkleRules = FarkleRules(), first_to_reach: bool = False,
          progress: Callable[[float], None] | None = None, tolerance: float = 1e-14) -> FarkleSolution:
    """Solve two-player Ten Thousand to ``rules.goal``."""
    if rules.keep_choice or rules.no_stop_on_six:
        raise JeopardyError("the two-player solver covers the default keep-all rules "
                            "(rules IV.1 and IV.4 are available for the single turn)")
    started = time.perf_counter()
    g = rules.goal // UNIT
    offsets, scores, nexts, probs, bust = outcome_arrays()
    min_low, min_high, high_score = rules.in_units()
    # Q for both minima; the cap is where Q falls to the smallest bust chance.
    smallest_bust = min(float(row.bust) for row in throw_table())
    d_top = 64
    while True:
        Q = _last_turn(d_top, min_low, offsets, scores, nexts, probs)
        Q_high = _last_turn(d_top, min_high, offsets, scores, nexts, probs)
        below = np.flatnonzero((np.maximum(Q, Q_high) <= smallest_bust) & (np.arange(d_top + 1) > 0))
        if len(below):
            d_cap = int(below[0])
            break
        d_top *= 2
    # Q beyond the cap is only looked up as "bank": extend with the true values.
    q_size = d_cap + g + MAX_GAIN + 2
    Q = np.vstack([_last_turn(q_size, min_low, offsets, scores, nexts, probs),
                   _last_turn(q_size, min_high, offsets, scores, nexts, probs)])
    VF = np.full((g, g), 0.5)
    VS = np.full((g, g), 0.5)
    top_sum = 2 * g - 2
    chunk = max(1, (top_sum + 1) // 50)
    s = top_sum
    worst = 0.0
    sweeps = 0
    while s >= 0:
        last = max(0, s - chunk + 1)
        r, n = _solve(g, d_cap, first_to_reach, VF, VS, Q, min_low, min_high, high_score,
                      offsets, scores, nexts, probs, bust, s, last, tolerance, 200)
        worst = max(worst, r)
        sweeps += n
        s = last - 1
        if progress is not None:
            progress(1 - (s + 1) ** 2 / (top_sum + 1) ** 2 if s >= 0 else 1.0)
    seconds = time.perf_counter() - started
    residual = float(_residual(g, d_cap, first_to_reach, VF, VS, Q, min_low, min_high, high_score,
                               offsets, scores, nexts, probs, bust))
    states = 0
    for i in range(g):
        for j in range(g):
            states += 6 * (_t_top(i, j, g, d_cap, True, first_to_reach) + 1)
            states += 6 * (_t_top(i, j, g, d_cap, False, first_to_reach) + 1)
    return FarkleSolution(rules, first_to_reach, VF, VS, Q, d_cap, seconds, residual, states, sweeps)
