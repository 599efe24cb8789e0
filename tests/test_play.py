"""The terminal game engine and command."""
import pytest
from click.testing import CliRunner

from jeopardy.cli.main import cli
from jeopardy.match.play import Match, action_values
from jeopardy.match.solver import solve
from jeopardy.rules import game


@pytest.mark.parametrize("name", ["pig", "two-dice-pig", "frey-pig"])
def test_action_values_match_the_solution(name):
    solution = solve(game(name), 40)
    for i, j, k in [(0, 0, 0), (10, 30, 7), (35, 2, 3), (20, 20, 19)]:
        roll, hold = action_values(solution, (i, j), k)
        assert max(roll, hold) == pytest.approx(solution.win_probability_at(i, j, k), abs=1e-12)
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
    # the hints are the solver's values: P(0,0,0) of Pig to 20 for rolling, 1 - P(0,0,0) for holding
    from jeopardy.match.solver import solve
    from jeopardy.rules import game

    p = solve(game("pig"), 20).win_probability
    assert f"turn total 0   P(win): roll {p:.4f}, hold {1 - p:.4f}\n" in result.output


def test_unknown_answers_and_a_bare_enter_ask_again_and_end_of_input_quits():
    result = CliRunner().invoke(cli, ["play", "--goal", "20", "--seed", "1"], input="x\n\n")
    assert result.exit_code == 0
    assert result.output.count("please answer") == 2
    assert "you roll" not in result.output and result.output.rstrip().endswith("bye")


def test_ten_thousand_advice_is_the_solution_and_a_game_between_optimal_players_ends():
    from jeopardy.farkle.play import COMPUTER, PERSON, FarkleMatch
    from jeopardy.farkle.core import solve as solve_farkle
    from jeopardy.farkle.turn import FarkleRules

    solution = solve_farkle(FarkleRules(goal=1000))
    match = FarkleMatch(solution, seed=7)
    throw, bank = match.advice()
    assert bank is None  # no bank before the first throw
    assert throw == pytest.approx(solution.win_probability, abs=1e-12)
    ends = []
    for seed in range(20):
        match = FarkleMatch(solution, seed=seed, person_first=seed % 2 == 0)
        for _ in range(10_000):
            if match.winner is not None:
                break
            throw, bank = match.advice()
            t, n = match.turn_total // 50, match.dice
            if not match.last_turn:
                values, _ = solution.column(match.scores[match.mover],
                                            match.scores[1 - match.mover], match.first)
            if not match.last_turn and t < len(values):
                assert max(throw, bank if bank is not None else 0.0) == \
                    pytest.approx(values[t, n], abs=1e-12)
            match.bank() if not match.computer_throws() else match.throw()
        ends.append(match.winner)
    assert set(ends) <= {PERSON, COMPUTER, 0.5} and None not in ends


def test_ten_thousand_play_command_shows_throws_and_hints():
    result = CliRunner().invoke(cli, ["play", "--game", "ten-thousand", "--goal", "1000",
                                      "--hints", "--seed", "3"], input="t\nt\nq\n")
    assert result.exit_code == 0, result.output
    assert "set aside" in result.output and "P(win): throw" in result.output
    assert result.output.rstrip().endswith("bye")


def test_play_refuses_a_negative_seed_and_a_first_to_reach_it_would_ignore():
    """--seed -5 dealt the dice of --seed 5 (random.Random drops the sign), and
    --first-to-reach was ignored for Pig: both are refused in one line."""
    for arguments, words in ((["--seed", "-5"], "--seed must be in 0-"),
                             (["--first-to-reach"], "--first-to-reach is for --game "
                              "ten-thousand")):
        result = CliRunner().invoke(cli, ["play", "--goal", "20", *arguments], input="q\n")
        assert result.exit_code == 2 and words in result.output, result.output
