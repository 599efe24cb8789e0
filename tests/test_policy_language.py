"""One policy language (issue 13): one parser, every command takes the words that make
sense for it and refuses the rest in one line naming the command."""
from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest
from click.testing import CliRunner

from jeopardy.cli.main import cli
from jeopardy.errors import JeopardyError
from jeopardy.policy_language import parse, race_policy, score_policy
from jeopardy.match import policies
from jeopardy.rules import game
from jeopardy.rules.effects import add, bust, double
from jeopardy.rules.roll_model import roll_model


@pytest.mark.parametrize("word, kind", [
    pytest.param("optimal", "optimal", id="optimal"),
    pytest.param(" optimal-ties-hold ", "optimal-ties-hold", id="ties-hold"),
    pytest.param("best-response", "best-response", id="best-response"),
    pytest.param("hold:20", "hold", id="hold"),
    pytest.param("linear:1,11,200", "linear", id="linear"),
    pytest.param("linear:1/2, 3 ,7/3,strict", "linear", id="linear-strict-fractions"),
    pytest.param("odds", "odds", id="odds"),
    pytest.param("odds-strict", "odds-strict", id="odds-strict"),
    pytest.param("rule:k < 20", "rule", id="rule"),
    pytest.param("keep-pace", "practical", id="practical"),
    pytest.param("some/policy.parquet", "file", id="file-by-suffix"),
])
def test_one_parser_reads_every_form(word, kind):
    assert parse(word).kind == kind


def test_linear_coefficients_are_exact():
    word = parse("linear:1/2, 3 ,7/3,strict")
    assert word.coefficients == (Fraction(1, 2), Fraction(3), Fraction(7, 3)) and word.strict


def test_a_formula_may_hold_any_space_python_reads_as_one():
    """Only a number's digits are ASCII: a no-break space (pasted from a page) still
    separates the words of a formula, as it did before the digits were narrowed."""
    assert parse("dice:2 if i\u00a0< j else 3").formula == "2 if i\u00a0< j else 3"
    assert parse("rule:k\u00a0>= 20").formula == "k\u00a0>= 20"


@pytest.mark.parametrize("word, message", [
    pytest.param("hold:x", "write hold:N", id="hold-not-integer"),
    pytest.param("linear:1,2", "write linear:A,B,C", id="linear-two-numbers"),
    pytest.param("linear:1,2,3,loose", "write linear:A,B,C", id="linear-bad-flag"),
    pytest.param("linear:1,2,3/0", "write linear:A,B,C", id="linear-divide-by-zero"),
    pytest.param("greedy", "unknown policy 'greedy'", id="unknown"),
    # formulas read ASCII digits only: Python's \d matched an Arabic-Indic digit, and
    # float() read "٣" as 3 (hold:٣ was refused, dice:٣ played three dice, rule:k >= ٢٠
    # held at 20)
    pytest.param("dice:\u0663", "cannot read '\u0663'", id="dice-arabic-indic-digit"),
    pytest.param("rule:k >= \u0662\u0660", "cannot read '\u0662\u0660'", id="rule-arabic-indic-digits"),
])
def test_malformed_words_are_refused_in_one_line(word, message):
    with pytest.raises(JeopardyError, match=message) as error:
        parse(word)
    assert "\n" not in str(error.value)


GOAL = 30


def test_race_linear_rule_is_the_same_table_as_its_formula(pig):
    line = race_policy("linear:1,11,200", pig, GOAL)
    formula = policies.from_formula(GOAL, "i + 11 * k <= 200")
    assert np.array_equal(line.roll, formula.roll)
    strict = race_policy("linear:1/3,1,12,strict", pig, GOAL)
    assert np.array_equal(strict.roll, policies.from_formula(GOAL, "i / 3 + k < 12").roll)


def test_odds_strict_on_pig_is_hold_at_20(pig):
    """Knizia's odds rule for one-die Pig: roll iff t < 20 (the paper's 'hold at 20')."""
    assert np.array_equal(race_policy("odds-strict", pig, GOAL).roll, policies.hold_at(GOAL, 20).roll)
    # the non-strict rule also rolls at 20, where one roll's expected change is exactly 0
    assert np.array_equal(race_policy("odds", pig, GOAL).roll, policies.hold_at(GOAL, 21).roll)


def test_a_line_through_states_is_decided_exactly(pig):
    """1/3*i + k <= 10 at i = 3, k = 9 is 10 <= 10: exact, where floats could round."""
    table = race_policy("linear:1/3,1,10", pig, GOAL)
    assert table.rolls(3, 0, 9) and not table.rolls(3, 0, 10) and table.rolls(0, 0, 10)


@pytest.mark.parametrize("word, command, other, message", [
    pytest.param("best-response", "reach", None, "reach does not take the policy "
                 "'best-response' \\(it needs the other player's policy\\)", id="reach-best-response"),
    pytest.param("best-response", "play --ai", None, "play --ai does not take", id="play-best-response"),
    pytest.param("optimal-ties-hold", "compare", "hold:20", "compare does not take the policy "
                 "'optimal-ties-hold'", id="compare-ties-hold"),
])
def test_race_commands_refuse_words_without_a_race_meaning(pig, word, command, other, message):
    with pytest.raises(JeopardyError, match=message):
        race_policy(word, pig, GOAL, command, other)


def test_odds_is_refused_for_a_game_that_doubles():
    doubling = roll_model("doubling", {add(2): "1/2", double: "1/4", bust: "1/4"})
    with pytest.raises(JeopardyError, match="doubling"):
        race_policy("odds", doubling, 10, "compare", "hold:5")


@pytest.mark.parametrize("word, why", [
    pytest.param("rule:k < 20", "a formula gives the solver no turn-total cap", id="rule"),
    pytest.param("best-response", "there is no other player", id="best-response"),
    pytest.param("keep-pace", "reads the opponent's score", id="practical"),
    pytest.param("policy.csv", "a race-game table", id="file"),
])
def test_max_score_refuses_race_words_naming_itself(word, why):
    with pytest.raises(JeopardyError, match=f"max-score does not take .*{why}.*it takes optimal"):
        score_policy(word, game("think"))


def test_max_score_reads_the_shared_words():
    think = game("think")
    assert score_policy("odds", think).to_dict() == {"kind": "linear", "a": "1", "b": "11",
                                                     "c": "200", "strict": False}
    assert score_policy("hold:0", think).to_dict() == {"kind": "hold", "a": "0", "b": "1",
                                                       "c": "0", "strict": True}
    assert score_policy("linear:1,11,200", think).to_dict() == score_policy("odds", think).to_dict()


def _run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_cli_compare_takes_linear_and_odds_words():
    """The odds rule of two-dice Pig (bust-all: it reads the banked score) against
    the same line written by hand: the same policy, so exactly a fair game."""
    odds = score_policy("odds", game("two-dice-pig"))
    line = f"linear:{odds.a},{odds.b},{odds.c}"
    result = _run("compare", "odds", line, "--game", "two-dice-pig", "--goal", "25", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["fair"] == pytest.approx(0.5, abs=1e-12)


def test_cli_refusals_name_the_command():
    result = CliRunner().invoke(cli, ["max-score", "--policy", "rule:k < 20"])
    assert result.exit_code == 2
    assert result.stderr.strip().startswith("jeopardy: error: max-score does not take")
    assert len(result.stderr.splitlines()) == 1
    result = CliRunner().invoke(cli, ["reach", "--goal", "10", "--policy", "best-response"])
    assert result.exit_code == 2 and "reach does not take" in result.stderr
