"""The facade is one thing (issue 25): jeopardy.Game covers every game the command line
covers, with the same numbers, and every result has the same shape: ``win_probability``
a float attribute, ``win_probabilities`` a list."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import jeopardy as jp

ROOT = Path(__file__).resolve().parent.parent


def cli_json(*arguments: str) -> dict:
    """What a user piping ``jeopardy ... --json`` reads (a subprocess: stdout strictly)."""
    done = subprocess.run([sys.executable, "-m", "jeopardy", *arguments, "--json"],
                          capture_output=True, text=True, timeout=900, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def assert_one_shape(result, players: int = 2) -> None:
    assert isinstance(result.win_probability, float)
    assert isinstance(result.win_probabilities, list) and len(result.win_probabilities) == players
    assert all(isinstance(p, float) for p in result.win_probabilities)
    assert result.win_probabilities[0] == result.win_probability


def test_parker_brothers_is_solved_as_the_cli_solves_it():
    """It raised "needs turn totals that never fall"; a falling turn total is the N-player
    solver's, two players, first to the goal."""
    solution = jp.Game("parker-brothers", goal=30).solve()
    assert_one_shape(solution)
    data = cli_json("solve", "--game", "parker-brothers", "--goal", "30")
    assert solution.win_probability == pytest.approx(data["win_probability"], abs=1e-12)
    assert 0.6 < solution.win_probability < 0.65  # the first player's edge, not a tie


@pytest.mark.parametrize("players, ending", [(2, "first-to-goal"), (3, "first-to-goal"),
                                             (3, "equal-turns"), (2, "one-more-turn")])
def test_every_race_result_has_the_one_shape(players, ending):
    game = jp.Game("piglet", goal=6, players=players, ending=ending)
    solution = game.solve()
    assert_one_shape(solution, players)
    assert sum(solution.win_probabilities) == pytest.approx(1.0, abs=1e-12)
    if ending != "one-more-turn":
        assert_one_shape(game.compare("optimal"), players)
        assert_one_shape(game.simulate("optimal", games=200, seed=1), players)


def test_exact_and_two_player_tables_have_the_one_shape():
    exact = jp.Game("piglet", goal=2).exact()
    assert exact.win_probability_exact == pytest.approx(4 / 7, abs=0) or \
        str(exact.win_probability_exact) == "4/7"
    assert_one_shape(exact)
    race = jp.Game("pig", goal=20).solve()
    assert_one_shape(race)
    assert race.win_probability == race.win_probability_at(0, 0, 0)
    assert race.win_probability_at(19, 0, 1) == 1.0  # holding reaches the goal


@pytest.mark.slow
def test_ten_thousand_is_a_game():
    game = jp.Game("ten-thousand", goal=500)
    assert repr(game) == "Game(ten-thousand to 500, 2 players, equal-turns)"
    solution = game.solve()
    assert_one_shape(solution)
    data = cli_json("farkle", "solve", "--goal", "500")
    assert solution.win_probability == pytest.approx(data["win_probability"], abs=1e-12)
    first = jp.Game("ten-thousand", goal=500, ending="first-to-goal").solve()
    assert first.win_probability == pytest.approx(
        cli_json("farkle", "solve", "--goal", "500", "--first-to-reach")["win_probability"],
        abs=1e-12)
    assert game.turn().expected == pytest.approx(462.8006, abs=5e-5)  # the seed's table
    assert jp.Game("ten-thousand", goal=500, players=3).players == 3  # farkle solve --players
    with pytest.raises(jp.JeopardyError, match="roll-model games"):
        game.simultaneous()


@pytest.mark.slow
def test_skunk_think_and_the_simultaneous_game_are_methods():
    skunk = jp.Game("skunk").fixed_turns(turns=2)
    assert_one_shape(skunk)
    assert skunk.win_probability == pytest.approx(
        cli_json("skunk", "--turns", "2")["win_probability"], abs=1e-12)
    think = jp.Game("think").think(rounds=1, score_cap=20, turn_cap=20)
    assert_one_shape(think)
    assert think.value == cli_json("think", "--rounds", "1", "--score-cap", "20",
                                   "--turn-cap", "20")["value"]
    simultaneous = jp.Game("pig").simultaneous(max_hold=8)
    assert simultaneous.to_dict()["strategy"] == cli_json(
        "simultaneous", "--max-hold", "8")["strategy"]


