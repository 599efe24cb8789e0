"""Roll models: construction, presets and validation."""
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from jeopardy.errors import JeopardyError
from jeopardy.rules import (PRESETS, Effect, add, bank, bust, bust_all, dice_game, game, load,
                            roll_model)
from jeopardy.rules.presets import pass_the_pigs


def _throws(*dice):
    """Every equally likely throw of the dice, as a tuple of faces."""
    import itertools

    return list(itertools.product(*dice))


def _from_rules(throws, rule, weight=lambda t: 1):
    """The exact distribution of effects, counted throw by throw (each ``weight`` times)."""
    from collections import Counter

    counts = Counter()
    for t in throws:
        counts[rule(t)] += weight(t)
    total = sum(weight(t) for t in throws)
    return {effect: Fraction(n, total) for effect, n in counts.items() if n}


def _two_d6(a, b, ones, doubles, otherwise):
    if a == b == 1:
        return ones
    if a == 1 or b == 1:
        return bust
    return doubles(a + b) if a == b else otherwise(a, b)


D6 = range(1, 7)
# Each preset's rules as docs/games.md states them, one throw at a time; shares
# nothing with jeopardy.rules but the effect names.
RULES_TEXT = {
    "pig": lambda: _from_rules(_throws(D6), lambda t: bust if t[0] == 1 else add(t[0])),
    "piglet": lambda: _from_rules(_throws("HT"), lambda t: add(1) if t[0] == "H" else bust),
    "linux-magazin": lambda: _from_rules(_throws(D6), lambda t: bust if t[0] == 6 else add(t[0])),
    **{name: (lambda: _from_rules(_throws(D6, D6), lambda t: _two_d6(
        *t, bust_all, lambda s: add(s), lambda a, b: add(a + b))))
       for name in ("two-dice-pig", "think", "skunk")},
    "big-pig": lambda: _from_rules(_throws(D6, D6), lambda t: _two_d6(
        *t, add(25), lambda s: add(2 * s), lambda a, b: add(a + b))),
    "frey-pig": lambda: _from_rules(_throws(D6, D6), lambda t: _two_d6(
        *t, bank(25), lambda s: add(2 * s), lambda a, b: add(a + b))),
    "piggy": lambda: _from_rules(_throws(D6, D6),
                                 lambda t: bust if t[0] == t[1] else add(t[0] + t[1])),
    "piggy-sicherman": lambda: _from_rules(_throws((1, 2, 2, 3, 3, 4), (1, 3, 4, 5, 6, 8)),
                                           lambda t: bust if t[0] == t[1] else add(t[0] + t[1])),
    "shi": lambda: _from_rules(_throws(D6, D6),
                               lambda t: bust if 1 in t else add(t[0] * t[1])),
    # Boyan: "a roll of 1 ends the turn with a one-point gain" (the turn total is lost)
    "boyan": lambda: _from_rules(_throws(D6),
                                 lambda t: Effect("bust_gain", 1) if t[0] == 1 else add(t[0])),
}


def _pigs(counts, oinkers=0):
    """Pass the Pigs' scoring from the rules text, pig by pig, with recorded counts."""
    score = {"razorback": 5, "trotter": 5, "snouter": 10, "leaning jowler": 15}
    counts = {**counts, "oinker": oinkers}

    def rule(t):
        a, b = t
        if "oinker" in t:
            return bust_all
        sides = {"right side", "left side"}
        if a in sides and b in sides:
            return add(1) if a == b else bust
        if a in sides or b in sides:
            return add(score[b if a in sides else a])
        if a == b:
            return add(4 * score[a])
        return add(score[a] + score[b])

    return _from_rules(_throws(counts, counts), rule, lambda t: counts[t[0]] * counts[t[1]])


RULES_TEXT["pass-the-pigs"] = lambda: _pigs({"right side": 1344, "left side": 1294,
                                             "razorback": 767, "trotter": 365, "snouter": 137,
                                             "leaning jowler": 32})
