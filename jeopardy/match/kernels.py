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
    return one_turn(race, W, index, place, y, vals, dvals, acts, mode, table, mix, work)


def one_turn(race, W, index, place, y, vals, dvals, acts, mode, table, mix, work):
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
def _one_turn(race, W, index, place, y, vals, dvals, acts, mode, table, mix, work):
    if _roll_model(race):
        def roll_model_turn(race, W, index, place, y, vals, dvals, acts, mode, table, mix,
                            work):
            return sweep_from_guess(race, W, index, place, y, vals, dvals, acts, mode, table,
                                    mix, work)
        return roll_model_turn

    def process_turn(race, W, index, place, y, vals, dvals, acts, mode, table, mix, work):
        return process_kernels.process_sweep(race, W, index, place, y, vals, dvals, acts, work,
                                             mode, table, mix)
    return process_turn


@njit(cache=True, nogil=True, inline="always")
def sweep_from_guess(race, W, index, place, y, vals, dvals, acts, mode, table, mix, work):
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
                                         table, mix, work, start)
        if change <= FALL_ROUNDING:
            break
        # Above the highest total that moved plus the largest fall, every input of the
        # next pass is as in this one: those values stay as they are.
        start = min(top - 1, moved + fall)
    return top


@njit(cache=True, nogil=True)
def column_pass(race, W, index, place, y, vals, dvals, acts, mode, table, mix, work, start):
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
    for k in range(start, -1, -1):
        f = own + k
        if k == 0:
            copy(bust_vec, hold)
            dhold = 1.0
        elif f >= goal:
            stop_value(race, place, where, f, hold)
            dhold = 0.0
        else:
            rotate(n, table_next[base + f], hold)
            dhold = 0.0
        if table is not None and mode == 1 and table[k] == 0:
            if moved < 0 and (vals[k, 0] != hold[0] or vals[k, n - 1] != hold[n - 1]
                              or dvals[k] != dhold):
                moved = k
            copy(hold, vals[k])
            dvals[k] = dhold
            acts[k] = 0
            continue
        roll[:] = 0.0
        droll = 0.0
        stay = 0.0
        for e in range(race.kinds.shape[0]):
            p = race.probs[e]
            banked, nk, ended = step(race.kinds[e], race.points[e], own, k)
            if not ended:
                if nk == k:
                    stay += p
                elif nk >= top:
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
        before, last_before, slope_before = vals[k, 0], vals[k, n - 1], dvals[k]
        if mix is not None and mode == 2 and mix[k] >= 0.0:
            w = mix[k]
            for m in range(n):
                vals[k, m] = w * roll[m] + (1.0 - w) * hold[m]
            dvals[k] = w * droll + (1.0 - w) * dhold
            acts[k] = 1 if w >= 0.5 else 0
        elif mode == 1 or roll[0] >= hold[0]:
            copy(roll, vals[k])
            dvals[k] = droll
            acts[k] = 1
        else:
            copy(hold, vals[k])
            dvals[k] = dhold
            acts[k] = 0
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
    sums = np.zeros(goal ** n, dtype=np.int64)
    rest = np.arange(goal ** n, dtype=np.int64)
    for _ in range(n):
        sums += rest % goal
        rest //= goal
    order = np.argsort(sums, kind="stable").astype(np.int64)
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


# Members of a class a period apart are one turn start: their two values, each the end of
# its own run of sweeps, agree to rounding (~1e-15) where the class map settled on a fixed
# point of the period's map, and differ by a cycle's jump (2.6e-3 in 4-player Pig to 60)
# where it settled on a cycle of it.
PERIOD_AGREEMENT = 1e-12


