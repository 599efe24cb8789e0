"""numba kernels of the match solver for turn processes (several turn states).

:func:`process_sweep` is one turn at one turn start, the counterpart of
:func:`jeopardy.match.kernels.sweep` for a :class:`~jeopardy.rules.turn_process.TurnProcess`:
the outer loop (score sums, rotation classes, Newton around the class,
residual) is the match solver's own, and ``sweep`` hands a turn start to
this kernel when the bundle carries a process (``race.process`` not None).

Within the turn the state is ``(t, s)``: turn total and turn state.  Backward
over ``t = top .. 0``; at each ``t`` every state's value vector (players
relative to the mover) and its slope in the bust target (the chance of
ending the turn with nothing banked) are kept in the bundle's scratch tables
``vals[t, s, m]``, ``dvals[t, s]``, ``acts[t, s]`` (1 throw).  The turn
start's vector goes to ``vals[0]`` of the caller, its slope to ``dvals[0]``.

The throw reads every choice from two flat tables, the mover's values and the
slopes row by row (``mover``, ``dvals`` read flat), at a place fixed per
choice (``choice_at``) and with unsigned indices, and the ``most`` rows past the
top hold what a throw past the table leads to (:func:`past_top`, filled before
the sweep; :func:`past_cap_rows` for a mover before the end of the round when the
last round is the process's own), so the loop over outcomes and choices has no test
of the table's end and no call.  Ten Thousand to 3,000, the sweep of every turn start (the
residual's): 104 -> 21 us a turn start; with rule IV.4's choices (family.toml)
380 -> 46 us, the same values to the last bit.

Replayed decisions.  The class solve sweeps each member's turn several times at
bust targets close together (Newton's steps, then the class's residual), and the
decisions mostly come out the same.  Every value of a turn, as a function of the
mover's component ``z`` of the bust target, is nondecreasing with slope at most 1:
a bank reads other turn starts (fixed while the class is solved) or the end of
the game; a throw averages later values and ``z`` with chances summing to 1 (so
do a lock state's tail and a turn lost past an exact goal); the best choice, and
the better of throwing and banking, is a maximum of such functions.  So the gain
of a decision over another (the difference of two of them) moves by at most
``|z' - z|`` when ``z`` moves to ``z'``.  A sweep of a class member (its slot in
:data:`Process` ``memo_*``) records at each decision of the mover the action taken and a float32
lower bound of its gain over every other; the next sweep of the same turn start
takes a recorded action without comparing where that bound exceeds
``|z' - z| + margin``, and keeps the bound less ``|z' - z|``.  A replayed bank
computes no throw; a replayed choice reads one value.  With every action the same,
the sweep does the arithmetic of one that compares, so the values are the same to
the last bit (the tests compare the two).  ``margin`` covers rounding: a computed
value is off the exact one by at most ``rows * (outcomes + 1) * 2**-53`` (a throw
averages values already off by at most that much and rounds once per term), so a
computed gain is off by twice that at either target (``Process.margin``, at least
``1e-10``).  Ten Thousand to 10,000, the solve with its residual (CPU, load ~6):
9.4 s comparing every decision, 7.0 s replaying them (71 million decisions
replayed); family.toml (rule IV.4) 31.6 -> 18.6 s (1.6 billion).

The residual of a class.  Once a class's values are stored, every input of its
members' sweeps is final (higher sums solved, the class's own values stored), so
a member's sweep then is the one the Bellman residual's pass over every turn
start would do, to the last bit: :func:`jeopardy.match.kernels.solve_sums` does it
right away for the last member, with its decisions replayed, and adds its residual
(:func:`jeopardy.match.kernels.add_class_residual`, :func:`add_residual`); every other
member's residual is exactly 0.  Two players:
one sweep a class, replaying, where the pass over every turn start made two.

Where the table may stop (``top``; proofs in :mod:`jeopardy.farkle.core`):

* first to the goal, or the last player of the round under equal turns:
  ``top = max(goal - own, minimum)``; past it a throw lands where a bank is
  allowed and wins at once, which no throw beats.
* the first player of the round under equal turns (two players):
  ``top = max(goal - own, minimum, dstar[j] + j - own)`` -- past it banking
  (worth ``1 - Q(d)``, ``Q`` the last player's chance ``d`` behind) beats
  any throw.
* a player before the end of the round, the last round solved from the process
  (:mod:`jeopardy.match.process_last_round`; ``race.last`` not empty): a bank at
  the goal reads the last round's vector (:func:`jeopardy.match.last_round.stop_value`).
  A turn of at most ``M`` points: ``dstar`` makes ``top = goal - 1 + M - own``,
  every total its turn can reach.  Otherwise ``top = cap - 1 - own`` and a throw
  past it stops the mover there, banked (:func:`past_cap`, in the rows past the
  top by :func:`past_cap_rows`; that module proves the stop harmless).
* a state without a throw (``bankable`` 2: Fast Pig's state after its one roll)
  banks where banking is allowed and loses the turn total elsewhere; a 0-point
  choice leads to a state listed earlier, whose value at the same turn total is
  already in the table (each total's states are swept in their order).
* a state without a bank (``lock``, Ten Thousand's rule IV.1) past the top is
  a geometric sum: throw until the dice leave the lock state (then bank as
  above) or bust; ``R(d)`` is the last player's chance after such a tail.
* exact goal (IV.3): totals past ``goal - own`` are lost, so ``top = goal - own``.
* a takeover (rule IV.5), the first player of the round: ``top = max(goal - own,
  minimum, dstar[r + goal] - r)``, ``r = own - second``; past it every bank is
  worth ``1 - C[r, s]`` and the turn is settled (:func:`settle`).  The other
  turns stop as above; past their tops one scoring throw wins.

``cap_scale`` multiplies every top (the tests double it).

The whole turn is one kernel, :func:`turn`, its arrays bound to local names
before the loops: an array read from the bundle (or from a tuple of the turn's
arrays) inside them changes its reference count at every state, which made
the turn three times slower (Ten Thousand to 2,000: 1.49 s against 0.34 s for
the Bellman residual's sweeps); the helpers inlined into it take scalars and
arrays already bound.

numba's on-disk cache does not see edits to a kernel in another file
(``sweep`` compiles ``process_sweep`` in):
:func:`jeopardy.compilation.drop_stale_cache` drops the package's whole cache
when any kernel source changes.

The ending data (``Q``, ``R``, ``dstar``: the last player's chances, the tops'
bounds) come with the process; rows ``[0]`` / ``[1]`` of ``Q`` and ``R`` are
for a last player whose banked score is at most / above ``high_score``
(its minimum bank differs under rule IV.2).
"""
from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit, types
from numba.extending import overload

