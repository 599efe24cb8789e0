"""numba kernels of the N-player race solver (:mod:`jeopardy.match.solver`).

A turn start is a tuple of scores *relative to the mover*, ``s[0]`` the
mover's, ``s[1]`` the next player's, ... ``s[N-1]`` the last's, each in
``0 .. goal-1``, stored at the flat index ``sum s[m] * goal**(N-1-m)``; with
the ``equal-turns`` ending also the mover's place ``r`` in the round
(``0 .. N-1``).  ``W[r, index, m]`` is player ``m``'s chance of winning
(``m`` relative to the mover); without places ``r`` is always 0.

When the mover ends its turn, the next player becomes the mover: the scores
rotate (``(s[1], ..., s[N-1], banked)``) and so do the value vectors
(:func:`rotate`: old player ``m`` is new player ``m - 1``).

One turn is a backward sweep over the turn total ``k`` (:func:`sweep`) given
``y``, the turn-start vector of the state a bust leads to (the rotated
scores, next place).  Every other value a turn leads to either belongs to a
higher score sum (already solved) or is the end of the game.  The value at
``(s, k)`` is affine in ``y`` with a *scalar* slope (the chance of ending the
turn with nothing banked): ``V(k) = A(k) + d(k) rotate(y)``.

Rotation classes: ``N`` busts in a row rotate the scores (and the place)
back to the start, so the class ``{(R^c s, r + c)}`` is solved together.  Its
composed map is ``x = F(x) = C + (d_0 ... d_{N-1}) x`` for fixed policies
(``R^N`` is the identity; scores that repeat around the table, ``(a, b, a, b)``,
return after fewer turns, their period, and the members a period apart must
then agree), and :func:`solve_sums` iterates Newton's step on
that affine map (policy iteration around the cycle, as the two-player pair
Newton).  With more than two players the game is not zero-sum and Newton
need not be monotone: when a step does not reduce the residual the class
falls back to plain fixed-point steps ``x = F(x)`` (Gauss-Seidel around the
cycle, a contraction by the cycle's bust chance).  The largest residual
``|F(x) - x|`` is returned.

Effects that lower a score sum (``bust_all``) read the table as it stands
and the caller repeats passes, as in :mod:`jeopardy.match.pair_kernels`.

Turn totals that fall (``subtract n``, Parker Brothers' tail): the turn has
cycles, and :func:`sweep_from_guess` repeats its backward pass over the
column (Gauss-Seidel) until it settles; the proof that it converges, and in
how many passes, is :func:`jeopardy.match.solver.fall_passes`.

Effects are applied by the one transition rule, :func:`jeopardy.rules.effects.step`
(compiled); an unknown kind raises.
"""
from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit, types
from numba.extending import overload

from jeopardy.match.last_round import FALL_ROUNDING, stop_slice, stop_value
from jeopardy.match.rotation import after_turn, rotate, rotation  # noqa: F401 (also read as kernels.*)
from jeopardy.rules.compiled import step_jit as step
from jeopardy.rules.effects import Kind

SUBTRACT = int(Kind.SUBTRACT)
# A column pass that changes no value or slope by more than FALL_ROUNDING has converged
# to rounding (values are probabilities, slopes chances: ulps of ~1e-16).

# The rules of one solve, bundled for the kernels:
#   kinds, points, probs  the roll model (effect codes, points, probabilities)
#   goal                  scores run 0 .. goal-1
#   players               N
#   places                1, or N when the mover's place in the round matters (equal turns;
#                         players following different policies)
#   equal                 1 for the equal-turns ending, 2 for one-more-turn (every mover
#                         stops at the cap; a stop past the goal gives the other a last turn)
#   cap                   equal-turns: a mover before the end of the round must stop once
#                         its score plus turn total reaches cap (>= goal)
#   last                  equal-turns: the last round's value tables, every layer in one flat
#                         array (jeopardy.match.last_round); empty otherwise
#   high                  goal**(players - 1): the weight of the mover's score in the index
#   layout                equal turns / one more turn: where each layer of ``last`` lies
#                         (last_round.layout)
#   passes                0 if the turn total never falls (one backward pass per turn is
#                         exact), else the most Gauss-Seidel passes a column needs
#                         (jeopardy.match.solver.fall_passes)
#   process               a turn process with several turn states
#                         (:data:`jeopardy.match.process_kernels.Process`), or None: the
#                         turn is the roll model's (:func:`one_turn` compiles only that)
Race = namedtuple("Race", ["kinds", "points", "probs", "goal", "players", "places", "equal", "cap",
                           "last", "high", "layout", "passes", "process"])

# The actions movers play instead of maximising, bundled for the kernels:
#   table       int8[place, index, k]: 1 roll, 0 hold (mode 1: policy evaluation)
#   mix_keys    sorted flat keys ``place * turn starts + index`` of the turn starts whose
#               movers mix (any mode)
#   mix_tables  float[row, k]: at the turn start of ``mix_keys[row]``, the roll chance at
#               turn total k (mode 2 of column_pass: negative, the mover maximises)
# (a turn process's ``k`` is a decision slot of its turn: process_kernels.turn)
Actions = namedtuple("Actions", ["table", "mix_keys", "mix_tables"])

