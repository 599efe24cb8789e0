"""Two-player Ten Thousand solved from the rules text alone (a reference twin).

Written from the seed ``ten-thousand-dice-game-analysis.txt`` (sections I-IV)
and the scoring in :mod:`oracles.farkle_throws`; it shares no
equations with :mod:`jeopardy.farkle.core` (the match solver's turn process and
:mod:`jeopardy.farkle.ending`), which it checks.

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

Every other turn is finite without truncation: a bank that wins outright
(reaching the goal in a first-to-reach turn or in B's ordinary turn, passing
the leader in B's last turn) is worth 1, the most there is, so those states
are valued 1 without asking; only totals below ``max(distance, m)`` plus one
throw are computed.  Under IV.1 six dice in hand at such a total must be
thrown on, every later state is again worth 1, and the value is the exact
``(P(6,0) * farkle + (1 - P(6,0) - h)) / (1 - h)``, ``h`` the chance that a
six-dice throw leaves six dice again.  Under IV.3 totals past the goal bust.

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
least the minimum) that satisfies (C): 3,500 points at goals 1,000 to 3,000,
4,500 at goal 10,000.  Under IV.1 A cannot bank with six dice in hand: such settled states
are valued as "throw until fewer than six dice, then bank at the current
value", which is off by at most ``r(D + 1)``; there ``D`` is also taken so that
``r(D + 1) < 1e-16`` (32,000 points, slow).  The tests double ``D``.

Rule IV.5 (``continue_position``), "player could start round by continuing
with the position (and score) that was quit by previous player", read as:
when a player banks with turn total ``t`` and ``n`` dice left to throw (six
after hot dice), the next player may, instead of starting fresh (total 0, six
dice), continue from ``(t, n)``; it must still throw at least once before
banking, and a throw that scores nothing loses the turn total as usual.  The
choice is the next player's, to its own advantage.  After a farkle there is
nothing to continue: the next player starts fresh.  The minimum applies to
the continuing player's bank (its total includes the inherited points).
Under the round ending, when A banks ``a = i + t >= g`` leaving ``(t, n)``,
B's last turn may continue too: B ends at its score plus its final turn total
(which includes ``t``) and must end strictly above ``a`` (equal: tie).  Under
first-to-reach A's bank at the goal wins at once.  IV.3 with IV.5 is refused.

IV.5's states.  A player's value at the start of its turn is
``max(fresh, continue)``; "continue" is the value of *throwing* at ``(t, n)``
in the mover's own turn table (the backward pass computes it for every row
anyway).  So a pair's Gauss-Seidel iteration is unchanged (a farkle hands the
opponent a fresh start at the same pair); the bank values now depend on the
dice in hand, ``bank[t, n]``, and read the opponent's throw values ``TA`` /
``TB`` at higher score sums, stored per pair for totals below the goal.
B's last turn continuing A's position ``(t, n)`` after A banked from ``i``:
B must gain more than ``i - j`` over ``t`` (tie at equal), and may bank once
its total reaches its minimum, i.e. after gaining ``max(m(j) - t, 0)``; that
chance ``C[i - j, max(m(j) - t, 0), n]`` does not depend on ``t`` otherwise
and is one finite turn table each (every ``i - j < 0`` is the same as -1).

IV.5's truncation, the round ending.  The settle-margin proof above fails:
banking hands B the total, so past the goal A's bank is worth
``1 - max(F, C[i - j, 0, n])`` with ``F = last[j, a - g]`` (B starting fresh),
and A may prefer to throw on at any total (e.g. to leave B fewer dice).  Past
``t >= S = g - i + D`` (``D >= `` every minimum) the only ``t``-dependence left
is ``F``, and ``0 <= F <= r(a - j) <= phi_j = r(g + D - j)``.  So the rows
``t >= S`` are replaced by a model in which a bank is worth ``b(n) = 1 -
max(phi, C[i - j, 0, n])``, independent of ``t``: its values ``U(n)`` are the
same in every such row and solve a six-unknown fixed point
(:func:`_tail`, iterated monotonically from the run's start).  With
``phi = phi_j`` every bank value there is at most the true one, with
``phi = 0`` at least; the run from 0 uses the first, the run from 1 the
second, so (the updates being monotone) the reported ``[lower, upper]`` still
contains the true value, whatever ``D``: the truncation's error is inside the
bracket's width.  ``D`` only makes the bracket narrow; by default the smallest
multiple of 10 units with ``r(D + 1) < 1e-6`` (11,500 points); ``settle_error``
reports ``max_j phi_j`` (the bank values' largest uncertainty, not the value's).
The tests double ``D`` and check that a short ``D`` widens the bracket.
Memory: two ``g**3 * 7`` tables per run, so IV.5 is taken up to goal 4,000.

Policy evaluation (:func:`evaluate`) runs the same passes with both players'
bank/throw choices (and IV.4 parts) given by policies
(:mod:`oracles.farkle_policies`): ``decide(data, role, my_score,
other_score, turn_total, dice_in_hand) -> bool`` in points, role 0 for the
first player, 1 for the second, asked only where banking is allowed.  A
policy must bank in the settled states (past the goal when its bank wins or
settles the round, above the leader in the last turn); one that throws on
there, within a throw of the computed totals, is refused.  Policies do not
cover IV.5 (refused).
"""
from __future__ import annotations