from jeopardy.match.last_round import stop_slice, stop_value
from jeopardy.match.process_last_round import UNBOUNDED
from jeopardy.match.rotation import rotate, rotation

# The process bundle carried by :data:`jeopardy.match.kernels.Race` (``race.process``):
#   states, start           number of turn states and the first
#   pattern_offsets ...     the outcomes and choices (:data:`~jeopardy.rules.turn_process.ProcessArrays`)
#   bankable                1 where a bank is allowed; 2 in a state without a throw, where
#                           the turn ends (banked where allowed, else lost: its bust is 1)
#   min_low, min_high, high_score, exact_goal   the bank rules (units)
#   lock, lock_stay, lock_leave   the state without a bank (-1: none): chances to stay in it
#                           and to leave it with points; its bust chance is bust[lock]
#   Q, R, dstar, cap_scale  the ending data (module docstring)
#   vals, dvals, acts       scratch tables [t, s(, m)], large enough for every top plus
#                           ``most`` rows past it (:func:`past_top`)
#   takeover                1: a turn may start from the position the previous player banked
#                           (Ten Thousand's rule IV.5; two players, one choice per throw)
#   C                       takeover, equal turns: C[r + goal, s], the last player's chance
#                           taking the first one's position over with ``r`` to make up
#   transitions             P[s, s']: the chance that a throw in s scores and leads to s'
#                           (None without the rule: :func:`settle_tail`)
#   store_offsets, store_tops, store, theta   takeover: every turn start's throw values
#                           ``store[store_offsets[place, index] + t * states + s]`` for
#                           ``t <= store_tops[place, index]``, ``theta[place, index, s]`` past it
#   tail                    takeover, first of the round: the settled tail's values, slopes
#                           and throw values [3, s] (scratch of one turn)
#   above_zero              1 where a state can hold a turn total above 0 (entered by a
#                           choice with points, or by a 0-point one from such a state); a
#                           state with 0 (Fast Pig's choice and dice) is swept at t = 0 only
#   most                    the most points of one choice
#   choice_at               uint64[c]: choice c's place in a flat table row by row,
#                           ``choice_points[c] * states + choice_nexts[c]``
#   mover                   the mover's value ``vals[t, s, 0]`` again, [t, s]: the turn reads
#                           it and ``dvals`` flat, ``[t * states + s]``
#   multi                   int64[k]: outcome k's place among those offering several choices
#                           (-1: one choice)
#   margin                  what a recorded gain must exceed beyond the target's move (module
#                           docstring, "Replayed decisions"); 2.0 (never) turns replaying off
# The decisions of each class member's last sweep (module docstring, "Replayed
# decisions"), one slot a member, and the class solve's residual; all scratch, with 0
# for none:
#   memo_slot               int64[1]: 1 + the slot the running sweep reads and records
#   memo_key                int64[slot]: 1 + the turn start recorded, ``place * turn starts
#                           + index``
#   memo_target             float64[slot]: the bust target's first component it was swept at
#   memo_act, memo_cell_gap [slot, t * states + s]: 1 throw, 0 bank; a float32 lower bound of
#                           the mover's gain of it over the other
#   memo_choice, memo_gap   [slot, t * outcomes + j]: the choice taken at the j-th outcome
#                           offering several (uint16: its ``choice_at``); the lower bound of
#                           its gain over every other
#   memo_residual           float64[1]: the largest Bellman residual of the classes solved
#   replayed                int64[1]: decisions replayed (a count for tests and benchmarks)
Process = namedtuple("Process", [
    "states", "start", "pattern_offsets", "pattern_probs", "choice_offsets", "choice_points",
    "choice_nexts", "bust", "bankable", "min_low", "min_high", "high_score", "exact_goal",
    "lock", "lock_stay", "lock_leave", "Q", "R", "dstar", "cap_scale", "vals", "dvals", "acts",
    "takeover", "C", "transitions", "store_offsets", "store_tops", "store", "theta", "tail",
    "above_zero", "most", "choice_at", "mover", "multi", "margin", "memo_slot", "memo_key",
    "memo_target", "memo_act", "memo_cell_gap", "memo_choice", "memo_gap", "memo_residual",
    "replayed"])


# The fields of the process bundle a sweep writes as scratch (every other field is read
# only, or written at the swept turn start's own entries): each thread sweeping at once
# needs its own copies (jeopardy.match.sums).
SCRATCH = ("vals", "dvals", "acts", "tail", "mover", "memo_slot", "memo_key", "memo_target",
           "memo_act", "memo_cell_gap", "memo_choice", "memo_gap", "memo_residual", "replayed")


# The takeover fields of a bundle without the rule: its ``transitions`` are None, so its
# turn kernel is compiled without :func:`settle` (the takeover's policy iteration).  One
# type for both was tried (2026-11-28): rule IV.5's first solve compiled about 20 s less,
# but every other cold start 2.5 s more (`farkle solve --goal 1000`: 19.0-19.7 s against
# 16.6-17.1 s, the target 20 s), with the same solve times.
NO_TAKEOVER = (np.int64(0), np.zeros((1, 1)), None, np.zeros((1, 1), dtype=np.int64),
               np.zeros((1, 1), dtype=np.int64), np.zeros(1), np.zeros((1, 1, 1)),
               np.zeros((3, 1)))


