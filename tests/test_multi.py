"""N-player race games and the equal-turns ending, against the explicit-state reference."""
from __future__ import annotations

import numpy as np
import pytest

from oracles import race as reference
from jeopardy.rules import game
from jeopardy.rules.effects import add, bank, bust, bust_all, double
from jeopardy.rules.roll_model import roll_model

# Every effect kind but bank (frey-pig has bank): add, double, bust, bust_all.
DOUBLING = roll_model("doubling", {add(1): "3/8", add(2): "1/4", double: "1/8", bust: "3/16",
                                   bust_all: "1/16"})
# A bank of 2 that can end below the goal (Frey's bank of 25 always wins at these goals).
BANKING = roll_model("banking", {add(1): "1/2", bank(2): "1/4", bust: "1/4"})
CUSTOM = {"doubling": DOUBLING, "banking": BANKING}


@pytest.mark.parametrize("name, goal", [pytest.param("piglet", 4, id="piglet-4"),
                                        pytest.param("pig", 8, id="pig-8")])
def test_reference_two_players_is_the_two_player_solver(name, goal):
    """The reference, written from the rules, agrees with the existing pair solver
    (1e-12: both iterate to ~1e-14)."""
    from jeopardy.match.solver import solve

    model = game(name)
    ref = reference.solve(model, goal, 2)
    values = solve(model, goal).start_values
    for i in range(goal):
        for j in range(goal):
            assert ref.value((i, j), 0)[0] == pytest.approx(values[i, j], abs=1e-12)
            assert ref.value((j, i), 1)[1] == pytest.approx(values[i, j], abs=1e-12)


def test_reference_values_sum_to_one():
    ref = reference.solve(game("pig"), 5, 3)
    for state, value in ref.values.items():
        assert sum(value) == pytest.approx(1.0, abs=1e-12), state
        assert min(value) >= 0.0


# ------------------------------------------------------------ the fast solver
def _compare(ref, fast, goal, players, places):
    """Largest difference over every turn start (relative scores and places)."""
    import itertools

    worst = 0.0
    for scores in itertools.product(range(goal), repeat=players):
        for mover in range(players):
            expected = ref.value(scores, mover)
            relative = tuple(scores[(mover + c) % players] for c in range(players))
            got = fast.start_value(relative, mover if places > 1 else 0)
            worst = max(worst, max(abs(got[c] - expected[(mover + c) % players])
                                   for c in range(players)))
    return worst


def _agrees_with_the_reference(model, goal, players, ending=reference.FIRST_TO_GOAL, cap=None):
    """The match solver against the reference: every turn start of every player (and,
    under equal turns, every place) to 1e-10 (both iterate to ~1e-14), chances that
    sum to 1 and a Bellman residual below 1e-12."""
    from jeopardy.match.solver import solve

    fast = solve(model, goal, players, ending, cap=cap)
    ref = reference.solve(model, goal, players, ending, cap=cap)
    places = 1 if ending == reference.FIRST_TO_GOAL else players
    assert _compare(ref, fast, goal, players, places) < 1e-10
    assert sum(fast.win_probabilities) == pytest.approx(1.0, abs=1e-12)
    assert fast.max_residual < 1e-12


@pytest.mark.parametrize("name, goal, players", [
    pytest.param("piglet", 3, 2, id="piglet-3-two"),
    pytest.param("pig", 6, 3, id="pig-6-three"),
    pytest.param("piglet", 4, 3, id="piglet-4-three"),
    pytest.param("two-dice-pig", 5, 3, id="two-dice-pig-5-three"),
    pytest.param("pig", 4, 4, id="pig-4-four"),
    pytest.param("frey-pig", 8, 2, id="frey-pig-8-two"),
    pytest.param("doubling", 5, 3, id="doubling-5-three"),
    pytest.param("banking", 6, 3, id="banking-6-three"),
])
def test_first_to_goal_matches_the_reference(name, goal, players):
    """Every turn start of every player, to 1e-10 (both iterate to ~1e-14)."""
    _agrees_with_the_reference(CUSTOM[name] if name in CUSTOM else game(name), goal, players)


@pytest.mark.parametrize("name, goal, cap", [
    pytest.param("piglet", 2, 4, id="piglet-2"),
    pytest.param("piglet", 4, 9, id="piglet-4"),
    pytest.param("pig", 8, 16, id="pig-8"),
    pytest.param("two-dice-pig", 8, 14, id="two-dice-pig-8"),
    pytest.param("doubling", 5, 12, id="doubling-5"),
    pytest.param("frey-pig", 8, 12, id="frey-pig-8"),
])
def test_equal_turns_matches_the_reference(name, goal, cap):
    """Two players, the same cap in both solvers, every turn start and place, to 1e-10."""
    model = DOUBLING if name == "doubling" else game(name)
    _agrees_with_the_reference(model, goal, 2, reference.EQUAL_TURNS, cap)


