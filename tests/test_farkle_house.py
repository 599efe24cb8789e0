"""Farkle house rules (issue 29): rules files, presets, and the scoring and optimal turn
of every preset against a twin written from the rules text (tests/oracles/farkle_house.py)."""
import dataclasses
import json
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from jeopardy.cli.main import cli as main
from jeopardy.errors import JeopardyError
from jeopardy.farkle import core
from jeopardy.farkle.house import PRESETS, house_rules, preset, read_rules, rules_named
from jeopardy.farkle.scoring import keep_options, score_counts
from jeopardy.farkle.throws import option_outcomes, outcomes, throw_counts
from jeopardy.farkle.turn import FarkleRules, solve_turn
from oracles import farkle_house as twin

# The seed's Ten Thousand written as a rules file (the issue's contract), as docs/farkle.md
# shows it.
SEED_FILE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "ten-thousand.toml"


def test_the_seed_as_a_file_gives_the_preset_values():
    house = read_rules(SEED_FILE)
    # every key of the issue's contract is written out, none left to its default
    keys = tomllib.loads(SEED_FILE.read_text())
    assert set(keys) == {"name", "dice", "goal", "ending", "min_bank", "entry", "hot_dice",
                         "set_aside", "scoring"} and len(keys["scoring"]) == 9
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
    "partial-straights": {"low_straight": 500, "high_straight": 750},
    "low-straight-over-full": {"low_straight": 2500, "straight": 1500, "single_five": 0},
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
    pytest.param({"dice": 7}, "dice must be 1 to 6", id="dice"),
    pytest.param({"dice": 0}, "dice must be 1 to 6", id="no-dice"),
    pytest.param({"dice": True}, "dice must be a whole number", id="dice-bool"),
    pytest.param({"ending": "one-more-turn"}, "ending must be one of", id="ending"),
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
    pytest.param({"dice": 1, "hot_dice": False, "min_bank": 150},
                 "min_bank 150 is more than a turn can score without hot dice (100)",
                 id="unwinnable-min-bank"),
    pytest.param({"dice": 2, "hot_dice": False, "min_bank": 0, "entry": 300},
                 "entry 300 is more than a turn can score without hot dice (200)",
                 id="unwinnable-entry"),
    pytest.param({"dice": 2, "scoring": {"single_one": 0, "single_five": 0}},
                 "no throw of 2 dice scores under this table", id="no-scoring-throw"),
    pytest.param({"dice": 1, "set_aside": "choice", "ending": "first-to-goal",
                  "scoring": {"single_one": 0, "single_five": 0}},
                 "no throw of 1 die scores under this table", id="no-scoring-die"),
])
def test_bad_rules_are_refused_in_one_line_naming_the_key(data, words):
    with pytest.raises(JeopardyError) as error:
        house_rules(data, "family.toml")
    message = str(error.value)
    assert words in message and message.startswith("family.toml: ") and "\n" not in message


@pytest.mark.parametrize("text, shown", [
    pytest.param("hot_dice = 1", "hot_dice must be true or false; got 1", id="number"),
    pytest.param("dice = true", "dice must be a whole number; got true", id="boolean"),
    pytest.param('set_aside = "some"', 'set_aside must be "all" or "choice"; got "some"',
                 id="string"),
    pytest.param('goal = "10000"', 'goal must be a whole number; got "10000"', id="quoted-number"),
    pytest.param("scoring = [1, true]", "[scoring] must be a table; got [1, true]", id="array"),
    pytest.param("name = 2026-01-01", "name must be a non-empty string; got 2026-01-01",
                 id="date"),
    pytest.param("[penalty]\nfarkles = false", "penalty.farkles must be a whole number; got false",
                 id="table-key"),
])
def test_a_refusal_spells_the_value_as_the_rules_file_does(tmp_path, text, shown):
    """A refusal quotes the file's value in TOML's spelling (true, "some"), not Python's
    (True, 'some'): the user finds it in the file as shown."""
    path = tmp_path / "house.toml"
    path.write_text(text + "\n")
    with pytest.raises(JeopardyError) as error:
        rules_named(str(path))
    assert str(error.value) == f"{path}: {shown}"


def test_a_hand_that_cannot_score_shows_no_mean_and_the_game_still_plays(tmp_path):
    """Singles score nothing: one or two dice never score, three score only as a triple.
    `farkle throws` shows '-' (JSON null) for the mean score of those hands instead of
    dividing by a zero chance (a ZeroDivisionError traceback before), and the game
    itself, whose full hand scores, is solved."""
    import subprocess
    import sys

    path = tmp_path / "no-singles.toml"
    path.write_text('set_aside = "choice"\n[scoring]\nsingle_one = 0\nsingle_five = 0\n')
    shown = subprocess.run([sys.executable, "-m", "jeopardy", "farkle", "throws", "--rules",
                            str(path), "--json"], capture_output=True, text=True, timeout=300)
    assert shown.returncode == 0 and shown.stderr == "", shown.stderr
    rows = {row["dice"]: row for row in json.loads(shown.stdout)["dice"]}
    assert rows[1]["mean_score"] is None and rows[1]["bust"] == 1.0
    assert rows[1]["mean_score_with_busts"] == 0.0
    assert rows[3]["mean_score"] == pytest.approx(500.0)  # a triple of 2s .. 6s, or 1s
    text = CliRunner().invoke(main, ["farkle", "throws", "--rules", str(path)])
    assert text.exit_code == 0 and text.output.splitlines()[1].rstrip().endswith("-")
    solved = CliRunner().invoke(main, ["farkle", "solve", "--rules", str(path), "--goal", "500"])
    assert solved.exit_code == 0, solved.output


def test_the_turn_json_carries_what_the_text_says_of_the_first_bank_and_the_penalty():
    """`farkle turn --json` has the lines the text shows: the minimum bank, a first
    bank's value under the entry minimum (reference.com: 500) and the rule set's
    penalty (Facebook's), in the solve's vocabulary."""
    runner = CliRunner()
    data = json.loads(runner.invoke(main, ["farkle", "turn", "--rules", "reference-com",
                                           "--json"]).stdout)
    rules = preset("reference-com").rules
    assert data["min_bank"] == 0 and data["entry"]["minimum"] == 500
    assert data["entry"]["expected"] == pytest.approx(solve_turn(rules).expected, abs=1e-12)
    assert data["expected"] > data["entry"]["expected"]  # no minimum after the first bank
    facebook = json.loads(runner.invoke(main, ["farkle", "turn", "--rules", "facebook",
                                               "--json"]).stdout)
    assert facebook["penalty"] == {"farkles": 3, "points": 500, "floor": -2500}
    assert "entry" not in facebook and "penalty" not in data


