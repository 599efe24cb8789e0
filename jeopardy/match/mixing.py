"""Mixed actions where pure best responses cycle (three or more players).

With three or more players one player's switch between rolling and holding
moves the *other* players' chances by a jump, so the map of a rotation class
(:mod:`jeopardy.match.kernels`) can lack a fixed point in pure actions: the
class iteration then cycles among a few pure policies.  An equilibrium of
the class mixes at some of the *contested* decisions -- the ``(state, turn
total)`` pairs whose action changes along the cycle -- with each mixing
player indifferent between rolling and holding.

:func:`settle` finds one.  It collects the contested decisions from a run
of plain iterations, then tries candidates with the fewest mixed decisions
first: per state, windows of holds over its contested turn totals (and every
pure combination of up to three), optionally mixing at an edge; one
mixed decision is found by bisection on its roll probability, more by
Newton's method on their probabilities, each time
solving the class's fixed point with those actions and best responses
elsewhere.  A candidate is accepted when the fixed point holds, every mixing
mover is indifferent (to :data:`INDIFFERENCE`) and every pure contested
action is a best response.  The actions at every contested decision are
returned, to be played (and checked) by the residual kernel.

A turn process (:mod:`jeopardy.match.process_kernels`) has its decisions at
*slots* instead of turn totals: each turn total's throws (throw or bank) and
the choices of outcomes offering several (each slot: take this choice or one
of the later ones; Fast Pig's number of dice).  :class:`ProcessClassMap`
plays them, and the search above runs on the slots unchanged.
"""
from __future__ import annotations

import itertools

import numpy as np

from jeopardy.match import kernels, process_kernels

INDIFFERENCE = 1e-12  # |roll - hold| accepted at a mixed decision
FIXED_POINT = 1e-14  # |F(x) - x| the class's fixed point aims at
# ... and accepts: a class map is two or more sweeps of ~100 turn totals each, whose
# rounding leaves some fixed points at 1e-14 - 2e-13 (4-player Pig to 60's (16,0,16,0)).
FIXED_POINT_ACCEPTED = 1e-12
# Steps of a class's fixed point.  Plain steps contract by the class's bust-cycle slope: at
# 4-player Pig to 100's (61, 8, 61, 8), rolling at 19-21, the slope is 0.74 and the residual
# stood at 5.5e-9 after 60 steps (every candidate refused, the class left unsettled); it
# reaches 9e-15 within 200, and the class settles (rolling at 20 with chance 0.67).
FIXED_POINT_STEPS = 200
PLAIN_STEPS = 24  # iterations watched for contested decisions
# The logit path (logit_path): temperatures from the largest gap down tenfold at a time, a
# step's fixed point counted as solved at this sum of squares, and the function
# evaluations (class fixed points) allowed a least-squares solve.
LOGIT_STEPS = 80  # points of the path, at most
LOGIT_END = 1e-14  # the path ends at this fraction of the first temperature
LOGIT_FACTOR = 10.0  # the step in temperature, and the least a failed step shrinks to:
LOGIT_LEAST_FACTOR = 1.1
LOGIT_SOLVED = 1e-20
LOGIT_EVALUATIONS = 300
POLISH_STEPS = 8  # Newton's steps after a least-squares solve of a candidate's chances
EXPANSIONS = 3  # guided searches, each with the decisions the last one saw flip added

MAX_CONTESTED = 12  # more contested decisions than this: the class is left unsettled


