"""Unit tests of the turn-process kernels' shortcuts (jeopardy.match.process_kernels),
each against the computation it stands for."""
import dataclasses
import itertools

import numpy as np
import pytest

from jeopardy import compilation
from jeopardy.farkle import core, house
from jeopardy.farkle.ending import round_ending
from jeopardy.farkle.turn import FarkleRules
from jeopardy.match import kernels, process_kernels, process_solver
from jeopardy.match.rules import FIRST_TO_GOAL, MatchRules
from jeopardy.rules import fast_pig
from jeopardy.rules.fast_pig import FastPigRules


# These tests call the kernels without a solver's warm-up: drop a cache that an edit of
# a kernel left stale first (jeopardy.compilation), as the command line does.
compilation.drop_stale_cache()


# ----------------------------------------------------------------- past_top
@pytest.mark.parametrize("players, first, exact, lock, settled", [
    pytest.param(2, True, False, -1, False, id="first-of-the-round"),
    pytest.param(2, False, False, -1, False, id="last-of-the-round"),
    pytest.param(2, True, False, 2, False, id="lock-state"),
    pytest.param(2, True, False, 0, False, id="lock-state-first"),
    pytest.param(2, True, True, -1, False, id="exact-goal"),
    pytest.param(2, True, False, -1, True, id="settled-takeover"),
    pytest.param(3, False, False, 1, False, id="three-players-lock"),
    pytest.param(3, True, False, -1, False, id="three-players-first"),
])
def test_the_rows_past_the_top_are_what_beyond_gives(players, first, exact, lock, settled):
    """past_top computes one state's value per total and copies it to the states that are
    neither the lock state nor settled: every row past the top must equal beyond() called
    for each state and player (the unskipped computation), and the slope the rules give
    (lost past the goal: 1; the lock state: its tail's bust chance; settled: the tail's;
    else 0)."""
    rng = np.random.default_rng(7)
    states, top, most, own, second = 4, 5, 9, 3, 2
    rows = top + most + 1
    V = np.full((rows, states, players), -1.0)
    D = np.full((rows, states), -1.0)
    M = np.full(rows * states, -1.0)
    Q, R = rng.random((2, 40)), rng.random((2, 40))
    bust_vec = rng.dirichlet(np.ones(players))
    tail = rng.random((3, states))
    lock_slope, lock_leave, row = 0.3, 0.6, 1
    exits = (first, exact, lock, lock_slope, lock_leave, Q, R, row, bust_vec, settled, tail)
    process_kernels.past_top(V, D, M, top, top + most, own, second, exits)
    beyond = process_kernels.beyond.py_func
    for u, s in itertools.product(range(top + 1, top + most + 1), range(states)):
        d = own + u - second
        values = [beyond(m, d, s, exits) for m in range(players)]
        assert M[u * states + s] == values[0]
        if players > 2:  # the others' values are read past the table too
            assert list(V[u, s]) == values
        slope = tail[1, s] if settled else 1.0 if exact else lock_slope if s == lock else 0.0
        assert D[u, s] == slope
    assert (M[:(top + 1) * states] == -1.0).all() and (D[:top + 1] == -1.0).all()