RULES_TEXT["pigmania"] = lambda: _pigs({"right side": 593, "left side": 622, "razorback": 112,
                                        "trotter": 76, "snouter": 27, "leaning jowler": 2}, 3)


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_is_its_rules_text(name):
    """Each preset's whole distribution, against a throw-by-throw count of its rules."""
    assert name in RULES_TEXT, f"preset {name!r} has no rules-text twin in this test"
    assert dict(game(name).outcomes) == RULES_TEXT[name]()


@pytest.mark.parametrize("name, effect, probability", [
    pytest.param("pig", bust, "1/6", id="pig-1-busts"),
    pytest.param("pig", add(6), "1/6", id="pig-6-adds-6"),
    pytest.param("piglet", add(1), "1/2", id="piglet-heads"),
    pytest.param("linux-magazin", add(1), "1/6", id="linux-magazin-1-adds"),
    pytest.param("linux-magazin", bust, "1/6", id="linux-magazin-6-busts"),
    pytest.param("two-dice-pig", bust_all, "1/36", id="two-dice-double-ones"),
    pytest.param("two-dice-pig", bust, "10/36", id="two-dice-single-one"),
    pytest.param("two-dice-pig", add(8), "5/36", id="two-dice-eight"),
    pytest.param("big-pig", add(25), "1/36", id="big-pig-double-ones-continue"),
    pytest.param("frey-pig", bank(25), "1/36", id="frey-double-ones-bank"),
    pytest.param("big-pig", add(24), "1/36", id="big-pig-double-sixes"),
    pytest.param("piggy", bust, "6/36", id="piggy-doubles"),
    pytest.param("piggy-sicherman", bust, "4/36", id="sicherman-doubles-rarer"),
    pytest.param("pass-the-pigs", add(60), Fraction(32 * 32, 3939 ** 2), id="double-leaning-jowler"),
    pytest.param("pass-the-pigs", bust, Fraction(2 * 1344 * 1294, 3939 ** 2), id="pig-out"),
    # Shi: any 1 busts (double 1s too: 11 of 36 throws); 2 x 2 = 4 adds 4, 3 x 4 adds 12.
    pytest.param("shi", bust, "11/36", id="shi-any-one-busts"),
    pytest.param("shi", add(4), "1/36", id="shi-double-twos-product"),
    pytest.param("shi", add(12), "4/36", id="shi-twelve-from-2x6-and-3x4"),
    pytest.param("shi", add(36), "1/36", id="shi-double-sixes"),
    # PigMania (Bellhouse): a roll is an oinker when either pig is (3 of 1,435 each).
    pytest.param("pigmania", bust_all, 1 - Fraction(1432, 1435) ** 2, id="pigmania-oinker"),
    pytest.param("pigmania", bust, Fraction(2 * 593 * 622, 1435 ** 2), id="pigmania-pig-out"),
    pytest.param("pigmania", add(60), Fraction(2 * 2, 1435 ** 2), id="pigmania-double-jowler"),
])
def test_preset_probabilities(name, effect, probability):
    model = game(name)
    assert dict(model.outcomes)[effect] == Fraction(probability)


def test_sicherman_sums_match_standard_dice():
    """Sicherman dice have the standard distribution of sums (Gardner)."""
    from jeopardy.rules import SICHERMAN_DICE, from_dice, standard_die
    sums = lambda dice: from_dice("s", dice, lambda t: add(sum(t)) if sum(t) != 2 else bust)
    assert sums(list(SICHERMAN_DICE)).outcomes == sums([standard_die(6)] * 2).outcomes


def test_bad_face_option_builds_the_linux_magazin_die():
    assert game("pig", bad_face=6).outcomes == game("linux-magazin").outcomes
    assert game("pig", faces=8).probability("bust") == Fraction(1, 8)
    # the smallest die the option takes: two faces, a 1 busts and a 2 adds 2
    assert dict(game("pig", faces=2).outcomes) == {bust: Fraction(1, 2), add(2): Fraction(1, 2)}