@njit(cache=True, nogil=True, inline='always')
def minimum(score, high_score, min_low, min_high):
    """The minimum bank of a player with ``score`` banked (the process's ``high_score``,
    ``min_low``, ``min_high``): integers, so that :func:`table_size` runs
    :func:`turn_top` as Python without compiling a kernel for the bundle."""
    return min_high if score > high_score else min_low


@njit(cache=True, nogil=True, inline='always')
def turn_top(race, first, own, second):
    """The largest turn total kept in the table (module docstring)."""
    process = race.process
    below = race.goal - own
    if process.exact_goal == 1:
        return below
    top = max(below, minimum(own, process.high_score, process.min_low, process.min_high))
    if first and process.takeover == 1:  # past it the column is settled
        r = own - second
        top = max(top, process.dstar[r + race.goal] - r)
    elif first:
        top = max(top, process.dstar[second] + second - own)
    return process.cap_scale * top


def table_size(race) -> tuple[int, int]:
    """``(largest top, turn states)``: the largest ``turn_top`` over every turn start
    and role, and the turn states ``(t, s)`` in the tables of every stored turn start.
    Python, not a kernel (a kernel taking the bundle took 1.8 s of a cold start):
    :func:`turn_top` run as Python over the pairs (mover's score, next player's
    score), which fix a turn start's top, each pair standing for the
    ``goal ** (players - 2)`` turn starts that share it."""
    goal = int(race.goal)
    shared = goal ** (int(race.players) - 2)
    top_of = turn_top.py_func
    largest = states = 0
    for place in range(int(race.places)):
        first = bool(race.equal == 1 and place < race.players - 1)
        for own in range(goal):
            for second in range(goal):
                top = int(top_of(race, first, own, second))
                largest = max(largest, top)
                states += shared * int(race.process.states) * (top + 1)
    return largest, states


@njit(cache=True, nogil=True)
def store_layout(race, offsets, tops):
    """Rule IV.5: where each stored turn start's throw values begin (``offsets``) and
    its top (``tops``), both ``[place, index]``; returns the store's size."""
    at = 0
    for place in range(race.places):
        for index in range(race.goal ** race.players):
            top = frame(race, index, place)[3]
            offsets[place, index] = at
            tops[place, index] = top
            at += (top + 1) * race.process.states
    return at


@njit(cache=True, nogil=True)
def finish(m, first, d, Q, row):
    """Player ``m``'s chance when the mover banks ``d`` more than the next player, at
    least the goal.  The first player of the round under equal turns leaves the
    other a last turn ``d`` behind (``Q[row, d]`` its chance)."""
    if first and m <= 1:
        chance = Q[row, d] if d < Q.shape[1] else 0.0
        return 1.0 - chance if m == 0 else chance
    return 1.0 if m == 0 else 0.0


@njit(cache=True, nogil=True)
def beyond(m, d, state, exits):
    """Player ``m``'s chance when a throw takes the turn total past the table into
    ``state``, ``d`` more than the next player's score (module docstring); with
    ``settled`` the column's settled tail (two players).  ``exits``: what a throw past
    the table leads to, ``(first, exact, lock, lock_slope, lock_leave, Q, R, row,
    bust_vec, settled, tail)`` (:func:`turn` binds them).  Called, not inlined, as
    :func:`finish`, :func:`choice_value` and :func:`choice_slope`: inlined at the
    turn's call sites (seven of this one, with those of ``choice_value``) they made
    the turn's compile 20.5 s CPU on a cold cache, 9.1 s called."""
    first, exact, lock, lock_slope, lock_leave, Q, R, row, bust_vec, settled, tail = exits
    if settled:
        return tail[0, state] if m == 0 else 1.0 - tail[0, state]
    if exact:  # past the goal: the turn is lost
        return bust_vec[m]
    if state == lock:  # throw on until the dice leave the lock state
        value = lock_slope * bust_vec[m]
        if first and m <= 1:  # the last player's chance after the tail
            after = R[row, d] if d < R.shape[1] else 0.0
            if m == 0:
                value += lock_leave - after
            else:
                value += after
        elif m == 0:
            value += lock_leave
        return value
    return finish(m, first, d, Q, row)


@njit(cache=True, nogil=True)
def past_cap(ends, where, place, banked, m):
    """Player ``m``'s chance when a mover before the end of the round, its last round
    solved from the process (``race.last``), is stopped at ``banked``, past the cap
    (:mod:`jeopardy.match.process_last_round`): the last round's vector of
    :func:`~jeopardy.match.last_round.stop_value`.  A turn of at most ``M`` points
    (``race.layout[0, 1]`` below ``UNBOUNDED``) passes its top only from a state no
    turn reaches: 0, never read.  ``ends``: :func:`last_ends` (not the bundle: a kernel
    taking the whole bundle compiles a second or more longer on a cold cache)."""
    last, goal, players, bounded = ends
    first, stride, span = where
    d = banked - goal
    if d >= span:
        if bounded:
            return 0.0
        raise ValueError("last round: a leader's score past the table (a wrong bound)")
    return last[first + d * stride + m] if m < players - place else 0.0


@njit(cache=True, nogil=True, inline='always')
def last_ends(race):
    """What :func:`past_cap` reads of the bundle: ``(race.last, goal, players, whether
    a turn's points are bounded)``."""
    return race.last, race.goal, race.players, race.layout[0, 1] < UNBOUNDED


@njit(cache=True, nogil=True, inline='always')
def slope_beyond(state, exits):
    """The slope of :func:`beyond` (the chance of ending the turn with nothing banked)."""
    _, exact, lock, lock_slope, _, _, _, _, _, settled, tail = exits
    if settled:
        return tail[1, state]
    return 1.0 if exact else (lock_slope if state == lock else 0.0)