def test_score_throws_and_policy_json_name_the_rule_set_and_a_misspelt_preset_gets_a_hint(
        tmp_path):
    runner = CliRunner()
    path = tmp_path / "file-name.toml"
    path.write_text('name = "three-dice"\ndice = 3\ngoal = 500\nending = "first-to-goal"\n')
    for command in (["score", "1", "1", "5"], ["throws"]):
        shown = runner.invoke(main, ["farkle", *command, "--rules", str(path), "--json"])
        assert json.loads(shown.stdout)["game"] == "three-dice", command
    saved = tmp_path / "three.npz"
    assert runner.invoke(main, ["farkle", "solve", "--rules", str(path), "--out",
                                str(saved)]).exit_code == 0
    policy = runner.invoke(main, ["farkle", "policy", "--solution", str(saved), "--score", "0",
                                  "--opponent", "0", "--json"])
    assert json.loads(policy.stdout)["game"] == "three-dice"
    bad = runner.invoke(main, ["farkle", "turn", "--rules", "Facebok"])
    assert bad.exit_code == 2 and "did you mean 'facebook'?" in bad.output
    assert len(bad.output.strip().splitlines()) == 1


def test_a_rules_file_without_a_name_is_named_after_its_file(tmp_path):
    path = tmp_path / "grandma.toml"
    path.write_text("min_bank = 300\n")
    assert read_rules(path).rules.name == "grandma"
    turn = CliRunner().invoke(main, ["farkle", "turn", "--rules", str(path), "--json"])
    assert json.loads(turn.stdout)["game"] == "grandma"
    assert house_rules({"min_bank": 300}).rules.name == "house"


def test_options_of_the_seed_beside_a_rules_file_say_where_the_rule_is(tmp_path):
    """--min-bank has the file's key; --no-stop-on-six (rule IV.1) has none, so the
    refusal does not send the user to the file."""
    runner = CliRunner()
    for option, words in ((["--min-bank", "300"], "the rules file's min_bank key"),
                          (["--keep-choice"], "set_aside"),
                          (["--no-stop-on-six"], "rule IV.1 of the seed's Ten Thousand"),
                          (["--exact-goal"], "rule IV.3")):
        bad = runner.invoke(main, ["farkle", "solve", "--rules", "family-rules-x.toml", *option])
        assert bad.exit_code == 2 and words in bad.output, bad.output
        assert len(bad.output.strip().splitlines()) == 1


def test_a_house_rules_estimate_is_of_that_rule_set(monkeypatch, tmp_path):
    """The budget's refusal names the file's rule set and estimates its own turn (a
    hand of two dice without hot dice is far cheaper than the seed's six)."""
    from jeopardy.farkle.house import read_rules as read

    path = tmp_path / "two-dice.toml"
    path.write_text('name = "two-dice"\ndice = 2\nhot_dice = false\nmin_bank = 0\n')
    rules = read(path).rules
    seed = core.cost(2000, players=4)
    own = core.cost(2000, players=4, rules=rules)
    assert own.seconds < seed.seconds
    monkeypatch.setenv("JEOPARDY_TIME_LIMIT", "1")
    with pytest.raises(JeopardyError, match=r"solving Farkle \(two-dice\) for 4 players"):
        core.solve(dataclasses.replace(rules, goal=2000), False, players=4)


def test_the_race_refuses_the_penalty_it_does_not_model():
    rules = dataclasses.replace(preset("facebook").rules, goal=500)
    # the race's solver refuses it; the bust counters solve it (tests/test_bust_penalty.py)
    with pytest.raises(JeopardyError, match=r"penalty .* is solved by `farkle solve` \(and "
                                            r"Game\(\.\.\.\)\.solve\(\)\) only, not here"):
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


# ------------------------------------------------ a smaller hand, hot dice off
HANDS = [pytest.param(dice, hot, id=f"{dice}-dice{'' if hot else '-no-hot-dice'}")
         for dice in (1, 2, 3, 4, 5, 6) for hot in (True, False)]


def _hand(base: str, dice: int, hot: bool, **changes) -> dict:
    data = {**PRESETS[base], "dice": dice, "hot_dice": hot, **changes}
    data.pop("penalty", None)
    return data


PARTIAL = {"low_straight": 500, "high_straight": 750}  # a common family table's partial straights


@pytest.mark.parametrize("set_aside", ["all", "choice"])
def test_partial_straights_in_the_turn_and_the_race_agree_with_the_twin(set_aside):
    """The optimal turn over the seed's table with 1-2-3-4-5 = 500 and 2-3-4-5-6 = 750
    (to 1e-9, float sums in other orders), which it raises; and two players to 500 with
    five dice and hot dice off (to 1e-10, the twin's plain value iteration)."""
    base = {**PRESETS["ten-thousand"], "set_aside": set_aside}
    data = {**base, "scoring": {**base["scoring"], **PARTIAL}}
    ours = solve_turn(house_rules(data).rules).expected
    assert ours == pytest.approx(twin.optimal_turn(data), abs=1e-9)
    assert ours > solve_turn(house_rules(base).rules).expected + 1  # the runs score
    small = {**data, "dice": 5, "hot_dice": False, "goal": 500, "min_bank": 0,
             "ending": "first-to-goal"}
    house = house_rules(small)
    race = core.solve(house.rules, house.first_to_reach)
    assert race.converged
    assert race.win_probability == pytest.approx(twin.two_players(small), abs=1e-10)


@pytest.mark.parametrize("dice, hot", HANDS)
def test_every_throw_of_a_hand_leaves_the_dice_the_rules_text_says(dice, hot):
    """Brute force over every ordered throw of 1 to ``dice`` dice (the twin lists
    6^n of them): the distribution of (points, dice left) of the keep-all rule and of
    the choice sets of set_aside "choice", exact (Fractions against counts / 6^n)."""
    from fractions import Fraction

    for base in ("ten-thousand", "neller-busche"):
        data = _hand(base, dice, hot, min_bank=0)  # the scoring alone: any hand may bank
        rules = house_rules(data).rules
        for n in range(1, dice + 1):
            expected: dict = {}
            for _, (probability, options) in twin.throw_choices(data, n).items():
                if data["set_aside"] == "all":
                    key = tuple(options)
                else:  # the best score for each number of dice left
                    best: dict[int, int] = {}
                    for points, left in options:
                        best[left] = max(best.get(left, 0), points)
                    key = tuple(sorted((points, left) for left, points in best.items()))
                expected[key] = expected.get(key, 0) + Fraction(probability).limit_denominator(6 ** n)
            if data["set_aside"] == "all":
                ours: dict = {}
                for points, left, p in outcomes(n, rules.scoring, rules.fresh):
                    key = ((points, left),) if points else ()
                    ours[key] = ours.get(key, 0) + p
            else:
                ours = {tuple(sorted(choices)): p
                        for p, choices in option_outcomes(n, rules.scoring, rules.fresh)}
            assert ours == expected, (base, n)