@pytest.mark.parametrize("table, message", [
    pytest.param({add(2): "1/2", bust: "1/3"}, "sum to 5/6", id="not-summing-to-one"),
    pytest.param({add(-2): "1/2", bust: "1/2"}, "negative points", id="negative-points"),
    pytest.param({add(2): "1/2", add(3): "1/2"}, "never ends", id="turn-never-ends"),
    pytest.param({add(0): "1/2", bust: "1/2"}, "never be won", id="never-won"),
    pytest.param({add(2): "3/2", bust: "-1/2"}, "outside [0, 1]", id="probability-out-of-range"),
])
def test_invalid_models_are_refused(table, message):
    with pytest.raises(JeopardyError, match=message.replace("[", r"\[").replace("]", r"\]")):
        roll_model("bad", table)


def test_floats_are_refused_as_probabilities():
    with pytest.raises(JeopardyError, match="float"):
        roll_model("bad", {add(2): 0.5, bust: "1/2"})


@pytest.mark.parametrize("kwargs, message", [
    pytest.param(dict(faces=6, bad_faces=(7,)), "not a face", id="bad-face-off-die"),
    pytest.param(dict(faces=1), "faces must be in 2-", id="one-faced-die"),
    pytest.param(dict(dice=0), "dice must be in 1-", id="no-dice"),
])
def test_dice_game_validation(kwargs, message):
    with pytest.raises(JeopardyError, match=message):
        dice_game(**kwargs)


def test_unknown_game_and_options():
    with pytest.raises(JeopardyError, match="unknown game"):
        game("monopoly")
    with pytest.raises(JeopardyError, match="one-die"):
        game("two-dice-pig", bad_face=6)
    with pytest.raises(JeopardyError, match="face of the d6"):
        game("pig", bad_face=7)


def test_json_round_trip(tmp_path):
    model = game("frey-pig")
    path = tmp_path / "frey.json"
    path.write_text(model.to_json())
    assert load(path).outcomes == model.outcomes


@pytest.mark.parametrize("content, message", [
    pytest.param("{not json", "not JSON", id="malformed-json"),
    pytest.param('{"outcomes": 3}', "list 'outcomes'", id="no-outcome-list"),
    pytest.param('{"outcomes": [{"effect": "explode", "probability": "1"}]}', "unknown effect",
                 id="unknown-effect"),
    pytest.param('{"outcomes": [{"effect": "add", "points": 2, "probability": "x"}]}',
                 "not a number", id="bad-probability"),
])
def test_malformed_model_files(tmp_path, content, message):
    path = tmp_path / "m.json"
    path.write_text(content)
    with pytest.raises(JeopardyError, match=message):
        load(path)


def test_unreadable_model_file(tmp_path):
    with pytest.raises(JeopardyError, match="cannot read"):
        load(tmp_path / "missing.json")


def test_oinker_makes_pass_the_pigs_lose_everything():
    model = pass_the_pigs(Fraction(3, 1435))
    assert model.probability("bust_all") == Fraction(3, 1435)
    assert sum(p for _, p in model.outcomes) == 1


@given(st.integers(2, 10), st.integers(1, 3), st.data())
def test_dice_games_are_distributions(faces, dice, data):
    bad = data.draw(st.sets(st.integers(1, faces), min_size=1, max_size=faces - 1))
    model = dice_game(faces, dice, tuple(bad), all_bad=data.draw(st.sampled_from(["bust", "bust_all"])))
    assert sum(p for _, p in model.outcomes) == 1
    assert model.probability("bust") + model.probability("bust_all") == 1 - Fraction(
        faces - len(bad), faces) ** dice


def test_two_pigs_rule_matches_pass_the_pigs():
    """The PigMania builder with Ballard's counts and no oinkers is Pass the Pigs."""
    from jeopardy.rules.presets import PIG_POSITIONS, _two_pigs

    model = _two_pigs("x", PIG_POSITIONS, 3939, "")
    assert model.outcomes == pass_the_pigs().outcomes


