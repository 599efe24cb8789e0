"""An independent check that an N-player first-to-goal profile is an equilibrium.

A test oracle, written from the rules text alone; it shares no equations with
:mod:`jeopardy.match` (its kernels, sweeps and class maps are not used).

The game.  ``N`` players take turns, in a fixed order.  On its turn the mover
rolls as often as it likes.  Each roll of a :class:`~jeopardy.rules.roll_model.RollModel`
has an effect on the *turn total* ``k`` (0 at the start of the turn):

* ``add n`` (``n > 0``): ``k`` grows by ``n``; the turn goes on;
* ``bust``: ``k`` is lost and the turn passes to the next player;
* ``bust_all``: ``k`` and the mover's banked score are lost (its score becomes
  0) and the turn passes.

Instead of rolling the mover may hold: ``k`` is added to its score and the
turn passes (holding at ``k = 0`` passes the turn with nothing added).  The
first player whose score reaches the goal wins: a mover stops as soon as its
score plus ``k`` reaches the goal (it has won).  Other effects are refused.

States.  A turn start is the tuple of the ``N`` scores, each below the goal,
*seen from the mover*: ``s[0]`` the mover's, ``s[1]`` the next player's, ...
``s[N-1]`` the last's, stored at the flat index ``sum s[c] * goal**(N-1-c)``
(the layout of :class:`jeopardy.match.solver.MatchSolution`'s ``values[0]``).
``V[index, m]`` is the chance that player ``m`` (counted from the mover) wins.
When the mover's turn ends with score ``b`` the next turn start is
``(s[1], ..., s[N-1], b)``, whose mover is our player 1: our player ``m`` is
its player ``m - 1`` (our mover its player ``N - 1``).

The profile.  At the turn starts of ``mixes`` (``{(0, index): table}``, the
solver's ``mixes``) the mover rolls at turn total ``k`` with chance
``table[k]`` where that is ``>= 0``.  Everywhere else it plays a best
response: it rolls if rolling gives it at least the chance of holding, less
``TIE`` (rolling on ties), on some values ``guide``: either the solver's
(the profile is then fixed: "the solver's mixes, its best responses", and
its values are unique) or *the values being computed* (a fixed point of the
game's own operator, which need not be the solver's where equilibria are not
unique: at 3-player Pig to 62 and 100 it is another one).

:func:`evaluate` computes the profile's values by plain iteration.  Within a
turn, the values at turn total ``k`` depend only on higher totals and on other
turn starts (a roll only raises ``k``): one backward pass over ``k`` per turn.
A hold raises the score sum; a bust keeps it and rotates the scores, so the
turn starts of one score sum fall into *rotation classes*
``{s, Rs, R^2 s, ...}`` (``R s = (s[1], ..., s[N-1], s[0])``; the class has the
period ``p <= N`` after which the scores repeat).  Score sums are taken from
the top down; each class is iterated (Gauss-Seidel around its cycle) until no
value moves by more than ``tol``, at most ``max_rounds`` rounds (a class that
does not settle is counted).  A ``bust_all`` leads to a *lower* score sum: then
the whole descent is repeated until no value moves by more than ``tol`` (at
most ``max_sweeps`` descents); without it one descent is exact.

:func:`deviations` then applies one turn more at every turn start with the values
found: the largest change is the profile's Bellman residual, and at every
turn total the *one-shot deviation gain* of the mover, ``max(roll, hold)``
minus the profile's value (what switching that one decision to the better
pure action gains while everything else follows the profile), whose largest
value over every turn start and turn total (every player is the mover of the
turn starts seen from it) is reported with where it is.

:func:`reach` propagates the chance of every turn start forward from
``(0, ..., 0)`` under the profile: score sums from the bottom up, each rotation
class's cycle of busts solved, then the banked totals carried to higher sums.
:func:`simulate` plays games out under the profile (a check of :func:`reach`).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from jeopardy.rules.effects import Kind

TIE = 1e-15  # the mover rolls when rolling is worse than holding by no more than this
NEAR = 1e-12  # a best response decided by less than this is counted (a near tie)
ADD, BUST, BUST_ALL = int(Kind.ADD), int(Kind.BUST), int(Kind.BUST_ALL)


class Unsupported(ValueError):
    """A game or profile this oracle does not model."""


# -------------------------------------------------------------------- inputs
def model_arrays(model) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The roll model as (kind codes, points, probabilities); add n > 0, bust and
    bust_all only."""
    kinds, points, probs = [], [], []
    for effect, probability in model.outcomes:
        kind = Kind(effect.kind)
        if kind not in (Kind.ADD, Kind.BUST, Kind.BUST_ALL) or (kind == Kind.ADD and effect.points <= 0):
            raise Unsupported(f"equilibrium oracle: effect '{effect}' of {model.name} is not "
                              "modelled (add n > 0, bust, bust_all only)")
        kinds.append(int(kind))
        points.append(int(effect.points) if kind == Kind.ADD else 0)
        probs.append(float(probability))
    return (np.array(kinds, dtype=np.int64), np.array(points, dtype=np.int64),
            np.array(probs, dtype=np.float64))


