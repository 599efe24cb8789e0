"""Optimal play of N-player race games, first-to-goal or equal-turns.

Each player maximises its own chance of winning.  With two players that is
the zero-sum optimum of :mod:`jeopardy.race.solver`; with more it is the
equilibrium that value iteration reaches: every player's action at every
state is a best response to everyone's later play (a subgame-perfect
equilibrium of the stochastic game; rolling on ties).  Such equilibria need
not be unique with three or more players; this one is the limit of the
backward, score-sum by score-sum iteration, and the residual reported is the
largest Bellman residual of *every* player's optimality equation, so the
values are an equilibrium to that residual.

Pure best responses need not settle.  With three or more players a player's
switch between roll and hold moves the *other* players' values by a jump, so
the class map can lack a fixed point in pure actions: the class iteration
cycles among a few pure policies (3-player Pig to 62 and beyond).  Such a
class is then settled with mixed actions (:mod:`jeopardy.match.mixing`): a
few contested decisions roll with a probability that makes their mover
indifferent.  ``mixes`` holds those turn starts' actions; the residual
kernel plays them, and ``max_residual`` includes the largest indifference
gap.  A class that cannot be settled keeps its last iterate and is counted
in ``unsettled_classes`` (its residual shows in ``max_residual``).

Equal turns, the cap.  A player who reaches the goal before the end of the
round may roll on to raise the bar, so turn totals are unbounded.  The
solver makes such a player stop once its score plus turn total reaches
``cap``, and then *proves* that the cap changed nothing: holding at a total
``f >= cap`` gives at least ``1 - last[cap - j]`` (``last`` falls as the
lead grows), and rolling gives at most ``q (v_b) + (1 - q)``, where ``q`` is
the chance of a roll that busts and ``v_b`` the mover's value after it.  When
``last[cap - j] <= q (1 - v_b)`` at every turn start, holding is optimal at
every total past the cap, so the capped solution solves the uncapped
equations.  Otherwise the margin doubles and the game is solved again.
Equal turns is solved by this solver for two players; more players are
refused (the reference solver :mod:`jeopardy.reference.race` plays them on
small goals).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from jeopardy import resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.interrupts import chunk_size
from jeopardy.match import kernels
from jeopardy.match.rules import EQUAL_TURNS, FIRST_TO_GOAL, MatchRules
from jeopardy.rules.effects import BUST, BUST_ALL
from jeopardy.rules.roll_model import RollModel

MAX_NEWTON_STEPS = 200
ROUNDING_FLOOR = 32 * 2.0 ** -53
STALL_PASSES = 8
STALL_CHANGE = 1e-12
MAX_CAP_DOUBLINGS = 6
NO_TABLES = np.zeros((1, 1, 1), dtype=np.int8)  # the tables argument of maximising players
NO_MIXES = (np.zeros(0, dtype=np.int64), np.full((1, 1), -1.0))  # no mixed actions


@dataclass(frozen=True)
class MatchSolution:
    """Win probabilities and optimal play of an N-player race game."""

    model: RollModel
    goal: int
    rules: MatchRules
    values: np.ndarray = field(repr=False)  # [place, index, player relative to the mover]
    max_residual: float
    seconds: float
    passes: int
    sweeps: int
    cap: int
    unsettled_classes: int = 0  # rotation classes left off their fixed point
    mixes: dict = field(default_factory=dict, repr=False)  # (place, index) -> mode-2 table

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def win_probabilities(self) -> tuple[float, ...]:
        """Each player's chance at the start, in turn order from the first to move."""
        return tuple(float(v) for v in self.values[0, 0])

    @property
    def win_probability(self) -> float:
        return self.win_probabilities[0]

    @property
    def turn_starts(self) -> int:
        return int(self.values.shape[0] * self.values.shape[1])

    def _index(self, scores) -> int:
        scores = validate.integers(scores, "scores", 0, self.goal - 1)
        if len(scores) != self.players:
            raise JeopardyError(f"scores must give {self.players} scores; got {len(scores)}")
        index = 0
        for s in scores:
            index = index * self.goal + s
        return index

    def _place(self, place: int) -> int:
        place = validate.integer(place, "place", 0, self.players - 1)
        return place if self.rules.ending == EQUAL_TURNS else 0

    def start_value(self, scores, place: int = 0) -> tuple[float, ...]:
        """Win chances at a turn start; ``scores`` relative to the mover (mover first),
        ``place`` the mover's place in the round (equal turns)."""
        return tuple(float(v) for v in self.values[self._place(place), self._index(scores)])

    def column(self, scores, place: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """``(values[k, m], roll?[k])`` for the turn totals ``k`` below the mover's limit."""
        race = self.race()
        index = self._index(scores)
        place = self._place(place)
        width = race.cap + 1
        vals = np.empty((width + 1, self.players))
        dvals = np.empty(width + 1)
        acts = np.empty(width + 1, dtype=np.int8)
        following = (place + 1) % race.places
        y = self.values[following, kernels.rotation(race, index)]
        mixed = self.mixes.get((place, index))
        if mixed is not None:  # mixed actions: acts says roll where rolling is likelier
            top = kernels.sweep(race, self.values, index, place, y, vals, dvals, acts, 2, mixed,
                                np.empty((4, self.players)))
        else:
            top = kernels.sweep(race, self.values, index, place, y, vals, dvals, acts, 0,
                                np.empty(0, dtype=np.int8), np.empty((4, self.players)))
        return vals[:top].copy(), acts[:top].astype(bool)

    def actions(self, scores, place: int = 0) -> str:
        return "".join("R" if a else "H" for a in self.column(scores, place)[1])

    def race(self) -> kernels.Race:
        return bundle(self.model, self.goal, self.rules, self.cap)

    def to_dict(self) -> dict:
        chances = self.win_probabilities
        return {
            "game": self.model.name,
            "goal": self.goal,
            "players": self.players,
            "ending": self.rules.ending,
            "win_probabilities": list(chances),
            "win_probability": chances[0],
            "turn_starts": self.turn_starts,
            "cap": self.cap,
            "seconds": self.seconds,
            "max_residual": self.max_residual,
            "passes": self.passes,
            "sweeps": self.sweeps,
            "unsettled_classes": self.unsettled_classes,
            "mixed_turn_starts": len(self.mixes),
        }

    def __repr__(self) -> str:
        chances = ", ".join(f"{v:.6f}" for v in self.win_probabilities)
        return (f"MatchSolution({self.model.name} to {self.goal}, {self.rules}: "
                f"[{chances}], residual {self.max_residual:.1e})")


# ------------------------------------------------------------------ sizes
def table_size(goal: int, rules: MatchRules) -> int:
    """Turn starts stored: ``goal**players`` score tuples (times the places)."""
    places = rules.players if rules.ending == EQUAL_TURNS else 1
    return places * goal ** rules.players


def estimate(model: RollModel | None, goal: int, rules: MatchRules) -> resources.Estimate:
    """Seconds and bytes of :func:`solve`: per turn start, ``players`` sweeps of up to
    ``goal`` turn totals per Newton step (about 3 steps); the table holds ``players``
    floats per turn start, plus the order of the turn starts (8 bytes each).

    Calibration (warm kernels, this machine, with the residual check): 3-player
    Pig to 100 in 19 s (formula: 19 s), 4-player Pig to 50 in 76 s (formula: 105 s).
    """
    states = float(table_size(goal, rules))
    outcomes = 6.0 if model is None else max(1.0, float(len(model.outcomes)))
    passes = 1.0 if model is None or not model.has_bust_all else 25.0
    n = rules.players
    span = goal * (2.0 if rules.ending == EQUAL_TURNS else 0.5)
    seconds = 7e-9 * states * n * n * span * outcomes * passes
    size = resources.BASE_BYTES + states * (8.0 * n * (2 if passes > 1 else 1) + 12.0)
    return resources.Estimate(seconds, int(size))


def require(model: RollModel, goal: int, rules: MatchRules) -> None:
    """Refuse up front, with the estimate, a game too big for this machine."""
    cost = estimate(model, goal, rules)
    limit = resources.budget()
    if not resources.fits(cost, limit):
        raise JeopardyError(
            f"{rules.players}-player {model.name} to {goal} ({rules.ending}) has "
            f"{table_size(goal, rules):,} turn starts and needs {resources.describe(cost)}, "
            f"past this machine's budget ({resources.duration(limit.seconds)}, "
            f"{resources.size_text(limit.bytes)}; JEOPARDY_TIME_LIMIT / JEOPARDY_MEMORY_LIMIT)")


# ----------------------------------------------------------------- solving
def bundle(model: RollModel, goal: int, rules: MatchRules, cap: int,
           last: np.ndarray | None = None, places: bool = False) -> kernels.Race:
    """The kernels' bundle; ``places``: keep the mover's place in the round even
    for first-to-goal (players with different policies)."""
    kinds, points, probs = model.arrays()
    equal = rules.ending == EQUAL_TURNS
    if equal and last is None:
        last = last_turn_table(model, cap)
    return kernels.Race(kinds, points, probs, np.int64(goal), np.int64(rules.players),
                        np.int64(rules.players if equal or places else 1), np.int64(equal),
                        np.int64(cap),
                        last if equal else np.zeros(0), np.int64(goal ** (rules.players - 1)))


def last_turn_table(model: RollModel, cap: int) -> np.ndarray:
    """``last[D]`` for every lead ``D`` a stop at or past the cap can leave:
    up to ``2 cap + max points`` (a double of a turn total below the cap, or an add)."""
    kinds, points, probs = model.arrays()
    return kernels.last_turn(kinds, points, probs, 2 * cap + model.max_points + 1)


def _iterate(model: RollModel, race: kernels.Race, W: np.ndarray, tolerance: float,
             max_passes: int, progress: Callable[[float], None] | None,
             tables: np.ndarray | None = None, mixes: dict | None = None):
    """Passes over the score sums (see the module docstring); ``tables``: every
    player follows its table (policy evaluation) instead of maximising.

    Classes whose pure best responses cycle are settled with mixed actions
    (:func:`jeopardy.match.mixing.settle`); their tables go into ``mixes``.
    Returns ``(passes, sweeps, classes left unsettled, largest indifference gap
    of a mixed action)``."""
    from jeopardy.match import mixing

    if mixes is None:
        mixes = {}
    found = np.zeros((64, 2), dtype=np.int64)
    mode = 0 if tables is None else 1
    if tables is None:
        tables = NO_TABLES
    order, starts = kernels.order_by_sum(race)
    top_sum = race.players * (race.goal - 1)
    per_sum = 2e-9 * W.shape[0] * W.shape[1] / (top_sum + 1) * race.players * race.cap * \
        len(model.outcomes) * race.players
    chunk = chunk_size(top_sum + 1, per_sum)
    multi_pass = model.has_bust_all
    passes = sweeps = 0
    worst = 0.0
    best_change, best_pass = np.inf, 0
    while True:
        passes += 1
        previous = W.copy() if multi_pass else None
        s = top_sum
        worst = 0.0
        unsettled = 0
        indifference = 0.0
        mixes.clear()
        while s >= 0:
            last = max(0, s - chunk + 1)
            n, residual, left, stuck, done = kernels.solve_sums(
                race, W, order, starts, s, last, MAX_NEWTON_STEPS, tolerance, mode, tables, found)
            if stuck:
                raise JeopardyError("under these policies some turn start never ends: every "
                                    "player passes without banking around a cycle of turns")
            sweeps += n
            worst = max(worst, residual)
            for index, r0 in found[:min(left, len(found))]:
                settled = mixing.settle(race, W, int(index), int(r0)) if mode == 0 else None
                if settled is None:
                    unsettled += 1
                else:
                    mixes.update(settled[0])
                    indifference = max(indifference, settled[1])
            unsettled += max(0, left - len(found))
            s = done - 1
            if progress is not None:
                done = 1.0 - (s + 1) / (top_sum + 1) if s >= 0 else 1.0
                progress(done if not multi_pass else min(1.0, (passes - 1 + done) / (passes + 1)))
        if not multi_pass:
            break
        change = float(np.max(np.abs(W - previous)))
        if change <= max(tolerance, ROUNDING_FLOOR):
            break
        if change < best_change / 2:
            best_change, best_pass = change, passes
        elif change < STALL_CHANGE and passes - best_pass >= STALL_PASSES:
            break
        if passes >= max_passes:
            raise JeopardyError(f"N-player race solver: no convergence in {passes} passes "
                                f"(last change {change:.1e})")
    return passes, sweeps, unsettled, indifference


def mix_arrays(mixes: dict, size: int, width: int) -> tuple[np.ndarray, np.ndarray]:
    """``(sorted keys place * size + index, mode-2 tables)`` for the residual kernel."""
    keys = sorted(place * size + index for place, index in mixes)
    tables = np.full((max(1, len(keys)), width), -1.0)
    for row, key in enumerate(keys):
        table = mixes[divmod(key, size)]
        tables[row, :len(table)] = table[:width]
    return np.array(keys, dtype=np.int64), tables


def _cap_holds(model: RollModel, race: kernels.Race, W: np.ndarray) -> bool:
    """The proof that the cap is harmless (module docstring), two players, at every
    turn start of the first player of the round."""
    goal = race.goal
    q = float(model.probability(BUST) + model.probability(BUST_ALL))
    if q == 0.0:
        return False
    j = np.arange(goal)
    # W[1, index of (j, i)] is the second of the round to move at (j, i); the first
    # player (i) is its player 1.  After a bust the first player's value is that one.
    after_bust = W[1].reshape(goal, goal, 2)[:, :, 1].T  # [i, j]
    after_all = np.broadcast_to(W[1].reshape(goal, goal, 2)[:, 0, 1][None, :], (goal, goal)) \
        if model.has_bust_all else after_bust
    worst = np.maximum(after_bust, after_all)
    lead = race.cap - j  # cap - j >= 1
    return bool(np.all(race.last[lead][None, :] <= q * (1.0 - worst) - 1e-15))


def warm_up(model: RollModel, rules: MatchRules) -> None:
    """Load the compiled kernels (numba's on-disk cache) before a clock starts."""
    race = bundle(model, 2, rules, 3)
    W = np.full((race.places, 2 ** rules.players, rules.players), 1.0 / rules.players)
    order, starts = kernels.order_by_sum(race)
    kernels.solve_sums(race, W, order, starts, rules.players, 0, 2, 1e-15, 0, NO_TABLES,
                       np.zeros((1, 2), dtype=np.int64))
    kernels.bellman_residual(race, W, 0, NO_TABLES, *NO_MIXES)


def solve(model: RollModel, goal: int = 100, players: int = 2, ending: str = FIRST_TO_GOAL,
          tolerance: float = 1e-15, max_passes: int = 5000,
          progress: Callable[[float], None] | None = None,
          cap: int | None = None) -> MatchSolution:
    """Solve the race game of ``model`` to ``goal`` for ``players`` players.

    ``cap`` (equal turns) fixes the cap instead of choosing and proving one
    (the tests use it to compare with the reference solver); a given cap is
    not checked.
    """
    model = validate.roll_model(model)
    goal = validate.positive_int(goal, "goal")
    rules = MatchRules(players, ending)
    tolerance = validate.tolerance(tolerance)
    if rules.ending == EQUAL_TURNS and rules.players > 2:
        raise JeopardyError("the equal-turns ending is solved for two players; more players "
                            "are only played by the reference solver on small goals")
    require(model, goal, rules)
    warm_up(model, rules)
    started = time.perf_counter()
    if rules.ending == FIRST_TO_GOAL:
        caps = [goal]
    elif cap is not None:
        caps = [validate.integer(cap, "cap", goal)]
    else:
        margin = max(8, goal // 2)
        caps = [goal + margin * 2 ** d for d in range(MAX_CAP_DOUBLINGS)]
    for attempt in caps:
        race = bundle(model, goal, rules, attempt)
        W = np.full((race.places, goal ** rules.players, rules.players), 1.0 / rules.players)
        mixes: dict = {}
        passes, sweeps, unsettled, indifference = _iterate(model, race, W, tolerance, max_passes,
                                                           progress, mixes=mixes)
        if rules.ending == FIRST_TO_GOAL or cap is not None or _cap_holds(model, race, W):
            break
    else:
        raise JeopardyError(f"equal turns: could not prove a cap up to {caps[-1]} harmless "
                            f"for {model.name} to {goal}")
    arrays = mix_arrays(mixes, W.shape[1], race.cap + 2) if mixes else NO_MIXES
    residual = max(float(kernels.bellman_residual(race, W, 0, NO_TABLES, *arrays)), indifference)
    seconds = time.perf_counter() - started
    if progress is not None:
        progress(1.0)
    return MatchSolution(model, goal, rules, W, residual, seconds, passes, sweeps, int(race.cap),
                         unsettled, mixes)