# The ``table`` and ``mix`` of a sweep whose mover maximises (mode 0) or does not mix.
NO_TABLE_ROW = np.zeros(0, dtype=np.int8)
NO_MIX = np.zeros(0)
# Actions of movers who all maximise, typed as every other Actions: the bundle of a kernel
# that must compile its turn with array tables (:func:`class_fixed_point`).
NO_ACTIONS = Actions(np.zeros((1, 1, 1), dtype=np.int8), np.zeros(0, dtype=np.int64),
                     np.full((1, 1), -1.0))


@njit(cache=True, nogil=True, inline="always")
def copy(source, out):
    """``out[:] = source``, element by element: numba compiles a slice assignment
    with a shape check whose error message alone takes seconds to compile."""
    for m in range(source.shape[0]):
        out[m] = source[m]


@njit(cache=True, nogil=True, inline="always")
def limit(race, place):
    """The score at which the mover stops: the goal, or the cap of a mover before the
    end of the round under equal turns."""
    if race.equal == 2 or (race.equal == 1 and place < race.players - 1):
        return race.cap
    return race.goal


@njit(cache=True, nogil=True)
def sweep(race, W, index, place, y, vals, dvals, acts, mode, table, mix, work):
    """One turn at turn start ``index`` (place ``place``), given the bust target ``y``.

    Fills ``vals[k, :]`` (value vectors), ``dvals[k]`` (slope in ``rotate(y)``)
    and ``acts[k]`` (1 roll) for ``k = 0 .. top-1``, ``top = limit - s[0]``;
    returns ``top``.  ``mode``, ``table`` and ``mix`` as in :func:`column_pass`.  A
    turn whose total can fall starts from zero (:func:`sweep_from_guess`).
    """
    if race.passes > 0:
        top = limit(race, place) - index // race.high
        vals[:top, :] = 0.0
        dvals[:top] = 0.0
    return one_turn(race, W, index, place, y, vals, dvals, acts, mode, table, mix, work,
                    np.empty((0, 2)))


def one_turn(race, W, index, place, y, vals, dvals, acts, mode, table, mix, work, margins):
    """One turn at a turn start in compiled code: :func:`sweep_from_guess` for a roll
    model's bundle (``race.process`` is None), :func:`jeopardy.match.process_kernels.process_sweep`
    for a turn process's.  numba picks one when it compiles the caller, so a kernel
    holds the code of its own kind of turn only (one kernel holding both compiled
    both for every solve: a minute on a cold cache).  Called, not inlined: numba
    compiles an inlined overload once on its own (to type it) and again in each
    caller."""
    raise NotImplementedError("one_turn runs in compiled code only")


def _roll_model(race) -> bool:
    """Whether the bundle type ``race`` (numba's) is a roll model's (``process`` None)."""
    return isinstance(race.types[race.fields.index("process")], types.NoneType)


@overload(one_turn)
def _one_turn(race, W, index, place, y, vals, dvals, acts, mode, table, mix, work, margins):
    if _roll_model(race):
        def roll_model_turn(race, W, index, place, y, vals, dvals, acts, mode, table, mix,
                            work, margins):
            return sweep_from_guess(race, W, index, place, y, vals, dvals, acts, mode, table,
                                    mix, work, margins)
        return roll_model_turn

    def process_turn(race, W, index, place, y, vals, dvals, acts, mode, table, mix, work,
                     margins):
        return process_kernels.process_sweep(race, W, index, place, y, vals, dvals, acts, work,
                                             mode, table, mix)
    return process_turn


@njit(cache=True, nogil=True, inline="always")
def sweep_from_guess(race, W, index, place, y, vals, dvals, acts, mode, table, mix, work,
                     margins):
    """:func:`sweep` of a roll model's bundle, where a turn total that falls starts
    from the guess in ``vals``.

    If the turn total never falls (``race.passes == 0``) a roll only leads to
    a higher turn total, so one backward pass over ``k`` is exact and the
    guess is never read.  A ``subtract n`` roll leads to ``max(0, k - n)``,
    below ``k``: the turn has cycles, and each pass reads the lower totals'
    values from the previous pass (the guess at first): Gauss-Seidel on the
    column, repeated until no value or slope changes by more than rounding,
    or for ``race.passes`` passes, the proved bound of
    :func:`jeopardy.match.solver.fall_passes`.

    A bundle with a turn process has its own turn,
    :func:`jeopardy.match.process_kernels.process_sweep` (its turn total never
    falls, ``passes == 0``; modes 1 and 2 play its decision slots): it fills
    ``vals[0]``, ``dvals[0]``, ``acts[0]`` and returns 1 (:func:`one_turn` picks it).
    """
    fall = 0  # the most a roll lowers the turn total
    for e in range(race.kinds.shape[0]):
        if race.kinds[e] == SUBTRACT:
            fall = max(fall, race.points[e])
    top = limit(race, place) - index // race.high
    start = top - 1
    for _ in range(max(1, race.passes)):
        top, change, moved = column_pass(race, W, index, place, y, vals, dvals, acts, mode,
                                         table, mix, work, start, margins)
        if change <= FALL_ROUNDING:
            break
        # Above the highest total that moved plus the largest fall, every input of the
        # next pass is as in this one: those values stay as they are.
        start = min(top - 1, moved + fall)
    return top


