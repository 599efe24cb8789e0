"""Policy comparison: exact head-to-head, best response, simulation, reachability."""
import json

import numpy as np
import pytest
from click.testing import CliRunner

from jeopardy import published
from jeopardy.cli.main import cli
from jeopardy.errors import JeopardyError
from jeopardy.match.evaluation import best_response, head_to_head
from jeopardy.match.policies import from_formula, from_solution, hold_at, load
from jeopardy.match.reachability import reachable_against_any as reachable
from jeopardy.match.simulation import simulate_head_to_head as simulate
from jeopardy.match.solver import solve
from jeopardy.rules import PRESETS, game


@pytest.fixture(scope="module")
def pig100():
    model = game("pig")
    return model, from_solution(solve(model, 100)), hold_at(100, 20)


def test_optimal_against_itself_is_the_solvers_value(pig100):
    model, optimal, _ = pig100
    result = head_to_head(model, optimal, optimal)
    assert result.first == pytest.approx(solve(model, 100).win_probability, abs=1e-13)
    assert result.first + result.second == pytest.approx(1.0, abs=1e-13)


def test_paper_numbers_are_the_best_response_to_hold_at_20(pig100):
    """Paper: optimal vs hold at 20 wins 58.74% moving first; hold at 20 wins
    47.76% moving first; 55.49% with a fair coin (printed to 0.01%, so
    tolerance 5e-5).  These are the numbers of the policy that is optimal
    *against hold at 20*, not of the self-play optimal policy."""
    model, optimal, hold20 = pig100
    reply = head_to_head(model, best_response(model, hold20), hold20)
    for claim, ours in [(published.PIG_BEST_REPLY_FIRST, reply.first),
                        (published.PIG_HOLD_20_FIRST, 1 - reply.second),
                        (published.PIG_BEST_REPLY_FAIR, reply.fair)]:
        assert ours == pytest.approx(claim.value, abs=claim.tolerance)
    selfplay = head_to_head(model, optimal, hold20)
    # 0.5715: clearly not the paper's 0.5874
    assert selfplay.first < published.PIG_BEST_REPLY_FIRST.value - 0.01
    assert selfplay.second < reply.second


def test_nothing_beats_the_optimal_policy(pig100):
    model, optimal, _ = pig100
    reply = best_response(model, optimal)
    result = head_to_head(model, reply, optimal)
    assert result.first == pytest.approx(solve(model, 100).win_probability, abs=1e-12)


@pytest.mark.parametrize("name", list(PRESETS))
def test_exact_evaluation_agrees_with_simulation_on_every_preset(name):
    """Within 4 standard errors (of the exact probability), 40,000 games each way."""
    model = game(name)
    goal = 30
    a = from_solution(solve(model, goal))
    b = hold_at(goal, 10)
    exact = head_to_head(model, a, b)
    sim = simulate(model, a, b, 40_000, seed=3)
    for simulated, p in [(sim.first, exact.first), (sim.second, exact.second)]:
        stderr = (p * (1 - p) / sim.games) ** 0.5
        assert abs(simulated - p) <= 4 * stderr + 1.5 / sim.games  # one game of slack at p ~ 1


def test_simulation_is_deterministic_for_a_seed(pig100):
    model, optimal, hold20 = pig100
    one = simulate(model, optimal, hold20, 5000, seed=11)
    two = simulate(model, optimal, hold20, 5000, seed=11)
    assert (one.first, one.second) == (two.first, two.second)


def test_optimal_never_has_a_score_from_1_to_20(pig100):
    model, optimal, _ = pig100
    never = reachable(model, optimal).own_scores_never_reached
    # docs/comparison.md: 1-20 (the paper's claim) and 90-99, nothing else
    assert never == [*range(1, 21), *range(90, 100)]


def test_formula_policies():
    keep_pace = from_formula(100, "max(i, j) >= 71 or k < 21 + (j - i) / 8")
    assert keep_pace.rolls(0, 0, 20) and not keep_pace.rolls(0, 0, 21)
    assert keep_pace.rolls(80, 0, 15)
    assert (from_formula(100, "k < 20").roll == hold_at(100, 20).roll).all()
    for bad, message in [("__import__('os')", "cannot read"), ("x < 3", "unknown name"),
                         ("k.real < 3", "cannot read"), ("k <", "ends too early"),
                         ("__import__(k) < 3", "unknown function")]:
        with pytest.raises(JeopardyError, match=message):
            from_formula(10, bad)


