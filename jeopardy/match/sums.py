"""The score sums, highest first: every rotation class of each sum, on every core.

The match solver (:mod:`jeopardy.match.solver`), the turn-process solver
(:mod:`jeopardy.match.process_solver`) and policy evaluation all solve a game
the same way: score sums from the highest down, each rotation class of a sum
by Newton's step around the class (:func:`jeopardy.match.kernels.solve_sums`),
then the classes whose pure best responses cycle settled with mixed actions
(:func:`settle`, on every thread too).  :func:`solve` is that loop,
written once.

Why the classes of one sum can be solved at once.  A class at score sum ``s``
reads the turn starts a bank leads to (a higher sum: the banked points are
positive), the start of each member's neighbour in a higher sum (the Newton
start), and its own members (a bust passes the turn with the scores
unchanged).  A bust-all lowers the sum and reads that sum as the pass before
left it (the caller repeats passes).  No class reads another class of its own
sum, so the classes of a sum split into *lanes* (every ``lanes``-th class of
the sum's run of turn starts) solved by the kernel in threads (the kernels
release the GIL): the values are the same to the last bit whatever the number
of threads, and so are the sweeps counted.  Mixed settling runs after the sum,
before any lower sum reads it.

A sum is split into more lanes than threads when its kernel calls would take
longer than :data:`jeopardy.interrupts.CHUNK_SECONDS` (timed on the sums
before), so that Ctrl-C is answered within about that time: the interrupt
waits only for the lanes already running.

:func:`residual` is the Bellman residual over every turn start in blocks, in
the same threads.
"""
from __future__ import annotations

import math
import os
import queue
import time
from concurrent.futures import ThreadPoolExecutor, as_completed, wait
from dataclasses import dataclass
from typing import Callable

import numpy as np

from jeopardy.errors import JeopardyError
from jeopardy.interrupts import CHUNK_SECONDS
from jeopardy.match import kernels, mixing, process_kernels

FOUND_ROWS = 64  # unsettled classes a lane reports by name (more are counted)
MAX_THREADS = 64
MAX_LANES = 64  # lanes per thread in one sum, at most (each lane's call has its overhead)
_pools: dict[int, ThreadPoolExecutor] = {}


def threads() -> int:
    """Threads the solvers use: ``JEOPARDY_THREADS`` if set (1: none), else the cores
    this process may run on."""
    given = os.environ.get("JEOPARDY_THREADS", "").strip()
    if given:
        try:
            count = int(given)
        except ValueError:
            raise JeopardyError(f"JEOPARDY_THREADS must be a whole number; got {given!r}") \
                from None
        if not 1 <= count <= MAX_THREADS:
            raise JeopardyError(f"JEOPARDY_THREADS must be 1 to {MAX_THREADS}; got {count}")
        return count
    try:
        return max(1, min(MAX_THREADS, len(os.sched_getaffinity(0))))
    except AttributeError:  # not on Linux
        return max(1, min(MAX_THREADS, os.cpu_count() or 1))


def own_scratch(race: kernels.Race) -> kernels.Race:
    """``race`` with scratch tables of its own, for a thread sweeping beside others: a
    turn process's bundle carries the tables its sweep writes
    (:data:`jeopardy.match.process_kernels.SCRATCH`); a roll model's carries none (nor
    does ``None``, the pair method's: its kernels allocate their own)."""
    if race is None or race.process is None:
        return race
    fresh = {name: np.zeros_like(getattr(race.process, name))
             for name in process_kernels.SCRATCH}
    return race._replace(process=race.process._replace(**fresh))


def run_lanes(task: Callable[[kernels.Race, int, int], object], race: kernels.Race,
              lanes: int, count: int, done: Callable[[float], None] | None = None) -> list:
    """``[task(bundle, lane, lanes) for lane in range(lanes)]``, on ``count`` threads,
    each with a bundle of its own scratch (:func:`own_scratch`); on an interrupt the
    lanes not begun are cancelled and the running ones awaited (each is a short kernel
    call), then the interrupt goes on.  ``done(share)``: told in this thread, as lanes
    finish, the share of them finished."""
    if count <= 1 or lanes <= 1:
        results = []
        for lane in range(lanes):
            results.append(task(race, lane, lanes))
            if done is not None:
                done((lane + 1) / lanes)
        return results
    pool = _pools.get(count)
    if pool is None:
        pool = _pools[count] = ThreadPoolExecutor(count, thread_name_prefix="jeopardy-sums")
    # A bundle is taken for a lane and given back after it: at most ``count`` lanes run
    # at once, so none waits and no two running lanes share scratch.
    bundles: queue.SimpleQueue = queue.SimpleQueue()
    for _ in range(min(count, lanes)):
        bundles.put(own_scratch(race))

    def lane_with_a_bundle(lane: int):
        bundle = bundles.get()
        try:
            return task(bundle, lane, lanes)
        finally:
            bundles.put(bundle)

    futures = [pool.submit(lane_with_a_bundle, lane) for lane in range(lanes)]
    try:
        if done is not None:
            for finished, _ in enumerate(as_completed(futures), start=1):
                done(finished / lanes)
        return [future.result() for future in futures]
    except BaseException:
        for future in futures:
            future.cancel()
        wait(futures)
        raise


@dataclass
class Swept:
    """What :func:`solve` did: kernel sweeps, the largest class residual the kernel
    left, classes left unsettled, the largest indifference gap of a mixed action."""

    sweeps: int = 0
    worst: float = 0.0
    unsettled: int = 0
    indifference: float = 0.0
    residual: float = 0.0  # a turn process's: the classes' Bellman residual (mode 0)