@njit(cache=True, nogil=True)
def column_pass(race, W, index, place, y, vals, dvals, acts, mode, table, mix, work, start,
                margins):
    """One backward pass over the turn at turn start ``index`` (place ``place``),
    given the bust target ``y``.

    Fills ``vals[k, :]`` (value vectors), ``dvals[k]`` (slope in ``rotate(y)``)
    and ``acts[k]`` (1 roll) for ``k = 0 .. top-1``, ``top = limit - s[0]``.
    ``mode`` 0: the mover maximises its own chance (rolling
    on ties); 1: it plays ``table[k]`` (int8, ignored otherwise);
    2: it rolls with probability ``mix[k]`` (float, ignored otherwise) where that
    is in ``[0, 1]`` and maximises where it is negative (a mixed action at chosen
    turn totals).  Two arguments, not one of either type: one compiled kernel
    serves every mode.  ``table`` and ``mix`` None: the mover maximises (mode 0), and
    numba compiles the pass without the other modes (their tests start with
    ``table is not None``, ``mix is not None``: branches it drops for None).
    ``work``: scratch space of shape ``(4, players)``.  The pass runs from
    ``k = start`` down (``top - 1`` but in later passes of a falling column,
    whose values above ``start`` are already settled).  Returns ``(top, the
    largest change of a value or slope, the highest k that changed, or -1)``:
    where the turn total falls, lower totals are read as the previous pass
    left them (:func:`sweep_from_guess`).

    ``margins`` (mode 0, if it has rows): ``margins[k] = (gain, slope)`` of the
    mover's decision at ``k``, its value of the action taken minus the other's
    and that difference's slope in ``rotate(y)[0]`` (:func:`moved_class`);
    no rows, nothing is recorded.
    """
    n = race.players
    goal = race.goal
    own = index // race.high
    base = (index % race.high) * goal  # flat index of (s[1], ..., s[N-1], 0)
    where = stop_slice(race, place, index)
    following = (place + 1) % race.places
    table_next = W[following]
    top = limit(race, place) - own
    bust_vec = work[0]
    hold = work[1]
    roll = work[2]
    other = work[3]
    rotate(n, y, bust_vec)
    change = 0.0
    moved = -1
    record = mode == 0 and margins.shape[0] > 0
    for k in range(start, -1, -1):
        f = own + k
        if k == 0:
            copy(bust_vec, hold)
            dhold = 1.0
        elif f >= goal:
            stop_value(race, place, where, f, hold)
            dhold = 0.0
        else:
            hold[0] = table_next[base + f, n - 1]
            for m in range(1, n):
                hold[m] = table_next[base + f, m - 1]
            dhold = 0.0
        if table is not None and mode == 1 and table[k] == 0:
            if moved < 0 and (vals[k, 0] != hold[0] or vals[k, n - 1] != hold[n - 1]
                              or dvals[k] != dhold):
                moved = k
            copy(hold, vals[k])
            dvals[k] = dhold
            acts[k] = 0
            continue
        for m in range(n):
            roll[m] = 0.0
        droll = 0.0
        stay = 0.0
        for e in range(race.kinds.shape[0]):
            p = race.probs[e]
            banked, nk, ended = step(race.kinds[e], race.points[e], own, k)
            if not ended:
                if nk == k:
                    stay += p
                elif nk >= top:
                    if where[2] == 0:  # the mover wins outright
                        roll[0] += p
                    else:
                        stop_value(race, place, where, own + nk, other)
                        for m in range(n):
                            roll[m] += p * other[m]
                else:  # nk < k (a fall): the previous pass's value
                    for m in range(n):
                        roll[m] += p * vals[nk, m]
                    droll += p * dvals[nk]
            elif banked == own:  # nothing banked: the next turn start is the bust's
                for m in range(n):
                    roll[m] += p * bust_vec[m]
                droll += p
            else:
                if banked >= goal:
                    stop_value(race, place, where, banked, other)
                else:
                    rotate(n, table_next[base + banked], other)
                for m in range(n):
                    roll[m] += p * other[m]
        if stay > 0.0:
            for m in range(n):
                roll[m] /= 1.0 - stay
            droll /= 1.0 - stay
        falls = race.passes > 0  # a column of Gauss-Seidel passes: track its changes
        if falls:
            before, last_before, slope_before = vals[k, 0], vals[k, n - 1], dvals[k]
        if mix is not None and mode == 2 and mix[k] >= 0.0:
            w = mix[k]
            for m in range(n):
                vals[k, m] = w * roll[m] + (1.0 - w) * hold[m]
            dvals[k] = w * droll + (1.0 - w) * dhold
            acts[k] = 1 if w >= 0.5 else 0
        elif mode == 1 or roll[0] >= hold[0]:
            for m in range(n):
                vals[k, m] = roll[m]
            dvals[k] = droll
            acts[k] = 1
            if record:
                margins[k, 0] = roll[0] - hold[0]
                margins[k, 1] = droll - dhold
        else:
            for m in range(n):
                vals[k, m] = hold[m]
            dvals[k] = dhold
            acts[k] = 0
            if record:
                margins[k, 0] = hold[0] - roll[0]
                margins[k, 1] = dhold - droll
        if falls:
            shift = max(abs(vals[k, 0] - before), abs(vals[k, n - 1] - last_before),
                        abs(dvals[k] - slope_before))  # falling columns: two players
            if shift > 0.0 and moved < 0:
                moved = k
            change = max(change, shift)
    return top, change, moved


