"""Busts in a row: a per-player counter in the match state, and its penalty.

Some games punish a run of busts: in Farkle three farkles in a row cost 500
banked points (Busche 2016).  This module solves any
:class:`~jeopardy.rules.turn_process.TurnProcess` for two players, first to
the goal, with such a rule (:class:`BustPenalty`):

* each player has a counter of its busts in a row, ``0 .. limit - 1``;
* a bust raises the buster's own counter; the ``limit``-th bust in a row costs
  ``points`` banked units and sets the counter back to 0;
* a bank sets the banker's counter back to 0.

**The floor.**  A run of penalties can take a score as low as it likes, so the
model keeps banked scores at or above ``floor`` (<= 0): a penalty that would
take a score below the floor leaves it *at* the floor (the floor absorbs the
rest of the loss), and the counter goes back to 0 as after any penalty.
Busche chose -2,500 points for Farkle; the values converge as the floor is
lowered (measured in docs/farkle.md).

**The state** is ``(own, a, other, b)``: the mover's banked score and
counter, the other player's; ``V[own, a, other, b]`` is the mover's chance to
win.  A turn is the process's stopping problem (turn total ``t``, turn state
``s``) with these exits: a bank of ``t`` (``t >= 1`` and at least the minimum
at ``own``) wins if ``own + t >= goal``, else is worth ``1 - V[other, b,
own + t, 0]``; a bust is worth ``1 - V[other, b, own, a + 1]``, or at the
limit ``1 - V[other, b, max(own - points, floor), 0]``.  Past the turn total
``max(goal - own, minimum)`` every scoring throw lands where a bank wins, so
the table stops there (every state must allow a bank: a state without one is
refused).

**The method.**  A penalty lowers a score, so the game graph has cycles across
score sums and the solver of :mod:`jeopardy.match.process_solver` (top score
sum down, each rotation class by Newton) does not apply.  Without the
penalty's jumps the order is still acyclic: a bank raises the score sum, and a
bust below the limit keeps the sum and raises the counter sum ``a + b``.  The
solve is *modified policy iteration* in that order:

* a **Bellman round** (:func:`_bellman`) applies the optimality equation to
  every turn start, the score sums from the top down (every counter ``a`` of
  the mover at once: they share the bank's values), and records the best
  play's exits from every turn: the chance of each bank total below the goal,
  of a winning bank and of a bust (:func:`_exits`).  A turn whose play did not
  change since the last recorded round (a 64-bit checksum of it, :func:`_turn`)
  keeps its exits; a checksum that coincided by chance could only keep a stale
  play, which the residual (below) still measures;
* the **first round** reaches targets it has not solved yet (a penalty's, in a
  lower sum; some busts', in the same sum): it guesses them from the values it
  has solved (:func:`_guess`), a better start than the initial 0.5 (facebook
  to 2,000, floor -500: 5 rounds instead of 6);
* **sweeps of that play** (:func:`_evaluate`, a few multiplications per turn
  start instead of a turn) follow, in the exact order (score sums, then counter
  sums, from the top down), until no value moves by more than ``tolerance / 10``;
* while a round moves values by more than :data:`IN_PLACE` it writes them in
  place (Gauss-Seidel, nearly exact down the score sums); after that a round
  writes nothing: its largest change is the **residual** (the largest change
  one more Bellman application makes to any stored value) and its play the
  improved one.  The solve stops when that residual is at most ``tolerance``
  (or after ``max_rounds``; the rounds and sweeps are reported).

Ties bank (as the match solver).  The kernels take the process's flat arrays
(:meth:`TurnProcess.arrays`); the turn loop is the one value loop of this
module (:func:`_turn`), kept beside the match solver's because the exit values
here are read from a four-index table the match kernels do not carry.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np
from numba import njit

from jeopardy import convergence, validate
from jeopardy.errors import JeopardyError
from jeopardy.results import Result
from jeopardy.rules.turn_process import TurnProcess

MAX_ROUNDS = 20  # Bellman applications (policy improvements)
MAX_SWEEPS = 10_000  # sweeps of a fixed play in all
IN_PLACE = 1e-3  # Bellman applications write in place while they change values more
LAST = 1e-5  # an application after a residual below this is not recorded, unless the one
#               before it was not either (solve)
LANES = 4  # counters of one block in the turn kernel (_turn), each kept in a local
ONE, TWO, THREE = np.uint64(1), np.uint64(2), np.uint64(3)  # a block's lanes past its first
# odd 64-bit constants (the golden ratio's, a splitmix64 step's) weighing the choices and the
# throwing states of a turn's checksum (_turn)
MIX, CELL_MIX = np.uint64(0x9E3779B97F4A7C15), np.uint64(0xBF58476D1CE4E5B9)
MIX_2 = np.uint64(0x94D049BB133111EB)


@dataclass(frozen=True)
class BustPenalty:
    """``limit`` busts in a row cost ``points`` banked units; scores stay at or above
    ``floor`` units (module docstring)."""

    limit: int
    points: int
    floor: int

    def __post_init__(self) -> None:
        validate.integer(self.limit, "limit", 1)
        validate.integer(self.points, "points", 0)
        validate.integer(self.floor, "floor", None, 0)


@dataclass(frozen=True, repr=False)
class CounterSolution(convergence.Converging, Result):
    """Two players, first to the goal or with the round ending, with busts in a row
    counted and punished.

    ``values[place, own - floor, a, other - floor, b]``: the mover's chance to win, the
    mover the first (place 0) or the second (1) of the round; first to the goal, one
    place.
    """

    process: TurnProcess
    goal: int
    penalty: BustPenalty
    values: np.ndarray = field(repr=False)
    max_residual: float
    rounds: int  # Bellman applications to every state (the last one measures the residual)
    sweeps: int  # sweeps of a fixed play between them
    seconds: float
    states: int
    tolerance: float = 0.0

    @property
    def rounds_ending(self) -> bool:
        """Whether the round is played out (equal turns), not first to the goal."""
        return self.values.shape[0] == 2

    def value(self, own: int, a: int, other: int, b: int, place: int = 0) -> float:
        """The mover's chance at ``own`` (units) with ``a`` busts in a row against
        ``other`` with ``b``, the mover at ``place`` in the round."""
        floor = self.penalty.floor
        return float(self.values[place, own - floor, a, other - floor, b])

    @property
    def win_probability(self) -> float:
        """The first player's chance at the start (0 to 0, no busts)."""
        return self.value(0, 0, 0, 0)

    @property
    def win_probabilities(self) -> list[float]:
        return [self.win_probability, 1.0 - self.win_probability]

    def to_dict(self) -> dict:
        p = self.penalty
        return {"game": self.process.name, "goal": self.goal, "players": 2,
                "ending": "equal-turns" if self.rounds_ending else "first-to-goal", "penalty": {"limit": p.limit, "points": p.points,
                                                        "floor": p.floor},
                "win_probabilities": self.win_probabilities,
                "win_probability": self.win_probability, "states": self.states,
                "seconds": self.seconds, "max_residual": self.max_residual,
                "rounds": self.rounds, "sweeps": self.sweeps,
                "converged": self.converged}