def solve(race: kernels.Race, W: np.ndarray, tolerance: float, max_steps: int, mode: int = 0,
          actions: kernels.Actions | None = None, mixes: dict | None = None,
          progress: Callable[[int, int, float], None] | None = None,
          stuck: Callable[[], Exception] | None = None) -> Swept:
    """Every score sum of ``W`` from the highest down (one pass), in place.

    ``mode`` 0 (``actions`` None): every mover maximises, and classes whose pure best
    responses cycle are settled with mixed actions, added to ``mixes``; 1: the movers
    play ``actions`` (nothing to settle; such classes are only counted).
    ``progress(s, top, done)`` after each sum ``s`` (``top`` the highest; ``done`` the
    share of the turn starts swept so far).  ``stuck()``:
    the error to raise where some class never ends (nobody banks around it).
    """
    order, starts = kernels.order_by_sum(race)
    players = int(race.players)
    top = players * (int(race.goal) - 1)
    total = max(1, int(starts[top + 1]))
    count = threads()
    swept = Swept()
    per_position = 0.0  # seconds of one turn start's class share, from the sums before
    for s in range(top, -1, -1):
        positions = int(starts[s + 1] - starts[s])
        guess = per_position * positions / CHUNK_SECONDS
        lanes = min(count * min(MAX_LANES, max(1, math.ceil(guess / count))), max(1, positions))

        def lane_task(bundle: kernels.Race, lane: int, lanes: int):
            found = np.zeros((FOUND_ROWS, 2), dtype=np.int64)
            result = kernels.solve_sums(bundle, W, order, starts, s, s, max_steps, tolerance,
                                        mode, actions, found, lane, lanes)
            # a turn process's classes found their Bellman residual as they were solved,
            # in the lane's bundle (kernels.add_class_residual)
            return result, found, class_residual(bundle)

        began = time.perf_counter()
        results = run_lanes(lane_task, race, lanes, count)
        if positions:
            per_position = (time.perf_counter() - began) * min(count, lanes) / positions
        rows = []  # the classes to settle with mixed actions, named by the lanes
        for (sweeps, worst, left, stuck_classes, _), found, residual in results:
            swept.residual = max(swept.residual, residual)
            if stuck_classes:
                raise (stuck() if stuck is not None else
                       JeopardyError("some turn start never ends: every player passes "
                                     "without banking around a cycle of turns"))
            swept.sweeps += sweeps
            swept.worst = max(swept.worst, worst)
            named = min(left, len(found)) if mode == 0 else 0
            rows.extend((int(index), int(r0)) for index, r0 in found[:named])
            swept.unsettled += left - named  # past the lane's table: counted, not searched
        if rows:
            more, gap = settle(race, W, rows, mixes, count)
            swept.unsettled += more
            swept.indifference = max(swept.indifference, gap)
        if progress is not None:
            progress(s, top, (total - int(starts[s])) / total)
    return swept


def settle(race: kernels.Race, W: np.ndarray, rows: list, mixes: dict,
           count: int) -> tuple[int, float]:
    """The classes ``rows`` (``(index, r0)``) of one score sum settled with mixed actions
    (:func:`jeopardy.match.mixing.settle`) on ``count`` threads: like the sum's classes,
    they read only higher sums and their own members, and each writes only its members'
    values.  Their mixes go into ``mixes`` in the order of ``rows`` whatever the
    threads; returns ``(classes left unsettled, largest indifference gap)``.  (The
    mixing's fixed points and sweeps are compiled and release the GIL; its Python
    between them runs one thread at a time.)"""
    def lane_task(bundle: kernels.Race, lane: int, lanes: int) -> list:
        return [(at, mixing.settle(bundle, W, *rows[at])) for at in range(lane, len(rows), lanes)]

    settled = sorted((pair for part in run_lanes(lane_task, race, min(count, len(rows)), count)
                      for pair in part), key=lambda pair: pair[0])
    unsettled, indifference = 0, 0.0
    for _, result in settled:
        if result is None:
            unsettled += 1
        else:
            mixes.update(result[0])
            indifference = max(indifference, result[1])
    return unsettled, indifference


def class_residual(race: kernels.Race) -> float:
    """The largest Bellman residual of the classes a turn process's bundle solved
    (:func:`jeopardy.match.kernels.add_class_residual`); 0 for a roll model's."""
    return 0.0 if race.process is None else float(race.process.memo_residual[0])


def residual(race: kernels.Race, W: np.ndarray, mode: int = 0,
             actions: kernels.Actions | None = None,
             progress: Callable[[float], None] | None = None) -> float:
    """:func:`jeopardy.match.kernels.bellman_residual` over every turn start, in blocks
    on every thread (the largest of the blocks' residuals: the same number);
    ``progress(done)``, the share of the blocks checked, as they finish (4-player Pig to
    100: two minutes of checking after the solve's sweeps)."""
    count = threads()
    size = int(W.shape[0]) * int(W.shape[1])
    seconds = 2e-6 * size  # about a sweep per turn start: blocks of CHUNK_SECONDS
    lanes = count * min(MAX_LANES, max(1, math.ceil(seconds / CHUNK_SECONDS / count)))
    lanes = min(lanes, max(1, int(W.shape[1])))

    def block(bundle: kernels.Race, lane: int, lanes: int) -> float:
        return kernels.solve_sums(bundle, W, kernels.NO_ORDER, kernels.NO_ORDER, 0, 0, 0, 0.0,
                                  mode, actions, kernels.NO_FOUND, lane, lanes)[1]

    return float(max(run_lanes(block, race, lanes, count, progress)))