def order_by_sum(race):
    """Flat indices sorted by score sum, and where each sum starts: ``(order,
    starts)``, the indices of sum ``s`` at ``order[starts[s]:starts[s + 1]]`` in
    increasing order.  numpy, not a kernel: a kernel taking the bundle took a
    second and more to compile on a cold cache, and this runs once per solve."""
    n = int(race.players)
    goal = int(race.goal)
    # The sums in flat index order, built by outer sums in the smallest integer type
    # that holds them (4-player Pig to 100: 0.2 GB, where int64 digits and their sums
    # took 1.6 GB beside the 3.2 GB table); a stable sort keeps each sum's indices
    # increasing (a radix sort for 16-bit sums).
    kind = np.int16 if n * (goal - 1) <= np.iinfo(np.int16).max else np.int64
    digits = np.arange(goal, dtype=kind)
    sums = digits
    for _ in range(n - 1):
        sums = np.add.outer(sums, digits)
    sums = sums.ravel()
    order = np.argsort(sums, kind="stable")
    if order.dtype != np.int64:
        order = order.astype(np.int64)
    starts = np.zeros(n * (goal - 1) + 2, dtype=np.int64)
    np.cumsum(np.bincount(sums, minlength=n * (goal - 1) + 1), out=starts[1:])
    return order, starts


@njit(cache=True, nogil=True, inline="always")
def guess_column(race, index, place, y, ylast, vals, dvals, work):
    """Move a column solved for the bust target ``ylast`` to a guess for ``y``.

    For fixed actions a column is affine in the bust target,
    ``V(k) = A(k) + d(k) rotate(y)``, so ``vals + dvals (rotate(y) - rotate(ylast))``
    is exact unless actions change; kept in [0, 1] (any guess there converges,
    :func:`jeopardy.match.solver.fall_passes`).  Sets ``ylast`` to ``y``.
    """
    n = race.players
    top = limit(race, place) - index // race.high
    now = work[0]
    before = work[1]
    rotate(n, y, now)
    rotate(n, ylast, before)
    for k in range(top):
        for m in range(n):
            v = vals[k, m] + dvals[k] * (now[m] - before[m])
            vals[k, m] = min(1.0, max(0.0, v))
        dvals[k] = min(1.0, max(0.0, dvals[k]))
    copy(y, ylast)


# A decision whose gain would come within this of a tie is not trusted to stay (rounding):
# the class is swept again instead of moved.
MOVE_MARGIN = 1e-13


@njit(cache=True, nogil=True, inline="always")
def moved_class(members, n, x, xold, ys, cdvals, margins, tops, moved, work):
    """The class's turn-start vectors at the Newton step's ``x``, moved from their
    sweeps at ``xold`` without sweeping again, into ``moved``; False where a decision
    might change on the way (``moved`` then unusable).

    ``ys[c]``, ``cdvals[c, 0]``: member ``c``'s turn-start vector and slope from its
    sweep at its bust target (``xold`` for the last member, ``ys[c + 1]`` for the
    others); ``margins[c, k]``, ``k < tops[c]``: that sweep's gain and gain slope of
    the decision at turn total ``k`` (:func:`column_pass`).

    Why a move is exact.  Hold the decisions of one turn fixed.  A hold reads other
    turn starts, fixed during the class; a roll averages the values of higher turn
    totals and the bust target's vector ``z = rotate(y)`` with chances summing to 1.
    So, by induction down the turn totals, every value of the turn is ``A + D z`` with
    one slope ``D`` per turn total for every player (the chance of ending the turn
    with nothing banked), and each decision's gain (the mover's value of the action
    taken minus the other's) is affine in ``z[0]`` with the slope the sweep records.
    A step ``delta`` of ``z[0]`` with ``gain + slope delta > MOVE_MARGIN`` for every
    decision keeps every gain positive at both ends of the step, hence along it (an
    affine function); by the same induction every decision is the same at
    ``z + delta``, and the turn start's vector is exactly ``ys[c] + D_0 (z' - z)``,
    every component with the one slope.  If every member's step passes, the class
    map ``F`` is affine from ``xold`` to ``x`` with the slope the Newton step used,
    so ``x = (F(xold) - slope xold) / (1 - slope)`` is its fixed point and the moved
    vectors are the class's values (to rounding: the caller compares ``moved[0]``
    with ``x`` against its tolerance, and the solve's Bellman residual sweeps every
    turn start once more).  Ties at ``MOVE_MARGIN`` or below are never moved: the
    roll-on-ties rule would need the exact gain.
    """
    now = work[0]
    before = work[1]
    for c in range(members - 1, -1, -1):
        if c == members - 1:
            rotate(n, x, now)
            rotate(n, xold, before)
        else:
            rotate(n, moved[c + 1], now)
            rotate(n, ys[c + 1], before)
        delta = now[0] - before[0]
        for k in range(tops[c]):
            if margins[c, k, 0] + margins[c, k, 1] * delta <= MOVE_MARGIN:
                return False
        for m in range(n):
            moved[c, m] = ys[c, m] + cdvals[c, 0] * (now[m] - before[m])
    return True


# Members of a class a period apart are one turn start: their two values, each the end of
# its own run of sweeps, agree to rounding (~1e-15) where the class map settled on a fixed
# point of the period's map, and differ by a cycle's jump (2.6e-3 in 4-player Pig to 60)
# where it settled on a cycle of it.
PERIOD_AGREEMENT = 1e-12


@njit(cache=True, nogil=True, inline="always")
def class_space(race, members, move):
    """Scratch space of :func:`newton_class` for a class of ``members`` turn starts:
    ``(cvals, cdvals, ylast, acts, ys, work, margins, tops, xold, moved, none, no_mix)``.
    One column per member: a turn total that falls starts each sweep from the member's
    last column (see :func:`guess_column`).  ``move``: room for the margins that
    :func:`moved_class` reads."""
    n = race.players
    width = race.cap + 1
    return (np.zeros((members, width + 1, n)), np.zeros((members, width + 1)),
            np.zeros((members, n)), np.empty(width + 1, dtype=np.int8),
            np.empty((members, n)), np.empty((4, n)),
            np.zeros((members, width + 1 if move else 0, 2)),
            np.zeros(members, dtype=np.int64), np.empty(n), np.empty((members, n)),
            np.empty(0, dtype=np.int8), np.empty(0))


