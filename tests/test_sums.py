"""The score sums solved on every core, and classes moved instead of swept
(jeopardy.match.sums, jeopardy.match.kernels.moved_class).

The classes of one score sum are independent, so the lanes a sum is split into
and the threads that solve them change nothing: not a bit of a value, not a
sweep counted, not a mixed action.  These tests solve the same games with one
thread and with several (and with many more lanes than threads), roll models
and turn processes, pure and mixed, and compare everything.
"""
from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from jeopardy.errors import JeopardyError
from jeopardy.farkle import core
from jeopardy.farkle.turn import FarkleRules
from jeopardy.fast_pig import solve as fast_pig_solve
from jeopardy.match import process_kernels, process_solver, solver, sums
from jeopardy.match.rules import MatchRules
from jeopardy.rules.fast_pig import FastPigRules


def _same(first, second):
    """Two match or process solutions agree in every stored bit that a solve decides."""
    assert np.array_equal(first.values, second.values)
    assert first.sweeps == second.sweeps
    assert first.max_residual == second.max_residual
    assert sorted(first.mixes) == sorted(second.mixes)
    for key, table in first.mixes.items():
        assert np.array_equal(table, second.mixes[key])


def _pig_62(pig):
    return solver.solve(pig, 62, 3)


def _fast_pig_22(pig):
    return fast_pig_solve(FastPigRules("test", 3, 5, 0, 22), 3).solution


def _farkle_round(pig):
    return core.solve(FarkleRules(goal=1_500)).solution


@pytest.mark.parametrize("game", [_pig_62, _fast_pig_22, _farkle_round],
                         ids=["pig-62-three-players-mixed", "fast-pig-22-three-players-mixed",
                              "ten-thousand-1500-round"])
def test_threads_and_lanes_change_nothing(pig, monkeypatch, game):
    monkeypatch.setenv("JEOPARDY_THREADS", "1")
    alone = game(pig)
    monkeypatch.setenv("JEOPARDY_THREADS", "3")
    _same(alone, game(pig))
    # every sum cut into many more lanes than threads (each lane's call "too long")
    monkeypatch.setattr(sums, "CHUNK_SECONDS", 1e-9)
    _same(alone, game(pig))
    assert alone.converged


def test_a_lane_bundle_has_scratch_of_its_own(pig):
    """A turn process's bundle carries the tables its sweep writes: a thread sweeping
    beside others gets its own, and shares everything else."""
    process = core.turn_process(FarkleRules(goal=1_000))
    bundle = process_solver.bundle(process, 20, MatchRules(2))
    own = sums.own_scratch(bundle)
    for name in process_kernels.SCRATCH:
        mine, theirs = getattr(own.process, name), getattr(bundle.process, name)
        assert mine.shape == theirs.shape and not np.shares_memory(mine, theirs)
    shared = [name for name in bundle.process._fields if name not in process_kernels.SCRATCH]
    assert all(getattr(own.process, name) is getattr(bundle.process, name) for name in shared)
    roll_model = solver.bundle(pig, 10, MatchRules(3), 10)
    assert sums.own_scratch(roll_model) is roll_model