import functools
import time
import warnings
from dataclasses import asdict, dataclass

import numpy as np
from numba import njit
from numba.core.errors import NumbaExperimentalFeatureWarning

from jeopardy.errors import JeopardyError
from .farkle_policies import NO_POLICY, Policy, with_policy
from .farkle_throws import MAX_DICE, UNIT, outcome_arrays

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
    continue_position: bool = False  # IV.5

    def __post_init__(self) -> None:
        if self.continue_position and self.exact_goal:
            raise JeopardyError("rules IV.3 (exact goal) and IV.5 (continue the position) "
                                "together are not supported")
        if self.continue_position and self.goal > 4_000:
            raise JeopardyError(f"the reference takes IV.5 for goals up to 4,000; got {self.goal}")
        if self.goal <= 0 or self.goal % UNIT:
            raise JeopardyError(f"goal must be a positive multiple of {UNIT}; got {self.goal}")
        for name in ("min_bank", "high_min_bank"):
            value = getattr(self, name)
            if value is not None and (value <= 0 or value % UNIT):
                raise JeopardyError(f"{name} must be a positive multiple of {UNIT}; got {value}")
        if self.high_score % UNIT or self.high_score < 0:
            raise JeopardyError(f"high_score must be a non-negative multiple of {UNIT}")
        if self.goal > 10_000:  # 10,000 takes about 3 CPU minutes and 0.2 GB (0.5 GB with its policy)
            raise JeopardyError(f"the reference is for goals up to 10,000; got {self.goal}")

    def bundle(self, settle: int, optimal: bool) -> np.ndarray:
        high = self.high_min_bank if self.high_min_bank is not None else self.min_bank
        return np.array([self.goal // UNIT, self.min_bank // UNIT, high // UNIT,
                         self.high_score // UNIT if self.high_min_bank is not None else 10 ** 9,
                         int(self.no_bank_six), int(self.exact_goal), int(not self.first_to_reach),
                         settle, int(optimal), int(self.continue_position)], np.int64)


# Indices into the rules bundle.
GOAL, MIN_LOW, MIN_HIGH, HIGH_SCORE, NO_BANK_SIX, EXACT, ROUND, SETTLE, OPTIMAL, CONTINUE = range(10)


@dataclass(frozen=True)
class ReferenceSolution:
    """First player's chance (ties 1/2) with its certified bracket."""

    rules: ReferenceRules
    win_probability: float
    lower: float
    upper: float
    settle_margin: int  # D in points
    settle_error: float  # proved bound on the settled states' error: 0 exact, NaN unproved
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


@with_policy
def _throw(V, t, n, farkle_value, tables, rules, policy, role, score, other):
    """Value of throwing ``n`` dice at total ``t``: a farkle is worth
    ``farkle_value``; otherwise the state of the part set aside.  Rule IV.4
    offers several parts: the best one (optimal play) or the policy's choice."""
    counts, scores, nexts, probs, bust = tables
    decide, choose, data = policy
    value = farkle_value * bust[n]
    for k in range(counts[n]):
        best = -1.0
        priority = -np.inf
        for o in range(nexts.shape[2]):
            m = nexts[n, k, o]
            if m == 0:
                break
            x = V[t + scores[n, k, o], m]
            if rules[OPTIMAL] or nexts[n, k, 1] == 0:
                if x > best:
                    best = x
            else:
                kept = n if m == MAX_DICE else n - m
                p = choose(data, role, UNIT * score, UNIT * other, UNIT * t, n,
                           UNIT * scores[n, k, o], kept)
                if p > priority:
                    priority = p
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
        for o in range(nexts.shape[2]):
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