@njit(cache=True, nogil=True, inline="always")
def newton_step(n, members, x, xold, y, slope, work):
    """Newton's step on a class map of ``members`` turns: ``x`` the fixed point of the
    affine map through ``(xold, y = F(xold))`` with the linear part ``slope R^members``.

    A turn maps its bust target ``z`` to ``A + D rotate(z)`` (one slope for every
    component), so ``members`` turns map ``x`` to ``A' + slope R^p x``, ``R`` the
    rotation of the players' frame and ``p = members``.  Around the whole table
    (``p = n``) ``R^n`` is the identity and the fixed point is
    ``(y - slope xold) / (1 - slope)``.  A class whose scores repeat around the table
    returns to its turn start after its period ``p``, a divisor of ``n``, with the
    frame turned by ``p`` seats: ``R^p`` has order ``q = n / p``, and
    ``(I - s R^p)^-1 = sum_{j < q} s^j R^(p j) / (1 - s^q)`` applied to
    ``A' = y - s R^p xold`` is the fixed point (the scalar step would miss it by the
    frame's turn: 4-player Pig to 100 at (37, 57, 37, 57) moved away, not closer)."""
    if members == n:
        for m in range(n):
            x[m] = (y[m] - slope * xold[m]) / (1.0 - slope)
        return
    q = n // members
    for m in range(n):  # R^p moves component m - p to m
        work[m] = y[m] - slope * xold[(m - members) % n]
    scale = 1.0 - slope ** q
    for m in range(n):
        total = 0.0
        weight = 1.0
        for j in range(q):
            total += weight * work[(m - members * j) % n]
            weight *= slope
        x[m] = total / scale


@njit(cache=True, nogil=True, inline="always")
def newton_class(race, W, indices, r0, members, x, space, mode, actions, rows, max_iter, tol,
                 move, stuck_stops):
    """Newton's steps on the map of one rotation class: ``x`` (in place) the value
    vector at its first turn start ``indices[0]``, place ``r0``; member ``c`` is
    ``indices[c]`` at place ``(r0 + c) % places``, and a bust of the last member leads
    back to the first.  Leaves each member's turn-start vector from the last sweeps in
    ``space[4]`` (``ys``).  Returns ``(sweeps, residual |F(x) - x|, stuck)``.

    Each step sweeps the members from the last (given ``x``) to the first; the class map
    is affine for fixed actions with the product of the members' slopes, and Newton's
    step solves it.  Where a step does not lower the residual the steps turn plain
    (``x = F(x)``: Gauss-Seidel around the cycle, a contraction by the cycle's bust
    chance).  A slope of 1 (nobody ever banks around the cycle): ``stuck_stops`` stops
    (stuck 1, the game never ends), else the step is plain.  ``move``: a Newton step
    whose decisions all stay is taken without a sweep (:func:`moved_class`).

    The movers play ``rows[c]`` (mode 2: a roll chance, or negative to maximise) where
    ``rows`` is an array (:mod:`jeopardy.match.mixing`), else their actions from
    ``mode`` and ``actions`` (:func:`member_actions`).
    """
    cvals, cdvals, ylast, acts, ys, work, margins, tops, xold, moved, none, no_mix = space
    n = race.players
    sweeps = 0
    previous = np.inf
    plain = False
    residual = 0.0
    for _ in range(max_iter):
        slope = 1.0
        for c in range(members - 1, -1, -1):
            place = (r0 + c) % race.places
            target = x if c == members - 1 else ys[c + 1]
            guess(race, indices[c], place, target, ylast[c], cvals[c], cdvals[c], work)
            if rows is not None:
                turn_mode, table, mix = 2, none, rows[c]
            else:
                turn_mode, table, mix = member_actions(
                    actions, mode, place * W.shape[1] + indices[c], place, indices[c], none,
                    no_mix, mode == 1)
            remember(race, c)
            tops[c] = one_turn(race, W, indices[c], place, target, cvals[c], cdvals[c], acts,
                               turn_mode, table, mix, work, margins[c])
            sweeps += 1
            copy(cvals[c, 0], ys[c])
            slope *= cdvals[c, 0]
        flat = slope >= 1.0 - 1e-12
        if flat and stuck_stops:
            return sweeps, residual, 1  # nobody ever banks around the cycle
        residual = 0.0
        for m in range(n):
            residual = max(residual, abs(ys[0, m] - x[m]))
        if residual <= tol:
            break
        if residual >= previous:
            plain = True
        previous = residual
        if plain or flat:
            copy(ys[0], x)
            continue
        copy(x, xold)
        newton_step(n, members, x, xold, ys[0], slope, work[2])
        # No decision changes on the way to x: the class's values there are the swept
        # ones moved along their slopes, and no sweep need confirm them.
        if move and moved_class(members, n, x, xold, ys, cdvals, margins, tops, moved, work):
            residual = 0.0
            for m in range(n):
                residual = max(residual, abs(moved[0, m] - x[m]))
            if residual <= tol:
                for c in range(members):
                    copy(moved[c], ys[c])
                break
    return sweeps, residual, 0


