"""Rules as data: the Kind enum, the one transition rule, and the two new kinds
(bust_gain for Boyan's Pig, subtract for Parker Brothers' Pig Dice)."""
from __future__ import annotations

import numpy as np
import pytest

from jeopardy.errors import JeopardyError
from oracles import race as reference
from jeopardy.rules import game
from jeopardy.rules.compiled import step_jit
from jeopardy.rules.effects import (Effect, Kind, add, bank, bust, bust_all, bust_gain, double,
                                    step, subtract)
from jeopardy.rules.roll_model import from_dict, roll_model
from tests.test_multi import _agrees_with_the_reference

# A model with every kind the race solvers take: add, double, bust, bust_all, bank, bust_gain.
EVERY_RISING = roll_model("every rising kind", {add(1): "1/4", add(2): "1/8", double: "1/8",
                                                bust: "1/8", bust_all: "1/16", bank(1): "1/8",
                                                bust_gain(2): "3/16"})
FALLING = roll_model("tails", {add(2): "1/2", subtract(1): "1/4", bust: "1/4"})


# ------------------------------------------------------------------ the rule
# (kind, points, score, turn total) -> (score, turn total, turn ended), from the table
# in jeopardy/rules/effects.py, written out case by case.
RULES = [
    pytest.param(Kind.ADD, 4, 10, 3, (10, 7, False), id="add"),
    pytest.param(Kind.BUST, 0, 10, 3, (10, 0, True), id="bust"),
    pytest.param(Kind.BUST_ALL, 0, 10, 3, (0, 0, True), id="bust_all"),
    pytest.param(Kind.BANK, 4, 10, 3, (17, 0, True), id="bank"),
    pytest.param(Kind.DOUBLE, 0, 10, 3, (10, 6, False), id="double"),
    pytest.param(Kind.BUST_GAIN, 1, 10, 3, (11, 0, True), id="bust_gain"),
    pytest.param(Kind.SUBTRACT, 2, 10, 3, (10, 1, False), id="subtract"),
    pytest.param(Kind.SUBTRACT, 5, 10, 3, (10, 0, False), id="subtract-floor-0"),
]


@pytest.mark.parametrize("kind, points, score, total, expected", RULES)
def test_step_applies_each_kind(kind, points, score, total, expected):
    assert tuple(step(kind, points, score, total)) == expected


@pytest.mark.parametrize("kind, points, score, total, expected", RULES)
def test_the_compiled_step_is_the_same_rule(kind, points, score, total, expected):
    assert tuple(step_jit(np.int64(kind), np.int64(points), np.int64(score),
                          np.int64(total))) == expected


def test_value_of_rolling_by_hand():
    """jeopardy.rules.compiled.value_of_rolling, the roll branch every float solver
    shares, against sums written out by hand (1e-15: a few float roundings)."""
    from jeopardy.rules.compiled import value_of_rolling

    within = np.array([0.0, 0.1, 0.2, 0.3, 0.4])  # turn totals 0..4
    ended = np.array([0.5, 0.6, 0.7, 0.8])  # turn ends with scores 0..3
    pig = game("pig").arrays()  # 1 busts, 2..6 add
    # at score 2, total 1: a bust ends at 2 (0.7); 2 reaches total 3 (0.3); 3 reaches 4
    # (0.4); 4, 5, 6 pass the table (0.9)
    assert value_of_rolling(pig, 2, 1, within, ended, 0.9) == pytest.approx(
        (0.7 + 0.3 + 0.4 + 3 * 0.9) / 6, abs=1e-15)
    # a roll that keeps the total (add 0, double at 0) is divided out; bust-all ends at 0
    model = roll_model("stays", {add(0): "1/4", double: "1/4", add(1): "1/4", bust_all: "1/4"})
    assert value_of_rolling(model.arrays(), 3, 0, within, ended, 0.9) == pytest.approx(
        (0.1 + 0.5) / 4 / (1 - 1 / 2), abs=1e-15)
    # a bank of 2 at total 1 ends at score + 3: at 0 inside the table, at 3 past it
    banking = roll_model("banking", {bank(2): "1/2", add(1): "1/2"})
    assert value_of_rolling(banking.arrays(), 0, 1, within, ended, 0.9) == pytest.approx(
        (0.8 + 0.2) / 2, abs=1e-15)
    assert value_of_rolling(banking.arrays(), 3, 1, within, ended, 0.9) == pytest.approx(
        (0.9 + 0.2) / 2, abs=1e-15)