def mix_arrays(mixes: dict, goal: int, players: int) -> tuple[np.ndarray, np.ndarray]:
    """``row[index]`` (-1: no table) and ``tables[row, k]`` (-1: best response)."""
    row = np.full(goal ** players, -1, dtype=np.int64)
    tables = np.full((max(1, len(mixes)), goal), -1.0)
    for r, ((place, index), table) in enumerate(sorted(mixes.items())):
        if place != 0:
            raise Unsupported(f"equilibrium oracle: a mix at place {place} (first-to-goal has "
                              "place 0 only)")
        table = np.asarray(table, dtype=np.float64)
        width = min(goal, table.shape[0])
        tables[r, :width] = table[:width]
        row[index] = r
    return row, tables


def scores_of(index: int, goal: int, players: int) -> tuple[int, ...]:
    """The scores (mover first) of a flat index."""
    scores = []
    for _ in range(players):
        scores.append(index % goal)
        index //= goal
    return tuple(reversed(scores))


def index_of(scores, goal: int) -> int:
    index = 0
    for s in scores:
        index = index * goal + s
    return index


# ------------------------------------------------------------------- kernels
@njit(cache=True)
def _seen_by_mover(values, following, players, out):
    """``out[m]``: our player m's chance at the next turn start ``following``
    (whose mover is our player 1)."""
    out[0] = values[following, players - 1]
    for m in range(1, players):
        out[m] = values[following, m - 1]