@pytest.mark.parametrize("name, goal, players, cap", [
    pytest.param("pig", 5, 3, 9, id="pig-5-three"),
    pytest.param("piglet", 4, 3, 7, id="piglet-4-three"),
    pytest.param("two-dice-pig", 4, 3, 8, id="two-dice-pig-4-three"),
    pytest.param("doubling", 4, 3, 7, id="doubling-4-three"),
    pytest.param("frey-pig", 5, 3, 8, id="frey-pig-5-three"),
    pytest.param("boyan", 5, 3, 9, id="boyan-5-three"),
    pytest.param("pig", 3, 4, 6, id="pig-3-four"),
    pytest.param("piglet", 3, 4, 5, id="piglet-3-four"),
])
def test_equal_turns_n_players_matches_the_reference(name, goal, players, cap):
    """Three and four players, the same cap in both solvers, every turn start and place,
    to 1e-10 (both iterate to ~1e-14); the caps are small so that the last round's
    leaders pass them (the rule "stop at max(cap, leader + 1)" is exercised)."""
    model = DOUBLING if name == "doubling" else game(name)
    _agrees_with_the_reference(model, goal, players, reference.EQUAL_TURNS, cap)


def test_a_layer_size_does_not_wrap_around_for_numpy_arguments():
    """The last round's size estimate is exact for numpy integers too: 10,000 ** 5 floats
    are far past int64, which a numpy ``goal`` made wrap around (to a small or negative
    size the budget would let through)."""
    from jeopardy.match.last_round import layer_floats

    exact = 7 * (6 - 5) * 10_000 ** 5 * (5 + 1)
    assert layer_floats(7, 5, 10_000, 6) == exact
    assert layer_floats(np.int64(7), np.int64(5), np.int64(10_000), np.int64(6)) == exact


def test_last_round_tables_match_the_reference():
    """The last round alone (jeopardy.match.last_round): every layer's value at every
    leader, tie count and score, against the reference's last-turn states (1e-12)."""
    import itertools

    from jeopardy.match.last_round import OFFSET, PLAYERS_SIZE, SPAN
    from jeopardy.match.rules import MatchRules
    from jeopardy.match.solver import bundle

    model, goal, players, cap = game("pig"), 4, 4, 6
    race = bundle(model, goal, MatchRules(players, "equal-turns"), cap)
    ref = reference.ReferenceRace(model, goal, players, reference.EQUAL_TURNS, cap).solve()
    checked = 0
    for state, value in ref.values.items():
        if state[0] != "last" or state[-1] != 0:
            continue
        _, remaining, leader, winners, m, _ = state
        R = players - m
        t = len(winners)
        span = race.layout[R, SPAN]
        assert leader - goal < span
        index = 0
        for s in remaining:
            index = index * goal + s
        ties = players - R
        pos = race.layout[R, OFFSET] + (((leader - goal) * ties + t - 1)
                                        * race.layout[R, PLAYERS_SIZE] + index) * (R + 1)
        leader_share = value[next(iter(winners))]
        expected = [leader_share] + [value[m + c] for c in range(R)]
        assert list(race.last[pos:pos + R + 1]) == pytest.approx(expected, abs=1e-12), state
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("name, goal, players", [pytest.param("pig", 6, 3, id="pig-6-three"),
                                                 pytest.param("piglet", 5, 3, id="piglet-5")])
def test_equal_turns_n_players_cap_is_proved_and_doubling_it_changes_nothing(name, goal, players):
    from jeopardy.match.solver import solve

    model = game(name)
    proved = solve(model, goal, players, "equal-turns")
    doubled = solve(model, goal, players, "equal-turns", cap=2 * proved.cap)
    assert proved.cap > goal
    assert np.max(np.abs(proved.values - doubled.values)) < 1e-13


def test_two_player_first_to_goal_is_the_pair_solver(pig):
    """Goal 40: optimal Pig to 30 never holds after a roll (so a wrong hold value
    would not show); to 40 it holds in 56 states."""
    from jeopardy.match.solver import solve

    fast = solve(pig, 40, 2, method="classes")
    values = solve(pig, 40).start_values
    assert np.max(np.abs(fast.values[0, :, 0].reshape(40, 40) - values)) < 1e-13