@njit(cache=True, nogil=True)
def class_fixed_point(race, W, indices, r0, x, rows, steps, tol, ys_out, actions):
    """:func:`newton_class` of a class whose members play the chances ``rows[c]`` (mode 2:
    negative where they maximise), from ``x`` (moved in place to the last step's point),
    with plain steps where the slope is 1; the members' vectors into ``ys_out``.  Returns
    the residual.  For :mod:`jeopardy.match.mixing`, which searches the chances.

    ``actions``: :data:`NO_ACTIONS` (never read: every member plays its row).  With None
    the turn's ``table`` and ``mix`` unified to optional arrays, and numba compiled the
    turn a third time (3-player Pig to 30 with equal turns, cold: column_pass and its
    wrapper about 4 s); with arrays the turn is the one the Bellman residual of the
    mixed actions compiles."""
    members = indices.shape[0]
    space = class_space(race, members, False)
    residual = newton_class(race, W, indices, r0, members, x, space, 2, actions, rows, steps,
                            tol, False, False)[1]
    ys = space[4]
    for c in range(members):
        copy(ys[c], ys_out[c])
    return residual


@njit(cache=True, nogil=True)
def decision_gap(race, W, index, place, y, row, k):
    """Roll minus hold, for the mover at turn start ``index`` (``place``) at turn total
    ``k``, given the bust target ``y`` and the chances ``row`` elsewhere (mode 2)."""
    vals, dvals, acts, work = sweep_space(race)
    none = np.empty(0, dtype=np.int8)
    table = row.copy()
    table[k] = 1.0
    mixed = np.int64(2)  # not the literal 2, for which numba compiled sweep once more
    sweep(race, W, index, place, y, vals, dvals, acts, mixed, none, table, work)
    roll = vals[k, 0]
    table[k] = 0.0
    sweep(race, W, index, place, y, vals, dvals, acts, mixed, none, table, work)
    return roll - vals[k, 0]


@njit(cache=True, nogil=True)
def solve_sums(race, W, order, starts, first_sum, last_sum, max_iter, tol, mode, actions,
               unsettled_out, lane, lanes):
    """Solve every rotation class with score sum ``first_sum`` down to ``last_sum``.

    ``mode`` 0: every mover maximises (``actions`` None: compiled without the
    other modes, :func:`member_actions`); 1: the mover at place ``r`` and turn start
    ``index`` plays ``actions.table[r, index, k]``, or, at a turn start listed in
    ``actions.mix_keys``, rolls with the chances of its row of ``actions.mix_tables``
    (policy evaluation, mixed actions included: the class map is then affine and
    one Newton step solves it).

    A class still off its fixed point by more than ``tol`` after ``max_iter``
    steps (pure best responses cycle) is recorded in ``unsettled_out`` (rows
    ``(index, r0)``), and the kernel stops after finishing that score sum, so
    the caller can settle the class (mixed actions) before lower sums read it.
    Returns ``(sweeps, worst residual, unsettled classes, stuck classes, the
    last sum done)``.

    Returns ``(sweeps, largest residual |F(x) - x| of a class, classes left with a
    residual above tol after max_iter steps, classes where nobody ever banks: the
    cycle's chance of ending a turn with nothing banked is 1)``.

    ``lane`` of ``lanes``: only the classes whose first member lies at a position
    ``lane, lane + lanes, ...`` of each sum's run of ``order`` (the classes of one sum
    are independent, :mod:`jeopardy.match.sums`, which solves the lanes at once).

    ``max_iter`` 0: no solve; the Bellman residual of ``W`` over the ``lane``-th of
    ``lanes`` blocks of turn starts instead, as the largest residual
    (:func:`bellman_residual`).

    A turn process's bundle (mode 0): each member's sweep records and replays its
    decisions (:func:`remember`), and each class's Bellman residual is found as soon as
    it is solved (:func:`add_class_residual`).
    """
    if max_iter == 0:
        return 0, residual_of(race, W, mode, actions, lane, lanes), 0, 0, last_sum
    n = race.players
    indices = np.empty(n, dtype=np.int64)
    x = np.empty(n)
    # Moving a class (moved_class): each member's margins and turn-total count, the
    # Newton step's start and the moved values.
    move = mode == 0 and race.passes == 0 and race.process is None
    space = class_space(race, n, move)
    ys = space[4]
    sweeps = 0
    worst = 0.0
    unsettled = 0
    stuck = 0
    for s in range(first_sum, last_sum - 1, -1):
        for position in range(starts[s] + lane, starts[s + 1], lanes):
            index = order[position]
            indices[0] = index
            canonical = True
            for c in range(1, n):
                indices[c] = rotation(race, indices[c - 1])
                if indices[c] < index:
                    canonical = False
            if not canonical:
                continue
            # The class's period: the fewest turns after which the same mover is at the
            # same turn start again.  Scores that repeat around the table ((a, b, a, b)
            # with four players; (a, a) with two) return sooner than after N turns: a
            # fixed point of the N turns' map is then a fixed point of the period's map
            # only where the members a period apart agree, which is checked below (in
            # 4-player Pig to 60 they did not: a cycle of two values for one turn
            # start; such a class is left for mixing.settle, which solves the period's
            # map).
            period = n
            for c in range(1, n):
                if indices[c] == index and c % race.places == 0:
                    period = c
                    break
            own = index // race.high
            for r0 in range(race.places):
                # Start from the solved neighbour with one point more for the mover (a
                # higher score sum): values change little from point to point.
                if own + 1 < race.goal:
                    copy(W[r0, index + race.high], x)
                    # two players: moved by the change the other's point more made one
                    # point up (both neighbours in higher sums), a plane through the
                    # three (Ten Thousand to 3,000: 21,016 -> 15,248 sweeps under the
                    # round ending, 10,064 -> 6,822 first to reach, the same values).
                    # Three or more players keep the one neighbour: their classes can
                    # cycle, and the start decides which fixed point is found (3-player
                    # Pig to 60: 3.5% fewer sweeps, not worth a different selection)
                    second = race.high // race.goal  # the other's score's weight
                    if n == 2 and (index % race.high) // second + 1 < race.goal:
                        for m in range(n):
                            v = x[m] + W[r0, index + second, m] - \
                                W[r0, index + race.high + second, m]
                            x[m] = min(1.0, max(0.0, v))
                else:
                    copy(W[r0, index], x)
                done, residual, stuck_class = newton_class(
                    race, W, indices, r0, n, x, space, mode, actions, None, max_iter, tol,
                    move, True)
                sweeps += done
                stuck += stuck_class
                for c in range(period, n):  # one turn start, two values: not settled
                    for m in range(n):
                        apart = abs(ys[c, m] - ys[c - period, m])
                        if apart > PERIOD_AGREEMENT:
                            residual = max(residual, apart)
                for c in range(n):
                    copy(ys[c], W[(r0 + c) % race.places, indices[c]])
                remember(race, -1)
                if mode == 0 and sweeps_residuals(race):  # add_class_residual's docstring
                    last = n - 1
                    place = (r0 + last) % race.places
                    turn_mode, table, mix = member_actions(
                        actions, mode, place * W.shape[1] + indices[last], place,
                        indices[last], space[10], space[11], False)
                    remember(race, last)
                    one_turn(race, W, indices[last], place,
                             W[(place + 1) % race.places, indices[0]], space[0][last],
                             space[1][last], space[3], turn_mode, table, mix, space[5],
                             space[6][last])
                    remember(race, -1)
                    add_class_residual(race, space[0][last, 0], W[place, indices[last]])
                if residual > worst:
                    worst = residual
                if residual > tol:
                    if unsettled < unsettled_out.shape[0]:
                        unsettled_out[unsettled, 0] = index
                        unsettled_out[unsettled, 1] = r0
                    unsettled += 1
        if unsettled > 0 or stuck > 0:
            return sweeps, worst, unsettled, stuck, s
    return sweeps, worst, unsettled, stuck, last_sum