@njit(cache=True, nogil=True)
def _turn(minimum, top, bankv, z, turn, scratch, PRINT, record):
    """The turns of one turn start's counters ``a`` at once (they share the bank's
    values ``bankv[t]`` and differ in the bust's, ``z[a]``): turn totals ``top .. 0``
    backwards in the scratch ``T[t, s, a]`` (rows past ``top``: the bank there,
    ``bankv[t]``, which no throw beats), the action in ``ACT[t, s, a]`` (1 throw).  The counters go in
    blocks of :data:`LANES`, each kept in a local (``T``'s last axis is a multiple
    of it; padded lanes carry ``z`` 0 and are never read).

    ``record`` 1: each outcome's first best choice goes to ``CH[t, k, a]``
    (:func:`_exits`), and ``PRINT[a]`` is a 64-bit checksum of counter ``a``'s play
    (every turn state where it throws, with the choice of each outcome there, each
    term mixed by :func:`_mixed`; odd,
    so never the 0 of a turn not yet recorded): a turn whose checksum did not
    change keeps its exits.  ``turn``, ``scratch``: :func:`_bellman`'s bundles."""
    _, bankable, offsets, probs, choice_offsets, _, _, jump, bust = turn
    T, _, ACT, CH, _ = scratch
    states = bust.shape[0]
    width = T.shape[2]
    patterns = CH.shape[1]
    for u in range(top + 1, T.shape[0]):
        for s in range(states):
            for a in range(width):
                T[u, s, a] = bankv[u]
    for a in range(width):
        PRINT[a] = ONE
    flat = T.reshape(-1)
    g0 = g1 = g2 = g3 = np.uint64(0)
    for t in range(top, -1, -1):
        allowed = t >= 1 and t >= minimum
        bank = bankv[t]
        row = np.uint64(t * states * width)  # unsigned: no wraparound test at each read
        for s in range(states):
            may_bank = allowed and bankable[s] == 1
            cell = np.uint64(t * states + s + 1) * CELL_MIX
            for lane in range(0, width, LANES):
                at = row + np.uint64(lane)
                m0 = bust[s] * z[lane]
                m1 = bust[s] * z[lane + 1]
                m2 = bust[s] * z[lane + 2]
                m3 = bust[s] * z[lane + 3]
                g0 = g1 = g2 = g3 = cell
                for k in range(offsets[s], offsets[s + 1]):
                    first = choice_offsets[k]
                    last = choice_offsets[k + 1]
                    here = at + jump[first]
                    b0 = flat[here]
                    b1 = flat[here + ONE]
                    b2 = flat[here + TWO]
                    b3 = flat[here + THREE]
                    if record == 1:
                        c0 = c1 = c2 = c3 = first
                        for c in range(first + 1, last):
                            here = at + jump[c]
                            x0 = flat[here]
                            x1 = flat[here + ONE]
                            x2 = flat[here + TWO]
                            x3 = flat[here + THREE]
                            c0 = c if x0 > b0 else c0
                            c1 = c if x1 > b1 else c1
                            c2 = c if x2 > b2 else c2
                            c3 = c if x3 > b3 else c3
                            b0 = max(b0, x0)
                            b1 = max(b1, x1)
                            b2 = max(b2, x2)
                            b3 = max(b3, x3)
                        CH[t, k, lane] = c0
                        CH[t, k, lane + 1] = c1
                        CH[t, k, lane + 2] = c2
                        CH[t, k, lane + 3] = c3
                        w = np.uint64(t * patterns + k + 1) * MIX
                        g0 += _mixed(np.uint64(c0) + w)
                        g1 += _mixed(np.uint64(c1) + w)
                        g2 += _mixed(np.uint64(c2) + w)
                        g3 += _mixed(np.uint64(c3) + w)
                    else:
                        for c in range(first + 1, last):
                            here = at + jump[c]
                            b0 = max(b0, flat[here])
                            b1 = max(b1, flat[here + ONE])
                            b2 = max(b2, flat[here + TWO])
                            b3 = max(b3, flat[here + THREE])
                    p = probs[k]
                    m0 += p * b0
                    m1 += p * b1
                    m2 += p * b2
                    m3 += p * b3
                if _decide(T, ACT, t, s, lane, m0, may_bank, bank):
                    PRINT[lane] += g0
                if _decide(T, ACT, t, s, lane + 1, m1, may_bank, bank):
                    PRINT[lane + 1] += g1
                if _decide(T, ACT, t, s, lane + 2, m2, may_bank, bank):
                    PRINT[lane + 2] += g2
                if _decide(T, ACT, t, s, lane + 3, m3, may_bank, bank):
                    PRINT[lane + 3] += g3
    for a in range(width):
        PRINT[a] |= ONE


