"""The last turn of Ten Thousand's round, and where the first player's turn may stop.

Scores are in units of 50.  Under the seed's round rule (section III) the
first player of the round (A) who banks ``T >= goal`` gives the second (B)
one last turn; B wins by ending strictly above ``T``, ties at ``T`` (1/2
each), loses otherwise.  B's last turn depends only on ``d = T - j`` (``j``:
B's score): its chance ``Q(d)`` comes from a small DP
(:func:`last_turn_values`).  The solver (:mod:`jeopardy.farkle.core`, the
match solver's ``equal-turns`` ending) reads ``Q`` and the bounds below as its
:class:`~jeopardy.match.process_solver.Ending`.

Why the turn totals can stop (proof of the caps)
-----------------------------------------------
Let ``b = min_n P(n dice score nothing)`` (six dice: 0.0231).  A table of
turn totals ``t = 0 .. top(i, j)`` is kept per role and score pair; a throw
that passes ``top`` is valued as an immediate bank.  That is exact because
above ``top`` banking is allowed and optimal:

* B, or either player under first-to-reach: ``top = max(goal - i, M_i)``.
  Above it ``t >= M_i`` and ``i + t >= goal``: banking wins at once (value 1),
  which no throw beats.
* A under the round ending.  Banking ``T = i + t >= goal`` is worth
  ``1 - Q(T - j)``.  Throwing is worth at most ``(1 - b_n) * 1 + b_n (1 - y)
  <= 1 - b y``, where ``y`` is B's chance after A's bust -- a bust is *not*
  worth 0 to the thrower.  B wins at once by reaching the goal in its next
  turn, so ``y >= L(j)``: the chance that a turn that throws until ``t >=
  max(goal - j, M_j)`` gets there (the turn process's
  :func:`~jeopardy.match.process_last_round.reach_chances`).  Hence
  banking is optimal once ``Q(T - j) <= b L(j)``; ``Q`` is non-increasing (a
  strategy that beats ``d + 1`` also beats ``d``), so this holds for every
  ``T - j >= d*(j)``, the first such ``d``, and ``top = max(goal - i, M_i,
  d*(j) + j - i)``.
* IV.1: above ``top`` a player with six dice in hand may not bank and must
  throw: a geometric sum until the dice leave six.  For A it ends with
  ``R(d) = sum_cold p Q(d + s) + sum_hot p R(d + s)``, B's chance after the
  tail; ``R`` is computed backwards from ``D`` with ``Q(D) <= 1e-20`` and ``R =
  0`` beyond, an error of at most ``sup_{d >= D} R(d) <= Q(D) <= 1e-20``.
* IV.3: turn totals above ``goal - i`` are lost, so ``top = goal - i``.
* IV.5: B's last turn may take A's position ``(t, n)`` over and needs only
  ``r = i - j`` more than the inherited total, with chance ``C(r, n)``
  (:func:`_continuation_values`), while a fresh last turn is worth ``Q(d)``,
  ``d = i + t - j``.  Once ``Q(d) <= min_n C(r, n)`` (``t >= d*(r) - r``) and
  ``t`` is past the goal and the minimum, A's bank is worth ``1 - C(r, n)``
  whatever ``t``: A's turn is settled there
  (:func:`jeopardy.match.process_kernels.settle`).  No truncation.

The tests double every ``top`` (``cap_scale=2``) and get the same values to
1e-13, and compare with tests/oracles/farkle.py, a solver written
from the rules text.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from jeopardy.errors import JeopardyError
from jeopardy.farkle.throws import option_outcomes, outcomes
from jeopardy.farkle.turn import UNIT, FarkleRules, Throws, rules_throws, turn_process
from jeopardy.match.process_last_round import reach_chances
from jeopardy.match.process_solver import NO_ENDING, Ending

MAX_GAIN = 8000 // UNIT  # six 1s: the most one throw scores (the seed's table; rules.max_gain)


# ------------------------------------------------------------- B's last turn
@njit(cache=True, nogil=True, inline="always")
def last_turn_values(d, minimum, exact_goal, no_stop_on_six, throws):
    """``V[t, n]``: B's chance (tie = 1/2) in its last turn, needing more than ``d``.

    Round ending: B banks once ``t > d`` and ``t >= minimum`` (winning), or at
    ``t == d`` for a tie.  IV.3: B must land on ``d`` exactly (a tie, with no
    minimum); passing it loses.  IV.1: no bank with six dice in hand.
    """
    top = d if exact_goal else max(d, minimum - 1)
    V = np.zeros((top + 1, throws.dice + 1))
    for t in range(top, -1, -1):
        for n in range(throws.dice + 1):
            throw = last_turn_throw(V, t, n, top, exact_goal, no_stop_on_six, throws)
            may_tie = t == d and t > 0 and (exact_goal or t >= minimum)
            if no_stop_on_six and n == 6:
                may_tie = False
            V[t, n] = max(0.5, throw) if may_tie else throw
    return V


@njit(cache=True, nogil=True, inline="always")
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
    """``Q[d]``, ``d = 0 .. size - 1``: B's last-turn value needing more than ``d``.
    :func:`last_turn_values` and :func:`last_turn_throw` are inlined into it: compiled
    on their own as well, the three took a second more of a cold start."""
    Q = np.zeros(size)
    for d in range(1, size):
        Q[d] = last_turn_values(d, minimum, exact_goal, no_stop_on_six, throws)[0, throws.dice]
    return Q


def most_one_turn(rules: FarkleRules) -> int:
    """With hot dice off, the most units one turn can score (every throw sets a die
    aside, so a turn throws at most ``dice`` times): the best sum over every sequence."""
    best = [0] * (rules.dice + 1)
    for n in range(1, rules.dice + 1):
        if rules.keep_choice:
            gains = [s + best[m] for _, choices in option_outcomes(n, rules.scoring, 0)
                     for s, m in choices]
        else:
            gains = [s + best[m] for s, m, _ in outcomes(n, rules.scoring, 0) if s]
        best[n] = max(gains)
    return best[rules.dice] // UNIT


# ---------------------------------------------------------- the ending data
def round_ending(rules: FarkleRules, first_to_reach: bool = False,
                 cap_scale: int = 1) -> Ending:
    """The match solver's ending data: B's last-turn chances ``Q``, the bounds ``d*``
    (module docstring), with IV.1 the six-dice tail ``R``, with IV.5 the takeover
    chances ``C`` (``NO_ENDING`` first to reach: no last turn)."""
    if first_to_reach:
        return NO_ENDING
    throws = rules_throws(rules)
    g = rules.goal // UNIT
    min_low, min_high, high = rules.in_units()
    empty = np.zeros((2, 1))
    dstar = np.zeros(g, dtype=np.int64)
    minima = (min_low, min_high)
    if rules.exact_goal:
        Q = np.vstack([_last_turn(g + 2, m, True, rules.no_stop_on_six, throws) for m in minima])
        return Ending(Q, empty, dstar)
    if rules.continue_position:
        return _continuing_round(rules, throws, cap_scale)
    smallest_bust = float(min(throws.bust[1:]))  # column 0 (no dice) banks or busts surely
    size = g + max(minima) + 64
    if not rules.hot_dice:
        # No turn scores more than ``most``: A's table reaches every total its turn can
        # make once ``d*(j) + j - i >= most`` for every ``i < g`` (no truncation).
        dstar[:] = most_one_turn(rules) + g - 1 - np.arange(g)
        size = max(size, int(dstar.max()) + 1)
        Q = np.vstack([_last_turn(size, m, False, rules.no_stop_on_six, throws) for m in minima])
    else:
        reach = reach_chances(turn_process(rules), g + max(minima) + 1)
        lower = np.array([reach[max(g - j, minima[1 if j > high else 0])] for j in range(g)])
        if np.any(lower <= 0.0):
            raise JeopardyError(f"goal {rules.goal}: the cap's bound underflows; use a smaller goal")
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
    reach_top = max(g, max(minima) + g, int(dstar.max())) * cap_scale + rules.max_gain + 2
    if reach_top >= size:
        Q = np.vstack([_last_turn(reach_top + 1, m, False, rules.no_stop_on_six, throws)
                       for m in minima])
    Q = Q[:, : max(reach_top, far) + 1]
    R = empty
    if rules.no_stop_on_six:
        R = np.zeros_like(Q)
        hot, cold = [], []
        for s, m, p in outcomes(6, rules.scoring):
            if m:
                (hot if m == 6 else cold).append((s // UNIT, float(p)))
        for d in range(Q.shape[1] - 1, -1, -1):
            for row in range(2):
                total = sum(p * Q[row, d + s] for s, p in cold if d + s < Q.shape[1])
                total += sum(p * R[row, d + s] for s, p in hot if d + s < Q.shape[1])
                R[row, d] = total
    return Ending(Q, R, dstar)


@njit(cache=True, nogil=True)
def _continuation_values(goal, throws):
    """IV.5: ``C[r + goal, n]``, B's last turn continuing from A's position with ``n``
    dice, ``r`` short of A's total over the inherited turn total (it must throw
    once; then it banks above A's total to win, or at it for a tie).  B's last turn
    needing more than ``goal`` (:func:`last_turn_values`, no minimum: A's total is past
    it) from turn total ``goal - r``: its throw (:func:`last_turn_throw`; ``r < 0``:
    every scoring throw wins)."""
    V = last_turn_values(goal, 0, False, False, throws)
    C = np.zeros((2 * goal + 1, throws.dice + 1))
    for r in range(-goal, goal + 1):
        for n in range(1, throws.dice + 1):
            C[r + goal, n] = last_turn_throw(V, goal - r, n, goal, False, False, throws)
    return C


def _continuing_round(rules: FarkleRules, throws: Throws, cap_scale: int) -> Ending:
    """IV.5 under the round ending: B's last-turn values, its takeover chances and the
    bounds past which A's turn is settled (module docstring)."""
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
    return Ending(np.vstack([Q, Q]), np.zeros((2, 1)), dstar, C[:, 1:])



