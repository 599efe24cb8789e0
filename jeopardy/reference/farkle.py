"""Two-player Ten Thousand solved from the rules text alone (a reference twin).

Written from the seed ``ten-thousand-dice-game-analysis.txt`` (sections I-IV)
and the scoring in :mod:`jeopardy.reference.farkle_throws`; it shares no
equations with :mod:`jeopardy.farkle.race`, which it checks.

Rules as read here (scores in units of 50 points; ``g`` = goal, ``m`` =
minimum turn score):

* A turn is a sequence of throws.  A throw of ``n`` dice scores its
  combinations; the scoring dice are set aside and the rest are thrown next,
  all six after hot dice.  A throw without a combination (a farkle) loses the
  turn total and ends the turn.  Before any throw the player may instead bank,
  but only when the turn total ``t >= m`` (rule I.2), in every turn, near the
  goal too.  So every turn has at least one throw.
* Ending "round" (section III, the default): A moves first.  If A banks a
  total ``a >= g``, B plays one last turn and wins by ending strictly above
  ``a``; equal totals tie (1/2 each); otherwise A wins.  If B banks ``>= g``
  in a round in which A did not, B wins at once.  Ending "first to reach":
  whoever first banks ``>= g`` wins.
* Options (section IV), each a switch: IV.1 no bank with six dice in hand;
  IV.2 a higher minimum (500) once the player's banked score is above 5,000;
  IV.3 the goal must be hit exactly: a throw that takes the score (banked +
  turn) above ``g`` is a bust, and a bank that lands exactly on ``g`` needs no
  minimum ("no minimal round's score for the last round"); under the round
  ending B's last turn can then only tie, by landing on ``g``; IV.4 the thrower
  sets aside any non-empty part of the throw in which every die scores.

States and values.  ``VA[i, j]``: the first player's chance (ties 1/2) when A
is about to start a turn with A at ``i`` and B at ``j`` (both below ``g``);
``VB[i, j]``: the same chance when B is about to start its ordinary turn.
Within a turn the states are ``(t, n)``, turn total and dice in hand; every
scoring throw adds at least 50 points, so ``t`` only grows and one backward
pass over ``t`` gives the turn's values from the values after it.  B's last
turn (A finished at ``a``) is such a turn alone: ``last[j, a - g]``.

Solving.  ``VA[i, j]`` depends on ``VB[i, j]`` (A farkles) and on ``VB`` at
higher score sums (A banks); ``VB[i, j]`` on ``VA[i, j]`` and higher sums.  The
pairs are visited by decreasing ``i + j`` and each pair's two values iterated
(Gauss-Seidel) until neither moves by more than ``tolerance``.  Each pair is
iterated twice, from 0 and from 1: the update is monotone, so the iterates
from 0 stay below every fixed point and those from 1 above; the two tables
carry a bracket ``[lower, upper]`` of the value, reported with the result.

The one truncation, the round ending's turn totals.  A's turn total is
unbounded once ``a = i + t >= g`` (A may throw on to widen its lead).  States
with ``a >= g + D`` (``D`` the settle margin) are *settled*: A banks there.
Proof that this is exact when condition (C) below holds.  Let ``r(x)`` be the
largest chance that one turn's total ever reaches ``x`` (the player who never
banks attains it; :func:`reach_probabilities`).  At a settled state, banking
is worth ``1 - L`` where ``L``, B's last-turn chance, is at most ``r(a - j)``:
B must make ``a - j`` in one turn.  Throwing is worth at most
``P(n, 0) * VB[i, j] + (1 - P(n, 0)) * 1``.  B, moving after A's farkle, wins
at least when it makes ``max(g - j, m)`` in that very turn, so
``1 - VB[i, j] >= R_j = r(max(g - j, m(j)))`` (times the chance of leaving
six dice in hand under IV.1).  Throwing minus banking is then at most
``L - P(n, 0) * (1 - VB[i, j]) <= r(a - j) - P(6, 0) * R_j``.  Condition

    (C)  r(g + D - j) < P(6, 0) * R_j / 2   for every j < g

makes it negative at every settled state (``r`` falls in ``x``), so banking is
strictly optimal there: the true values satisfy the settled equations and lie
in the computed bracket.  ``D`` is chosen as the smallest multiple of 10 (at
least the minimum) that satisfies (C); at goal 10,000 that is about 3,000
points.  Under IV.1 A cannot bank with six dice in hand: such settled states
are valued as "throw until fewer than six dice, then bank at the current
value", which is off by at most ``r(D + 1)``; there ``D`` is also taken so that
``r(D + 1) < 1e-16`` (about 30,000 points, slow).  The tests double ``D``.

Policy evaluation (:func:`evaluate`) runs the same passes with both players'
bank/throw choices given by functions (compiled by numba) ``decide(role,
my_score, other_score, turn_total, dice_in_hand) -> bool`` in points, role 0
for the first player, 1 for the second; they are asked only where banking is
allowed.  A policy must bank in the settled states (past the goal when its
bank wins or settles the round, above the leader in the last turn); one that
throws on there, within a throw of the computed totals, is refused.
"""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass

import numpy as np
from numba import cfunc, njit, types
from numba.core.ccallback import CFunc

from jeopardy.errors import JeopardyError
from jeopardy.reference.farkle_throws import MAX_DICE, UNIT, outcome_arrays

TOP = 161  # rows past a turn's last computed total: a throw adds at most 8,000 points


@dataclass(frozen=True)
class ReferenceRules:
    """The rules in points, each switch one rule of the seed's section IV."""

    goal: int = 10_000
    min_bank: int = 350
    first_to_reach: bool = False
    no_bank_six: bool = False  # IV.1
    high_min_bank: int | None = None  # IV.2: minimum above high_score (e.g. 500)
    high_score: int = 5_000
    exact_goal: bool = False  # IV.3
    keep_any_part: bool = False  # IV.4

    def __post_init__(self) -> None:
        if self.goal <= 0 or self.goal % UNIT:
            raise JeopardyError(f"goal must be a positive multiple of {UNIT}; got {self.goal}")
        for name in ("min_bank", "high_min_bank"):
            value = getattr(self, name)
            if value is not None and (value <= 0 or value % UNIT):
                raise JeopardyError(f"{name} must be a positive multiple of {UNIT}; got {value}")
        if self.high_score % UNIT or self.high_score < 0:
            raise JeopardyError(f"high_score must be a non-negative multiple of {UNIT}")
        if self.goal > 20_000:
            raise JeopardyError(f"the reference is for goals up to 20,000; got {self.goal}")

    def bundle(self, settle: int, optimal: bool) -> np.ndarray:
        high = self.high_min_bank if self.high_min_bank is not None else self.min_bank
        return np.array([self.goal // UNIT, self.min_bank // UNIT, high // UNIT,
                         self.high_score // UNIT if self.high_min_bank is not None else 10 ** 9,
                         int(self.no_bank_six), int(self.exact_goal), int(not self.first_to_reach),
                         settle, int(optimal)], np.int64)


# Indices into the rules bundle.
GOAL, MIN_LOW, MIN_HIGH, HIGH_SCORE, NO_BANK_SIX, EXACT, ROUND, SETTLE, OPTIMAL = range(9)


@dataclass(frozen=True)
class ReferenceSolution:
    """First player's chance (ties 1/2) with its certified bracket."""

    rules: ReferenceRules
    win_probability: float
    lower: float
    upper: float
    settle_margin: int  # D in points
    settle_error: float  # bound on the settled states' error (0 when exact)
    pair_iterations: int  # most Gauss-Seidel passes of any pair
    seconds: float

    def to_dict(self) -> dict:
        return asdict(self)

    def __repr__(self) -> str:
        ending = "first-to-reach" if self.rules.first_to_reach else "round"
        return (f"ReferenceSolution(goal={self.rules.goal}, {ending}, "
                f"win_probability={self.win_probability:.15f}, width={self.upper - self.lower:.1e})")


# ---------------------------------------------------------------- rule pieces

@njit(cache=True, nogil=True)
def _minimum(rules, score):
    """I.2 and IV.2: the minimum turn score for a player with ``score`` banked."""
    return rules[MIN_HIGH] if score > rules[HIGH_SCORE] else rules[MIN_LOW]


@njit(cache=True, nogil=True)
def _may_bank(rules, score, t, n):
    """May a player with ``score`` banked end the turn at total ``t`` with ``n`` dice in hand?"""
    if t <= 0:
        return False
    if rules[NO_BANK_SIX] and n == MAX_DICE:  # IV.1
        return False
    if rules[EXACT] and score + t == rules[GOAL]:  # IV.3: no minimum for the exact finish
        return True
    return t >= _minimum(rules, score)


@njit(cache=True, nogil=True)
def _throw(V, t, n, farkle_value, tables):
    """Value of throwing ``n`` dice at total ``t``: a farkle is worth
    ``farkle_value``; otherwise the best option's state (IV.4 offers several)."""
    counts, scores, nexts, probs, bust = tables
    value = farkle_value * bust[n]
    for k in range(counts[n]):
        best = -1.0
        for o in range(MAX_DICE):
            m = nexts[n, k, o]
            if m == 0:
                break
            x = V[t + scores[n, k, o], m]
            if x > best:
                best = x
        value += probs[n, k] * best
    return value