@njit(cache=True)
def _turn(values, guide, index, goal, players, kinds, points, probs, mix, column, guided,
          chances, hold, roll, bust, bust_all):
    """The mover's turn at ``index`` under the profile, backwards over ``k``.

    Where ``mix`` (the turn start's table, or an empty array) gives no chance,
    the mover plays its best response *on the values* ``guide`` (``values``
    itself, or fixed ones): ``guided[k]`` is the mover's chance on ``guide``.
    Fills ``column[k, m]`` (player m's chance at turn total k, on ``values``)
    and ``chances[k]`` (the mover's chance of rolling) for ``k < top``,
    ``top = goal - s[0]``; returns ``(top, the largest one-shot gain of the
    mover on values, its k, the number of best responses decided by less than
    NEAR on guide)``."""
    high = goal ** (players - 1)
    own = index // high
    rest = (index % high) * goal  # the index of (s[1], ..., s[N-1], 0)
    top = goal - own
    gain, where, near = 0.0, -1, 0
    # a bust passes the turn with the scores as they are; a bust_all with the mover's at 0
    _seen_by_mover(values, rest + own, players, bust)
    _seen_by_mover(values, rest, players, bust_all)
    guide_bust, guide_bust_all = guide[rest + own, players - 1], guide[rest, players - 1]
    for k in range(top - 1, -1, -1):
        _seen_by_mover(values, rest + own + k, players, hold)  # bank k; k = 0 passes
        guide_hold = guide[rest + own + k, players - 1]
        guide_roll = 0.0
        for m in range(players):
            roll[m] = 0.0
        for e in range(kinds.shape[0]):
            p = probs[e]
            if kinds[e] == ADD:
                if k + points[e] >= top:  # the mover reaches the goal: it wins
                    roll[0] += p
                    guide_roll += p
                else:
                    for m in range(players):
                        roll[m] += p * column[k + points[e], m]
                    guide_roll += p * guided[k + points[e]]
            elif kinds[e] == BUST:
                for m in range(players):
                    roll[m] += p * bust[m]
                guide_roll += p * guide_bust
            else:  # BUST_ALL
                for m in range(players):
                    roll[m] += p * bust_all[m]
                guide_roll += p * guide_bust_all
        if mix.shape[0] > k and mix[k] >= 0.0:
            w = mix[k]
        else:
            w = 1.0 if guide_roll >= guide_hold - TIE else 0.0
            if abs(guide_roll - guide_hold) <= NEAR:
                near += 1
        for m in range(players):
            column[k, m] = w * roll[m] + (1.0 - w) * hold[m]
        guided[k] = w * guide_roll + (1.0 - w) * guide_hold
        chances[k] = w
        deviation = max(roll[0], hold[0]) - column[k, 0]
        if deviation > gain:
            gain, where = deviation, k
    return top, gain, where, near


@njit(cache=True)
def _rotated(index, goal, high):
    """The index of ``R s``: the mover's score moved to the back."""
    return (index % high) * goal + index // high


@njit(cache=True)
def _by_sum(goal, players):
    """Flat indices sorted by score sum, and where each sum starts."""
    size = goal ** players
    sums = np.zeros(size, dtype=np.int64)
    for index in range(size):
        rest, total = index, 0
        for _ in range(players):
            total += rest % goal
            rest //= goal
        sums[index] = total
    top = players * (goal - 1)
    starts = np.zeros(top + 2, dtype=np.int64)
    for index in range(size):
        starts[sums[index] + 1] += 1
    for s in range(top + 1):
        starts[s + 1] += starts[s]
    order = np.empty(size, dtype=np.int64)
    fill = starts[:-1].copy()
    for index in range(size):
        order[fill[sums[index]]] = index
        fill[sums[index]] += 1
    return order, starts


@njit(cache=True)
def _cycle(index, goal, players, members):
    """``members[:p]`` = ``s, Rs, ..., R^(p-1) s``; returns the period ``p``, or 0
    if ``index`` is not the class's smallest index (its class is done elsewhere)."""
    high = goal ** (players - 1)
    p = 0
    current = index
    while True:
        if current < index:
            return 0
        members[p] = current
        p += 1
        current = _rotated(current, goal, high)
        if current == index:
            return p


@njit(cache=True)
def _evaluate(goal, players, kinds, points, probs, row, tables, guide, own, below, tol,
              max_rounds, max_sweeps):
    """The profile's values; best responses on ``guide``, or on the values found if
    ``own``.  Score sums from ``below`` down (the values above are ``guide``'s)."""
    size = goal ** players
    values = np.zeros((size, players))
    if below < players * (goal - 1):
        values[:, :] = guide
    before = np.zeros((size, players))
    column = np.zeros((goal + 1, players))
    guided = np.zeros(goal + 1)
    chances = np.zeros(goal + 1)
    hold, roll = np.zeros(players), np.zeros(players)
    bust, bust_all = np.zeros(players), np.zeros(players)
    members = np.zeros(players, dtype=np.int64)
    empty = np.zeros(0)
    order, starts = _by_sum(goal, players)
    falls = False
    for e in range(kinds.shape[0]):
        falls = falls or kinds[e] == BUST_ALL
    sweeps, rounds_most, unsettled, sweep_change = 0, 0, 0, 0.0
    for _ in range(max_sweeps):
        sweeps += 1
        unsettled = 0
        before[:, :] = values
        for total in range(below, -1, -1):
            for position in range(starts[total], starts[total + 1]):
                p = _cycle(order[position], goal, players, members)
                if p == 0:
                    continue
                settled = False
                rounds = 0
                while rounds < max_rounds:
                    rounds += 1
                    change = 0.0
                    # s, R^(p-1) s, ..., R s: each member's bust target R s is fresh
                    for step in range(p):
                        member = members[(p - step) % p]
                        mix = tables[row[member]] if row[member] >= 0 else empty
                        _turn(values, values if own else guide, member, goal, players, kinds,
                              points, probs, mix, column, guided, chances, hold, roll, bust, bust_all)
                        for m in range(players):
                            change = max(change, abs(column[0, m] - values[member, m]))
                            values[member, m] = column[0, m]
                    if change <= tol:
                        settled = True
                        break
                rounds_most = max(rounds_most, rounds)
                if not settled:
                    unsettled += 1
        sweep_change = np.max(np.abs(values - before))
        if not falls or sweep_change <= tol:
            break
    return values, sweeps, rounds_most, unsettled, sweep_change