@njit(cache=True, nogil=True)
def solve_sums(race, W, order, starts, first_sum, last_sum, max_iter, tol, mode, actions,
               unsettled_out):
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

    ``max_iter`` 0: no solve; the Bellman residual of ``W`` over every turn start
    instead, as the largest residual (:func:`bellman_residual`).
    """
    if max_iter == 0:
        return 0, residual_of(race, W, mode, actions), 0, 0, last_sum
    n = race.players
    width = race.cap + 1
    # One column per member of the class: a turn total that falls starts each
    # sweep from the member's last column (see guess_column).
    cvals = np.zeros((n, width + 1, n))
    cdvals = np.zeros((n, width + 1))
    ylast = np.zeros((n, n))
    acts = np.empty(width + 1, dtype=np.int8)
    none = np.empty(0, dtype=np.int8)
    no_mix = np.empty(0)
    indices = np.empty(n, dtype=np.int64)
    ys = np.empty((n, n))
    x = np.empty(n)
    work = np.empty((4, n))
    sweeps = 0
    worst = 0.0
    unsettled = 0
    stuck = 0
    for s in range(first_sum, last_sum - 1, -1):
        for position in range(starts[s], starts[s + 1]):
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
                previous = np.inf
                plain = False
                residual = 0.0
                for _ in range(max_iter):
                    slope = 1.0
                    for c in range(n - 1, -1, -1):
                        place = (r0 + c) % race.places
                        target = x if c == n - 1 else ys[c + 1]
                        guess(race, indices[c], place, target, ylast[c], cvals[c], cdvals[c],
                              work)
                        turn_mode, table, mix = member_actions(
                            actions, mode, place * W.shape[1] + indices[c], place, indices[c],
                            none, no_mix, mode == 1)
                        one_turn(race, W, indices[c], place, target, cvals[c], cdvals[c],
                                 acts, turn_mode, table, mix, work)
                        sweeps += 1
                        copy(cvals[c, 0], ys[c])
                        slope *= cdvals[c, 0]
                    if slope >= 1.0 - 1e-12:
                        stuck += 1  # nobody ever banks around the cycle: the game never ends
                        break
                    residual = 0.0
                    for m in range(n):
                        residual = max(residual, abs(ys[0, m] - x[m]))
                    if residual <= tol:
                        break
                    if residual >= previous:
                        plain = True
                    previous = residual
                    if plain:
                        copy(ys[0], x)
                    else:
                        for m in range(n):
                            x[m] = (ys[0, m] - slope * x[m]) / (1.0 - slope)
                for c in range(period, n):  # one turn start, two values: not settled
                    for m in range(n):
                        apart = abs(ys[c, m] - ys[c - period, m])
                        if apart > PERIOD_AGREEMENT:
                            residual = max(residual, apart)
                for c in range(n):
                    copy(ys[c], W[(r0 + c) % race.places, indices[c]])
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
            return 0, None, None
        return best

    def played(actions, mode, key, place, index, none, no_mix, look_up):
        row = mixed_row(actions, key) if look_up else -1
        return turn_actions(actions, mode, row, place, index, none, no_mix)
    return played


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
    return solve_sums(race, W, NO_ORDER, NO_ORDER, 0, 0, 0, 0.0, mode, actions, NO_FOUND)[1]


@njit(cache=True, nogil=True, inline="always")
def residual_of(race, W, mode, actions):
    """:func:`bellman_residual` in compiled code."""
    n = race.players
    vals, dvals, acts, work = sweep_space(race)
    none = np.empty(0, dtype=np.int8)
    no_mix = np.empty(0)
    worst = 0.0
    for place in range(race.places):
        following = (place + 1) % race.places
        for index in range(W.shape[1]):
            turn_mode, table, mix = member_actions(actions, mode, place * W.shape[1] + index,
                                                   place, index, none, no_mix, True)
            one_turn(race, W, index, place, W[following, rotation(race, index)], vals, dvals,
                     acts, turn_mode, table, mix, work)
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
                       acts, 0, none, np.empty(0), work)
        for k in range(top):
            out[index, k] = acts[k]


from jeopardy.match import process_kernels  # noqa: E402  (numba finds it when compiling one_turn)