@njit(cache=True, nogil=True)
def past_top(V, D, M, top, reach, own, second, exits):
    """Rows ``top + 1 .. reach`` of the turn's flat tables ``M`` (the mover's value) and
    ``D`` (slopes): what a throw past the table leads to (:func:`beyond`,
    :func:`slope_beyond`), so that the turn reads every choice from the tables; with
    three or more players also ``V`` (the others' values).  Past the table a state's
    value is its turn total's alone unless the column is settled or the state is the
    lock state: computed once per total (``plain``) and copied to the other states
    (Ten Thousand to 3,000: a call per state and player took a third of the sweep).
    ``exits``: :func:`beyond`'s."""
    lock, settled = exits[2], exits[9]
    states = V.shape[1]
    n = V.shape[2]
    rest = n if n > 2 else 1  # players whose values are read past the table
    plain = 1 if lock == 0 else 0
    for u in range(top + 1, reach + 1):
        d = own + u - second
        at = u * states
        for s in range(states):
            if settled or s == lock or s == plain:
                for m in range(rest):
                    V[u, s, m] = beyond(m, d, s, exits)
            else:
                for m in range(rest):
                    V[u, s, m] = V[u, plain, m]
            M[at + s] = V[u, s, 0]
            D[u, s] = slope_beyond(s, exits)


@njit(cache=True, nogil=True)
def past_cap_rows(ends, where, place, V, D, M, top, reach, own):
    """:func:`past_top` for a mover before the end of the round whose last round is the
    process's own (``race.last``): a throw past the top stops it at its score plus the
    turn total, banked (:func:`past_cap`).  The value is that total's alone, the same in
    every state, and a bank has no slope in the bust target."""
    states = V.shape[1]
    n = V.shape[2]
    rest = n if n > 2 else 1  # players whose values are read past the table
    for u in range(top + 1, reach + 1):
        at = u * states
        for m in range(rest):
            value = past_cap(ends, where, place, own + u, m)
            for s in range(states):
                V[u, s, m] = value
        for s in range(states):
            M[at + s] = V[u, s, 0]
            D[u, s] = 0.0


@njit(cache=True, nogil=True, inline='always')
def frame(race, index, place):
    """``(own score, the next player's score, before the end of the round?, top)`` of a
    turn start (equal turns: a bank at the goal leaves others a last turn)."""
    own = index // race.high
    second = (index % race.high) // (race.high // race.goal)
    first = race.equal == 1 and place < race.players - 1
    return own, second, first, turn_top(race, first, own, second)


@njit(cache=True, nogil=True)
def solve_two(A, b, c):
    """``A x = b`` and ``A y = c`` for a small square ``A``, in place (``A``, ``b``, ``c``
    are overwritten; ``x`` in ``b``, ``y`` in ``c``): Gaussian elimination with partial
    pivoting.  np.linalg.solve did the same through LAPACK, and its compiled wrapper
    (error messages with the shapes formatted, two copies) was 3.1 of the 4.1 s that
    :func:`settle` took to compile on a cold cache."""
    n = A.shape[0]
    for k in range(n):
        pivot = k
        for i in range(k + 1, n):
            if abs(A[i, k]) > abs(A[pivot, k]):
                pivot = i
        if A[pivot, k] == 0.0:
            raise ValueError("settle: a singular system (a throw that never ends the turn)")
        if pivot != k:
            for j in range(n):
                A[k, j], A[pivot, j] = A[pivot, j], A[k, j]
            b[k], b[pivot] = b[pivot], b[k]
            c[k], c[pivot] = c[pivot], c[k]
        for i in range(k + 1, n):
            f = A[i, k] / A[k, k]
            if f != 0.0:
                for j in range(k, n):
                    A[i, j] -= f * A[k, j]
                b[i] -= f * b[k]
                c[i] -= f * c[k]
    for k in range(n - 1, -1, -1):
        for j in range(k + 1, n):
            b[k] -= A[k, j] * b[j]
            c[k] -= A[k, j] * c[j]
        b[k] /= A[k, k]
        c[k] /= A[k, k]


@njit(cache=True, nogil=True)
def settle(P, bust, C, bust0, out):
    """Rule IV.5, the first player of the round past its table: a bank is worth
    ``1 - C[s]`` whatever the total (the last player takes the position over), so
    the turn depends on the state alone: a stopping problem in the states, solved
    exactly by policy iteration (linear solves, from banking everywhere).
    ``out[0, s]``: the value, ``out[1, s]``: its slope in the mover's bust value
    ``bust0``, ``out[2, s]``: the throw value."""
    size = bust.shape[0]
    bank = np.ones(size, dtype=np.bool_)
    value = np.zeros(size)
    dvalue = np.zeros(size)
    for _ in range(4 * size + 4):
        A = np.eye(size)
        rhs = np.zeros(size)
        drhs = np.zeros(size)
        for s in range(size):
            if bank[s]:
                rhs[s] = 1.0 - C[s]
            else:
                rhs[s] = bust[s] * bust0
                drhs[s] = bust[s]
                for m in range(size):
                    A[s, m] -= P[s, m]
        solve_two(A, rhs, drhs)
        value = rhs
        dvalue = drhs
        changed = False
        for s in range(size):
            throw = bust[s] * bust0
            for m in range(size):
                throw += P[s, m] * value[m]
            should = 1.0 - C[s] >= throw
            if should != bank[s]:
                bank[s] = should
                changed = True
        if not changed:
            break
    for s in range(size):
        throw = bust[s] * bust0
        for m in range(size):
            throw += P[s, m] * value[m]
        out[0, s] = value[s]
        out[1, s] = dvalue[s]
        out[2, s] = throw


def settle_tail(P, bust, C, bust0, out):
    """:func:`settle` in compiled code, where a bundle has the takeover's transitions;
    nothing where they are None (the rule is off and the turn never settles): numba
    picks one when it compiles the turn, so only rule IV.5's turn holds the solver."""
    raise NotImplementedError("settle_tail runs in compiled code only")


@overload(settle_tail, inline="always")
def _settle_tail(P, bust, C, bust0, out):
    if isinstance(P, types.NoneType):
        def unsettled(P, bust, C, bust0, out):
            pass
        return unsettled

    def settled(P, bust, C, bust0, out):
        settle(P, bust, C, bust0, out)
    return settled