@njit(cache=True)
def _deviations(values, guide, goal, players, kinds, points, probs, row, tables):
    """One turn more at every turn start (best responses on ``guide``): the largest
    change of a value and its index, the largest one-shot gain on ``values``, its
    index and turn total, and the count of near ties on ``guide``."""
    size = goal ** players
    column = np.zeros((goal + 1, players))
    guided = np.zeros(goal + 1)
    chances = np.zeros(goal + 1)
    hold, roll = np.zeros(players), np.zeros(players)
    bust, bust_all = np.zeros(players), np.zeros(players)
    empty = np.zeros(0)
    residual, residual_at, gain, gain_at, gain_k, ties = 0.0, 0, 0.0, -1, -1, 0
    for index in range(size):
        mix = tables[row[index]] if row[index] >= 0 else empty
        top, g, k, near = _turn(values, guide, index, goal, players, kinds, points, probs, mix,
                                column, guided, chances, hold, roll, bust, bust_all)
        ties += near
        for m in range(players):
            change = abs(column[0, m] - values[index, m])
            if change > residual:
                residual, residual_at = change, index
        if g > gain:
            gain, gain_at, gain_k = g, index, k
    return residual, residual_at, gain, gain_at, gain_k, ties


@njit(cache=True)
def _reach(values, goal, players, kinds, points, probs, row, tables):
    """``visits[index]``: the expected number of times play is at the turn start,
    from ``(0, ..., 0)``; ``first[index]``: the chance that play reaches it before
    any turn start with a mix table (absorbed there); ``back[index]``: the chance
    that play, at the turn start, comes back to it (every mover of its class
    banks nothing, once round the class's period); ``inside[index]``: the chance
    that a turn from the turn start reaches a turn total where its table mixes
    (a chance strictly between 0 and 1).  Best responses on ``values``."""
    size = goal ** players
    high = goal ** (players - 1)
    visits = np.zeros(size)
    first = np.zeros(size)
    back = np.zeros(size)
    inside = np.zeros(size)
    visits[0] = 1.0
    first[0] = 1.0
    column = np.zeros((goal + 1, players))
    guided = np.zeros(goal + 1)
    chances = np.zeros(goal + 1)
    hold, roll = np.zeros(players), np.zeros(players)
    bust, bust_all = np.zeros(players), np.zeros(players)
    members = np.zeros(players, dtype=np.int64)
    banks = np.zeros((players, goal + 1))  # per member: chance of ending the turn banking t
    at = np.zeros(goal + 1)
    inflow = np.zeros(players)
    inflow_first = np.zeros(players)
    empty = np.zeros(0)
    order, starts = _by_sum(goal, players)
    for total in range(0, players * (goal - 1) + 1):
        for position in range(starts[total], starts[total + 1]):
            p = _cycle(order[position], goal, players, members)
            if p == 0:
                continue
            for c in range(p):
                member = members[c]
                mix = tables[row[member]] if row[member] >= 0 else empty
                top, g, k, near = _turn(values, values, member, goal, players, kinds, points,
                                        probs, mix, column, guided, chances, hold, roll, bust, bust_all)
                at[:] = 0.0
                banks[c, :] = 0.0
                at[0] = 1.0
                for k in range(top):  # forward over the turn total
                    if at[k] == 0.0:
                        continue
                    w = chances[k]
                    if row[member] >= 0 and 0.0 < w < 1.0:
                        inside[member] += at[k]
                    banks[c, k] += at[k] * (1.0 - w)
                    for e in range(kinds.shape[0]):
                        if kinds[e] == ADD:
                            if k + points[e] < top:
                                at[k + points[e]] += at[k] * w * probs[e]
                        else:  # BUST (bust_all is refused before)
                            banks[c, 0] += at[k] * w * probs[e]
            # the cycle: member c banking nothing leads to member c + 1
            ring = 1.0
            for c in range(p):
                ring *= banks[c, 0]
            for c in range(p):
                back[members[c]] = ring
                inflow[c] = visits[members[c]]
                inflow_first[c] = first[members[c]]
            for _ in range(100000):
                change = 0.0
                for c in range(p):
                    prior = (c - 1) % p
                    x = inflow[c] + banks[prior, 0] * visits[members[prior]]
                    change = max(change, abs(x - visits[members[c]]))
                    visits[members[c]] = x
                    carried = 0.0
                    if row[members[prior]] < 0:  # a turn start with a table absorbs
                        carried = banks[prior, 0] * first[members[prior]]
                    y = inflow_first[c] + carried
                    change = max(change, abs(y - first[members[c]]))
                    first[members[c]] = y
                if change <= 1e-18:
                    break
            for c in range(p):
                member = members[c]
                own = member // high
                rest = (member % high) * goal
                for t in range(1, goal - own):
                    if banks[c, t] > 0.0:
                        visits[rest + own + t] += visits[member] * banks[c, t]
                        if row[member] < 0:
                            first[rest + own + t] += first[member] * banks[c, t]
    return visits, first, back, inside