def test_an_unknown_kind_raises_in_python_and_in_compiled_code():
    with pytest.raises(JeopardyError, match="unknown effect kind"):
        step(9, 0, 0, 0)
    with pytest.raises(JeopardyError, match="unknown effect kind"):
        step_jit(np.int64(9), np.int64(0), np.int64(0), np.int64(0))


def test_kernels_refuse_an_unknown_code_instead_of_doubling():
    """The race kernel (which once read any unknown code as "double") and the
    N-player kernel raise on a code that is no Kind."""
    from jeopardy.match import kernels as match_kernels
    from jeopardy.match.solver import bundle
    from jeopardy.match.rules import MatchRules
    from jeopardy.match import pair_kernels

    model = game("piglet")
    rules = model.kernel_rules(4)
    broken = rules._replace(kinds=np.array([0, 9], dtype=np.int64))
    values = np.full((4, 4), 0.5)
    with pytest.raises(JeopardyError, match="unknown effect kind"):
        pair_kernels.solve_sums(broken, pair_kernels.self_play(values), 6, 0, 5, 1e-15, 0, 1)
    race = bundle(model, 4, MatchRules(2), 4)
    race = race._replace(kinds=np.array([0, 9], dtype=np.int64))
    W = np.full((1, 16, 2), 0.5)
    order, starts = match_kernels.order_by_sum(race)
    with pytest.raises(JeopardyError, match="unknown effect kind"):
        match_kernels.solve_sums(race, W, order, starts, 6, 0, 5, 1e-15, 0,
                                 match_kernels.NO_ACTIONS, np.zeros((1, 2), np.int64), 0, 1)


# ------------------------------------------------------------ the vocabulary
def test_effects_take_a_kind_or_its_label():
    assert Effect("bust_gain", 1) == bust_gain(1) == Effect(Kind.BUST_GAIN, 1)
    assert str(bust_gain(1)) == "bust_gain 1" and str(subtract(2)) == "subtract 2"
    assert str(bust_all) == "bust_all" and str(add(3)) == "add 3"
    with pytest.raises(JeopardyError, match="unknown effect 'explode'"):
        Effect("explode")


def test_roll_models_with_the_new_kinds_round_trip_through_json():
    for model in (EVERY_RISING, FALLING):
        again = from_dict(model.to_dict())
        assert again == model and again.fingerprint() == model.fingerprint()
    assert [row["effect"] for row in FALLING.to_dict()["outcomes"]] == ["add", "bust", "subtract"]


def test_effects_sort_by_label_as_before():
    """Roll models list effects by label, then points (the order the kernels' arrays
    and every stored result were made in)."""
    model = roll_model("m", {double: "1/4", add(2): "1/4", bust_all: "1/4", bank(1): "1/4"})
    assert [str(e) for e, _ in model.outcomes] == ["add 2", "bank 1", "bust_all", "double"]


def test_boyan_preset_is_one_die_with_a_one_point_gain():
    from fractions import Fraction

    model = game("boyan")
    assert dict(model.outcomes) == {bust_gain(1): Fraction(1, 6),
                                    **{add(f): Fraction(1, 6) for f in range(2, 7)}}
    assert model.probability("bust_gain") == Fraction(1, 6)
    assert model.probability_of_losing() == Fraction(1, 6)


# ---------------------------------------------------- falling turn totals
def _refusals():
    from jeopardy.exact.race import solve_exact
    from jeopardy.expected.policies import optimal
    from jeopardy.expected.solver import solve_expected
    from jeopardy.fixed_turns.solver import solve_fixed_turns
    from jeopardy.match.solver import solve as solve_match
    from jeopardy.match.solver import solve
    from jeopardy.solitaire import expected_turns
    from jeopardy.turn.distribution import turn_distribution

    return [
        pytest.param(lambda: solve(FALLING, 10, method="pair"), id="race"),
        pytest.param(lambda: solve_match(FALLING, 6, 3), id="match"),
        pytest.param(lambda: solve_exact(FALLING, 4), id="exact"),
        pytest.param(lambda: expected_turns(FALLING, 10), id="solitaire"),
        pytest.param(lambda: solve_expected(FALLING, 2, optimal()), id="expected"),
        pytest.param(lambda: solve_fixed_turns(FALLING, 2, cap=20), id="fixed-turns"),
        pytest.param(lambda: turn_distribution(FALLING, 5), id="turn"),
    ]


@pytest.mark.parametrize("request_", _refusals())
def test_solvers_that_sweep_upwards_refuse_subtract_in_one_line(request_):
    with pytest.raises(JeopardyError) as error:
        request_()
    message = str(error.value)
    assert "needs turn totals that never fall" in message and "SUBTRACT 1" in message
    assert "\n" not in message


