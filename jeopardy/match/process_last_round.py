"""The last round of the equal-turns ending for a turn process, any number of players.

The rule and the state are :mod:`jeopardy.match.last_round`'s: once a player
banks at least the goal, every player after it in the round plays one last
turn; the highest score wins and tied players share.  A last-round turn start
is ``E_R(L, t, s_1 .. s_R)`` (``R`` players still to play, the first of them
moving; ``L`` the leader's score; ``t`` players tied at it; the scores of those
still to play), its value the vector ``[each leader's share, p_1 .. p_R]``, and
it is stored in that module's layout, so the race reads it with the same
:func:`~jeopardy.match.last_round.stop_value` (:mod:`jeopardy.match.process_kernels`).

Only the last turn is the process's.  The mover plays its turn in turn states
``(f, s)`` (its score plus turn total, state) from ``(own, start)``: a bank
(where the process allows one: a turn total above 0, at least the minimum of
``own``, a state with a bank) ends it with ``f``; a bust, or a state without a
throw where no bank is allowed, ends it with ``own``, below the leader: it has
lost.  What follows a stop is :func:`~jeopardy.match.last_round._after_stop`'s.
The mover maximises its own chance; it banks where banking is worth at least as
much as throwing (the race's rule for turn processes), and of an outcome's
choices it takes the first best.

One table serves every ``own``.  At a total ``f`` from which every ``own``
below ``f`` may bank (``f >= own + least(own)``), the value depends on ``f``
alone: a bank is worth ``_after_stop(f)``, a throw leads to ``f + points``, a
bust loses whatever ``own``.  So each layer's turn start ``(R, L, t, rest)``
sweeps those totals once, from the top down (:func:`_cells`), and each ``own``
adds only its ``least(own)`` totals below that, where it may not bank yet.

Two kinds of process (:func:`plan`):

* **bounded** (a turn collects at most ``M`` points, :func:`most_points`: Fast
  Pig and Hog, Ten Thousand without hot dice).  No cap: a reachable ``(f, s)``
  has ``f`` plus the most ``s`` can still collect at most ``own + M <= goal - 1
  + M``, so the table of every total to ``goal - 1 + M`` holds every total a
  turn reaches and each reachable state reads only reachable ones (a throw past
  it leaves a state no turn reaches, valued as lost and never read).  Each layer
  stores the leaders ``goal .. goal + M - 1``; the race's movers get a table of
  every total they can reach (:func:`race_bounds`).
* **unbounded** (a cycle of choices collects points: Ten Thousand's hot dice,
  Pig as a process).  The solver makes a player who may raise the bar stop once
  its score plus turn total reaches the *cap* (absolute, units): a race mover
  before the end of the round, and a last-turn player with players after it
  (at ``max(cap, L + 1)``); the last player of the round stops once ahead of
  the leader (``L + 1``: a sure win, which no throw beats).  It then *proves*
  that those stops changed nothing, as :mod:`jeopardy.match.solver` does for
  roll models.  Banking at ``f >= cap`` leads alone and loses only if a later
  player ends its last turn at ``f`` or above: one later player at ``s`` does
  so with chance at most ``u(cap - s)`` (the last player's chance from ``cap -
  s`` behind, stored in layer 1, falling in the deficit), several with at most
  the sum of ``reach(cap - s)`` (:func:`reach_chances`: the chance that one turn
  collects that much; no way of playing does better).  A throw from state ``s``
  is worth at most ``b_s v + (1 - b_s)`` (``b_s`` its bust chance; ``v`` the
  mover's value after a bust: the next turn start's, 0 in the last round), so
  with ``b`` the smallest bust chance of a state that may hold points, banking
  is optimal at every total past the cap once ``beaten <= b (1 - v)`` at every
  turn start (:func:`cap_holds`); otherwise the margin grows and the game is
  solved again.  The last round needs no values (``v = 0``) and is checked
  before any solve (:func:`first_cap`).  A process with a state that never
  busts (``b = 0``), with a state without a bank (rule IV.1), a bank that must
  land exactly on the goal or a takeover is refused in one line.

  Sizes: the first finisher stops below the cap and banks at most ``cap - 1 +
  G`` (``G`` the most points of one choice); a layer-``R`` mover stops below
  ``max(cap, L + 1)``, so layer ``R`` meets leaders up to ``bound_R``,
  ``bound_{N-1} = cap - 1 + G``, ``bound_R = max(cap, bound_{R+1} + 1) - 1 + G``
  (:func:`spans`).  The race's movers before the end of the round keep totals
  to ``cap - 1 - own`` (:func:`race_bounds`); a throw past it stops the mover,
  banked (:func:`jeopardy.match.process_kernels.past_cap`).

The mover's turn is at most ``bound_1 + 1`` totals of every state; layer ``R``
holds ``span_R (N - R) goal**R`` vectors of ``R + 1`` floats (:func:`table_floats`).
"""
from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