@pytest.mark.parametrize("dice, hot", HANDS)
def test_the_optimal_turn_of_a_hand_agrees_with_the_twin(dice, hot):
    """To 1e-9, as the presets' turns (float sums in other orders); both set-aside rules,
    a minimum bank of 0 and of 300.  A minimum bank above what a turn scores without hot
    dice (the twin's bound, every sequence of throws tried) is refused: no one could
    ever bank."""
    for base, minimum in (("ten-thousand", 0), ("neller-busche", 300)):
        data = _hand(base, dice, hot, min_bank=minimum)
        if not hot and minimum > twin.most_one_turn(data):
            with pytest.raises(JeopardyError, match="no one could ever bank"):
                house_rules(data)
            continue
        ours = solve_turn(house_rules(data).rules).expected
        top = 30_000 if dice == 6 else 8_000  # past it every state banks (6 dice: 17,000)
        assert ours == pytest.approx(twin.optimal_turn(data, top=top), abs=1e-9), base


RACES = [  # (preset, dice, hot dice, ending, goal, min_bank, entry)
    pytest.param("ten-thousand", 2, False, "equal-turns", 300, 0, 0, id="2-dice-no-hot-round"),
    pytest.param("neller-busche", 2, False, "equal-turns", 300, 100, 0, id="2-dice-no-hot-choice-round"),
    pytest.param("ten-thousand", 3, False, "first-to-goal", 400, 0, 150, id="3-dice-no-hot-entry"),
    pytest.param("neller-busche", 3, True, "first-to-goal", 300, 100, 0, id="3-dice-hot-choice"),
    pytest.param("ten-thousand", 4, False, "equal-turns", 200, 100, 0, id="4-dice-no-hot-round"),
]


@pytest.mark.parametrize("base, dice, hot, ending, goal, minimum, entry", RACES)
def test_the_race_of_a_hand_agrees_with_the_twin(base, dice, hot, ending, goal, minimum, entry):
    """Two players to a small goal against the twin's plain value iteration (to 1e-14
    between sweeps): to 1e-10 (measured: 4e-15)."""
    data = _hand(base, dice, hot, ending=ending, goal=goal, min_bank=minimum, entry=entry)
    house = house_rules(data)
    ours = core.solve(house.rules, house.first_to_reach)
    assert ours.converged
    assert ours.win_probability == pytest.approx(twin.two_players(data), abs=1e-10)
    # Every cap doubled: the same value (the tables already hold every reachable total).
    doubled = core.solve(house.rules, house.first_to_reach, cap_scale=2).win_probability
    assert doubled == pytest.approx(ours.win_probability, abs=1e-13)


def test_a_hand_without_hot_dice_on_the_command_line(tmp_path):
    """`farkle throws`, `turn` and `solve` of a three-dice file without hot dice: the
    numbers of the library, and a hot-dice-off column in Table 1."""
    path = tmp_path / "three.toml"
    path.write_text('name = "three"\ndice = 3\nhot_dice = false\nmin_bank = 150\ngoal = 500\n')
    rules = read_rules(path).rules
    runner = CliRunner()
    throws = runner.invoke(main, ["farkle", "throws", "--rules", str(path), "--json"])
    assert throws.exit_code == 0, throws.output
    rows = json.loads(throws.stdout)["dice"]
    assert [row["dice"] for row in rows] == [1, 2, 3]
    # three dice all scoring, none left: 1-1-1, 5-5-5, two 1s and a 5 (3 ways), ... = 12/216
    assert rows[2]["next"]["0"]["probability"] == pytest.approx(12 / 216, abs=1e-15)
    assert "K=0*" in runner.invoke(main, ["farkle", "throws", "--rules", str(path)]).output
    turn = runner.invoke(main, ["farkle", "turn", "--rules", str(path), "--json"])
    assert turn.exit_code == 0, turn.output
    assert json.loads(turn.stdout)["expected"] == pytest.approx(solve_turn(rules).expected, abs=1e-12)
    assert len(json.loads(turn.stdout)["thresholds"]) == 3
    solve = runner.invoke(main, ["farkle", "solve", "--rules", str(path), "--json"])
    assert solve.exit_code == 0, solve.output
    assert json.loads(solve.stdout)["win_probability"] == pytest.approx(
        core.solve(rules).win_probability, abs=1e-12)
    score = runner.invoke(main, ["farkle", "score", "1", "5", "5", "--rules", str(path)])
    assert "200 points" in score.output and "no dice left: bank" in score.output
    four = runner.invoke(main, ["farkle", "score", "1", "5", "5", "1", "--rules", str(path)])
    assert four.exit_code != 0 and "1 to 3 dice" in four.output
    simulate = runner.invoke(main, ["farkle", "solve", "--rules", str(path), "--simulate", "10"])
    assert simulate.exit_code == 0 and "simulation: 10 games (seed 1)" in simulate.output


def test_three_players_agree_with_the_twin():
    """Three players, first to the goal, a two-dice hand with hot dice, any part kept:
    each player's chance against the twin's plain value iteration to 1e-10 (measured:
    1.1e-16); the solve says it converged, with its residual."""
    data = _hand("neller-busche", 2, True, goal=250, min_bank=0)
    house = house_rules(data)
    ours = core.solve(house.rules, True, players=3)
    assert ours.converged and ours.max_residual < 1e-13 and ours.unsettled_classes == 0
    assert ours.win_probabilities == pytest.approx(twin.n_players(data, 3), abs=1e-10)
    assert sum(ours.win_probabilities) == pytest.approx(1.0, abs=1e-12)