@njit(cache=True, nogil=True)
def replay(race, W, order, starts):
    """Sweep every stored turn start once, down the score sums (rule IV.5: each turn
    start's throw values are stored before a lower sum reads them)."""
    vals, dvals, acts, work = _start_scratch(race.players)
    for s in range(starts.shape[0] - 2, -1, -1):
        for position in range(starts[s], starts[s + 1]):
            index = order[position]
            for place in range(race.places):
                following = (place + 1) % race.places
                process_sweep(race, W, index, place, W[following, rotation(race, index)],
                              vals, dvals, acts, work, np.int64(0), None, None)


@njit(cache=True, nogil=True, inline='always')
def process_sweep(race, W, index, place, y, vals, dvals, acts, work, mode, table, mix):
    """One turn of the process at turn start ``index`` (place ``place``) given the
    bust target ``y``: ``vals[0]`` the turn start's value vector, ``dvals[0]`` its
    slope in ``rotate(y)``, ``acts[0]`` 1 if it throws; returns 1.  The whole
    turn stays in the bundle's scratch tables (``vals[t, s, m]``, ...).

    ``mode`` 0: every mover maximises its own chance (banking on ties; ``table`` and
    ``mix`` may be None); 1: it plays
    ``table`` and 2: ``mix`` at the turn's decision slots (:func:`turn`), and then
    ``acts[1 + slot]`` gets the action taken at each slot that fits in ``acts``.
    ``work``: scratch of shape ``(4, players)``.
    """
    # no probe: the literal -1 on purpose (numba folds the probe's tests away: Ten
    # Thousand to 10,000 solves in 4.0 s, 6.7 s with an int64 -1); the mode as the
    # caller's, an int64 (a literal mode compiled the turn once more, about 6 s)
    turn(race, W, index, place, y, work, -1, -1, mode, table, mix, acts,  # literal on purpose
         race.process.transitions)
    start = race.process.start
    V = race.process.vals
    for m in range(race.players):
        vals[0, m] = V[0, start, m]
    dvals[0] = race.process.dvals[0, start]
    acts[0] = race.process.acts[0, start]
    return 1


@njit(cache=True, nogil=True, inline='always')
def remember(process, slot):
    """The class member (``slot``; -1: none) whose decisions the next sweep replays and
    records (module docstring, "Replayed decisions")."""
    process.memo_slot[0] = slot + 1


@njit(cache=True, nogil=True, inline='always')
def add_residual(process, swept, stored):
    """A turn start's Bellman residual, ``|one sweep at the stored values - the stored
    vector|`` over its players, into ``process.memo_residual`` (module docstring, "The
    residual of a class")."""
    for m in range(swept.shape[0]):
        process.memo_residual[0] = max(process.memo_residual[0], abs(swept[m] - stored[m]))


@njit(cache=True, nogil=True, inline='always')
def decision_widths(process):
    """``(slots at t = 0, slots at every t > 0)`` of a turn's decision slots
    (:func:`turn`)."""
    width0 = 0
    width1 = 0
    for s in range(process.states):
        block = state_slots(process, s)
        width0 += block
        if process.above_zero[s] == 1:
            width1 += block
    return width0, width1


@njit(cache=True, nogil=True, inline='always')
def state_slots(process, s):
    """Decision slots of state ``s`` at one turn total: its throw, then every choice
    of each outcome offering several."""
    block = 1
    offsets = process.choice_offsets
    for k in range(process.pattern_offsets[s], process.pattern_offsets[s + 1]):
        if offsets[k + 1] - offsets[k] > 1:
            block += offsets[k + 1] - offsets[k]
    return block


def slot_layout(process, top: int) -> list[tuple[int, int, float]]:
    """``(t, state, chance)`` of every decision slot of a turn whose table stops at
    ``top`` (:func:`turn`): ``chance`` 1 for a throw slot, the outcome's chance for a
    choice's (a choice's slot moves its state's value by that chance times its own
    gap)."""
    out = []
    offsets = process.choice_offsets
    for t in range(top + 1):
        for s in range(int(process.states)):
            if t > 0 and process.above_zero[s] == 0:
                continue
            out.append((t, s, 1.0))
            for k in range(process.pattern_offsets[s], process.pattern_offsets[s + 1]):
                if offsets[k + 1] - offsets[k] > 1:
                    out.extend([(t, s, float(process.pattern_probs[k]))]
                               * int(offsets[k + 1] - offsets[k]))
    return out


@njit(cache=True, nogil=True, inline='always')
def slot_chance(mode, table, mix, slot):
    """The chance of 1 played at ``slot``: ``table``'s (mode 1) or ``mix``'s (mode 2);
    -1 (the mover maximises) where it is negative or past the row's end."""
    if mode == 1:
        if slot >= table.shape[0]:
            return -1.0
        return 1.0 if table[slot] == 1 else 0.0
    if slot >= mix.shape[0]:
        return -1.0
    return mix[slot]


@njit(cache=True, nogil=True)
def choice_value(m, t, c, tables, exits, stops):
    """Player ``m``'s chance after the choice ``c`` at turn total ``t``.  ``tables``:
    ``(top, own, second, V, D, points, nexts)``, the turn's tables and choices;
    ``exits``: :func:`beyond`'s; ``stops``: ``(ends, rounds, where, place)``, with
    ``rounds`` past the top the mover is stopped at the cap (:func:`past_cap`)."""
    top, own, second, V, _, points, nexts = tables
    u = t + points[c]
    if u <= top:
        return V[u, nexts[c], m]
    ends, rounds, where, place = stops
    if rounds:
        return past_cap(ends, where, place, own + t + points[c], m)
    return beyond(m, own + t + points[c] - second, nexts[c], exits)


@njit(cache=True, nogil=True)
def choice_slope(t, c, tables, exits):
    """The slope (chance of ending the turn with nothing) after the choice ``c`` (the
    bundles as :func:`choice_value`'s)."""
    top, _, _, _, D, points, nexts = tables
    u = t + points[c]
    nxt = nexts[c]
    if u <= top:
        return D[u, nxt]
    return slope_beyond(nxt, exits)


# float32 lower bounds: a gain times SHRINK, rounded to float32, is below the gain
SHRINK = 1.0 - 2.0 ** -20


