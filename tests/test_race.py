"""Race solver: kernels vs the plain reference, residuals, properties, files."""
import json

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

from jeopardy import published
from jeopardy.cli.main import cli
from jeopardy.errors import JeopardyError
from oracles.pair import value_iteration
from jeopardy.match.solver import load, solve
from jeopardy.rules import PRESETS, game
from tests.strategies import roll_models

SMALL_GOALS = {"pig": 12, "piglet": 6, "linux-magazin": 12, "two-dice-pig": 16, "think": 14,
               "skunk": 14, "big-pig": 20, "frey-pig": 20, "piggy": 16, "piggy-sicherman": 16,
               "pass-the-pigs": 16, "pigmania": 16, "shi": 16, "boyan": 12}


@pytest.mark.parametrize("name", list(PRESETS))
def test_kernel_agrees_with_reference_value_iteration(name):
    """Tolerance 1e-11: the reference stops when a sweep changes < 1e-13, and
    its error can be that change divided by (1 - contraction) ~ 100x."""
    model, goal = game(name), SMALL_GOALS[name]
    reference = value_iteration(model, goal)
    P, _ = solve(model, goal).expand()
    assert max(abs(P[s] - v) for s, v in reference.items()) < 1e-11


@pytest.mark.parametrize("name", list(PRESETS))
def test_bellman_residual_below_1e_12_for_every_preset(name):
    solution = solve(game(name), 60)
    assert solution.max_residual < 1e-12
    assert np.all((solution.start_values >= 0) & (solution.start_values <= 1))


@given(roll_models(allow_double=True), st.integers(2, 9))
@settings(max_examples=25, deadline=None)
def test_random_models_agree_with_reference(model, goal):
    reference = value_iteration(model, goal, tolerance=1e-14)
    P, _ = solve(model, goal).expand()
    assert max(abs(P[s] - v) for s, v in reference.items()) < 1e-10


@given(roll_models(), st.integers(2, 14))
@settings(max_examples=25, deadline=None)
def test_monotone_in_scores_and_turn_total(model, goal):
    """More own score or turn total never hurts; more opponent score never helps."""
    solution = solve(model, goal)
    P0 = solution.start_values
    eps = 1e-12
    assert np.all(np.diff(P0, axis=0) >= -eps)  # non-decreasing in i
    assert np.all(np.diff(P0, axis=1) <= eps)  # non-increasing in j
    P, _ = solution.expand()
    for i in range(goal):
        for j in range(goal):
            assert np.all(np.diff(P[i, j, : goal - i]) >= -eps)
    assert solution.max_residual < 1e-12


def test_policy_columns_are_consistent_with_win_probability(pig):
    solution = solve(pig, 100)
    values, acts = solution.column((41, 49))
    values = values[:, 0]
    assert values[0] == solution.win_probability_at(41, 49)
    assert solution.win_probability_at(41, 49, 10) == values[10]
    assert solution.action(41, 49, 27) == "roll" and solution.action(41, 49, 26) == "hold"
    assert solution.win_probability_at(90, 3, 10) == 1.0
    with pytest.raises(JeopardyError, match="0-99"):
        solution.win_probability_at(100, 0)


def test_save_and_load_round_trip(tmp_path, pig):
    solution = solve(pig, 50)
    path = solution.save(tmp_path / "pig50.npz")
    again = load(path)
    assert again.goal == 50 and again.model.outcomes == pig.outcomes
    assert np.array_equal(again.start_values, solution.start_values)
    assert again.actions((10, 20)) == solution.actions((10, 20))


def test_bad_solution_files(tmp_path):
    with pytest.raises(JeopardyError, match="no such file"):
        load(tmp_path / "none.npz")
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip")
    with pytest.raises(JeopardyError, match="not a jeopardy solution"):
        load(junk)
    other = tmp_path / "other.npz"
    np.savez(other, start_values=np.zeros((3, 3)))
    with pytest.raises(JeopardyError, match="not a jeopardy solution"):
        load(other)


def test_cache_returns_the_same_solution(tmp_path, monkeypatch, pig):
    monkeypatch.setenv("JEOPARDY_CACHE_DIR", str(tmp_path))
    first = solve(pig, 40, cache=True)
    second = solve(pig, 40, cache=True)
    assert not first.cached and second.cached
    assert np.array_equal(first.start_values, second.start_values)


@pytest.mark.parametrize("goal", [0, -5])
def test_nonpositive_goal_refused(goal, pig):
    with pytest.raises(JeopardyError, match="positive"):
        solve(pig, goal)


def test_solve_and_policy_commands(tmp_path, monkeypatch):
    monkeypatch.setenv("JEOPARDY_CACHE_DIR", str(tmp_path))
    runner = CliRunner()
    out = tmp_path / "sol.npz"
    result = runner.invoke(cli, ["solve", "--game", "pig", "--goal", "100", "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"win_probability", "states", "seconds", "max_residual"} <= set(data)
    assert data["states"] == published.PIG_EQUATIONS.value and data["max_residual"] < 1e-12
    result = runner.invoke(cli, ["policy", "--score", "41", "--opponent", "49", "--json"])
    data = json.loads(result.stdout)
    assert len(data["actions"]) == 59 == len(data["win_probability_by_turn_total"])
    assert data["win_probability"] == data["win_probability_by_turn_total"][0]
    result = runner.invoke(cli, ["policy", "--solution", str(out), "--score", "41", "--opponent", "49"])
    assert "roll at 27" in result.output
    for args, message in [(["solve", "--goal", "0"], "positive"),
                          (["policy", "--score", "-1", "--opponent", "0"], "0-99"),
                          (["policy", "--score", "3", "--opponent", "100"], "0-99"),
                          (["solve", "--game", "yahtzee"], "unknown game")]:
        result = runner.invoke(cli, args)
        assert result.exit_code != 0 and message in result.output
        assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("name", ["pig", "two-dice-pig", "pass-the-pigs"])
def test_self_play_simulation_agrees_with_the_solved_value(name):
    """Optimal against optimal, first player: within 4 standard errors of P(0,0,0)."""
    from jeopardy.match.policies import from_solution
    from jeopardy.match.simulation import simulate_head_to_head as simulate

    model = game(name)
    solution = solve(model, 60)
    policy = from_solution(solution)
    sim = simulate(model, policy, policy, 50_000, seed=21)
    p = solution.win_probability
    assert abs(sim.first - p) < 4 * (p * (1 - p) / sim.games) ** 0.5


@pytest.mark.parametrize("name", list(PRESETS))
def test_simulate_and_plot_commands_for_every_preset(name, tmp_path):
    """The simulation the command prints lies within 4 standard errors of the
    exact head-to-head, in both seats; the plot is a PNG."""
    from jeopardy.match.evaluation import head_to_head
    from jeopardy.match.policies import from_solution, hold_at

    runner = CliRunner()
    model = game(name)
    result = runner.invoke(cli, ["simulate", "--game", name, "--goal", "20", "optimal", "hold:6",
                                 "--games", "2000", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    exact = head_to_head(model, from_solution(solve(model, 20)), hold_at(20, 6))
    for seat in ("first", "second"):
        p = getattr(exact, seat)
        assert abs(data[seat] - p) <= 4 * (p * (1 - p) / 2000) ** 0.5 + 1e-9, seat
    out = tmp_path / f"{name}.png"
    result = runner.invoke(cli, ["plot", "boundary", "--game", name, "--goal", "20", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:4] == b"\x89PNG"
