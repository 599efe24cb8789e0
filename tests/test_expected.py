"""Expected-score games: DP vs exact rationals vs simulation, the cap, the paper."""
import json
from fractions import Fraction

import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

from jeopardy.cli.main import cli
from jeopardy.errors import JeopardyError
from jeopardy.expected.analysis import compare, exact_expected
from jeopardy.expected.policies import hold_at, linear, odds, optimal
from jeopardy.expected.simulate import simulate
from jeopardy.policy_language import score_policy
from jeopardy.expected.solver import solve_expected
from jeopardy.published import THINK
from jeopardy.rules import game
from jeopardy.turn.distribution import turn_distribution
from tests.strategies import roll_models


@pytest.fixture(scope="module")
def think():
    return game("think")


# The paper's figures for solitaire THINK (section "Single Decision Analysis
# Versus Dynamic Programming").  Tolerance 1e-12 absolute = 13-14 significant
# digits: the paper's own float sums carry errors of ~1e-14.
PUBLISHED = [pytest.param(turns, policy, value, id=f"{policy}-{turns}-turns")
             for turns, policy, value in THINK]


@pytest.mark.parametrize("turns, policy, published", PUBLISHED)
def test_think_published_values(think, turns, policy, published):
    best = solve_expected(think, turns, optimal())
    solution = best if policy == "optimal" else solve_expected(think, turns, score_policy(policy, think),
                                                               cap=best.cap)
    assert solution.expected == pytest.approx(published, abs=1e-12)
    if turns == 5:  # exact rational evaluation agrees with the float DP
        assert float(exact_expected(solution)) == pytest.approx(solution.expected, abs=1e-12)


def test_think_odds_rule_reads_s_plus_11t_le_200(think):
    rule = odds(think)
    assert rule.rolls(1, 200, 0) and not rule.rolls(1, 201, 0)
    assert rule.rolls(1, 24, 16) and not rule.rolls(1, 25, 16)
    assert not odds(think, strict=True).rolls(1, 24, 16)
    assert odds(game("pig"), strict=True).rolls(1, 0, 19) and not odds(game("pig"), True).rolls(1, 0, 20)


def test_four_turn_think_optimal_and_odds_agree_on_reachable_states(think):
    """'For THINK reduced to four turns ... pi* and pi<= reach the same game
    states and dictate the same decisions in those states.'"""
    best = solve_expected(think, 4, optimal())
    rule = solve_expected(think, 4, odds(think), cap=best.cap)
    comparison = compare(best, rule, best)
    assert comparison.same_reachable_states and not comparison.differences
    five = solve_expected(think, 5, optimal())
    assert compare(five, solve_expected(think, 5, odds(think), cap=five.cap), five).strict_differences


@pytest.mark.slow
@pytest.mark.parametrize("turns", [1, 8, 9, 12])
def test_one_die_pig_optimal_equals_hold_at_20_exactly(turns):
    """Without bust-all, turns are independent: hold at 20 is optimal, and
    rolling at exactly 20 is an exact tie.  So optimal play never strictly
    deviates from hold at 20, for any number of turns (the paper's 'deviation
    for games longer than eight turns' can only be tie-breaking)."""
    pig = game("pig")
    best = solve_expected(pig, turns, optimal())
    strict = solve_expected(pig, turns, odds(pig, strict=True), cap=best.cap)
    weak = solve_expected(pig, turns, linear(0, 1, 20), cap=best.cap)
    single_turn = turn_distribution(pig, 20).mean
    assert exact_expected(strict) == exact_expected(weak) == turns * single_turn
    assert exact_expected(best) == turns * single_turn
    assert not compare(best, strict, best).strict_differences


def _bounded_twin(turns: int, cap: int, top: int) -> float:
    """Written from the rules: n turns of one-die Pig, a final score counts as
    min(score, cap); explicit states (turn, score, turn total), turn totals
    allowed up to ``top`` (then the player must hold), plain recursion."""
    from functools import lru_cache

    @lru_cache(maxsize=None)
    def value(turn: int, score: int, total: int) -> Fraction:
        if turn > turns:
            return Fraction(min(score, cap))
        hold = value(turn + 1, score + total, 0)
        if total >= top:
            return hold
        roll = Fraction(1, 6) * value(turn + 1, score, 0)  # a 1: the turn total is lost
        for face in range(2, 7):
            roll += Fraction(1, 6) * value(turn, score, total + face)
        return max(hold, roll)

    return value(1, 0, 0)


@pytest.mark.parametrize("turns, cap", [(2, 30), (3, 45), (4, 23)])
def test_bounded_scores_match_a_twin_that_allows_twice_the_turn_total(turns, cap):
    """With final scores capped at S the solver forces a hold above t = S; a
    twin allowing turn totals up to 2S agrees, and so does the exact value."""
    pig = game("pig")
    ours = solve_expected(pig, turns, optimal("hold"), score_cap=cap)
    twin = _bounded_twin(turns, cap, 2 * cap)
    assert ours.expected == pytest.approx(float(twin), abs=1e-12)
    assert exact_expected(ours) == twin


