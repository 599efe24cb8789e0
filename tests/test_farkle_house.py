"""Farkle house rules (issue 29): rules files, presets, and the scoring and optimal turn
of every preset against a twin written from the rules text (tests/oracles/farkle_house.py)."""
import dataclasses
import json

import pytest
from click.testing import CliRunner

from jeopardy.cli.main import cli as main
from jeopardy.errors import JeopardyError
from jeopardy.farkle import core
from jeopardy.farkle.house import PRESETS, house_rules, preset, read_rules
from jeopardy.farkle.scoring import keep_options, score_counts
from jeopardy.farkle.throws import throw_counts
from jeopardy.farkle.turn import FarkleRules, solve_turn
from tests.oracles import farkle_house as twin

# The seed's Ten Thousand written as a rules file (the contract).
SEED_FILE = """\
name = "ten-thousand"
dice = 6
goal = 10000
ending = "equal-turns"
min_bank = 350
entry = 0
hot_dice = true
set_aside = "all"

[scoring]
single_one = 100
single_five = 50
three_ones = 1000
three_of_a_kind = 100
n_of_a_kind = "double"
three_pairs = 0
straight = 2000
four_and_a_pair = 0
two_triplets = 0
"""


def test_the_seed_as_a_file_gives_the_preset_values(tmp_path):
    path = tmp_path / "seed.toml"
    path.write_text(SEED_FILE)
    house = read_rules(path)
    assert house.rules == FarkleRules() and not house.first_to_reach
    # The turn: the pinned 462.8006 (tests/golden/farkle.json, "farkle turn"), to 1e-12.
    assert solve_turn(house.rules).expected == pytest.approx(462.800639488128, abs=1e-12)
    # The race at a small goal under both endings (10,000: tests/test_farkle_core.py, long).
    small = dataclasses.replace(house.rules, goal=1000)
    for first_to_reach in (False, True):
        ours = core.solve(small, first_to_reach).win_probability
        seed = core.solve(FarkleRules(goal=1000), first_to_reach).win_probability
        assert ours == pytest.approx(seed, abs=1e-12)


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_throw_scores_as_the_rules_text_says(name):
    rules = PRESETS[name]
    table = preset(name).rules.scoring
    for n in range(1, 7):
        expected = twin.throw_choices(rules, n)
        for counts, _ in throw_counts(n):
            throw = tuple(face for face, c in enumerate(counts, start=1) for _ in range(c))
            _, options = expected[throw]
            if rules["set_aside"] == "all":
                points, used = score_counts(counts, table)
                ours = [] if not points else [(points, 6 if used == n else n - used)]
            else:  # the best score for each number of dice set aside
                ours = sorted((points, 6 if used == n else n - used)
                              for points, used in keep_options(counts, table))
                best: dict[int, int] = {}
                for points, left in options:
                    best[left] = max(best.get(left, 0), points)
                options = sorted((points, left) for left, points in best.items())
            assert ours == options, (name, throw)


OPTIONS = {  # each scoring key on its own, over the seed's table
    "three-pairs": {"three_pairs": 1500}, "no-straight": {"straight": 0},
    "four-and-a-pair": {"four_and_a_pair": 2500}, "two-triplets": {"two_triplets": 2500},
    "add": {"n_of_a_kind": "add"}, "flat": {"n_of_a_kind": "flat"},
    "none": {"n_of_a_kind": "none"}, "three-ones-300": {"three_ones": 300},
    "triples-200": {"three_of_a_kind": 200}, "singles": {"single_one": 150, "single_five": 0},
}


