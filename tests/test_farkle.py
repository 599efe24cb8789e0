"""Ten Thousand: scoring, optimal turn, two-player solver, simulation, CLI."""
import json

import numpy as np
import pytest
from click.testing import CliRunner

from jeopardy.cli.main import cli
from jeopardy.errors import JeopardyError
from jeopardy.farkle.core import load, solve
from jeopardy.farkle.scoring import keep_options, score_all
from jeopardy.farkle.simulation import simulate
from jeopardy.farkle.turn import FarkleRules, exact_turn_value, solve_turn

RULE_SWITCHES = {
    "seed": {},
    "IV.1": {"no_stop_on_six": True},
    "IV.2": {"high_min_bank": 500, "high_score": 700},
    "IV.3": {"exact_goal": True},
    "IV.4": {"keep_choice": True},
    "IV.5": {"continue_position": True},
    "IV.3+IV.4": {"exact_goal": True, "keep_choice": True},  # every part (every_part)
}


@pytest.mark.parametrize("dice, points, aside", [
    pytest.param([1, 2, 3, 4, 5, 6], 2000, 6, id="straight"),
    pytest.param([1, 1, 1], 1000, 3, id="three-ones"),
    pytest.param([4, 4, 4, 2], 400, 3, id="three-fours"),
    pytest.param([1, 1, 1, 1], 2000, 4, id="four-ones"),
    pytest.param([5, 5, 5, 5, 5], 2000, 5, id="five-fives"),
    pytest.param([6, 6, 6, 6, 6, 6], 4800, 6, id="six-sixes"),
    pytest.param([1, 1, 1, 1, 1, 1], 8000, 6, id="six-ones"),
    pytest.param([2, 2, 2, 3, 3, 3], 500, 6, id="two-triples"),
    pytest.param([2, 2, 3, 3, 4, 4], 0, 0, id="three-pairs-score-nothing"),
    pytest.param([1, 5, 2, 3], 150, 2, id="single-1-and-5"),
    pytest.param([2, 3, 4, 6], 0, 0, id="bust"),
])
def test_scoring(dice, points, aside):
    score, kept = score_all(dice)
    assert (score, len(kept)) == (points, aside)


def test_keep_options_let_the_thrower_keep_less():
    options = dict((d, s) for s, d in keep_options((3, 0, 0, 0, 1, 0)))  # 1 1 1 5
    assert options == {1: 100, 2: 200, 3: 1000, 4: 1050}


@pytest.mark.parametrize("dice, message", [([7], "1 to 6"), ([1] * 9, "1 to 6 dice"), ([], "1 to 6 dice")])
def test_bad_dice(dice, message):
    with pytest.raises(JeopardyError, match=message):
        score_all(dice)


def test_optimal_turn_beats_the_seed_rule_and_is_exact():
    best = solve_turn()
    seed = solve_turn(policy="seed")
    assert best.expected > seed.expected
    assert float(exact_turn_value()) == pytest.approx(best.expected, abs=1e-9)
    assert float(exact_turn_value(policy="seed")) == pytest.approx(seed.expected, abs=1e-9)
    assert best.thresholds()[0] == 350  # one die: bank as soon as allowed


@pytest.mark.parametrize("switch", ["seed", "IV.1", "IV.4"])
def test_doubling_the_single_turn_caps_changes_nothing(switch, monkeypatch):
    """The caps of jeopardy.farkle.turn (proof in its docstring), doubled."""
    import jeopardy.farkle.turn as turn_module
    rules = FarkleRules(**RULE_SWITCHES[switch])
    base = solve_turn(rules)
    original = turn_module.bank_caps
    monkeypatch.setattr(turn_module, "bank_caps", lambda r: [2 * c for c in original(r)])
    wider = solve_turn(rules)
    assert wider.top > base.top
    assert wider.expected == pytest.approx(base.expected, abs=1e-13)


def test_minimum_bank_zero_and_rule_switches():
    assert solve_turn(FarkleRules(min_bank=0)).expected > solve_turn().expected
    assert solve_turn(FarkleRules(keep_choice=True)).expected > solve_turn().expected
    assert solve_turn(FarkleRules(no_stop_on_six=True)).expected <= solve_turn().expected + 1e-9
    with pytest.raises(JeopardyError, match="multiple of 50"):
        FarkleRules(min_bank=333)




def test_the_minimum_holds_at_the_goal():
    """Within 150 of the goal a turn of 150 does not win: a bank still needs 350."""
    solution = solve(FarkleRules(goal=1000), first_to_reach=True)
    values, throws = solution.column(850, 0)
    # at turn total 150 (3 units) with 3 dice the player must still throw
    assert throws[3, 3] and values[3, 3] < 1.0
    # at 350 and more the bank reaches the goal and wins
    assert not throws[7, 3] and values[7, 3] == 1.0


