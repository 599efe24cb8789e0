"""Ten Thousand on the match solver's core (a turn process with six turn states)
against the reference written from the rules (tests/oracles/farkle.py) and the
seed's published values."""
import json
from fractions import Fraction

import numpy as np
import pytest

from jeopardy.errors import JeopardyError
from jeopardy.farkle import core
from jeopardy.farkle.ending import round_ending
from jeopardy.farkle.turn import FarkleRules
from jeopardy.match import process_solver
from jeopardy.match.rules import EQUAL_TURNS, FIRST_TO_GOAL
from jeopardy.rules.turn_process import TurnProcess

# Two computations of the same game converge each to below 1e-14; 1e-10 is the
# agreement the issue asks for, far above rounding and far below any rule's effect.
AGREE = 1e-10
SWITCHES = {
    "seed": {},
    "IV.1": {"no_stop_on_six": True},
    "IV.2": {"high_min_bank": 500, "high_score": 700},
    "IV.3": {"exact_goal": True},
    "IV.4": {"keep_choice": True},
    # more points may pass an exact goal: every part is offered (FarkleRules.every_part)
    "IV.3+IV.4": {"exact_goal": True, "keep_choice": True},
}
ENDINGS = [pytest.param(False, id="round"), pytest.param(True, id="first-to-reach")]


REFERENCE_SWITCHES = {  # our switches -> the reference's
    "seed": {},
    "IV.1": dict(no_bank_six=True),
    "IV.2": dict(high_min_bank=500, high_score=700),
    "IV.3": dict(exact_goal=True),
    "IV.4": dict(keep_any_part=True),
    "IV.3+IV.4": dict(exact_goal=True, keep_any_part=True),
}


@pytest.mark.slow
@pytest.mark.parametrize("first_to_reach", ENDINGS)
@pytest.mark.parametrize("switch", sorted(SWITCHES))
def test_core_agrees_with_the_reference_under_each_rule(switch, first_to_reach):
    """Goal 1,000 (IV.1 under the round ending: 500, the reference's settle margin is long)."""
    from oracles.farkle import ReferenceRules, solve

    goal = 500 if (switch == "IV.1" and not first_to_reach) else 1000
    reference = solve(ReferenceRules(goal=goal, first_to_reach=first_to_reach,
                                     **REFERENCE_SWITCHES[switch]))
    ours = core.solve(FarkleRules(goal=goal, **SWITCHES[switch]), first_to_reach)
    assert abs(ours.win_probability - reference.win_probability) < AGREE


@pytest.mark.slow
@pytest.mark.parametrize("first_to_reach", ENDINGS)
@pytest.mark.parametrize("goal", [1000, 2000, 3000])
def test_core_agrees_with_the_reference(goal, first_to_reach):
    from oracles.farkle import ReferenceRules, solve

    reference = solve(ReferenceRules(goal=goal, first_to_reach=first_to_reach))
    ours = core.solve(FarkleRules(goal=goal), first_to_reach)
    assert abs(ours.win_probability - reference.win_probability) < AGREE


# The closing note of issue 10 (nine digits): recomputed, compared to half a unit
# in the last digit.
PUBLISHED = [
    pytest.param(2000, False, 0.467573256, id="2000-round"),
    pytest.param(2000, True, 0.561985158, id="2000-first-to-reach"),
    # At 10,000 the core takes a minute or more: `long`, run with -m long; the same two
    # values are pinned in tests/test_pinned.py.
    pytest.param(10_000, False, 0.485199156, id="10000-round", marks=pytest.mark.long),
    pytest.param(10_000, True, 0.527536858, id="10000-first-to-reach", marks=pytest.mark.long),
]


@pytest.mark.parametrize("goal, first_to_reach, value", PUBLISHED)
def test_the_published_values(goal, first_to_reach, value):
    solution = core.solve(FarkleRules(goal=goal), first_to_reach)
    assert abs(solution.win_probability - value) <= 5e-10
    assert solution.max_residual < 1e-13


