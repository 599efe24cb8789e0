"""The match solver for turn processes: games whose turn has several turn states.

The game is a :class:`~jeopardy.rules.turn_process.TurnProcess` with match
rules (players, ending); the solve is the match solver's: turn starts by
score sum from the top, each rotation class of turn starts solved together
by Newton's step around the class (:func:`jeopardy.match.kernels.solve_sums`),
and the largest Bellman residual over every turn start, found as each class is
solved (:func:`jeopardy.match.kernels.add_class_residual`; after mixing, by
:func:`jeopardy.match.kernels.bellman_residual`).  Only the turn itself is
the process's (:func:`jeopardy.match.process_kernels.process_sweep`), which
replays a class member's decisions where they provably stay (its module
docstring, "Replayed decisions").

The equal-turns ending, two players, may come with the last player's chances
``Q`` and the bounds ``dstar`` that prove where the tables stop (:class:`Ending`);
they depend on the process and come with it (Ten Thousand's: :mod:`jeopardy.farkle.core`).
With three or more players, or two without that data, the last round is solved
from the process itself (:mod:`jeopardy.match.process_last_round`: any number of
players, for a process whose turn collects a bounded number of points; its
docstring has the proof that nothing is cut), and a bank at the goal before the
end of the round reads its tables.

With three or more players pure best responses can cycle around a class; such a
class is settled with mixed actions at the turn's decision slots
(:func:`jeopardy.match.mixing.settle`, the roll-model solver's), its actions kept
in ``mixes`` and played by the residual's sweep.
"""
from __future__ import annotations

import time
from collections import namedtuple
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Callable

import numpy as np

from jeopardy import compilation, convergence, validate
from jeopardy.errors import JeopardyError
from jeopardy.match import kernels, process_kernels, process_last_round, sums
from jeopardy.match.last_round import SPAN
from jeopardy.match.process_last_round import above_zero
from jeopardy.match.rules import FIRST_TO_GOAL, MatchRules
from jeopardy.match.solver import MAX_NEWTON_STEPS, StartChances, mix_arrays
from jeopardy.results import Result
from jeopardy.rules.turn_process import TurnProcess

# The ending data of a process (module docstring): Q[row, d], R[row, d] (rows: the last
# player's banked score at most / above the process's high_score), dstar[j]; with a
# takeover (rule IV.5) dstar[r + goal] and C[r + goal, s], the last player's chance
# taking the first one's position over in state s, r behind it before the bank.
Ending = namedtuple("Ending", "Q R dstar C", defaults=(np.zeros((1, 1)),))
NO_ENDING = Ending(np.zeros((2, 1)), np.zeros((2, 1)), np.zeros(1, dtype=np.int64))