@njit(cache=True, nogil=True, inline='always')
def _mixed(x):
    """One term of a play's checksum, mixed (splitmix64's finaliser): a sum of plain
    products ``choice * weight`` would be linear in the choices, so that some changes
    of play (one outcome's choice up by one, another's down) would keep the sum and
    the old exits for good; mixed terms make that a 64-bit accident."""
    x = (x ^ (x >> np.uint64(30))) * CELL_MIX
    x = (x ^ (x >> np.uint64(27))) * MIX_2
    return x ^ (x >> np.uint64(31))


@njit(cache=True, nogil=True, inline='always')
def _decide(T, ACT, t, s, a, mover, may_bank, bank):
    """Bank (ties bank) or throw at ``(t, s)`` for counter ``a``; True where it throws."""
    if may_bank and bank >= mover:
        T[t, s, a] = bank
        ACT[t, s, a] = 0
        return False
    T[t, s, a] = mover
    ACT[t, s, a] = 1
    return True


@njit(cache=True, nogil=True)
def _exits(top, room, a, pi, bankv, turn, scratch):
    """The exits of counter ``a``'s turn under the actions of :func:`_turn` (of every
    outcome the first best choice, ``CH``): ``pi[t - 1]`` the chance of banking
    ``t < room`` (the landing score is below the goal), and ``(win, bust)``: the
    mover's chance from its banks at the goal (each worth ``bankv[t]``: 1 first to
    the goal, what the other's last turn leaves under the round) and the chance of a
    bust.  ``M[t, s]``: scratch of the chance
    of reaching ``(t, s)``; ``targets[c]``: choice ``c``'s step in ``M`` flattened
    (its points times the states, plus its next state).  ``turn``, ``scratch``:
    :func:`_bellman`'s bundles."""
    start, _, offsets, probs, _, points, targets, _, bust = turn
    _, _, ACT, CH, M = scratch
    states = bust.shape[0]
    width = CH.shape[2]
    patterns = CH.shape[1]
    flat = M.reshape(-1)
    choices = CH.reshape(-1)
    for i in range((top + 1) * states):
        flat[i] = 0.0
    for t in range(room - 1):
        pi[t] = 0.0
    M[0, start] = 1.0
    win = 0.0
    busted = 0.0
    for t in range(top + 1):
        here = np.uint64(t * states)
        row = np.uint64(t * patterns * width + a)
        # downward: a choice of no points leads to an earlier state of the same total
        # (TurnProcess), whose mass must all have arrived before it is passed on
        for s in range(states - 1, -1, -1):
            m = flat[here + np.uint64(s)]
            if m == 0.0:
                continue
            if ACT[t, s, a] == 0:
                if t < room:
                    pi[t - 1] += m
                else:
                    win += m * bankv[t]
                continue
            busted += m * bust[s]
            for k in range(offsets[s], offsets[s + 1]):
                c = choices[row + np.uint64(k * width)]
                if t + points[c] <= top:
                    flat[here + targets[c]] += m * probs[k]
                else:
                    win += m * probs[k] * bankv[t + points[c]]
    return win, busted