@pytest.mark.slow
@pytest.mark.parametrize("first_to_reach", ENDINGS)
@pytest.mark.parametrize("switch", sorted(SWITCHES))
def test_doubling_every_cap_changes_nothing(switch, first_to_reach):
    """Every turn-total cap doubled (the proofs: jeopardy.farkle.core's docstring and
    jeopardy.match.process_kernels'): the same values to 1e-13."""
    rules = FarkleRules(goal=1000, **SWITCHES[switch])
    base = core.solve(rules, first_to_reach)
    wide = core.solve(rules, first_to_reach, cap_scale=2)
    if rules.exact_goal:  # IV.3: a turn ends at the goal exactly, so no table has a cap
        assert wide.states == base.states
    else:
        assert wide.states > base.states
    assert np.max(np.abs(base.VF - wide.VF)) < 1e-13
    assert np.max(np.abs(base.VS - wide.VS)) < 1e-13


def test_a_cap_below_the_proved_one_moves_the_value():
    """The round rule's cap from the second player's bust value matters: capping the
    first player's table at the goal instead (banking forced past it) changes the
    value, so the doubling test above can fail."""
    rules = FarkleRules(goal=1000)
    data = round_ending(rules, False)
    short = process_solver.Ending(data.Q, data.R, np.zeros_like(data.dstar))
    proved = process_solver.solve(core.turn_process(rules), 20, 2, EQUAL_TURNS, data)
    capped = process_solver.solve(core.turn_process(rules), 20, 2, EQUAL_TURNS, short)
    assert abs(proved.win_probability - capped.win_probability) > 1e-6


def test_the_round_rule_is_the_equal_turns_ending():
    solution = core.solve(FarkleRules(goal=1000))
    assert solution.solution.rules.ending == EQUAL_TURNS
    assert core.solve(FarkleRules(goal=1000), True).solution.rules.ending == FIRST_TO_GOAL
    data = solution.to_dict()
    assert data["ending"] == "equal-turns" and data["win_probability"] == solution.win_probability


# ---------------------------------------------------------------- the turn process

def test_ten_thousand_turn_process():
    process = core.turn_process(FarkleRules())
    assert process.states == tuple(f"{n} dice" for n in range(1, 7))
    assert process.start == 5 and process.minimum == 7
    # six dice bust with the seed's P(6, 0) = 3.09 %
    assert abs(float(process.bust_probability(5)) - 0.0309) < 5e-5
    assert process.bust_probability(0) == Fraction(2, 3)
    iv1 = core.turn_process(FarkleRules(no_stop_on_six=True))
    assert iv1.bankable == (True,) * 5 + (False,)
    iv4 = core.turn_process(FarkleRules(keep_choice=True))
    assert max(len(choices) for outcomes in iv4.throws for _, choices in outcomes) > 1
    assert max(len(choices) for outcomes in process.throws for _, choices in outcomes) == 1


@pytest.mark.parametrize("players", [2, 3])
def test_a_roll_model_is_the_one_state_process(players):
    """Pig's roll model as a one-state turn process: the process kernel and the roll
    model's kernel solve the same game (first to the goal)."""
    from jeopardy.match.solver import solve
    from jeopardy.rules.presets import pig, two_dice_pig

    model = pig()
    goal = 25 if players == 2 else 12
    process = TurnProcess.from_roll_model(model)
    assert len(process.states) == 1 and process.bankable == (True,)
    ours = process_solver.solve(process, goal, players)
    theirs = solve(model, goal, players)
    assert np.max(np.abs(ours.values - theirs.values)) < 1e-12
    assert ours.max_residual < 1e-13


def test_bad_turn_processes_are_refused():
    good = ((Fraction(1, 2), ((1, 0),)), (Fraction(1, 2), ()))
    with pytest.raises(JeopardyError, match="sums to"):
        TurnProcess("x", ("a",), 0, (((Fraction(1, 3), ()),),), (True,))
    with pytest.raises(JeopardyError, match="start state"):
        TurnProcess("x", ("a",), 1, (good,), (True,))
    with pytest.raises(JeopardyError, match="at least one unit"):
        TurnProcess("x", ("a",), 0, (((Fraction(1), ((0, 0),)),),), (True,))
    with pytest.raises(JeopardyError, match="no state allows a bank"):
        TurnProcess("x", ("a",), 0, (good,), (False,))
    from jeopardy.rules.presets import pig, two_dice_pig

    with pytest.raises(JeopardyError, match="not a turn-process outcome"):
        TurnProcess.from_roll_model(two_dice_pig())
    never = TurnProcess("x", ("a",), 0, (((Fraction(1), ((1, 0),)),),), (True,))
    with pytest.raises(JeopardyError, match="equal-turns.*never busts"):
        process_solver.solve(never, 10, 2, EQUAL_TURNS)
    with pytest.raises(JeopardyError, match="IV.5.*on its own"):
        core.solve(FarkleRules(goal=1000, continue_position=True, exact_goal=True))
    taking = TurnProcess("x", ("a",), 0, (good,), (True,), takeover=True)
    with pytest.raises(JeopardyError, match="two players"):
        process_solver.solve(taking, 10, 3)
    with pytest.raises(JeopardyError, match="cap_scale"):
        core.solve(FarkleRules(goal=1000), cap_scale=0)