class ClassMap:
    """The map around one rotation class with chosen actions at chosen decisions."""

    def __init__(self, race: kernels.Race, W: np.ndarray, index: int, r0: int):
        self.race, self.W = race, W
        n = self.n = int(race.players)
        self.indices = [int(index)]
        places = int(race.places)
        for c in range(1, n):  # the class's period (kernels.solve_sums): the members
            following = int(kernels.rotation(race, self.indices[-1]))
            if following == self.indices[0] and c % places == 0:
                break
            self.indices.append(following)
        self.members = len(self.indices)
        self.flips = None  # {decision: actions seen} while the guided search records them
        self.index_array = np.array(self.indices, dtype=np.int64)
        self.places = [(r0 + c) % places for c in range(self.members)]
        self.width = int(race.cap) + 2
        self.vals = np.empty((self.width, n))
        self.dvals = np.empty(self.width)
        self.acts = np.empty(self.width, dtype=np.int8)
        self.work = np.empty((4, n))

    def tables(self, decisions: dict) -> np.ndarray:
        """Mode-2 tables: the roll probability at each chosen ``(c, k)``, -1 elsewhere."""
        out = np.full((self.members, self.width), -1.0)
        for (c, k), p in decisions.items():
            out[c, k] = p
        return out

    def _sweep(self, c: int, y: np.ndarray, table: np.ndarray) -> int:
        return kernels.sweep(self.race, self.W, self.indices[c], self.places[c], y, self.vals,
                             self.dvals, self.acts, 2, kernels.NO_TABLE_ROW, table, self.work)

    def apply(self, x: np.ndarray, tables: np.ndarray):
        """``(ys, slope, actions)``: each state's turn-start vector given ``x`` at the start."""
        n, members = self.n, self.members
        ys = np.empty((members, n))
        actions = [None] * members
        slope = 1.0
        y = x
        for c in range(members - 1, -1, -1):
            top = self._sweep(c, y, tables[c])
            ys[c] = self.vals[0]
            slope *= self.dvals[0]
            actions[c] = self.actions(top)
            y = ys[c]
        return ys, slope, actions

    def fixed_point(self, x: np.ndarray, tables: np.ndarray, steps: int = FIXED_POINT_STEPS):
        """Newton's steps on the class map (plain steps once they stop helping), the
        solver's own (:func:`jeopardy.match.kernels.newton_class`): ``(x, ys, residual)``."""
        x = np.array(x, dtype=float)
        ys = np.empty((self.members, self.n))
        residual = kernels.class_fixed_point(self.race, self.W, self.index_array,
                                             self.places[0], x, tables, steps, FIXED_POINT, ys,
                                             kernels.NO_ACTIONS)
        return x, ys, float(residual)

    def actions(self, top: int) -> np.ndarray:
        """The actions of the last sweep (1 roll) at turn totals below ``top``."""
        return self.acts[:top].copy()

    def gap(self, c: int, k: int, x: np.ndarray, ys: np.ndarray, tables: np.ndarray) -> float:
        """Roll minus hold for the mover of state ``c`` at turn total ``k``."""
        y = x if c == self.members - 1 else ys[c + 1]
        return float(kernels.decision_gap(self.race, self.W, self.indices[c], self.places[c],
                                          y, tables[c], k))


class ProcessClassMap(ClassMap):
    """:class:`ClassMap` of a turn process: decisions at the turn's slots
    (:func:`jeopardy.match.process_kernels.turn`)."""

    def __init__(self, race: kernels.Race, W: np.ndarray, index: int, r0: int):
        super().__init__(race, W, index, r0)
        process = race.process
        self.slots = [process_kernels.slot_layout(
            process, int(process_kernels.frame(race, i, place)[3]))
            for i, place in zip(self.indices, self.places)]
        self.width = max(len(slots) for slots in self.slots)
        self.vals = np.empty((2, self.n))
        self.dvals = np.empty(2)
        self.acts = np.zeros(self.width + 1, dtype=np.int8)

    def _sweep(self, c: int, y: np.ndarray, table: np.ndarray) -> int:
        super()._sweep(c, y, table)
        return len(self.slots[c])

    def actions(self, top: int) -> np.ndarray:
        return self.acts[1:1 + top].copy()

    def gap(self, c: int, k: int, x: np.ndarray, ys: np.ndarray, tables: np.ndarray) -> float:
        """The mover's gain from 1 over 0 at slot ``k`` of state ``c``: the slot's state
        value, divided by the outcome's chance for a choice."""
        t, state, chance = self.slots[c][k]
        y = x if c == self.members - 1 else ys[c + 1]
        table = tables[c].copy()
        values = self.race.process.vals
        table[k] = 1.0
        self._sweep(c, y, table)
        one = values[t, state, 0]
        table[k] = 0.0
        self._sweep(c, y, table)
        return float((one - values[t, state, 0]) / chance)


def class_map(race: kernels.Race, W: np.ndarray, index: int, r0: int) -> ClassMap:
    """The class map of a bundle's kind: a roll model's or a turn process's."""
    if race.process is not None:
        return ProcessClassMap(race, W, index, r0)
    return ClassMap(race, W, index, r0)


