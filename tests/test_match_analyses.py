"""Every analysis on the N-player model: policy, simulate, reach, the Game facade."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from jeopardy.cli.main import cli
from oracles import race as reference
from jeopardy.rules import game
from jeopardy.match.solver import solve as solve_pair


def _run(*args):
    return CliRunner().invoke(cli, list(args))


# ------------------------------------------------------------------ policy
def test_decision_matches_the_reference_actions_and_values():
    """The mover's decision at every turn total of a few states, three players, against
    the explicit-state reference's own choice (values to 1e-10)."""
    from jeopardy.match.solver import solve

    pig = game("pig")
    goal = 8
    fast = solve(pig, goal, 3)
    ref = reference.solve(pig, goal, 3)
    compared = 0
    for scores in [(0, 0, 0), (3, 7, 1), (2, 6, 5), (1, 7, 7)]:
        decision = fast.decision(scores)
        assert len(decision.actions) == goal - scores[0]
        reached = [k for k in range(goal - scores[0]) if ("play", scores, 0, k) in ref.values]
        compared += len(reached)
        for k in reached:  # the turn totals the reference enumerates (reachable ones)
            expected = "R" if ref.action(scores, 0, k) == "roll" else "H"
            assert decision.actions[k] == expected, (scores, k)
        assert decision.win_probabilities == pytest.approx(ref.value(scores, 0), abs=1e-10)
    assert compared > 12


def test_decision_under_equal_turns_uses_the_place():
    from jeopardy.match.solver import solve

    pig = game("pig")
    fast = solve(pig, 5, 3, "equal-turns", cap=9)
    ref = reference.solve(pig, 5, 3, reference.EQUAL_TURNS, cap=9)
    scores = (2, 4, 1)  # relative to the mover
    for place in range(3):
        decision = fast.decision(scores, place)
        # by player number: the mover is player `place`
        absolute = tuple(scores[(c - place) % 3] for c in range(3))
        expected = ref.value(absolute, place)
        assert decision.win_probabilities == pytest.approx(
            tuple(expected[(place + c) % 3] for c in range(3)), abs=1e-10)
        limit = 9 if place < 2 else 5  # the cap before the end of the round
        assert len(decision.actions) == limit - scores[0]