from jeopardy.errors import JeopardyError
from jeopardy.match.last_round import (OFFSET, PLAYERS_SIZE, SPAN, _after_stop, _entry,
                                       layer_floats)
from jeopardy.rules.turn_process import TurnProcess

# :func:`_cells`' ``own`` for the totals every score may bank from: an int64, not the
# literal -1, for which numba compiled ``_cells`` a second time
EVERY_OWN = np.int64(-1)
# ``race.layout[0, SPAN]`` of an unbounded process: no total is out of reach.
UNBOUNDED = 2 ** 40
# The first cap leaves a margin where banking is proved with this much to spare
# (the proof needs ``beaten <= b (1 - v)``; ``1 - v`` is rarely below it).
FIRST_SLACK = 0.1
MAX_CAP_TRIES = 4

# What a bundle needs of the last round: the race's ending data (``Q``, ``R``,
# ``dstar``: process_solver.Ending), the layers' layout, the cap (units, absolute)
# and the most points of a turn (None: unbounded).
Plan = namedtuple("Plan", "Q R dstar layout cap most")


def most_points(process: TurnProcess) -> int | None:
    """The most points one turn of ``process`` can collect from its start state, or
    None where a cycle of choices collects points (no bound).  Longest paths by
    relaxation: with ``S`` states every longest path has at most ``S - 1`` edges,
    so values still rising after ``S`` rounds mean a cycle with points."""
    size = len(process.states)
    best = [0] * size  # the most points still to collect from each state
    for _ in range(size + 1):
        changed = False
        for state, outcomes in enumerate(process.throws):
            for _, choices in outcomes:
                for points, nxt in choices:
                    if points + best[nxt] > best[state]:
                        best[state] = points + best[nxt]
                        changed = True
        if not changed:
            return best[process.start]
    return None


def above_zero(process: TurnProcess) -> np.ndarray:
    """1 for the states that can hold a turn total above 0: entered by a choice with
    points, or by a 0-point choice from such a state (the others: at 0 only)."""
    size = len(process.states)
    above = np.zeros(size, dtype=np.int8)
    for _ in range(size):
        for state, outcomes in enumerate(process.throws):
            for _, choices in outcomes:
                for points, nxt in choices:
                    if points > 0 or above[state]:
                        above[nxt] = 1
    return above


def smallest_bust(process: TurnProcess) -> float:
    """``b``: the smallest bust chance of a state with a throw that can hold a total
    above 0 (a throw past the cap happens only there)."""
    above = above_zero(process)
    arrays = process.arrays()
    chances = [float(arrays.bust[s]) for s in range(len(process.states))
               if above[s] and not process.ends(s)]
    return min(chances) if chances else 1.0


def require_bounded(process: TurnProcess, players: int) -> int | None:
    """``M`` (:func:`most_points`; None: unbounded, solved with a proved cap), or a
    one-line refusal of a process whose last round this module cannot bound or
    whose rules it does not play."""
    what = f"{process.name}: the equal-turns ending for {players} players"
    if process.exact_goal:
        raise JeopardyError(f"{what} is not solved with a bank that must land exactly on "
                            f"the goal")
    if process.takeover:
        raise JeopardyError(f"{process.name}: taking the previous player's position over is "
                            f"solved for two players")
    most = most_points(process)
    if most is not None and most < 1:
        raise JeopardyError(f"{process.name}: no turn can score")
    if most is not None:
        if max(process.minimum, process.high_minimum or 0) > most:
            raise JeopardyError(f"{what} is not solved with a minimum bank above the most one "
                                f"turn collects ({most})")
        return most
    if not all(process.bankable):
        raise JeopardyError(f"{what} is not solved where a turn can collect points without "
                            f"end and some state may not bank (the cap's proof needs a bank "
                            f"at every total past it)")
    if smallest_bust(process) <= 0.0:
        raise JeopardyError(f"{what} cannot be bounded: a turn can collect points without "
                            f"end and some state's throw never busts, so no total is proved "
                            f"safe to bank")
    return None


