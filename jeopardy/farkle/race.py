"""Two-player Ten Thousand: optimal play and the first player's win probability.

Scores are in units of 50.  A player to move has banked ``i``, the opponent
``j``; within a turn the state is ``(t, n)``: turn total and dice in hand.
Values are win probabilities of the player to move (a tie counts one half).

Rules (the seed's sections I-III; section IV's options as switches)
-------------------------------------------------------------------
* A turn may be banked only when ``t >= M`` (the minimum turn score, 350 by
  default; with IV.2 a higher minimum once the banked score is above
  ``high_score``) and ``t > 0`` -- in *every* turn, also near the goal.
* A throw that scores nothing loses the turn total.  All scoring dice are set
  aside (IV.4: the player picks any scoring part); six dice come back after
  hot dice.  IV.1: no banking when the next throw would use six dice.
* Ending ``round`` (section III, default): the first player of the round (A)
  who banks ``T >= goal`` gives the second player (B) one last turn; B wins
  by ending strictly above ``T``, ties at ``T`` (1/2 each), loses otherwise.
  B reaching the goal in a round in which A did not wins at once.  Ending
  ``first_to_reach``: whoever banks the goal first wins.
* IV.3 (exact goal): a bank must land exactly on the goal; a turn whose total
  would pass it is lost (as if nothing scored); the bank that lands on the
  goal needs no minimum.  Under the round ending B can then only tie.
* IV.5 (continue the previous player's position): after a bank with turn total
  ``t`` and ``n`` dice to throw, the next player may take ``(t, n)`` over
  instead of a fresh turn; it must throw at least once, and a throw that
  scores nothing loses it all.  After a farkle there is nothing to take over.
  Under the round ending B's last turn may take A's position over too.

B's last turn depends only on ``d = T - j``: its value ``Q(d)`` (to B) comes
from a small DP (:func:`last_turn_values`).

Solution: turn-start values ``VF[i, j]`` (A to move) and ``VS[i, j]`` (B to
move).  ``VF[i, j]`` and ``VS[j, i]`` depend on each other through busts;
every bank below the goal leads to a higher score sum.  So score sums go in
descending order and each pair is solved by the bracketed Newton iteration
of the Pig solver (:func:`jeopardy.race.kernels.newton_step`).

Why the turn totals can stop (proof of the caps)
-----------------------------------------------
Let ``b = min_n P(n dice score nothing)`` (six dice: 0.0231).  A table of
turn totals ``t = 0 .. top(i, j)`` is kept per role and score pair; a throw
that passes ``top`` is valued as an immediate bank.  That is exact because
above ``top`` banking is allowed and optimal:

* B, or either player under ``first_to_reach``: ``top = max(goal - i, M_i)``.
  Above it ``t >= M_i`` and ``i + t >= goal``: banking wins at once (value 1),
  which no throw beats.
* A under the round ending.  Banking ``T = i + t >= goal`` is worth
  ``1 - Q(T - j)``.  Throwing is worth at most ``(1 - b_n) * 1 + b_n (1 - y)
  <= 1 - b y``, where ``y = VS[j, i]`` is B's value after A's bust -- a bust is
  *not* worth 0 to the thrower.  B wins at once by reaching the goal in its
  next turn, so ``y >= L(j)``: the chance that a turn that throws until
  ``t >= max(goal - j, M_j)`` gets there (:func:`_reach_probabilities`).  Hence
  banking is optimal once ``Q(T - j) <= b L(j)``; ``Q`` is non-increasing
  (a strategy that beats ``d + 1`` also beats ``d``), so this holds for every
  ``T - j >= d*(j)``, the first such ``d``, and
  ``top = max(goal - i, M_i, d*(j) + j - i)``.
* IV.1: above ``top`` a player with six dice in hand may not bank and must
  throw.  For B (or first-to-reach) that value is ``(b_6 (1 - y) + c) / (1 - h)``
  (``h``: all six dice score, ``c``: some but not all), by one geometric sum.
  For A it is ``1 - b_6 y / (1 - h) - R(T - j)`` with
  ``R(d) = sum_cold p Q(d + s) + sum_hot p R(d + s)``; ``R`` is computed
  backwards from ``D`` with ``Q(D) <= 1e-20`` and ``R = 0`` beyond, an error
  of at most ``sup_{d >= D} R(d) <= Q(D) <= 1e-20``.
* IV.3: turn totals above ``goal - i`` are lost, so ``top = goal - i``.
* IV.5: a bank's value now depends on the dice left, ``1 - max(fresh, throw on
  from (t, n))`` for the next player, so every column's throw values are kept
  (``Match.throws_flat``).  B's and first-to-reach columns stop as above (past
  the top one scoring throw wins).  A's column under the round ending does not:
  B may take A's position over and needs only ``r = i - j`` more than the
  inherited total, with chance ``C(r, n)`` (:func:`_continuation_values`), while
  a fresh last turn is worth ``Q(d)``, ``d = i + t - j``.  Once ``Q(d) <=
  min_n C(r, n)`` (``t >= d*(r) - r``, ``Q`` non-increasing) and ``t`` is past
  the goal and the minimum, the bank is worth ``1 - C(r, n)`` whatever ``t``,
  and every throw leads to larger ``t``: the column is *stationary*, a
  six-state stopping problem in the dice alone, solved exactly by policy
  iteration (:func:`_stationary`).  No truncation: the stationary values are
  the values.

The tests double every ``top`` (``cap_scale=2``) and get the same values to
1e-13, and compare with :mod:`jeopardy.reference.farkle`, a solver written
from the rules text.
"""
from __future__ import annotations