@pytest.mark.slow
def test_eight_turn_claim_holds_exactly_with_scores_capped_at_200():
    """'the same deviation of optimal versus odds-based policies for Pig games
    longer than eight turns': unbounded, never (ties only); with final scores
    capped at 200, the first strict deviation is at 9 turns, where optimal
    holds near the cap and hold at 20 rolls.  Caps 199 and 223 are the edges
    of the range giving 9; 198 gives 8 and 224 gives 10."""
    from jeopardy.expected.analysis import first_deviation

    pig = game("pig")
    hold20 = odds(pig, strict=True)
    assert first_deviation(pig, hold20, 12).turns is None
    bounded = first_deviation(pig, hold20, 12, score_cap=200)
    assert bounded.turns == 9
    assert all(not d.first_rolls and d.second_rolls and d.margin < 0 for d in bounded.states)
    assert min(d.turn for d in bounded.states) == 7
    for cap, turns in [(198, 8), (199, 9), (223, 9), (224, 10)]:
        assert first_deviation(pig, hold20, 12, score_cap=cap).turns == turns
    # Up to eight turns the two reach the same states and decide alike.
    eight = solve_expected(pig, 8, optimal("hold"), score_cap=200)
    rule = solve_expected(pig, 8, hold20, score_cap=200)
    same = compare(eight, rule, eight)
    assert same.same_reachable_states and not same.differences


def test_cap_is_certified_and_a_larger_cap_changes_nothing(think):
    best = solve_expected(think, 5, optimal())
    wider = solve_expected(think, 5, optimal(), cap=2 * best.cap)
    assert wider.expected == pytest.approx(best.expected, abs=1e-13)
    with pytest.raises(JeopardyError, match="below the certified bound"):
        solve_expected(think, 5, optimal(), cap=20)


@pytest.mark.parametrize("turns, policy", [(5, "optimal"), (5, "odds"), (3, "hold:15")])
def test_simulation_agrees_within_four_standard_errors(think, turns, policy):
    best = solve_expected(think, turns, optimal())
    rule = score_policy(policy, think)
    solution = best if rule.is_optimal else solve_expected(think, turns, rule, cap=best.cap)
    sim = simulate(solution, 400_000, seed=7)
    assert abs(sim.mean - solution.expected) < 4 * sim.stderr


@given(roll_models(allow_bank=True), st.integers(1, 4), st.integers(0, 12))
@settings(max_examples=25, deadline=None)
def test_optimal_beats_every_hold_at_h_and_exact_matches(model, turns, h):
    best = solve_expected(model, turns, optimal())
    rule = solve_expected(model, turns, hold_at(h), cap=max(best.cap, h))
    assert best.expected >= rule.expected - 1e-9
    assert float(exact_expected(rule)) == pytest.approx(rule.expected, rel=1e-11, abs=1e-11)


@pytest.mark.parametrize("text, message", [
    ("hold:x", "hold:N"), ("linear:1,2", "linear:A,B,C"), ("greedy", "unknown policy"),
])
def test_bad_policies(think, text, message):
    with pytest.raises(JeopardyError, match=message):
        score_policy(text, think)


def test_max_score_command():
    runner = CliRunner()
    result = runner.invoke(cli, ["max-score", "--game", "think", "--turns", "5", "--policy", "odds",
                                 "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["expected"] == pytest.approx(36.29151996719233, abs=1e-12)
    assert float(Fraction(data["expected_exact"])) == pytest.approx(36.29151996719233, abs=1e-12)
    result = runner.invoke(cli, ["max-score", "--turns", "5", "--compare", "odds"])
    assert "turn 2, score 25, turn total 16: roll vs hold" in result.output
    result = runner.invoke(cli, ["max-score", "--turns", "0"])
    assert result.exit_code != 0 and "at least 1" in result.output


def test_max_score_command_with_a_score_cap():
    runner = CliRunner()
    result = runner.invoke(cli, ["max-score", "--game", "pig", "--turns", "9", "--policy",
                                 "optimal-ties-hold", "--compare", "odds-strict", "--score-cap",
                                 "200", "--no-exact", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["score_cap"] == 200 and data["comparison"]["strict_differences"] == 282
    result = runner.invoke(cli, ["max-score", "--game", "pig", "--score-cap", "200",
                                 "--simulate", "10"])
    assert result.exit_code != 0 and "--score-cap" in result.output
    result = runner.invoke(cli, ["max-score", "--game", "pig", "--score-cap", "0"])
    assert result.exit_code != 0 and "--score-cap must be positive" in result.output