def spans(goal: int, players: int, cap: int, gain: int, most: int | None) -> dict[int, int]:
    """Leader scores stored in layer ``R`` (module docstring, Sizes)."""
    if most is not None:
        return {R: most for R in range(1, players)}
    out = {}
    bound = cap - 1 + gain
    for R in range(players - 1, 0, -1):
        out[R] = bound - goal + 1
        bound = max(cap, bound + 1) - 1 + gain
    return out


def layout(goal: int, players: int, widths: dict[int, int], most: int | None = None) -> np.ndarray:
    """``[R, (offset, span, goal**R, goal**(N-1-R))]`` of the layers ``R = 1 .. N-1``
    (:func:`jeopardy.match.last_round.layout`'s rows; ``widths``: :func:`spans`); row 0
    holds the table's length and the most points of a turn (:data:`UNBOUNDED`: none)."""
    rows = np.zeros((players, 4), dtype=np.int64)
    offset = 0
    for R in range(1, players):
        rows[R] = (offset, widths[R], goal ** R, goal ** (players - 1 - R))
        offset += layer_floats(widths[R], R, goal, players)
    rows[0, OFFSET] = offset
    rows[0, SPAN] = UNBOUNDED if most is None else most
    return rows


def table_floats(goal: int, players: int, most: int, cap: int | None = None,
                 gain: int = 0) -> int:
    """Floats the last-round tables hold (``cap`` and ``gain``: an unbounded process).
    Counted in Python integers, as :func:`layout` lays them out: a size estimate must not
    overflow int64 where the tables it refuses would (10-player Hog to 100)."""
    if cap is None:
        widths = spans(goal, players, goal + most, gain, most)
    else:
        widths = spans(goal, players, cap, gain, None)
    return sum(layer_floats(widths[R], R, goal, players) for R in range(1, players))


def race_bounds(goal: int, top_total: int) -> np.ndarray:
    """``dstar[j]`` that makes the table of a race mover before the end of the round reach
    the score plus turn total ``top_total`` (:func:`jeopardy.match.process_kernels.turn_top`:
    ``top >= dstar[j] + j - own``): bounded, ``goal - 1 + M``, every total its turn can
    reach; unbounded, ``cap - 1``."""
    return (top_total - np.arange(goal)).astype(np.int64)


@njit(cache=True, nogil=True)
def _reach(size, start, pattern_offsets, probs, offsets, points, nexts, ends, lock, done):
    """``h[D]``: the best chance that one turn from ``start`` collects at least ``D``
    and can bank there (a choice of 0 points leads to an earlier state, solved first at
    the same ``D``; in the state without a bank, ``lock``, the chance ``done`` of
    throwing on until the dice leave it)."""
    states = ends.shape[0]
    h = np.ones((size, states))
    if lock >= 0:
        h[0, lock] = done
    for D in range(1, size):
        for s in range(states):
            if ends[s]:
                h[D, s] = 0.0
                continue
            total = 0.0
            for e in range(pattern_offsets[s], pattern_offsets[s + 1]):
                best = 0.0
                for c in range(offsets[e], offsets[e + 1]):
                    rest = D - points[c]
                    v = h[rest if rest > 0 else 0, nexts[c]]
                    if v > best:
                        best = v
                total += probs[e] * best
            h[D, s] = total
    return h[:, start].copy()


