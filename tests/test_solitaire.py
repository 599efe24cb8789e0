"""Solitaire Pig: fewest expected turns, hold-at-h turns, reach within n turns."""
import json
from fractions import Fraction

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

from jeopardy import published
from jeopardy.cli.main import cli
from jeopardy.errors import JeopardyError
from jeopardy.rules import PRESETS, add, bank, bust, bust_all, double, game, roll_model
from jeopardy.solitaire import (evaluate_policy, expected_turns, hold_at_expected_turns,
                                reach_probability)
from tests.strategies import roll_models


# ---------------------------------------------------------------- the twin
def _after_roll(effect, s, t, goal):
    """Written from the rules text: what one roll does to (score s, turn total t).
    Returns ('goal',), ('turn', t') (the turn goes on) or ('end', s') (the turn
    ends and the next starts at s')."""
    if effect.kind.label == "add":
        return ("goal",) if s + t + effect.points >= goal else ("turn", t + effect.points)
    if effect.kind.label == "double":
        return ("goal",) if s + 2 * t >= goal else ("turn", 2 * t)
    if effect.kind.label == "bust":
        return ("end", s)
    if effect.kind.label == "bust_all":
        return ("end", 0)
    if effect.kind.label == "bust_gain":  # the turn total is lost, the points are banked
        total = s + effect.points
        return ("goal",) if total >= goal else ("end", total)
    assert effect.kind.label == "bank", effect
    total = s + t + effect.points  # bank: the turn ends with it all banked
    return ("goal",) if total >= goal else ("end", total)


def _twin_turns(model, goal, h=None, sweeps=100_000):
    """Expected turns from each state by plain value iteration over explicit
    states: minimising (h None) or following "hold at h or goal"; stops when
    no value moves by 1e-13."""
    outcomes = [(e, float(p)) for e, p in model.outcomes]
    states = [(s, t) for s in range(goal) for t in range(goal - s)]
    value = {state: 0.0 for state in states}
    for _ in range(sweeps):
        moved = 0.0
        for s, t in states:
            roll = 0.0
            for effect, p in outcomes:
                result = _after_roll(effect, s, t, goal)
                if result[0] == "goal":
                    roll += p * 1
                elif result[0] == "turn":
                    roll += p * value[(s, result[1])]
                else:
                    roll += p * (1 + value[(result[1], 0)])
            hold = 1 + value[(s + t, 0)] if t > 0 else float("inf")
            if h is None:
                new = min(roll, hold)
            else:
                new = roll if t < h else hold
            moved = max(moved, abs(new - value[(s, t)]))
            value[(s, t)] = new
        if moved < 1e-13:
            return {s: value[(s, 0)] for s in range(goal)}
    raise AssertionError("value iteration did not settle")


def _twin_reach(model, goal, turns):
    """Best chance to reach the goal within n turns, by value iteration within
    each turn (a roll may leave the state unchanged, e.g. doubling 0)."""
    outcomes = [(e, float(p)) for e, p in model.outcomes]
    before = {s: 0.0 for s in range(goal)}  # no turns left
    for _ in range(turns):
        value = {(s, t): 0.0 for s in range(goal) for t in range(goal - s)}
        for _ in range(10_000):
            moved = 0.0
            for (s, t) in value:
                roll = 0.0
                for effect, p in outcomes:
                    result = _after_roll(effect, s, t, goal)
                    if result[0] == "goal":
                        roll += p
                    elif result[0] == "turn":
                        roll += p * value[(s, result[1])]
                    else:
                        roll += p * before[result[1]]
                new = max(roll, before[s + t]) if t > 0 else roll
                moved = max(moved, abs(new - value[(s, t)]))
                value[(s, t)] = new
            if moved < 1e-15:
                break
        before = {s: value[(s, 0)] for s in range(goal)}
    return before



# ---------------------------------------------------------------- tests
SMALL = [("pig", 15), ("two-dice-pig", 14), ("big-pig", 30), ("frey-pig", 30),
         ("piglet", 6), ("pass-the-pigs", 20)]