def contested(cmap: ClassMap, x: np.ndarray) -> list[tuple[int, int]]:
    """Decisions whose best response changes along plain iterations from ``x``."""
    free = cmap.tables({})
    seen: dict[tuple[int, int], set] = {}
    for _ in range(PLAIN_STEPS):
        ys, _, actions = cmap.apply(x, free)
        x = ys[0]
        for c, row in enumerate(actions):
            for k, a in enumerate(row):
                seen.setdefault((c, k), set()).add(int(a))
    return sorted(d for d, values in seen.items() if len(values) > 1)


def _check(cmap, x0, decisions, mixed):
    """The class solved with ``decisions``; None unless it is an equilibrium."""
    tables = cmap.tables(decisions)
    x, ys, residual = cmap.fixed_point(x0, tables)
    if residual > FIXED_POINT_ACCEPTED:
        return None
    worst = 0.0
    for (c, k), p in decisions.items():
        g = cmap.gap(c, k, x, ys, tables)
        if (c, k) in mixed:
            worst = max(worst, abs(g))
        elif (p == 1.0 and g < -INDIFFERENCE) or (p == 0.0 and g > INDIFFERENCE):
            return None
    if worst > INDIFFERENCE:
        return None
    # Best responses elsewhere must not have moved off what the fixed point assumed.
    ys2, _, _ = cmap.apply(x, tables)
    if np.max(np.abs(ys2[0] - x)) > FIXED_POINT_ACCEPTED:
        return None
    return ys, worst


def _mix_one(cmap, x0, decisions, d):
    """Bisection on the roll probability at ``d`` for indifference there."""
    def g(p):
        trial = dict(decisions)
        trial[d] = p
        tables = cmap.tables(trial)
        x, ys, residual = cmap.fixed_point(x0, tables)
        return cmap.gap(d[0], d[1], x, ys, tables)

    low, high = 0.0, 1.0
    g_low, g_high = g(low), g(high)
    if not (g_low > 0.0 > g_high or g_low < 0.0 < g_high):
        return None
    for _ in range(64):
        middle = 0.5 * (low + high)
        g_mid = g(middle)
        if g_mid == 0.0:
            low = high = middle
            break
        if (g_mid > 0.0) == (g_low > 0.0):
            low, g_low = middle, g_mid
        else:
            high = middle
    return 0.5 * (low + high)


def _mix_many(cmap, x0, decisions, mixed, start=None, steps=40):
    """Newton's method on the roll probabilities of ``mixed`` for indifference at each,
    from ``start`` (default: 1/2 each), for at most ``steps`` steps."""
    m = len(mixed)
    p = np.full(m, 0.5) if start is None else np.array(start, dtype=float)
    for _ in range(steps):
        value = _gaps(cmap, x0, decisions, mixed, p)
        if np.max(np.abs(value)) <= INDIFFERENCE:
            return p
        jacobian = np.empty((m, m))
        for column in range(m):
            step = np.zeros(m)
            step[column] = 1e-7 if p[column] < 0.5 else -1e-7
            jacobian[:, column] = (_gaps(cmap, x0, decisions, mixed, p + step) - value) / \
                step[column]
        try:
            p = np.clip(p - np.linalg.solve(jacobian, value), 0.0, 1.0)
        except np.linalg.LinAlgError:
            return None
    return None


def _options(group: list[tuple[int, int]]):
    """Actions at one state's contested decisions (sorted by turn total):
    ``(pure decisions, the mixed decision or None)``.  A window of holds
    (turn totals ``a .. b-1`` of the group hold, the others roll: thresholds
    and the hold islands below the goal), alone or mixed at a decision next
    to either edge; and, for at most three decisions, every pure combination,
    alone or with one decision mixed."""
    options = []
    size = len(group)

    def add(pure, mixed):
        if (pure, mixed) not in options:
            options.append((pure, mixed))

    for a in range(size + 1):
        for b in range(a, size + 1):
            window = {d: (0.0 if a <= i < b else 1.0) for i, d in enumerate(group)}
            add(window, None)
            for edge in {a - 1, a, b - 1, b}:
                if 0 <= edge < size:
                    add({d: v for d, v in window.items() if d != group[edge]}, group[edge])
    if size <= 3:
        for combo in itertools.product((1.0, 0.0), repeat=size):
            add(dict(zip(group, combo)), None)
        for mixed in group:
            rest = [d for d in group if d != mixed]
            for combo in itertools.product((1.0, 0.0), repeat=len(rest)):
                add(dict(zip(rest, combo)), mixed)
    return options