@pytest.mark.parametrize("given", ["0", "-2", "three", "65"])
def test_a_bad_thread_count_is_refused_in_one_line(pig, monkeypatch, given):
    monkeypatch.setenv("JEOPARDY_THREADS", given)
    with pytest.raises(JeopardyError, match="JEOPARDY_THREADS must be"):
        solver.solve(pig, 10, 3)
    done = subprocess.run([sys.executable, "-m", "jeopardy", "solve", "--players", "3",
                           "--goal", "10"], capture_output=True, text=True,
                          env={**os.environ, "JEOPARDY_THREADS": given}, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert lines[-1].startswith("jeopardy: error: JEOPARDY_THREADS must be")
    assert "Traceback" not in done.stderr


def test_moved_classes_skip_the_confirming_sweep_and_change_nothing(pig):
    """4-player Pig to 24: a class moved along its slopes instead of swept again
    (kernels.moved_class) is a class swept: the solve's values agree with the policy
    evaluation of its own actions (mode 1, which never moves) to rounding, and the
    solve sweeps each turn start about once instead of twice."""
    solution = solver.solve(pig, 24, 4)
    starts = 24 ** 4
    assert solution.converged and not solution.mixes
    assert solution.sweeps < 1.2 * starts  # without moves: 2 sweeps per turn start
    race = solver.bundle(pig, 24, solution.rules, solution.cap)
    W = np.full((1, starts, 4), 0.25)
    solver._iterate(pig, race, W, 1e-15, 10, None, solution.equilibrium_actions())
    assert np.max(np.abs(W - solution.values)) < 1e-14


@pytest.mark.parametrize("name", ["pig", "two-dice-pig"])
def test_the_pair_method_in_lanes_is_the_same_to_the_last_bit(monkeypatch, name):
    """Two players first to the goal (the pair method): the pairs of each score sum in
    lanes on 3 threads, and the residual's rows too, give the values, sweeps and
    residual of one thread (from goal 2 up: THREADED_GOAL lowered)."""
    from jeopardy.match import pair
    from jeopardy.rules import presets

    model = presets.game(name)
    monkeypatch.setattr(pair, "THREADED_GOAL", 2)
    monkeypatch.setenv("JEOPARDY_THREADS", "1")
    one = pair.solve(model, 60)
    monkeypatch.setenv("JEOPARDY_THREADS", "3")
    three = pair.solve(model, 60)
    assert np.array_equal(one.values, three.values)
    assert (one.sweeps, one.passes) == (three.sweeps, three.passes)
    assert one.max_residual == three.max_residual < 1e-14


@pytest.mark.parametrize("threads", ["1", "3"])
def test_the_pair_residual_in_lanes_reads_every_row(monkeypatch, threads):
    """A value moved by 0.01 in any row of the table shows in the residual, whatever
    the threads and lanes its rows are split into."""
    from jeopardy.match import pair, pair_kernels
    from jeopardy.rules import presets

    model = presets.game("pig")
    monkeypatch.setattr(pair, "THREADED_GOAL", 2)
    monkeypatch.setenv("JEOPARDY_THREADS", threads)
    solved = pair.solve(model, 60)
    for row in range(60):
        moved = solved.values.copy()
        moved[row, 7] += 0.01
        assert pair.max_residual(model, 60, pair_kernels.self_play(moved)) > 0.005, row


def test_an_n_player_solve_reports_its_sweeps_then_its_check(pig, monkeypatch):
    """The progress of a solve rises to ``SWEEPS_SHARE`` with the share of turn starts
    swept, then to 1 as the residual's check goes through its blocks (4-player Pig to
    100 showed 100% two minutes before its end, and 75% after 344 of 356 s of sweeps
    when the share was the score sum's); the values are those of a solve without it."""
    monkeypatch.setenv("JEOPARDY_THREADS", "2")
    monkeypatch.setattr(sums, "CHUNK_SECONDS", 1e-9)  # many blocks, so the check reports
    seen = []
    solved = solver.solve(pig, 30, 3, progress=seen.append)
    _same(solved, solver.solve(pig, 30, 3))
    assert seen == sorted(seen) and seen[-1] == 1.0
    sweeps = [done for done in seen if done <= solver.SWEEPS_SHARE]
    checks = [done for done in seen if solver.SWEEPS_SHARE < done < 1.0]
    assert sweeps[-1] == solver.SWEEPS_SHARE and len(checks) >= 2
    # weighted by turn starts: the highest quarter of the sums holds a few hundredths of
    # the turn starts of three players (the share of the sums said a quarter)
    race = solver.bundle(pig, 30, MatchRules(3, "first-to-goal"), 30)
    _, starts = solver.kernels.order_by_sum(race)
    top, quarter = 3 * 29, (3 * 29 + 1) // 4
    first = seen[quarter - 1] / solver.SWEEPS_SHARE
    assert first == pytest.approx((starts[-1] - starts[top - quarter + 1]) / starts[-1])
    assert first < 0.1