@njit(cache=True, nogil=True)
def _bust_value(V, oi, a, oj, b, floor, limit, points):
    """The mover's value of a bust at ``(oi, a, oj, b)``."""
    if a + 1 < limit:
        return 1.0 - V[oj, b, oi, a + 1]
    return 1.0 - V[oj, b, max(oi + floor - points, floor) - floor, 0]


@njit(cache=True, nogil=True)
def _guess(V, mover, b, other, c, solved, step):
    """A guess of ``V[mover, b, other, c]``, a turn start of a score sum below
    ``solved`` (the sums from ``solved`` up are solved): the first round's
    stand-in for the targets it reaches before it solves them (a bust's, below
    the limit, in the same sum; a penalty's, below).  Linear in the other's score
    through the two solved values ``step`` (>= 1) apart from the first solved
    one; near the goal, where those are not in the table, the value at both scores
    raised alike into the solved sums."""
    G = V.shape[0]
    step = max(step, 1)
    near = solved - mover  # the other's least score in a solved sum
    if 0 <= near and near + step <= G - 1:
        slope = (V[mover, b, near, c] - V[mover, b, near + step, c]) / step
        return min(1.0, max(0.0, V[mover, b, near, c] + slope * (near - other)))
    k = (solved + 1 - (mover + other)) // 2
    return V[min(mover + k, G - 1), b, min(other + k, G - 1), c]


@njit(cache=True, nogil=True, inline='always')
def _frame(p, places, own, other, oj, goal, minimum, Q, dstar, high_score):
    """``(top, row)``: the table's top of the mover at ``place`` ``p`` and the row of
    ``Q`` of the other player; the first of the round under the round ending (``places``
    2, ``p`` 0) keeps totals to ``dstar[oj] + other - own`` (module docstring)."""
    top = max(goal - own, minimum)
    if places == 2 and p == 0:
        top = max(top, dstar[oj] + other - own)
    return top, 1 if other > high_score else 0