@with_policy
def _turn(V, length, bank, farkle_value, score, other, role, rules, tables, policy, record):
    """One turn by backward induction on the total: returns the mover's value
    at (t = 0, six dice).  ``bank[t]`` is the mover's value of banking at ``t``;
    ``record[t, n]`` (if it has rows) gets the choice, True for bank.
    A policy (not ``OPTIMAL``) must bank in the settled rows: -1 if it does not."""
    decide, choose, data = policy
    if not rules[OPTIMAL]:
        for t in range(length, length + TOP):
            for n in range(1, MAX_DICE + 1):
                if _may_bank(rules, score, t, n) and not decide(data, role, UNIT * score, UNIT * other,
                                                                 UNIT * t, n):
                    return -1.0
    for t in range(length - 1, -1, -1):
        for n in range(1, MAX_DICE + 1):
            value = _throw(V, t, n, farkle_value, tables, rules, policy, role, score, other)
            banks = False
            if _may_bank(rules, score, t, n):
                if rules[OPTIMAL]:
                    banks = bank[t] >= value
                else:
                    banks = decide(data, role, UNIT * score, UNIT * other, UNIT * t, n)
            if banks:
                value = bank[t]
            if t < record.shape[0]:
                record[t, n] = banks
            V[t, n] = value
    return V[0, MAX_DICE]


# ---------------------------------------------------------------- the turns

@with_policy
def _last_turns(rules, tables, policy_b, last, V, bank, settled, record):
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
            last[j, c] = _turn(V, length, bank, 0.0, j, g + c, 1, rules, tables, policy_b,
                               record[j, c])
            if last[j, c] < 0.0:
                return False
    return True


@with_policy
def _first_turn(i, j, farkle_value, VB, last, rules, tables, policy_a, V, bank, settled, record):
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
    return _turn(V, length, bank, farkle_value, i, j, 0, rules, tables, policy_a, record)


@with_policy
def _second_turn(i, j, farkle_value, VA, rules, tables, policy_b, V, bank, settled, record):
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
    return _turn(V, length, bank, farkle_value, j, i, 1, rules, tables, policy_b, record)


@with_policy
def _solve_pairs(rules, tables, policy_a, policy_b, last, VA, VB, start, tolerance, max_iterations):
    """Fill ``VA``, ``VB`` pair by pair (decreasing score sum), each pair's two
    values iterated from ``start`` (0: lower bounds, 1: upper bounds).
    Returns the most passes any pair took (-1 if a pair did not converge, -2
    if a policy throws on in a settled state)."""
    g = rules[GOAL]
    size = g + rules[SETTLE] + 2 * TOP + rules[MIN_LOW] + rules[MIN_HIGH] + 2
    V = np.zeros((size, MAX_DICE + 1))
    bank = np.zeros(size)
    settled = np.zeros(TOP)
    nowhere = np.zeros((0, MAX_DICE + 1), np.bool_)
    most = 0
    for s in range(2 * g - 2, -1, -1):
        for i in range(max(0, s - g + 1), min(g - 1, s) + 1):
            j = s - i
            a_value = start
            b_value = start
            converged = False
            for it in range(1, max_iterations + 1):
                b_turn = _second_turn(i, j, 1.0 - a_value, VA, rules, tables, policy_b,
                                      V, bank, settled, nowhere)
                new_b = 1.0 - b_turn
                new_a = _first_turn(i, j, new_b, VB, last, rules, tables, policy_a, V, bank,
                                    settled, nowhere)
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


@with_policy
def _record_pairs(rules, tables, policy_a, policy_b, last, VA, VB, first_record, second_record):
    """One more pass over the solved pairs, recording every bank/throw choice."""
    g = rules[GOAL]
    size = g + rules[SETTLE] + 2 * TOP + rules[MIN_LOW] + rules[MIN_HIGH] + 2
    V = np.zeros((size, MAX_DICE + 1))
    bank = np.zeros(size)
    settled = np.zeros(TOP)
    for i in range(g):
        for j in range(g):
            _second_turn(i, j, 1.0 - VA[i, j], VA, rules, tables, policy_b, V, bank, settled,
                         second_record[i, j])
            _first_turn(i, j, VB[i, j], VB, last, rules, tables, policy_a, V, bank, settled,
                        first_record[i, j])


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
                for o in range(nexts.shape[2]):
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