@pytest.mark.parametrize("name, goal", SMALL)
def test_expected_turns_match_the_twin(name, goal):
    model = game(name)
    ours = expected_turns(model, goal)
    twin = _twin_turns(model, goal)
    assert ours.start_values == pytest.approx([twin[s] for s in range(goal)], rel=1e-10)
    assert ours.residual < 1e-10


@pytest.mark.parametrize("name, goal", SMALL)
def test_hold_at_turns_match_the_twin(name, goal):
    model = game(name)
    ours = hold_at_expected_turns(model, goal, [1, 3, goal])
    for h, value in ours.turns.items():
        assert value == pytest.approx(_twin_turns(model, goal, h)[0], rel=1e-10)


@pytest.mark.parametrize("name, goal, turns", [("pig", 15, 3), ("two-dice-pig", 14, 4),
                                               ("big-pig", 30, 2), ("piglet", 5, 3)])
def test_reach_probability_matches_the_twin(name, goal, turns):
    model = game(name)
    ours = reach_probability(model, goal, turns)
    twin = _twin_reach(model, goal, turns)
    assert ours.start_values[turns] == pytest.approx([twin[s] for s in range(goal)], abs=1e-13)


@settings(max_examples=25, deadline=None)
@given(roll_models(allow_double=True), st.integers(2, 12))
def test_random_models_match_the_twin(model, goal):
    ours = expected_turns(model, goal)
    twin = _twin_turns(model, goal)
    assert ours.expected_turns == pytest.approx(twin[0], rel=1e-9)
    reach = reach_probability(model, goal, 2)
    assert reach.probability == pytest.approx(_twin_reach(model, goal, 2)[0], abs=1e-12)


def test_a_zero_roll_and_doubling_from_zero_leave_the_state_alone():
    model = roll_model("odd", {add(0): "1/6", double: "1/6", add(3): "1/3", bank(2): "1/6",
                               bust_all: "1/6"})
    ours = expected_turns(model, 10)
    assert ours.expected_turns == pytest.approx(_twin_turns(model, 10)[0], rel=1e-10)


def test_nothing_beats_the_optimum_and_the_policy_is_data():
    pig = game("pig")
    best = expected_turns(pig, 100)
    holds = hold_at_expected_turns(pig, 100)
    assert best.expected_turns < min(holds.turns.values())
    assert holds.best == 20
    # The optimal table, evaluated on its own, gives the same number.
    assert evaluate_policy(pig, 100, best.roll)[0] == pytest.approx(best.expected_turns, abs=1e-12)
    data = best.to_dict()
    assert len(data["policy"]["hold_at_by_score"]) == 100
    assert data["policy"]["hold_at_by_score"][0] == best.hold_thresholds()[0]
    reach = reach_probability(pig, 100, 3).to_dict()
    assert set(reach["policy"]["hold_at_by_turns_left_and_score"]) == {"1", "2", "3"}


def test_one_turn_left_means_rolling_for_the_goal():
    reach = reach_probability(game("pig"), 100, 5)
    for s in (0, 50, 90):
        assert all(reach.rolls(1, s, t) for t in range(100 - s))


def test_published_pig_solitaire_numbers():
    """P(reach 100 within 10 turns) = 0.465442 (course solution); Neller's
    simulation of hold at 20 or goal: 12.634906 turns."""
    pig = game("pig")
    claim = published.PIG_SOLITAIRE_REACH_10
    assert reach_probability(pig, 100, 10).probability == pytest.approx(
        claim.value, abs=claim.tolerance)
    claim = published.HOLD_20_SOLITAIRE_TURNS
    turns = hold_at_expected_turns(pig, 100, [20]).turns[20]
    assert turns == pytest.approx(claim.value, abs=claim.tolerance)


def test_durango_bill_two_dice_reach_table():
    """Two-dice Pig, percent chance to reach 100 within N turns from a start
    score, printed to 0.1: every cell the stored page shows."""
    model = game("two-dice-pig")
    reach = reach_probability(model, 100, 15)
    for score, row in published.DURANGO_BILL_REACH.items():
        for n, percent in enumerate(row, start=1):
            assert 100 * reach.chance(score, n) == pytest.approx(
                percent, abs=published.DURANGO_BILL_TOLERANCE), (score, n)