@njit(cache=True, nogil=True, inline='always')
def _bank_values(bankv, p, places, own, oi, oj, other, b, goal, top, Q, row, Vn):
    """``bankv[t]``, ``t = 1 ..`` the table's end: the mover's chance after banking ``t``."""
    room = goal - own
    for t in range(1, bankv.shape[0]):
        if t < room:
            if t <= top:
                bankv[t] = 1.0 - Vn[oj, b, oi + t, 0]
        elif places == 2 and p == 0:  # the other's last turn, behind by d
            d = own + t - other
            bankv[t] = 1.0 - (Q[row, d] if d < Q.shape[1] else 0.0)
        else:
            bankv[t] = 1.0


@njit(cache=True, nogil=True)
def _bellman(V, write, record, guess, game, turn, scratch, played, ending):
    """One Bellman application to every state, the score sums from the top down and
    within a sum the other's counter ``b`` from the top down, every counter ``a`` of
    the mover at once (:func:`_turn`), each place in the round in turn; returns the
    largest change.  ``write`` 0: nothing is written to ``V`` (the residual); ``record``
    1: every turn's exits under its best actions go to ``PI`` (at ``base[p, oi]`` on),
    ``WIN`` and ``BUST`` (:func:`_evaluate`).  The bundles (:func:`solve` builds them):

    - ``game = (goal, floor, limit, penalty points, min_low, min_high, high_score)``;
    - ``turn = (start, bankable, pattern_offsets, pattern_probs, choice_offsets,
      choice_points, targets, jump, bust)``: the turn process's arrays, ``targets`` and
      ``jump`` each choice's step in ``M`` and in ``T``;
    - ``scratch = (T, bankv, ACT, CH, M)``;
    - ``played = (PI, base, WIN, BUST, PRINTS)``: the recorded exits and the checksums;
    - ``ending = (Q, dstar)``: the round ending's data."""
    goal, floor, limit, penalty, min_low, min_high, high_score = game
    T, bankv = scratch[0], scratch[1]
    PI, base, WIN, BUST, PRINTS = played
    Q, dstar = ending
    start = turn[0]
    G = goal - floor
    places = V.shape[0]
    change = 0.0
    z = np.zeros(T.shape[2])
    PRINT = np.zeros(T.shape[2], dtype=np.uint64)
    for S in range(2 * (G - 1), -1, -1):
        for b in range(limit - 1, -1, -1):
            for oi in range(max(0, S - (G - 1)), min(G - 1, S) + 1):
                oj = S - oi
                own = oi + floor
                other = oj + floor
                minimum = min_high if own > high_score else min_low
                room = goal - own
                for p in range(places):
                    Vn = V[(p + 1) % places]
                    top, row = _frame(p, places, own, other, oj, goal, minimum, Q, dstar,
                                      high_score)
                    _bank_values(bankv, p, places, own, oi, oj, other, b, goal, top, Q, row, Vn)
                    for a in range(limit):
                        z[a] = _bust_value(Vn, oi, a, oj, b, floor, limit, penalty)
                    if guess == 1:  # the first round: targets not solved yet are guessed
                        for a in range(limit - 1):
                            if a + 1 < b or (a + 1 == b and oj >= oi):
                                z[a] = 1.0 - _guess(Vn, oj, b, oi, a + 1, S + 1, penalty)
                        # np.int64(0), not 0: a literal compiled _guess a second time
                        z[limit - 1] = 1.0 - _guess(Vn, oj, b, max(oi - penalty, 0),
                                                    np.int64(0), S + 1, penalty)
                    _turn(minimum, top, bankv, z, turn, scratch, PRINT, record)
                    for a in range(limit):
                        v = T[0, start, a]
                        d = abs(v - V[p, oi, a, oj, b])
                        if d > change:
                            change = d
                        if write == 1:
                            V[p, oi, a, oj, b] = v
                    if record == 1:
                        for a in range(limit):
                            if PRINT[a] == PRINTS[p, oi, a, oj, b]:
                                continue
                            PRINTS[p, oi, a, oj, b] = PRINT[a]
                            at = base[p, oi] + ((a * G + oj) * limit + b) * (room - 1)
                            WIN[p, oi, a, oj, b], BUST[p, oi, a, oj, b] = _exits(
                                top, room, a, PI[at:at + room - 1], bankv, turn, scratch)
    return change


