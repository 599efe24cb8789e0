"""The terminal game engine and command."""
import pytest
from click.testing import CliRunner

from jeopardy.cli.main import cli
from jeopardy.race.play import Match, action_values
from jeopardy.race.solver import solve
from jeopardy.rules import game


@pytest.mark.parametrize("name", ["pig", "two-dice-pig", "frey-pig"])
def test_action_values_match_the_solution(name):
    solution = solve(game(name), 40)
    for i, j, k in [(0, 0, 0), (10, 30, 7), (35, 2, 3), (20, 20, 19)]:
        roll, hold = action_values(solution, i, j, k)
        assert max(roll, hold) == pytest.approx(solution.win_probability(i, j, k), abs=1e-12)
        assert (roll > hold) == (solution.action(i, j, k) == "roll") or abs(roll - hold) < 1e-12


def test_a_seeded_match_between_two_optimal_players_ends():
    solution = solve(game("pig"), 50)
    match = Match(solution, seed=4)
    for _ in range(100_000):
        if match.winner is not None:
            break
        if match.computer_rolls():
            match.roll()
        else:
            match.hold()
    assert match.winner in (0, 1)
    assert max(match.scores) >= 50


def test_play_command_quits_cleanly():
    result = CliRunner().invoke(cli, ["play", "--goal", "20", "--hints", "--seed", "1"], input="r\nh\nq\n")
    assert result.exit_code == 0
    assert "P(win): roll" in result.output and "bye" in result.output