def test_policy_files_round_trip_and_errors(tmp_path, pig100):
    _, optimal, _ = pig100
    small = from_solution(solve(game("pig"), 12))
    csv_path = small.save_csv(tmp_path / "p.csv")
    npz_path = small.save_npz(tmp_path / "p.npz")
    assert (load(csv_path, 12).roll == small.roll).all()
    assert (load(npz_path, 12).roll == small.roll).all()
    lines = csv_path.read_text().splitlines()
    (tmp_path / "short.csv").write_text("\n".join(lines[:-1]) + "\n")
    with pytest.raises(JeopardyError, match="no action for 1 states"):
        load(tmp_path / "short.csv", 12)
    (tmp_path / "bad.csv").write_text("i,j,k,action\n0,0,0,jump\n")
    with pytest.raises(JeopardyError, match="not roll or hold"):
        load(tmp_path / "bad.csv", 12)
    (tmp_path / "head.csv").write_text("a,b\n")
    with pytest.raises(JeopardyError, match="first line"):
        load(tmp_path / "head.csv", 12)
    with pytest.raises(JeopardyError, match="goal 12"):
        load(npz_path, 20)


def test_compare_simulate_reach_plot_commands(tmp_path):
    runner = CliRunner()
    result = runner.invoke(cli, ["compare", "--game", "pig", "--goal", "100", "best-response",
                                 "hold:20", "--json"])
    data = json.loads(result.stdout)
    claim = published.PIG_BEST_REPLY_FIRST
    assert data["first"] == pytest.approx(claim.value, abs=claim.tolerance)
    result = runner.invoke(cli, ["simulate", "optimal", "hold:20", "--goal", "50", "--games",
                                 "2000", "--seed", "5", "--json"])
    data = json.loads(result.stdout)
    exact = head_to_head(game("pig"), from_solution(solve(game("pig"), 50)), hold_at(50, 20))
    assert abs(data["first"] - exact.first) <= 4 * data["first_stderr"] + 1e-9
    assert abs(data["second"] - exact.second) <= 4 * data["second_stderr"] + 1e-9
    assert abs(data["fair"] - exact.fair) <= 4 * data["stderr"] + 1e-9
    data = json.loads(runner.invoke(cli, ["reach", "--json"]).output)
    # docs/comparison.md: 179,577 of 505,000 states (rolling in 160,879), on 6,190 score pairs
    assert (data["states"], data["reachable_states"], data["roll_states"],
            data["reachable_score_pairs"]) == (505_000, 179_577, 160_879, 6_190)
    assert data["own_scores_never_reached"] == [*range(1, 21), *range(90, 100)]
    out = tmp_path / "f.png"
    result = runner.invoke(cli, ["plot", "cross-section", "--goal", "40", "--out", str(out)])
    assert result.exit_code == 0 and out.read_bytes()[:4] == b"\x89PNG"


def test_the_cross_section_has_a_default_opponent_at_every_goal(tmp_path):
    """`plot cross-section --game piglet` failed with "--opponent must be in 0-9; got 30"
    though no --opponent was given (a fixed default of 30). The default is 30% of the
    goal: the paper's 30 at 100, 3 at piglet's 10; the API's plot the same."""
    import subprocess
    import sys

    out = tmp_path / "piglet.png"
    done = subprocess.run([sys.executable, "-m", "jeopardy", "plot", "cross-section", "--game",
                           "piglet", "--out", str(out)], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:4] == b"\x89PNG"
    figure = solve(game("piglet"), 10).plot("cross-section")
    assert figure.axes[0].get_title().endswith("cross-section at opponent score 3")
    assert solve(game("pig"), 40).plot("cross-section").axes[0].get_title().endswith(
        "opponent score 12")
    refused = subprocess.run([sys.executable, "-m", "jeopardy", "plot", "cross-section",
                              "--game", "piglet", "--opponent", "10", "--out", str(out)],
                             capture_output=True, text=True, timeout=300)
    assert refused.returncode == 2 and "--opponent must be in 0-9; got 10" in refused.stderr