import json
import time
from collections import namedtuple
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np
from numba import njit

from jeopardy.errors import JeopardyError
from jeopardy.farkle.throws import option_outcomes, outcomes
from jeopardy.farkle.turn import UNIT, FarkleRules
from jeopardy.files import write_atomically
from jeopardy.race.kernels import newton_step
from jeopardy.results import Result

FORMAT_VERSION = 2
MAX_GAIN = 8000 // UNIT  # six 1s
MAX_NEWTON_STEPS = 200
# The largest goal solved: time and memory grow like goal^3 (10,000: about 10 s).
MAX_GOAL = 30_000
# The throws of 1..6 dice for the kernels.  ``patterns`` group throws with the
# same choices; each has ``choices`` (score in units, next dice); busts are apart.
Throws = namedtuple("Throws", "pattern_offsets pattern_probs choice_offsets choice_scores "
                              "choice_nexts bust hot cold transitions")
# The match rules for the kernels (arrays indexed by the opponent's score j).
Match = namedtuple("Match", "goal round_rule exact_goal no_stop_on_six min_low min_high "
                            "high_score dstar Q R cap_scale continue_position C offsets tops "
                            "throws_flat theta")
# IV.5 (``continue_position``): ``C[r + goal, n]`` is B's last turn continuing from A's
# position with ``n`` dice, needing ``r`` more than the inherited total; ``offsets`` /
# ``tops`` / ``throws_flat`` hold every column's throw values ``[role, i, j] -> t x 7``
# and ``theta[role, i, j, n]`` the throw value past the column's top.