def test_the_cli_refuses_subtract_in_one_line(tmp_path):
    import json

    from click.testing import CliRunner

    from jeopardy.cli.main import cli

    path = tmp_path / "tails.json"
    path.write_text(json.dumps(FALLING.to_dict()))
    # `jeopardy solve` plays a falling model (the two-player match solver iterates the
    # column: tests/test_pig_dice.py); the race solver's other commands refuse it
    result = CliRunner().invoke(cli, ["policy", "--model", str(path), "--goal", "10",
                                      "--score", "0", "--opponent", "0"])
    assert result.exit_code == 2
    assert "needs turn totals that never fall" in result.output
    assert "Traceback" not in result.output


# ------------------------------------------------ bust_gain in every solver
@pytest.mark.parametrize("name, goal", [pytest.param("boyan", 10, id="boyan-10"),
                                        pytest.param("every", 7, id="every-kind-7")])
def test_pair_solver_matches_the_reference_with_bust_gain(name, goal):
    """The two-player race solver against the reference's own reading of bust_gain
    (1e-10; both iterate to ~1e-14)."""
    from jeopardy.match.solver import solve

    model = EVERY_RISING if name == "every" else game(name)
    ref = reference.solve(model, goal, 2)
    solution = solve(model, goal)
    assert solution.max_residual < 1e-12
    for i in range(goal):
        for j in range(goal):
            assert abs(ref.value((i, j), 0)[0] - solution.start_values[i, j]) < 1e-10


@pytest.mark.parametrize("name, goal, players", [
    pytest.param("boyan", 6, 3, id="boyan-6-three"),
    pytest.param("every", 5, 3, id="every-kind-5-three"),
])
def test_match_solver_first_to_goal_matches_the_reference_with_bust_gain(name, goal, players):
    _agrees_with_the_reference(EVERY_RISING if name == "every" else game(name), goal, players)


@pytest.mark.parametrize("name, goal, cap", [pytest.param("boyan", 10, 18, id="boyan-10"),
                                             pytest.param("every", 6, 12, id="every-kind-6")])
def test_equal_turns_matches_the_reference_with_bust_gain(name, goal, cap):
    """Boyan's Pig as Scarne plays it (equal turns), the same cap in both solvers."""
    model = EVERY_RISING if name == "every" else game(name)
    _agrees_with_the_reference(model, goal, 2, reference.EQUAL_TURNS, cap)


def test_boyan_equal_turns_cap_is_proved_and_doubling_it_changes_nothing():
    from jeopardy.match.solver import solve

    proved = solve(game("boyan"), 12, 2, "equal-turns")
    doubled = solve(game("boyan"), 12, 2, "equal-turns", cap=2 * proved.cap)
    assert np.max(np.abs(proved.values - doubled.values)) < 1e-13


def test_exact_solver_agrees_with_the_float_solver_on_boyan():
    from jeopardy.exact.race import solve_exact
    from jeopardy.match.solver import solve

    exact = solve_exact(game("boyan"), 8)
    floats = solve(game("boyan"), 8)
    assert abs(float(exact.exact_value(0, 0, 0)) - floats.win_probability_at(0, 0, 0)) < 1e-14


def test_simulation_of_boyan_agrees_with_exact_evaluation():
    """Optimal against hold at 20 in Boyan's Pig to 30: the simulated rate lies
    within 4 standard errors of the exact head-to-head figure."""
    from jeopardy.match.evaluation import head_to_head
    from jeopardy.match.policies import from_solution, hold_at
    from jeopardy.match.simulation import simulate_head_to_head as simulate
    from jeopardy.match.solver import solve

    model = game("boyan")
    optimal, holder = from_solution(solve(model, 30)), hold_at(30, 20)
    exact = head_to_head(model, optimal, holder)
    simulated = simulate(model, optimal, holder, 20_000, seed=3)
    assert abs(simulated.first - exact.first) < 4 * simulated.first_stderr
    assert abs(simulated.second - exact.second) < 4 * simulated.second_stderr


def test_solitaire_counts_a_bust_gain_as_points():
    """Solitaire Boyan to 1: every turn banks at least a point, so one turn, exactly;
    to 2 a first-roll 1 banks 1 and a second turn is needed -- never more than two."""
    from jeopardy.solitaire import expected_turns

    assert expected_turns(game("boyan"), 1).expected_turns == pytest.approx(1.0, abs=1e-15)
    two = expected_turns(game("boyan"), 2).expected_turns
    assert two == pytest.approx(1 + 1 / 6, abs=1e-14)  # a 1 first: one more turn
