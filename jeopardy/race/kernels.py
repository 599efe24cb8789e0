"""numba kernels of the race solver.

State ``(i, j, k)``: the player to move has banked ``i``, the opponent ``j``,
the turn total is ``k``.  ``P0[i, j]`` holds ``P(i, j, 0)``; every other
``P(i, j, k)`` follows from one backward sweep over ``k`` (:func:`sweep`),
given ``y = P(j, i, 0)``, because rolls only raise ``k`` and every other
value a roll or hold leads to belongs to a higher score sum (already solved).

Within a pair ``{(i, j), (j, i)}`` the sweep makes ``x = P(i, j, 0)`` a
monotone, piecewise-linear function ``F(y)``; likewise ``y = G(x)``.  The
pair's fixed point ``x = F(G(x))`` is found by Newton's method on the
piecewise-linear map (policy iteration in disguise), safeguarded by a
bracket, to machine precision in a few sweeps.

Effects that take banked score away (``bust_all``) point to ``P(j, 0, 0)``,
a *lower* score sum: those values are read from ``P0`` as it stands (the
previous outer iteration), and the caller repeats whole passes until ``P0``
stops changing (Gauss-Seidel over passes).

Effects are applied by the one transition rule,
:func:`jeopardy.rules.effects.step` (compiled): an unknown kind raises, and
so does a turn total that falls (``subtract``; the solvers refuse such models
up front).

The kernels take bundles: ``rules`` (the roll model's arrays and the goal,
:meth:`jeopardy.rules.roll_model.RollModel.kernel_rules`), :class:`Players`
(the turn-start tables and how each player plays) and :class:`Column`
(scratch space of one sweep).
"""
from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

from jeopardy.rules.compiled import step_jit as step
from jeopardy.rules.effects import FALLING

FOLLOW, MAXIMISE = 1, 0

# WA, WB: turn-start values of A (moving at (i, j)) and B (at (j, i)); mode_a, table_a
# and mode_b, table_b: how each plays (MAXIMISE, or FOLLOW its [i, j, k] table);
# symmetric: self-play, WA and WB the same array.
Players = namedtuple("Players", ["WA", "WB", "mode_a", "table_a", "mode_b", "table_b",
                                 "symmetric"])
# vals[k], dvals[k] = d vals[k] / dy, acts[k] (1 roll): one column, k = 0 .. goal.
Column = namedtuple("Column", ["vals", "dvals", "acts"])


def self_play(values: np.ndarray) -> Players:
    """Both players maximise, sharing one table of turn-start values."""
    table = no_table(values.shape[0])
    return Players(values, values, MAXIMISE, table, MAXIMISE, table, True)


@njit(cache=True, nogil=True)
def column(goal):
    """Scratch space of one sweep."""
    return Column(np.empty(goal + 1), np.empty(goal + 1), np.empty(goal + 1, dtype=np.int8))


@njit(cache=True, nogil=True)
def sweep(rules, i, j, y, other, mode, table, work):
    """Backward sweep over k for the player at (i, j) given y = P(j, i, 0).

    ``other`` holds the opponent's turn-start values (``P0`` itself in
    self-play).  With ``mode == MAXIMISE`` the player takes the better of
    roll and hold (rolling on ties); with ``mode == FOLLOW`` it plays ``table[k]`` (1 roll).
    Fills ``work.vals[k]``, ``work.dvals[k] = d vals[k] / dy`` and ``work.acts[k]`` for
    ``k = 0 .. goal - i - 1``; returns ``(vals[0], dvals[0])``.
    """
    vals, dvals, acts = work
    kinds, points, probs, goal = rules
    top = goal - i
    for k in range(top - 1, -1, -1):
        if k == 0:
            hold = 1.0 - y
            dhold = -1.0
        else:
            hold = 1.0 - other[j, i + k]
            dhold = 0.0
        if mode == FOLLOW and table[k] == 0:
            vals[k] = hold
            dvals[k] = dhold
            acts[k] = 0
            continue
        roll = 0.0
        droll = 0.0
        stay = 0.0
        for e in range(kinds.shape[0]):
            p = probs[e]
            banked, nk, ended = step(kinds[e], points[e], i, k)
            if not ended:
                if nk == k:
                    stay += p
                elif nk < k:
                    raise ValueError(FALLING)
                elif nk >= top:
                    roll += p
                else:
                    roll += p * vals[nk]
                    droll += p * dvals[nk]
            elif banked == i:  # nothing banked: the opponent moves at (j, i)
                roll += p * (1.0 - y)
                droll -= p
            elif banked >= goal:
                roll += p
            else:
                roll += p * (1.0 - other[j, banked])
        if stay > 0.0:
            roll /= 1.0 - stay
            droll /= 1.0 - stay
        # Ties roll: a float tie (e.g. 1 - x/6 against 1 - x with x ~ 1e-20) must
        # not make both players pass at turn total 0 forever.
        if mode == FOLLOW or roll >= hold:
            vals[k] = roll
            dvals[k] = droll
            acts[k] = 1
        else:
            vals[k] = hold
            dvals[k] = dhold
            acts[k] = 0
    return vals[0], dvals[0]