@dataclass(frozen=True, repr=False)
class ProcessSolution(StartChances, convergence.Converging, Result):
    """Win probabilities of an N-player game of a turn process under optimal play.

    ``values[place, index, m]``: player ``m``'s chance (relative to the mover) at
    the turn start ``index`` (scores relative to the mover, in units), the mover
    at ``place`` in the round (equal turns; otherwise place 0 only).
    """

    process: TurnProcess
    goal: int
    rules: MatchRules
    values: np.ndarray = field(repr=False)
    race: kernels.Race = field(repr=False)
    max_residual: float
    seconds: float
    sweeps: int
    states: int
    unsettled_classes: int = 0
    tolerance: float = 0.0  # the class fixed point's, as asked (convergence.accepted)
    mixes: dict = field(default_factory=dict)  # (place, index) -> mode-2 row of slots
    indifference: float = 0.0  # the largest |gain| at a mixed slot
    def column(self, index: int, place: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """``(values[t, s, m], throw?[t, s])``: the turn at turn start ``index`` (flat,
        scores relative to the mover) for ``t`` up to the table's top."""
        race = self.race
        n = self.players
        following = (place + 1) % race.places
        y = self.values[following, kernels.rotation(race, index)]
        kernels.sweep(race, self.values, index, place, y, np.empty((2, n)), np.empty(2),
                      np.empty(2, dtype=np.int8), 0, kernels.NO_TABLE_ROW, kernels.NO_MIX,
                      np.empty((4, n)))
        top = int(process_kernels.frame(race, index, place)[3])
        return race.process.vals[:top + 1].copy(), race.process.acts[:top + 1].astype(bool)

    def advice(self, index: int, place: int, t: int, state: int) -> tuple[float, float | None]:
        """The mover's chances ``(if it throws, if it banks or None)`` at ``(t, state)``."""
        out = np.empty(2)
        process_kernels.advice(self.race, self.values, index, place, t, state, out)
        return float(out[0]), (None if out[1] < 0 else float(out[1]))

    def to_dict(self) -> dict:
        chances = self.win_probabilities
        return {"game": self.process.name, "goal": self.goal, "players": self.players,
                "ending": self.rules.ending, "win_probabilities": list(chances),
                "win_probability": chances[0], "states": self.states, "seconds": self.seconds,
                "max_residual": self.max_residual, "converged": self.converged,
                "sweeps": self.sweeps,
                "unsettled_classes": self.unsettled_classes}


def memo_arrays(arrays, players: int, rows: int, states: int, replay: bool = True) -> dict:
    """The replayed decisions' fields of a bundle
    (:data:`~jeopardy.match.process_kernels.Process`): one slot per class member, tables
    of ``rows`` turn totals; ``replay`` off: every decision is compared (the tests
    compare the two)."""
    several = np.diff(arrays.choice_offsets) > 1
    if several.any() and (arrays.choice_points.max() + 1) * states > np.iinfo(np.uint16).max:
        raise JeopardyError("a choice's place in a row of the turn's tables passes what its "
                            "record holds (65,535)")
    multi = np.full(len(several), -1, dtype=np.int64)
    multi[several] = np.arange(int(several.sum()))
    cells, outcomes = rows * states, rows * int(several.sum())
    per_state = int(np.diff(arrays.pattern_offsets).max(initial=0))
    margin = max(1e-10, 4.0 * rows * (per_state + 1) * 2.0 ** -53) if replay else 2.0
    return dict(multi=multi, margin=np.float64(margin),
                memo_slot=np.zeros(1, dtype=np.int64), memo_key=np.zeros(players, dtype=np.int64),
                memo_target=np.zeros(players), memo_act=np.zeros((players, cells), dtype=np.int8),
                memo_cell_gap=np.zeros((players, cells), dtype=np.float32),
                memo_choice=np.zeros((players, outcomes), dtype=np.uint16),
                memo_gap=np.zeros((players, outcomes), dtype=np.float32),
                memo_residual=np.zeros(1), replayed=np.zeros(1, dtype=np.int64))


def bundle(process: TurnProcess, goal: int, rules: MatchRules, ending: Ending = NO_ENDING,
           cap_scale: int = 1, seated: bool = False, cap: int | None = None,
           replay: bool = True) -> kernels.Race:
    """The kernels' bundle of a turn process (scratch tables sized to the largest top);
    ``seated``: the mover's place in the round is kept (players following policies of
    their own, :func:`policy_values`); ``cap``: the last round's cap of a process whose
    turn is unbounded (:func:`jeopardy.match.process_last_round.plan`); ``replay`` off: a
    class solve compares every decision (:mod:`jeopardy.match.process_kernels`,
    "Replayed decisions")."""
    arrays = process.arrays()
    lock, stay, leave = process.lock()
    rounds = rules.ending.last_round and (rules.players > 2 or ending is NO_ENDING)
    stop = 1
    if rounds:  # the last round from the process itself (process_last_round)
        plan = process_last_round.plan(process, goal, rules.players, cap_scale, cap)
        ending = Ending(plan.Q, plan.R, plan.dstar)
        layout, stop = plan.layout, plan.cap
        last = np.zeros(int(layout[0, 0]))
    else:
        layout = np.zeros((rules.players, 4), dtype=np.int64)
        last = np.zeros(0)
    places = rules.players if seated else rules.ending.places(rules.players)
    high, low_min, high_min = _bank_rules(process)
    size = len(process.states)
    empty_scratch = (np.zeros((1, size, rules.players)), np.zeros((1, size)),
                     np.zeros((1, size), dtype=np.int8))
    takeover = process_kernels.NO_TAKEOVER
    if process.takeover:
        transitions = np.zeros((size, size))
        for state, outcomes in enumerate(process.throws):
            for p, choices in outcomes:
                if len(choices) > 1:
                    raise JeopardyError(f"turn process {process.name!r}: taking a position over "
                                        f"is solved with one choice per throw")
                if choices:
                    transitions[state, choices[0][1]] += float(p)
        takeover = (np.int64(1), np.ascontiguousarray(ending.C, dtype=np.float64), transitions,
                    np.zeros((places, goal ** rules.players), dtype=np.int64),
                    np.zeros((places, goal ** rules.players), dtype=np.int64), np.zeros(1),
                    np.zeros((places, goal ** rules.players, size)), np.zeros((3, size)))
    parts = process_kernels.Process(
        np.int64(size), np.int64(process.start), arrays.pattern_offsets, arrays.pattern_probs,
        arrays.choice_offsets, arrays.choice_points, arrays.choice_nexts, arrays.bust,
        np.array([2 if process.ends(s) else int(b) for s, b in enumerate(process.bankable)],
                 dtype=np.int8), np.int64(low_min), np.int64(high_min),
        np.int64(high), np.int64(process.exact_goal), np.int64(lock), stay, leave,
        np.ascontiguousarray(ending.Q, dtype=np.float64),
        np.ascontiguousarray(ending.R, dtype=np.float64),
        np.ascontiguousarray(ending.dstar, dtype=np.int64),
        np.int64(1 if rounds else cap_scale),  # rounds: cap_scale doubles M (above)
        *empty_scratch,
        *takeover, above_zero(process), np.int64(arrays.choice_points.max(initial=0)),
        (arrays.choice_points * size + arrays.choice_nexts).astype(np.uint64),
        np.zeros((1, size)), **memo_arrays(arrays, rules.players, 1, size))
    race = kernels.Race(np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64), np.zeros(1),
                        np.int64(goal), np.int64(rules.players),
                        np.int64(places), np.int64(rules.ending.code), np.int64(stop),
                        last, np.int64(goal ** (rules.players - 1)), layout, np.int64(0), parts)
    rows = int(process_kernels.table_size(race)[0]) + 1 + int(parts.most)  # past_top's rows
    parts = parts._replace(vals=np.zeros((rows, size, rules.players)),
                           dvals=np.zeros((rows, size)),
                           acts=np.zeros((rows, size), dtype=np.int8),
                           mover=np.zeros((rows, size)),
                           **memo_arrays(arrays, rules.players, rows, size, replay))
    if process.takeover:
        race = race._replace(process=parts)
        size = process_kernels.store_layout(race, parts.store_offsets, parts.store_tops)
        parts = parts._replace(store=np.zeros(size))
    race = race._replace(process=parts)
    if rounds:
        process_last_round.fill(race)
    return race