def settle_error(rules: ReferenceRules, D: int) -> float:
    """Proved bound on the error of settling at margin ``D`` (units): 0 when
    condition (C) of the module docstring holds (exact), ``r(D + 1)`` under
    IV.1, NaN when (C) fails (nothing proved)."""
    tables = outcome_arrays(rules.keep_any_part)
    counts, scores, nexts, probs, bust = tables
    g = rules.goal // UNIT
    low = rules.min_bank // UNIT
    high = (rules.high_min_bank or rules.min_bank) // UNIT
    high_score = rules.high_score // UNIT if rules.high_min_bank is not None else 10 ** 9
    r = _reach(tables, g + D + 1)[:, MAX_DICE]
    p0 = float(bust[MAX_DICE])
    keep = 1.0
    if rules.no_bank_six:  # B must also leave six dice behind before banking
        hot = sum(probs[MAX_DICE, k] for k in range(counts[MAX_DICE])
                  if all(m == MAX_DICE for m in nexts[MAX_DICE, k] if m))
        keep = (1.0 - p0 - hot) / (1.0 - hot)
    holds = all(r[g + D - j] < 0.5 * p0 * keep * r[max(g - j, high if j > high_score else low)]
                for j in range(g))
    if not holds:
        return float("nan")
    return float(r[D + 1]) if rules.no_bank_six else 0.0


def settle_margin(rules: ReferenceRules) -> tuple[int, float]:
    """``(D in units, error bound)``: the smallest margin (a multiple of 10
    units, at least the minimum) satisfying condition (C) of the module
    docstring, and under IV.1 also ``r(D + 1) < 1e-16``."""
    D = max(rules.min_bank, rules.high_min_bank or 0) // UNIT
    D += (-D) % 10
    while D <= 2000:
        error = settle_error(rules, D)
        if error == 0.0 or error < 1e-16:
            return D, error
        D += 10
    raise JeopardyError("no settle margin satisfies the truncation condition")  # pragma: no cover


# ---------------------------------------------------------------- IV.5: continue the position

@njit(cache=True, nogil=True)
def _may_bank5(rules, lowest, t, n):
    """IV.5 turns: bank at ``t >= lowest`` (the minimum, at least one unit), not
    with six dice in hand under IV.1 (IV.3 is refused with IV.5)."""
    if t <= 0 or t < lowest:
        return False
    return not (rules[NO_BANK_SIX] and n == MAX_DICE)


@with_policy
def _turn5(V, length, bank, farkle_value, lowest, rules, tables, policy, thr, record):
    """One turn by backward induction on the total, the bank value depending on
    the dice in hand (``bank[t, n]``: the next player inherits ``(t, n)``).
    ``thr[t, n]`` gets the value of *throwing* at ``(t, n)`` (what a player who
    continues the position there gets), for every row of ``thr``; rows from
    ``length`` on are uniform (settled), so their throw value is row ``length``'s.
    ``record[t, n]`` (if it has rows) gets the choice, True for bank (rows past
    ``length``: True, the caller overrides them where that is not the choice)."""
    for t in range(length - 1, -1, -1):
        for n in range(1, MAX_DICE + 1):
            value = _throw(V, t, n, farkle_value, tables, rules, policy, 0, 0, 0)
            if t < thr.shape[0]:
                thr[t, n] = value
            banks = _may_bank5(rules, lowest, t, n) and bank[t, n] > value
            if banks:
                value = bank[t, n]
            if t < record.shape[0]:
                record[t, n] = banks
            V[t, n] = value
    for t in range(length, record.shape[0]):
        for n in range(1, MAX_DICE + 1):
            record[t, n] = True
    if length < thr.shape[0]:
        for n in range(1, MAX_DICE + 1):
            x = _throw(V, length, n, farkle_value, tables, rules, policy, 0, 0, 0)
            for t in range(length, thr.shape[0]):
                thr[t, n] = x
    return V[0, MAX_DICE]


@with_policy
def _continuations(rules, tables, policy, C, V, bank, settled, thr):
    """``C[d + 1, mu, n]``: B's chance in its last turn when it continues A's
    final position with ``n`` dice and must gain more than ``d`` points over the
    inherited total to pass A (``d`` = A's score before its bank minus B's;
    ``d = -1`` stands for every ``d < 0``), exactly ``d`` tying, and may bank
    only once it has gained ``mu`` (B's minimum less the inherited total)."""
    for di in range(C.shape[0]):
        d = di - 1
        for mu in range(C.shape[1]):
            lowest = max(mu, 1)
            length = max(d + 1, lowest)
            for t in range(length):
                for n in range(1, MAX_DICE + 1):
                    bank[t, n] = 1.0 if t > d else (0.5 if t == d else 0.0)
            _settle_rows(V, length, settled, 0.0, False, rules, tables)
            _turn5(V, length, bank, 0.0, lowest, rules, tables, policy, thr,
                   np.zeros((0, MAX_DICE + 1), np.bool_))
            for n in range(1, MAX_DICE + 1):
                C[di, mu, n] = thr[0, n]