def test_more_players_on_the_command_line(tmp_path):
    """`farkle solve --players 3`: each player's chance and the convergence in the JSON;
    the round ending with hot dice solves (the engine's capped last round); the penalty
    and a solution file are refused for three players."""
    runner = CliRunner()
    result = runner.invoke(main, ["farkle", "solve", "--rules", "neller-busche", "--goal", "300",
                                  "--players", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    rules = dataclasses.replace(preset("neller-busche").rules, goal=300)
    expected = core.solve(rules, True, players=3)
    assert data["players"] == 3 and data["converged"] is True
    assert data["win_probabilities"] == pytest.approx(expected.win_probabilities, abs=1e-12)
    path = tmp_path / "two-dice.toml"
    path.write_text('name = "two-dice"\ndice = 2\ngoal = 300\nmin_bank = 100\n')
    rounds = runner.invoke(main, ["farkle", "solve", "--rules", str(path), "--players", "3",
                                  "--json"])
    assert rounds.exit_code == 0, rounds.output
    assert json.loads(rounds.stdout)["ending"] == "equal-turns"
    assert json.loads(rounds.stdout)["win_probabilities"] == pytest.approx(
        core.solve(read_rules(path).rules, False, players=3).win_probabilities, abs=1e-12)
    for args, words in ((["--rules", "facebook"], "the penalty is solved for two players"),
                        (["--rules", "neller-busche", "--out", "x.npz"], "two players")):
        bad = runner.invoke(main, ["farkle", "solve", "--goal", "400", "--players", "3", *args])
        assert bad.exit_code != 0 and words in bad.output
        assert len(bad.output.strip().splitlines()) == 1


def test_the_estimate_refuses_what_the_budget_cannot_hold(monkeypatch):
    """Keeping any scoring part costs 2.3x-2.5x the seed's solve (measured at goals
    5,000 and 10,000): the estimate charges 2.5x, so under a 4 s budget the seed's table
    to 10,000 (first to reach: charged 2.2 s) starts and the same table with any part
    kept (5.5 s) is refused at once; three players to 10,000 is refused under the
    default budget (an hour)."""
    from jeopardy import costs

    monkeypatch.setenv("JEOPARDY_TIME_LIMIT", "4")
    seed_cost = costs.estimate("farkle", goal=10_000, first_to_reach=True)
    choice_cost = costs.estimate("farkle", goal=10_000, first_to_reach=True, keep_choice=True)
    assert seed_cost.seconds <= 4 < choice_cost.seconds
    assert choice_cost.seconds >= 2.3 * seed_cost.seconds
    with pytest.raises(JeopardyError, match="solving Ten Thousand"):
        core.solve(FarkleRules(keep_choice=True), True)
    monkeypatch.delenv("JEOPARDY_TIME_LIMIT")
    with pytest.raises(JeopardyError, match="for 3 players"):
        core.solve(FarkleRules(), False, players=3)


def test_play_with_house_rules_uses_their_table_and_solution():
    """A game against the coach under a three-dice file without hot dice, where a single
    5 does not score: every throw scored by that table, the hand of three and no hot
    dice, the first hint the solved chance (to 1e-12)."""
    from jeopardy.farkle.play import FarkleMatch
    from jeopardy.farkle.scoring import score_all

    data = _hand("ten-thousand", 3, False, goal=500, min_bank=150,
                 scoring={**PRESETS["ten-thousand"]["scoring"], "single_five": 0})
    rules = house_rules(data).rules
    solution = core.solve(rules)
    match = FarkleMatch(solution, seed=5)
    assert match.dice == 3
    assert match.advice()[0] == pytest.approx(solution.win_probability, abs=1e-12)
    throws = 0
    while match.winner is None and throws < 2000:
        if match.computer_throws():
            before = match.dice
            result = match.throw()
            throws += 1
            assert len(result.faces) == before
            if result.faces:
                assert result.points == score_all(result.faces, rules.scoring)[0]
            assert 5 not in result.set_aside or result.set_aside.count(5) >= 3
            assert result.dice_next in (0, 1, 2)  # never the hand again: hot dice off
        else:
            match.bank()
    assert match.winner is not None and throws > 10
    played = CliRunner().invoke(main, ["play", "--game", "ten-thousand", "--rules",
                                       "docs/examples/three-dice.toml", "--goal", "500",
                                       "--seed", "3", "--hints"], input="t\nq\n")
    assert played.exit_code == 0 and "Farkle (three-dice) to 500" in played.output


def test_simulate_plays_a_house_table():
    """Seeded games under a keep-all house table (three pairs 750, a straight 1,500, a
    single 5 worth nothing, an entry of 500): the simulator's dice scored by that table
    (every throw of 1 to 6 dice), and the first player's share over 40,000 games
    within 4 standard errors of the solved chance."""
    from jeopardy.farkle.simulation import throw_table as simulated, simulate

    data = {**PRESETS["ten-thousand"], "goal": 1000, "entry": 500,
            "scoring": {**PRESETS["ten-thousand"]["scoring"], "three_pairs": 750,
                        "straight": 1500, "single_five": 0}}
    rules = house_rules(data).rules
    points, used = simulated(rules.scoring)
    for n in range(1, 7):
        for counts, _ in throw_counts(n):
            k = sum(6 ** position * (face - 1) for position, face in enumerate(
                face for face, c in enumerate(counts, start=1) for _ in range(c)))
            score, aside = score_counts(counts, rules.scoring)
            assert (points[n, k] * 50, used[n, k]) == (score, aside), counts
    solution = core.solve(rules)
    result = simulate(solution, 40_000, 7)
    assert abs(result.first_player_wins - solution.win_probability) < 4 * result.stderr


SMALL_HANDS = {
    "three-dice-hot-dice-off": {"name": "three", "dice": 3, "hot_dice": False, "min_bank": 150,
                                "goal": 1000},
    "no-minimum-bank": {**PRESETS["neller-busche"], "goal": 500},
    "four-dice-any-part-entry": {"name": "four", "dice": 4, "min_bank": 0, "entry": 300,
                                 "goal": 1000, "set_aside": "choice", "ending": "first-to-goal"},
}


@pytest.mark.parametrize("name", list(SMALL_HANDS))
def test_simulate_plays_small_hands_without_hot_dice_and_without_a_minimum(name):
    """Fewer than six dice, hot dice off, no minimum bank: the package's simulation and
    the oracle's (tests/oracles/farkle_simulation.py: the hand, the turn that banks when
    no die is left, any bank above 0, all from the rules text) play the same 20,000
    games to the last bit, and over 100,000 games the first player's share is within 4
    standard errors (about 0.0016) of the solved chance (measured: -1.44, -0.82 and
    0.18 standard errors)."""
    from jeopardy.farkle import simulation
    from oracles.farkle import ReferenceRules
    from oracles.farkle_policies import Policy
    from oracles.farkle_simulation import simulate as play_games

    house = house_rules(SMALL_HANDS[name])
    rules = house.rules
    solution = core.solve(rules, house.first_to_reach)
    ours = simulation.simulate(solution, 20_000, seed=7)
    oracle_rules = ReferenceRules(goal=rules.goal, min_bank=max(rules.min_bank, 50),
                                  keep_any_part=rules.keep_choice,
                                  first_to_reach=house.first_to_reach)
    policy = Policy(simulation._decide, simulation.policy_data(solution),
                    choose=simulation._choose)
    theirs = play_games(oracle_rules, policy, policy, 20_000, seed=7,
                        scoring=house.to_dict()["scoring"], entry=rules.entry, dice=rules.dice,
                        hot_dice=rules.hot_dice, min_bank=rules.min_bank)
    assert (ours.first_player_wins, ours.stderr) == (theirs.win_probability,
                                                     theirs.standard_error)
    many = simulation.simulate(solution, 100_000, seed=3)
    assert abs(many.first_player_wins - solution.win_probability) < 4 * many.stderr


@pytest.mark.slow
def test_simulate_plays_the_choice_of_a_house_table():
    """``set_aside = "choice"`` (docs/examples/family.toml to 1,000: three pairs 750, a
    straight 1,500, four of a kind and more adding the triple, an entry of 500): the
    package's simulation and the oracle's (tests/oracles/farkle_simulation.py, each
    throw's parts listed and scored from the rules text, asking the solved values which
    to keep) play the same 20,000 games to the last bit; over 60,000 games the first
    player's share is within 4 standard errors of the solved chance (binomial: about
    0.002 at a chance near 0.45)."""
    import tomllib

    from jeopardy.farkle import simulation
    from oracles.farkle import ReferenceRules
    from oracles.farkle_policies import Policy
    from oracles.farkle_simulation import simulate as play_games

    house = read_rules("docs/examples/family.toml")
    rules = dataclasses.replace(house.rules, goal=1000)
    assert rules.keep_choice and rules.entry == 500 and not house.first_to_reach
    solution = core.solve(rules)
    ours = simulation.simulate(solution, 20_000, seed=7)
    with open("docs/examples/family.toml", "rb") as handle:
        scoring = tomllib.load(handle)["scoring"]
    oracle_rules = ReferenceRules(goal=1000, min_bank=rules.min_bank, keep_any_part=True)
    policy = Policy(simulation._decide, simulation.policy_data(solution),
                    choose=simulation._choose)
    theirs = play_games(oracle_rules, policy, policy, 20_000, seed=7, scoring=scoring,
                        entry=500)
    assert (ours.first_player_wins, ours.stderr) == (theirs.win_probability,
                                                     theirs.standard_error)
    many = simulation.simulate(solution, 60_000, seed=3)
    assert abs(many.first_player_wins - solution.win_probability) < 4 * many.stderr


@pytest.mark.slow
def test_farkle_solve_simulates_the_choice_rule():
    """``jeopardy farkle solve --rules FILE --simulate N`` with ``set_aside = "choice"``
    (docs/examples/family.toml to 1,000, as a subprocess): the JSON's simulation is the
    API's seeded simulation of the same solution, game for game, and within 4 standard
    errors of the solved chance it prints beside it."""
    import subprocess
    import sys

    from jeopardy.farkle.simulation import simulate

    done = subprocess.run([sys.executable, "-m", "jeopardy", "farkle", "solve", "--rules",
                           "docs/examples/family.toml", "--goal", "1000", "--simulate", "3000",
                           "--seed", "4", "--json"], capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    rules = dataclasses.replace(read_rules("docs/examples/family.toml").rules, goal=1000)
    solution = core.solve(rules)
    assert data["win_probability"] == pytest.approx(solution.win_probability, abs=1e-13)
    ours = simulate(solution, 3000, 4)
    assert (data["simulation"]["first_player_wins"], data["simulation"]["stderr"]) == \
        (ours.first_player_wins, ours.stderr)
    assert abs(ours.first_player_wins - solution.win_probability) < 4 * ours.stderr


def _scoring_parts(scoring: dict, faces: list[int]) -> dict[tuple[int, ...], int]:
    """Every part of a throw whose dice all score, with its points, from the rules text
    (tests/oracles/farkle_house.py)."""
    import itertools

    parts = {}
    for size in range(1, len(faces) + 1):
        for positions in itertools.combinations(range(len(faces)), size):
            kept = tuple(sorted(faces[p] for p in positions))
            points = twin.set_aside_score(scoring, kept)
            if points:
                parts[kept] = points
    return parts


def _family(goal: int = 1000):
    import tomllib

    with open("docs/examples/family.toml", "rb") as handle:
        scoring = tomllib.load(handle)["scoring"]
    return dataclasses.replace(read_rules("docs/examples/family.toml").rules, goal=goal), scoring


@pytest.mark.slow
def test_play_sets_aside_a_part_of_the_choice():
    """``set_aside = "choice"`` in play (docs/examples/family.toml to 1,000, twelve seeded
    games, the person setting aside random scoring parts, dominated ones too, and
    banking at random): a throw of several parts waits for one; the parts offered are,
    for each number of dice, the most points of a part of the rules text
    (tests/oracles/farkle_house.py); each one's chance is the simulation's value of the
    state it leads to (another path through the solution, to 1e-12); the computer sets
    aside the first part of the highest chance; a part that is not the throw's or does
    not score is refused in one line, and neither a throw nor a bank is taken while a
    part is pending."""
    import random

    from jeopardy.farkle import simulation
    from jeopardy.farkle.play import COMPUTER, FarkleMatch

    rules, scoring = _family()
    solution = core.solve(rules)
    data = simulation.policy_data(solution)
    picker = random.Random(1)
    waited = refused = 0
    for seed in range(12):
        match = FarkleMatch(solution, seed=seed, person_first=seed % 2 == 0)
        moves = 0
        while match.winner is None and moves < 3000:
            moves += 1
            if match.pending is None:
                if match.mover == COMPUTER:
                    throw = match.computer_throws()
                else:
                    throw = not match.may_bank() or picker.random() < 0.6
                match.throw() if throw else match.bank()
                continue
            faces = match.pending
            parts = _scoring_parts(scoring, faces)
            best: dict[int, int] = {}
            for kept, points in parts.items():
                best[len(kept)] = max(best.get(len(kept), 0), points)
            offered = match.part_advice()
            assert sorted((p, len(d)) for d, p, _, _ in offered) == \
                sorted((p, k) for k, p in best.items())
            other = match.target if match.last_turn else match.scores[1 - match.mover]
            for dice, points, left, chance in offered:
                assert parts[tuple(sorted(dice))] == points
                value = simulation._choose(data, 0 if match.first else 1,
                                           match.scores[match.mover], other,
                                           match.turn_total, len(faces), points, len(dice))
                assert chance == pytest.approx(value, abs=1e-12)
            waited += 1
            with pytest.raises(JeopardyError, match="set aside a scoring part"):
                match.bank()
            if match.mover == COMPUTER:
                top = max(chance for _, _, _, chance in offered)
                first_best = next(d for d, _, _, chance in offered if chance == top)
                assert match.computer_part() == first_best
                match.set_aside(match.computer_part())
                continue
            losers = [face for face in faces if face not in (1, 5)]
            if losers and picker.random() < 0.2:
                with pytest.raises(JeopardyError, match="not a scoring part") as error:
                    match.set_aside([losers[0]])
                assert "\n" not in str(error.value)
                refused += 1
            with pytest.raises(JeopardyError, match="does not hold"):
                match.set_aside(faces + [1])
            kept = picker.choice(sorted(parts))
            before = match.turn_total
            result = match.set_aside(list(kept))
            assert result.points == parts[kept] and result.set_aside == list(kept)
            assert match.turn_total == before + parts[kept]  # no exact goal: the turn goes on
        assert match.winner is not None
    assert waited > 50 and refused > 3, (waited, refused)



@pytest.mark.slow
def test_play_command_asks_which_dice_to_set_aside():
    """``jeopardy play --game ten-thousand --rules docs/examples/family.toml --goal 1000
    --hints`` as a subprocess, answers on standard input: each throw of several parts
    lists them with their points and chances and asks which dice to set aside; a word,
    dice the throw does not hold and dice that do not all score each get one line and
    the question again; every part set aside, the computer's too, and the result are
    those of the same seeded game played on the engine (FarkleMatch, whose parts and
    chances test_play_sets_aside_a_part_of_the_choice checks against the rules text)."""
    import subprocess
    import sys

    from jeopardy.farkle.play import PERSON, FarkleMatch
    from jeopardy.farkle.scoring import kept_score

    rules, _ = _family()
    match = FarkleMatch(core.solve(rules), seed=3)
    answers, expected, wrong = [], [], []
    while match.winner is None:
        if match.pending is None:
            if match.mover == PERSON:
                bank = match.may_bank()
                answers.append("b" if bank else "t")
            else:
                bank = not match.computer_throws()
            match.bank() if bank else match.throw()
            continue
        faces = match.pending
        if match.mover == PERSON:
            expected += [f"  set aside {' '.join(map(str, d))}: {p} points, turn total "
                         f"{match.turn_total + p}, {n} dice to throw   P(win) {c:.4f}"
                         for d, p, n, c in match.part_advice()]
            if not wrong:
                losers = [f for f in faces if kept_score(tuple(int(g == f) for g in
                                                               range(1, 7)), rules.scoring) is None]
                wrong = ["x", "6 6 6 6 6 6 6"] + [str(f) for f in losers[:1]]
                answers += wrong
            dice = match.part_advice()[-1][0]  # the part of the most dice
            answers.append(" ".join(map(str, dice)))
            who = "you set"
        else:
            dice = match.computer_part()
            who = "computer sets"
        kept = match.set_aside(dice)
        expected.append(f"  {who} aside {' '.join(map(str, kept.set_aside))}: {kept.points} "
                        f"points, turn total {match.turn_total}; {kept.rest()}")
    outcome = {0: "you win", 1: "the computer wins", 0.5: "a tie"}[match.winner]
    done = subprocess.run([sys.executable, "-m", "jeopardy", "play", "--game", "ten-thousand",
                           "--rules", "docs/examples/family.toml", "--goal", "1000", "--seed",
                           "3", "--hints"], input="\n".join(answers) + "\n",
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    kept_lines = ("  set aside ", "  you set aside ", "  computer sets aside ")
    assert [line for line in lines if line.startswith(kept_lines)] == expected
    assert lines[-1] == f"{outcome}: {match.scores[0]} to {match.scores[1]}"
    assert len(wrong) == 3  # the first throw of several parts held a die that cannot score
    asked = [line for line in lines if line.startswith("which dice do you set aside?")]
    assert asked[:3] == [f"which dice do you set aside? [faces/q] {w}" for w in wrong]
    problems = [line for line in lines if line.startswith("  please answer the faces")
                or "does not hold" in line or "is not a scoring part" in line]
    assert len(problems) == 3 and "does not hold 6 6 6 6 6 6 6" in problems[1]
    assert f"{wrong[2]} is not a scoring part" in problems[2]


@pytest.mark.parametrize("ending", ["first-to-goal", "equal-turns"])
def test_parts_are_dropped_only_where_the_proof_holds(ending):
    """Under IV.4 a part of as many dice and fewer points is dropped only for two players
    without IV.2 and IV.3 (:meth:`FarkleRules.every_part`'s proof).  There the game with
    every part offered has the same values (family.toml to 1,000, a full hand; measured
    0 to 5.6e-16); IV.2, IV.3 and three players offer every part."""
    from jeopardy.match import process_solver

    rules = dataclasses.replace(read_rules(SEED_FILE.parent / "family.toml").rules, goal=1000)
    assert not rules.every_part() and rules.every_part(3)
    assert dataclasses.replace(rules, exact_goal=True).every_part()
    assert dataclasses.replace(rules, entry=0, high_min_bank=500).every_part()
    assert not dataclasses.replace(rules, keep_choice=False).every_part(3)
    assert dataclasses.replace(rules, entry=0, continue_position=True).every_part()
    dropped, every = core.turn_process(rules), core.turn_process(rules, players=3)
    count = [int(process.arrays().choice_offsets[-1]) for process in (dropped, every)]
    assert count[0] < count[1]
    values = [process_solver.solve(process, rules.goal // core.UNIT, 2, ending).values
              for process in (dropped, every)]
    assert abs(values[0] - values[1]).max() < 1e-12


def test_the_coach_refuses_a_solution_of_more_than_two_players():
    """The coach plays one person against the computer; a three-player solution (its
    parts and tables are not a two-player game's) is refused in one line."""
    from jeopardy.farkle.play import FarkleMatch

    rules = dataclasses.replace(rules_named("neller-busche").rules, goal=300)
    solution = core.solve(rules, True, players=3)
    with pytest.raises(JeopardyError, match="two players; this solution has 3"):
        FarkleMatch(solution)


def _command(*args: str, cwd=None, input: str | None = None):
    """A command as a user runs it (a subprocess: what it prints is what a user sees)."""
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "jeopardy", *args], capture_output=True,
                          text=True, timeout=300, cwd=cwd, input=input)


def _refused(done, *words: str) -> None:
    assert done.returncode == 2 and done.stdout == "", (done.returncode, done.stdout)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    for word in words:
        assert word in lines[0], lines[0]


def test_a_table_whose_throw_scores_past_the_bound_is_refused_in_one_line(tmp_path):
    """A rules file's points feed the turn's and the round ending's tables: a straight of
    10^20 gave a traceback (an array too big), one of 200,000 a round ending of minutes
    with no estimate.  A key past MAX_THROW_POINTS, or a table whose best throw scores
    past it (three of a kind worth 1,000 a face: six 6s doubled, 48,000), is refused in
    one line naming it, before any work; the bound itself is solved."""
    from jeopardy.farkle.turn import MAX_THROW_POINTS

    (tmp_path / "huge.toml").write_text("[scoring]\nstraight = 100000000000000000000\n")
    (tmp_path / "kind.toml").write_text("[scoring]\nthree_of_a_kind = 1000\n")
    (tmp_path / "bound.toml").write_text(f"[scoring]\nstraight = {MAX_THROW_POINTS}\n")
    for command in ("turn", "solve"):
        _refused(_command("farkle", command, "--rules", "huge.toml", cwd=tmp_path),
                 "scoring.straight", f"{MAX_THROW_POINTS:,}")
        _refused(_command("farkle", command, "--rules", "kind.toml", cwd=tmp_path),
                 "48,000", f"{MAX_THROW_POINTS:,}")
    done = _command("farkle", "solve", "--rules", "bound.toml", "--goal", "1000", "--json",
                    cwd=tmp_path)
    assert done.returncode == 0 and json.loads(done.stdout)["converged"], done.stderr


def test_the_first_bank_turn_is_estimated_before_work(monkeypatch):
    """An entry minimum makes the turn's table reach it as a least bank does: a goal of
    10^9 with an entry of 9 * 10^8 ran past two minutes without a word; its estimate now
    refuses it at once, naming the largest least bank that fits (here under a budget of
    0.7 s, which the same rules without the entry fit)."""
    from jeopardy import resources

    monkeypatch.setenv("JEOPARDY_TIME_LIMIT", "0.7")  # a least bank of 100,000 is past it
    rules = FarkleRules(goal=200_000, entry=100_000)
    with pytest.raises(JeopardyError, match="the largest that fits is"):
        solve_turn(rules)
    assert resources.fits(resources.estimate("farkle_turn", min_bank=rules.min_bank))


def test_options_that_would_change_nothing_or_are_mislabelled_are_refused(tmp_path):
    """Rule IV.2 on one turn (a player at 0: it never applies), a high minimum not above
    the minimum, a high score at or past the goal or off the 50-point grid, and
    `--simulate 0`, were accepted and ignored; each is refused in one line."""
    _refused(_command("farkle", "turn", "--high-min-bank", "500"), "IV.2", "farkle solve")
    _refused(_command("farkle", "solve", "--goal", "1000", "--high-min-bank", "200"),
             "--high-min-bank 200", "--min-bank")
    _refused(_command("farkle", "solve", "--goal", "1000", "--high-min-bank", "500",
                      "--high-score", "5000"), "--high-score 5,000", "goal")
    _refused(_command("farkle", "solve", "--goal", "1000", "--high-min-bank", "500",
                      "--high-score", "525"), "--high-score", "multiple of 50")
    _refused(_command("farkle", "solve", "--goal", "1000", "--simulate", "0"), "--simulate")
    with pytest.raises(JeopardyError, match="high_score must be a non-negative multiple of 50"):
        FarkleRules(high_min_bank=500, high_score=525)  # the API's rules check it, not only the CLI


def test_stopping_and_solve_json_name_the_rules_they_used():
    """`farkle stopping --rules facebook --json` said "ten-thousand" over Facebook's
    numbers; `farkle solve --json` left out the entry minimum its text shows."""
    done = _command("farkle", "stopping", "--rules", "facebook", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["game"] == "facebook"
    done = _command("farkle", "solve", "--rules", "reference-com", "--goal", "1000", "--json")
    data = json.loads(done.stdout)
    assert done.returncode == 0 and data["entry"] == preset("reference-com").rules.entry > 0
    # the rules the numbers depend on, in a rules file's keys: a house table read back
    table = preset("reference-com").rules
    assert (data["dice"], data["hot_dice"]) == (table.dice, table.hot_dice)
    assert data["scoring"] == preset("reference-com").to_dict()["scoring"]
    assert data["scoring"] != preset("ten-thousand").to_dict()["scoring"]


def test_a_rules_file_saved_with_a_byte_order_mark_reads_as_without(tmp_path):
    """Windows editors start a UTF-8 file with a byte-order mark: TOML's parser read it as
    text ('Invalid statement (at line 1, column 1)').  The mark is dropped on reading."""
    text = 'name = "marked"\nmin_bank = 300\n'
    (tmp_path / "plain.toml").write_text(text, encoding="utf-8")
    (tmp_path / "marked.toml").write_text(text, encoding="utf-8-sig")
    assert (tmp_path / "marked.toml").read_bytes().startswith(b"\xef\xbb\xbf")
    assert read_rules(tmp_path / "marked.toml") == read_rules(tmp_path / "plain.toml")
    done = _command("farkle", "turn", "--rules", "marked.toml", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["expected"] == pytest.approx(
        solve_turn(FarkleRules(min_bank=300)).expected, abs=1e-12)


SMALL_PENALTY = {"name": "pen", "dice": 2, "goal": 500, "ending": "first-to-goal",
                 "min_bank": 0, "hot_dice": False,
                 "penalty": {"farkles": 2, "points": 100, "floor": -200}}
SMALL_ENTRY = {"name": "three", "dice": 3, "goal": 800, "ending": "equal-turns",
               "min_bank": 150, "entry": 300, "hot_dice": True, "set_aside": "choice",
               "scoring": {"single_five": 100, "three_of_a_kind": 150, "n_of_a_kind": "flat"}}


def _toml(path: Path, rules: dict) -> Path:
    lines = []
    for key, value in rules.items():
        if not isinstance(value, dict):
            lines.append(f"{key} = {json.dumps(value)}")
    for key, value in rules.items():
        if isinstance(value, dict):
            lines += [f"[{key}]"] + [f"{k} = {json.dumps(v)}" for k, v in value.items()]
    path.write_text("\n".join(lines) + "\n")
    return path


def test_the_facade_plays_the_house_rules_the_commands_play(tmp_path):
    """A new user's finds: Game(rules).turn() gave a player's first bank under an entry
    minimum, labelled min_bank 0 (`farkle turn` shows the turn on the board); a [penalty]
    and three players were refused in Python though `farkle solve` solves them; a goal
    below the least bank was taken; certify named a condition the game met."""
    import jeopardy as jp

    def cli(*args):
        done = _command(*args, "--json")
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    shown = cli("farkle", "turn", "--rules", "reference-com")
    game = jp.Game("reference-com")
    assert game.turn().expected == shown["expected"]  # 542.0632, on the board
    first = game.turn(banked=0)
    assert first.expected == shown["entry"]["expected"]  # 510.1953, the first bank
    assert first.to_dict()["min_bank"] == shown["entry"]["minimum"] == 500
    penalty = _toml(tmp_path / "pen.toml", SMALL_PENALTY)
    assert jp.Game(SMALL_PENALTY).solve().win_probability == \
        cli("farkle", "solve", "--rules", str(penalty))["win_probability"]
    three = _toml(tmp_path / "three.toml", SMALL_ENTRY)
    assert jp.Game(SMALL_ENTRY, goal=500, players=3).solve().win_probabilities == \
        cli("farkle", "solve", "--rules", str(three), "--goal", "500",
            "--players", "3")["win_probabilities"]
    with pytest.raises(JeopardyError, match=r"goal 200 is below the rules' min_bank \(300\)"):
        jp.Game({"min_bank": 300, "goal": 1000}, goal=200)
    with pytest.raises(JeopardyError, match="certify plays roll-model games"):
        jp.Game("ten-thousand", goal=1000, ending="first-to-goal").certify()
    with pytest.raises(JeopardyError, match="the penalty is solved for two players"):
        jp.Game(SMALL_PENALTY, players=3)
    with pytest.raises(JeopardyError, match=r"goal 200 is below the rules' min_bank \(300\)"):
        jp.Game(FarkleRules(min_bank=300, goal=200))  # the rules' own goal too
    # the one check (FarkleRules.bank_past), in the command's words: --goal under the entry
    _refused(_command("farkle", "solve", "--rules", "reference-com", "--goal", "400"),
             "--goal 400 is below the rules' entry (500)")
    # refused before anything is solved (a 3-player table has no head start to read; the
    # penalty's solution is not the race's)
    with pytest.raises(JeopardyError, match="one head start between two players; the game "
                                            "has 3"):
        jp.Game(SMALL_ENTRY, goal=500, players=3).fairness()
    with pytest.raises(JeopardyError, match="without the penalty; this game has one"):
        jp.Game(SMALL_PENALTY).fairness()
    with pytest.raises(JeopardyError, match=r"solve\(\) takes no first_to_reach: the game's "
                                            "ending decides it"):
        game.solve(first_to_reach=True)


def test_play_solve_and_policy_options_take_effect_or_are_refused(tmp_path):
    """A new user's finds: `play --ending first-to-goal` (Ten Thousand) and `play --seat 2`
    (two players) were ignored; --second said "You are player 1"; `farkle solve --seed`
    without --simulate was taken; `farkle policy --second` on a first-to-goal solution
    printed a round the game has not; refusals that named no flag."""
    def header(*args):
        done = _command("play", *args, "--seed", "1", input="quit\n")
        assert done.returncode == 0, done.stderr
        return done.stdout.splitlines()[0]

    assert "first to bank the goal wins). You are player 1" in header(
        "--game", "ten-thousand", "--goal", "1000", "--ending", "first-to-goal")
    assert "gives the second one last turn). You are player 2" in header(
        "--game", "ten-thousand", "--goal", "1000", "--seat", "2")
    assert "gives the second one last turn). You are player 2" in header(
        "--game", "ten-thousand", "--goal", "1000", "--ending", "equal-turns", "--seat", "2")
    _refused(_command("play", "--game", "pig", "--second", "--seat", "1"),
             "--second and --seat 1 contradict")
    three = _toml(tmp_path / "three.toml", SMALL_ENTRY)
    assert "(minimum bank 150, first bank at least 300; first to bank the goal wins)" in \
        header("--game", "ten-thousand", "--rules", str(three), "--ending", "first-to-goal")
    assert header("--game", "pig", "--goal", "20", "--seat", "2") == \
        header("--game", "pig", "--goal", "20", "--second") == \
        "pig to 20. You are player 2; the computer plays optimally."
    _refused(_command("play", "--game", "pig", "--goal", "20", "--seat", "3"),
             "--seat must be 1 or 2 for two players")
    _refused(_command("play", "--game", "ten-thousand", "--ending", "equal-turns",
                      "--first-to-reach"), "--first-to-reach and --ending equal-turns contradict")
    _refused(_command("farkle", "solve", "--goal", "500", "--seed", "5"),
             "--seed applies only with --simulate")
    saved = tmp_path / "two.npz"
    assert _command("farkle", "solve", "--goal", "500", "--first-to-reach", "--out",
                    str(saved)).returncode == 0
    policy = _command("farkle", "policy", "--solution", str(saved), "--score", "100",
                      "--opponent", "200")
    assert policy.stdout.splitlines()[0] == "score 100 against 200:"
    _refused(_command("farkle", "policy", "--solution", str(saved), "--score", "100",
                      "--opponent", "200", "--second"),
             "--second applies only to a solution of the round ending")
    _refused(_command("farkle", "policy", "--solution", str(saved), "--score", "30",
                      "--opponent", "200"), "--score must be a multiple of 50 in 0..450; got 30")
    _refused(_command("farkle", "score", "--rules", str(three)),
             "a throw of these rules has 1 to 3 dice; got 0")
    _refused(_command("farkle", "turn", "--exact-goal"), "--exact-goal (rule IV.3) concerns")