# The work of a solve, counted from the rules (:func:`pass_work`): the turn starts
# (places times score tuples), the turn totals ``t <= top`` of their tables, the
# operations of one sweep of every turn start, the last round's vectors (its turn
# starts), their operations and the floats of its tables.
Work = namedtuple("Work", "starts rows operations vectors last_round floats")


def _bank_rules(process: TurnProcess) -> tuple[int, int, int]:
    """The bundle's ``high_score``, ``min_low`` and ``min_high`` (units)."""
    if process.high_minimum is None:
        return 10 ** 9, process.minimum, process.minimum
    return process.high_score, process.minimum, process.high_minimum


def pass_work(process: TurnProcess, goal: int, rules: MatchRules) -> Work:
    """The :class:`Work` of a solve, counted before any table is built (a time estimate
    multiplies it).  One sweep of every turn start: at each turn total ``t`` up to its
    turn start's top (:func:`process_kernels.table_size` on the tops the bundle would
    have) the turn reads, in each state that can hold ``t`` (every state at 0, the
    :func:`above_zero` ones above it), each scoring outcome and each of its choices: an
    operation each.  Under equal turns the tops reach the last round's bound, and the
    last round's tables (:func:`process_last_round.plan`'s layout, which solves
    nothing) are counted as a turn over the first layer's totals for each vector of
    each layer (more than :func:`process_last_round.fill` sweeps: one table serves
    every score).  Two players only first to the goal (their round's tops need the last
    turn solved)."""
    if rules.players < 3 and rules.ending.last_round:
        raise ValueError("two players' tops under equal turns need the last turn solved")
    high, low_min, high_min = _bank_rules(process)
    reads = [sum(1 + len(choices) for _, choices in outcomes if choices)
             for outcomes in process.throws]
    row = sum(r for r, a in zip(reads, above_zero(process)) if a)
    dstar, vectors, last_round, floats = np.zeros(1, dtype=np.int64), 0, 0, 0
    if rules.ending.last_round:
        plan = process_last_round.plan(process, goal, rules.players)
        dstar, layers = plan.dstar, plan.layout
        vectors = sum(int(layers[R, SPAN]) * (rules.players - R) * goal ** R
                      for R in range(1, rules.players))
        last_round = vectors * (int(layers[1, SPAN]) + goal) * row
        floats = int(layers[0, 0])  # the tables' length (process_last_round.layout)
    tops = SimpleNamespace(exact_goal=int(process.exact_goal), high_score=high,
                           min_low=low_min, min_high=high_min, takeover=0, dstar=dstar,
                           cap_scale=1, states=len(process.states))
    shape = SimpleNamespace(goal=goal, players=rules.players, equal=rules.ending.code,
                            places=rules.ending.places(rules.players), process=tops)
    rows = process_kernels.table_size(shape)[1] // len(process.states)
    starts = shape.places * goal ** rules.players
    return Work(starts, rows, rows * row + starts * (sum(reads) - row), vectors, last_round,
                floats)