def test_continuing_a_position_is_solved_alone_and_its_file_reloads(tmp_path):
    """IV.5: the next player may take the position over; it changes the round
    ending's value a lot (A's position passes to B's last turn) and is combined
    with no other optional rule."""
    plain = solve(FarkleRules(goal=1000))
    taken = solve(FarkleRules(goal=1000, continue_position=True))
    assert taken.win_probability < plain.win_probability - 0.05
    again = load(taken.save(tmp_path / "iv5.npz"))  # offers rebuilt before the residual
    assert again.max_residual < 1e-13
    with pytest.raises(JeopardyError, match="IV.5.*on its own"):
        solve(FarkleRules(goal=1000, continue_position=True, exact_goal=True))
    with pytest.raises(JeopardyError, match="IV.5"):
        simulate(taken, 10)


@pytest.mark.slow
@pytest.mark.parametrize("first_to_reach", [False, True])
def test_simulation_agrees_within_four_standard_errors(first_to_reach):
    solution = solve(FarkleRules(goal=2000), first_to_reach=first_to_reach)
    sim = simulate(solution, 60_000, seed=5)
    assert abs(sim.first_player_wins - solution.win_probability) < 4 * sim.stderr


@pytest.mark.slow
@pytest.mark.parametrize("switch, first_to_reach", [
    ("seed", False), ("seed", True), ("IV.1", False), ("IV.2", False), ("IV.3", False),
    ("IV.4", False), ("IV.4", True), ("IV.3+IV.4", False), ("IV.3+IV.4", True)])
def test_the_simulation_plays_the_oracles_games(switch, first_to_reach):
    """The package's simulation (its own scoring and rules, jeopardy/farkle/simulation.py)
    and the test oracle's (tests/oracles/farkle_simulation.py, from the rules text) play
    the solution's policy with the same seed: the same draws throw the same dice, so
    the games are the same and the results agree to the last bit (the mean and its
    standard error together fix the counts of wins and of ties).  IV.4: the oracle
    lists each throw's parts itself and asks the policy's ``choose`` (the package's
    values of the solved tables) which to set aside."""
    from jeopardy.farkle import simulation
    from oracles.farkle import ReferenceRules
    from oracles.farkle_policies import Policy
    from oracles.farkle_simulation import simulate as play_games

    rules = FarkleRules(goal=1000, **RULE_SWITCHES[switch])
    solution = solve(rules, first_to_reach=first_to_reach)
    ours = simulate(solution, 20_000, seed=7)
    oracle_rules = ReferenceRules(goal=rules.goal, min_bank=rules.min_bank,
                                  first_to_reach=first_to_reach,
                                  no_bank_six=rules.no_stop_on_six,
                                  high_min_bank=rules.high_min_bank,
                                  high_score=rules.high_score, exact_goal=rules.exact_goal,
                                  keep_any_part=rules.keep_choice)
    policy = Policy(simulation._decide, simulation.policy_data(solution),
                    choose=simulation._choose)
    theirs = play_games(oracle_rules, policy, policy, 20_000, seed=7)
    assert (ours.first_player_wins, ours.stderr) == (theirs.win_probability,
                                                     theirs.standard_error)


@pytest.mark.slow
@pytest.mark.parametrize("switch", ["IV.1", "IV.2", "IV.3"])
def test_simulation_under_the_rule_switches_agrees(switch):
    """The simulation plays the solver's policy under each switch; 4 standard errors
    of 40,000 games."""
    solution = solve(FarkleRules(goal=1000, **RULE_SWITCHES[switch]))
    sim = simulate(solution, 40_000, seed=2)
    assert abs(sim.first_player_wins - solution.win_probability) < 4 * sim.stderr