def reach_chances(process: TurnProcess, size: int) -> np.ndarray:
    """``reach[D]``, ``D = 0 .. size - 1``: the best chance that one turn collects at
    least ``D`` points in a state with a bank (an upper bound of any play's chance to end
    ``D`` or more ahead: the minimum bank is not asked; a play that throws until it has
    ``D`` and then banks, where the minimum allows, gets it).  A state without a bank
    (:meth:`~jeopardy.rules.turn_process.TurnProcess.lock`) is left with chance
    ``leave / (1 - stay)``: a geometric sum of the throws that keep it."""
    arrays = process.arrays()
    ends = np.array([process.ends(s) for s in range(len(process.states))], dtype=np.bool_)
    lock, stay, leave = process.lock()
    done = leave / (1.0 - stay) if lock >= 0 else 1.0
    return _reach(int(size), int(process.start), arrays.pattern_offsets, arrays.pattern_probs,
                  arrays.choice_offsets, arrays.choice_points, arrays.choice_nexts, ends,
                  np.int64(lock), float(done))


def _least_most(process: TurnProcess) -> int:
    return max(process.minimum, process.high_minimum or 0, 1)


def _first_cap(goal: int, players: int, reach: np.ndarray, bound: float, start: int,
               least: int) -> int | None:
    """The least cap from ``start`` (at least ``goal + least``) where ``players - 1``
    later players at ``goal - 1`` reach it with chance at most ``bound`` in all, or None
    past ``reach``'s end."""
    start = max(start, goal + least)
    margins = np.arange(start - goal + 1, reach.shape[0])
    good = np.flatnonzero((players - 1) * reach[margins] <= bound - 1e-15)
    return None if len(good) == 0 else int(margins[good[0]]) + goal - 1


def first_cap(process: TurnProcess, goal: int, players: int, start: int = 0,
              slack: float | None = None) -> int:
    """The least cap from ``start`` where the conditions of the cap's proof that need no
    values hold (module docstring: every later player at its worst, ``goal - 1``; the
    mover's value after a bust at its least, 0) with ``slack`` times the smallest bust
    chance to spare (None: :data:`FIRST_SLACK`, the first cap tried)."""
    bound = smallest_bust(process) * (FIRST_SLACK if slack is None else slack)
    size = 2 * max(goal, start) + 64
    while True:
        cap = _first_cap(goal, players, reach_chances(process, size), bound, start,
                         _least_most(process))
        if cap is not None:
            return cap
        if size > 2 ** 20:
            raise JeopardyError(f"{process.name}: the equal-turns ending for {players} players "
                                f"cannot be bounded (no cap up to {size} units is proved)")
        size *= 2


def plan(process: TurnProcess, goal: int, players: int, cap_scale: int = 1,
         cap: int | None = None) -> Plan:
    """The last round's :class:`Plan` for a bundle: bounded, ``M`` times ``cap_scale``
    (the tests double it); unbounded, the ``cap`` given or :func:`first_cap`."""
    most = require_bounded(process, players)
    if most is not None:
        most *= cap_scale
        cap = goal + most
        widths = spans(goal, players, cap, 0, most)
        return Plan(np.zeros((2, 1)), np.zeros((2, 1)), race_bounds(goal, goal - 1 + most),
                    layout(goal, players, widths, most), cap, most)
    if cap is None:
        cap = first_cap(process, goal, players)
    if cap < goal + _least_most(process):
        raise JeopardyError(f"cap must be at least the goal plus the largest minimum bank "
                            f"({goal + _least_most(process)}); got {cap}")
    widths = spans(goal, players, cap, process.max_points, None)
    return Plan(np.zeros((2, 1)), np.zeros((2, 1)), race_bounds(goal, cap - 1),
                layout(goal, players, widths), cap, None)


def last_chance(race, scores: np.ndarray) -> np.ndarray:
    """``u(cap - s)`` for every ``s`` of ``scores``: the last player's chance from ``cap -
    s`` behind, alone at the leader (layer 1's table at ``L = cap``)."""
    goal, n, cap = int(race.goal), int(race.players), int(race.cap)
    rows = race.layout[1]
    at = rows[OFFSET] + ((cap - goal) * (n - 1) * goal + scores) * 2 + 1
    return race.last[at]