@njit(cache=True, nogil=True)
def _tail(U, b, farkle_value, start, rules, tables):
    """A's values past the settle margin, where a bank is worth ``b[n]`` whatever
    the total: ``U[n] = max(b[n] if bankable, throw)``, iterated (Gauss-Seidel)
    from ``start`` (monotone: stays on that side of the fixed point)."""
    counts, scores, nexts, probs, bust = tables
    for n in range(1, MAX_DICE + 1):
        U[n] = start
    for _ in range(100_000):
        change = 0.0
        for n in range(1, MAX_DICE + 1):
            x = farkle_value * bust[n]
            for k in range(counts[n]):
                best = -1.0
                for o in range(nexts.shape[2]):
                    m = nexts[n, k, o]
                    if m == 0:
                        break
                    best = max(best, U[m])
                x += probs[n, k] * best
            if _may_bank5(rules, 1, 1, n) and b[n] > x:
                x = b[n]
            change = max(change, abs(x - U[n]))
            U[n] = x
        if change <= 1e-18:
            break


@with_policy
def _first5(i, j, farkle_value, VB, TB, last, C, phi, start, rules, tables, policy, work, thr,
            record):
    """A's turn from ``(i, j)`` under IV.5: A's chance; ``thr`` gets A's throw
    values, ``record`` A's choices (rows past the margin: the tail's)."""
    V, bank, settled, U, b = work
    g = rules[GOAL]
    lowest = _minimum(rules, i)
    round_ending = rules[ROUND]
    length = g - i + rules[SETTLE] if round_ending else max(g - i, lowest)
    low_b = _minimum(rules, j)
    d = max(i - j, -1) + 1
    for t in range(1, length):
        a = i + t
        for n in range(1, MAX_DICE + 1):
            if a < g:  # B starts from (a, j): fresh or continuing (t, n)
                bank[t, n] = min(VB[a, j], 1.0 - TB[a, j, t, n])
            elif round_ending:  # B's last turn: fresh or continuing (t, n)
                bank[t, n] = 1.0 - max(last[j, a - g], C[d, max(low_b - t, 0), n])
            else:
                bank[t, n] = 1.0
    if round_ending:
        for n in range(1, MAX_DICE + 1):
            b[n] = 1.0 - max(phi, C[d, 0, n])
        _tail(U, b, farkle_value, start, rules, tables)
        for r in range(TOP):
            for n in range(1, MAX_DICE + 1):
                V[length + r, n] = U[n]
    else:
        _settle_rows(V, length, settled, farkle_value, False, rules, tables)
    value = _turn5(V, length, bank, farkle_value, lowest, rules, tables, policy, thr, record)
    if round_ending:
        for n in range(1, MAX_DICE + 1):
            tail_banks = (_may_bank5(rules, 1, 1, n)
                          and b[n] > _throw(V, length, n, farkle_value, tables, rules, policy, 0, 0, 0))
            for t in range(length, record.shape[0]):
                record[t, n] = tail_banks
    return value


@with_policy
def _second5(i, j, farkle_value, VA, TA, rules, tables, policy, work, thr, record):
    """B's ordinary turn from ``(i, j)`` under IV.5: B's chance; ``thr`` gets B's throw values."""
    V, bank, settled, U, b = work
    g = rules[GOAL]
    lowest = _minimum(rules, j)
    length = max(g - j, lowest)
    for t in range(1, length):
        s = j + t
        for n in range(1, MAX_DICE + 1):
            bank[t, n] = 1.0 - max(VA[i, s], TA[i, s, t, n]) if s < g else 1.0
    _settle_rows(V, length, settled, farkle_value, False, rules, tables)
    return _turn5(V, length, bank, farkle_value, lowest, rules, tables, policy, thr, record)


