"""numba kernels of the match solver for turn processes (several turn states).

:func:`process_sweep` is one turn at one turn start, the counterpart of
:func:`jeopardy.match.kernels.sweep` for a :class:`~jeopardy.rules.turn_process.TurnProcess`:
the outer loop (score sums, rotation classes, Newton around the class,
residual) is the match solver's own, and ``sweep`` hands a turn start to
this kernel when the bundle carries a process (``race.process.states > 0``).

Within the turn the state is ``(t, s)``: turn total and turn state.  Backward
over ``t = top .. 0``; at each ``t`` every state's value vector (players
relative to the mover) and its slope in the bust target (the chance of
ending the turn with nothing banked) are kept in the bundle's scratch tables
``vals[t, s, m]``, ``dvals[t, s]``, ``acts[t, s]`` (1 throw).  The turn
start's vector goes to ``vals[0]`` of the caller, its slope to ``dvals[0]``.

Where the table may stop (``top``; proofs in :mod:`jeopardy.farkle.core`):

* first to the goal, or the last player of the round under equal turns:
  ``top = max(goal - own, minimum)``; past it a throw lands where a bank is
  allowed and wins at once, which no throw beats.
* the first player of the round under equal turns (two players):
  ``top = max(goal - own, minimum, dstar[j] + j - own)`` -- past it banking
  (worth ``1 - Q(d)``, ``Q`` the last player's chance ``d`` behind) beats
  any throw.
* a state without a bank (``lock``, Ten Thousand's rule IV.1) past the top is
  a geometric sum: throw until the dice leave the lock state (then bank as
  above) or bust; ``R(d)`` is the last player's chance after such a tail.
* exact goal (IV.3): totals past ``goal - own`` are lost, so ``top = goal - own``.

``cap_scale`` multiplies every top (the tests double it).

The helpers are inlined into the sweep (``inline='always'``): a call would pass
the bundle by value, with a reference count change for each of its arrays.

numba's on-disk cache does not see edits to a kernel in another file: after
changing this module, delete the cached ``kernels.*.nbi/.nbc`` of
``jeopardy/match/__pycache__`` (``sweep`` compiles ``process_sweep`` in).

The ending data (``Q``, ``R``, ``dstar``: the last player's chances, the tops'
bounds) come with the process; rows ``[0]`` / ``[1]`` of ``Q`` and ``R`` are
for a last player whose banked score is at most / above ``high_score``
(its minimum bank differs under rule IV.2).
"""
from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

from jeopardy.match import kernels

# The process bundle carried by :data:`jeopardy.match.kernels.Race` (``race.process``):
#   states, start           number of turn states (0: no process, a roll model) and the first
#   pattern_offsets ...     the outcomes and choices (:data:`~jeopardy.rules.turn_process.ProcessArrays`)
#   bankable                1 where a bank is allowed
#   min_low, min_high, high_score, exact_goal   the bank rules (units)
#   lock, lock_stay, lock_leave   the state without a bank (-1: none): chances to stay in it
#                           and to leave it with points; its bust chance is bust[lock]
#   Q, R, dstar, cap_scale  the ending data (module docstring)
#   vals, dvals, acts       scratch tables [t, s(, m)], large enough for every top
Process = namedtuple("Process", [
    "states", "start", "pattern_offsets", "pattern_probs", "choice_offsets", "choice_points",
    "choice_nexts", "bust", "bankable", "min_low", "min_high", "high_score", "exact_goal",
    "lock", "lock_stay", "lock_leave", "Q", "R", "dstar", "cap_scale", "vals", "dvals", "acts"])


def no_process() -> Process:
    """The bundle of a roll model (no turn states): same types, nothing in them."""
    ints = np.zeros(1, dtype=np.int64)
    return Process(np.int64(0), np.int64(0), ints, np.zeros(0), ints, ints, ints, np.zeros(1),
                   np.zeros(1, dtype=np.int8), np.int64(0), np.int64(0), np.int64(0), np.int64(0),
                   np.int64(-1), 0.0, 0.0, np.zeros((2, 1)), np.zeros((2, 1)), ints, np.int64(1),
                   np.zeros((1, 1, 1)), np.zeros((1, 1)), np.zeros((1, 1), dtype=np.int8))


@njit(cache=True, nogil=True, inline='always')
def minimum(process, score):
    """The minimum bank of a player with ``score`` banked."""
    return process.min_high if score > process.high_score else process.min_low


@njit(cache=True, nogil=True, inline='always')
def turn_top(race, first, own, second):
    """The largest turn total kept in the table (module docstring)."""
    process = race.process
    below = race.goal - own
    if process.exact_goal == 1:
        return below
    top = max(below, minimum(process, own))
    if first:
        top = max(top, process.dstar[second] + second - own)
    return process.cap_scale * top