def throw_arrays(keep_choice: bool = False) -> Throws:
    """The throws as flat arrays (see :data:`Throws`)."""
    pattern_offsets = np.zeros(8, dtype=np.int64)
    pattern_probs, choice_offsets, choice_scores, choice_nexts = [], [0], [], []
    bust = np.zeros(7)
    for n in range(1, 7):
        pattern_offsets[n] = len(pattern_probs)
        if keep_choice:
            groups = [(float(p), choices) for p, choices in option_outcomes(n)]
        else:
            groups = [(float(p), ((s, m),) if m else ()) for s, m, p in outcomes(n)]
        for p, choices in groups:
            if not choices:
                bust[n] += p
                continue
            pattern_probs.append(p)
            for s, m in choices:
                choice_scores.append(s // UNIT)
                choice_nexts.append(m)
            choice_offsets.append(len(choice_scores))
    pattern_offsets[7] = len(pattern_probs)
    hot = sum(float(p) for s, m, p in outcomes(6) if m == 6)
    cold = sum(float(p) for s, m, p in outcomes(6) if m and m != 6)
    transitions = np.zeros((7, 7))  # keep-all: P(next dice m | n dice thrown, scoring)
    for n in range(1, 7):
        for s, m, p in outcomes(n):
            if m:
                transitions[n, m] += float(p)
    return Throws(pattern_offsets, np.array(pattern_probs), np.array(choice_offsets, dtype=np.int64),
                  np.array(choice_scores, dtype=np.int64), np.array(choice_nexts, dtype=np.int64),
                  bust, hot, cold, transitions)


# ------------------------------------------------------------- B's last turn
@njit(cache=True, nogil=True)
def last_turn_values(d, minimum, exact_goal, no_stop_on_six, throws):
    """``V[t, n]``: B's chance (tie = 1/2) in its last turn, needing more than ``d``.

    Round ending: B banks once ``t > d`` and ``t >= minimum`` (winning), or at
    ``t == d`` for a tie.  IV.3: B must land on ``d`` exactly (a tie, with no
    minimum); passing it loses.  IV.1: no bank with six dice in hand.
    """
    top = d if exact_goal else max(d, minimum - 1)
    V = np.zeros((top + 1, 7))
    for t in range(top, -1, -1):
        for n in range(1, 7):
            throw = last_turn_throw(V, t, n, top, exact_goal, no_stop_on_six, throws)
            may_tie = t == d and t > 0 and (exact_goal or t >= minimum)
            if no_stop_on_six and n == 6:
                may_tie = False
            V[t, n] = max(0.5, throw) if may_tie else throw
    return V


@njit(cache=True, nogil=True)
def last_turn_throw(V, t, n, top, exact_goal, no_stop_on_six, throws):
    """B's last turn: the value of throwing at ``(t, n)`` given ``V`` above ``t``."""
    # Above top (round ending): win by banking, or with six dice throw once more.
    six_above = throws.cold / (1.0 - throws.hot) if no_stop_on_six else 1.0
    throw = 0.0
    for k in range(throws.pattern_offsets[n], throws.pattern_offsets[n + 1]):
        best = 0.0
        for c in range(throws.choice_offsets[k], throws.choice_offsets[k + 1]):
            u = t + throws.choice_scores[c]
            m = throws.choice_nexts[c]
            if u > top:
                v = 0.0 if exact_goal else (1.0 if m != 6 else six_above)
            else:
                v = V[u, m]
            best = max(best, v)
        throw += throws.pattern_probs[k] * best
    return throw


@njit(cache=True, nogil=True)
def _last_turn(size, minimum, exact_goal, no_stop_on_six, throws):
    """``Q[d]``, ``d = 0 .. size - 1``: B's last-turn value needing more than ``d``."""
    Q = np.zeros(size)
    for d in range(1, size):
        Q[d] = last_turn_values(d, minimum, exact_goal, no_stop_on_six, throws)[0, 6]
    return Q


@njit(cache=True, nogil=True)
def _reach_probabilities(size, no_stop_on_six, throws):
    """``h[r]``: the chance that a turn from six dice, always throwing, collects at
    least ``r`` units and can bank there (IV.1: with fewer than six dice in hand)."""
    six_done = throws.cold / (1.0 - throws.hot) if no_stop_on_six else 1.0
    h = np.zeros((size, 7))
    for r in range(size):
        for n in range(1, 7):
            if r == 0:
                h[r, n] = six_done if n == 6 else 1.0
                continue
            total = 0.0
            for k in range(throws.pattern_offsets[n], throws.pattern_offsets[n + 1]):
                best = 0.0
                for c in range(throws.choice_offsets[k], throws.choice_offsets[k + 1]):
                    rest = r - throws.choice_scores[c]
                    m = throws.choice_nexts[c]
                    v = h[max(rest, 0), m]
                    best = max(best, v)
                total += throws.pattern_probs[k] * best
            h[r, n] = total
    return h[:, 6]


# ------------------------------------------------------------------- kernels
@njit(cache=True, nogil=True, inline='always')
def _minimum(score, match):
    return match.min_high if score > match.high_score else match.min_low


@njit(cache=True, nogil=True, inline='always')
def _t_top(first, i, j, match):
    """The largest turn total kept in the table (see the module docstring)."""
    below = match.goal - i
    if match.exact_goal:
        return below
    top = max(below, _minimum(i, match))
    if first and match.round_rule:
        if match.continue_position:
            r = i - j
            top = max(top, match.dstar[r + match.goal] - r)
        else:
            top = max(top, match.dstar[j] + j - i)
    return match.cap_scale * top


@njit(cache=True, nogil=True, inline='always')
def _finish(first, total, j, match):
    """Value of banking ``total >= goal``: A under the round ending leaves B a last turn."""
    if first and match.round_rule:
        row = 1 if j > match.high_score else 0
        d = total - j
        return 1.0 - match.Q[row, d] if d < match.Q.shape[1] else 1.0
    return 1.0


@njit(cache=True, nogil=True, inline='always')
def _above_top(first, total, m, j, y, throws, match):
    """Value and d/dy of reaching ``total`` past the table with ``m`` dice next."""
    if match.exact_goal:
        return 1.0 - y, -1.0
    if match.no_stop_on_six and m == 6:
        slope = -throws.bust[6] / (1.0 - throws.hot)
        if first and match.round_rule:
            row = 1 if j > match.high_score else 0
            d = total - j
            tail = match.R[row, d] if d < match.R.shape[1] else 0.0
            return 1.0 + slope * y - tail, slope
        return (throws.bust[6] * (1.0 - y) + throws.cold) / (1.0 - throws.hot), slope
    return _finish(first, total, j, match), 0.0


@njit(cache=True, nogil=True, inline='always')
def bank_option(first, i, j, t, n, other, match):
    """``(may bank?, value of banking)`` at ``(i, j, t, n)``; ``other`` is the
    opponent's turn-start table."""
    total = i + t
    if total >= match.goal:
        value = _finish(first, total, j, match)
    else:
        value = 1.0 - other[j, total]
    minimum = _minimum(i, match)
    if match.exact_goal:
        allowed = t > 0 and (total == match.goal or (t >= minimum and total < match.goal))
    else:
        allowed = t > 0 and t >= minimum
    if match.no_stop_on_six and n == 6:
        allowed = False
    return allowed, value


@njit(cache=True, nogil=True, inline='always')
def offered(role, a, b, t, n, fresh, match):
    """IV.5: the value to the player ``role`` at ``(a, b)`` of a turn start at which
    it may continue from ``(t, n)``: the better of a fresh turn and throwing on."""
    top = match.tops[role, a, b]
    if t <= top:
        on = match.throws_flat[match.offsets[role, a, b] + t * 7 + n]
    else:
        on = match.theta[role, a, b, n]
    return max(fresh, on)


@njit(cache=True, nogil=True, inline='always')
def continued_bank(first, i, j, t, n, other, match):
    """IV.5: the value of banking at ``(i, j, t, n)``: the next player may take the
    position over."""
    total = i + t
    if total < match.goal:
        return 1.0 - offered(1 if first else 0, j, total, t, n, other[j, total], match)
    if first and match.round_rule:
        d = total - j
        fresh = match.Q[0, d] if d < match.Q.shape[1] else 0.0
        return 1.0 - max(fresh, match.C[i - j + match.goal, n])
    return 1.0


@njit(cache=True, nogil=True)
def _stationary(i, j, y, throws, match, out, dout):
    """IV.5, A under the round ending, past its top: the column no longer depends on
    the turn total.  ``out[n]``: value, ``out[7 + n]``: the throw value (theta),
    ``dout`` their derivatives in ``y``; a six-state stopping problem solved by
    policy iteration with exact linear solves."""
    r = i - j + match.goal
    P = throws.transitions
    bank = np.zeros(7, dtype=np.bool_)
    for n in range(1, 7):
        bank[n] = True
    W = np.zeros(7)
    dW = np.zeros(7)
    for _ in range(64):
        A = np.eye(6)
        rhs = np.zeros(6)
        drhs = np.zeros(6)
        for n in range(1, 7):
            if bank[n]:
                rhs[n - 1] = 1.0 - match.C[r, n]
            else:
                rhs[n - 1] = throws.bust[n] * (1.0 - y)
                drhs[n - 1] = -throws.bust[n]
                for m in range(1, 7):
                    A[n - 1, m - 1] -= P[n, m]
        solution = np.linalg.solve(A, rhs)
        dsolution = np.linalg.solve(A, drhs)
        for n in range(1, 7):
            W[n] = solution[n - 1]
            dW[n] = dsolution[n - 1]
        changed = False
        for n in range(1, 7):
            theta = throws.bust[n] * (1.0 - y)
            for m in range(1, 7):
                theta += P[n, m] * W[m]
            should = 1.0 - match.C[r, n] >= theta
            if should != bank[n]:
                bank[n] = should
                changed = True
        if not changed:
            break
    for n in range(1, 7):
        theta = throws.bust[n] * (1.0 - y)
        dtheta = -throws.bust[n]
        for m in range(1, 7):
            theta += P[n, m] * W[m]
            dtheta += P[n, m] * dW[m]
        out[n] = W[n]
        dout[n] = dW[n]
        out[7 + n] = theta
        dout[7 + n] = dtheta


@njit(cache=True, nogil=True, inline='always')
def throw_value(first, i, j, t, n, y, top, throws, match, vals, dvals):
    """The value (and d/dy) of throwing ``n`` dice at turn total ``t``, given the
    values above ``t`` in ``vals`` (up to ``top``) and ``y`` after a bust."""
    throw = throws.bust[n] * (1.0 - y)
    dthrow = -throws.bust[n]
    for k in range(throws.pattern_offsets[n], throws.pattern_offsets[n + 1]):
        first_choice = throws.choice_offsets[k]
        last_choice = throws.choice_offsets[k + 1]
        best = -1.0
        dbest = 0.0
        for c in range(first_choice, last_choice):
            u = t + throws.choice_scores[c]
            m = throws.choice_nexts[c]
            if u <= top:
                v = vals[u, m]
                dv = dvals[u, m]
            elif match.continue_position and first and match.round_rule:
                v = vals[top + 1, m]  # the stationary tail (IV.5), set by _column
                dv = dvals[top + 1, m]
            else:
                v, dv = _above_top(first, i + u, m, j, y, throws, match)
            if v > best:
                best = v
                dbest = dv
        p = throws.pattern_probs[k]
        throw += p * best
        dthrow += p * dbest
    return throw, dthrow


@njit(cache=True, nogil=True)
def _column(first, i, j, y, other, throws, match, vals, dvals, acts):
    """Values of the player to move at ``(i, j, t, n)`` given ``y``, the opponent's
    turn-start value after a bust; ``other`` is the opponent's turn-start table.

    ``first``: this player is A, the first of the round.  Fills ``vals[t, n]``,
    ``dvals = d vals / dy`` and ``acts`` (1 throw) for ``t = 0 .. top``;
    returns ``(vals[0, 6], dvals[0, 6])``.
    """
    top = _t_top(first, i, j, match)
    role = 0 if first else 1
    store = match.continue_position
    offset = 0
    if store:
        if first and match.round_rule:
            tail = np.zeros(14)
            dtail = np.zeros(14)
            _stationary(i, j, y, throws, match, tail, dtail)
            for n in range(1, 7):
                vals[top + 1, n] = tail[n]
                dvals[top + 1, n] = dtail[n]
                match.theta[role, i, j, n] = tail[7 + n]
        else:
            for n in range(1, 7):  # past the top one scoring throw wins
                match.theta[role, i, j, n] = 1.0 - throws.bust[n] * y
        offset = match.offsets[role, i, j]
    for t in range(top, -1, -1):
        # the bank's value does not depend on the dice in hand (but for IV.5);
        # IV.1 is checked per n
        may_bank, bank_value = bank_option(first, i, j, t, 1, other, match)
        for n in range(1, 7):
            throw, dthrow = throw_value(first, i, j, t, n, y, top, throws, match, vals, dvals)
            can_bank = may_bank and not (match.no_stop_on_six and n == 6)
            if store:
                match.throws_flat[offset + t * 7 + n] = throw
                if can_bank:
                    bank_value = continued_bank(first, i, j, t, n, other, match)
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
def _solve_sums(VF, VS, throws, match, first_sum, last_sum, tol, max_iter, size):
    """Solve the pairs ``VF[i, j]`` / ``VS[j, i]`` with score sums ``first_sum`` down to
    ``last_sum``; returns ``(largest |F(G(x)) - x|, sweeps)``."""
    goal = match.goal
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
            x = VF[i + 1, j] if i + 1 < goal else 0.5
            lo = 0.0
            hi = 1.0
            y = 0.5
            h = x
            residual = 1.0
            for _ in range(max_iter):
                y, b = _column(False, j, i, x, VF, throws, match, vals, dvals, acts)
                h, a = _column(True, i, j, y, VS, throws, match, vals, dvals, acts)
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
def _residual(VF, VS, throws, match, size):
    """The largest Bellman residual over every turn start (the values at ``t > 0``
    are defined by the column sweep itself).  Down the score sums, so that under
    IV.5 every column's offers are rebuilt before a lower sum reads them."""
    goal = match.goal
    vals = np.zeros((size + 1, 7))
    dvals = np.zeros((size + 1, 7))
    acts = np.zeros((size + 1, 7), dtype=np.int8)
    worst = 0.0
    for s in range(2 * goal - 2, -1, -1):
        for i in range(max(0, s - goal + 1), min(s, goal - 1) + 1):
            j = s - i
            v, _ = _column(True, i, j, VS[j, i], VS, throws, match, vals, dvals, acts)
            worst = max(worst, abs(v - VF[i, j]))
            v, _ = _column(False, i, j, VF[j, i], VF, throws, match, vals, dvals, acts)
            worst = max(worst, abs(v - VS[i, j]))
    return worst


@njit(cache=True, nogil=True)
def _table_size(match):
    """``(largest top + 1, number of turn states)`` over both roles and every pair."""
    largest = 0
    states = 0
    for i in range(match.goal):
        for j in range(match.goal):
            for first in (True, False):
                top = _t_top(first, i, j, match)
                largest = max(largest, top + 1)
                states += 6 * (top + 1)
    return largest, states


# ------------------------------------------------------------------- result
@dataclass(frozen=True, repr=False)
class FarkleSolution(Result):
    """Optimal two-player Ten Thousand: turn-start values of both roles."""

    rules: FarkleRules
    first_to_reach: bool
    VF: np.ndarray = field(repr=False)
    VS: np.ndarray = field(repr=False)
    match: Match = field(repr=False)
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

    @property
    def throws(self) -> Throws:
        return throw_arrays(self.rules.keep_choice)

    def column(self, i: int, j: int, first: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """``(values[t, n], throw?[t, n])`` at scores (i, j) in points."""
        g = self.goal_units
        if (isinstance(i, bool) or isinstance(j, bool) or i % UNIT or j % UNIT
                or not (0 <= i < self.rules.goal and 0 <= j < self.rules.goal)):
            raise JeopardyError(f"scores must be multiples of {UNIT} in 0-{self.rules.goal - UNIT}")
        iu, ju = i // UNIT, j // UNIT
        size = _t_top(first, iu, ju, self.match) + 2
        vals = np.zeros((size + 1, 7))
        dvals = np.zeros((size + 1, 7))
        acts = np.zeros((size + 1, 7), dtype=np.int8)
        y = self.VS[ju, iu] if first else self.VF[ju, iu]
        other = self.VS if first else self.VF
        top = _t_top(first, iu, ju, self.match)
        del g
        _column(first, iu, ju, y, other, self.throws, self.match, vals, dvals, acts)
        return vals[: top + 1], acts[: top + 1].astype(bool)

    def banking(self, i: int, j: int, first: bool = True) -> dict[int, list[list[int]]]:
        """Per dice count, the turn totals (points) at which to bank, as runs
        ``[from, to]``; the last run ends at ``None`` when banking goes on above
        the table (every larger total banks)."""
        from jeopardy.farkle.core import bank_runs

        return bank_runs(self.column(i, j, first)[1])

    def to_dict(self) -> dict:
        return solution_dict(self)

    def save(self, path: str | Path) -> Path:
        meta = json.dumps({"format": FORMAT_VERSION, "rules": self.rules.__dict__,
                           "first_to_reach": self.first_to_reach,
                           "seconds": self.seconds, "max_residual": self.max_residual,
                           "states": self.states, "sweeps": self.sweeps})

        def write(temporary: str) -> None:
            with open(temporary, "wb") as handle:
                np.savez_compressed(handle, VF=self.VF, VS=self.VS,
                                    meta=np.frombuffer(meta.encode(), dtype=np.uint8))

        return write_atomically(path, write, suffix=".npz")


def solution_dict(solution) -> dict:
    """The JSON of a solved two-player Ten Thousand (either solver)."""
    return {"game": "ten-thousand", "goal": solution.rules.goal,
            "min_bank": solution.rules.min_bank,
            "ending": "first-to-reach" if solution.first_to_reach else "round",
            "first_to_reach": solution.first_to_reach, "rules": _rule_names(solution.rules),
            "win_probability": solution.win_probability, "states": solution.states,
            "seconds": solution.seconds, "max_residual": solution.max_residual}


def _rule_names(rules: FarkleRules) -> list[str]:
    names = []
    if rules.no_stop_on_six:
        names.append("IV.1")
    if rules.high_min_bank is not None:
        names.append("IV.2")
    if rules.exact_goal:
        names.append("IV.3")
    if rules.keep_choice:
        names.append("IV.4")
    return names


def rules_from_meta(path: str | Path, meta: dict) -> tuple[FarkleRules, bool]:
    """``(rules, first_to_reach)`` of a solution file's metadata, or a one-line refusal."""
    try:
        return FarkleRules(**meta["rules"]), bool(meta["first_to_reach"])
    except (TypeError, KeyError, ValueError, AttributeError) as error:
        raise JeopardyError(f"{str(path)!r}: damaged rules ({error})") from None


def load(path: str | Path) -> FarkleSolution:
    """Read a solution written by :meth:`FarkleSolution.save` (no pickle); the match
    data are rebuilt from the rules and the residual is recomputed, not trusted."""
    from jeopardy.files import read_npz

    data = read_npz(path, "Farkle solution file", ("VF", "VS"))
    VF, VS, meta = data["VF"], data["VS"], data.get("meta")
    if not isinstance(meta, dict) or meta.get("format") != FORMAT_VERSION:
        raise JeopardyError(f"{str(path)!r} is not a Farkle solution file of format {FORMAT_VERSION}")
    rules, first_to_reach = rules_from_meta(path, meta)
    g = rules.goal // UNIT
    for name, table in (("VF", VF), ("VS", VS)):
        if table.shape != (g, g) or table.dtype != np.float64 or not np.all((table >= 0) & (table <= 1)):
            raise JeopardyError(f"{str(path)!r}: table {name} is damaged")
    throws = throw_arrays(rules.keep_choice)
    match = match_rules(rules, first_to_reach, throws)
    size, states = _table_size(match)
    residual = float(_residual(VF, VS, throws, match, size + 1))
    if residual > 1e-9:
        raise JeopardyError(f"{str(path)!r}: the stored values do not solve the game "
                            f"(Bellman residual {residual:.1e})")
    return FarkleSolution(rules, first_to_reach, VF, VS, match, float(meta.get("seconds", 0.0)),
                          residual, states, int(meta.get("sweeps", 0)))


# ------------------------------------------------------------------ solving
def match_rules(rules: FarkleRules, first_to_reach: bool, throws: Throws,
                cap_scale: int = 1) -> Match:
    """The kernels' match data: B's last-turn values ``Q``, the caps ``d*`` (module
    docstring) and, with IV.1, the six-dice tail ``R``."""
    g = rules.goal // UNIT
    min_low, min_high, high = rules.in_units()
    round_rule = not first_to_reach
    empty = np.zeros((2, 1))
    dstar = np.zeros(g, dtype=np.int64)
    if not round_rule:
        return _with_store(rules, throws, Match(g, False, rules.exact_goal, rules.no_stop_on_six,
                                                min_low, min_high, high, dstar, empty, empty,
                                                cap_scale, *NO_STORE))
    minima = (min_low, min_high)
    if rules.exact_goal:
        Q = np.vstack([_last_turn(g + 2, m, True, rules.no_stop_on_six, throws) for m in minima])
        return Match(g, True, True, rules.no_stop_on_six, min_low, min_high, high, dstar, Q,
                     empty, cap_scale, *NO_STORE)
    if rules.continue_position:
        return _with_store(rules, throws, _continuing_round(rules, throws, cap_scale))
    smallest_bust = float(min(throws.bust[1:]))
    reach = _reach_probabilities(g + max(minima) + 1, rules.no_stop_on_six, throws)
    lower = np.array([reach[max(g - j, minima[1 if j > high else 0])] for j in range(g)])
    if np.any(lower <= 0.0):
        raise JeopardyError(f"goal {rules.goal}: the cap's bound underflows; use a smaller goal")
    size = g + max(minima) + 64
    while True:
        Q = np.vstack([_last_turn(size, m, False, rules.no_stop_on_six, throws) for m in minima])
        found = True
        for j in range(g):
            row = Q[1 if j > high else 0]
            below = np.flatnonzero((row <= smallest_bust * lower[j]) & (np.arange(size) > 0))
            if len(below) == 0:
                found = False
                break
            dstar[j] = below[0]
        # With IV.1 the tail R runs until Q <= 1e-20 (module docstring).
        tiny = np.flatnonzero((np.max(Q, axis=0) <= 1e-20) & (np.arange(size) > 0))
        if found and (len(tiny) or not rules.no_stop_on_six):
            break
        size *= 2
    # Q is read up to the largest top plus one throw; with IV.1, R to the tail's end.
    far = int(tiny[0]) if rules.no_stop_on_six else 0
    reach_top = max(g, max(minima) + g, int(dstar.max())) * cap_scale + MAX_GAIN + 2
    if reach_top >= size:
        Q = np.vstack([_last_turn(reach_top + 1, m, False, rules.no_stop_on_six, throws)
                       for m in minima])
    Q = Q[:, : max(reach_top, far) + 1]
    R = empty
    if rules.no_stop_on_six:
        R = np.zeros_like(Q)
        hot, cold = [], []
        for s, m, p in outcomes(6):
            if m:
                (hot if m == 6 else cold).append((s // UNIT, float(p)))
        for d in range(Q.shape[1] - 1, -1, -1):
            for row in range(2):
                total = sum(p * Q[row, d + s] for s, p in cold if d + s < Q.shape[1])
                total += sum(p * R[row, d + s] for s, p in hot if d + s < Q.shape[1])
                R[row, d] = total
    return Match(g, True, False, rules.no_stop_on_six, min_low, min_high, high, dstar, Q, R,
                 cap_scale, *NO_STORE)


NO_STORE = (False, np.zeros((1, 7)), np.zeros((2, 1, 1), dtype=np.int64),
            np.zeros((2, 1, 1), dtype=np.int64), np.zeros(1), np.zeros((2, 1, 1, 7)))


@njit(cache=True, nogil=True)
def _continuation_values(goal, throws):
    """IV.5: ``C[r + goal, n]``, B's last turn continuing from A's position with ``n``
    dice, ``r`` short of A's total over the inherited turn total (it must throw
    once; then it banks above A's total to win, or at it for a tie)."""
    low = MAX_GAIN + 1  # G[rho + low]: rho = -low .. goal
    G = np.zeros((goal + low + 1, 7))
    C = np.zeros((2 * goal + 1, 7))
    for rho in range(-low, goal + 1):
        for n in range(1, 7):
            if rho < 0:
                G[rho + low, n] = 1.0
                continue
            throw = 0.0
            for k in range(throws.pattern_offsets[n], throws.pattern_offsets[n + 1]):
                c = throws.choice_offsets[k]
                rest = rho - throws.choice_scores[c]
                throw += throws.pattern_probs[k] * (1.0 if rest < 0 else G[rest + low, throws.choice_nexts[c]])
            G[rho + low, n] = max(0.5, throw) if rho == 0 else throw
    for r in range(-goal, goal + 1):
        for n in range(1, 7):
            throw = 0.0
            for k in range(throws.pattern_offsets[n], throws.pattern_offsets[n + 1]):
                c = throws.choice_offsets[k]
                rest = r - throws.choice_scores[c]
                throw += throws.pattern_probs[k] * (1.0 if rest < 0 else G[rest + low, throws.choice_nexts[c]])
            C[r + goal, n] = throw
    return C


def _continuing_round(rules: FarkleRules, throws: Throws, cap_scale: int) -> Match:
    """IV.5 under the round ending: B's last-turn values and the tops past which A's
    column is stationary (module docstring)."""
    g = rules.goal // UNIT
    minimum = rules.min_bank // UNIT
    C = _continuation_values(g, throws)
    smallest = C[:, 1:].min(axis=1)
    if np.any(smallest <= 0.0):
        raise JeopardyError(f"goal {rules.goal}: the continuation values underflow; "
                            "use a smaller goal")
    dstar = np.zeros(2 * g + 1, dtype=np.int64)
    size = 2 * g + minimum + 64
    while True:
        Q = _last_turn(size, minimum, False, False, throws)
        found = True
        for index in range(2 * g + 1):
            below = np.flatnonzero((Q <= smallest[index]) & (np.arange(size) > 0))
            if len(below) == 0:
                found = False
                break
            dstar[index] = below[0]
        if found:
            break
        size *= 2
    reach = (max(int(dstar.max()), 2 * g + minimum) + g) * cap_scale + MAX_GAIN + 2
    Q = _last_turn(reach + 1, minimum, False, False, throws)
    Q = np.vstack([Q, Q])
    empty = np.zeros((2, 1))
    return Match(g, True, False, False, minimum, minimum, 10 ** 9, dstar, Q, empty, cap_scale,
                 True, C, *NO_STORE[2:])


def _with_store(rules: FarkleRules, throws: Throws, match: Match) -> Match:
    """IV.5: room for every column's throw values (offers to the next player)."""
    if not rules.continue_position:
        return match
    g = match.goal
    match = match._replace(continue_position=True)
    offsets = np.zeros((2, g, g), dtype=np.int64)
    tops = np.zeros((2, g, g), dtype=np.int64)
    at = 0
    for role in range(2):
        for i in range(g):
            for j in range(g):
                top = int(_t_top(role == 0, i, j, match))
                offsets[role, i, j] = at
                tops[role, i, j] = top
                at += (top + 1) * 7
    return match._replace(offsets=offsets, tops=tops, throws_flat=np.zeros(at + 7),
                          theta=np.zeros((2, g, g, 7)))


def estimate(rules: FarkleRules, first_to_reach: bool = False) -> tuple[float, int]:
    """Rough ``(seconds, bytes)`` of :func:`solve` on this machine: goal 10,000 takes
    about 6 s (states grow like goal^3, the Newton steps like goal^2 of them)."""
    g = rules.goal // UNIT
    seconds = 6.0 * (g / 200) ** 3 * (1.5 if rules.keep_choice else 1.0)
    return seconds, 16 * g * g + 50_000_000


def refuse_too_big(rules: FarkleRules, first_to_reach: bool, cap_scale: int) -> None:
    """Refuse, before any work, a goal past this machine or a cap scale below 1."""
    from jeopardy import resources

    resources.require("farkle", "solving Ten Thousand", goal=rules.goal,
                      keep_choice=rules.keep_choice, first_to_reach=first_to_reach)
    if rules.goal > MAX_GOAL:
        seconds, _ = estimate(rules, first_to_reach)
        raise JeopardyError(f"goal {rules.goal} would take about {seconds / 60:.0f} minutes; "
                            f"the largest goal solved is {MAX_GOAL}")
    if cap_scale < 1:
        raise JeopardyError(f"cap_scale must be at least 1; got {cap_scale}")


def solve(rules: FarkleRules = FarkleRules(), first_to_reach: bool = False,
          progress: Callable[[float], None] | None = None, tolerance: float = 1e-14,
          cap_scale: int = 1) -> FarkleSolution:
    """Solve two-player Ten Thousand to ``rules.goal`` (see the module docstring).

    ``cap_scale`` multiplies every turn-total cap (the tests double it).
    """
    if rules.continue_position and (rules.no_stop_on_six or rules.keep_choice or
                                    rules.exact_goal or rules.high_min_bank is not None):
        raise JeopardyError("rule IV.5 (continue from the previous player's position) is solved "
                            "on its own, not together with rules IV.1-IV.4")
    refuse_too_big(rules, first_to_reach, cap_scale)
    started = time.perf_counter()
    g = rules.goal // UNIT
    throws = throw_arrays(rules.keep_choice)
    match = match_rules(rules, first_to_reach, throws, cap_scale)
    size, states = _table_size(match)
    VF = np.full((g, g), 0.5)
    VS = np.full((g, g), 0.5)
    top_sum = 2 * g - 2
    chunk = max(1, (top_sum + 1) // 50)
    s = top_sum
    sweeps = 0
    while s >= 0:
        last = max(0, s - chunk + 1)
        _, n = _solve_sums(VF, VS, throws, match, s, last, tolerance, MAX_NEWTON_STEPS, size + 1)
        sweeps += n
        s = last - 1
        if progress is not None:
            progress(1 - (s + 1) ** 2 / (top_sum + 1) ** 2 if s >= 0 else 1.0)
    seconds = time.perf_counter() - started
    residual = float(_residual(VF, VS, throws, match, size + 1))
    return FarkleSolution(rules, first_to_reach, VF, VS, match, seconds, residual, states, sweeps)