def slot_width(race: kernels.Race) -> int:
    """The most decision slots of a turn at any turn start (:func:`~jeopardy.match.
    process_kernels.turn`)."""
    width0, width1 = process_kernels.decision_widths(race.process)
    return int(width0 + process_kernels.table_size(race)[0] * width1)


def mixed_actions(race: kernels.Race, mixes: dict) -> kernels.Actions | None:
    """The kernels' actions of mixed turn starts (mode 2 rows; mode 0 elsewhere); None
    without any (every mover maximises)."""
    if not mixes:
        return None
    keys, tables = mix_arrays(mixes, int(race.goal) ** int(race.players), slot_width(race))
    return kernels.Actions(kernels.NO_ACTIONS.table, keys, tables)


def policy_values(race: kernels.Race, actions: kernels.Actions,
                  tolerance: float = 1e-15) -> tuple[np.ndarray, float]:
    """Policy evaluation: ``(values[place, index, m], largest residual)`` when the mover
    at each place plays ``actions`` (mode 1: ``actions.table[place, index]`` at the
    turn's decision slots, the rows of ``actions.mix_keys`` mixed) in the seated
    bundle ``race`` (:func:`bundle`).  With every action fixed each class map is
    affine and Newton's step solves it (:func:`jeopardy.match.kernels.solve_sums`)."""
    players = int(race.players)
    W = np.full((int(race.places), int(race.goal) ** players, players), 1.0 / players)
    sums.solve(race, W, tolerance, MAX_NEWTON_STEPS, 1, actions,
               stuck=lambda: JeopardyError("under these policies some turn start never ends"))
    return W, sums.residual(race, W, 1, actions)


def warm_up(process: TurnProcess, goal: int, rules: MatchRules, data: Ending = NO_ENDING,
            announced: bool = False) -> None:
    """Load the compiled kernels (numba's on-disk cache), or compile them, before a
    clock starts: the process solved to a small ``goal`` (its bundle has the types
    of any goal's).  Says so first where they must be compiled
    (:func:`jeopardy.compilation.announce_if_cold`; not again if ``announced``)."""
    race = bundle(process, goal, rules, data)
    W = np.full((int(race.places), goal ** rules.players, rules.players), 1.0 / rules.players)
    found = np.zeros((64, 2), dtype=np.int64)
    ints = np.zeros(1, dtype=np.int64)
    top_sum = rules.players * (goal - 1)
    if not announced:
        compilation.announce_if_cold(
            (kernels.solve_sums, race, W, ints, ints, top_sum, 0, MAX_NEWTON_STEPS, 1e-15, 0,
             None, found, 0, 1))
    order, starts = kernels.order_by_sum(race)
    kernels.solve_sums(race, W, order, starts, top_sum, 0, MAX_NEWTON_STEPS, 1e-15, 0,
                       None, found, 0, 1)
    kernels.bellman_residual(race, W, 0, None)