def test_the_solver_chooses_its_method():
    """One solve for every game: the pair method for two players first to the goal with
    turn totals that never fall, rotation classes for every other game; asking for the
    pair method elsewhere, or for no method at all, is refused in one line."""
    from jeopardy.errors import JeopardyError
    from jeopardy.match.solver import MatchSolution, PairSolution, solve
    from jeopardy.rules.presets import parker_brothers
    from jeopardy.validate import ParameterError

    pig = game("pig")
    assert type(solve(pig, 12)) is PairSolution
    for other in (solve(pig, 12, 3), solve(pig, 12, ending="equal-turns"),
                  solve(parker_brothers(), 12), solve(pig, 12, method="classes")):
        assert type(other) is MatchSolution
    with pytest.raises(JeopardyError, match="the pair method solves two players first to the goal"):
        solve(pig, 12, 3, method="pair")
    with pytest.raises(JeopardyError, match="never fall"):
        solve(parker_brothers(), 12, method="pair")
    with pytest.raises(ParameterError, match="method must be one of auto, pair, classes"):
        solve(pig, 12, method="newton")


def test_a_pair_solution_is_a_match_solution_to_every_analysis():
    """The pair method's solution, seated, followed, reached, written and played as every
    match solution is, gives what the rotation classes' solution of the same game gives."""
    from jeopardy.match.evaluation import evaluate
    from jeopardy.match.play import Table
    from jeopardy.match.policies import hold_at
    from jeopardy.match.policy_file import from_solution
    from jeopardy.match.reachability import reachable
    from jeopardy.match.solver import solve

    pig, goal = game("pig"), 15
    pair, classes = solve(pig, goal), solve(pig, goal, method="classes")
    for scores in ((0, 0), (3, 11), (14, 2)):
        assert pair.decision(scores).actions == classes.decision(scores).actions
    hold = hold_at(goal, 4)
    for seats in ([pair, hold], [hold, pair]):
        ours = evaluate(pig, goal, seats).win_probabilities
        theirs = evaluate(pig, goal, [classes if s is pair else s for s in seats]).win_probabilities
        assert ours == pytest.approx(theirs, abs=1e-13)
    assert reachable(pair).count == reachable(classes).count
    assert np.array_equal(from_solution(pair).table, from_solution(classes).table)
    table = Table(pair, seed=3)
    while table.winner is None:
        table.roll() if table.computer_rolls() else table.hold()
    assert table.winner in (0, 1)

@pytest.mark.parametrize("name, goal", [pytest.param("pig", 8, id="pig-8"),
                                        pytest.param("piglet", 6, id="piglet-6")])
def test_equal_turns_cap_is_proved_and_doubling_it_changes_nothing(name, goal):
    """The cap the solver proves harmless: doubling it leaves every value (1e-13)."""
    from jeopardy.match.solver import solve

    model = game(name)
    proved = solve(model, goal, 2, "equal-turns")
    doubled = solve(model, goal, 2, "equal-turns", cap=2 * proved.cap)
    assert proved.cap > goal
    assert np.max(np.abs(proved.values - doubled.values)) < 1e-13


# ------------------------------------------------------------------ the CLI
def _run(*args):
    from click.testing import CliRunner

    from jeopardy.cli.main import cli

    return CliRunner().invoke(cli, list(args))


