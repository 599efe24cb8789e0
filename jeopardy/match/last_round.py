"""The last round of the equal-turns ending, for any number of players.

Once a player banks at least the goal, every player who has not yet had a
turn in that round plays one last turn; the highest score wins, a player
level with the leader may stop there for a tie, tied players share the win.
That phase never leads back to the race, so it is solved on its own, once,
before the race (:mod:`jeopardy.match.solver` reads it when a mover stops at
or past the goal).

The state of the last round.  The players who still play are the ones after
the finisher in the round; only their scores matter, in the order they play.
The players before the finisher in the round, and every last-turn player who
stopped below the leader, have lost (their scores no longer matter).  So a
last-round turn start is

* ``R``: how many players still play (``1 .. N-1``), the first of them to
  move now;
* ``L``: the leader's score (``L >= goal``);
* ``t``: how many players are tied at ``L`` (``1 .. N-R``: the finisher and
  last-turn players who tied it);
* ``s_1 .. s_R``: the banked scores of the players still to play, in turn
  order (each below the goal, so below ``L``).

Its value ``E_R(L, t, s)`` is the vector ``[each leader's share, p_1, ...,
p_R]``; everyone else has 0.  The mover (``s_1``) plays one turn with turn
total ``k``; the turn ends with its score ``T`` (a bust leaves ``s_1``, a
bust-all 0; both are below ``L``).  Then, with ``rest = s_2 .. s_R``:

* ``T < L``: it has lost: ``E_{R-1}(L, t, rest)``;
* ``T = L``: it joins the leaders: ``E_{R-1}(L, t + 1, rest)``;
* ``T > L``: it leads alone: ``E_{R-1}(T, 1, rest)``, the old leaders 0;

and ``E_0(L, t) = [1 / t]``.  It rolls where rolling is worth at least as
much to it as holding (rolling on ties).  The last player of the round
(``R = 1``) stops as soon as it is ahead (a certain win), and may stop for
the tie at ``T = L`` or roll on.

The cap.  A last-turn player with players after it (``R >= 2``) may roll on
past the leader to raise the bar; it must stop once its total reaches
``max(cap, L + 1)``.  :mod:`jeopardy.match.solver` proves that stop harmless
(holding there beats any roll) or doubles the cap.

Sizes.  A stop from a total below a limit ``l`` banks at most ``jump(l)``
(an add or a bank of the largest points from ``l - 1``, a double from
``l - 1``).  The first finisher stops below the cap (``L <= jump(cap)``); a
last-turn player with a leader at ``L`` stops below ``max(cap, L + 1)``.  So
layer ``R`` meets leaders up to ``bound_R``, ``bound_{N-1} = jump(cap)``,
``bound_R = jump(max(cap, bound_{R+1} + 1))``, and stores ``bound_R - goal
+ 1`` leader scores (a look-up past it raises: it cannot happen).  The table
of layer ``R`` holds ``(bound_R - goal + 1) (N - R) goal**R`` vectors of
``R + 1`` floats.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from jeopardy.rules import effects, game
from jeopardy.rules.compiled import step_jit as step
from jeopardy.rules.effects import Kind
from jeopardy.rules.roll_model import RollModel
from jeopardy.solitaire import kernels as solitaire

# The kinds whose result depends on score plus turn total alone (fill's by_total).
ADD, BUST, BUST_ALL, BANK = int(Kind.ADD), int(Kind.BUST), int(Kind.BUST_ALL), int(Kind.BANK)

# layout[R] = (offset of layer R in the flat table, leader scores stored, goal**R,
# goal**(N-1-R): the divisor that takes a race index to the index of its last R players)
OFFSET, SPAN, PLAYERS_SIZE, DIVISOR = range(4)
# A pass of a turn whose total falls that changes no chance by more than this has
# converged to rounding (chances: ulps of ~1e-16).
FALL_ROUNDING = 4.0 * 2.0 ** -53


def jump(model: RollModel, limit: int) -> int:
    """The largest score a turn can bank when it must stop once its score plus
    turn total reaches ``limit`` (so it rolls from at most ``limit - 1``)."""
    top = limit - 1
    for effect, _ in model.outcomes:
        if effect.kind in (effects.ADD, effects.BANK, effects.BUST_GAIN):
            top = max(top, limit - 1 + effect.points)  # bust_gain: at most limit - 1 + n
        elif effect.kind == effects.DOUBLE:
            top = max(top, 2 * (limit - 1))
    return top


def spans(model: RollModel, goal: int, players: int, cap: int) -> dict[int, int]:
    """Leader scores stored in layer ``R``: ``bound_R - goal + 1`` (module docstring)."""
    bounds = {players - 1: jump(model, cap)}
    for R in range(players - 2, 0, -1):
        bounds[R] = jump(model, max(cap, bounds[R + 1] + 1))
    return {R: bound - goal + 1 for R, bound in bounds.items()}


def layer_floats(span: int, R: int, goal: int, players: int) -> int:
    """Floats of layer ``R`` of the last round's table ("Sizes" above): ``span`` leader
    scores, ``players - R`` counts of tied leaders, ``goal**R`` scores of the players
    still to play, a vector of ``R + 1`` each.  Python integers: a size estimate must
    not overflow where the tables it refuses would (every argument is converted: a
    numpy ``goal`` made ``goal ** R`` wrap around in int64)."""
    span, R, goal, players = int(span), int(R), int(goal), int(players)
    return span * (players - R) * goal ** R * (R + 1)


def table_floats(model: RollModel | None, goal: int, players: int, cap: int) -> int:
    """Floats the last-round tables hold (``model`` None: adds of up to 6 points)."""
    if model is None:
        model = game("pig")
    return sum(layer_floats(span, R, goal, players)
               for R, span in spans(model, goal, players, cap).items())


def layout(model: RollModel, goal: int, players: int, cap: int) -> np.ndarray:
    """``[R, (offset, span, goal**R, goal**(N-1-R))]`` for the layers ``R = 1 .. N-1``
    (row 0 unused; its offset is the table's length)."""
    rows = np.zeros((players, 4), dtype=np.int64)
    offset = 0
    for R, span in sorted(spans(model, goal, players, cap).items()):
        rows[R] = (offset, span, goal ** R, goal ** (players - 1 - R))
        offset += layer_floats(span, R, goal, players)
    rows[0, OFFSET] = offset
    return rows


@njit(cache=True, nogil=True, inline="always")
def _entry(race, R, L, t, players_index):
    """Flat position of ``E_R(L, t, players)``."""
    span = race.layout[R, SPAN]
    if L - race.goal >= span or L < race.goal:
        raise ValueError("last round: a leader's score past the table (a wrong bound)")
    ties = race.players - R
    return race.layout[R, OFFSET] + (((L - race.goal) * ties + (t - 1)) * race.layout[R, PLAYERS_SIZE]
                                     + players_index) * (R + 1)


@njit(cache=True, nogil=True)
def _after_stop(race, R, L, t, rest, banked, out):
    """``out[0 .. R]``: the value when the mover of layer ``R`` ends its turn with
    ``banked`` (``rest``: the index of the players after it)."""
    table = race.last
    if R == 1:
        if banked < L:
            out[0] = 1.0 / t
            out[1] = 0.0
        elif banked == L:
            out[0] = 1.0 / (t + 1)
            out[1] = out[0]
        else:
            out[0] = 0.0
            out[1] = 1.0
        return
    if banked < L:
        pos = _entry(race, R - 1, L, t, rest)
        out[0] = table[pos]
        out[1] = 0.0
    elif banked == L:
        pos = _entry(race, R - 1, L, t + 1, rest)
        out[0] = table[pos]
        out[1] = table[pos]
    else:
        pos = _entry(race, R - 1, banked, 1, rest)
        out[0] = 0.0
        out[1] = table[pos]
    for c in range(2, R + 1):
        out[c] = table[pos + c - 1]


@njit(cache=True, nogil=True)
def _turn(race, R, L, t, own, rest, vals, hold, roll, other):
    """The last turn of the mover of layer ``R`` from score ``own``: fills
    ``vals[k, 0 .. R]`` backward from the stop, and ``vals[k, N]`` with the action
    (1.0 roll, 0.0 hold; ``vals`` has ``N + 1`` columns)."""
    stop = last_turn_stop(race, R, L)
    top = stop - own
    if race.passes > 0:  # a total that falls reads the previous pass below k: start at 0
        vals[:top, :R + 1] = 0.0
    for _ in range(max(1, race.passes)):
        if _turn_pass(race, R, L, t, own, rest, vals, hold, roll, other, stop, top) <= FALL_ROUNDING:
            break


@njit(cache=True, nogil=True)
def _turn_pass(race, R, L, t, own, rest, vals, hold, roll, other, stop, top):
    """One backward pass of :func:`_turn` over ``k = top-1 .. 0``; a turn total that
    falls (``subtract``) reads ``vals`` below ``k`` as the previous pass left it
    (repeated passes contract by ``rho``: :func:`jeopardy.match.solver.fall_passes`).
    Returns the largest change of the mover's chance."""
    change = 0.0
    for k in range(top - 1, -1, -1):
        _after_stop(race, R, L, t, rest, own + k, hold)
        for c in range(R + 1):
            roll[c] = 0.0
        stay = 0.0
        for e in range(race.kinds.shape[0]):
            p = race.probs[e]
            banked, nk, ended = step(race.kinds[e], race.points[e], own, k)
            if not ended:
                if nk == k:
                    stay += p
                    continue
                if own + nk >= stop:
                    _after_stop(race, R, L, t, rest, own + nk, other)
                    for c in range(R + 1):
                        roll[c] += p * other[c]
                else:
                    for c in range(R + 1):
                        roll[c] += p * vals[nk, c]
                continue
            _after_stop(race, R, L, t, rest, banked, other)
            for c in range(R + 1):
                roll[c] += p * other[c]
        if stay > 0.0:
            for c in range(R + 1):
                roll[c] /= 1.0 - stay
        rolls = roll[1] >= hold[1]
        best = roll if rolls else hold
        change = max(change, abs(best[1] - vals[k, 1]))
        for c in range(R + 1):  # a loop: a slice assignment compiled numba's shape check
            vals[k, c] = best[c]
        vals[k, race.players] = 1.0 if rolls else 0.0
    return change


@njit(cache=True, nogil=True)
def fill(race):
    """Every layer's table, ``R = 1 .. N-1`` (each reads the one below)."""
    n = race.players
    goal = race.goal
    widest = 0
    for R in range(1, n):
        widest = max(widest, max(race.cap, goal + race.layout[R, SPAN]) + 1)
    vals = np.empty((widest + 1, n + 1))
    work = np.empty((3, n))
    # The last player of the round has no cap: its turn depends on how far behind
    # the leader it is (D = L - own) and on t only; one turn per (t, D).
    deficits = np.empty((n, widest + 1, 2))
    # int64, not literals: a call with a literal 0 or 1 compiled _turn (and _turn_pass)
    # once more for each (1.5 to 3.4 s each on a cold cache)
    zero = np.int64(0)
    one = np.int64(1)
    for t in range(1, n):
        for D in range(1, widest + 1):
            _turn(race, one, D, t, zero, zero, vals, work[0], work[1], work[2])
            deficits[t, D, 0] = vals[0, 0]
            deficits[t, D, 1] = vals[0, 1]
    for li in range(race.layout[1, SPAN]):
        L = goal + li
        for t in range(1, n):
            for own in range(goal):
                pos = _entry(race, 1, L, t, own)
                race.last[pos] = deficits[t, L - own, 0]
                race.last[pos + 1] = deficits[t, L - own, 1]
    # Without doubles a roll's result depends on the score plus turn total f alone (a
    # bust or bust-all loses whatever the score), and stopping at turn total 0 loses
    # as stopping at any total below the leader does: the value at (own, k) is the
    # value at total own + k of a turn from score 0, so one turn from 0 gives every own.
    by_total = True
    for e in range(race.kinds.shape[0]):
        kind = race.kinds[e]
        if kind != ADD and kind != BUST and kind != BUST_ALL and kind != BANK:
            by_total = False  # a double (or any other kind): one turn per own score
    for R in range(2, n):
        rests = race.layout[R, PLAYERS_SIZE] // goal
        for li in range(race.layout[R, SPAN]):
            L = goal + li
            for t in range(1, n - R + 1):
                for rest in range(rests):
                    if by_total:
                        _turn(race, R, L, t, zero, rest, vals, work[0], work[1], work[2])
                    for own in range(goal):
                        row = own
                        if not by_total:
                            _turn(race, R, L, t, own, rest, vals, work[0], work[1], work[2])
                            row = 0
                        pos = _entry(race, R, L, t, own * rests + rest)
                        for c in range(R + 1):
                            race.last[pos + c] = vals[row, c]


@njit(cache=True, nogil=True, inline="always")
def stop_slice(race, place, index):
    """``(first, stride, span)``: where the last round's vectors of the players after
    the mover at ``place`` (turn start ``index``) lie in ``race.last``, leader
    alone at ``L = goal + d``: at ``first + d * stride``, for ``d < span``.  A mover
    that wins outright on reaching the goal (first to the goal; the last of the
    round) has ``span`` 0."""
    n = race.players
    if race.equal == 0 or place == n - 1:
        return 0, 0, 0
    R = n - 1 - place
    rest = (index % race.high) // race.layout[R, DIVISOR]
    first = _entry(race, R, race.goal, 1, rest)
    stride = (n - R) * race.layout[R, PLAYERS_SIZE] * (R + 1)
    return first, stride, race.layout[R, SPAN]


@njit(cache=True, nogil=True, inline="always")
def stop_value(race, place, where, banked, out):
    """``out``: the race's value vector (relative to the mover) when the mover at
    ``place`` stops with ``banked >= goal``: it wins outright (first to the goal,
    or the last of the round), or the last round follows for the players after it
    (``where``: the mover's :func:`stop_slice`)."""
    n = race.players
    for m in range(n):
        out[m] = 0.0
    first, stride, span = where
    if span == 0:
        out[0] = 1.0
        return
    d = banked - race.goal
    if d >= span:
        raise ValueError("last round: a leader's score past the table (a wrong bound)")
    pos = first + d * stride
    for c in range(n - place):
        out[c] = race.last[pos + c]


@njit(cache=True, nogil=True)
def last_turn_stop(race, R, L):
    """The score plus turn total at which a last-turn player of layer ``R`` stops
    (ahead of the leader ``L``; past the cap too if players follow it)."""
    return L + 1 if R == 1 else max(race.cap, L + 1)


@njit(cache=True, nogil=True)
def last_turn_actions(race, R, L, t, own, rest, vals, work):
    """The last turn of the layer-``R`` mover from ``own`` as the last round plays it:
    ``vals[k, N]`` 1.0 where it rolls at turn total ``k`` (:func:`_turn`; ``vals``
    of shape ``(stop + 1, N + 1)``, ``work`` ``(3, N)``)."""
    _turn(race, R, L, t, own, rest, vals, work[0], work[1], work[2])


def reach_chances(model: RollModel, size: int) -> np.ndarray:
    """``r[D]``, ``D = 0 .. size-1``: the chance that one turn banks at least ``D``
    more than the player's score.  No way of playing does better than rolling until
    it has: that is solitaire's best chance to reach a goal within one turn
    (:func:`jeopardy.solitaire.kernels.reach_turn` with goal ``size - 1``, from
    score ``size - 1 - D``)."""
    goal = size - 1
    r = np.ones(size)
    if goal < 1:
        return r
    after = np.zeros(goal + 1)
    after[goal] = 1.0  # no turn left: only a score at the goal counts
    values = np.zeros((goal, goal))
    solitaire.reach_turn(model.kernel_rules(goal), after, values,
                         np.zeros((goal, goal), dtype=np.int8))
    r[1:] = values[::-1, 0]  # from score goal - D
    return r