@njit(cache=True, nogil=True, inline='always')
def lower32(gain):
    """A float32 at most ``gain`` (0 for a gain at most 0: never replayed)."""
    return np.float32(gain * SHRINK) if gain > 0.0 else np.float32(0.0)


@njit(cache=True, nogil=True)
def turn(race, W, index, place, y, work, probe_t, probe_s, mode, table, mix, acts_out,
         transitions):
    """The turn at turn start ``index`` (place ``place``) given the bust target ``y``,
    backward over ``t = top .. 0`` into the bundle's scratch tables; returns the
    mover's chances ``(throw, bank or -1 where it may not bank)`` at ``(probe_t,
    probe_s)`` (any ``probe_t >= 0``, also past the table; ``-1``: none).

    The throw: the mover keeps its best choice of every outcome; two players'
    chances sum to 1 (a tie counts one half to each), so only the mover's is
    summed and the other's is the rest.  The bank needs the minimum (rule IV.3:
    landing on the goal needs none, passing it is not allowed).

    Every array is bound to a local name once, before the loops: read from the
    bundle inside them, each would change its reference count at every state
    (three times the time of the sweep).

    ``mode`` 1 and 2 play given actions at the turn's *decision slots* instead of
    maximising (policy evaluation, mixed actions).  The slots of turn total ``t``
    follow those of the lower totals (``t = 0``: every state; ``t > 0``: the
    states that can hold a total above 0), state by state: its throw (1 throw,
    0 bank), then each choice of every outcome offering several, as a chain (the
    first choice taken is the first whose slot says 1; the last is taken if no
    earlier one is).  ``table`` (int8, mode 1) holds 1 or 0 per slot; ``mix``
    (float, mode 2) the chance of 1 where it is in ``[0, 1]``, and where it is
    negative the mover maximises (as mode 0, ties alike).  Past the table's top
    the mover maximises, and so it does past the end of a shorter row (a table of
    the slots at ``t = 0`` only).  ``acts_out[1 + slot]`` gets the action taken at each slot
    (1 where the chance of 1 is at least one half) where it fits.  ``table`` and
    ``mix`` None: the mover maximises (mode 0), and numba compiles the turn without
    the modes 1 and 2.  ``transitions``: the bundle's ``process.transitions``, an
    argument so that for None (no rule IV.5) numba compiles the turn without the
    takeover, whose tests start with ``transitions is not None``.
    """
    process = race.process
    n = race.players
    goal = race.goal
    own, second, first, top = frame(race, index, place)
    V = process.vals
    D = process.dvals
    M = process.mover.reshape(process.mover.size)  # flat views: [t * states + s]
    DF = D.reshape(D.size)
    choice_at = process.choice_at
    wide = np.uint64(process.states)
    A = process.acts
    bankable = process.bankable
    above_zero = process.above_zero
    probs = process.pattern_probs
    pattern_offsets = process.pattern_offsets
    offsets = process.choice_offsets
    points = process.choice_points
    nexts = process.choice_nexts
    bust = process.bust
    Q = process.Q
    R = process.R
    states = process.states
    exact = process.exact_goal == 1
    lock = process.lock
    lock_slope = bust[lock] / (1.0 - process.lock_stay) if lock >= 0 else 0.0
    lock_leave = process.lock_leave / (1.0 - process.lock_stay) if lock >= 0 else 0.0
    row = 1 if second > process.high_score else 0
    least = minimum(own, process.high_score, process.min_low, process.min_high)
    table_next = W[(place + 1) % race.places]
    base = (index % race.high) * goal
    rest = 1 if n == 2 else n  # players m >= 1 summed in the throw (two: the rest of 1)
    # the last round's tables (process_last_round): a bank at the goal before the end of
    # the round reads them; a throw past the top stops the mover there, banked (past_cap)
    rounds = first and race.last.shape[0] > 0
    where = (0, 0, 0)
    if rounds:
        where = stop_slice(race, place, index)
    ends = last_ends(race)
    # the mover, an int64 as the other players' m: a literal 0 in a call compiled the
    # callee a second time (for Literal[int](0))
    me = np.int64(0)
    bust_vec = work[0]
    bank = work[1]
    acc = work[2]
    rotate(n, y, bust_vec)
    # rule IV.5: a bank offers its position (t, s) to the next player, who takes the
    # better of it (its throw value there, stored) and a fresh turn
    takeover = process.takeover == 1
    settled = first and takeover
    following_place = (place + 1) % race.places
    C = process.C
    store = process.store
    store_offsets = process.store_offsets
    store_tops = process.store_tops
    theta = process.theta
    tail = process.tail
    at = store_offsets[place, index]
    if transitions is not None and settled:
        settle_tail(transitions, bust, C[own - second + goal], bust_vec[0], tail)
    if transitions is not None and takeover:
        for s in range(states):
            theta[place, index, s] = tail[2, s] if settled else \
                bust[s] * bust_vec[0] + (1.0 - bust[s])  # one scoring throw wins
    # every test of the modes 1 and 2 starts with ``table is not None``: numba drops
    # those branches when it compiles the turn for ``table`` None (a mover who always
    # maximises: a solve, a replay), half of the turn's code
    width0 = width1 = 0
    if table is not None and mode != 0:
        width0, width1 = decision_widths(process)
    chain = work[3]
    recorded = acts_out.shape[0] - 1
    probe_throw = probe_bank = -1.0
    # the helpers' bundles, bound once per turn start: what a throw past the table leads
    # to (:func:`beyond`), the turn's tables and choices, and the stops past the cap
    exits = (first, exact, lock, lock_slope, lock_leave, Q, R, row, bust_vec, settled, tail)
    tables = (top, own, second, V, D, points, nexts)
    stops = (ends, rounds, where, place)
    # the rows past the top hold what a throw past the table leads to (a probe past the
    # top reads its choices with choice_value)
    if rounds:
        past_cap_rows(ends, where, place, V, D, M, top, top + process.most, own)
    else:
        past_top(V, D, M, top, top + process.most, own, second, exits)
    # the decisions of this turn start's last sweep, replayed where they provably stay
    # (module docstring): a solve's class members only (slot >= 0), not a probe, not
    # rule IV.5 (its sweep stores every throw value)
    member = process.memo_slot[0] - 1
    use = table is None and member >= 0 and probe_t < 0 and not takeover
    replay = False
    needed = 0.0  # the gain a recorded decision needs to be replayed
    shrunk = 0.0  # what a replayed decision's gain may have lost
    if use:
        key = place * W.shape[1] + index + 1
        replay = process.memo_key[member] == key
        shrunk = abs(bust_vec[0] - process.memo_target[member])
        needed = shrunk + process.margin
        process.memo_key[member] = key
        process.memo_target[member] = bust_vec[0]
    act_memo = process.memo_act[max(member, 0)]
    cell_gap = process.memo_cell_gap[max(member, 0)]
    choice_memo = process.memo_choice[max(member, 0)]
    gap_memo = process.memo_gap[max(member, 0)]
    multi = process.multi
    outcomes = np.uint64(gap_memo.shape[0] // V.shape[0])  # outcomes with several choices
    replays = 0
    for t in range(max(top, probe_t), -1, -1):
        total = own + t
        if exact:
            allowed = t > 0 and (total == goal or (t >= least and total < goal))
        else:
            allowed = t > 0 and t >= least
        if allowed:
            if total >= goal and rounds:
                stop_value(race, place, where, total, bank)
            elif total >= goal:
                for m in range(n):
                    bank[m] = finish(m, first, total - second, Q, row)
            else:  # the next turn start, seen from the mover (rotate)
                following = table_next[base + total]
                bank[0] = following[n - 1]
                for m in range(1, n):
                    bank[m] = following[m - 1]
        next_slot = 0 if t == 0 else width0 + (t - 1) * width1
        for s in range(states):
            here = next_slot  # the state's throw slot (modes 1, 2)
            if table is not None and mode != 0 and (t == 0 or above_zero[s] == 1):
                next_slot += state_slots(process, s)
            if (t > top and s != probe_s) or (t > 0 and above_zero[s] == 0):
                continue
            tabled = mode != 0 and t <= top
            slot_at = here + 1
            rows_at = np.uint64(t) * wide
            cell = rows_at + np.uint64(s)
            decided = allowed and bankable[s] == 1  # the mover chooses: throw or bank
            if replay and decided and act_memo[cell] == 0 and cell_gap[cell] > needed:
                # banking stays best: no throw to compute (the gain bound shrinks by the move)
                cell_gap[cell] = lower32(cell_gap[cell] - shrunk)
                replays += 1
                for m in range(n):
                    V[t, s, m] = bank[m]
                M[cell] = bank[0]
                D[t, s] = 0.0
                A[t, s] = 0
                continue
            row_j = np.uint64(t) * outcomes
            b = bust[s]
            mover = b * bust_vec[0]
            for m in range(1, rest):
                acc[m] = b * bust_vec[m]
            slope = b
            for k in range(pattern_offsets[s], pattern_offsets[s + 1]):
                # indices cast to unsigned: numba then adds no test for a negative index
                p = probs[np.uint64(k)]
                c0 = offsets[np.uint64(k)]
                if table is not None and tabled and offsets[k + 1] - c0 > 1:  # the chain of the choices' slots
                    last = offsets[k + 1] - 1
                    for m in range(n):
                        chain[m] = choice_value(m, t, last, tables, exits, stops)
                    chain_slope = choice_slope(t, last, tables, exits)
                    if slot_at + last - c0 < recorded:
                        acts_out[1 + slot_at + last - c0] = 1
                    for c in range(last - 1, c0 - 1, -1):
                        slot = slot_at + c - c0
                        w = slot_chance(mode, table, mix, slot)
                        here_value = choice_value(me, t, c, tables, exits, stops)
                        if w < 0.0:
                            w = 1.0 if here_value >= chain[0] else 0.0
                        if slot < recorded:
                            acts_out[1 + slot] = 1 if w >= 0.5 else 0
                        if w == 1.0:
                            chain[0] = here_value
                            for m in range(1, n):
                                chain[m] = choice_value(m, t, c, tables, exits, stops)
                            chain_slope = choice_slope(t, c, tables, exits)
                        elif w > 0.0:
                            chain[0] = w * here_value + (1.0 - w) * chain[0]
                            for m in range(1, n):
                                chain[m] = w * choice_value(m, t, c, tables, exits, stops) + \
                                    (1.0 - w) * chain[m]
                            chain_slope = w * choice_slope(t, c, tables, exits) \
                                + (1.0 - w) * chain_slope
                    mover += p * chain[0]
                    for m in range(1, rest):
                        acc[m] += p * chain[m]
                    slope += p * chain_slope
                    slot_at += offsets[k + 1] - c0
                    continue
                c1 = offsets[np.uint64(k + 1)]
                if c1 - c0 > 1:
                    slot_at += c1 - c0
                if t > top:  # a probe past the table: beyond the scratch rows, maybe
                    chosen = c0
                    best = -1.0
                    for c in range(c0, c1):
                        v = choice_value(me, t, c, tables, exits, stops)
                        if v > best:
                            best = v
                            chosen = c
                    mover += p * best
                    for m in range(1, rest):
                        acc[m] += p * choice_value(m, t, chosen, tables, exits, stops)
                    slope += p * choice_slope(t, chosen, tables, exits)
                    continue
                # the best choice, read from the flat tables (rows past the top included):
                # unsigned offsets, so numba adds no test for negative indices
                pick = choice_at[np.uint64(c0)]
                if c1 - c0 > 1:
                    j = row_j + np.uint64(multi[np.uint64(k)])
                    if replay and gap_memo[j] > needed:  # the recorded choice stays best
                        pick = np.uint64(choice_memo[j])
                        gap_memo[j] = lower32(gap_memo[j] - shrunk)
                        replays += 1
                    else:
                        best = M[rows_at + pick]
                        runner = -1.0  # the best of the others
                        for c in range(c0 + 1, c1):
                            at_c = choice_at[np.uint64(c)]
                            v = M[rows_at + at_c]
                            runner = max(runner, min(v, best))
                            if v > best:
                                best = v
                                pick = at_c
                        if use:
                            choice_memo[j] = pick
                            gap_memo[j] = lower32(best - runner)
                mover += p * M[rows_at + pick]
                if rest > 1:
                    u = t + np.int64(pick // wide)
                    nxt = np.int64(pick % wide)
                    for m in range(1, rest):
                        acc[m] += p * V[u, nxt, m]
                slope += p * DF[rows_at + pick]
            may_bank = allowed and bankable[s] >= 1
            if transitions is not None and takeover and may_bank:
                if total < goal:
                    landing = base + total
                    if t <= store_tops[following_place, landing]:
                        taken = store[store_offsets[following_place, landing] + t * states + s]
                    else:
                        taken = theta[following_place, landing, s]
                    taker = max(table_next[landing, 0], taken)
                elif first:
                    d = total - second
                    taker = max(Q[0, d] if d < Q.shape[1] else 0.0, C[own - second + goal, s])
                else:
                    taker = 0.0
                bank[0] = 1.0 - taker
                bank[1] = taker
            if t == probe_t and s == probe_s:
                probe_throw = mover
                probe_bank = bank[0] if may_bank else -1.0
            if t > top:
                continue
            if transitions is not None and takeover:
                store[at + t * states + s] = mover
            w = -1.0  # the chance of throwing where it is played (modes 1, 2)
            if table is not None and tabled and may_bank and bankable[s] != 2:
                w = slot_chance(mode, table, mix, here)
            if table is not None and tabled and here < recorded:
                if w >= 0.0:
                    acts_out[1 + here] = 1 if w >= 0.5 else 0
                else:
                    acts_out[1 + here] = 0 if may_bank and (bank[0] >= mover or
                                                            bankable[s] == 2) else 1
            if use and decided:
                act_memo[cell] = 0 if bank[0] >= mover else 1
                cell_gap[cell] = lower32(abs(bank[0] - mover))
            if 0.0 < w < 1.0:  # a mixed throw
                for m in range(n):
                    if m == 0:
                        thrown = mover
                    elif n == 2:
                        thrown = 1.0 - mover
                    else:
                        thrown = acc[m]
                    V[t, s, m] = w * thrown + (1.0 - w) * bank[m]
                M[rows_at + s] = V[t, s, 0]
                D[t, s] = w * slope
                A[t, s] = 1 if w >= 0.5 else 0
            elif w == 0.0 or (w < 0.0 and may_bank and (bank[0] >= mover or
                                                       bankable[s] == 2)):  # 2: no throw, bank
                for m in range(n):
                    V[t, s, m] = bank[m]
                M[rows_at + s] = bank[0]
                D[t, s] = 0.0
                A[t, s] = 0
            else:
                V[t, s, 0] = mover
                M[rows_at + s] = mover
                if n == 2:
                    V[t, s, 1] = 1.0 - mover
                else:
                    for m in range(1, n):
                        V[t, s, m] = acc[m]
                D[t, s] = slope
                A[t, s] = 1
    if replays > 0:
        process.replayed[0] += replays
    return probe_throw, probe_bank


@njit(cache=True, nogil=True)
def _start_scratch(n):
    """The arguments a sweep fills for the turn start alone (and its work space)."""
    return np.empty((2, n)), np.empty(2), np.empty(2, dtype=np.int8), np.empty((4, n))


@njit(cache=True, nogil=True)
def advice(race, W, index, place, t, s, out):
    """The mover's chances if it throws and if it banks at ``(t, s)`` of the turn start
    ``index`` (``out[0]``, ``out[1]``; ``out[1] = -1`` where it may not bank), from
    one sweep of its turn: for any ``t``, also past the table."""
    work = np.empty((4, race.players))
    following = (place + 1) % race.places
    out[0], out[1] = turn(race, W, index, place, W[following, rotation(race, index)],
                          work, np.int64(t), np.int64(s), np.int64(0), None, None,
                          np.empty(0, dtype=np.int8), race.process.transitions)


@njit(cache=True, nogil=True)
def decision_tables(race, W, offsets, tops, flat, width, shift, values=None, bust=None):
    """Every stored turn start's actions (1 throw): ``flat[offsets[place, index] + t *
    width + s + shift]`` for ``t <= tops[place, index]`` (past the top every bank is
    best); ``width >= states + shift``.  ``values`` (None: not kept; numba then compiles
    the sweep without them): the mover's chance at the same places, banking or throwing
    as the solver does, and ``bust[place, index]`` the mover's value after a bust (the
    next mover's chance of it, :func:`rotate`'s last component)."""
    process = race.process
    n = race.players
    vals, dvals, acts, work = _start_scratch(n)
    at = 0
    for place in range(race.places):
        following = (place + 1) % race.places
        for index in range(W.shape[1]):
            y = W[following, rotation(race, index)]
            process_sweep(race, W, index, place, y, vals, dvals, acts, work, np.int64(0),
                          None, None)
            top = frame(race, index, place)[3]
            offsets[place, index] = at
            tops[place, index] = top
            for t in range(top + 1):
                for s in range(process.states):
                    flat[at + t * width + s + shift] = process.acts[t, s]
            if values is not None and bust is not None:
                bust[place, index] = y[n - 1]
                for t in range(top + 1):
                    for s in range(process.states):
                        values[at + t * width + s + shift] = process.vals[t, s, 0]
            at += (top + 1) * width


@njit(cache=True, nogil=True)
def start_values(race, W, place, out):
    """``out[index, s]``: the mover's chance in state ``s`` at turn total 0 of every turn
    start (place ``place``): the value of each choice a 0-point move offers there
    (Fast Pig's number of dice)."""
    vals, dvals, acts, work = _start_scratch(race.players)
    following = (place + 1) % race.places
    for index in range(W.shape[1]):
        process_sweep(race, W, index, place, W[following, rotation(race, index)],
                      vals, dvals, acts, work, np.int64(0), None, None)
        for s in range(race.process.states):
            out[index, s] = race.process.vals[0, s, 0]