@pytest.mark.parametrize("set_aside", ["all", "choice"])
@pytest.mark.parametrize("option", list(OPTIONS))
def test_each_scoring_option_scores_as_the_rules_text_says(option, set_aside):
    """Brute force over every throw of 1 to 6 dice, one option changed at a time."""
    rules = {**PRESETS["ten-thousand"], "set_aside": set_aside,
             "scoring": {**PRESETS["ten-thousand"]["scoring"], **OPTIONS[option]}}
    table = house_rules(rules).rules.scoring
    for n in range(1, 7):
        expected = twin.throw_choices(rules, n)
        for counts, _ in throw_counts(n):
            throw = tuple(face for face, c in enumerate(counts, start=1) for _ in range(c))
            _, options = expected[throw]
            if set_aside == "all":
                points, used = score_counts(counts, table)
                ours = [] if not points else [(points, 6 if used == n else n - used)]
            else:
                ours = sorted((points, 6 if used == n else n - used)
                              for points, used in keep_options(counts, table))
                best: dict[int, int] = {}
                for points, left in options:
                    best[left] = max(best.get(left, 0), points)
                options = sorted((points, left) for left, points in best.items())
            assert ours == options, (option, throw)


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_optimal_turn_agrees_with_the_twin(name):
    """To 1e-9: both sum the same probabilities in other orders (float rounding only)."""
    house = preset(name)
    on_board = dataclasses.replace(house.rules, entry=0)
    assert solve_turn(on_board).expected == pytest.approx(twin.optimal_turn(PRESETS[name]), abs=1e-9)
    if house.rules.enters:  # a first bank: the entry minimum
        first = twin.optimal_turn(PRESETS[name], minimum=house.rules.entry)
        assert solve_turn(house.rules).expected == pytest.approx(first, abs=1e-9)


def test_the_entry_minimum_is_the_minimum_at_score_zero_in_the_race():
    """The race with ``entry`` against the rules-first reference's rule IV.2 read at a
    threshold of 0 (minimum 500 at score 0, 350 above), to 1e-9 (its tolerance)."""
    from oracles.farkle import ReferenceRules, solve as reference

    rules = FarkleRules(goal=1000, entry=500)
    for first_to_reach in (False, True):
        ours = core.solve(rules, first_to_reach).win_probability
        theirs = reference(ReferenceRules(goal=1000, min_bank=500, high_min_bank=350, high_score=0,
                                          first_to_reach=first_to_reach)).win_probability
        assert ours == pytest.approx(theirs, abs=1e-9)
        assert ours != pytest.approx(core.solve(FarkleRules(goal=1000), first_to_reach)
                                     .win_probability, abs=1e-6)


@pytest.mark.parametrize("data, words", [
    pytest.param({"colour": 1}, "unknown key 'colour'", id="unknown-key"),
    pytest.param({"scoring": {"straights": 1500}}, "unknown key scoring.straights", id="unknown-scoring-key"),
    pytest.param({"penalty": {"farkle": 3}}, "unknown key penalty.farkle", id="unknown-penalty-key"),
    pytest.param({"goal": "10000"}, "goal must be a whole number", id="goal-type"),
    pytest.param({"goal": 10001}, "goal must be a multiple of 50", id="goal-unit"),
    pytest.param({"min_bank": -50}, "min_bank must not be negative", id="negative"),
    pytest.param({"entry": 20000}, "entry must be at most the goal", id="entry-past-goal"),
    pytest.param({"dice": 5}, "dice must be 6", id="dice"),
    pytest.param({"dice": True}, "dice must be a whole number", id="dice-bool"),
    pytest.param({"ending": "one-more-turn"}, "ending must be one of", id="ending"),
    pytest.param({"hot_dice": False}, "hot_dice = false is not modelled", id="hot-dice"),
    pytest.param({"hot_dice": 1}, "hot_dice must be true or false", id="hot-dice-type"),
    pytest.param({"set_aside": "some"}, "set_aside must be", id="set-aside"),
    pytest.param({"scoring": {"straight": -100}}, "scoring.straight must not be negative", id="negative-points"),
    pytest.param({"scoring": {"three_pairs": 725}}, "scoring.three_pairs must be a multiple of 50", id="points-unit"),
    pytest.param({"scoring": {"n_of_a_kind": "triple"}}, "scoring.n_of_a_kind must be one of", id="growth"),
    pytest.param({"scoring": {"three_ones": 0}}, "scoring.three_ones must be above 0", id="no-triple"),
    pytest.param({"scoring": 5}, "[scoring] must be a table", id="scoring-table"),
    pytest.param({"penalty": {"farkles": 0}}, "penalty.farkles must be at least 1", id="penalty-farkles"),
    pytest.param({"penalty": {"floor": 500}}, "penalty.floor must be at most 0", id="penalty-floor"),
    pytest.param({"name": ""}, "name must be a non-empty string", id="name"),
])
def test_bad_rules_are_refused_in_one_line_naming_the_key(data, words):
    with pytest.raises(JeopardyError) as error:
        house_rules(data, "family.toml")
    message = str(error.value)
    assert words in message and message.startswith("family.toml: ") and "\n" not in message