def test_exact_on_a_tiny_game():
    """Piglet to 2, by hand: E(1) = 1/2 + 1/2 (1 + E(1)), so E(1) = 2.  At
    (0, 1) holding costs 1 + E(1) = 3 and rolling 1/2 + 1/2 (1 + E(0));
    E(0) = 1/2 (1 + E(0)) + 1/2 V(0, 1) with V(0, 1) = 3 gives E(0) = 4, and
    then rolling at (0, 1) also costs 3: a tie."""
    ours = expected_turns(game("piglet"), 2)
    assert ours.expected_turns == pytest.approx(float(Fraction(4)), abs=1e-12)
    assert ours.start_values[1] == pytest.approx(2.0, abs=1e-12)


@pytest.mark.parametrize("name", list(PRESETS))
def test_command_for_every_preset(name):
    result = CliRunner().invoke(cli, ["solitaire", "--game", name, "--goal", "30", "--turns",
                                      "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    model = game(name)
    assert data["expected_turns"] == expected_turns(model, 30).expected_turns
    assert data["hold_at_expected_turns"] == \
        {str(h): t for h, t in hold_at_expected_turns(model, 30).turns.items()}
    assert data["reach_probability"] == reach_probability(model, 30, 4).probability
    # the optimum is no worse than the best hold-at-h policy
    assert data["expected_turns"] <= min(data["hold_at_expected_turns"].values()) + 1e-12


def test_command_human_output():
    result = CliRunner().invoke(cli, ["solitaire", "--goal", "50", "--turns", "5"])
    assert result.exit_code == 0, result.output
    assert "fewest expected turns" in result.output and "within 5 turns" in result.output
    pig = game("pig")
    assert f"(optimal play): {expected_turns(pig, 50).expected_turns:.6f} (" in result.output
    best = hold_at_expected_turns(pig, 50)
    assert f"h = {best.best}, {best.turns[best.best]:.6f} turns" in result.output
    assert f"within 5 turns: {reach_probability(pig, 50, 5).probability:.9f}\n" in result.output


@pytest.mark.parametrize("args, message", [
    (["solitaire", "--goal", "0"], "goal must be a positive integer"),
    (["solitaire", "--goal", "5000"], "above the supported"),
    (["solitaire", "--turns", "0"], "turns must be a positive integer"),
])
def test_bad_input(args, message):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code != 0
    assert message in result.output and len(result.output.strip().splitlines()) == 1


def test_hold_thresholds_out_of_range_are_refused():
    with pytest.raises(JeopardyError, match="hold threshold must be in 1-10"):
        hold_at_expected_turns(game("pig"), 10, [0])
    with pytest.raises(JeopardyError, match="positive integer"):
        expected_turns(game("pig"), -3)


def test_the_optimal_pig_policy_is_certified_in_rationals():
    """Exact solve of the float solver's policy, then the Bellman condition
    checked exactly: the policy is optimal and the float value is right to 1e-13."""
    from jeopardy.solitaire.exact import certify
    from jeopardy.solitaire.solver import hold_at_table

    pig = game("pig")
    best = expected_turns(pig, 100)
    certificate = certify(pig, 100, best.roll)
    assert certificate.optimal
    assert float(certificate.expected_turns) == pytest.approx(best.expected_turns, abs=1e-13)
    worse = certify(pig, 100, hold_at_table(100, 20))
    assert not worse.optimal and worse.expected_turns > certificate.expected_turns


@pytest.mark.parametrize("name", ["two-dice-pig", "big-pig", "frey-pig", "piggy", "piglet"])
def test_optimal_policies_of_presets_are_certified(name):
    from jeopardy.solitaire.exact import certify

    model = game(name)
    best = expected_turns(model, 30)
    certificate = certify(model, 30, best.roll)
    assert certificate.optimal
    assert float(certificate.expected_turns) == pytest.approx(best.expected_turns, rel=1e-12)


def test_exact_flag_on_the_command_line():
    result = CliRunner().invoke(cli, ["solitaire", "--goal", "40", "--exact", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["certified_optimal"] is True
    assert float(Fraction(data["expected_turns_exact"])) == pytest.approx(data["expected_turns"],
                                                                           abs=1e-12)