@njit(cache=True, nogil=True)
def _evaluate(V, goal, floor, limit, penalty, PI, base, WIN, BUST):
    """One sweep of the recorded play (every turn's exits fixed), in the same order;
    returns the largest change."""
    G = goal - floor
    places = V.shape[0]
    change = 0.0
    for S in range(2 * (G - 1), -1, -1):
        for cs in range(2 * (limit - 1), -1, -1):
            for oi in range(max(0, S - (G - 1)), min(G - 1, S) + 1):
                oj = S - oi
                room = goal - (oi + floor)
                for a in range(max(0, cs - (limit - 1)), min(limit - 1, cs) + 1):
                    b = cs - a
                    for p in range(places):
                        Vn = V[(p + 1) % places]
                        at = base[p, oi] + ((a * G + oj) * limit + b) * (room - 1)
                        v = WIN[p, oi, a, oj, b] + BUST[p, oi, a, oj, b] * _bust_value(
                            Vn, oi, a, oj, b, floor, limit, penalty)
                        for t in range(1, room):
                            v += PI[at + t - 1] * (1.0 - Vn[oj, b, oi + t, 0])
                        d = abs(v - V[p, oi, a, oj, b])
                        if d > change:
                            change = d
                        V[p, oi, a, oj, b] = v
    return change


@njit(cache=True, nogil=True)
def _work(goal, floor, min_low, min_high, high_score, choices):
    """Turn rows of one sweep times the choices of a row: the cost of a sweep."""
    rows = 0
    for oi in range(goal - floor):
        own = oi + floor
        minimum = min_high if own > high_score else min_low
        rows += max(goal - own, minimum) + 1
    return rows * (goal - floor) * choices


def _arrays(process: TurnProcess):
    if not all(process.bankable):
        raise JeopardyError(f"turn process {process.name!r}: busts in a row are solved for "
                            "processes that allow a bank in every state")
    if process.exact_goal or process.takeover:
        raise JeopardyError(f"turn process {process.name!r}: busts in a row are solved without "
                            "the exact goal and without taking positions over")
    arrays = process.arrays()
    high_min = process.high_minimum if process.high_minimum is not None else process.minimum
    high = process.high_score if process.high_minimum is not None else 10 ** 9
    return arrays, high_min, high


def states(process: TurnProcess, goal: int, penalty: BustPenalty, ending=None) -> int:
    """Turn states ``(t, s)`` of every turn start (counters included; ``ending``: the
    round's data, the first of the round's tables reaching ``dstar``)."""
    _, high_min, high = _arrays(process)
    G = goal - penalty.floor
    rows = sum(max(goal - own, high_min if own > high else process.minimum) + 1
               for own in range(penalty.floor, goal)) * G
    if ending is not None:
        dstar = np.asarray(ending.dstar)
        for own in range(penalty.floor, goal):
            least = high_min if own > high else process.minimum
            rows += int(np.maximum(max(goal - own, least), dstar + np.arange(G) + penalty.floor
                                   - own).sum()) + G
    return rows * len(process.states) * penalty.limit ** 2