def test_game_methods_agree_with_their_commands():
    pig = jp.Game("pig", goal=30)
    match = pig.head_to_head("optimal", "hold:10")
    data = cli_json("compare", "optimal", "hold:10", "--goal", "30")
    assert match.fair == pytest.approx(data["fair"], abs=1e-12)
    assert pig.fairness().to_dict()["bonus"] == cli_json("fairness", "--goal", "30")["bonus"]
    assert pig.solitaire().to_dict()["expected_turns"] == pytest.approx(
        cli_json("solitaire", "--goal", "30")["expected_turns"], abs=1e-12)
    with pytest.raises(jp.JeopardyError, match="two players"):
        jp.Game("pig", goal=10, players=3).head_to_head()


def test_compare_and_simulate_take_the_commands_policy_words_and_seed():
    """`Game.compare("optimal", "hold:20")` was refused ("pass 'optimal' or a policy
    object") though the docs say policies may be words, and `Game.simulate` drew with
    seed 0 where the command's default is 1. Both now read words as `jeopardy compare`
    does, and give the command's numbers."""
    pig = jp.Game("pig", goal=30)
    exact = cli_json("compare", "optimal", "hold:20", "--goal", "30")
    assert pig.compare("optimal", "hold:20").win_probabilities[0] == pytest.approx(
        exact["first"], abs=1e-12)
    drawn = cli_json("simulate", "optimal", "hold:20", "--goal", "30", "--games", "2000")
    assert pig.simulate("optimal", "hold:20", games=2000).win_probability == drawn["first"]
    assert pig.compare("hold:20", "optimal").win_probabilities[1] == pytest.approx(
        exact["second"], abs=1e-12)  # optimal play moving second
    with pytest.raises(jp.JeopardyError, match="does not take the policy 'best-response'"):
        pig.compare("optimal", "best-response")


def test_fast_pig_and_hog_are_games():
    """jp.Game("hog") said "must be a roll model or a preset name" though `jeopardy games`
    lists Fast Pig and Hog: they are games of the facade, with the numbers their commands
    print (subprocesses), and the analyses they have not are refused naming those they have."""
    hog = jp.Game("hog", goal=30)
    solution = hog.solve()
    assert_one_shape(solution)
    data = cli_json("solve", "--game", "hog", "--goal", "30")
    assert solution.win_probabilities == data["win_probabilities"]
    decision = hog.policy((10, 20))
    shown = cli_json("policy", "--game", "hog", "--goal", "30", "--score", "10", "--opponent", "20")
    assert decision.to_dict() == shown
    pair = hog.head_to_head("optimal", "dice:3")
    assert pair.to_dict() == cli_json("compare", "optimal", "dice:3", "--game", "hog", "--goal",
                                      "30")
    assert hog.compare("optimal", "dice:3").win_probability == pair.first
    # head_to_head's default opponent: the dice of most expected points (max-score --json)
    most = cli_json("max-score", "--game", "hog")["best_dice"]
    assert hog.head_to_head().to_dict() == hog.head_to_head("optimal", f"dice:{most}").to_dict()
    assert hog.max_score().to_dict() == cli_json("max-score", "--game", "hog")
    # seats in turn order, as every game's simulate (Pig's too): the command's first share
    simulated = hog.simulate("optimal", "dice:3", games=2000)
    assert_one_shape(simulated)
    assert simulated.win_probability == cli_json(
        "simulate", "optimal", "dice:3", "--game", "hog", "--goal", "30", "--games", "2000")["first"]
    assert type(simulated) is type(jp.Game("pig", goal=30).simulate("optimal", "hold:20",
                                                                     games=10))
    assert hog.fairness().bonus == cli_json("fairness", "--game", "hog", "--goal", "30")["bonus"]
    three = jp.Game("fast-pig", goal=20, players=3, ending="equal-turns")
    assert three.solve().win_probabilities == cli_json(
        "solve", "--game", "fast-pig", "--goal", "20", "--players", "3", "--ending",
        "equal-turns")["win_probabilities"]
    assert len(three.compare("optimal", "dice:2").win_probabilities) == 3
    for refused, words in ((lambda: hog.turn(hold=3), "turn plays roll-model games; hog has "
                            "solve, policy, compare, simulate, head_to_head, fairness and "
                            "max_score"),
                           (lambda: hog.max_score(turns=3), "one roll by number of dice; it "
                            "takes no turns"),
                           (lambda: hog.certify(), "certify plays roll-model games"),
                           (lambda: hog.compare(3), "hog takes policy words"),
                           (lambda: hog.policy(5), "scores must be a sequence of integers"),
                           (lambda: hog.head_to_head("optimal", "hold:20"),
                            "Game.head_to_head with hog takes the policies optimal, dice:N"),
                           (lambda: jp.Game("hog", players=3).head_to_head(),
                            r"compare\(\) seats more"),
                           (lambda: jp.Game("hog", ending="one-more-turn"),
                            "hog is played first to the goal"),
                           (lambda: jp.Game("chess"), "unknown game 'chess'; see `jeopardy "
                            "games`: pig, piglet")):
        with pytest.raises(jp.JeopardyError, match=words):
            refused()