def test_cli_policy_scores_json():
    result = _run("policy", "--scores", "3,7,1", "--goal", "8", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    expected = reference.solve(game("pig"), 8, 3).value((3, 7, 1), 0)
    assert data["win_probabilities"] == pytest.approx(list(expected), abs=1e-10)
    assert data["win_probability"] == data["win_probabilities"][0]
    assert data["players"] == 3 and len(data["actions"]) == 5


@pytest.mark.parametrize("args, words", [
    pytest.param(("--scores", "1,2,x"), "integers separated by commas", id="not-integers"),
    pytest.param(("--scores", "1,2", "--players", "3"), "must give 3 scores", id="too-few"),
    pytest.param(("--scores", "1,2,99", "--goal", "20"), "0..19", id="past-goal"),
    pytest.param(("--players", "3",), "--scores", id="no-scores"),
    pytest.param(("--scores", "1,2,3", "--score", "1"), "replaces", id="both"),
    pytest.param(("--scores", "1,2,3", "--place", "3", "--goal", "8"), "--place", id="place"),
])
def test_cli_policy_refuses_in_one_line(args, words):
    result = _run("policy", *args)
    assert result.exit_code == 2
    assert words in result.output and result.output.count("\n") == 1


# ---------------------------------------------------------------- simulate
def test_simulation_agrees_with_the_exact_evaluation():
    """Three policies (the equilibrium among them), 40,000 games: each player's share
    within 4 standard errors of compare's exact value."""
    from jeopardy.match.evaluation import evaluate
    from jeopardy.match.simulation import simulate
    from jeopardy.match.solver import solve
    from jeopardy.match import policies

    pig = game("pig")
    goal = 15
    seats = [solve(pig, goal, 3), policies.hold_at(goal, 5), policies.hold_at(goal, 9)]
    exact = evaluate(pig, goal, seats).win_probabilities
    simulated = simulate(pig, goal, seats, 40_000, seed=3)
    assert sum(simulated.win_probabilities) == pytest.approx(1.0, abs=1e-12)
    for p, e, se in zip(simulated.win_probabilities, exact, simulated.stderrs):
        assert abs(p - e) < 4 * se, (p, e, se)
    again = simulate(pig, goal, seats, 40_000, seed=3)
    assert again.win_probabilities == simulated.win_probabilities  # seeded


def test_cli_simulate_three_policies_json():
    result = _run("simulate", "optimal", "hold:6", "hold:4", "--goal", "10", "--games", "2000",
                  "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["players"] == 3 and len(data["win_probabilities"]) == 3
    assert sum(data["win_probabilities"]) == pytest.approx(1.0, abs=1e-12)
    assert data["policies"] == ["optimal", "hold at 6", "hold at 4"]
    refused = _run("simulate", "hold:6", "hold:4", "hold:3", "--ending", "one-more-turn")
    assert refused.exit_code == 2 and "first-to-goal or equal-turns" in refused.output


# ------------------------------------------------------------------- reach
# The brute-force comparison of reach is tests/test_match_policies.py's (both endings).


def test_cli_reach_players_json():
    result = _run("reach", "--players", "3", "--goal", "10", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["players"] == 3 and data["reachable_states"] <= data["states"]
    refused = _run("reach", "--players", "3", "--goal", "10", "--policy", "hold:5")
    assert refused.exit_code == 2 and "optimal" in refused.output


# -------------------------------------------------------------- the facade
def test_game_facade_delegates():
    import jeopardy
    from jeopardy.match.solver import solve

    g = jeopardy.Game("pig", goal=6, players=3, ending="equal-turns")
    assert "3 players, equal-turns" in repr(g)
    solution = g.solve()
    assert g.solve() is solution  # kept
    expected = solve(game("pig"), 6, 3, "equal-turns")
    assert solution.win_probabilities == expected.win_probabilities
    assert g.policy((0, 0, 0)).win_probabilities == expected.win_probabilities


def test_game_facade_first_to_goal_analyses():
    import jeopardy
    from jeopardy.match import policies

    g = jeopardy.Game("pig", goal=10, players=3)
    from jeopardy.match.evaluation import evaluate

    self_play = g.compare("optimal")  # the one policy fills every seat
    assert self_play.win_probabilities == pytest.approx(g.solve().win_probabilities, abs=1e-12)
    hold = policies.hold_at(10, 4)
    exact = g.compare("optimal", hold)
    assert exact.win_probabilities == evaluate(g.model, 10, [g.solve(), hold, hold]).win_probabilities
    simulated = g.simulate("optimal", games=1000, seed=1)
    assert len(simulated.win_probabilities) == 3
    assert g.reach().count > 0
    assert g.compare("optimal", "hold:4").win_probabilities == exact.win_probabilities  # words
    with pytest.raises(jeopardy.JeopardyError, match="unknown policy 'hold4'"):
        g.compare("hold4")
    with pytest.raises(jeopardy.JeopardyError, match="two players"):
        g.certify()
    pair = jeopardy.Game("piglet", goal=4)
    assert pair.solve().win_probability == pytest.approx(
        solve_pair(game("piglet"), 4).win_probability, abs=1e-15)
    assert pair.policy((0, 0)).win_probabilities[0] == pytest.approx(
        pair.solve().win_probability, abs=1e-12)


# -------------------------------------------------------------------- play
def test_play_hints_are_the_solution_and_a_table_of_computers_ends():
    from jeopardy.match.play import Table, action_values
    from jeopardy.match.solver import solve

    solution = solve(game("pig"), 15, 3)
    for scores, k in [((0, 0, 0), 0), ((4, 9, 2), 5), ((12, 3, 14), 2)]:
        roll, hold = action_values(solution, scores, k)
        values, acts = solution.column(scores)
        assert max(roll, hold) == pytest.approx(values[k, 0], abs=1e-12)
        assert (roll >= hold) == bool(acts[k])
    winners = set()
    for seed in range(6):
        table = Table(solution, seed, person=0)
        for _ in range(100_000):
            if table.winner is not None:
                break
            table.roll() if table.computer_rolls() else table.hold()
        assert table.winner is not None and table.scores[table.winner] >= 15
        winners.add(table.winner)
    assert len(winners) > 1


def test_cli_play_three_players_quits_cleanly():
    result = _run_input(["play", "--players", "3", "--seat", "2", "--goal", "10", "--hints",
                         "--seed", "2"], "r\nh\nq\n")
    assert result.exit_code == 0, result.output
    assert "You are player 2" in result.output and "P(win): roll" in result.output
    refused = _run("play", "--players", "3", "--seat", "4", "--goal", "10")
    assert refused.exit_code == 2 and "--seat must be in 1..3" in refused.output


def _run_input(args, text):
    return CliRunner().invoke(cli, args, input=text)


# ------------------------------------------------------------------- plots
@pytest.mark.parametrize("name", ["pig", "piglet"])
def test_leader_boundary_is_the_reference_first_hold(name):
    """Three players to 7, the others at 2.  Optimal Pig never holds at a reached turn
    total there (every check is the roll branch); Piglet does, so its first holds are
    compared with the reference's."""
    from jeopardy.match.solver import solve

    model = game(name)
    goal = 7
    heights = solve(model, goal, 3).leader_boundary(others=2)
    ref = reference.solve(model, goal, 3)
    compared = 0
    for i in range(goal):
        for j in range(goal):
            state = (i, j, 2)
            reached = [k for k in range(goal - i) if ("play", state, 0, k) in ref.values]
            holds = [k for k in reached if ref.action(state, 0, k) == "hold"]
            if holds and heights[i, j] in reached:
                assert heights[i, j] == holds[0], (i, j)
                compared += 1
            else:  # the first hold is at a total the reference never reaches
                assert all(ref.action(state, 0, k) == "roll" for k in reached
                           if k < heights[i, j]), (i, j)
    assert compared > 0 or name == "pig"


def test_cli_plot_boundary_for_three_players(tmp_path):
    out = tmp_path / "boundary.png"
    result = _run("plot", "boundary", "--players", "3", "--goal", "8", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert out.stat().st_size > 1000
    refused = _run("plot", "contours", "--players", "3", "--goal", "8", "--out",
                   str(tmp_path / "c.png"))
    assert refused.exit_code == 2 and "boundary" in refused.output