def solve(process: TurnProcess, goal: int, penalty: BustPenalty, tolerance: float = 1e-13,
          max_rounds: int = MAX_ROUNDS, progress: Callable[[str, int, float], None] | None = None,
          strict: bool = True, ending=None) -> CounterSolution:
    """Solve two players, first to ``goal`` (units), with ``penalty`` (module docstring).
    ``ending``: the round ending's data (``Q``, ``dstar``:
    :data:`jeopardy.match.process_solver.Ending`, ``dstar`` over the other's scores from
    the floor), or None: first to the goal.

    ``progress(kind, count, change)`` is called after every Bellman application
    (``kind`` "bellman") and every sweep of the recorded play ("play").  A solution
    whose residual is above the accepted one raises
    :class:`~jeopardy.errors.NotConverged` unless ``strict`` is off."""
    goal = validate.positive_int(goal, "goal")
    if not isinstance(penalty, BustPenalty):
        raise validate.ParameterError("penalty", f"must be a BustPenalty; got {type(penalty).__name__}")
    tolerance = validate.tolerance(tolerance)
    max_rounds = validate.integer(max_rounds, "max_rounds", 1)
    arrays, high_min, high = _arrays(process)
    started = time.perf_counter()
    floor, limit = penalty.floor, penalty.limit
    G = goal - floor
    size = len(process.states)
    places = 1 if ending is None else 2
    V = np.full((places, G, limit, G, limit), 0.5)
    top = max(goal - floor, process.minimum, high_min)
    if ending is None:
        Q, dstar = np.zeros((2, 1)), np.zeros(G, dtype=np.int64)
    else:  # the first of the round's tops (_frame)
        Q = np.ascontiguousarray(ending.Q, dtype=np.float64)
        dstar = np.ascontiguousarray(ending.dstar, dtype=np.int64)
        if dstar.shape != (G,):
            raise JeopardyError(f"the round's bounds must hold one per score from the floor "
                                f"({G}); got {dstar.shape}")
        top = max(top, int(np.max(dstar + np.arange(G) + floor)) - floor)
    gain = int(arrays.choice_points.max())
    if ending is not None and Q.shape[1] < top + gain + goal - floor + 1:
        raise JeopardyError(f"the round's last-turn chances must reach a deficit of "
                            f"{top + gain + goal - floor}; got {Q.shape[1] - 1}")
    width = -(-limit // LANES) * LANES  # the counters padded to whole blocks (_turn)
    T = np.zeros((top + 1 + gain, size, width))
    M = np.zeros((top + 1, size))
    ACT = np.zeros((top + 1, size, width), dtype=np.int8)
    CH = np.zeros((top + 1, len(arrays.pattern_probs), width), dtype=np.int32)
    rooms = goal - (np.arange(G) + floor) - 1  # bank totals below the goal, per own score
    base = np.zeros((places, G + 1), dtype=np.int64)
    one = np.cumsum(rooms * G * limit * limit)
    for p in range(places):
        base[p, 1:] = one + p * int(one[-1])
        base[p, 0] = p * int(one[-1])
    PI = np.zeros(int(one[-1]) * places)
    WIN = np.zeros((places, G, limit, G, limit))
    BUST = np.zeros((places, G, limit, G, limit))
    # each choice's target row (points, next state) in T, and its offset in the counters' rows
    targets = (arrays.choice_points * size + arrays.choice_nexts).astype(np.uint64)
    jump = targets * np.uint64(width)
    args = ((goal, floor, limit, penalty.points, process.minimum, high_min, high),
            (process.start, np.array(process.bankable, dtype=np.int8), arrays.pattern_offsets,
             arrays.pattern_probs, arrays.choice_offsets, arrays.choice_points, targets, jump,
             arrays.bust),
            (T, np.zeros(T.shape[0]), ACT, CH, M),
            (PI, base, WIN, BUST, np.zeros((places, G, limit, G, limit), dtype=np.uint64)),
            (Q, dstar))
    # _evaluate's arguments: the game's numbers and the recorded play (PI, base, WIN, BUST;
    # _bellman's ``played`` bundle without its checksums)
    evaluation = (goal, floor, limit, penalty.points, PI, base, WIN, BUST)
    # Bellman applications in place (each is nearly exact down the score sums) while they
    # move values by more than IN_PLACE, each play recorded and evaluated; then one
    # application without writing measures the residual and improves the play (not
    # recorded where the residual was already below LAST: it is then likely the last; but
    # never two unrecorded in a row, since a second one, with nothing evaluated between,
    # would repeat the first exactly until max_rounds)
    rounds = sweeps = 0
    residual = 1.0
    recorded = True
    while True:
        write = 1 if residual > IN_PLACE else 0
        record = 0 if residual <= LAST and recorded else 1
        recorded = record == 1
        residual = float(_bellman(V, write, record, 1 if rounds == 0 else 0, *args))
        rounds += 1
        if progress is not None:
            progress("bellman", rounds, residual)
        if (write == 0 and residual <= tolerance) or rounds >= max_rounds:
            break
        change = 1.0 if record == 1 else 0.0
        while change > tolerance / 10 and sweeps < MAX_SWEEPS:
            change = float(_evaluate(V, *evaluation))
            sweeps += 1
            if progress is not None:
                progress("play", sweeps, change)
    solution = CounterSolution(process, goal, penalty, V, residual, rounds, sweeps,
                               time.perf_counter() - started,
                               states(process, goal, penalty, ending), tolerance)
    return convergence.settled(solution, f"{process.name} to {goal} with busts in a row "
                               f"({penalty.limit} lose {penalty.points})"
                               f"{', the round ending' if ending is not None else ''}", strict)