def test_cli_solve_players_json_matches_the_reference():
    import json

    result = _run("solve", "--goal", "6", "--players", "3", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    expected = reference.solve(game("pig"), 6, 3).value((0, 0, 0))
    assert data["win_probabilities"] == pytest.approx(list(expected), abs=1e-10)
    assert data["win_probability"] == data["win_probabilities"][0]
    assert sum(data["win_probabilities"]) == pytest.approx(1.0, abs=1e-12)


def test_cli_solve_two_players_keeps_the_pair_solver_and_lists_both_chances():
    import json

    data = json.loads(_run("solve", "--goal", "30", "--json").output)
    assert data["win_probabilities"][0] == data["win_probability"]
    assert sum(data["win_probabilities"]) == pytest.approx(1.0, abs=1e-15)
    assert "states" in data  # the existing solver's output


@pytest.mark.parametrize("args, words", [
    pytest.param(("--players", "11"), "--players must be in 2-10", id="eleven"),
    pytest.param(("--players", "10", "--goal", "20"), "turn starts and needs", id="ten-to-20"),
])
def test_cli_solve_refuses_in_one_line(args, words):
    result = _run("solve", *args)
    assert result.exit_code == 2
    assert words in result.output and result.output.count("\n") == 1


# --------------------------------------------------------- policy evaluation
def test_two_policies_evaluate_as_the_pair_evaluation(pig):
    from jeopardy.match.evaluation import evaluate
    from jeopardy.match import policies
    from jeopardy.match.evaluation import head_to_head

    a = policies.hold_at(25, 20)
    b = policies.from_formula(25, "k < 15 + (j - i) / 4")
    result = evaluate(pig, 25, [a, b])
    pair = head_to_head(pig, a, b)
    assert result.win_probabilities[0] == pytest.approx(pair.first, abs=1e-13)
    assert sum(result.win_probabilities) == pytest.approx(1.0, abs=1e-13)


def test_equilibrium_evaluates_to_its_values_and_no_player_gains_by_deviating(pig):
    """The solver's policy played by all three is worth its values; a player switching
    to any of a few other policies does not do better (the equilibrium property)."""
    from jeopardy.match.evaluation import evaluate
    from jeopardy.match.solver import solve
    from jeopardy.match import policies

    goal = 12
    solution = solve(pig, goal, 3)
    self_play = evaluate(pig, goal, [solution] * 3)
    assert self_play.win_probabilities == pytest.approx(solution.win_probabilities, abs=1e-13)
    deviations = [policies.hold_at(goal, h) for h in (2, 4, 6, 9)] + [
        policies.from_formula(goal, "k < 3 + (j - i) / 2")]
    for player in range(3):
        for deviation in deviations:
            seats = [solution] * 3
            seats[player] = deviation
            chance = evaluate(pig, goal, seats).win_probabilities[player]
            assert chance <= solution.win_probabilities[player] + 1e-12


def test_policies_that_never_end_are_refused(pig):
    from jeopardy.errors import JeopardyError
    from jeopardy.match.evaluation import evaluate
    from jeopardy.match import policies

    never = policies.from_formula(8, "k < 0")
    with pytest.raises(JeopardyError, match="never ends"):
        evaluate(pig, 8, [never, never, never])


def test_cli_compare_three_policies():
    import json

    result = _run("compare", "optimal", "hold:10", "hold:5", "--goal", "12", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["players"] == 3 and len(data["win_probabilities"]) == 3
    assert sum(data["win_probabilities"]) == pytest.approx(1.0, abs=1e-12)
    assert _run("compare", "hold:20", "hold:25", "--ending", "one-more-turn").exit_code == 2


# ------------------------------------------------------------- mixed actions
@pytest.mark.slow
def test_cycling_classes_are_settled_by_mixed_actions(pig, monkeypatch):
    """3-player Pig to 62 is the smallest goal we found where pure best responses cycle:
    without mixing the class iteration is left off its fixed point; with it every class
    settles and every mixing player is indifferent (both in the residual, 1e-11)."""
    from jeopardy.errors import NotConverged
    from jeopardy.match import mixing
    from jeopardy.match.solver import solve

    solution = solve(pig, 62, 3)
    assert solution.mixes and solution.unsettled_classes == 0
    assert solution.max_residual < 1e-11
    assert sum(solution.win_probabilities) == pytest.approx(1.0, abs=1e-12)
    for table in solution.mixes.values():
        chances = table[table >= 0]
        assert np.all((chances >= 0) & (chances <= 1))
        assert np.any((chances > 0) & (chances < 1))  # a real mix, not a pure action

    assert solution.converged and solution.to_dict()["converged"] is True

    monkeypatch.setattr(mixing, "settle", lambda *args: None)
    with pytest.raises(NotConverged, match="did not converge: largest residual") as caught:
        solve(pig, 62, 3)
    pure = caught.value.result  # the result as it stands rides on the error
    assert pure.unsettled_classes > 0 and pure.max_residual > 1e-6
    assert not pure.converged and pure.to_dict()["converged"] is False
    assert "NOT CONVERGED" in repr(pure)
    assert solve(pig, 62, 3, strict=False).max_residual == pure.max_residual


def test_reach_chances_of_one_turn():
    """reach[D]: Piglet needs D heads in a row (2**-D); Pig reaches 3 with 3-6 at once
    or a 2 and then anything but a 1 (4/6 + 5/36); doubling the size keeps the rest."""
    from fractions import Fraction

    from jeopardy.match.last_round import reach_chances

    piglet = reach_chances(game("piglet"), 12)
    assert list(piglet) == [2.0 ** -d for d in range(12)]
    pig = reach_chances(game("pig"), 30)
    assert pig[3] == pytest.approx(float(Fraction(4, 6) + Fraction(5, 36)), abs=1e-15)
    assert np.all(np.diff(pig) <= 0)
    assert np.array_equal(reach_chances(game("pig"), 60)[:30], pig)
