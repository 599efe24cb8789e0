"""Fuzz the Python API's entry points: any argument gives a result or a JeopardyError.

Each example calls one public entry point with arguments drawn from valid
values and from hostile ones (floats where integers belong, bools, NaN,
huge and negative numbers, strings, None, arrays of the wrong shape or
dtype).  Asserted: the call returns or raises :class:`JeopardyError` (never
another exception), and ends within :data:`DEADLINE` seconds under a 3 s
time budget.  Profiles as in tests/conftest.py.
"""
from __future__ import annotations

import os
import time

import numpy as np
import pytest
from hypothesis import given, note
from hypothesis import strategies as st

import fuzz_corpus  # its alarm bounds each call (profiles: tests/conftest.py)
from jeopardy.errors import JeopardyError

DEADLINE = 30.0


@pytest.fixture(autouse=True, scope="module")
def _small_budget():
    saved = {k: os.environ.get(k) for k in ("JEOPARDY_TIME_LIMIT", "JEOPARDY_MEMORY_LIMIT")}
    os.environ["JEOPARDY_TIME_LIMIT"] = "3"
    os.environ["JEOPARDY_MEMORY_LIMIT"] = "2G"
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


HOSTILE = [None, True, False, 2.5, -1.0, float("nan"), float("inf"), -1, 0, 10 ** 30,
           -(10 ** 30), 2 ** 63, "", "pig", "nope", "1/2", (), [1, 2], {}, np.int64(5),
           np.float64(3.0), np.array([1, 2]), object()]


def _int(low=0, high=60):
    return st.one_of(st.integers(low, high), st.sampled_from(HOSTILE))


def _models():
    from jeopardy.rules import PRESETS, game

    return st.one_of(st.sampled_from(["pig", "piglet", "two-dice-pig"]).map(game),
                     st.sampled_from(list(PRESETS) + ["nope"]), st.sampled_from(HOSTILE))


def _policy(goal_strategy):
    from jeopardy.match.policies import RacePolicy, hold_at

    def build(goal, h, kind, fill):
        try:
            if kind == "hold":
                return hold_at(goal, h)
            return RacePolicy("fuzz", goal, np.full((goal, goal, goal), fill))
        except JeopardyError:
            return None

    return st.builds(build, goal_strategy, st.integers(0, 30),
                     st.sampled_from(["hold", "table"]),
                     st.sampled_from([0, 1, True, 0.5, 2, np.nan]))


def _calls():
    from jeopardy.expected import policies as expected_policies
    from jeopardy.expected.solver import solve_expected
    from jeopardy.match import policies
    from jeopardy.match.evaluation import best_response, head_to_head
    from jeopardy.match.simulation import simulate_head_to_head as simulate
    from jeopardy.match.solver import solve
    from jeopardy.rules import dice_game, game, roll_model
    from jeopardy.rules.effects import add, bust
    from jeopardy.simultaneous.game import replies_to_pure, solve_simultaneous
    from jeopardy.turn.distribution import turn_distribution

    goal = st.integers(1, 25)
    policy = _policy(st.just(15))
    text = st.one_of(st.text(max_size=12), st.sampled_from(
        ["k < 20", "k/0 > 1", "9**9**9 > 1", "k <", "max(i, j) > 3 or k < 4", "goal - k > i"]))
    return st.one_of(
        st.tuples(st.just(solve), _models(), _int(1, 40),
                  st.one_of(st.just(1e-15), st.sampled_from(HOSTILE))),
        st.tuples(st.just(head_to_head), _models(), policy, policy),
        st.tuples(st.just(best_response), _models(), policy),
        st.tuples(st.just(simulate), _models(), policy, policy, _int(1, 200), _int(0, 10)),
        st.tuples(st.just(policies.hold_at), _int(1, 30), _int(0, 30)),
        st.tuples(st.just(policies.from_formula), _int(1, 20), st.one_of(text, st.sampled_from(HOSTILE))),
        st.tuples(st.just(policies.RacePolicy), st.text(max_size=3), _int(1, 6),
                  st.sampled_from([np.zeros((3, 3, 3)), np.ones((3, 3, 3), bool),
                                   np.full((3, 3, 3), 0.5), np.zeros((3, 3)), "abc", None,
                                   np.zeros((3, 3, 3), dtype=object)])),
        st.tuples(st.just(dice_game), _int(0, 12), _int(0, 3), st.one_of(
            st.tuples(st.integers(-1, 12)), st.sampled_from(HOSTILE)),
            st.sampled_from(["bust", "bust_all", "nope", 3])),
        st.tuples(st.just(game), st.sampled_from(["pig", "linux-magazin", "piglet", "nope", 3]),
                  st.one_of(st.none(), _int(0, 10)), st.one_of(st.none(), _int(0, 10))),
        st.tuples(st.just(roll_model), st.text(max_size=3), st.sampled_from([
            {add(2): "1/2", bust: "1/2"}, {add(2): 0.5, bust: "1/2"}, {add(-1): "1/2", bust: "1/2"},
            {add(10 ** 30): "1/2", bust: "1/2"}, {add(2.5): "1/2", bust: "1/2"},
            {add(2): "1/3", bust: "1/2"}, {add(2): "x", bust: "1/2"}, {}])),
        st.tuples(st.just(turn_distribution), _models(), _int(0, 40)),
        st.tuples(st.just(solve_simultaneous), _models(), _int(1, 30)),
        st.tuples(st.just(replies_to_pure), _models(), _int(1, 20)),
        st.tuples(st.just(solve_expected), st.sampled_from(["think", "pig", 3]), _int(1, 6),
                  st.sampled_from([expected_policies.optimal(), expected_policies.hold_at(20)])),
        st.tuples(st.just(expected_policies.linear), _int(-2, 3), _int(-2, 3), _int(-2, 30)),
        st.tuples(st.just(expected_policies.hold_at), _int(0, 30)),
    )