@njit(cache=True, nogil=True)
def newton_step(x, h, slope, lo, hi):
    """One safeguarded Newton step for the fixed point x = H(x) of a monotone
    piecewise-linear map, given h = H(x) and its slope; returns (x, lo, hi)."""
    if h > x:
        lo = x
    else:
        hi = x
    step = x + (h - x) / (1.0 - slope) if slope < 1.0 - 1e-12 else h
    if step <= lo or step >= hi:
        step = h if lo < h < hi else 0.5 * (lo + hi)
    return step, lo, hi


@njit(cache=True, nogil=True)
def solve_sums(rules, players, first_sum, last_sum, max_iter, tol):
    """Solve every pair of swapped states with score sum ``first_sum`` .. ``last_sum``.

    Player A moves at ``(i, j)`` with turn-start values ``WA``, player B at
    ``(j, i)`` with ``WB``; each maximises or follows its table (``mode_*``).
    ``x = WA[i, j]`` and ``y = WB[j, i]`` are solved together by bracketed
    Newton steps on ``x = F_A(G_B(x))``, starting from the solved neighbour
    ``WA[i + 1, j]``.  In self-play (``symmetric``: ``WA`` and ``WB`` are the
    same array) each unordered pair is solved once, with one sweep when
    ``i == j``.  Returns ``(sweeps, largest |F_A(G_B(x)) - x|)``.
    """
    WA, WB, mode_a, table_a, mode_b, table_b, symmetric = players
    goal = rules.goal
    work = column(goal)
    acts = work.acts
    sweeps = 0
    worst = 0.0
    for s in range(first_sum, last_sum - 1, -1):
        i_low = s - goal + 1 if s - goal + 1 > 0 else 0
        i_high = s // 2 if symmetric else min(s, goal - 1)
        for i in range(i_low, i_high + 1):
            j = s - i
            x = WA[i + 1, j] if i + 1 < goal else 0.5
            lo = 0.0
            hi = 1.0
            y = 0.5
            h = x
            residual = 1.0
            for _ in range(max_iter):
                if symmetric and i == j:
                    h, slope = sweep(rules, i, i, x, WA, MAXIMISE, acts, work)
                    sweeps += 1
                elif symmetric:
                    # The same two sweeps as below, with the mode a constant: the
                    # compiler then specialises the sweep for self-play (Pig to
                    # 100: 13 ms, against 14 ms with the mode passed through).
                    y, b = sweep(rules, j, i, x, WA, MAXIMISE, acts, work)
                    h, a = sweep(rules, i, j, y, WA, MAXIMISE, acts, work)
                    slope = a * b
                    sweeps += 2
                else:
                    y, b = sweep(rules, j, i, x, WA, mode_b, table_b[j, i], work)
                    h, a = sweep(rules, i, j, y, WB, mode_a, table_a[i, j], work)
                    slope = a * b
                    sweeps += 2
                residual = abs(h - x)
                if residual <= tol:
                    break
                x, lo, hi = newton_step(x, h, slope, lo, hi)
            # x and y = G(x) are consistent to |G'| * tol; h = F(y) to rounding.
            WA[i, j] = h
            if not (symmetric and i == j):
                WB[j, i] = y
            if residual > worst:
                worst = residual
    return sweeps, worst


@njit(cache=True, nogil=True)
def bellman_residual(rules, players):
    """Largest |sweep value at k = 0 - stored turn-start value| over every (i, j),
    for A (and for B unless ``symmetric``).

    The values at k > 0 are defined by the sweep itself, so this is the
    largest Bellman residual over every state.
    """
    WA, WB, mode_a, table_a, mode_b, table_b, symmetric = players
    goal = rules.goal
    work = column(goal)
    worst = 0.0
    for i in range(goal):
        for j in range(goal):
            v, d = sweep(rules, i, j, WB[j, i], WB, mode_a, table_a[i, j], work)
            worst = max(worst, abs(v - WA[i, j]))
            if not symmetric:
                v, d = sweep(rules, j, i, WA[i, j], WA, mode_b, table_b[j, i], work)
                worst = max(worst, abs(v - WB[j, i]))
    return worst


def no_table(goal: int) -> np.ndarray:
    """The table argument of a maximising player: never read, holds nothing."""
    return np.zeros((goal, goal, 0), dtype=np.int8)


@njit(cache=True, nogil=True)
def actions(rules, other, mode, table, out):
    """``out[i, j, k]``: the action (1 roll) of a player at every state against
    turn-start values ``other`` of the opponent (``P0`` itself in self-play)."""
    goal = rules.goal
    work = column(goal)
    for i in range(goal):
        for j in range(goal):
            sweep(rules, i, j, other[j, i], other, mode, table[i, j], work)
            for k in range(goal - i):
                out[i, j, k] = work.acts[k]


@njit(cache=True, nogil=True)
def expand(rules, P0, P, roll):
    """Fill ``P[i, j, k]`` and ``roll[i, j, k]`` for every state (k < goal - i)."""
    goal = rules.goal
    work = column(goal)
    for i in range(goal):
        for j in range(goal):
            sweep(rules, i, j, P0[j, i], P0, MAXIMISE, work.acts, work)
            for k in range(goal - i):
                P[i, j, k] = work.vals[k]
                roll[i, j, k] = work.acts[k]