@pytest.mark.slow
def test_the_simulated_choice_is_the_solvers():
    """IV.4: the simulation sets aside the part whose state its ``_choose`` values most;
    over each throw's parts that best value, averaged over the throw (a bust: the
    tabulated bust value), is the solver's own throw value (``advice``) at every turn
    state of a grid of score pairs, both places of the round, inside each column and
    past its top (1e-15); and in B's last turn it is the last-turn table's throw value
    (:func:`jeopardy.farkle.ending.last_turn_throw`)."""
    from jeopardy.farkle import simulation
    from jeopardy.farkle.ending import last_turn_throw, last_turn_values
    from jeopardy.farkle.turn import rules_throws
    from jeopardy.farkle.throws import option_outcomes

    rules = FarkleRules(goal=1000, keep_choice=True)
    solution = solve(rules)
    data = simulation.policy_data(solution)
    tops, bust = data[1], data[6]

    def best_throw(role, i, j, t, n, lost):
        total = 0.0
        for p, choices in option_outcomes(n, rules.scoring):
            values = [simulation._choose(data, role, 50 * i, 50 * j, 50 * t, n, s,
                                         n if m == 6 else n - m) for s, m in choices]
            total += float(p) * (max(values) if values else lost)
        return total

    worst = 0.0
    checked = 0
    for role in (0, 1):
        for i in range(0, 20, 3):
            for j in range(0, 20, 4):
                for t in range(0, int(tops[role, i, j]) + 3, 2):
                    for n in range(1, 7):
                        throw = solution.advice(i, j, role == 0, t, n)[0]
                        ours = best_throw(role, i, j, t, n, bust[role, i, j])
                        worst = max(worst, abs(ours - throw))
                        checked += 1
    assert checked > 2000 and worst < 1e-15
    throws = rules_throws(rules)
    for i, j in ((19, 20), (13, 20), (5, 25), (0, 33)):  # B at i, A's total j: d = j - i
        V = last_turn_values(j - i, rules.min_bank // 50, False, False, throws)
        for t in range(0, V.shape[0] + 2):
            for n in range(1, 7):
                expected = last_turn_throw(V, t, n, V.shape[0] - 1, False, False, throws)
                assert best_throw(1, i, j, t, n, 0.0) == pytest.approx(expected, abs=1e-15)


def test_save_load_and_policy(tmp_path):
    solution = solve(FarkleRules(goal=1500))
    path = solution.save(tmp_path / "f.npz")
    again = load(path)
    assert again.win_probability == solution.win_probability
    assert np.array_equal(again.VF, solution.VF)
    banking = again.banking(0, 0)
    assert set(banking) == {1, 2, 3, 4, 5, 6}
    # one die in hand at the start of the game: bank from the minimum on, for good
    assert banking[1] == [[350, None]]
    with pytest.raises(JeopardyError, match="multiples of 50"):
        again.column(33, 0)


def test_policy_under_exact_goal_stops_at_the_goal(tmp_path):
    """Rule IV.3: a bank must land on the goal, and a larger turn total is lost, so no
    banking run goes on "and above".  At 700 of 1,000 with the minimum bank 350 the only
    total that may bank is 300 (it wins at once); at the start every run ends by 1,000."""
    solution = solve(FarkleRules(goal=1000, exact_goal=True))
    assert solution.banking(700, 0) == {n: [[300, 300]] for n in range(1, 7)}
    assert all(runs[-1][1] == 1000 for runs in solution.banking(0, 0).values())
    out = solution.save(tmp_path / "iv3.npz")
    runner = CliRunner()
    text = runner.invoke(cli, ["farkle", "policy", "--solution", str(out), "--score", "700",
                               "--opponent", "0"]).output
    assert "  6 dice in hand: bank at 300\n" in text and "and above" not in text
    assert "a turn total above 300 passes the goal and is lost" in text
    data = json.loads(runner.invoke(cli, ["farkle", "policy", "--solution", str(out), "--score",
                                          "700", "--opponent", "0", "--json"]).output)
    assert data["bank"]["1"] == [{"from": 300, "to": 300}]


def test_farkle_commands(tmp_path):
    runner = CliRunner()
    data = json.loads(runner.invoke(cli, ["farkle", "throws", "--json"]).output)
    assert len(data["dice"]) == 6
    six = data["dice"][5]
    assert six["bust"] == pytest.approx(0.0309, abs=5e-5)
    assert six["next"]["6"]["mean_score"] == pytest.approx(1323.53, abs=5e-3)
    data = json.loads(runner.invoke(cli, ["farkle", "stopping", "--json"]).output)
    from jeopardy.farkle.throws import stopping_table

    table = stopping_table()
    assert data["W"] == [float(w) for w in table.W]
    assert data["critical"] == [float(c) for c in table.critical]
    data = json.loads(runner.invoke(cli, ["farkle", "turn", "--json"]).output)
    assert data["expected"] == solve_turn().expected
    assert data["seed_rule_expected"] == solve_turn(policy="seed").expected
    assert data["thresholds"] == [350, 350, 400, 1050, 3050, 11900]
    out = tmp_path / "s.npz"
    result = runner.invoke(cli, ["farkle", "solve", "--goal", "1000", "--out", str(out), "--json"])
    data = json.loads(result.stdout)
    ours = solve(FarkleRules(goal=1000))
    assert (data["win_probability"], data["states"]) == (ours.win_probability, ours.states)
    assert data["ending"] == "equal-turns" and data["rules"] == []
    result = runner.invoke(cli, ["farkle", "policy", "--solution", str(out), "--score", "0",
                                 "--opponent", "0"])
    assert "  1 die in hand: bank at 350 and above\n" in result.output
    assert "  3 dice in hand: bank at 600-850, 1000 and above\n" in result.output
    assert "  6 dice in hand: bank at 2000 and above\n" in result.output
    assert "6 dice in hand" in result.output
    data = json.loads(runner.invoke(cli, ["farkle", "policy", "--solution", str(out), "--score",
                                          "0", "--opponent", "0", "--json"]).output)
    assert data["game"] == "ten-thousand"
    for runs in data["bank"].values():  # banking ranges as data: from, to (None: and above)
        assert all(set(r) == {"from", "to"} and (r["to"] is None or r["to"] >= r["from"])
                   for r in runs)
    data = json.loads(runner.invoke(cli, ["farkle", "score", "1", "1", "1", "5", "2", "3",
                                          "--json"]).output)
    assert data["score"] == 1050 and data["remaining"] == 2
    for args, message in [(["farkle", "score", "1", "7"], "1 to 6"),
                          (["farkle", "score"] + ["1"] * 9, "1 to 6 dice"),
                          (["farkle", "turn", "--min-bank", "-50"], "multiple of 50"),
                          (["farkle", "solve", "--goal", "0"], "positive multiple")]:
        result = runner.invoke(cli, args)
        assert result.exit_code != 0 and message in result.output
        assert len(result.output.strip().splitlines()) == 1


def test_the_fairest_bonus_is_the_one_closest_to_a_fair_game():
    from jeopardy.fairness import farkle_fairness, race_fairness
    from jeopardy.match.solver import solve as solve_race
    from jeopardy.rules import game

    pig = solve_race(game("pig"), 100)
    result = race_fairness(pig)
    chances = {b: pig.win_probability_at(0, b) for b in range(0, 100)}
    chances.update({-b: pig.win_probability_at(b, 0) for b in range(1, 100)})
    best = min(chances, key=lambda b: abs(chances[b] - 0.5))
    assert result.bonus == best == 4
    assert result.win_probability == pytest.approx(chances[4], abs=1e-15)
    # Ten Thousand's round ending leaves the first player behind: the head start goes to it
    farkle = farkle_fairness(solve(FarkleRules(goal=1000)))
    assert farkle.bonus < 0
    assert all(abs(farkle.win_probability - 0.5) <= abs(p - 0.5) for _, p in farkle.candidates)
    data = json.loads(CliRunner().invoke(cli, ["fairness", "--game", "pig", "--goal", "30",
                                               "--json"]).output)
    ours = race_fairness(solve_race(game("pig"), 30))
    assert (data["bonus"], data["win_probability"]) == (ours.bonus, ours.win_probability)
    assert [(c["bonus"], c["win_probability"]) for c in data["candidates"]] == \
        [(b, p) for b, p in ours.candidates]


def test_head_starts_whose_chances_differ_by_rounding_tie_for_the_smaller():
    from jeopardy.fairness import TIE, fairest

    # Pig to 10: needing 2 points or 1 is the same game; a solve may leave P(0, 9, 0)
    # an ulp nearer 1/2 than P(0, 8, 0), and the smaller head start must still win
    chances = {b: 0.7 - 0.008 * b for b in range(10)}  # the first player behind: 0.9
    chances[9] = chances[8] - 1e-16
    assert fairest("pig", 10, lambda b: chances.get(b, 0.9), 9, 1, 0).bonus == 8
    # a real difference, however small against the chances, still counts
    chances[9] = chances[8] - 10 * TIE
    assert fairest("pig", 10, lambda b: chances.get(b, 0.9), 9, 1, 0).bonus == 9


@pytest.mark.slow
@pytest.mark.parametrize("first_to_reach", [False, True], ids=["round", "first-to-reach"])
def test_a_million_games_at_2000_agree_within_four_standard_errors(first_to_reach):
    """Issue 10's check at goal 2,000 (10,000: benchmarks/farkle.py --games 1000000)."""
    solution = solve(FarkleRules(goal=2000), first_to_reach=first_to_reach)
    sim = simulate(solution, 1_000_000, seed=11)
    assert abs(sim.first_player_wins - solution.win_probability) < 4 * sim.stderr