# -------------------------------------------------------------------- front
@dataclass(frozen=True)
class Evaluation:
    """The profile's values found by :func:`evaluate` and how far they settled."""

    goal: int
    players: int
    values: np.ndarray = field(repr=False)  # [index, m]
    sweeps: int  # descents over the score sums (1 without bust_all)
    rounds: int  # the most rounds a rotation class took
    unsettled: int  # classes still moving by more than tol after max_rounds
    last_change: float  # the largest change of the last descent (bust_all)
    seconds: float

    def __repr__(self) -> str:
        return (f"Evaluation({self.players} players to {self.goal}: {self.sweeps} sweeps, "
                f"<= {self.rounds} rounds a class, {self.unsettled} unsettled, "
                f"{self.seconds:.1f} s)")


def evaluate(model, goal: int, players: int, mixes: dict, guide: np.ndarray | None = None,
             below: int | None = None, tol: float = 1e-15, max_rounds: int = 10_000,
             max_sweeps: int = 10_000) -> Evaluation:
    """The values of the profile "roll with ``mixes``' chances where they are given,
    best response elsewhere", the best responses taken on ``guide`` (values
    ``[index, m]``, e.g. the solver's) or, if None, on the values being found.

    ``below``: evaluate only the turn starts whose score sum is at most this,
    taking ``guide``'s values above it (a change to the profile at that sum
    moves nothing above it); default: every turn start."""
    kinds, points, probs = model_arrays(model)
    row, tables = mix_arrays(mixes, goal, players)
    own = guide is None
    guide = np.zeros((1, players)) if own else np.ascontiguousarray(guide, dtype=np.float64)
    everything = players * (goal - 1)
    below = everything if below is None else below
    if below < everything and (own or np.any(kinds == BUST_ALL)):
        raise Unsupported("equilibrium oracle: 'below' needs a guide and scores that never fall")
    started = time.perf_counter()
    values, sweeps, rounds, unsettled, change = _evaluate(
        goal, players, kinds, points, probs, row, tables, guide, own, below, tol, max_rounds,
        max_sweeps)
    return Evaluation(goal, players, values, int(sweeps), int(rounds), int(unsettled),
                      float(change), time.perf_counter() - started)