def test_what_a_python_user_tried_is_answered_for_this_game_or_refused_in_one_line():
    """helper-19's hunt of the facade: Python errors from inside the package, answers for
    another game than the one asked (a policy of another goal, three players' fixed turns
    answered for two, a place in a round the game has not), and plural reprs."""
    pig20 = jp.Game("pig", goal=20)
    optimal = pig20.reach()
    assert pig20.reach(pig20.solve()).to_dict() == optimal.to_dict()  # a solution: its policy
    thirty = jp.policies.from_solution(jp.Game("pig", goal=30).solve())
    for refused, words in (
            (lambda: jp.Game("parker-brothers", goal=30).reach(),
             r"turn totals that never fall \(reach\)"),
            (lambda: jp.Game("parker-brothers", goal=30).head_to_head(),
             r"turn totals that never fall \(head_to_head\)"),
            (lambda: jp.Game("parker-brothers", goal=30).certify(),
             r"turn totals that never fall \(certify\)"),
            (lambda: pig20.reach(None), "policy must be a policy word, a RacePolicy or a "
                                        "two-player solution; got NoneType"),
            (lambda: pig20.reach(thirty), "policy 'optimal' is for goal 30, not 20"),
            (lambda: pig20.best_response(thirty), "policy 'optimal' is for goal 30, not 20"),
            (lambda: jp.Game("skunk").fixed_turns(turns=2, cap="5"),
             "cap must be an integer; got '5'"),
            (lambda: jp.Game("pig", goal=10).exact(max_iterations=0),
             "max_iterations must be positive; got 0"),
            (lambda: pig20.max_score(turns=2, max_rounds="x"),
             "max_rounds must be an integer; got 'x'"),
            (lambda: jp.Game("pig", goal=25).solve(progress=5),
             r"progress must be a function \(a progress callback\) or None; got 5"),
            (lambda: jp.Game("pig", goal=8, players=3).solve(progress="x"),
             "progress must be a function"),
            (lambda: jp.Game("ten-thousand", goal=400).solve(progress=1.5),
             "progress must be a function"),
            (lambda: jp.Game("piglet").exact(progress=5), "progress must be a function"),
            (lambda: jp.Game("pig").simultaneous(max_hold=5, progress=5),
             "progress must be a function"),
            (lambda: jp.Game("hog").max_score(policy=np.zeros(3)), "it takes no policy"),
            (lambda: jp.Game("pig", goal=30, players=3).fixed_turns(turns=2),
             r"fixed turns is two players with an ending of its own; make the game "
             r"Game\('pig'\) \(this one: 3 players, first-to-goal\)"),
            (lambda: jp.Game("think", ending="equal-turns").think(rounds=1),
             "THINK is two players with an ending of its own"),
            (lambda: jp.Game("pig", goal=30).policy((3, 3), 1),
             "place is a place in the round, under equal turns; first-to-goal has none")):
        with pytest.raises(jp.JeopardyError, match=words):
            refused()
    assert jp.Game("pig", goal=30, ending="equal-turns").policy((3, 3), 1).place == 1
    assert repr(jp.Game("skunk").fixed_turns(turns=1)).startswith("FixedTurnsAnalysis(skunk, 1 turn:")
    assert repr(pig20.solitaire(turns=1)).startswith("ReachProbability(pig, goal 20 within 1 turn:")
    assert repr(pig20.fairness(0)).endswith(", 1 candidate)")


def test_a_policy_the_facade_returns_is_a_result_that_counts_its_states():
    """best_response's table is a Result: a short repr and to_dict() whose counts are the
    rows of its CSV (written on its own, state by state) and the rows that roll (against
    hold:10 to 20 the best response rolls at all 4,200 of its states)."""
    pig30 = jp.Game("pig", goal=30)
    reply = pig30.best_response("hold:20")
    rows = reply.to_csv().splitlines()[1:]
    assert reply.to_dict() == {"name": "best response to hold at 20", "goal": 30,
                               "decision_states": len(rows),
                               "rolling_states": sum(r.endswith(",roll") for r in rows)}
    assert 0 < reply.rolling_states < reply.decision_states == 30 * 30 * 31 // 2
    assert repr(reply) == ("RacePolicy(name='best response to hold at 20', goal=30, "
                           f"decision_states=13950, rolling_states={reply.rolling_states})")
    assert json.loads(reply.to_json())["goal"] == 30
    reply20 = jp.Game("pig", goal=20).best_response("hold:10")
    assert reply20.rolling_states == reply20.decision_states == 4200