@njit(cache=True, nogil=True)
def largest_top(race):
    """The largest ``turn_top`` over every turn start and role."""
    largest = 0
    for own in range(race.goal):
        for second in range(race.goal):
            largest = max(largest, turn_top(race, False, own, second))
            if race.equal == 1:
                largest = max(largest, turn_top(race, True, own, second))
    return largest


@njit(cache=True, nogil=True)
def table_states(race):
    """Turn states ``(t, s)`` in the tables of every stored turn start."""
    states = 0
    size = race.goal ** race.players
    for place in range(race.places):
        first = race.equal == 1 and place == 0
        for index in range(size):
            own = index // race.high
            second = (index % race.high) // (race.high // race.goal)
            states += race.process.states * (turn_top(race, first, own, second) + 1)
    return states


@njit(cache=True, nogil=True, inline='always')
def finish(race, first, total, second, out):
    """``out``: the value vector of banking ``total >= goal``.  The first player of
    the round under equal turns leaves the other a last turn ``total - second`` behind."""
    process = race.process
    for m in range(race.players):
        out[m] = 0.0
    if first:
        row = 1 if second > process.high_score else 0
        d = total - second
        chance = process.Q[row, d] if d < process.Q.shape[1] else 0.0
        out[0] = 1.0 - chance
        out[1] = chance
    else:
        out[0] = 1.0


@njit(cache=True, nogil=True, inline='always')
def beyond(race, first, total, state, second, bust_vec, out):
    """``out`` and the slope: the value of reaching ``total`` past the table in ``state``."""
    process = race.process
    n = race.players
    if process.exact_goal == 1:  # past the goal: the turn is lost
        for m in range(n):
            out[m] = bust_vec[m]
        return 1.0
    if state == process.lock:  # throw on until the dice leave the lock state
        slope = process.bust[state] / (1.0 - process.lock_stay)
        leave = process.lock_leave / (1.0 - process.lock_stay)
        for m in range(n):
            out[m] = slope * bust_vec[m]
        if first:  # the last player's chance after the tail
            row = 1 if second > process.high_score else 0
            d = total - second
            tail = process.R[row, d] if d < process.R.shape[1] else 0.0
            out[0] += leave - tail
            out[1] += tail
        else:
            out[0] += leave
        return slope
    finish(race, first, total, second, out)
    return 0.0


@njit(cache=True, nogil=True, inline='always')
def frame(race, index, place):
    """``(own score, the next player's score, first of the round?, top)`` of a turn start."""
    own = index // race.high
    second = (index % race.high) // (race.high // race.goal)
    first = race.equal == 1 and place == 0
    return own, second, first, turn_top(race, first, own, second)


@njit(cache=True, nogil=True, inline='always')
def bank_vector(race, W, index, place, own, second, first, t, out):
    """``out``: the value vector of banking turn total ``t`` at turn start ``index``
    (its ``frame``); returns whether a bank is allowed there (in a state where
    banking is: ``bankable``)."""
    process = race.process
    goal = race.goal
    total = own + t
    least = minimum(process, own)
    if process.exact_goal == 1:
        allowed = t > 0 and (total == goal or (t >= least and total < goal))
    else:
        allowed = t > 0 and t >= least
    if allowed:
        if total >= goal:
            finish(race, first, total, second, out)
        else:
            following = (place + 1) % race.places
            kernels.rotate(race, W[following, (index % race.high) * goal + total], out)
    return allowed


@njit(cache=True, nogil=True, inline='always')
def throw_vector(race, own, second, first, top, t, s, bust_vec, out, other):
    """``out``: the value vector of throwing in state ``s`` at turn total ``t`` of a
    turn start (its ``frame``; any ``t``: the scratch table holds the turn's values
    above it up to ``top``); returns its slope in the bust target.  The mover
    keeps its best choice.  Two players' chances sum to 1 (a tie counts one half
    to each): only the mover's is summed, the other's is the rest.

    The bundle's arrays are bound to local names first: read from the bundle
    inside the loop, each would change its reference count at every outcome.
    """
    process = race.process
    n = race.players
    rest = 1 if n == 2 else n  # players m >= 1 summed here
    V = process.vals
    D = process.dvals
    first_outcome = process.pattern_offsets[s]
    last_outcome = process.pattern_offsets[s + 1]
    probs = process.pattern_probs
    offsets = process.choice_offsets
    points = process.choice_points
    nexts = process.choice_nexts
    b = process.bust[s]
    mover = b * bust_vec[0]
    for m in range(1, rest):
        out[m] = b * bust_vec[m]
    slope = b
    for k in range(first_outcome, last_outcome):
        p = probs[k]
        c0 = offsets[k]
        chosen = c0
        if offsets[k + 1] - c0 > 1:
            best = -1.0
            for c in range(c0, offsets[k + 1]):
                u = t + points[c]
                if u <= top:
                    v = V[u, nexts[c], 0]
                else:
                    beyond(race, first, own + u, nexts[c], second, bust_vec, other)
                    v = other[0]
                if v > best:
                    best = v
                    chosen = c
        u = t + points[chosen]
        nxt = nexts[chosen]
        if u <= top:
            mover += p * V[u, nxt, 0]
            for m in range(1, rest):
                out[m] += p * V[u, nxt, m]
            slope += p * D[u, nxt]
        else:
            d = beyond(race, first, own + u, nxt, second, bust_vec, other)
            mover += p * other[0]
            for m in range(1, rest):
                out[m] += p * other[m]
            slope += p * d
    out[0] = mover
    if n == 2:
        out[1] = 1.0 - mover
    return slope