def cap_holds(process: TurnProcess, race, W: np.ndarray) -> tuple[bool, float]:
    """The cap's proof over the solved values ``W`` (module docstring): ``(holds, the
    least 1 - v over the turn starts)``, ``v`` the mover's value after a bust."""
    goal, n, cap = int(race.goal), int(race.players), int(race.cap)
    b = smallest_bust(process)
    reach = reach_chances(process, cap + 1)
    size = goal ** n
    index = np.arange(size)
    scores = np.stack([(index // goal ** (n - 1 - m)) % goal for m in range(n)])
    others = (index % goal ** (n - 1)) * goal  # the next turn start, the mover's score 0
    # the last round: a layer-R mover with R - 1 later players at their worst
    for later in range(1, n - 1):
        worst = last_chance(race, np.array([goal - 1]))[0] if later == 1 else \
            later * reach[cap - goal + 1]
        if worst > b - 1e-15:
            return False, 0.0
    least = 1.0
    holds = True
    for place in range(n - 1):
        later = n - 1 - place
        if later == 1:
            beaten = last_chance(race, scores[1])
        else:
            beaten = reach[cap - scores[1:later + 1]].sum(axis=0)
        after = W[place + 1, others + scores[0], n - 1]  # the mover's value after a bust
        least = min(least, float(np.min(1.0 - after)))
        if np.any(beaten > b * (1.0 - after) - 1e-15):
            holds = False
    return holds, least


def next_cap(process: TurnProcess, goal: int, players: int, cap: int, least: float) -> int:
    """The cap after ``cap`` whose proof failed: where :func:`first_cap`'s conditions hold with half
    the smallest ``1 - v`` that proof met to spare, the margin at least doubled."""
    found = first_cap(process, goal, players, cap + 1, max(least, 1e-300) / 2)
    return max(found, goal + 2 * (cap - goal))


@njit(cache=True, nogil=True)
def fill(race):
    """Every layer's table into ``race.last``, ``R = 1 .. N-1`` (each reads the one
    below); ``race.process`` the process bundle (:data:`~jeopardy.match.process_kernels.Process`)."""
    n = race.players
    goal = race.goal
    rows = last_turn_rows(race)
    vals = np.empty((rows, race.process.states, n))
    below = np.empty((rows, race.process.states, n))
    work = np.empty((4, n))
    start = race.process.start
    lowest = goal  # the lowest total some score may bank
    for own in range(goal):
        lowest = min(lowest, own + _least(race, own))
    for R in range(1, n):
        rests = race.layout[R, PLAYERS_SIZE] // goal
        for li in range(race.layout[R, SPAN]):
            L = goal + li
            for t in range(1, n - R + 1):
                for rest in range(rests):
                    _cells(race, R, L, t, rest, EVERY_OWN, lowest, vals, below, work)
                    for own in range(goal):
                        _cells(race, R, L, t, rest, own, own, vals, below, work)
                        pos = _entry(race, R, L, t, own * rests + rest)
                        for c in range(R + 1):
                            race.last[pos + c] = below[0, start, c]


@njit(cache=True, nogil=True)
def last_turn_rows(race):
    """Rows of the tables a last turn needs: every total below the highest stop."""
    goal = race.goal
    most = race.layout[0, SPAN]
    if most < UNBOUNDED:
        return goal + most + 1
    return max(race.cap, goal + race.layout[1, SPAN]) + 2


@njit(cache=True, nogil=True, inline="always")
def _least(race, own):
    """The least turn total a player at ``own`` may bank (at least 1)."""
    process = race.process
    least = process.min_high if own > process.high_score else process.min_low
    return max(least, 1)


@njit(cache=True, nogil=True, inline="always")
def _stop(race, R, L):
    """The score plus turn total at which a layer-``R`` mover banks (where it may): ahead
    of the leader for the last player, past the cap too for one with players after it;
    none for a bounded process (every total it reaches is in the table)."""
    if race.layout[0, SPAN] < UNBOUNDED:
        return race.goal + race.layout[0, SPAN]
    return L + 1 if R == 1 else max(race.cap, L + 1)


@njit(cache=True, nogil=True)
def _cells(race, R, L, t, rest, own, lowest, vals, below, work):
    """The last turn of the layer-``R`` mover (module docstring), totals from the top down.

    ``own < 0``: the totals ``f >= lowest`` where banking is allowed, shared by every
    score, into ``vals[f]``.  ``own >= 0``: the totals ``own .. own + least(own) - 1``
    of a mover at ``own``, where it may not bank yet, into ``below[f - own]`` (reading
    ``vals`` above them).  ``work``: scratch of shape ``(4, N)``."""
    process = race.process
    states = process.states
    bankable = process.bankable
    above_zero = process.above_zero
    bust = process.bust
    probs = process.pattern_probs
    pattern_offsets = process.pattern_offsets
    offsets = process.choice_offsets
    points = process.choice_points
    nexts = process.choice_nexts
    most = race.layout[0, SPAN]
    reachable = race.goal - 1 + most  # the highest total a bounded process reaches
    stop = _stop(race, R, L)
    lost = work[0]
    hold = work[1]
    throw = work[2]
    other = work[3]
    if own < 0:
        split = lowest
        low = lowest
        high = min(stop, reachable + 1)
        out, shift = vals, 0  # where the totals' values go: out[f - shift]
    else:
        split = own + _least(race, own)
        low = own
        high = split
        out, shift = below, own
    _after_stop(race, R, L, t, rest, np.int64(0), lost)  # below the goal: lost
    for f in range(high - 1, low - 1, -1):
        allowed = f >= split
        if allowed:
            _after_stop(race, R, L, t, rest, f, hold)
        for s in range(states):
            if f > low and above_zero[s] == 0:
                continue
            may_bank = allowed and bankable[s] >= 1
            if bankable[s] == 2:  # no throw: bank where allowed, else the total is lost
                for c in range(R + 1):
                    out[f - shift, s, c] = hold[c] if may_bank else lost[c]
                continue
            for c in range(R + 1):
                throw[c] = bust[s] * lost[c]
            for e in range(pattern_offsets[s], pattern_offsets[s + 1]):
                chosen = -1
                best = -1.0
                for choice in range(offsets[e], offsets[e + 1]):
                    u = f + points[choice]
                    nxt = nexts[choice]
                    if u > reachable:  # no turn reaches it: never read
                        continue
                    if u >= stop and u >= split:
                        _after_stop(race, R, L, t, rest, u, other)
                        v = other[1]
                    elif u >= split:
                        v = vals[u, nxt, 1]
                    else:
                        v = below[u - own, nxt, 1]
                    if v > best:
                        best = v
                        chosen = choice
                if chosen < 0:  # past every reachable total: nothing reads it
                    for c in range(R + 1):
                        throw[c] += probs[e] * lost[c]
                    continue
                u = f + points[chosen]
                nxt = nexts[chosen]
                if u >= stop and u >= split:
                    _after_stop(race, R, L, t, rest, u, other)
                    for c in range(R + 1):
                        throw[c] += probs[e] * other[c]
                elif u >= split:
                    for c in range(R + 1):
                        throw[c] += probs[e] * vals[u, nxt, c]
                else:
                    for c in range(R + 1):
                        throw[c] += probs[e] * below[u - own, nxt, c]
            banks = may_bank and hold[1] >= throw[1]
            for c in range(R + 1):
                out[f - shift, s, c] = hold[c] if banks else throw[c]


@njit(cache=True, nogil=True)
def last_turn(race, R, L, t, own, rest, vals, work):
    """The last turn of the layer-``R`` mover from ``own`` (module docstring):
    ``vals[k, s, 0 .. R]`` for the turn totals ``k`` that fit in ``vals`` (at least
    ``k = 0``); ``work`` of shape ``(4, N)``."""
    rows = last_turn_rows(race)
    shared = np.empty((rows, race.process.states, race.players))
    low = np.empty((rows, race.process.states, race.players))
    split = own + _least(race, own)
    _cells(race, R, L, t, rest, EVERY_OWN, split, shared, low, work)
    _cells(race, R, L, t, rest, own, own, shared, low, work)
    high = min(_stop(race, R, L), race.goal + race.layout[0, SPAN])
    for k in range(min(vals.shape[0], high - own)):
        for s in range(race.process.states):
            for c in range(R + 1):
                vals[k, s, c] = low[k, s, c] if own + k < split else shared[own + k, s, c]
