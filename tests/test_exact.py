"""Exact rational solutions: the paper's Piglet values, certificates, limits."""
import json
from fractions import Fraction

import pytest
from click.testing import CliRunner
from gmpy2 import mpq, mpz

from jeopardy.cli.main import cli
from jeopardy.errors import JeopardyError
from jeopardy.exact import verification
from jeopardy.exact.columns import outcomes
from jeopardy.exact.equations import equations_latex, equations_text, sympy_check
from jeopardy.exact.race import evaluate, largest_exact_goal, solve_exact, start_policy
from jeopardy.match.solver import solve
from jeopardy.rules import PRESETS, add, bank, bust, bust_all, double, game, roll_model
from jeopardy.published import PIGLET_2

import shared_runs


@pytest.mark.parametrize("start", ["float", "roll", "hold"])
def test_piglet_goal_2_paper_values(piglet, start):
    solution = solve_exact(piglet, 2, start=start)
    assert solution.values == {s: Fraction(v) for s, v in PIGLET_2.items()}
    assert all(solution.roll.values())  # "one should always keep flipping"
    assert solution.verified


def test_the_value_iteration_trace_converges_to_the_papers_values(piglet):
    """Figure 2's Jacobi iteration from all-zero estimates: the first sweep sees every
    hold worth 1 - 0 (the paper's first step), and 80 sweeps reach the exact values
    (the error falls about 2.5x a sweep: 1.7e-6 after 30) to 1e-12."""
    from jeopardy.exact.trace import jacobi_trace

    states, trace = jacobi_trace(piglet, 2, 80)
    assert sorted(states) == sorted(PIGLET_2) and trace[0] == [0.0] * len(states)
    assert trace[1] == [1.0] * len(states)
    assert max(abs(v - float(Fraction(PIGLET_2[s]))) for s, v in zip(states, trace[-1])) < 1e-12


def test_piglet_equations_are_the_papers_system_1(piglet):
    assert equations_text(piglet, 2) == [
        "P(0,0,0) = max{ 1/2[(1 - P(0,0,0)) + P(0,0,1)], 1 - P(0,0,0) }",
        "P(0,0,1) = max{ 1/2[(1 - P(0,0,0)) + 1], 1 - P(0,1,0) }",
        "P(0,1,0) = max{ 1/2[(1 - P(1,0,0)) + P(0,1,1)], 1 - P(1,0,0) }",
        "P(0,1,1) = max{ 1/2[(1 - P(1,0,0)) + 1], 1 - P(1,1,0) }",
        "P(1,0,0) = max{ 1/2[(1 - P(0,1,0)) + 1], 1 - P(0,1,0) }",
        "P(1,1,0) = max{ 1/2[(1 - P(1,1,0)) + 1], 1 - P(1,1,0) }",
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
    value = solution.win_probability_exact
    assert value == Fraction(5556238701119487884, 10634368774326171875)
    assert (len(str(value.numerator)), len(str(value.denominator))) == (19, 20)
    assert solution.verified
    assert abs(float(value) - solve(piglet, 10).win_probability) < 1e-15


# Goals near the new limits that still solve in a few seconds each; the
# presets' ten-minute limits are in docs/exact.md (Pig to 100 is the slow test
# below).
LARGE = {"pig": 60, "piglet": 100, "linux-magazin": 50, "two-dice-pig": 50, "think": 30,
         "skunk": 30, "big-pig": 60, "frey-pig": 60, "piggy": 60, "piggy-sicherman": 60,
         "pass-the-pigs": 45, "pigmania": 20, "shi": 30, "boyan": 60}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PRESETS))