@dataclass(frozen=True)
class Deviations:
    """One turn more of the profile at every turn start, on some values."""

    residual: float  # the largest change of a turn start's value
    residual_at: tuple[int, ...]
    gain: float  # the largest one-shot deviation gain of a mover
    gain_at: tuple[int, ...] | None  # its turn start (scores, mover first)
    gain_k: int | None  # and turn total
    near_ties: int  # best responses decided by less than NEAR (outside the mix tables)


def deviations(model, goal: int, players: int, mixes: dict, values: np.ndarray,
               guide: np.ndarray | None = None) -> Deviations:
    """The profile's Bellman residual on ``values`` and the largest one-shot gain,
    best responses taken on ``guide`` (default: ``values``)."""
    kinds, points, probs = model_arrays(model)
    row, tables = mix_arrays(mixes, goal, players)
    values = np.ascontiguousarray(values, dtype=np.float64)
    guide = values if guide is None else np.ascontiguousarray(guide, dtype=np.float64)
    residual, r_at, gain, g_at, g_k, ties = _deviations(values, guide, goal, players, kinds,
                                                        points, probs, row, tables)
    return Deviations(float(residual), scores_of(int(r_at), goal, players), float(gain),
                      None if g_at < 0 else scores_of(int(g_at), goal, players),
                      None if g_k < 0 else int(g_k), int(ties))


@dataclass(frozen=True)
class Check:
    """The independent check of a solution's profile.

    ``pinned``: the profile "the solver's mixes, the best responses read on the
    solver's values", evaluated here (a fixed profile: policy evaluation);
    ``difference`` how far the solver's values are from it; ``gains`` the
    one-shot deviation gains on the evaluated values.  ``own``: best responses
    on the values being found (a fixed point of the game's own operator, which
    need not be the solver's when equilibria are not unique);
    ``own_difference`` how far it lands from the solver's values, ``own_gains``
    its gains.  ``solver``: one turn of the profile applied to the solver's
    values themselves (its residual and gains)."""

    pinned: Evaluation
    difference: float  # largest |solver's value - the pinned evaluation's|
    difference_at: tuple[int, ...]
    gains: Deviations
    own: Evaluation
    own_difference: float
    own_difference_at: tuple[int, ...]
    own_gains: Deviations
    solver: Deviations


def largest_gap(theirs, ours, goal: int, players: int) -> tuple[float, tuple[int, ...]]:
    """The largest |theirs - ours| over every turn start and player, and its scores."""
    gap = np.abs(theirs - ours).max(axis=1)
    at = int(np.argmax(gap))
    return float(gap[at]), scores_of(at, goal, players)


def check(solution, mixes: dict | None = None, tol: float = 1e-15) -> Check:
    """Evaluate ``solution``'s profile (its ``mixes``, or the ``mixes`` given
    instead) both ways (:class:`Check`) and measure residuals, one-shot gains and
    how far the solver's values are from the evaluations."""
    if solution.rules.ending != "first-to-goal":
        raise Unsupported(f"equilibrium oracle: ending {solution.rules.ending} "
                          "(first-to-goal only)")
    mixes = solution.mixes if mixes is None else mixes
    model, goal, players = solution.model, solution.goal, solution.players
    theirs = np.ascontiguousarray(solution.values[0], dtype=np.float64)
    pinned = evaluate(model, goal, players, mixes, theirs, tol=tol)
    own = evaluate(model, goal, players, mixes, None, tol=tol)
    return Check(pinned, *largest_gap(theirs, pinned.values, goal, players),
                 deviations(model, goal, players, mixes, pinned.values, theirs),
                 own, *largest_gap(theirs, own.values, goal, players),
                 deviations(model, goal, players, mixes, own.values),
                 deviations(model, goal, players, mixes, theirs))