def candidates(disputed: list[tuple[int, int]]):
    """Every combination of per-state options, fewest mixed decisions first."""
    groups = {}
    for d in disputed:
        groups.setdefault(d[0], []).append(d)
    combos = []
    for choice in itertools.product(*(_options(sorted(g)) for g in groups.values())):
        pure = {}
        mixed = []
        for decisions, mix in choice:
            pure.update(decisions)
            if mix is not None:
                mixed.append(mix)
        combos.append((len(mixed), pure, tuple(mixed)))
    combos.sort(key=lambda item: item[0])
    return [(pure, mixed) for _, pure, mixed in combos]


def _gaps(cmap, x0, decisions, mixed, p):
    """Roll minus hold at each decision of ``mixed`` (played with chances ``p``),
    the others of ``decisions`` as given, best responses elsewhere (whose actions
    are recorded in ``cmap.flips`` where it is a dict: :func:`settle`)."""
    trial = dict(decisions)
    trial.update(zip(mixed, p))
    tables = cmap.tables(trial)
    x, ys, _ = cmap.fixed_point(x0, tables)
    if cmap.flips is not None:
        _, _, actions = cmap.apply(x, tables)
        for c, row in enumerate(actions):
            for k, action in enumerate(row):
                if (c, k) not in trial:
                    cmap.flips.setdefault((c, k), set()).add(int(action))
    return np.array([cmap.gap(c, k, x, ys, tables) for c, k in mixed])


def logit_path(cmap, x0, disputed):
    """Points of the logit path of the contested decisions, from the far end to the
    nearest solved: ``p`` with ``p_i = expit(gap_i(p) / tau)`` for ``tau`` falling
    tenfold from the largest gap at ``p = 1/2``.

    Each mover rolls with the logit chance of its gain: a smoothed best response,
    whose fixed points (logit equilibria) exist for every ``tau > 0`` and approach
    an equilibrium of the class as ``tau`` falls.  The path is followed while each
    step's fixed point is solved (to ``LOGIT_SOLVED``), from the last point solved:
    tenfold steps in ``tau``, shortened (square roots of the factor) where a step
    fails, down to :data:`LOGIT_LEAST_FACTOR`; where the path folds or jumps (the
    equilibrium moves off a decision's best response elsewhere) it stops, and its
    last points say which decisions the equilibrium near them plays purely and
    which it mixes (:func:`_guided`)."""
    # scipy's solvers: heavy to import, and only the hardest classes come here
    from scipy.optimize import least_squares
    from scipy.special import expit

    p = np.full(len(disputed), 0.5)
    largest = float(np.max(np.abs(_gaps(cmap, x0, {}, disputed, p))))
    if not largest > 0.0:
        return []
    points = []
    tau, factor = largest, 1.0
    while tau > LOGIT_END * largest and len(points) < LOGIT_STEPS:
        trial = tau / factor
        solved = least_squares(lambda q: q - expit(_gaps(cmap, x0, {}, disputed, q) / trial), p,
                               bounds=(0.0, 1.0), xtol=1e-15, ftol=1e-15, gtol=1e-15,
                               diff_step=1e-9, max_nfev=LOGIT_EVALUATIONS)
        if solved.cost <= LOGIT_SOLVED:
            p, tau = solved.x, trial
            points.append(p.copy())
            factor = min(LOGIT_FACTOR, factor * factor) if factor > 1.0 else LOGIT_FACTOR
        elif factor > LOGIT_LEAST_FACTOR:
            factor = factor ** 0.5  # a smaller step from the last point solved
        else:
            break
    return points[::-1]