def test_core_solutions_save_load_and_give_the_policy(tmp_path):
    solution = core.solve(FarkleRules(goal=1000))
    again = core.load(solution.save(tmp_path / "core.npz"))
    assert np.array_equal(again.solution.values, solution.solution.values)
    assert again.banking(0, 0) == solution.banking(0, 0)
    assert again.max_residual < 1e-13
    damaged = solution.solution.values.copy()
    damaged[0, 5, 0] = 0.9
    np.savez(tmp_path / "bad.npz", values=damaged,
             meta=np.frombuffer(b'{"format": 3, "rules": {"goal": 1000}, "first_to_reach": false}',
                                dtype=np.uint8))
    with pytest.raises(JeopardyError, match="do not solve the game"):
        core.load(tmp_path / "bad.npz")


@pytest.mark.parametrize("first_to_reach", ENDINGS)
def test_files_of_the_solver_before_the_core_load(first_to_reach, tmp_path):
    """Format 2 (the tables VF and VS of the first and second player of the round,
    written before Ten Thousand moved onto the match core) loads into the core's
    values and is checked by the residual; a table swapped for the other fails."""
    rules = FarkleRules(goal=1000)
    solution = core.solve(rules, first_to_reach)

    def write(name, VF, VS):
        old_keys = {k: v for k, v in rules.to_dict().items()  # format 2 predates house rules
                    if k not in ("name", "scoring", "entry", "penalty")}
        meta = json.dumps({"format": 2, "rules": old_keys, "first_to_reach": first_to_reach})
        np.savez(tmp_path / name, VF=VF, VS=VS, meta=np.frombuffer(meta.encode(), dtype=np.uint8))
        return tmp_path / name

    old = core.load(write("old.npz", solution.VF, solution.VS))
    assert np.max(np.abs(old.solution.values - solution.solution.values)) < 1e-15
    assert old.win_probability == solution.win_probability and old.max_residual < 1e-13
    with pytest.raises(JeopardyError, match="do not solve the game"):
        core.load(write("swapped.npz", 1.0 - solution.VF, 1.0 - solution.VS))
    with pytest.raises(JeopardyError, match="damaged"):
        core.load(write("short.npz", solution.VF[:3], solution.VS))


@pytest.mark.slow
@pytest.mark.parametrize("first_to_reach", ENDINGS)
@pytest.mark.parametrize("goal", [500, 1000])
def test_continuing_the_position_agrees_with_the_reference(goal, first_to_reach):
    """Rule IV.5 on the core (a takeover of the banked position, read from every turn
    start's stored throw values; the round's first player settles past its table)."""
    from oracles.farkle import ReferenceRules, solve

    reference = solve(ReferenceRules(goal=goal, first_to_reach=first_to_reach,
                                     continue_position=True))
    ours = core.solve(FarkleRules(goal=goal, continue_position=True), first_to_reach)
    assert abs(ours.win_probability - reference.win_probability) < AGREE
    assert ours.max_residual < 1e-13


