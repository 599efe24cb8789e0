"""Interval certificate of a float race solution (any goal, no bust-all).

For the float solution's policy, every value in a pair is affine in
``y = P(j, i, 0)``; the affine coefficients are computed in interval
arithmetic with outward rounding (each operation widened by one ulp each way,
each probability enclosed by its neighbouring doubles), and each pair's 2 x 2
system is solved in intervals.  That encloses the *exact* values of the
policy.  Then, state by state, the chosen action's interval is compared with
the other action's: where the chosen one lies entirely above, the decision is
certified optimal; where they overlap, the state is *undecided* (a tie, or
closer than the enclosure width; ``undecided_gap`` bounds what the other
action could be better by).  If no state is undecided, the exact values
of the float policy satisfy every equation ``P = max(roll, hold)`` — the float
policy is optimal and the intervals enclose the optimal win probabilities.

Bust-all games (whose values reach down to lower score sums) are not covered;
for them use the exact solver on small goals.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from numba import njit

from jeopardy.errors import JeopardyError
from jeopardy.match import pair_kernels
from jeopardy.match.solver import PairSolution
from jeopardy.rules.compiled import RISE, STAY, roll_result
from jeopardy.results import Result

INF = np.inf


@njit(cache=True, nogil=True)
def _down(x):
    return np.nextafter(x, -INF)


@njit(cache=True, nogil=True)
def _up(x):
    return np.nextafter(x, INF)


@njit(cache=True, nogil=True)
def _mul(al, ah, bl, bh):
    a = al * bl
    b = al * bh
    c = ah * bl
    d = ah * bh
    return _down(min(min(a, b), min(c, d))), _up(max(max(a, b), max(c, d)))


@njit(cache=True, nogil=True)
def _column(rules, i, j, lo, hi, p_lo, p_hi, acts, forms):
    """Affine interval forms c + b*y of the chosen, roll and hold values over k.

    ``forms`` rows: chosen ``cl, ch, bl, bh``, roll ``rcl, rch, rbl, rbh``, hold
    ``hcl, hch, hbl, hbh`` (low and high ends of ``c`` and ``b``), indexed by k.
    """
    cl, ch, bl, bh, rcl, rch, rbl, rbh, hcl, hch, hbl, hbh = (
        forms[0], forms[1], forms[2], forms[3], forms[4], forms[5], forms[6], forms[7],
        forms[8], forms[9], forms[10], forms[11])
    kinds, points, _, goal = rules
    top = goal - i
    for k in range(top - 1, -1, -1):
        # hold
        if k == 0:
            hcl[k], hch[k], hbl[k], hbh[k] = 1.0, 1.0, -1.0, -1.0
        else:
            hcl[k], hch[k] = _down(1.0 - hi[j, i + k]), _up(1.0 - lo[j, i + k])
            hbl[k], hbh[k] = 0.0, 0.0
        # roll
        c_lo = 0.0
        c_hi = 0.0
        b_lo = 0.0
        b_hi = 0.0
        s_lo = 0.0
        s_hi = 0.0
        for e in range(kinds.shape[0]):
            banked, t, outcome = roll_result(kinds[e], points[e], i, k)
            if outcome == STAY:
                s_lo = _down(s_lo + p_lo[e])
                s_hi = _up(s_hi + p_hi[e])
            elif outcome == RISE:
                if t >= top:
                    c_lo = _down(c_lo + p_lo[e])
                    c_hi = _up(c_hi + p_hi[e])
                else:
                    x, y = _mul(p_lo[e], p_hi[e], cl[t], ch[t])
                    c_lo = _down(c_lo + x)
                    c_hi = _up(c_hi + y)
                    x, y = _mul(p_lo[e], p_hi[e], bl[t], bh[t])
                    b_lo = _down(b_lo + x)
                    b_hi = _up(b_hi + y)
            elif banked == i:  # nothing banked: p (1 - y)
                c_lo = _down(c_lo + p_lo[e])
                c_hi = _up(c_hi + p_hi[e])
                b_lo = _down(b_lo - p_hi[e])
                b_hi = _up(b_hi - p_lo[e])
            elif banked >= goal:
                c_lo = _down(c_lo + p_lo[e])
                c_hi = _up(c_hi + p_hi[e])
            else:
                x, y = _mul(p_lo[e], p_hi[e], _down(1.0 - hi[j, banked]),
                            _up(1.0 - lo[j, banked]))
                c_lo = _down(c_lo + x)
                c_hi = _up(c_hi + y)
        if s_hi > 0.0:
            # divide by (1 - stay) in [1 - s_hi, 1 - s_lo]
            d_lo = _down(1.0 - s_hi)
            d_hi = _up(1.0 - s_lo)
            q_lo, q_hi = _down(1.0 / d_hi), _up(1.0 / d_lo)
            c_lo, c_hi = _mul(c_lo, c_hi, q_lo, q_hi)
            b_lo, b_hi = _mul(b_lo, b_hi, q_lo, q_hi)
        rcl[k], rch[k], rbl[k], rbh[k] = c_lo, c_hi, b_lo, b_hi
        if acts[k] == 1:
            cl[k], ch[k], bl[k], bh[k] = c_lo, c_hi, b_lo, b_hi
        else:
            cl[k], ch[k], bl[k], bh[k] = hcl[k], hch[k], hbl[k], hbh[k]


@njit(cache=True, nogil=True)
def _eval(cl, ch, bl, bh, yl, yh):
    x, y = _mul(bl, bh, yl, yh)
    return _down(cl + x), _up(ch + y)


@njit(cache=True, nogil=True)
def _certify(rules, P0, p_lo, p_hi, lo, hi):
    goal = rules.goal
    size = goal + 1
    acts_ij = np.empty(size, dtype=np.int8)
    acts_ji = np.empty(size, dtype=np.int8)
    vals = np.empty(size)
    dvals = np.empty(size)
    margins, dmargins = np.empty(size), np.empty(size)
    column_ij = pair_kernels.Column(vals, dvals, acts_ij, margins, dmargins)
    column_ji = pair_kernels.Column(vals, dvals, acts_ji, margins, dmargins)
    f = np.empty((2, 12, size))  # forms of the two columns
    undecided = 0
    certified = 0
    gap = 0.0
    for s in range(2 * goal - 2, -1, -1):
        i_low = s - goal + 1 if s - goal + 1 > 0 else 0
        for i in range(i_low, s // 2 + 1):
            j = s - i
            # The float policy of both columns.
            pair_kernels.sweep(rules, i, j, P0[j, i], P0, pair_kernels.MAXIMISE, acts_ij, column_ij)
            pair_kernels.sweep(rules, j, i, P0[i, j], P0, pair_kernels.MAXIMISE, acts_ji, column_ji)
            _column(rules, i, j, lo, hi, p_lo, p_hi, acts_ij, f[0])
            _column(rules, j, i, lo, hi, p_lo, p_hi, acts_ji, f[1])
            # x = cx + bx y, y = cy + by x  ->  x = (cx + bx cy) / (1 - bx by)
            cxl, cxh, bxl, bxh = f[0, 0, 0], f[0, 1, 0], f[0, 2, 0], f[0, 3, 0]
            cyl, cyh, byl, byh = f[1, 0, 0], f[1, 1, 0], f[1, 2, 0], f[1, 3, 0]
            if i == j:
                # x = cx + bx x
                dl, dh = _down(1.0 - bxh), _up(1.0 - bxl)
                xl = _down(cxl / dh) if cxl >= 0 else _down(cxl / dl)
                xh = _up(cxh / dl)
                yl, yh = xl, xh
            else:
                nl, nh = _mul(bxl, bxh, cyl, cyh)
                nl, nh = _down(cxl + nl), _up(cxh + nh)
                ml, mh = _mul(bxl, bxh, byl, byh)
                dl, dh = _down(1.0 - mh), _up(1.0 - ml)
                if dl <= 0.0:
                    return -1 - (i * goal + j), 0, 0, 0.0
                xl = _down(nl / dh) if nl >= 0 else _down(nl / dl)
                xh = _up(nh / dl) if nh >= 0 else _up(nh / dh)
                yl, yh = _eval(cyl, cyh, byl, byh, xl, xh)
            lo[i, j], hi[i, j] = max(0.0, xl), min(1.0, xh)
            lo[j, i], hi[j, i] = max(0.0, yl), min(1.0, yh)
            # Decisions: chosen action's interval must lie above the other's.
            for side in range(2 if i != j else 1):
                a, b = (i, j) if side == 0 else (j, i)
                ylo, yhi = (lo[b, a], hi[b, a])
                acts = acts_ij if side == 0 else acts_ji
                for k in range(goal - a):
                    rl, rh = _eval(f[side, 4, k], f[side, 5, k], f[side, 6, k], f[side, 7, k], ylo, yhi)
                    hl, hh = _eval(f[side, 8, k], f[side, 9, k], f[side, 10, k], f[side, 11, k], ylo, yhi)
                    if acts[k] == 1:
                        ok = rl >= hh
                        loss = hh - rl
                    else:
                        ok = hl >= rh
                        loss = rh - hl
                    if ok:
                        certified += 1
                    else:
                        undecided += 1
                        gap = max(gap, loss)
    return 0, certified, undecided, gap


@dataclass(frozen=True, repr=False)
class Certificate(Result):
    game: str
    goal: int
    certified_states: int
    undecided_states: int
    undecided_gap: float  # largest amount the other action could be better by
    max_width: float
    max_float_error: float
    seconds: float
    lower: np.ndarray
    upper: np.ndarray
    win_probability: float  # the certified float solution's P(0, 0, 0)

    @property
    def optimal(self) -> bool:
        return self.undecided_states == 0

    def to_dict(self) -> dict:
        return {"game": self.game, "goal": self.goal, "certified": self.optimal,
                "certified_states": self.certified_states,
                "undecided_states": self.undecided_states, "undecided_gap": self.undecided_gap,
                "max_width": self.max_width,
                "max_float_error": self.max_float_error, "seconds": self.seconds,
                "win_probability": self.win_probability,
                "win_probability_interval": [float(self.lower[0, 0]), float(self.upper[0, 0])]}


def certify(solution: PairSolution) -> Certificate:
    """Enclose the exact values of the float policy and certify its decisions."""
    model = solution.model
    if model.has_bust_all:
        raise JeopardyError("interval certificates cover games without bust-all effects; "
                            "use `jeopardy exact` on small goals")
    probs = model.arrays()[2]
    p_lo = np.array([np.nextafter(p, -np.inf) for p in probs])
    p_hi = np.array([np.nextafter(p, np.inf) for p in probs])
    g = solution.goal
    lo = np.zeros((g, g))
    hi = np.ones((g, g))
    started = time.perf_counter()
    status, certified, undecided, gap = _certify(model.kernel_rules(g), solution.start_values,
                                                 p_lo, p_hi, lo, hi)
    if status < 0:
        i, j = divmod(-1 - status, g)
        raise JeopardyError(f"the interval system of the pair ({i}, {j}) is singular: the policy "
                            "may never end the game from there")
    seconds = time.perf_counter() - started
    inside = (solution.start_values >= lo) & (solution.start_values <= hi)
    error = float(np.max(np.maximum(lo - solution.start_values, solution.start_values - hi).clip(0)))
    return Certificate(model.name, g, int(certified), int(undecided), float(gap),
                       float(np.max(hi - lo)),
                       error if not inside.all() else 0.0, seconds, lo, hi,
                       float(solution.start_values[0, 0]))