@njit(cache=True, nogil=True)
def _settle_rows(V, length, settled, farkle_value, overshoot_busts, rules, tables):
    """Fill rows ``length .. length + TOP - 1``: banked at ``settled``, or a farkle
    past an exact goal (IV.3).  Under IV.1 six dice in hand must be thrown on
    until fewer remain, each later bank valued at this row's bank value."""
    counts, scores, nexts, probs, bust = tables
    hot = 0.0  # chance that every option of a six-dice throw leaves six dice
    for k in range(counts[MAX_DICE]):
        forced = True
        for o in range(MAX_DICE):
            if nexts[MAX_DICE, k, o] == 0:
                break
            if nexts[MAX_DICE, k, o] != MAX_DICE:
                forced = False
        if forced:
            hot += probs[MAX_DICE, k]
    p0 = bust[MAX_DICE]
    for r in range(TOP):
        for n in range(1, MAX_DICE + 1):
            if overshoot_busts:
                V[length + r, n] = farkle_value
            elif rules[NO_BANK_SIX] and n == MAX_DICE:
                V[length + r, n] = (p0 * farkle_value + (1.0 - p0 - hot) * settled[r]) / (1.0 - hot)
            else:
                V[length + r, n] = settled[r]


@njit(cache=True, nogil=True)
def _turn(V, length, bank, farkle_value, score, other, role, rules, tables, decide):
    """One turn by backward induction on the total: returns the mover's value
    at (t = 0, six dice).  ``bank[t]`` is the mover's value of banking at ``t``.
    A policy (not ``OPTIMAL``) must bank in the settled rows: -1 if it does not."""
    if not rules[OPTIMAL]:
        for t in range(length, length + TOP):
            for n in range(1, MAX_DICE + 1):
                if _may_bank(rules, score, t, n) and not decide(role, UNIT * score, UNIT * other,
                                                                 UNIT * t, n):
                    return -1.0
    for t in range(length - 1, -1, -1):
        for n in range(1, MAX_DICE + 1):
            value = _throw(V, t, n, farkle_value, tables)
            if _may_bank(rules, score, t, n):
                if rules[OPTIMAL]:
                    if bank[t] > value:
                        value = bank[t]
                elif decide(role, UNIT * score, UNIT * other, UNIT * t, n):
                    value = bank[t]
            V[t, n] = value
    return V[0, MAX_DICE]


# ---------------------------------------------------------------- the turns

@njit(cache=True, nogil=True)
def _last_turns(rules, tables, decide_b, last, V, bank, settled):
    """``last[j, a - g]``: B's chance (ties 1/2) in its last turn from ``j``
    when A finished the round at ``a``."""
    g = rules[GOAL]
    for j in range(g):
        for c in range(last.shape[1]):
            if rules[EXACT] and c > 0:
                break
            d = g + c - j  # B must end above j + d to win, at j + d to tie
            if rules[EXACT]:
                length = d + 1
            else:
                length = max(d + 1, _minimum(rules, j))
            for t in range(length):
                bank[t] = 1.0 if t > d else (0.5 if t == d else 0.0)
            for r in range(TOP):
                settled[r] = 1.0
            _settle_rows(V, length, settled, 0.0, rules[EXACT], rules, tables)
            last[j, c] = _turn(V, length, bank, 0.0, j, g + c, 1, rules, tables, decide_b)
            if last[j, c] < 0.0:
                return False
    return True


@njit(cache=True, nogil=True)
def _first_turn(i, j, farkle_value, VB, last, rules, tables, decide_a, V, bank, settled):
    """A's turn from ``(i, j)``: A's chance."""
    g = rules[GOAL]
    round_ending = rules[ROUND]
    if rules[EXACT]:
        length = g - i + 1
    elif round_ending:
        length = g - i + rules[SETTLE]
    else:
        length = max(g - i, _minimum(rules, i))
    for t in range(length):
        a = i + t
        if a < g:
            bank[t] = VB[a, j]
        elif round_ending:
            bank[t] = 1.0 - last[j, a - g]
        else:
            bank[t] = 1.0
    for r in range(TOP):
        a = i + length + r
        settled[r] = 1.0 - last[j, a - g] if round_ending and not rules[EXACT] else 1.0
    _settle_rows(V, length, settled, farkle_value, rules[EXACT], rules, tables)
    return _turn(V, length, bank, farkle_value, i, j, 0, rules, tables, decide_a)