@njit(cache=True, nogil=True)
def process_sweep(race, W, index, place, y, vals, dvals, acts, work):
    """One turn of the process at turn start ``index`` (place ``place``) given the
    bust target ``y``: ``vals[0]`` the turn start's value vector, ``dvals[0]`` its
    slope in ``rotate(y)``, ``acts[0]`` 1 if it throws; returns 1.  The whole
    turn stays in the bundle's scratch tables (``vals[t, s, m]``, ...).

    Every mover maximises its own chance (banking on ties).  ``work``: scratch of
    shape ``(4, players)``.
    """
    process = race.process
    n = race.players
    own, second, first, top = frame(race, index, place)
    V = process.vals
    D = process.dvals
    A = process.acts
    bankable = process.bankable
    bust_vec = work[0]
    bank = work[1]
    acc = work[2]
    other = work[3]
    kernels.rotate(race, y, bust_vec)
    for t in range(top, -1, -1):
        allowed = bank_vector(race, W, index, place, own, second, first, t, bank)
        for s in range(process.states):
            slope = throw_vector(race, own, second, first, top, t, s, bust_vec, acc, other)
            if allowed and bankable[s] == 1 and bank[0] >= acc[0]:
                for m in range(n):
                    V[t, s, m] = bank[m]
                D[t, s] = 0.0
                A[t, s] = 0
            else:
                for m in range(n):
                    V[t, s, m] = acc[m]
                D[t, s] = slope
                A[t, s] = 1
    start = process.start
    for m in range(n):
        vals[0, m] = V[0, start, m]
    dvals[0] = D[0, start]
    acts[0] = A[0, start]
    return 1


@njit(cache=True, nogil=True)
def _start_scratch(n):
    """The arguments a sweep fills for the turn start alone (and its work space)."""
    return np.empty((2, n)), np.empty(2), np.empty(2, dtype=np.int8), np.empty((4, n))


@njit(cache=True, nogil=True)
def advice(race, W, index, place, t, s, out):
    """The mover's chances if it throws and if it banks at ``(t, s)`` of the turn start
    ``index`` (``out[0]``, ``out[1]``; ``out[1] = -1`` where it may not bank), from
    one sweep of its turn: for any ``t``, also past the table."""
    process = race.process
    vals, dvals, acts, work = _start_scratch(race.players)
    following = (place + 1) % race.places
    y = W[following, kernels.rotation(race, index)]
    process_sweep(race, W, index, place, y, vals, dvals, acts, work)
    own, second, first, top = frame(race, index, place)
    kernels.rotate(race, y, work[0])
    throw_vector(race, own, second, first, top, t, s, work[0], work[2], work[3])
    out[0] = work[2, 0]
    allowed = bank_vector(race, W, index, place, own, second, first, t, work[1])
    out[1] = work[1, 0] if allowed and process.bankable[s] == 1 else -1.0


@njit(cache=True, nogil=True)
def decision_tables(race, W, offsets, tops, flat, width, shift):
    """Every stored turn start's actions (1 throw): ``flat[offsets[place, index] + t *
    width + s + shift]`` for ``t <= tops[place, index]`` (past the top every bank is
    best); ``width >= states + shift``."""
    process = race.process
    vals, dvals, acts, work = _start_scratch(race.players)
    at = 0
    for place in range(race.places):
        following = (place + 1) % race.places
        for index in range(W.shape[1]):
            process_sweep(race, W, index, place, W[following, kernels.rotation(race, index)],
                          vals, dvals, acts, work)
            top = frame(race, index, place)[3]
            offsets[place, index] = at
            tops[place, index] = top
            for t in range(top + 1):
                for s in range(process.states):
                    flat[at + t * width + s + shift] = process.acts[t, s]
            at += (top + 1) * width
