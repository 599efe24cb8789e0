"""THINK as a simultaneous stochastic game, solved by Shapley's backward induction.

Rules (Falk & Tadmor-Troyanski, via the paper's appendix)
--------------------------------------------------------
Both players play every round at once.  The dice are rolled for everyone
still in the round; at each decision point every player still in chooses
hold or roll *at the same moment*, unseen.  A holder banks the turn total
and is out of the round.  A roll busts only the players still in: a single
1 costs them the turn total, double 1s their banked score too.  The round
ends when nobody is in.  After the last round the higher total wins (a tie
counts one half).  Any roll model without doubling can be played so.

States and values
-----------------
All values are player A's chance of winning.  At round ``r`` with banked
scores ``x`` (A) and ``y`` (B):

* both in, shared turn total ``t``: a 2x2 zero-sum matrix game, rows A's
  hold/roll, columns B's; entries

      HH: U_{r+1}(x + t, y + t)
      HR: A banks x + t, B's roll is made:  QB(x + t, y, t)
      RH: QA(x, y + t, t)
      RR: sum_e p_e * (add a: G(x, y, t + a); bust: U_{r+1}(x, y);
                       bust all: U_{r+1}(0, 0); bank n: U_{r+1}(x+t+n, y+t+n))

  (one roll for both, applied to each by :func:`jeopardy.rules.effects.step`;
  a roll that leaves the turn total as it is is divided out)

  solved in closed form (a saddle point if ``max_rows min >= min_cols max``,
  else the mixed formula ``v = (ad - bc) / (a - b - c + d)``);
* A alone (B has banked ``yb`` for the round): a one-player column with
  roll value ``QA(x, yb, t)`` and hold value ``U_{r+1}(x + t, yb)``; B alone
  likewise with ``QB(xa, y, t)`` (B minimises A's chance).

``U_R(x, y)`` is 1, 1/2 or 0 as ``x`` beats, ties or trails ``y``.  No state
repeats (rounds advance; within a round ``t`` grows), so one backward pass
is exact: Shapley's value iteration needs a single sweep here.

Equal scores: the value is 1/2
------------------------------
The rules do not tell A from B, so swapping the players maps a state with
``x = y`` (both in, or at a round's start) to itself with A's chance ``v``
turned into ``1 - v``: ``v = 1/2``.  The solver uses this exact value there
(in the RR entry and as the state's value), which matters: at equal scores
the matrix is ``[[1/2, 1 - c], [c, 1/2]]`` with a saddle point (both roll
when ``c > 1/2``, both hold when ``c < 1/2``), so equilibrium play never
leaves equal scores, every game ends in a tie, and in the last round both
roll until a 1 -- turn totals the caps below could not contain.

The caps and why they are safe
------------------------------
Scores and turn totals are unbounded.  The game is truncated: a state whose
turn total exceeds ``T`` or in which a player still in could bank more than
``S`` is replaced by a payoff ``b`` for A.  Every step of the backward
induction (value of a matrix game, max, min, average) is monotone in its
successors, and true values lie in [0, 1]; so the truncated game with
``b = 0`` is below the true game everywhere and the one with ``b = 1``
above it (induction over rounds and decreasing ``t``).  The solver computes
both with the midpoint game ``b = 1/2`` in one pass and reports the gap as
a proved error bound, for the value and for every evaluation of a fixed
policy (averages only, monotone likewise).  Under the players' optimal
play the states reached are finitely many (a leader holds, a trailer rolls
until ahead), so once the caps contain them the gap is 0 to rounding.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from numba import njit

from jeopardy.errors import JeopardyError
from jeopardy.rules.compiled import (BEYOND, ENDED, RISE, STAY, STAYS, WITHIN, roll_result,
                                     roll_row, roll_sources)
from jeopardy.rules.roll_model import RollModel


# Kinds of game a pass computes.  Game 0 is always OPTIMAL with boundary 1/2:
# the "equilibrium" the other kinds copy.  The counts take the value 1 (HIT)
# or add 1 (COUNT) at each mixed both-in state of game 0 along the play.
OPTIMAL = 0  # A maximises, B minimises (lower/upper sandwich games too)
EQUILIBRIUM_VS_RULE = 1  # A plays game 0's equilibrium, B the rule
BEST_RESPONSE_VS_RULE = 2  # A best-responds to B's rule
MIXED_COUNT = 3  # both play game 0's equilibrium: expected mixed states visited
MIXED_HIT = 4  # both play game 0's equilibrium: chance to visit one
MIXED_COUNT_VS_RULE = 5  # A equilibrium, B the rule
MIXED_HIT_VS_RULE = 6
MEMORY_LIMIT = 1_500_000_000  # bytes of value cubes; larger requests are refused
# A 2x2 game whose maximin falls short of its minimax by rounding only is a saddle point:
# the mixed formula there divides rounding by rounding (equal scores of Pig's 2 rounds:
# a gap of 5.6e-17 gave arbitrary mixes, and a "equilibrium" that max-expected-score
# play beat 0.602 to 0.398)
SADDLE = 1e-12
MIXED = 1e-9  # a state counts as mixed when every probability is in (MIXED, 1 - MIXED)


@njit(cache=True, nogil=True)
def _solo(rules, nxt, cube, kinds_of_games, boundary, table, alone_is_a, caps):
    """Roll values of the player alone, for every game: ``cube[g, own, d, t]``, the other's
    final total ``other = d + t`` (the both-in sweep reads the other at its score plus the
    shared turn total ``t``: laid out so, its reads along ``t`` are consecutive; Two-Dice
    THINK over 5 rounds, every number the same: 31.8 -> 12.9 s of CPU).

    For A alone, ``own`` is A's banked score and ``other`` B's final total
    (A perspective, ``nxt[g, own, other]``); for B alone the same with the
    indices of ``nxt`` swapped.  Game 0 is optimal; its decision is copied by
    the games that follow it (equilibrium evaluations, counts).

    A roll's outcome depends on ``own`` and ``t`` only: each (own, t) is
    classified once (:func:`jeopardy.rules.compiled.roll_sources`) and the
    values of every ``other`` are updated together (:func:`jeopardy.rules.compiled.roll_row`;
    the arithmetic per state,
    and its order, is :func:`jeopardy.rules.compiled.value_of_rolling`'s)."""
    score_cap, turn_cap = caps
    games = nxt.shape[0]
    size = score_cap + 1
    effects = rules[0].shape[0]
    # ended[g, own score, other]: the value once the turn ends, own score banked
    # (element by element: an array assigned to a slice compiles numba's shape-mismatch
    # message, string formatting included: 2.7 s of the cold first THINK solve)
    ended = np.empty((games, size, size))
    for g in range(games):
        for i in range(size):
            for j in range(size):
                ended[g, i, j] = nxt[g, i, j] if alone_is_a else nxt[g, j, i]
    values = np.empty((games, turn_cap + 1, size))  # values[g, t, other] at this own
    rolled = np.empty((games, turn_cap + 1, size))  # the roll values at this own
    roll = np.empty(size)
    rolls0 = np.zeros(size, dtype=np.bool_)
    targets = np.empty(effects, dtype=np.int8)
    sources = np.empty(effects, dtype=np.int64)
    for own in range(size):
        top = min(turn_cap, score_cap - own)
        for t in range(top, -1, -1):
            scale = roll_sources(rules, own, t, top + 1, size, targets, sources)
            for g in range(games):
                b = boundary[g]
                roll_row(targets, sources, rules[2], values[g], ended[g], b, roll)
                hold = ended[g, own + t]
                kind_g = kinds_of_games[g]
                for other in range(size):
                    r = roll[other] / scale
                    rolled[g, t, other] = r
                    if kind_g == 0:  # optimal: A maximises, B minimises
                        rolls = r > hold[other] if alone_is_a else r < hold[other]
                        if g == 0:
                            rolls0[other] = rolls
                    elif alone_is_a and kind_g == 2:  # A best-responds
                        rolls = r > hold[other]
                    elif alone_is_a or kind_g == 3 or kind_g == 4:  # as game 0
                        rolls = rolls0[other]
                    else:  # B follows the rule
                        rolls = table[own, t] == 1
                    values[g, t, other] = r if rolls else hold[other]
        # into the cube along t (written in the sweep's order instead, each value 1.6 KB
        # from the last: two-dice THINK over 5 rounds 14.4 -> 12.9 s)
        for g in range(games):
            for d in range(size):
                for t in range(min(top, score_cap - d) + 1):
                    cube[g, own, d, t] = rolled[g, t, d + t]


@njit(cache=True, nogil=True)
def _matrix(a, b, c, d):
    """A 2x2 zero-sum game (rows A: hold, roll; columns B: hold, roll; payoffs
    to A): ``(value, P(A holds), P(B holds), minimax - maximin)``; pure at a
    saddle point.  The last number is what B gains by seeing A's choice
    before making its own (0 at a saddle point)."""
    row_hold = min(a, b)
    row_roll = min(c, d)
    col_hold = max(a, c)
    col_roll = max(b, d)
    maximin = max(row_hold, row_roll)
    minimax = min(col_hold, col_roll)
    if maximin >= minimax - SADDLE:
        pa = 1.0 if row_hold >= row_roll else 0.0
        pb = 1.0 if col_hold <= col_roll else 0.0
        return maximin, pa, pb, 0.0
    den = a - b - c + d
    pa = (d - c) / den
    pb = (d - b) / den
    return (a * d - b * c) / den, pa, pb, minimax - maximin


@njit(cache=True, nogil=True)
def _both_in(rules, nxt, out, qa, qb, kinds_of_games, boundary, table, caps, stats, order):
    """The round's start values ``out[g, x, y]`` from the both-in columns.

    ``stats[x, y]`` receives the number of mixed both-in states of game 0 at
    scores (x, y) in this round, ``order[x, y]`` the most, over ``t``, that a
    player gains there by seeing the other's choice first."""
    kinds, points, probs = rules
    score_cap, turn_cap = caps
    games = nxt.shape[0]
    size = score_cap + 1
    effects = kinds.shape[0]
    values = np.empty((turn_cap + 1, games))  # values[t, g]: a total's games side by side
    flat = nxt.reshape((games, size * size))  # nxt[g, a, b] at flat[g, a * size + b]
    # every roll's result at every (score, turn total) of the caps, computed once a round:
    # a both-in state reads its two players' (2 x effects calls of roll_result at every
    # state were 0.7 s of this kernel's 9.5 s in `jeopardy think`, five rounds)
    turns = turn_cap + 1
    banked_at = np.zeros((size, turns, effects), dtype=np.int64)
    after_at = np.zeros((size, turns, effects), dtype=np.int64)
    outcome_at = np.zeros((size, turns, effects), dtype=np.int64)
    for score in range(size):
        for t in range(min(turn_cap, score_cap - score) + 1):
            for e in range(effects):
                banked_at[score, t, e], after_at[score, t, e], outcome_at[score, t, e] = \
                    roll_result(kinds[e], points[e], score, t)
    # each effect's read, the same for every game: classified once per (x, y, t), as
    # roll_sources classifies one player's (a turn that ends reads the next round's start
    # at both banked scores: flat[g, banked_a * size + banked_b])
    reads = np.empty(effects, dtype=np.int8)
    sources = np.empty(effects, dtype=np.int64)
    sums = np.empty(games)  # each game's RR sum before the stay is divided out
    for x in range(size):
        for y in range(size):
            top = min(turn_cap, score_cap - max(x, y))
            mixed_here = 0
            worth = 0.0
            for t in range(top, -1, -1):
                pa0 = 0.0
                pb0 = 0.0
                mixed = False
                stay = 0.0
                for e in range(effects):
                    # one roll for both players still in (the turn total is shared)
                    banked_a = banked_at[x, t, e]
                    after = after_at[x, t, e]
                    outcome = outcome_at[x, t, e]
                    banked_b = banked_at[y, t, e]
                    if outcome == STAY:
                        reads[e] = STAYS
                        stay += probs[e]
                    elif outcome == RISE and after <= top:
                        reads[e] = WITHIN
                        sources[e] = after
                    elif outcome == RISE or max(banked_a, banked_b) > score_cap:
                        reads[e] = BEYOND
                    else:
                        reads[e] = ENDED
                        sources[e] = banked_a * size + banked_b
                # every game's RR sum at once, effect by effect: each game's sum is added
                # in the effects' order as before, while the games' sums are independent
                # chains of additions the processor overlaps (one game at a time, each
                # addition waited for the one before it)
                for g in range(games):
                    sums[g] = 0.0
                for e in range(effects):
                    read = reads[e]
                    p = probs[e]
                    if read == WITHIN:
                        at = sources[e]
                        for g in range(games):
                            sums[g] += p * values[at, g]
                    elif read == ENDED:
                        at = sources[e]
                        for g in range(games):
                            sums[g] += p * flat[g, at]
                    elif read == BEYOND:
                        for g in range(games):
                            sums[g] += p * boundary[g]
                for g in range(games):
                    a = nxt[g, x + t, y + t]
                    hr = qb[g, y, x, t]  # B alone: own y, other x + t
                    rh = qa[g, x, y, t]
                    rr = sums[g]
                    if stay > 0.0:
                        rr /= 1.0 - stay
                    kind_g = kinds_of_games[g]
                    if kind_g == 0:
                        if x == y:  # symmetric state: the value is 1/2 exactly (see above)
                            rr = 0.5
                        v, pa, pb, seeing = _matrix(a, hr, rh, rr)
                        if x == y:
                            v = 0.5
                        if g == 0:
                            pa0, pb0 = pa, pb
                            worth = max(worth, seeing)
                            mixed = (MIXED < pa < 1.0 - MIXED) and (MIXED < pb < 1.0 - MIXED)
                    elif kind_g <= 2 or kind_g >= 5:
                        b_rolls = table[y, t] == 1
                        hold_value = hr if b_rolls else a
                        roll_value = rr if b_rolls else rh
                        if kind_g == 2:
                            v = max(hold_value, roll_value)
                        elif kind_g == 6 and mixed:
                            v = 1.0
                        else:
                            v = pa0 * hold_value + (1.0 - pa0) * roll_value
                            if kind_g == 5 and mixed:
                                v += 1.0
                    else:
                        if kind_g == 4 and mixed:
                            v = 1.0
                        else:
                            v = (pa0 * pb0 * a + pa0 * (1.0 - pb0) * hr
                                 + (1.0 - pa0) * pb0 * rh + (1.0 - pa0) * (1.0 - pb0) * rr)
                            if kind_g == 3 and mixed:
                                v += 1.0
                    values[t, g] = v
                if mixed:
                    mixed_here += 1
            stats[x, y] = mixed_here
            order[x, y] = worth
            for g in range(games):
                out[g, x, y] = values[0, g]


def _terminal(size: int, kinds_of_games: np.ndarray) -> np.ndarray:
    x = np.arange(size)
    final = np.where(x[:, None] > x[None, :], 1.0, np.where(x[:, None] == x[None, :], 0.5, 0.0))
    out = np.repeat(final[None, :, :], len(kinds_of_games), axis=0)
    out[kinds_of_games >= MIXED_COUNT] = 0.0
    return out


@dataclass(frozen=True)
class Pass:
    """Start values of one backward pass: ``values[g]`` is U_0(0, 0) of game g."""

    values: np.ndarray
    starts: np.ndarray  # starts[g, x, y]: U_0 of game g (round 1 starts at any scores)
    mixed_states: np.ndarray  # [round, x, y]: mixed both-in states of game 0 at scores x, y
    seeing_first: np.ndarray  # [round, x, y]: max over t of minimax - maximin in game 0
    seconds: float


def solve_pass(model: RollModel, rounds: int, score_cap: int, turn_cap: int,
               kinds_of_games, boundary, rule=None, progress=None) -> Pass:
    """One backward pass over ``rounds`` rounds for a bundle of games.

    ``kinds_of_games[0]`` must be :data:`OPTIMAL` (the midpoint game whose
    decisions the evaluations copy); ``boundary[g]`` is game g's payoff to A
    beyond the caps; ``rule`` is B's policy for evaluation games (an object
    with ``table(own_turn, size)`` as in :mod:`jeopardy.fixed_turns.policies`).
    """
    model.require_rising("the THINK solver")
    if model.has_double:
        raise JeopardyError(f"{model.name}: THINK with a doubling effect is not supported")
    if rounds < 1:
        raise JeopardyError(f"number of rounds must be at least 1; got {rounds}")
    if score_cap < model.max_points or turn_cap < model.max_points:
        raise JeopardyError(f"caps must be at least one roll's points ({model.max_points}); "
                            f"got score cap {score_cap}, turn cap {turn_cap}")
    kinds_of_games = np.asarray(kinds_of_games, dtype=np.int64)
    boundary = np.asarray(boundary, dtype=np.float64)
    if kinds_of_games[0] != OPTIMAL:
        raise JeopardyError("game 0 of a pass must be the optimal game")
    games = len(kinds_of_games)
    size = score_cap + 1
    memory = 2 * games * size * size * (turn_cap + 1) * 8
    if memory > MEMORY_LIMIT:
        raise JeopardyError(f"caps {score_cap}/{turn_cap} need {memory / 1e9:.1f} GB of value "
                            f"tables (limit {MEMORY_LIMIT / 1e9:.1f} GB); lower the caps")
    started = time.perf_counter()
    rules = model.arrays()
    caps = (score_cap, turn_cap)
    nxt = _terminal(size, kinds_of_games)
    qa = np.zeros((games, size, size, turn_cap + 1))
    qb = np.zeros((games, size, size, turn_cap + 1))
    stats = np.zeros((size, size), dtype=np.int64)
    order = np.zeros((size, size))
    mixed = np.zeros((rounds, size, size), dtype=np.int64)
    seeing = np.zeros((rounds, size, size))
    width = max(size, turn_cap + 1)
    for r in range(rounds - 1, -1, -1):
        if rule is not None:
            table = np.ascontiguousarray(rule.table(r + 1, width)[:size, :turn_cap + 1])
        else:
            table = np.zeros((size, turn_cap + 1), dtype=np.int8)
        _solo(rules, nxt, qa, kinds_of_games, boundary, table, True, caps)
        _solo(rules, nxt, qb, kinds_of_games, boundary, table, False, caps)
        out = np.empty_like(nxt)
        _both_in(rules, nxt, out, qa, qb, kinds_of_games, boundary, table, caps, stats, order)
        mixed[r] = stats
        seeing[r] = order
        nxt = out
        if progress is not None:
            progress(f"round {r + 1} of {rounds} solved")
    return Pass(nxt[:, 0, 0].copy(), nxt, mixed, seeing, time.perf_counter() - started)