@with_policy
def _solve_pairs5(rules, tables, policy, last, C, phi, VA, VB, TA, TB, start, tolerance,
                  max_iterations):
    """IV.5's pairs, as :func:`_solve_pairs`: ``VA``/``VB`` the first player's
    chance at A's/B's fresh start; ``TA[i, j, t, n]`` A's chance when it
    continues B's position ``(t, n)`` (``TB`` the same for B, B's chance)."""
    g = rules[GOAL]
    size = g + rules[SETTLE] + 2 * TOP + rules[MIN_LOW] + rules[MIN_HIGH] + 2
    work = (np.zeros((size, MAX_DICE + 1)), np.zeros((size, MAX_DICE + 1)), np.ones(TOP),
            np.zeros(MAX_DICE + 1), np.zeros(MAX_DICE + 1))
    nowhere = np.zeros((0, MAX_DICE + 1), np.bool_)
    most = 0
    for s in range(2 * g - 2, -1, -1):
        for i in range(max(0, s - g + 1), min(g - 1, s) + 1):
            j = s - i
            a_value = start
            b_value = start
            converged = False
            for it in range(1, max_iterations + 1):
                new_b = 1.0 - _second5(i, j, 1.0 - a_value, VA, TA, rules, tables, policy, work,
                                       TB[i, j], nowhere)
                new_a = _first5(i, j, new_b, VB, TB, last, C, phi[j], start, rules, tables,
                                policy, work, TA[i, j], nowhere)
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


@with_policy
def _record_pairs5(rules, tables, policy, last, C, VA, VB, TA, TB, first_record, second_record):
    """One more pass over IV.5's solved pairs (the run from 1), recording every
    bank/throw choice."""
    g = rules[GOAL]
    size = g + rules[SETTLE] + 2 * TOP + rules[MIN_LOW] + rules[MIN_HIGH] + 2
    work = (np.zeros((size, MAX_DICE + 1)), np.zeros((size, MAX_DICE + 1)), np.ones(TOP),
            np.zeros(MAX_DICE + 1), np.zeros(MAX_DICE + 1))
    scratch = np.zeros((g, MAX_DICE + 1))
    for i in range(g):
        for j in range(g):
            _second5(i, j, 1.0 - VA[i, j], VA, TA, rules, tables, policy, work, scratch,
                     second_record[i, j])
            _first5(i, j, VB[i, j], VB, TB, last, C, 0.0, 1.0, rules, tables, policy, work,
                    scratch, first_record[i, j])


@njit(cache=True, nogil=True)
def _optimal_decide5(data, role, my_score, other_score, turn_total, dice):
    """IV.5's recorded bank choices: as :func:`_optimal_decide`, past A's rows
    the tail's choice (the last row)."""
    g, first_record, second_record, last_record = data[0], data[1], data[2], data[3]
    i, j, t = my_score // UNIT, other_score // UNIT, turn_total // UNIT
    if role == 0:
        return first_record[i, j, min(t, first_record.shape[2] - 1), dice]
    if j >= g:  # B's last turn: A finished at j
        c = j - g
        if c < last_record.shape[1] and t < last_record.shape[2]:
            return last_record[i, c, t, dice]
        return True
    return second_record[j, i, t, dice] if t < second_record.shape[2] else True


@njit(cache=True, nogil=True)
def _optimal_take5(data, role, my_score, other_score, turn_total, dice):
    """IV.5: does the player continue the position ``(turn_total, dice)`` left by
    the other player (rather than start fresh)?  Only where it is strictly better."""
    g, VA, VB, TA, TB, C, last, minimum = (data[0], data[4], data[5], data[6], data[7], data[8],
                                           data[9], data[10])
    me, other, t = my_score // UNIT, other_score // UNIT, turn_total // UNIT
    if role == 0:
        return TA[me, other, t, dice] > VA[me, other]
    if other < g:
        return TB[other, me, t, dice] > 1.0 - VB[other, me]
    lead = max(other - t - me, -1) + 1  # A's score before its bank, less B's
    mu = max((minimum[1] if me > minimum[2] else minimum[0]) - t, 0)
    fresh = last[me, other - g] if other - g < last.shape[1] else 0.0
    return C[lead, mu, dice] > fresh


def continue_margin(rules: ReferenceRules) -> int:
    """IV.5's default settle margin ``D`` (units): the smallest multiple of 10
    units, at least the minimum, with ``r(D + 1) < 1e-6`` (11,500 points at the
    seed's scoring)."""
    D = max(rules.min_bank, rules.high_min_bank or 0) // UNIT
    D += (-D) % 10
    r = reach_probabilities(rules, 2000)
    while r[D + 1] >= 1e-6:
        D += 10
    return D