@dataclass(frozen=True)
class Reach:
    """Where play goes from ``(0, ..., 0)`` under the profile."""

    any_mixed: float  # the chance that play ever reaches a turn start with a mix table
    mixed: dict  # scores of each such turn start -> the chance that play ever reaches it
    decisions: float  # expected number of mixed decisions (chance strictly in (0, 1)) reached
    visits: np.ndarray  # expected visits of every turn start


def reach(model, goal: int, players: int, mixes: dict, values: np.ndarray) -> Reach:
    """Forward propagation of the chance of every turn start under the profile,
    its best responses taken on ``values``."""
    kinds, points, probs = model_arrays(model)
    if np.any(kinds == BUST_ALL):
        raise Unsupported(f"equilibrium oracle: reach needs scores that never fall "
                          f"({model.name} has bust_all)")
    row, tables = mix_arrays(mixes, goal, players)
    visits, first, back, inside = _reach(np.ascontiguousarray(values, dtype=np.float64), goal, players,
                                 kinds, points, probs, row, tables)
    keys = [index for place, index in sorted(mixes)]
    # visits = ever * (1 + back + back**2 + ...): play comes back only round the class
    mixed = {scores_of(i, goal, players): float(visits[i] * (1.0 - back[i])) for i in keys}
    return Reach(float(sum(first[i] for i in keys)), mixed,
                 float(sum(visits[i] * inside[i] for i in keys)), visits)



@njit(cache=True)
def _simulate(values, goal, players, kinds, points, probs, row, tables, games, seed, target):
    """``games`` games played out from ``(0, ..., 0)`` under the profile (best
    responses on ``values``): how many reached the turn start ``target`` and
    how many each seat won."""
    np.random.seed(seed)
    high = goal ** (players - 1)
    column = np.zeros((goal + 1, players))
    guided = np.zeros(goal + 1)
    chances = np.zeros(goal + 1)
    hold, roll = np.zeros(players), np.zeros(players)
    bust, bust_all = np.zeros(players), np.zeros(players)
    empty = np.zeros(0)
    scores = np.zeros(players, dtype=np.int64)
    wins = np.zeros(players, dtype=np.int64)
    hits = 0
    for _ in range(games):
        scores[:] = 0
        mover = 0
        seen = False
        while True:
            index = np.int64(0)  # not a literal 0: numba compiled _turn a second time
            for c in range(players):
                index = index * goal + scores[(mover + c) % players]
            seen = seen or index == target
            mix = tables[row[index]] if row[index] >= 0 else empty
            _turn(values, values, index, goal, players, kinds, points, probs, mix, column,
                  guided, chances, hold, roll, bust, bust_all)
            own = index // high
            k = 0
            while own + k < goal and np.random.random() < chances[k]:
                u = np.random.random()
                e = 0
                while e < kinds.shape[0] - 1 and u >= probs[e]:
                    u -= probs[e]
                    e += 1
                if kinds[e] == ADD:
                    k += points[e]
                elif kinds[e] == BUST:
                    k = 0
                    break
                else:  # BUST_ALL
                    k = -own
                    break
            if own + k >= goal:
                wins[mover] += 1
                break
            scores[mover] = own + k
            mover = (mover + 1) % players
        if seen:
            hits += 1
    return hits, wins


def simulate(model, goal: int, players: int, mixes: dict, values: np.ndarray, games: int,
             seed: int, target) -> tuple[int, np.ndarray]:
    """(games that reached the turn start ``target`` (scores, mover first), wins of
    each seat from the first to move) in ``games`` games under the profile."""
    kinds, points, probs = model_arrays(model)
    row, tables = mix_arrays(mixes, goal, players)
    hits, wins = _simulate(np.ascontiguousarray(values, dtype=np.float64), goal, players, kinds,
                           points, probs, row, tables, games, seed, index_of(target, goal))
    return int(hits), wins