def solve(process: TurnProcess, goal: int, players: int = 2, ending: str = FIRST_TO_GOAL,
          data: Ending = NO_ENDING, tolerance: float = 1e-15,
          progress: Callable[[float], None] | None = None, cap_scale: int = 1,
          strict: bool = True, cap: int | None = None,
          replay: bool = True) -> ProcessSolution:
    """Solve the game of ``process`` to ``goal`` (units) for ``players`` players.

    ``data``: the two-player ending data of equal turns (without it, and with three or
    more players, the last round is the process's own:
    :mod:`jeopardy.match.process_last_round`); ``cap_scale`` multiplies every
    turn-total cap, and there the most points of a turn ``M`` (the tests double it).
    A turn that collects points without bound has its last round capped: the cap is
    chosen, and proved harmless over the solved values or grown and solved again
    (:func:`jeopardy.match.process_last_round.cap_holds`); ``cap`` fixes it instead
    (not proved: the tests compare caps).  A solution that did not converge
    raises :class:`~jeopardy.errors.NotConverged` unless ``strict`` is off
    (:mod:`jeopardy.convergence`).  ``replay`` off: every sweep compares every decision
    (the same values to the last bit, slower; :mod:`jeopardy.match.process_kernels`,
    "Replayed decisions").

    The Bellman residual is found as each class is solved
    (:func:`jeopardy.match.kernels.add_class_residual`); where a class was settled with
    mixed actions afterwards, by a sweep of every turn start at the end.
    """
    goal = validate.positive_int(goal, "goal")
    rules = MatchRules(players, ending)
    tolerance = validate.tolerance(tolerance)
    if not rules.ending.turn_processes:
        raise JeopardyError(f"a turn process is solved first to the goal or with equal turns; "
                            f"got {rules.ending!r}")
    if process.takeover and rules.players != 2:
        raise JeopardyError("taking the previous player's position over is solved for two "
                            "players")
    capped = False
    if rules.ending.last_round and (rules.players > 2 or data is NO_ENDING):
        capped = process_last_round.require_bounded(process, rules.players) is None
    if cap_scale < 1:
        raise JeopardyError(f"cap_scale must be at least 1; got {cap_scale}")
    started = time.perf_counter()
    tries = 1 if cap is not None or not capped else process_last_round.MAX_CAP_TRIES
    for attempt in range(tries):
        race = bundle(process, goal, rules, data, cap_scale, cap=cap, replay=replay)
        W, swept, mixes = _solve_race(process, race, tolerance, progress)
        if tries == 1:
            break
        holds, least = process_last_round.cap_holds(process, race, W)
        if holds:
            break
        if attempt == tries - 1:
            raise JeopardyError(f"{process.name} to {goal}, {rules}: could not prove a cap "
                                f"up to {int(race.cap)} harmless")
        cap = process_last_round.next_cap(process, goal, rules.players, int(race.cap), least)
    sweeps, unsettled, indifference = swept.sweeps, swept.unsettled, swept.indifference
    # every class's residual was found as it was solved; a class settled by mixing
    # afterwards changed: then every turn start is swept again
    residual = swept.residual
    if unsettled or mixes:
        residual = sums.residual(race, W, 0, mixed_actions(race, mixes))
    states = int(process_kernels.table_size(race)[1])
    return convergence.settled(
        ProcessSolution(process, goal, rules, W, race, residual, time.perf_counter() - started,
                        sweeps, states, unsettled, tolerance, mixes, indifference),
        f"{process.name} to {goal}, {rules}", strict)


def _solve_race(process: TurnProcess, race: kernels.Race, tolerance: float,
                progress: Callable[[float], None] | None):
    """The turn starts of a bundle solved down the score sums
    (:func:`jeopardy.match.sums.solve`): ``(W, its report, the mixed turn starts)``."""
    players, goal = int(race.players), int(race.goal)
    W = np.full((int(race.places), goal ** players, players), 1.0 / players)
    mixes: dict = {}

    def report(s: int, top: int, _: float) -> None:
        progress(1.0 - s ** 2 / (top + 1) ** 2)  # a low sum's turns are longer

    swept = sums.solve(race, W, tolerance, MAX_NEWTON_STEPS, 0, None, mixes,
                       None if progress is None else report,
                       lambda: JeopardyError(f"{process.name}: some turn start never ends"))
    return W, swept, mixes