@pytest.mark.parametrize("players", [2, 3])
def test_the_rows_past_the_top_before_the_end_of_the_round_are_past_caps(players):
    """A mover before the end of the round whose last round is the process's own (hot
    dice: capped, process_last_round) is stopped past its top, banked: past_cap_rows must
    put past_cap's value of each total in every state (for three players every player's:
    the turn reads them past the table) and a slope of 0 (a bank), and leave the table's
    own rows alone."""
    from jeopardy.match.last_round import stop_slice

    rules = FarkleRules(goal=500)
    race = process_solver.bundle(core.turn_process(rules), rules.goal // core.UNIT,
                                 MatchRules(players, core.ending_of(False)))
    goal, states, most = int(race.goal), int(race.process.states), int(race.process.most)
    checked = 0
    high = goal ** (players - 1)  # a turn start's index: own * high + the others' scores
    for index, place in ((0, 0), (3 * high + 7, 0), (9 * high, 0), (5 * high + 2, players - 2)):
        own, second, first, top = process_kernels.frame.py_func(race, index, place)
        assert first and top == int(race.cap) - 1 - own  # the capped table
        where = stop_slice(race, place, index)
        rows = top + most + 1
        V = np.full((rows, states, players), -1.0)
        D = np.full((rows, states), -1.0)
        M = np.full(rows * states, -1.0)
        ends = process_kernels.last_ends(race)
        process_kernels.past_cap_rows(ends, where, place, V, D, M, top, top + most, own)
        for u, s in itertools.product(range(top + 1, top + most + 1), range(states)):
            values = [process_kernels.past_cap(ends, where, place, own + u, m)
                      for m in range(players)]
            assert M[u * states + s] == values[0]
            if players > 2:
                assert list(V[u, s]) == values
            assert D[u, s] == 0.0
            checked += 1
        assert (M[:(top + 1) * states] == -1.0).all() and (D[:top + 1] == -1.0).all()
    assert checked > 0


# ------------------------------------------------------- replayed decisions
def _farkle(first_to_reach, **rules):
    rules = FarkleRules(goal=1000, **rules)
    return (core.turn_process(rules), rules.goal // core.UNIT, 2, core.ending_of(first_to_reach),
            round_ending(rules, first_to_reach))


def _family():
    rules = dataclasses.replace(house.rules_named("docs/examples/family.toml").rules, goal=1000)
    return (core.turn_process(rules), rules.goal // core.UNIT, 2, core.ending_of(False),
            round_ending(rules, False))


def _own_round(players, goal):
    """Ten Thousand (hot dice) under the round ending with the last round the process's
    own (no ending data): capped, the cap proved (process_last_round)."""
    rules = FarkleRules(goal=goal)
    return (core.turn_process(rules), goal // core.UNIT, players, core.ending_of(False),
            process_solver.NO_ENDING)


def _fast_pig(players, goal, faces, max_dice):
    rules = FastPigRules("test", faces, max_dice, 0, goal)
    return fast_pig.turn_process(rules), goal, players, FIRST_TO_GOAL, process_solver.NO_ENDING


@pytest.mark.parametrize("game", [
    pytest.param(lambda: _farkle(False), id="ten-thousand-round"),
    pytest.param(lambda: _farkle(True), id="ten-thousand-first-to-reach"),
    pytest.param(_family, id="family-any-scoring-part"),
    pytest.param(lambda: _farkle(False, no_stop_on_six=True), id="IV.1-lock-state"),
    pytest.param(lambda: _farkle(False, exact_goal=True), id="IV.3-exact-goal"),
    pytest.param(lambda: _farkle(False, high_min_bank=500, high_score=500), id="IV.2"),
    pytest.param(lambda: _fast_pig(2, 30, 6, 5), id="fast-pig"),
    pytest.param(lambda: _fast_pig(3, 22, 3, 5), id="three-players-mixed"),
    pytest.param(lambda: _own_round(2, 1000), id="ten-thousand-own-capped-round"),
    pytest.param(lambda: _own_round(3, 300), id="three-players-capped-round"),
])
def test_replayed_decisions_give_the_values_of_compared_ones(game, monkeypatch):
    """The class solve replays a member's recorded decisions where their gain exceeds the
    bust target's move (process_kernels, "Replayed decisions"): the solution must be the
    one that compares every decision, to the last bit, with the same sweeps; decisions
    are replayed (not none); and the residual found class by class is the one a sweep of
    every turn start finds."""
    monkeypatch.setenv("JEOPARDY_THREADS", "1")  # one bundle: its count of replays is all
    args = game()
    replayed = process_solver.solve(*args)
    compared = process_solver.solve(*args, replay=False)
    assert np.array_equal(replayed.values, compared.values)
    assert replayed.max_residual == compared.max_residual
    assert replayed.sweeps == compared.sweeps
    assert replayed.race.process.replayed[0] > 0
    assert compared.race.process.replayed[0] == 0
    actions = process_solver.mixed_actions(replayed.race, replayed.mixes)
    assert replayed.max_residual == kernels.bellman_residual(replayed.race, replayed.values, 0,
                                                             actions)