@pytest.mark.slow
@given(st.data())
def test_api_fuzz(data):
    function, *args = data.draw(_calls())
    note(f"{function.__name__}{tuple(args)!r}")
    started = time.perf_counter()
    try:
        with fuzz_corpus.alarm(int(2 * DEADLINE)):  # a hang fails with its arguments
            function(*args)
    except JeopardyError as error:
        assert "\n" not in str(error)
    assert time.perf_counter() - started < DEADLINE


@pytest.mark.parametrize("call", [
    pytest.param(lambda: __import__("jeopardy.match.solver").match.solver.solve("pig", 10),
                 id="solve-accepts-a-preset-name"),
])
def test_presets_are_accepted_where_models_are_expected(call):
    assert call().goal == 10


@pytest.mark.parametrize("call, parameter", [
    pytest.param(lambda: __import__("jeopardy.simultaneous.game").simultaneous.game
                 .solve_simultaneous("pig", max_hold=2.5), "max_hold", id="max-hold-float"),
    pytest.param(lambda: __import__("jeopardy.match.solver").match.solver.solve("pig", 10,
                                                                              tolerance=-1),
                 "tolerance", id="negative-tolerance"),
    pytest.param(lambda: _simulate(games=10.5), "games", id="fractional-games"),
    pytest.param(lambda: _game("pig", object(), None), "faces", id="game-faces-object"),
    pytest.param(lambda: _game("pig", np.array([1, 2]), None), "faces", id="game-faces-array"),
    pytest.param(lambda: _game("pig", None, object()), "bad_face", id="game-bad-face-object"),
    pytest.param(lambda: _game("pig", None, np.array([1, 2])), "bad_face",
                 id="game-bad-face-array"),
    pytest.param(lambda: __import__("jeopardy.match.policies").match.policies.RacePolicy(
        "x", 3, np.full((3, 3, 3), 0.5)), "roll", id="float-table"),
    pytest.param(lambda: __import__("jeopardy.match.policies").match.policies.RacePolicy(
        "x", 3, np.zeros((3, 3))), "roll", id="wrong-shape-table"),
])
def test_errors_name_the_python_parameter(call, parameter):
    """(The game(...) rows: the fuzz's long profile found them as tracebacks.)"""
    from jeopardy.validate import ParameterError

    with pytest.raises(ParameterError) as caught:
        call()
    assert caught.value.parameter == parameter
    assert str(caught.value).startswith(parameter + " ")


def _game(*args):
    from jeopardy.rules import game

    return game(*args)


def _simulate(games):
    from jeopardy.match.policies import hold_at
    from jeopardy.match.simulation import simulate_head_to_head as simulate

    return simulate("pig", hold_at(20, 5), hold_at(20, 5), games)


def test_dice_game_accepts_a_single_bad_face():
    from jeopardy.rules import dice_game

    assert dice_game(faces=10, bad_faces=2).name == dice_game(faces=10, bad_faces=(2,)).name