@njit(cache=True, nogil=True, inline="always")
def sweep_space(race):
    """What one sweep of a turn start fills, for turn totals up to the cap:
    ``(vals, dvals, acts, work)``; ``vals`` starts at zero (a turn total that
    falls starts the column from the last one)."""
    n = race.players
    width = race.cap + 1
    return (np.zeros((width + 1, n)), np.zeros(width + 1), np.empty(width + 1, dtype=np.int8),
            np.empty((4, n)))


@njit(cache=True, nogil=True)
def mixed_row(actions, key):
    """The row of ``actions.mix_tables`` of the turn start ``key``
    (``place * turn starts + index``), or -1 where its mover does not mix."""
    row = np.searchsorted(actions.mix_keys, key)
    if row < actions.mix_keys.shape[0] and actions.mix_keys[row] == key:
        return row
    return -1


@njit(cache=True, nogil=True, inline="always")
def turn_actions(actions, mode, row, place, index, none, no_mix):
    """``(mode, table, mix)`` of one turn: the mixed actions of ``row`` (mode 2), the
    table's row (mode 1), or the mover's best (mode 0)."""
    if row >= 0:
        return 2, none, actions.mix_tables[row]
    if mode == 1:
        return mode, actions.table[place, index], no_mix
    return mode, none, no_mix


def guess(race, index, place, y, ylast, vals, dvals, work):
    """:func:`guess_column` in compiled code where the turn total can fall
    (``race.passes > 0``); nothing for a turn process's bundle, whose turn total
    never falls (``passes == 0``), so its kernels do not compile the guess."""
    raise NotImplementedError("guess runs in compiled code only")


@overload(guess)
def _guess(race, index, place, y, ylast, vals, dvals, work):
    if _roll_model(race):
        def roll_model_guess(race, index, place, y, ylast, vals, dvals, work):
            if race.passes > 0:
                guess_column(race, index, place, y, ylast, vals, dvals, work)
        return roll_model_guess

    def process_guess(race, index, place, y, ylast, vals, dvals, work):
        pass
    return process_guess


def member_actions(actions, mode, key, place, index, none, no_mix, look_up):
    """``(mode, table, mix)`` of the turn at turn start ``index`` (place ``place``,
    ``key = place * turn starts + index``) in compiled code: :func:`turn_actions`,
    with the mixed actions of ``key`` where ``look_up`` (:func:`mixed_row`).  For
    ``actions`` None, movers who all maximise: mode 0, table and mix None, for which
    numba compiles the turn without the modes 1 and 2 (:func:`column_pass`,
    :func:`jeopardy.match.process_kernels.turn`): a solve compiles only what it
    plays.  Called, not inlined: inlined, numba warned that the look-up's variable
    was out of scope (NumbaIRAssumptionWarning)."""
    raise NotImplementedError("member_actions runs in compiled code only")