@njit(cache=True, nogil=True)
def _second_turn(i, j, farkle_value, VA, rules, tables, decide_b, V, bank, settled):
    """B's ordinary turn from ``(i, j)`` (A below the goal): B's chance."""
    g = rules[GOAL]
    if rules[EXACT]:
        length = g - j + 1
    else:
        length = max(g - j, _minimum(rules, j))
    for t in range(length):
        b = j + t
        bank[t] = 1.0 - VA[i, b] if b < g else 1.0
    for r in range(TOP):
        settled[r] = 1.0
    _settle_rows(V, length, settled, farkle_value, rules[EXACT], rules, tables)
    return _turn(V, length, bank, farkle_value, j, i, 1, rules, tables, decide_b)


@njit(cache=True, nogil=True)
def _solve_pairs(rules, tables, decide_a, decide_b, last, VA, VB, start, tolerance, max_iterations):
    """Fill ``VA``, ``VB`` pair by pair (decreasing score sum), each pair's two
    values iterated from ``start`` (0: lower bounds, 1: upper bounds).
    Returns the most passes any pair took (-1 if a pair did not converge, -2
    if a policy throws on in a settled state)."""
    g = rules[GOAL]
    size = g + rules[SETTLE] + 2 * TOP + rules[MIN_LOW] + rules[MIN_HIGH] + 2
    V = np.zeros((size, MAX_DICE + 1))
    bank = np.zeros(size)
    settled = np.zeros(TOP)
    most = 0
    for s in range(2 * g - 2, -1, -1):
        for i in range(max(0, s - g + 1), min(g - 1, s) + 1):
            j = s - i
            a_value = start
            b_value = start
            converged = False
            for it in range(1, max_iterations + 1):
                b_turn = _second_turn(i, j, 1.0 - a_value, VA, rules, tables, decide_b,
                                      V, bank, settled)
                new_b = 1.0 - b_turn
                new_a = _first_turn(i, j, new_b, VB, last, rules, tables, decide_a, V, bank, settled)
                if b_turn < 0.0 or new_a < 0.0:
                    return -2
                change = max(abs(new_a - a_value), abs(new_b - b_value))
                a_value = new_a
                b_value = new_b
                if change <= tolerance:
                    converged = True
                    break
            VA[i, j] = a_value
            VB[i, j] = b_value
            if not converged:
                return -1
            most = max(most, it)
    return most


# ---------------------------------------------------------------- the settle margin

@njit(cache=True, nogil=True)
def _reach(tables, top):
    """``q[x, n]``: the largest chance of adding at least ``x`` units in the rest
    of a turn with ``n`` dice in hand (throwing on is best for that)."""
    counts, scores, nexts, probs, bust = tables
    q = np.zeros((top + 1, MAX_DICE + 1))
    q[0, :] = 1.0
    for x in range(1, top + 1):
        for n in range(1, MAX_DICE + 1):
            total = 0.0
            for k in range(counts[n]):
                best = 0.0
                for o in range(MAX_DICE):
                    m = nexts[n, k, o]
                    if m == 0:
                        break
                    y = q[max(x - scores[n, k, o], 0), m]
                    if y > best:
                        best = y
                total += probs[n, k] * best
            q[x, n] = total
    return q


def reach_probabilities(rules: ReferenceRules, top: int) -> np.ndarray:
    """``r[x]``, x = 0..top units: the largest chance that one turn's total reaches x."""
    return _reach(outcome_arrays(rules.keep_any_part), top)[:, MAX_DICE]


def settle_margin(rules: ReferenceRules) -> tuple[int, float]:
    """``(D in units, error bound)``: the smallest margin (a multiple of 10
    units, at least the minimum) satisfying condition (C) of the module
    docstring, and under IV.1 also ``r(D + 1) < 1e-16``."""
    tables = outcome_arrays(rules.keep_any_part)
    counts, scores, nexts, probs, bust = tables
    g = rules.goal // UNIT
    low = rules.min_bank // UNIT
    high = (rules.high_min_bank or rules.min_bank) // UNIT
    high_score = rules.high_score // UNIT if rules.high_min_bank is not None else 10 ** 9
    top = g + 2000
    q = _reach(tables, top)
    r = q[:, MAX_DICE]
    p0 = float(bust[MAX_DICE])
    keep = 1.0
    if rules.no_bank_six:  # B must also leave six dice behind before banking
        hot = sum(probs[MAX_DICE, k] for k in range(counts[MAX_DICE])
                  if all(nexts[MAX_DICE, k, o] == MAX_DICE for o in range(MAX_DICE) if nexts[MAX_DICE, k, o]))
        keep = (1.0 - p0 - hot) / (1.0 - hot)
    D = max(low, high)
    D += (-D) % 10
    while D + g <= top - 1:
        ok = all(r[g + D - j] < 0.5 * p0 * keep * r[max(g - j, high if j > high_score else low)]
                 for j in range(g))
        if rules.no_bank_six:
            ok = ok and r[D + 1] < 1e-16
        if ok:
            return D, (float(r[D + 1]) if rules.no_bank_six else 0.0)
        D += 10
    raise JeopardyError("no settle margin satisfies the truncation condition")  # pragma: no cover