def penalty_round_ending(rules: FarkleRules, cap_scale: int = 1) -> Ending:
    """The round ending's data with the penalty (:func:`jeopardy.match.counters.solve`):
    B's last-turn chances ``Q`` and the first player's bounds ``dstar[j - floor]`` for
    B's every score ``j`` from the penalty's floor.  The proof of the caps is the
    module's: A's bust is worth ``1 - y`` with ``y >= L(j)`` whatever the penalty takes
    from A (B wins at once by reaching the goal in its next turn), ``L(j)`` the chance
    that one turn from ``j`` gets there (farther for a score below 0); with hot dice off
    A's table holds every total its turn reaches.  ``cap_scale`` multiplies every bound
    (the tests double it).  Rules IV.1, IV.3 and IV.5 are refused by the penalty's solve."""
    throws = rules_throws(rules)
    g = rules.goal // UNIT
    floor = rules.penalty.floor // UNIT
    scores = np.arange(floor, g)
    min_low, min_high, high = rules.in_units()
    minima = (min_low, min_high)
    rows = (scores > high).astype(int)
    if not rules.hot_dice:
        dstar = (most_one_turn(rules) + g - 1 - scores).astype(np.int64)
    else:
        smallest_bust = float(min(throws.bust[1:]))
        reach = reach_chances(turn_process(rules), g - floor + max(minima) + 1)
        lower = np.array([reach[max(g - j, minima[r])] for j, r in zip(scores, rows)])
        if np.any(lower <= 0.0):
            raise JeopardyError(f"goal {rules.goal}, floor {rules.penalty.floor}: the cap's "
                                "bound underflows; use a smaller goal or a higher floor")
        size = g - floor + max(minima) + 64
        while True:
            Q = np.vstack([_last_turn(size, m, False, False, throws) for m in minima])
            below = [np.flatnonzero((Q[r] <= smallest_bust * low) & (np.arange(size) > 0))
                     for r, low in zip(rows, lower)]
            if all(len(b) for b in below):
                dstar = np.array([b[0] for b in below], dtype=np.int64)
                break
            size *= 2
    dstar = dstar * cap_scale
    top = int(max(g - floor, max(minima), int(np.max(dstar + scores)) - floor))
    # counters.solve reads Q to a deficit of the largest top past a throw, from the floor
    reach_top = top + rules.max_gain + g - floor + 2
    Q = np.vstack([_last_turn(reach_top + 1, m, False, False, throws) for m in minima])
    return Ending(Q, np.zeros((2, 1)), dstar)