def test_float_solver_agrees_with_exact_on_every_preset(name):
    """Every turn-start value, and every state of a few columns, within 1e-13
    of the float solver: its residual is ~1e-16 per state and errors do not
    grow by more than a few hundred times here.  The exact policy is the
    float solver's except at near-ties the floats cannot see (Piglet has
    thousands, with margins down to 1e-30)."""
    model, goal = game(name), LARGE[name]
    exact = solve_exact(model, goal)
    assert exact.verified
    floats = solve(model, goal)
    float_policy = start_policy(model, goal, "float")
    changed = [(i, j, k) for i in range(goal) for j in range(goal) for k in range(goal - i)
               if exact.policy[i, j, k] != float_policy[i, j, k]]
    assert len(changed) == exact.policy_changes
    for i, j, k in changed[::max(1, len(changed) // 20)]:
        roll, hold = exact.action_values(i, j, k)
        assert abs(roll - hold) < 1e-13
    for i in range(goal):
        for j in range(goal):
            assert abs(float(exact.start[i][j]) - floats.start_values[i, j]) < 1e-13
    for i, j in [(0, 0), (goal // 2, goal // 3), (goal - 1, 0), (goal // 3, goal - 1)]:
        column = floats.column((i, j))[0][:, 0]
        for k in range(0, goal - i, 3):
            assert abs(float(exact.exact_value(i, j, k)) - column[k]) < 1e-13


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_satisfies_the_papers_equations_at_goal_6(name):
    """The twin: the system written as the paper writes it (sympy), every state."""
    model = game(name)
    solution = solve_exact(model, 6, start="roll")
    assert solution.verified
    assert sympy_check(model, 6, solution.values)


@pytest.mark.slow
def test_exact_handles_doubling_and_bank_effects():
    for model in [roll_model("odd", {add(1): "1/3", double: "1/6", bust: "1/2"}),
                  roll_model("banks", {add(0): "1/6", add(2): "1/3", bank(1): "1/6", bust: "1/6",
                                       bust_all: "1/6"}),
                  roll_model("zero-bank", {add(0): "1/6", double: "1/6", add(3): "1/3",
                                           bank(0): "1/6", bust_all: "1/6"})]:
        solutions = [solve_exact(model, 5, start=start) for start in ("float", "roll", "hold")]
        assert all(s.verified and s.start == solutions[0].start for s in solutions)
        assert sympy_check(model, 5, solutions[0].values)
        assert abs(float(solutions[0].win_probability) - solve(model, 5).win_probability) < 1e-13


def _parts(model, goal):
    policy = start_policy(model, goal, "float")
    rolls = outcomes(model)
    values, combos, resets = evaluate(model, goal, policy, rolls)
    return policy, rolls, values, combos, resets


@pytest.mark.parametrize("name", ["pig", "two-dice-pig"])
def test_the_check_rejects_a_value_off_by_a_tiny_amount(name):
    model = game(name)
    policy, rolls, values, combos, resets = _parts(model, 30)
    assert verification.check(model, 30, policy, values, combos, rolls, resets=resets).verified
    for i, j in [(7, 3), (5, 0)]:  # (5, 0) is a reset P(5, 0, 0) in two-dice Pig
        tampered = [list(row) for row in values]
        tampered[i][j] += mpq(1, 10**60)
        result = verification.check(model, 30, policy, tampered, combos, rolls, resets=resets)
        assert not result.verified and result.equation_failures >= 1


def test_a_wrong_action_is_found_and_policy_iteration_repairs_it(pig):
    goal = 40
    policy, rolls, values, combos, resets = _parts(pig, goal)
    good = solve_exact(pig, goal)
    wrong = {(i, j, k): bool(policy[i, j, k]) for i in range(goal) for j in range(goal)
             for k in range(goal - i)}
    wrong[(0, 0, 30)] = not wrong[(0, 0, 30)]  # 0 vs 0 with 30 of 40 in hand
    wrong[(10, 12, 2)] = False  # holding 2 is a clear mistake
    policy = start_policy(pig, goal, wrong)
    values, combos, resets = evaluate(pig, goal, policy, rolls)
    result = verification.check(pig, goal, policy, values, combos, rolls, resets=resets)
    assert (10, 12, 2) in result.better and not result.verified
    repaired = solve_exact(pig, goal, start=wrong)
    assert repaired.verified and repaired.policy_changes == 2
    assert repaired.policy[10, 12, 2] == 1 and repaired.policy[0, 0, 30] != wrong[(0, 0, 30)]
    assert repaired.start == good.start


def test_bust_all_games_repair_a_wrong_action_by_policy_iteration():
    model, goal = game("two-dice-pig"), 30
    good = solve_exact(model, goal)
    wrong = {(i, j, k): bool(good.policy[i, j, k]) for i in range(goal) for j in range(goal)
             for k in range(goal - i)}
    wrong[(5, 20, 2)] = False  # holding 2 with 5 against 20
    repaired = solve_exact(model, goal, start=wrong)
    assert repaired.verified and repaired.iterations == 2 and repaired.policy_changes == 1
    assert repaired.start == good.start


@pytest.mark.parametrize("bits", [12, 24, 48, 256])
def test_fixed_point_precision_only_changes_how_many_ties_go_exact(monkeypatch, bits):
    """The fixed-point width is a speed knob, not a truncation: halving it
    again and again sends more comparisons to exact arithmetic (piglet to
    60 has action margins of 1e-18, i.e. 2**-60) and never changes the
    answer."""
    model = game("piglet")
    reference = solve_exact(model, 60)
    monkeypatch.setattr(verification, "BITS", bits)
    solution = solve_exact(model, 60)
    assert solution.verified and solution.start == reference.start
    assert (solution.exact_comparisons > 0) == (bits < 60)


def test_too_large_goal_refused_up_front(pig):
    assert largest_exact_goal(pig) >= 100
    assert largest_exact_goal(game("two-dice-pig")) >= 60
    for name in PRESETS:
        assert largest_exact_goal(game(name)) >= 60
    with pytest.raises(JeopardyError, match=f"limited to goal {largest_exact_goal(pig)}"):
        solve_exact(pig, 400)
    with pytest.raises(JeopardyError, match="limited to goal"):
        solve_exact(game("two-dice-pig"), 1000)


def test_exact_command_json():
    result = CliRunner().invoke(cli, ["exact", "--game", "piglet", "--goal", "2", "--equations",
                                      "--all-states", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["values"] == {f"{i},{j},{k}": v for (i, j, k), v in PIGLET_2.items()}
    assert data["win_probability_exact"] == "4/7" and data["decimal"] == "0." + "571428" * 6 + "5714"
    assert set(data["policy"].values()) == {"flip"}
    assert len(data["equations"]) == 6
    result = CliRunner().invoke(cli, ["exact", "--game", "pig", "--goal", "30", "--state", "3,4,5",
                                      "--json"])
    data = json.loads(result.stdout)
    assert data["states"] == 30 * 30 * 31 // 2  # the count key of every command
    state = data["asked_states"]["3,4,5"]
    assert Fraction(state["win_probability_exact"]) == solve_exact(game("pig"), 30).win_probability_at(3, 4, 5)
    assert state["action"] == "roll" and data["verified"] is True
    for bad, message in [(["--goal", "500"], "limited to goal"),
                         (["--goal", "30", "--state", "1,2"], "not a state"),
                         (["--goal", "30", "--state", "1,40,0"], "not a state of the game"),
                         (["--goal", "30", "--out", "/no/such/dir/p.txt"], "no such directory"),
                         (["--goal", "60", "--all-states"], "--all-states")]:
        result = CliRunner().invoke(cli, ["exact", "--game", "pig", *bad])
        assert result.exit_code == 2 and message in result.output, result.output


def test_a_long_exact_value_goes_to_a_file_and_the_json_gives_its_path(monkeypatch, tmp_path):
    import jeopardy.cli.exact as command

    monkeypatch.setattr(command, "INLINE_CHARACTERS", 5)  # as if P(0,0,0) had 100,000 characters
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["exact", "--game", "pig", "--goal", "10", "--json"])
    data = json.loads(result.stdout)
    path = data["win_probability_000"]
    assert path == data["out"] == "pig-to-10-p000.txt"
    with open(path) as handle:
        assert Fraction(handle.read().strip()) == solve_exact(game("pig"), 10).win_probability_exact


@pytest.mark.slow
def test_pig_to_100_exactly():
    """The flagship: every equation of Pig to 100 checked exactly, the value
    to a file, the paper's 0.5306 and the float solver recovered.  The command runs
    as a subprocess (tests/shared_runs.py; its values are pinned by
    tests/test_pinned.py's "exact pig 100"), under Python's default limit of 4,300
    digits for int-to-string conversion: printing must not need it lifted."""
    done, written = shared_runs.exact_pig_100()
    assert done.returncode == 0, done.stderr[-500:]
    data = json.loads(done.stdout)  # strict: stdout is one document
    assert data["verified"] is True
    numerator, denominator = written.strip().split("/")
    assert data["win_probability_exact"] == f"{numerator}/{denominator}"
    assert (data["numerator_digits"], data["denominator_digits"]) == (len(numerator), len(denominator))
    assert data["numerator_digits"] > 10_000
    # gmpy2 parses the digits (Python's int() refuses more than 4,300 of them)
    value = mpq(mpz(numerator), mpz(denominator))
    assert value.denominator == mpz(denominator)  # written in lowest terms
    assert data["decimal"] == "0." + str(value.numerator * 10**40 // value.denominator).zfill(40)
    floats = solve(game("pig"), 100)
    assert abs(float(value) - floats.win_probability) < 1e-15
    assert float(value) == pytest.approx(0.5306, abs=5e-5)  # the paper prints 4 digits
    for state, (own, other, total) in (("41,49,22", (41, 49, 22)), ("0,0,20", (0, 0, 20))):
        asked = data["asked_states"][state]
        chance = mpq(asked["win_probability_exact"])
        assert asked["decimal"] == "0." + str(chance.numerator * 10**40 // chance.denominator).zfill(40)
        assert abs(float(chance) - floats.win_probability_at(own, other, total)) < 1e-15
        assert asked["win_probability"] == float(chance)


def test_exact_output_leaves_the_digit_limit_alone(tmp_path):
    """Printing rationals of more than 4,300 digits (Pig to 100's) neither needs
    Python's limit on int-to-string conversion lifted nor lifts it for the process:
    the exact command in-process, and the printing helpers on a 10,001-digit value."""
    import sys

    from jeopardy.exact.race import decimals, digits, exact_text

    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(4300)  # Python's default
    try:
        result = CliRunner().invoke(cli, ["exact", "--game", "pig", "--goal", "12", "--out",
                                          str(tmp_path / "pig12.txt"), "--json", "--no-progress"])
        big = mpq(mpz(10) ** 10_000 + 7, mpz(10) ** 10_001 + 3)
        text, places = exact_text(big), decimals(big)
        assert sys.get_int_max_str_digits() == 4300
    finally:
        sys.set_int_max_str_digits(limit)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["verified"] is True
    assert text.split("/")[0] == "1" + "0" * 9_999 + "7" and digits(big.denominator) == 10_002
    assert places == "0." + str((10 ** 10_000 + 7) * 10 ** 40 // (10 ** 10_001 + 3)).zfill(40)