def test_fixed_turn_presets_know_their_turns():
    from jeopardy.rules.presets import default_turns

    assert default_turns("skunk") == 5 and default_turns("shi") == 6
    assert default_turns("pig") == 5  # not a fixed-turns game: the fallback


def test_the_arrays_the_kernels_read_use_the_kernels_codes():
    """Effect codes, points and probabilities as the numba kernels decode them:
    the codes are the Kind values (0 add, 1 bust, 2 bust_all, 3 bank, 4 double,
    5 bust_gain, 6 subtract)."""
    from jeopardy.rules import bust_gain, double, subtract

    model = roll_model("every effect", {add(2): "1/5", bust: "1/10", bust_all: "1/10",
                                        bank(3): "1/5", double: "1/10", bust_gain(1): "1/10",
                                        subtract(2): "1/5"})
    kinds, points, probs = model.arrays()
    codes = {"add": 0, "bust": 1, "bust_all": 2, "bank": 3, "double": 4, "bust_gain": 5,
             "subtract": 6}
    assert [int(k) for k in kinds] == [codes[str(e).split()[0]] for e, _ in model.outcomes]
    assert [int(n) for n in points] == [e.points for e, _ in model.outcomes]
    assert list(probs) == [float(p) for _, p in model.outcomes]
    assert model.arrays() is model.arrays()  # built once


def test_dice_game_defaults_are_pig():
    """One d6, a 1 busts: the defaults of dice_game are Pig's die."""
    assert dict(dice_game().outcomes) == {bust: Fraction(1, 6),
                                          **{add(n): Fraction(1, 6) for n in range(2, 7)}}


def test_additions_are_the_seeds_r_of_x():
    """The points a roll adds with the turn going on (the puzzle seed's r(x)):
    a d6 adds 2..6, each 1/6; a bust adds nothing."""
    assert game("pig").additions() == {n: Fraction(1, 6) for n in range(2, 7)}
    assert game("piglet").additions() == {1: Fraction(1, 2)}


# Each preset's goal as its rules text states it: Neller & Presser (Pig, two-dice Pig and
# Parker Brothers' Pig Dice to 100 points, Piglet to 10, Boyan's Pig "differs only" in the 1),
# the Linux Magazin blog (``win <- 50``), and docs/games.md for the others (every race to 100).
GOALS = {"pig": 100, "piglet": 10, "linux-magazin": 50, "boyan": 100, "two-dice-pig": 100,
         "think": 100, "skunk": 100, "big-pig": 100, "frey-pig": 100, "piggy": 100,
         "piggy-sicherman": 100, "pass-the-pigs": 100, "pigmania": 100, "shi": 100,
         "parker-brothers": 100}
# The dice a preset shares with another (THINK and SKUNK are two-dice Pig's); Linux Magazin's
# die is Pig's built with a bad face 6, named as such.
SAME_DICE = {"think": "two-dice-pig", "skunk": "two-dice-pig", "linux-magazin": "pig d6 bad 6"}


@pytest.mark.parametrize("name", list(GOALS))
def test_every_preset_plays_to_its_rules_goal_under_its_own_name(name):
    from jeopardy.rules.presets import FALLING_PRESETS

    preset = {**PRESETS, **FALLING_PRESETS}[name]
    assert set(GOALS) == set(PRESETS) | set(FALLING_PRESETS)
    assert preset.goal == GOALS[name]
    assert preset.build().name == SAME_DICE.get(name, name)


def test_a_model_from_dice_is_named_and_described_as_asked():
    from jeopardy.rules import from_dice, standard_die

    coin = lambda throw: add(1) if throw[0] == 2 else bust
    assert (from_dice("c", [(1, 2)], coin).name, from_dice("c", [(1, 2)], coin).description) \
        == ("c", "")
    assert from_dice("c", [standard_die(2)], coin, "a coin").description == "a coin"
