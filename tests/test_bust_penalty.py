"""Busts in a row in the match state (issue 29: Farkle's three-farkle penalty), against a
reference written from the rules (tests/oracles/bust_penalty.py): explicit states with
both players' counters, plain iteration; agreement to 1e-10 on small goals."""
import dataclasses
import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from jeopardy.cli.main import cli as main
from jeopardy.errors import JeopardyError
from jeopardy.farkle import penalty
from jeopardy.farkle.core import turn_process
from jeopardy.farkle.house import PRESETS, preset
from jeopardy.match import counters
from jeopardy.rules.turn_process import TurnProcess
from oracles import bust_penalty as reference

PIG = TurnProcess("pig", ("roll",), 0, (((Fraction(1, 6), ()),) + tuple(
    (Fraction(1, 6), ((face, 0),)) for face in range(2, 7)),), (True,))

ROOT = Path(__file__).resolve().parent.parent


def _largest_gap(ours, theirs, unit=1):
    return max(abs(value - ours.value(mine // unit, a, other // unit, b))
               for (mine, a, other, b), value in theirs.items())


@pytest.mark.parametrize("goal, limit, points, floor", [
    pytest.param(10, 2, 4, -4, id="two-busts-lose-4"),
    pytest.param(8, 3, 5, -3, id="three-busts-past-the-floor"),
    pytest.param(8, 1, 2, 0, id="every-bust-floor-0"),
])
def test_pig_with_busts_in_a_row_agrees_with_the_reference(goal, limit, points, floor):
    ours = counters.solve(PIG, goal, counters.BustPenalty(limit, points, floor))
    theirs = reference.solve(reference.pig_throws(), 0, goal, lambda score: 0, limit, points,
                             floor, 1, tolerance=1e-14)
    assert ours.converged and ours.max_residual < 1e-12
    assert _largest_gap(ours, theirs) < 1e-10
    # the penalty matters: without it (no points lost) the chances differ
    free = counters.solve(PIG, goal, counters.BustPenalty(limit, 0, floor))
    assert abs(free.values - ours.values).max() > 1e-3


def test_more_busts_in_a_row_than_one_block_of_counters():
    # the turn kernel keeps the counters in blocks of four: five counters fill a second
    # block, which must be solved as the first
    assert counters.LANES == 4
    ours = counters.solve(PIG, 6, counters.BustPenalty(5, 2, -2))
    theirs = reference.solve(reference.pig_throws(), 0, 6, lambda score: 0, 5, 2, -2, 1,
                             tolerance=1e-14)
    assert ours.converged
    assert _largest_gap(ours, theirs) < 1e-10


# A turn with a choice of no points to an earlier state (as Fast Pig's): a player
# starts with two risky dice and may, on half the throws, drop to one safe die for no
# points; the recorded exits must pass that mass on (they walk the states downward).
SHED = TurnProcess("shed", ("one", "two"), 1, (
    ((Fraction(1, 6), ()), (Fraction(5, 6), ((3, 0),))),
    ((Fraction(1, 2), ()), (Fraction(1, 2), ((0, 0), (1, 1)))),
), (True, True))
SHED_THROWS = {0: [(1 / 6, []), (5 / 6, [(3, 0)])],
               1: [(1 / 2, []), (1 / 2, [(0, 0), (1, 1)])]}


def test_a_choice_of_no_points_to_an_earlier_state_agrees_with_the_reference():
    ours = counters.solve(SHED, 8, counters.BustPenalty(2, 3, -3))
    theirs = reference.solve(SHED_THROWS, 1, 8, lambda score: 0, 2, 3, -3, 1, tolerance=1e-14)
    assert ours.converged and ours.max_residual < 1e-12
    assert _largest_gap(ours, theirs) < 1e-10


def _farkle(goal, min_bank, **changes):
    rules = dataclasses.replace(preset("facebook").rules, goal=goal, min_bank=min_bank,
                                **changes)
    data = dict(PRESETS["facebook"], goal=goal, min_bank=min_bank)
    return rules, data


@pytest.mark.parametrize("limit, points, floor, high", [
    pytest.param(2, 100, -100, None, id="two-farkles-lose-100"),
    pytest.param(1, 150, -100, None, id="every-farkle-past-the-floor"),
    pytest.param(2, 100, -100, (150, 0), id="score-dependent-minimum"),
])
def test_farkle_with_the_penalty_agrees_with_the_reference(limit, points, floor, high):
    changes = {} if high is None else {"high_min_bank": high[0], "high_score": high[1]}
    rules, data = _farkle(250, 50, **changes)
    ours = counters.solve(turn_process(rules), 5, counters.BustPenalty(limit, points // 50,
                                                                       floor // 50))

    def minimum(score):
        return high[0] if high is not None and score > high[1] else 50

    theirs = reference.solve(reference.farkle_throws(data), 6, 250, minimum, limit, points,
                             floor, 50, tolerance=1e-13)
    assert ours.converged
    assert _largest_gap(ours, theirs, 50) < 1e-10


def test_the_floor_holds_a_penalised_score():
    # floor 0: a penalty at 0 costs nothing but the count; lower floors can only hurt the
    # player who is behind, and the chance at the start moves less as the floor falls
    values = [counters.solve(PIG, 8, counters.BustPenalty(2, 3, floor)).win_probability
              for floor in (0, -3, -6, -9)]
    changes = [abs(b - a) for a, b in zip(values, values[1:])]
    assert changes[0] > changes[1] > changes[2] > 0


def test_a_rules_file_with_a_penalty_solves_on_the_command_line(tmp_path):
    runner = CliRunner()
    path = tmp_path / "house.toml"
    path.write_text('name = "house"\ngoal = 500\nending = "first-to-goal"\nmin_bank = 300\n'
                    'set_aside = "choice"\n[penalty]\nfarkles = 2\npoints = 300\n'
                    'floor = -250\n')
    result = runner.invoke(main, ["farkle", "solve", "--rules", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for key in ("game", "goal", "min_bank", "ending", "first_to_reach", "rules",
                "win_probability", "states", "seconds", "max_residual", "converged"):
        assert key in data
    assert data["converged"] and data["max_residual"] < 1e-12
    assert data["penalty"] == {"farkles": 2, "points": 300, "floor": -250}
    assert data["rules"] == ["IV.4"]  # any part kept, as the race without the penalty says
    rules = dataclasses.replace(preset("ten-thousand").rules, name="house", goal=500,
                                min_bank=300, keep_choice=True)
    rules = dataclasses.replace(rules, penalty=type(preset("facebook").rules.penalty)(2, 300, -250))
    assert data["win_probability"] == pytest.approx(penalty.solve(rules).win_probability,
                                                    abs=1e-14)
    text = runner.invoke(main, ["farkle", "solve", "--rules", str(path)])
    assert text.exit_code == 0, text.output
    assert "2 farkles in a row lose 300 (scores kept at or above -250)" in text.output
    # the round ending (a rules file's default): solved, and said so
    path.write_text(path.read_text().replace('ending = "first-to-goal"\n', ""))
    result = runner.invoke(main, ["farkle", "solve", "--rules", str(path), "--json"])
    assert result.exit_code == 0, result.output
    rounds = json.loads(result.stdout)
    assert rounds["ending"] == "equal-turns" and not rounds["first_to_reach"]
    assert rounds["win_probability"] == pytest.approx(
        penalty.solve(rules, first_to_reach=False).win_probability, abs=1e-14)


def test_farkle_with_the_penalty_and_the_round_ending_agrees_with_the_reference():
    """The round ending with the penalty (two dice, hot dice, two farkles lose 100, floor
    -100): every match state of both places in the round against the reference's plain
    iteration (tests/oracles/bust_penalty.py, :func:`solve_rounds`: the second player's
    last turn by recursion, the first's turn banked 500 past the goal; 1,000 gives the
    same chances)."""
    from jeopardy.farkle.house import house_rules

    data = dict(PRESETS["facebook"], goal=250, min_bank=50, dice=2, ending="equal-turns",
                penalty={"farkles": 2, "points": 100, "floor": -100})
    house = house_rules(data)
    assert not house.first_to_reach
    ours = penalty.solve(house.rules, first_to_reach=False)
    assert ours.converged and ours.max_residual < 1e-12 and not ours.first_to_reach
    throws = {n: v for n, v in reference.farkle_throws(house.to_dict()).items() if n <= 2}
    first, second = reference.solve_rounds(throws, 2, 250, lambda score: 50, 2, 100, -100, 50,
                                           far=500, tolerance=1e-13)
    for table, place in ((first, True), (second, False)):
        assert max(abs(value - ours.value(mine, a, other, b, place))
                   for (mine, a, other, b), value in table.items()) < 1e-10


def test_doubling_the_round_bounds_with_the_penalty_changes_nothing():
    """The first player's tables past the goal doubled (``cap_scale=2``: its bounds, and
    the last-turn chances to match): the bounds were proved, so no chance moves."""
    from jeopardy.farkle.core import turn_process as process_of
    from jeopardy.farkle.ending import penalty_round_ending

    rules = dataclasses.replace(preset("facebook").rules, goal=500, penalty=type(
        preset("facebook").rules.penalty)(3, 500, -250))
    one = penalty.solve(rules, first_to_reach=False)
    two = counters.solve(process_of(rules), 10, penalty.bust_penalty(rules),
                         ending=penalty_round_ending(rules, cap_scale=2))
    assert two.states > one.states
    assert abs(one.solution.values - two.values).max() < 1e-12


@pytest.mark.parametrize("changes, first_to_reach, message", [
    pytest.param({"entry": 500, "min_bank": 300}, True, "entry minimum with the penalty",
                 id="entry"),
    pytest.param({"entry": 500, "min_bank": 300}, False, "entry minimum with the penalty",
                 id="entry-round-ending"),
])
def test_what_the_penalty_solve_does_not_model_is_refused(changes, first_to_reach, message):
    rules = dataclasses.replace(preset("facebook").rules, goal=500, **changes)
    with pytest.raises(JeopardyError, match=message):
        penalty.solve(rules, first_to_reach)


def test_a_too_big_penalty_solve_is_refused_before_work(monkeypatch):
    # goal 1,000, floor -2,500: about 20 s by the estimate, past a 10 s budget
    monkeypatch.setenv("JEOPARDY_TIME_LIMIT", "10")
    result = CliRunner().invoke(main, ["farkle", "solve", "--rules", "facebook", "--goal", "1000",
                                       "--json"])
    assert result.exit_code != 0
    assert "past this machine's time budget" in result.output
    assert "Traceback" not in result.output


def test_reproduce_sets_busche_beside_ours():
    from jeopardy.reproduce import MATCHES, busche

    states, first = busche()
    assert states.verdict == MATCHES and states.ours.startswith("423,765,000 ")
    # the first player's chance is not computed without --long (about 10 min): no verdict
    assert first.published == "53.487%" and first.verdict is None and not first.numeric
    assert "--long" in first.note


def test_reproduce_long_solves_busche_first_player_and_gives_a_verdict(monkeypatch):
    """`reproduce --long` solves the first player's chance and compares it with Busche's
    53.487% (here on the preset to 1,000, floor -500, docs/examples/penalty.toml: another
    game, so the row differs; its value is the one pinned for that file)."""
    from jeopardy import reproduce
    from jeopardy.farkle.house import read_rules
    from jeopardy.reproduce import UNEXPLAINED

    small = read_rules(ROOT / "docs/examples/penalty.toml").rules
    states, first = reproduce.busche(solve_first=True, rules=small)
    assert states.claim.startswith("Facebook Farkle, goal 1,000, floor -500")
    assert first.numeric and first.verdict == UNEXPLAINED
    assert first.ours.startswith("0.6048355106 (residual ")
    monkeypatch.setitem(reproduce.LONG, "busche", lambda progress=None: reproduce.busche(
        solve_first=True, rules=small, progress=progress))
    result = CliRunner().invoke(main, ["reproduce", "--section", "busche", "--long", "--json"])
    assert result.exit_code == 0, result.output
    claims = json.loads(result.stdout)["claims"]
    assert [c["ours"][:12] for c in claims][1] == "0.6048355106"
    # the solve shows how far it is, on stderr (a pipe: one line a quarter)
    assert "solving busche: 0%" in result.stderr and "solving busche: 100%" in result.stderr
    short = CliRunner().invoke(main, ["reproduce", "--section", "busche", "--json"])
    assert len(json.loads(short.output)["claims"]) == 1  # without --long: states only


def test_a_play_checksum_tells_apart_changes_that_cancel_in_a_plain_sum():
    # the review's case: in one turn state, outcomes 0 and 2 each take the choice before
    # while outcome 1 takes the second after; weighed plainly (choice * weight, weights
    # (k + 1) * MIX) the two plays sum alike, and so do any terms linear in the choice
    # (the choices' plain sum is the same too), and the solve would keep stale exits
    def plain(choices):
        return sum(c * (k + 1) * int(counters.MIX) for k, c in enumerate(choices)) % 2 ** 64

    def mixed(choices):  # wrapping uint64 products, as compiled
        with counters.np.errstate(over="ignore"):
            return sum(int(counters._mixed.py_func(counters.np.uint64(c) + counters.np.uint64(
                (k + 1) * int(counters.MIX) % 2 ** 64))) for k, c in enumerate(choices)) % 2 ** 64

    before, after = (1, 0, 1), (0, 2, 0)
    assert plain(before) == plain(after) and sum(before) == sum(after)
    assert mixed(before) != mixed(after)