@overload(member_actions)
def _member_actions(actions, mode, key, place, index, none, no_mix, look_up):
    if isinstance(actions, types.NoneType):
        def best(actions, mode, key, place, index, none, no_mix, look_up):
            return np.int64(0), None, None
        return best

    def played(actions, mode, key, place, index, none, no_mix, look_up):
        row = mixed_row(actions, key) if look_up else -1
        return turn_actions(actions, mode, row, place, index, none, no_mix)
    return played


def remember(race, slot):
    """A turn process's bundle: the class member (``slot``; -1: none) whose decisions the
    next sweep replays where they provably stay and records
    (:mod:`jeopardy.match.process_kernels`, "Replayed decisions").  Nothing for a roll
    model's bundle."""
    raise NotImplementedError("remember runs in compiled code only")


@overload(remember)
def _remember(race, slot):
    if _roll_model(race):
        return lambda race, slot: None

    def process_remember(race, slot):
        process_kernels.remember(race.process, slot)
    return process_remember


def sweeps_residuals(race):
    """Whether :func:`solve_sums` finds each class's Bellman residual as soon as the class
    is solved (mode 0): True for a turn process's bundle, False for a roll model's
    (:func:`bellman_residual` sweeps every turn start after the solve)."""
    raise NotImplementedError("sweeps_residuals runs in compiled code only")


@overload(sweeps_residuals)
def _sweeps_residuals(race):
    kind = not _roll_model(race)
    return lambda race: kind


def add_class_residual(race, swept, stored):
    """A turn process's bundle: the Bellman residual of a class just solved, into
    ``race.process.memo_residual`` (:func:`jeopardy.match.process_kernels.add_residual`),
    from one sweep of its last member (``swept``; ``stored`` its stored vector).  Every
    other turn start of the class keeps the vector of its last sweep, which read the
    stored vector of the next member's: a sweep now would repeat it, so its residual is
    exactly 0.  (Where scores repeat around the table a turn start is several members
    and keeps the last one's vector; those last ones are the final ``period`` members,
    each but the last reading the next: the same holds.)  Nothing for a roll model's
    bundle.

    :func:`solve_sums` sweeps the last member itself, through its own call of
    :func:`one_turn` with the Newton steps' argument types: a sweep inside an overload
    compiled ``one_turn``'s implementation once more (its flags differ), and linked the
    turn into one more library (about 2 s of a cold start)."""
    raise NotImplementedError("add_class_residual runs in compiled code only")


@overload(add_class_residual)
def _add_class_residual(race, swept, stored):
    if _roll_model(race):
        return lambda race, swept, stored: None

    def process_add_class_residual(race, swept, stored):
        process_kernels.add_residual(race.process, swept, stored)
    return process_add_class_residual


# bellman_residual's arguments of solve_sums that it does not read
NO_ORDER = np.zeros(1, dtype=np.int64)
NO_FOUND = np.zeros((64, 2), dtype=np.int64)


def bellman_residual(race, W, mode, actions):
    """Largest |turn-start value from one sweep - stored value| over every turn start.

    ``mode`` 0: movers maximise, 1: they play ``actions.table``; at the turn starts
    listed in ``actions.mix_keys`` they play the mixed actions of the matching row of
    ``actions.mix_tables`` (mode 2).  ``actions`` None: every mover maximises.
    Compiled as :func:`solve_sums` with ``max_iter`` 0 (:func:`residual_of`): one
    kernel holding the turn, not two, each a second or more of a cold start."""
    return solve_sums(race, W, NO_ORDER, NO_ORDER, 0, 0, 0, 0.0, mode, actions, NO_FOUND, 0,
                      1)[1]


@njit(cache=True, nogil=True, inline="always")
def residual_of(race, W, mode, actions, lane, lanes):
    """:func:`bellman_residual` in compiled code, over the ``lane``-th of ``lanes``
    blocks of consecutive turn starts."""
    n = race.players
    vals, dvals, acts, work = sweep_space(race)
    none = np.empty(0, dtype=np.int8)
    no_mix = np.empty(0)
    no_margins = np.empty((0, 2))
    worst = 0.0
    for place in range(race.places):
        following = (place + 1) % race.places
        block = (W.shape[1] + lanes - 1) // lanes
        for index in range(lane * block, min(W.shape[1], (lane + 1) * block)):
            turn_mode, table, mix = member_actions(actions, mode, place * W.shape[1] + index,
                                                   place, index, none, no_mix, True)
            one_turn(race, W, index, place, W[following, rotation(race, index)], vals, dvals,
                     acts, turn_mode, table, mix, work, no_margins)
            for m in range(n):
                worst = max(worst, abs(vals[0, m] - W[place, index, m]))
    return worst


@njit(cache=True, nogil=True)
def policy_table(race, W, place, out):
    """``out[index, k]``: the action (1 roll) of the mover at ``place`` of every turn
    start, maximising against the values ``W`` (the equilibrium's pure actions; where
    it mixes, :attr:`jeopardy.match.solver.MatchSolution.mixes` has the chances)."""
    vals, dvals, acts, work = sweep_space(race)
    none = np.empty(0, dtype=np.int8)
    following = (place + 1) % race.places
    for index in range(W.shape[1]):
        top = one_turn(race, W, index, place, W[following, rotation(race, index)], vals, dvals,
                       acts, np.int64(0), none, np.empty(0), work, np.empty((0, 2)))
        for k in range(top):
            out[index, k] = acts[k]


from jeopardy.match import process_kernels  # noqa: E402  (numba finds it when compiling one_turn)