# ---------------------------------------------------------------- front ends

DECIDE = types.boolean(types.int64, types.int64, types.int64, types.int64, types.int64)
_POLICIES: dict = {}


def as_policy(decide) -> CFunc:
    """A policy ``decide(role, my_score, other_score, turn_total, dice) -> bool``
    (a Python function numba can compile, or a jitted one) as a compiled C
    callback: the kernels are compiled once for every policy of this type."""
    if isinstance(decide, CFunc):
        return decide
    if decide not in _POLICIES:
        _POLICIES[decide] = cfunc(DECIDE)(getattr(decide, "py_func", decide))
    return _POLICIES[decide]


def _never(role, my_score, other_score, turn_total, dice):
    return False


def _run(rules: ReferenceRules, decide_first, decide_second, optimal: bool, settle: int | None,
         tolerance: float, max_iterations: int) -> ReferenceSolution:
    started = time.perf_counter()
    if rules.exact_goal or rules.first_to_reach:
        D, bound = 0, 0.0
    else:
        D, bound = settle_margin(rules)
    if settle is not None:
        if settle % UNIT or settle < max(rules.min_bank, rules.high_min_bank or 0):
            raise JeopardyError(f"settle margin must be a multiple of {UNIT} of at least the minimum; got {settle}")
        D = settle // UNIT
    decide_first, decide_second = as_policy(decide_first), as_policy(decide_second)
    bundle = rules.bundle(D, optimal)
    tables = outcome_arrays(rules.keep_any_part)
    g = rules.goal // UNIT
    size = g + D + 2 * TOP + bundle[MIN_LOW] + bundle[MIN_HIGH] + 2
    last = np.zeros((g, D + TOP + 1))
    unsettled = JeopardyError("a policy throws on where banking has settled the game "
                              "(past the goal in its turn, or above the leader in the last turn)")
    if not rules.first_to_reach:
        if not _last_turns(bundle, tables, decide_second, last, np.zeros((2 * size, MAX_DICE + 1)),
                           np.zeros(2 * size), np.zeros(TOP)):
            raise unsettled
    values = []
    most = 0
    for start in (0.0, 1.0):
        VA = np.full((g, g), np.nan)
        VB = np.full((g, g), np.nan)
        passes = _solve_pairs(bundle, tables, decide_first, decide_second, last, VA, VB,
                              start, tolerance, max_iterations)
        if passes == -2:
            raise unsettled
        if passes < 0:
            raise JeopardyError(f"a pair did not settle within {max_iterations} passes "
                                "(does every policy end its turns?)")
        most = max(most, passes)
        values.append(float(VA[0, 0]))
    lower, upper = values
    return ReferenceSolution(rules, 0.5 * (lower + upper), lower, upper, D * UNIT, bound, most,
                             time.perf_counter() - started)


def solve(rules: ReferenceRules = ReferenceRules(), settle: int | None = None,
          tolerance: float = 1e-15, max_iterations: int = 100_000) -> ReferenceSolution:
    """Both players optimal: the first player's chance, ties counting 1/2.

    ``settle`` overrides the settle margin ``D`` (points) of the round ending.
    """
    return _run(rules, _never, _never, True, settle, tolerance, max_iterations)


def evaluate(rules: ReferenceRules, decide_first, decide_second, settle: int | None = None,
             tolerance: float = 1e-15, max_iterations: int = 100_000) -> ReferenceSolution:
    """The first player's chance when each player follows its ``decide``
    (``decide(role, my_score, other_score, turn_total, dice) -> bool``, a
    function numba can compile; see :func:`as_policy`)."""
    if rules.keep_any_part:
        raise JeopardyError("policy evaluation covers the keep-all rule (IV.4 needs a choice of part)")
    return _run(rules, decide_first, decide_second, False, settle, tolerance, max_iterations)