def _indifferent(cmap, x0, pure, mixed, start):
    """The chances at ``mixed`` that make each mover indifferent (to
    :data:`INDIFFERENCE`), ``pure`` played as given: least squares (bounded, robust
    far off) from ``start``, then Newton's steps (:func:`_mix_many`) from where it
    stops, since its stopping rules leave gaps near 1e-12; None where they do not
    get there."""
    from scipy.optimize import least_squares  # heavy to import: the hardest classes only

    solved = least_squares(lambda q: _gaps(cmap, x0, pure, mixed, q),
                           np.asarray(start, dtype=float), bounds=(0.0, 1.0), xtol=1e-15,
                           ftol=1e-15, gtol=1e-15, diff_step=1e-8, max_nfev=LOGIT_EVALUATIONS)
    return _mix_many(cmap, x0, pure, mixed, solved.x, POLISH_STEPS)


def _guided(cmap, x0, disputed):
    """A second search, where :func:`candidates` found no equilibrium: candidates read
    off the logit path (:func:`logit_path`).  At each point, from the nearest, the
    decisions are ranked by how far their chance lies from 0 and 1; the ``j`` farthest
    mix and the others are played purely (rounded), for ``j = 0, 1, ...``; the mixed
    chances are solved for indifference by least squares from the path's, and each
    candidate is checked as any other (:func:`_check`).  Returns ``(decisions, (ys,
    worst gap))`` or None."""
    seen = set()
    for point in logit_path(cmap, x0, disputed):
        ranked = sorted(range(len(disputed)), key=lambda i: -min(point[i], 1.0 - point[i]))
        for j in range(len(disputed) + 1):
            mixed = [disputed[i] for i in sorted(ranked[:j])]
            pure = {d: float(round(v)) for d, v in zip(disputed, point) if d not in mixed}
            key = (tuple(sorted(pure.items())), tuple(mixed))
            if key in seen:
                continue
            seen.add(key)
            decisions = dict(pure)
            if mixed:
                chances = _indifferent(cmap, x0, pure, mixed,
                                       np.array([point[disputed.index(d)] for d in mixed]))
                if chances is None:
                    continue
                decisions.update(zip(mixed, chances))
            result = _check(cmap, x0, decisions, set(mixed))
            if result is not None:
                return decisions, result
    return None


def settle(race: kernels.Race, W: np.ndarray, index: int, r0: int):
    """Solve one unsettled class with mixed actions; writes its values into ``W``.

    Returns ``({(place, index): table}, largest |roll - hold| at a mixed decision)``,
    or None when no candidate is an equilibrium.
    """
    cmap = class_map(race, W, index, r0)
    x0 = W[cmap.places[0], cmap.indices[0]].copy()
    disputed = contested(cmap, x0)
    if len(disputed) > MAX_CONTESTED:
        return None
    # None contested: plain steps settle on pure best responses (a class whose period
    # is shorter than N, left by the N turns' map on a cycle of the period's map); the
    # one candidate is then "no decision fixed", checked as any other.
    found = None
    for decisions, mixed in candidates(disputed):
        decisions = dict(decisions)
        if len(mixed) == 1:
            p = _mix_one(cmap, x0, decisions, mixed[0])
            if p is None:
                continue
            decisions[mixed[0]] = p
        elif mixed:
            p = _mix_many(cmap, x0, decisions, list(mixed))
            if p is None:
                continue
            decisions.update(zip(mixed, p))
        result = _check(cmap, x0, decisions, set(mixed))
        if result is not None:
            found = decisions, result
            break
    # The guided search (the logit path), on the contested decisions and, where it
    # finds nothing, on those too that its own fixed points saw flip (a best response
    # elsewhere that jumps as the chances move: 4-player Pig to 100 at
    # (10, 65, 53, 11), where two more decisions must mix).
    for _ in range(EXPANSIONS if found is None and disputed else 0):
        cmap.flips = {}
        found = _guided(cmap, x0, disputed)
        more = sorted(d for d, seen in cmap.flips.items() if len(seen) > 1)
        cmap.flips = None
        if found is not None or not more or len(disputed) + len(more) > MAX_CONTESTED:
            break
        disputed = sorted(disputed + more)
    if found is None:
        return None
    decisions, (ys, worst) = found
    tables = cmap.tables(decisions)
    mixes = {}
    for c in range(cmap.members):
        W[cmap.places[c], cmap.indices[c]] = ys[c]
        if any(c == d[0] for d in decisions):
            mixes[(cmap.places[c], cmap.indices[c])] = tables[c]
    return mixes, worst
