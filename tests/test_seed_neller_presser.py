"""Published claims of Neller & Presser (2004), recomputed."""
import pytest

from jeopardy import published
from jeopardy.match.solver import solve
from jeopardy.rules import game


@pytest.fixture(scope="module")
def pig100():
    return solve(game("pig"), 100)


def test_first_player_wins_53_06_percent(pig100):
    """'P(0,0,0) ~ 0.5306' -- printed to 4 digits, so tolerance 5e-5."""
    claim = published.PIG_FIRST_PLAYER
    assert pig100.win_probability_at(0, 0, 0) == pytest.approx(claim.value, abs=claim.tolerance)


def test_41_vs_49_roll_to_22_unless_exactly_27(pig100):
    """'at 41 vs 49 roll until 22 or more, unless you reach exactly 27, then roll once more'."""
    actions = pig100.actions((41, 49))
    assert actions[:22] == "R" * 22
    assert actions[22:27] == "HHHHH"
    assert actions[27] == "R"
    assert pig100.hold_threshold(41, 49) is None


def test_states_count(pig100):
    """'Pig presents us with 505,000 equations.'"""
    assert pig100.states == published.PIG_EQUATIONS.value


def test_never_holds_below_21_from_zero(pig100):
    """'an optimal player with a score of 0 will never hold with a turn total
    less than 21, regardless of the opponent's score'."""
    for j in range(100):
        acts = pig100.column((0, j))[1]
        assert acts[:21].all(), j
