"""numba kernels of the match solver's pair method (:mod:`jeopardy.match.pair`).

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

from jeopardy.rules.compiled import RISE, STAY, roll_result

FOLLOW, MAXIMISE = 1, 0

# WA, WB: turn-start values of A (moving at (i, j)) and B (at (j, i)); mode_a, table_a
# and mode_b, table_b: how each plays (MAXIMISE, or FOLLOW its [i, j, k] table);
# symmetric: self-play, WA and WB the same array.
Players = namedtuple("Players", ["WA", "WB", "mode_a", "table_a", "mode_b", "table_b",
                                 "symmetric"])
# vals[k], dvals[k] = d vals[k] / dy, acts[k] (1 roll): one column, k = 0 .. goal;
# margins[k] = roll - hold and dmargins[k] its d / dy, where the player maximises
# (inf and 0 where it follows a table: its play does not depend on y).
Column = namedtuple("Column", ["vals", "dvals", "acts", "margins", "dmargins"])
# How far a margin must stay from 0 for :func:`play_stays` to trust the column's
# linear form (values in [0, 1]: far above the rounding of a sweep).
MARGIN = 1e-13


def self_play(values: np.ndarray) -> Players:
    """Both players maximise, sharing one table of turn-start values."""
    table = no_table(values.shape[0])
    return Players(values, values, MAXIMISE, table, MAXIMISE, table, True)


@njit(cache=True, nogil=True)
def column(goal):
    """Scratch space of one sweep."""
    return Column(np.empty(goal + 1), np.empty(goal + 1), np.empty(goal + 1, dtype=np.int8),
                  np.empty(goal + 1), np.empty(goal + 1))


def _sweep(rules, i, j, y, other, mode, table, work):
    """Backward sweep over k for the player at (i, j) given y = P(j, i, 0).

    ``other`` holds the opponent's turn-start values (``P0`` itself in
    self-play).  With ``mode == MAXIMISE`` the player takes the better of
    roll and hold (rolling on ties); with ``mode == FOLLOW`` it plays ``table[k]`` (1 roll).
    Fills ``work.vals[k]``, ``work.dvals[k] = d vals[k] / dy``, ``work.acts[k]`` and
    the margins (:class:`Column`) for ``k = 0 .. goal - i - 1``; returns
    ``(vals[0], dvals[0])``.
    """
    vals, dvals, acts, margins, dmargins = work
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
            margins[k] = np.inf  # a table's play does not depend on y
            dmargins[k] = 0.0
            continue
        roll = 0.0
        droll = 0.0
        stay = 0.0
        for e in range(kinds.shape[0]):
            p = probs[e]
            banked, nk, outcome = roll_result(kinds[e], points[e], i, k)
            if outcome == RISE:
                if nk >= top:
                    roll += p
                else:
                    roll += p * vals[nk]
                    droll += p * dvals[nk]
            elif outcome == STAY:
                stay += p
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
        if mode == FOLLOW:
            margins[k] = np.inf
            dmargins[k] = 0.0
        else:
            margins[k] = roll - hold
            dmargins[k] = droll - dhold
        if mode == FOLLOW or roll >= hold:
            vals[k] = roll
            dvals[k] = droll
            acts[k] = 1
        else:
            vals[k] = hold
            dvals[k] = dhold
            acts[k] = 0
    return vals[0], dvals[0]


sweep = njit(cache=True, nogil=True)(_sweep)
# The same sweep compiled into the kernels that sweep a maximising player's columns
# in bulk (solve_sums, bellman_residual), its mode a constant there: about twice as
# fast as a call (Pig to 500: 1.6 s against 3.2 s for every column once).  Each use
# compiles it again (about 1.7 s of a cold start): three uses.
_sweep_inline = njit(cache=True, nogil=True, inline="always")(_sweep)


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
def play_stays(work, top, delta):
    """Whether the play of a column swept at ``y`` is the same at ``y + delta``.

    While no decision changes, every value of the column is linear in ``y`` (a
    roll's value is a sum of values above it and of ``1 - y``; a hold's does not
    involve the column): so is every margin ``roll - hold``, exactly
    ``margins[k] + dmargins[k] * delta`` at ``y + delta``, by induction from the
    top of the column down.  The play therefore stays while no margin changes its
    sign; a margin within :data:`MARGIN` of 0 (a near tie, where rounding could
    decide) counts as a change."""
    margins, dmargins = work.margins, work.dmargins
    for k in range(top):
        m = margins[k] + dmargins[k] * delta
        if margins[k] >= 0.0:
            if not m > MARGIN:
                return False
        elif not m < -MARGIN:
            return False
    return True


@njit(cache=True, nogil=True)
def solve_sums(rules, players, first_sum, last_sum, max_iter, tol, lane, lanes):
    """Solve every pair of swapped states with score sum ``first_sum`` .. ``last_sum``
    (of each sum, every ``lanes``-th pair from the ``lane``-th: the pairs of one sum
    read only higher sums and themselves, so lanes of one sum run in threads beside
    each other, :func:`jeopardy.match.pair.iterate`; one lane: ``0, 1``).  No defaults:
    a call that left them out would be another compiled signature, which the cold-cache
    check (:func:`jeopardy.compilation.announce_if_cold`) would not find.

    Player A moves at ``(i, j)`` with turn-start values ``WA``, player B at
    ``(j, i)`` with ``WB``; each maximises or follows its table (``mode_*``).
    ``x = WA[i, j]`` and ``y = WB[j, i]`` are solved together by bracketed
    Newton steps on ``x = F_A(G_B(x))``, starting from the solved neighbours'
    guess ``WA[i + 1, j] + WA[i, j + 1] - WA[i + 1, j + 1]`` (higher score sums).
    A step whose new ``x`` keeps the play of both columns (:func:`play_stays`)
    needs no sweep: ``y = G_B(x)`` and ``F_A(y)`` are the swept ones moved along
    their slopes, exactly.  Pig to 1000: 1,080,596 sweeps, against 2,783,300 from
    the one neighbour ``WA[i + 1, j]`` with a sweep at every step.  In self-play
    (``symmetric``: ``WA`` and ``WB`` are the same array) each unordered pair is
    solved once, with one sweep when ``i == j``.  Returns ``(sweeps, largest |F_A(G_B(x)) - x|)``.
    """
    WA, WB, mode_a, table_a, mode_b, table_b, symmetric = players
    goal = rules.goal
    work_a = column(goal)
    work_b = column(goal)
    acts = work_a.acts
    sweeps = 0
    worst = 0.0
    for s in range(first_sum, last_sum - 1, -1):
        i_low = s - goal + 1 if s - goal + 1 > 0 else 0
        i_high = s // 2 if symmetric else min(s, goal - 1)
        for i in range(i_low + lane, i_high + 1, lanes):
            j = s - i
            single = symmetric and i == j
            x = WA[i + 1, j] if i + 1 < goal else 0.5
            if i + 1 < goal and j + 1 < goal:
                x = x + WA[i, j + 1] - WA[i + 1, j + 1]
                x = min(max(x, 0.0), 1.0)
            lo = 0.0
            hi = 1.0
            y = 0.5
            h = x
            residual = 1.0
            # the columns last swept: B's at x_s (giving y_s, slope b), A's at y_s
            # (giving h_s, slope a); a single column is A's at x_s = y_s (b = 1)
            x_s = y_s = h_s = a = b = 0.0
            swept = False
            for _ in range(max_iter):
                moved = b * (x - x_s)  # y's move from y_s
                if swept and play_stays(work_a, goal - i, moved) and (
                        single or play_stays(work_b, goal - j, x - x_s)):
                    y = y_s + moved
                    h = h_s + a * moved
                else:
                    if single:  # one pair in a score sum: not worth an inlined copy
                        h, a = sweep(rules, i, i, x, WA, MAXIMISE, acts, work_a)
                        b = 1.0
                        y = x
                    elif symmetric:
                        y, b = _sweep_inline(rules, j, i, x, WA, MAXIMISE, acts, work_b)
                        h, a = _sweep_inline(rules, i, j, y, WA, MAXIMISE, acts, work_a)
                    else:
                        y, b = sweep(rules, j, i, x, WA, mode_b, table_b[j, i], work_b)
                        h, a = sweep(rules, i, j, y, WB, mode_a, table_a[i, j], work_a)
                    sweeps += 1 if single else 2
                    x_s, y_s, h_s, swept = x, y, h, True
                slope = a * b
                residual = abs(h - x)
                if residual <= tol:
                    break
                x, lo, hi = newton_step(x, h, slope, lo, hi)
            # x and y = G(x) are consistent to |G'| * tol; h = F(y) to rounding.
            WA[i, j] = h
            if not single:
                WB[j, i] = y
            if residual > worst:
                worst = residual
    return sweeps, worst


@njit(cache=True, nogil=True)
def bellman_residual(rules, players, lane, lanes):
    """Largest |sweep value at k = 0 - stored turn-start value| over every (i, j)
    (every ``lanes``-th ``i`` from ``lane``), for A (and for B unless ``symmetric``).

    The values at k > 0 are defined by the sweep itself, so this is the
    largest Bellman residual over every state.
    """
    WA, WB, mode_a, table_a, mode_b, table_b, symmetric = players
    goal = rules.goal
    work = column(goal)
    worst = 0.0
    for i in range(lane, goal, lanes):
        for j in range(goal):
            if symmetric:  # the mode a constant: the inlined sweep specialises
                v, d = _sweep_inline(rules, i, j, WB[j, i], WB, MAXIMISE, work.acts, work)
                worst = max(worst, abs(v - WA[i, j]))
            else:
                v, d = sweep(rules, i, j, WB[j, i], WB, mode_a, table_a[i, j], work)
                worst = max(worst, abs(v - WA[i, j]))
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