def test_the_race_refuses_the_penalty_it_does_not_model():
    rules = dataclasses.replace(preset("facebook").rules, goal=500)
    # the race's solver refuses it; the bust counters solve it (tests/test_bust_penalty.py)
    with pytest.raises(JeopardyError, match="penalty .* is solved by jeopardy.farkle.penalty"):
        core.solve(rules, True)


def test_rules_files_and_presets_on_the_command_line(tmp_path):
    runner = CliRunner()
    path = tmp_path / "family.toml"
    path.write_text('name = "family"\nmin_bank = 300\nset_aside = "choice"\n'
                    '[scoring]\nthree_pairs = 750\nstraight = 1500\n')
    turn = runner.invoke(main, ["farkle", "turn", "--rules", str(path), "--json"])
    assert turn.exit_code == 0, turn.output
    data = json.loads(turn.stdout)
    family = house_rules({"name": "family", "min_bank": 300, "set_aside": "choice",
                          "scoring": {"three_pairs": 750, "straight": 1500}}).rules
    assert data["game"] == "family"
    assert data["expected"] == pytest.approx(solve_turn(family).expected, abs=1e-12)
    solve = runner.invoke(main, ["farkle", "solve", "--rules", str(path), "--goal", "500", "--json"])
    assert solve.exit_code == 0, solve.output
    expected = core.solve(dataclasses.replace(family, goal=500)).win_probability
    assert json.loads(solve.stdout)["win_probability"] == pytest.approx(expected, abs=1e-12)
    for args, words in ((["--rules", "ten-thousand", "--min-bank", "300"], "--min-bank applies only"),
                        (["--rules", "no-such-rules"], "unknown rules 'no-such-rules'")):
        bad = runner.invoke(main, ["farkle", "turn", *args])
        assert bad.exit_code != 0 and words in bad.output
        assert len(bad.output.strip().splitlines()) == 1


def test_the_facade_takes_house_rules_as_a_dict():
    import jeopardy

    game = jeopardy.Game({"name": "family", "min_bank": 300, "ending": "first-to-goal"}, goal=500)
    assert game.name == "family" and game.ending == "first-to-goal"
    assert game.turn().expected == pytest.approx(
        solve_turn(FarkleRules(min_bank=300, name="family")).expected, abs=1e-12)
    with pytest.raises(JeopardyError, match="unknown key 'colour'"):
        jeopardy.Game({"colour": 1})


def test_a_solution_file_keeps_its_house_rules(tmp_path):
    """`farkle solve --rules ... --out` then `farkle policy`: the file carries the scoring
    table, the entry and the name, and is rebuilt from them (the residual is recomputed)."""
    rules = dataclasses.replace(preset("reference-com").rules, goal=500)
    solution = core.solve(rules)
    path = solution.save(tmp_path / "house.npz")
    again = core.load(path)
    assert again.rules == rules
    assert again.win_probability == solution.win_probability and again.max_residual < 1e-13
    assert again.banking(0, 0) == solution.banking(0, 0)