@pytest.mark.parametrize("game", [
    pytest.param(lambda: _farkle(False), id="ten-thousand-round"),
    pytest.param(_family, id="family-any-scoring-part"),
    pytest.param(lambda: _farkle(False, no_stop_on_six=True), id="IV.1-lock-state"),
])
def test_a_sweep_replays_only_the_decisions_that_must_stay(game):
    """One turn start swept at a bust target, then at another: the second sweep (replaying
    the first's decisions where their gain exceeds the move) gives the values of a sweep
    that compares every decision, for a move of 1e-9 (nearly every decision replayed) and
    for moves of 0.05 and 0.5 (many decisions change)."""
    args = game()
    process, goal, players, ending, data = args
    margin = process_solver.bundle(process, goal, MatchRules(players, ending),
                                   data).process.margin
    solution = process_solver.solve(*args, replay=False)  # this test's subject out of the solve
    race = solution.race._replace(process=solution.race.process._replace(margin=margin))
    W = solution.values
    n = race.players
    vals, dvals, acts, work = np.empty((2, n)), np.empty(2), np.empty(2, dtype=np.int8), \
        np.empty((4, n))

    def sweep(index, place, mover, slot):
        process_kernels.remember(race.process, slot)
        y = np.array([1.0 - mover, mover])  # rotate(y)[0] = y[1]: the mover's component
        process_kernels.process_sweep(race, W, index, place, y, vals, dvals, acts, work, 0,
                                      None, None)
        process_kernels.remember(race.process, -1)
        return (race.process.vals.copy(), race.process.dvals.copy(),
                race.process.acts.copy())

    goal = int(race.goal)
    changed = 0  # sweeps whose throws and banks differ from the first's
    for index in (0, 3 * goal + 7, 11 * goal + 2, 17 * goal + 19):
        for place in range(int(race.places)):
            for move in (1e-9, 0.05, 0.5):
                first = sweep(index, place, 0.3, 0)
                before = race.process.replayed[0]
                replayed = sweep(index, place, 0.3 + move, 0)
                compared = sweep(index, place, 0.3 + move, -1)
                assert np.array_equal(replayed[0], compared[0])
                assert np.array_equal(replayed[1], compared[1])
                if move == 1e-9:
                    assert race.process.replayed[0] > before
                changed += not np.array_equal(first[2], compared[2])
    assert changed > 0


def test_solve_two_solves_both_systems_as_numpy_does():
    """settle's linear solves (rule IV.5): two right-hand sides at once, with a row swap
    where a pivot is 0 or small, and a refusal of a singular system; against numpy's
    LAPACK solve to 1e-12 on matrices of settle's form (I - P, P substochastic) and on
    general ones."""
    rng = np.random.default_rng(5)
    for size in (1, 2, 5, 7):
        for form in ("settle", "general", "zero pivot"):
            if form == "settle":
                P = rng.random((size, size))
                P *= rng.uniform(0.2, 0.95, size)[:, None] / P.sum(axis=1)[:, None]
                A = np.eye(size) - P
            else:
                A = rng.normal(size=(size, size))
                if form == "zero pivot":
                    A[0, 0] = 0.0
                    if size == 1:
                        continue
            b, c = rng.normal(size=size), rng.normal(size=size)
            x, y = b.copy(), c.copy()
            process_kernels.solve_two(A.copy(), x, y)
            assert np.allclose(x, np.linalg.solve(A, b), rtol=0, atol=1e-12), (size, form)
            assert np.allclose(y, np.linalg.solve(A, c), rtol=0, atol=1e-12), (size, form)
    with pytest.raises(ValueError, match="singular"):
        process_kernels.solve_two(np.array([[1.0, 2.0], [2.0, 4.0]]), np.ones(2), np.ones(2))
