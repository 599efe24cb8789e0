"""Fixed-turns games (SKUNK): the solver against a twin written from the rules,
the proved cap (sandwich and doubling), the CLI."""
import json
from fractions import Fraction
from functools import lru_cache

import pytest
from click.testing import CliRunner

from jeopardy.cli.main import cli
from jeopardy.errors import JeopardyError
from jeopardy.expected.policies import hold_at, odds
from jeopardy.fixed_turns.policies import Optimal, Rule
from jeopardy.fixed_turns.solver import solve_fixed_turns
from jeopardy.rules import add, bank, bust, bust_all, double, game, roll_model

SMALL = roll_model("small", {add(1): "1/3", add(2): "1/3", bust: "1/4", bust_all: "1/12"})
BANKING = roll_model("banking", {add(1): "1/2", add(3): "1/8", bank(1): "1/8", bust: "1/4"})


def twin_values(model, turns, cap, boundary, policies=(None, None)):
    """Player A's chance to win, written from the rules: explicit scores of A and
    B, A maximises, B minimises; a mover whose banked score plus turn total
    would exceed ``cap`` ends the game with payoff ``boundary`` for A.
    ``policies[i]`` is None (optimal) or a function (own turn, own score, t) -> roll?"""
    boundary = Fraction(boundary)

    @lru_cache(maxsize=None)
    def value(k, score_a, score_b, t):
        if k == 2 * turns:
            return Fraction(1) if score_a > score_b else Fraction(1, 2) if score_a == score_b else Fraction(0)
        a_moves = k % 2 == 0
        own = score_a if a_moves else score_b
        if own + t > cap:
            return boundary

        def after_turn(new_own):
            if new_own > cap:
                return boundary
            return value(k + 1, new_own, score_b, 0) if a_moves else value(k + 1, score_a, new_own, 0)

        hold = after_turn(own + t)
        roll = Fraction(0)
        for effect, p in model.outcomes:
            if effect.kind.label == "add":
                roll += p * value(k, score_a, score_b, t + effect.points)
            elif effect.kind.label == "bust":
                roll += p * after_turn(own)
            elif effect.kind.label == "bust_all":
                roll += p * after_turn(0)
            elif effect.kind.label == "bank":
                roll += p * after_turn(own + t + effect.points)
        policy = policies[0 if a_moves else 1]
        if policy is None:
            rolls = roll > hold if a_moves else roll < hold
        else:
            rolls = policy(k // 2 + 1, own, t, (k, score_a, score_b, t))
        return roll if rolls else hold

    return value


def twin(model, turns, cap, boundary, policies=(None, None)):
    """The twin's value at the start.  A policy None in a pair with a rule plays
    as the optimal player of the game with boundary 1/2 (not a best response)."""
    if policies == (None, None):
        return twin_values(model, turns, cap, boundary)(0, 0, 0, 0)
    optimum = twin_decisions(model, turns, cap)
    chosen = tuple(optimum if p is None else (lambda r, s, t, state, p=p: p(r, s, t))
                   for p in policies)
    return twin_values(model, turns, cap, boundary, chosen)(0, 0, 0, 0)


def twin_decisions(model, turns, cap):
    """Roll/hold of the optimal players of the boundary-1/2 game, state by state."""
    values = twin_values(model, turns, cap, "1/2")

    def rolls(r, own, t, state):
        k, score_a, score_b, t = state
        a_moves = k % 2 == 0
        if a_moves:
            hold = values(k + 1, own + t, score_b, 0) if own + t <= cap else Fraction(1, 2)
        else:
            hold = values(k + 1, score_a, own + t, 0) if own + t <= cap else Fraction(1, 2)
        now = values(k, score_a, score_b, t)
        return now != hold

    return rolls


@pytest.mark.parametrize("model", [SMALL, BANKING], ids=["bust-all", "bank"])
@pytest.mark.parametrize("turns", [1, 2])
def test_solver_matches_twin_in_all_three_games(model, turns):
    cap = 9
    solution = solve_fixed_turns(model, turns, cap)
    for got, boundary in ((solution.lower, 0), (solution.value, "1/2"), (solution.upper, 1)):
        assert got == pytest.approx(float(twin(model, turns, cap, boundary)), abs=1e-13)


def test_policy_pairs_match_twin():
    cap, turns = 9, 2
    hold2 = hold_at(2)
    solution = solve_fixed_turns(SMALL, turns, cap, [(Rule(hold2), Optimal()), (Optimal(), Rule(hold2))])
    rule = lambda r, s, t: t < 2  # noqa: E731
    first, second = solution.matchups
    assert first.lower == pytest.approx(float(twin(SMALL, turns, cap, 0, (rule, None))), abs=1e-13)
    assert first.upper == pytest.approx(float(twin(SMALL, turns, cap, 1, (rule, None))), abs=1e-13)
    assert second.lower == pytest.approx(float(twin(SMALL, turns, cap, 0, (None, rule))), abs=1e-13)
    assert second.upper == pytest.approx(float(twin(SMALL, turns, cap, 1, (None, rule))), abs=1e-13)


def test_sandwich_is_tight_only_when_the_cap_is_large_enough():
    skunk = game("skunk")
    small = solve_fixed_turns(skunk, 2, 40)
    large = solve_fixed_turns(skunk, 2, 120)
    assert small.upper - small.lower > 1e-6  # the bound can fail: a low cap shows a gap
    assert small.lower - 1e-15 <= large.value <= small.upper + 1e-15
    assert large.bound <= 1e-13


@pytest.mark.slow
def test_skunk_doubling_the_cap_changes_nothing():
    skunk = game("skunk")
    policy = Rule(odds(skunk))
    base = solve_fixed_turns(skunk, 5, 150, [(policy, Optimal())])
    double_cap = solve_fixed_turns(skunk, 5, 300, [(policy, Optimal())])
    assert base.bound <= 1e-13
    assert double_cap.value == pytest.approx(base.value, abs=1e-13)
    assert double_cap.matchups[0].first_wins == pytest.approx(base.matchups[0].first_wins, abs=1e-13)
    # The comparison can fail: at cap 50 the truncation is felt, and its proved
    # sandwich holds the values of the large cap.
    small = solve_fixed_turns(skunk, 5, 50, [(policy, Optimal())])
    assert small.upper - small.lower > 1e-6
    assert small.lower - 1e-15 <= base.value <= small.upper + 1e-15
    pair = small.matchups[0]
    assert pair.lower - 1e-15 <= base.matchups[0].first_wins <= pair.upper + 1e-15


def test_one_turn_each_by_hand():
    # Piglet-like coin with one turn each: A holds at t (or busts); B then rolls
    # until ahead.  With a coin (add 1 or bust), B beats a banked a with chance
    # 2^-(a+1) and ties... the twin is the hand computation here.
    coin = roll_model("coin", {add(1): "1/2", bust: "1/2"})
    solution = solve_fixed_turns(coin, 1, 30)
    assert solution.value == pytest.approx(float(twin(coin, 1, 30, "1/2")), abs=1e-13)
    assert solution.bound < 1e-8


def test_refusals():
    with pytest.raises(JeopardyError, match="doubling"):
        solve_fixed_turns(roll_model("d", {double: "1/2", add(1): "1/4", bust: "1/4"}), 2, 20)
    with pytest.raises(JeopardyError, match="turns"):
        solve_fixed_turns(SMALL, 0, 20)
    with pytest.raises(JeopardyError, match="limit"):
        solve_fixed_turns(SMALL, 50, 2000)


def test_cli_skunk_json_keys():
    result = CliRunner().invoke(cli, ["skunk", "--turns", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert 0 < data["win_probability"] < 1
    assert set(data["compare"]) == {"max-expected-score", "odds", "optimal"}
    last = [row for row in data["first_holds"] if row["turn"] == 4 and row["mover_score"] == 30
            and row["other_score"] == 60]
    assert last and last[0]["optimal"] == 31  # the last turn: roll until ahead (30 + 31 > 60)
    for record in data["compare"].values():  # nobody beats optimal play in either seat
        assert record["as_first"] <= data["win_probability"] + 1e-12
        assert record["as_second"] <= 1 - data["win_probability"] + 1e-12


def test_cli_skunk_bad_input():
    result = CliRunner().invoke(cli, ["skunk", "--turns", "-1"])
    assert result.exit_code == 2 and "--turns" in result.output


def test_cap_grows_until_the_bound_is_met():
    solution = solve_fixed_turns(game("skunk"), 2, tolerance=1e-13)
    assert solution.bound <= 1e-13 and solution.cap >= 150
    loose = solve_fixed_turns(game("skunk"), 2, cap=40)
    assert loose.bound > 1e-13  # so the growth is needed at small caps


def test_a_cap_stopped_short_of_the_tolerance_is_shown_and_said_not_converged(monkeypatch):
    """`skunk --turns 40` printed 12 digits with a proved bound of 0.35 and exit 0 (the
    growing cap stopped at the work limit). Now the result is shown, flagged
    ``converged: false``, and one line on stderr says why, with exit status 3, as
    `solve` does. Here a work limit between the caps 150 and 225 stops SKUNK's 8 turns
    each at 150 (bound 1.6e-05; cap 225 meets 1e-13)."""
    from jeopardy.fixed_turns import solver

    grown = solve_fixed_turns(game("skunk"), 8)
    assert grown.converged and grown.cap > 150 and grown.worst_bound <= 1e-13
    monkeypatch.setattr(solver, "CELL_LIMIT", 400_000_000)  # cap 150: 3.0e8; 225: 1.0e9
    short = CliRunner().invoke(cli, ["skunk", "--turns", "8", "--json"])
    data = json.loads(short.stdout)
    assert short.exit_code == 3 and data["converged"] is False and data["cap"] == 150
    assert data["bound"] > 1e-13
    assert grown.value == pytest.approx(data["win_probability"], abs=data["bound"])
    line, = short.stderr.strip().splitlines()
    assert line.startswith("jeopardy: error: skunk, 8 turns each, did not converge")
    assert "the next cap, 225, needs ~1.0e+09 state updates (limit 4e+08)" in line
    # a cap given is what was asked: its bound is reported, not a failure
    assert solve_fixed_turns(game("skunk"), 2, cap=40).converged


def test_next_cap_meets_the_tolerance_on_the_line_of_the_last_two_bounds():
    """Half as much again without two falling bounds; else where the line through the
    last two (cap, log bound) points meets the tolerance, within one unit more and half
    as much again."""
    import math

    from jeopardy.fixed_turns.solver import next_cap

    assert next_cap(150, 1e-2, None, 1e-13) == 225
    assert next_cap(225, 1e-2, (150, 1e-3), 1e-13) == 337  # the bound did not fall
    # log bound falls 0.1 a unit: from 1e-9 at 300, 1e-13 is 92.1 units on
    assert next_cap(300, 1e-9, (200, 1e-9 * math.exp(10)), 1e-13) == 393
    assert next_cap(300, 1e-2, (200, 1e-2 * math.exp(1e-3)), 1e-13) == 450
    assert next_cap(300, 1.0001e-13, (200, 1.0), 1e-13) == 301


def test_a_cap_placed_by_the_last_two_bounds_is_proved_and_doubling_it_changes_nothing():
    """Shi's three turns: 150 and 225 fall short, the line through their bounds puts the
    cap at 258 (the rule of half as much again took 337); its proved bound is met, and
    twice that cap gives the same value within it."""
    solution = solve_fixed_turns(game("shi"), 3, tolerance=1e-13)
    assert solution.cap == 258 and solution.bound <= 1e-13
    doubled = solve_fixed_turns(game("shi"), 3, cap=2 * solution.cap)
    assert abs(doubled.value - solution.value) <= 1e-13