def _run5(rules: ReferenceRules, settle: int | None, tolerance: float, max_iterations: int,
          started: float, keep_policy: bool = False):
    g = rules.goal // UNIT
    D = 0 if rules.first_to_reach else (continue_margin(rules) if settle is None else settle // UNIT)
    bundle = rules.bundle(D, True)
    tables = outcome_arrays(rules.keep_any_part)
    policy = NO_POLICY.bundle()
    high = max(bundle[MIN_LOW], bundle[MIN_HIGH])
    size = 2 * (g + D + 2 * TOP + bundle[MIN_LOW] + bundle[MIN_HIGH] + 2)
    V, bank = np.zeros((size, MAX_DICE + 1)), np.zeros((size, MAX_DICE + 1))
    last = np.zeros((g, D + TOP + 1))
    C = np.zeros((g + 1, high + 1, MAX_DICE + 1))
    bound = 0.0
    phi = np.zeros(g)
    if not rules.first_to_reach:
        _last_turns(bundle, tables, policy, last, V, np.zeros(size), np.zeros(TOP),
                    np.ones((g, D + TOP + 1, 0, MAX_DICE + 1), np.bool_))
        _continuations(bundle, tables, policy, C, V, bank, np.ones(TOP),
                       np.zeros((1, MAX_DICE + 1)))
        r = reach_probabilities(rules, 2 * g + D + 1)
        phi = np.array([r[g + D - j] for j in range(g)])  # B's fresh last turn past the margin
        bound = float(phi.max())
    values = []
    most = 0
    for start in (0.0, 1.0):
        VA, VB = np.full((g, g), np.nan), np.full((g, g), np.nan)
        TA, TB = np.zeros((g, g, g, MAX_DICE + 1)), np.zeros((g, g, g, MAX_DICE + 1))
        passes = _solve_pairs5(bundle, tables, policy, last, C, phi if start == 0.0 else 0.0 * phi,
                               VA, VB, TA, TB, start, tolerance, max_iterations)
        if passes < 0:
            raise JeopardyError(f"a pair did not settle within {max_iterations} passes")
        most = max(most, passes)
        values.append(float(VA[0, 0]))
    lower, upper = values
    solution = ReferenceSolution(rules, 0.5 * (lower + upper), lower, upper, D * UNIT, bound, most,
                                 time.perf_counter() - started)
    if not keep_policy:
        return solution
    last_record = np.ones((g, D + TOP + 1, g + D + TOP + 1, MAX_DICE + 1), np.bool_)
    if not rules.first_to_reach:
        _last_turns(bundle, tables, policy, last, V, np.zeros(size), np.zeros(TOP), last_record)
    first_record = np.ones((g, g, g + D + 1, MAX_DICE + 1), np.bool_)  # last row: the tail
    second_record = np.ones((g, g, g + high + 1, MAX_DICE + 1), np.bool_)
    _record_pairs5(bundle, tables, policy, last, C, VA, VB, TA, TB, first_record, second_record)
    minimum = np.array([bundle[MIN_LOW], bundle[MIN_HIGH], bundle[HIGH_SCORE]], np.int64)
    return solution, (np.int64(g), first_record, second_record, last_record, VA, VB, TA, TB, C,
                      last, minimum)


# ---------------------------------------------------------------- front ends

def _run(rules: ReferenceRules, first: Policy, second: Policy, optimal: bool, settle: int | None,
         tolerance: float, max_iterations: int, keep_policy: bool = False):
    started = time.perf_counter()
    if rules.continue_position:
        if not optimal:
            raise JeopardyError("policy evaluation does not cover IV.5")
        if settle is not None and (settle % UNIT or settle < max(rules.min_bank,
                                                                 rules.high_min_bank or 0)):
            raise JeopardyError(f"settle margin must be a multiple of {UNIT} "
                                f"of at least the minimum; got {settle}")
        with warnings.catch_warnings():  # the policy's functions travel as first-class functions
            warnings.simplefilter("ignore", NumbaExperimentalFeatureWarning)
            return _run5(rules, settle, tolerance, max_iterations, started, keep_policy)
    if rules.exact_goal or rules.first_to_reach:
        D, bound = 0, 0.0
    else:
        D, bound = settle_margin(rules)
    if settle is not None:
        if settle % UNIT or settle < max(rules.min_bank, rules.high_min_bank or 0):
            raise JeopardyError(f"settle margin must be a multiple of {UNIT} "
                                f"of at least the minimum; got {settle}")
        D = settle // UNIT
        if not (rules.exact_goal or rules.first_to_reach):
            bound = settle_error(rules, D)
    policy_first, policy_second = first.bundle(), second.bundle()
    bundle = rules.bundle(D, optimal)
    tables = outcome_arrays(rules.keep_any_part)
    with warnings.catch_warnings():  # policies' functions travel as first-class functions
        warnings.simplefilter("ignore", NumbaExperimentalFeatureWarning)
        return _passes(rules, bundle, tables, policy_first, policy_second, D, bound, tolerance,
                       max_iterations, started, keep_policy)


def _passes(rules, bundle, tables, policy_first, policy_second, D, bound, tolerance,
            max_iterations, started, keep_policy):
    g = rules.goal // UNIT
    size = g + D + 2 * TOP + bundle[MIN_LOW] + bundle[MIN_HIGH] + 2
    last = np.zeros((g, D + TOP + 1))
    unsettled = JeopardyError("a policy throws on where banking has settled the game "
                              "(past the goal in its turn, or above the leader in the last turn)")
    rows = g + D + TOP + 1 if keep_policy else 0
    last_record = np.ones((g, D + TOP + 1, rows, MAX_DICE + 1), np.bool_)
    if not rules.first_to_reach:
        if not _last_turns(bundle, tables, policy_second, last, np.zeros((2 * size, MAX_DICE + 1)),
                           np.zeros(2 * size), np.zeros(TOP), last_record):
            raise unsettled
    values = []
    most = 0
    for start in (0.0, 1.0):
        VA = np.full((g, g), np.nan)
        VB = np.full((g, g), np.nan)
        passes = _solve_pairs(bundle, tables, policy_first, policy_second, last, VA, VB,
                              start, tolerance, max_iterations)
        if passes == -2:
            raise unsettled
        if passes < 0:
            raise JeopardyError(f"a pair did not settle within {max_iterations} passes "
                                "(does every policy end its turns?)")
        most = max(most, passes)
        values.append(float(VA[0, 0]))
    lower, upper = values
    solution = ReferenceSolution(rules, 0.5 * (lower + upper), lower, upper, D * UNIT, bound, most,
                                 time.perf_counter() - started)
    if not keep_policy:
        return solution
    first_record = np.ones((g, g, g + D, MAX_DICE + 1), np.bool_)  # past the rows: settled
    second_record = np.ones((g, g, g + max(bundle[MIN_LOW], bundle[MIN_HIGH]) + 1, MAX_DICE + 1),
                             np.bool_)
    _record_pairs(bundle, tables, policy_first, policy_second, last, VA, VB, first_record,
                  second_record)
    return solution, (np.int64(g), first_record, second_record, last_record)


@functools.lru_cache(maxsize=None)
def solve(rules: ReferenceRules = ReferenceRules(), settle: int | None = None,
          tolerance: float = 1e-15, max_iterations: int = 100_000) -> ReferenceSolution:
    """Both players optimal: the first player's chance, ties counting 1/2.

    ``settle`` overrides the settle margin ``D`` (points) of the round ending.  Solved
    once per process for each set of arguments (the result is frozen): the tests ask
    for the same games many times (goal 1,000 under IV.5: 12 s each).
    """
    return _run(rules, NO_POLICY, NO_POLICY, True, settle, tolerance, max_iterations)


def optimal_policy(rules: ReferenceRules = ReferenceRules()) -> tuple[ReferenceSolution, Policy]:
    """The reference's optimal play as a policy (both roles), for the
    simulation: every bank/throw choice of the solved game, looked up by
    :func:`_optimal_decide`; bank wherever the tables end (the settled states).
    Default part rule only (under IV.4 the part choice needs the values).
    Under IV.5 the policy's ``take`` (continue the other player's position?)
    compares the recorded continue and fresh values; past A's computed totals
    the tail's choice applies."""
    if rules.keep_any_part:
        raise JeopardyError("the optimal policy table covers the keep-all rule")
    solution, data = _run(rules, NO_POLICY, NO_POLICY, True, None, 1e-15, 100_000, keep_policy=True)
    if rules.continue_position:
        return solution, Policy(_optimal_decide5, data, take=_optimal_take5)
    return solution, Policy(_optimal_decide, data)


@njit(cache=True, nogil=True)
def _optimal_decide(data, role, my_score, other_score, turn_total, dice):
    g, first_record, second_record, last_record = data
    i, j, t = my_score // UNIT, other_score // UNIT, turn_total // UNIT
    if role == 0:
        return first_record[i, j, t, dice] if t < first_record.shape[2] else True
    if j >= g:  # B's last turn: A finished at j
        c = j - g
        if c < last_record.shape[1] and t < last_record.shape[2]:
            return last_record[i, c, t, dice]
        return True
    return second_record[j, i, t, dice] if t < second_record.shape[2] else True


def evaluate(rules: ReferenceRules, first: Policy, second: Policy, settle: int | None = None,
             tolerance: float = 1e-15, max_iterations: int = 100_000) -> ReferenceSolution:
    """The first player's chance when each player follows its policy
    (:class:`oracles.farkle_policies.Policy`)."""
    return _run(rules, first, second, False, settle, tolerance, max_iterations)
