"""Exact rational solutions: the paper's Piglet values, certificates, limits."""
import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from jeopardy.cli.main import cli
from jeopardy.errors import JeopardyError
from jeopardy.exact.equations import equations_latex, equations_text, sympy_check
from jeopardy.exact.race import solve_exact
from jeopardy.race.solver import solve
from jeopardy.rules import PRESETS, game, roll_model, add, bust, double

from jeopardy.published import PIGLET_2

@pytest.mark.parametrize("start", ["float", "roll", "hold"])
def test_piglet_goal_2_paper_values(piglet, start):
    solution = solve_exact(piglet, 2, start=start)
    assert solution.values == {s: Fraction(v) for s, v in PIGLET_2.items()}
    assert all(solution.roll.values())  # "one should always keep flipping"
    assert solution.verified


def test_piglet_equations_are_the_papers_system_1(piglet):
    assert equations_text(piglet, 2) == [
        "P[0,0,0] = max{ 1/2[(1 - P[0,0,0]) + P[0,0,1]], 1 - P[0,0,0] }",
        "P[0,0,1] = max{ 1/2[(1 - P[0,0,0]) + 1], 1 - P[0,1,0] }",
        "P[0,1,0] = max{ 1/2[(1 - P[1,0,0]) + P[0,1,1]], 1 - P[1,0,0] }",
        "P[0,1,1] = max{ 1/2[(1 - P[1,0,0]) + 1], 1 - P[1,1,0] }",
        "P[1,0,0] = max{ 1/2[(1 - P[0,1,0]) + 1], 1 - P[0,1,0] }",
        "P[1,1,0] = max{ 1/2[(1 - P[1,1,0]) + 1], 1 - P[1,1,0] }",
    ]
    assert equations_latex(piglet, 2).count("\\max") == 6


def test_sympy_check_accepts_the_solution_and_rejects_a_perturbed_one(piglet):
    solution = solve_exact(piglet, 2)
    assert sympy_check(piglet, 2, solution.values)
    wrong = dict(solution.values)
    wrong[(0, 0, 0)] += Fraction(1, 10**30)
    assert not sympy_check(piglet, 2, wrong)


def test_piglet_goal_10_exact_value(piglet):
    solution = solve_exact(piglet, 10, start="roll")
    value = solution.win_probability()
    assert value == Fraction(5556238701119487884, 10634368774326171875)
    assert (len(str(value.numerator)), len(str(value.denominator))) == (19, 20)
    assert solution.verified
    assert abs(float(value) - solve(piglet, 10).win_probability()) < 1e-15


SMALL = {name: 8 for name in PRESETS}
SMALL.update({"pig": 20, "piglet": 12, "linux-magazin": 20, "big-pig": 30, "frey-pig": 30})


@pytest.mark.parametrize("name", list(PRESETS))
def test_float_solver_agrees_with_exact_on_every_preset(name):
    """Difference below 1e-13: the float solver's residual is ~1e-16 per state
    and errors do not grow by more than a few hundred times here."""
    model, goal = game(name), SMALL[name]
    exact = solve_exact(model, goal, start="roll")
    assert exact.verified
    floats = solve(model, goal)
    for i in range(goal):
        for j in range(goal):
            column = floats.column(i, j)[0]
            for k in range(goal - i):
                assert abs(float(exact.values[(i, j, k)]) - column[k]) < 1e-13


def test_exact_handles_doubling_and_bank_effects():
    model = roll_model("odd", {add(1): "1/3", double: "1/6", bust: "1/2"})
    solution = solve_exact(model, 6, start="roll")
    assert solution.verified
    assert abs(float(solution.win_probability()) - solve(model, 6).win_probability()) < 1e-13


def test_too_large_goal_refused_up_front(pig):
    from jeopardy.exact.race import largest_exact_goal
    assert largest_exact_goal(pig) >= 60
    assert largest_exact_goal(game("two-dice-pig")) >= 40
    with pytest.raises(JeopardyError, match=f"limited to goal {largest_exact_goal(pig)}"):
        solve_exact(pig, 400)
    with pytest.raises(JeopardyError, match="limited to goal"):
        solve_exact(game("two-dice-pig"), 100)


def test_exact_command_json():
    result = CliRunner().invoke(cli, ["exact", "--game", "piglet", "--goal", "2", "--equations", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["win_probability"] == {f"{i},{j},{k}": v for (i, j, k), v in PIGLET_2.items()}
    assert set(data["policy"].values()) == {"flip"}
    assert len(data["equations"]) == 6
    result = CliRunner().invoke(cli, ["exact", "--game", "pig", "--goal", "3", "--json"])
    assert set(json.loads(result.output)["policy"].values()) <= {"roll", "hold"}
    result = CliRunner().invoke(cli, ["exact", "--game", "pig", "--goal", "500"])
    assert result.exit_code != 0 and "limited to goal" in result.output