@pytest.mark.parametrize("name", list(PRESETS))
def test_commands_work_for_every_preset(name, tmp_path):
    """The commands print what the library computes (compare to 1e-15, reach
    exactly), and the best response to hold at 8 does at least as well as optimal play."""
    runner = CliRunner()
    model = game(name)
    optimal, hold8 = from_solution(solve(model, 25)), hold_at(25, 8)
    result = runner.invoke(cli, ["compare", "--game", name, "--goal", "25", "optimal", "hold:8",
                                 "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    exact = head_to_head(model, optimal, hold8)
    assert (data["first"], data["second"]) == pytest.approx((exact.first, exact.second), abs=1e-15)
    reply = head_to_head(model, best_response(model, hold8), hold8)
    assert reply.first >= exact.first - 1e-12 and reply.second >= exact.second - 1e-12
    result = runner.invoke(cli, ["reach", "--game", name, "--goal", "25", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    reach = reachable(model, optimal)
    assert (data["reachable_states"], data["roll_states"], data["reachable_score_pairs"]) == \
        (reach.count, reach.roll_count, reach.score_pair_count)
    assert data["states"] == 25 * 25 * 26 // 2


@pytest.mark.parametrize("args, message", [
    (["compare", "optimal", "hold:x"], "hold:N"),
    (["compare", "optimal", "greedy"], "unknown policy"),
    (["compare", "best-response", "best-response"], "something else"),
    (["simulate", "optimal", "hold:20", "--games", "0"], "--games must be positive"),
    (["compare", "optimal", "/no/such/policy.csv"], "cannot read policy file"),
    (["plot", "boundary", "--out", "/no/dir/x.png", "--goal", "20"], "does not exist"),
])
def test_bad_input(args, message):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code != 0
    assert message in result.output and len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("i, j, k, action", [
    (79, 42, 21, "hold"), (37, 71, 48, "roll"), (71, 0, 20, "roll"), (42, 57, 22, "roll"),
    (42, 57, 23, "hold"),
])
def test_keep_pace_and_end_race_follows_nellers_sample_transcripts(i, j, k, action):
    """The "keep pace and end race" advisor exercise's five sample transcripts."""
    from jeopardy.match.policies import practical

    for name in ("keep-pace", "keep-pace-half-even"):
        assert practical(100, name).rolls(i, j, k) == (action == "roll")


def test_practical_policies_rounding_moves_the_fourth_decimal(pig100):
    """Halves up (Java's Math.round) or to even (numpy) differ only where
    j - i = 4 (mod 8), e.g. i = 0, j = 4: 21 + 0.5 rounds to 22 or 21."""
    from jeopardy.match.policies import practical

    model, optimal, _ = pig100
    up, even = practical(100, "keep-pace"), practical(100, "keep-pace-half-even")
    assert up.rolls(0, 4, 21) and not even.rolls(0, 4, 21)
    differ = np.argwhere(up.roll != even.roll)
    assert all((j - i) % 8 == 4 for i, j, _ in differ)
    a = head_to_head(model, up, optimal).fair
    b = head_to_head(model, even, optimal).fair
    assert 1e-5 < abs(a - b) < 1e-4
    score_base = practical(100, "score-base")
    assert score_base.rolls(0, 40, 25) and not score_base.rolls(0, 40, 26)  # j - 14 = 26
    assert not score_base.rolls(0, 0, 19) and score_base.rolls(69, 0, 20)


def test_named_practical_policy_on_the_command_line():
    result = CliRunner().invoke(cli, ["compare", "keep-pace", "optimal", "--json"])
    assert result.exit_code == 0, result.output
    assert 0.49 < json.loads(result.stdout)["fair"] < 0.50


def test_two_player_json_speaks_the_n_player_vocabulary():
    """Two-player first-to-goal compare, simulate and reach said neither players nor
    ending, and compare and simulate no win_probability, where their N-player and
    equal-turns forms do (a new user's find)."""
    import subprocess
    import sys

    def data(*arguments):
        done = subprocess.run([sys.executable, "-m", "jeopardy", *arguments, "--goal", "20",
                               "--json"], capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    pair = data("compare", "optimal", "hold:10")
    drawn = data("simulate", "optimal", "hold:10", "--games", "200")
    rounds = data("compare", "optimal", "hold:10", "--ending", "equal-turns")
    for got in (pair, drawn, data("reach")):
        assert (got["players"], got["ending"]) == (2, "first-to-goal")
    for got in (pair, drawn):
        assert got["win_probability"] == got["first"]  # the first seat's, as in `rounds`
    assert rounds["win_probability"] == rounds["win_probabilities"][0]