@pytest.mark.parametrize("first_to_reach", ENDINGS)
def test_continuing_the_position_doubled_caps_and_reloaded(first_to_reach, tmp_path):
    """Every top doubled gives the same values (past the round's first player's top
    the settled tail is exact, elsewhere one scoring throw wins); a saved solution
    reloads with the offered positions rebuilt before its residual, which fails on
    a file whose offers are wrong."""
    rules = FarkleRules(goal=1000, continue_position=True)
    base = core.solve(rules, first_to_reach)
    wide = core.solve(rules, first_to_reach, cap_scale=2)
    assert wide.states > base.states
    assert np.max(np.abs(base.VF - wide.VF)) < 1e-13
    assert np.max(np.abs(base.VS - wide.VS)) < 1e-13
    again = core.load(base.save(tmp_path / "iv5.npz"))
    assert again.max_residual < 1e-13
    assert np.array_equal(again.solution.values, base.solution.values)
    plain = core.solve(FarkleRules(goal=1000), first_to_reach)
    np.savez(tmp_path / "plain.npz", values=plain.solution.values,
             meta=np.frombuffer(json.dumps({"format": 3, "rules": rules.to_dict(),
                                            "first_to_reach": first_to_reach}).encode(),
                                dtype=np.uint8))
    with pytest.raises(JeopardyError, match="do not solve the game"):
        core.load(tmp_path / "plain.npz")


@pytest.mark.parametrize("goal", [1000, 2000])
def test_the_estimate_covers_the_stored_throw_values(goal):
    """Rule IV.5 stores a throw value (8 bytes) for every turn state: the estimate,
    which refuses big requests up front, counts them."""
    rules = FarkleRules(goal=goal, continue_position=True)
    solution = core.solve(rules)
    plain = core.estimate(FarkleRules(goal=goal))[1]
    assert core.estimate(rules)[1] - plain >= 8 * solution.states


def _reach_twin(size: int, six_may_bank: bool) -> list[float]:
    """The chance that one turn from six dice, throwing on, collects at least ``r``
    units in a position where it may bank, read from the rules text: a throw of ``n``
    dice scores (the reference's scorer) or loses the turn; with rule IV.1 six dice in
    hand may not bank, so a total reached with six dice (hot dice) must throw on.
    ``r`` below 0 counts as 0; only ``r = 0`` with six dice refers to itself (hot
    dice), found by plain iteration."""
    from oracles.farkle_throws import UNIT, outcomes

    value = {}  # (r, n) -> chance
    for r in range(size):
        for n in range(1, 7):
            if r == 0 and (six_may_bank or n != 6):
                value[r, n] = 1.0
    if not six_may_bank:
        x = 0.0
        for _ in range(5000):
            x = sum(float(p) * (x if m == 6 else 1.0) for s, m, p in outcomes(6) if s)
        value[0, 6] = x
    for r in range(1, size):
        for n in range(1, 7):
            value[r, n] = sum(float(p) * value[max(r - s // UNIT, 0), m]
                              for s, m, p in outcomes(n) if s)
    return [value[r, 6] for r in range(size)]


@pytest.mark.parametrize("no_stop_on_six", [False, True], ids=["seed", "IV.1"])
def test_the_engines_reach_chances_are_the_rules_text(no_stop_on_six):
    """The cap's bound L(j) (jeopardy.farkle.ending's proof) reads the turn process's
    reach chances; with IV.1 its state without a bank is left by a geometric sum.  Both
    against a twin from the rules to 1e-14 (measured: 0 and 2.2e-16)."""
    from jeopardy.match.process_last_round import reach_chances

    process = core.turn_process(FarkleRules(no_stop_on_six=no_stop_on_six))
    ours = reach_chances(process, 60)
    twin = _reach_twin(60, not no_stop_on_six)
    assert np.abs(ours - np.array(twin)).max() < 1e-14
    if no_stop_on_six:
        assert ours[0] < 1.0 and ours[1] < reach_chances(core.turn_process(FarkleRules()), 2)[1]


def test_a_state_without_a_bank_that_is_never_left_is_refused():
    """A state that may not bank and whose every throw keeps it there (no bust, no way
    out) has no chance of ending a turn well: refused in one line, not divided by 0."""
    from fractions import Fraction as F

    from jeopardy.match.process_last_round import reach_chances
    from jeopardy.rules.turn_process import TurnProcess

    stuck = TurnProcess("stuck", ("lock", "free"), 0, (((F(1), ((1, 0),)),),
                                                       ((F(1, 2), ()), (F(1, 2), ((1, 1),)))),
                        (False, True))
    with pytest.raises(JeopardyError, match="'lock' is never left"):
        reach_chances(stuck, 5)
