"""Fast Pig and Hog (issue 30): the turn process on the match solver against a
reference written from the rules (tests/oracles/fast_pig.py), the fixed-dice
evaluation, the policy word ``dice:N`` and the command line.

Tolerances: the solver and the oracle each converge to below 1e-15 (the
solver's residual, the oracle's largest change); 1e-10 is the agreement the
issue asks for, far above rounding and far below any rule's effect.
"""
from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

from jeopardy.errors import JeopardyError
from jeopardy.fast_pig import dice_table, expected_table, solve
from jeopardy.fast_pig.evaluation import evaluate, head_to_head, simulate
from jeopardy.policy_language import parse
from jeopardy.rules.fast_pig import FAST_PIG_PRESETS, FastPigRules, roll_points, turn_process
from oracles import fast_pig as oracle

AGREE = 1e-10
GOAL = 20


def _rules(pig_out: int, goal: int = GOAL, max_dice: int = 10, faces: int = 6) -> FastPigRules:
    return FastPigRules("test", faces, max_dice, pig_out, goal)


@pytest.mark.parametrize("faces, dice, pig_out", [
    pytest.param(6, n, p, id=f"d6x{n}-pigout{p}") for n in (1, 2, 5, 10) for p in (0, 1)
] + [pytest.param(4, 3, 2, id="d4x3-pigout2"), pytest.param(2, 4, 0, id="d2x4")])
def test_roll_points_match_the_dice_listed(faces, dice, pig_out):
    ours = roll_points(_rules(pig_out, faces=faces, max_dice=max(dice, 1)), dice)
    theirs = oracle.roll(faces, dice, pig_out)
    assert {k: v for k, v in ours.items() if v} == theirs
    assert sum(ours.values()) == 1


@pytest.mark.parametrize("pig_out", [0, 1], ids=["fast-pig", "hog"])
@pytest.mark.parametrize("equal_turns", [False, True], ids=["first-to-goal", "equal-turns"])
def test_solver_matches_the_oracle(pig_out, equal_turns):
    rules = _rules(pig_out)
    ours = solve(rules, 2, "equal-turns" if equal_turns else "first-to-goal")
    assert ours.converged and ours.max_residual < 1e-14
    V, best = oracle.solve(GOAL, 6, 10, pig_out, equal_turns)
    for place in ((0, 1) if equal_turns else (0,)):
        for i in range(GOAL):
            for j in range(GOAL):
                decision = ours.decision((i, j), place)
                assert abs(max(decision.chances) - V[(i, j, place == 0)]) < AGREE, (i, j, place)
                margin = sorted(decision.chances)[-1] - sorted(decision.chances)[-2]
                if margin > 1e-9:
                    assert decision.best == best[(i, j, place == 0)], (i, j, place)
    if not equal_turns:
        for i, j in ((0, 0), (5, 17), (19, 0)):
            theirs = oracle.dice_values(V, GOAL, 6, 10, pig_out, i, j)
            assert np.max(np.abs(np.array(ours.decision((i, j)).chances) - theirs)) < AGREE


def test_three_players_hog_matches_two_computations():
    """Hog never scores 0, so every turn raises the score sum: 3 players converge.  The
    first mover's chance is at least the third's (moving first is worth something)."""
    ours = solve(_rules(1, goal=12), 3)
    assert ours.converged and ours.max_residual < 1e-14
    chances = ours.win_probabilities
    assert abs(sum(chances) - 1) < 1e-12 and chances[0] > chances[2]


def test_doubling_the_caps_changes_nothing():
    for pig_out in (0, 1):
        rules = _rules(pig_out)
        one = solve(rules, 2, "equal-turns").solution.values
        two = solve(rules, 2, "equal-turns", cap_scale=2).solution.values
        assert np.max(np.abs(one - two)) < 1e-13


@pytest.mark.parametrize("pig_out", [0, 1], ids=["fast-pig", "hog"])
def test_fixed_dice_evaluation_matches_the_oracle(pig_out):
    rules = _rules(pig_out)
    solution = solve(rules)
    V, best = oracle.solve(GOAL, 6, 10, pig_out)
    ours = head_to_head(solution, "dice:6", "dice:3")
    theirs = oracle.play_fixed(GOAL, lambda i, j: 6, lambda i, j: 3, pig_out=pig_out)
    assert abs(ours.first - theirs) < AGREE
    optimal = head_to_head(solution, "dice:6", "optimal")
    theirs = oracle.play_fixed(GOAL, lambda i, j: 6, lambda i, j: best[(i, j, True)],
                               pig_out=pig_out)
    assert abs(optimal.first - theirs) < AGREE
    both = head_to_head(solution, "optimal", "optimal")
    assert abs(both.first - solution.win_probability) < 1e-12


def test_dice_table_is_the_decision_of_every_turn_start():
    solution = solve(_rules(0))
    table = dice_table(solution)
    for i, j in ((0, 0), (3, 19), (19, 19), (10, 4)):
        assert table[i, j] == solution.decision((i, j)).best


def test_simulation_agrees_with_the_exact_evaluation():
    solution = solve(_rules(1))
    exact = head_to_head(solution, "dice:5", "optimal")
    simulated = simulate(solution, ["dice:5", "optimal"], 20_000, 7)
    assert abs(simulated.first - exact.first) < 5 * simulated.first_stderr
    assert abs(simulated.second - exact.second) < 5 * simulated.second_stderr
    again = simulate(solution, ["dice:5", "optimal"], 20_000, 7)
    assert again.first == simulated.first  # seeded


def test_expected_points_table():
    fast = expected_table(FAST_PIG_PRESETS["fast-pig"])
    # n dice, no 1: (5/6)^n, each die then 4 on average
    for n, value in enumerate(fast.expected, start=1):
        assert value == n * 4 * Fraction(5, 6) ** n
    assert fast.expected[4] == fast.expected[5] and fast.best == 5
    hog = expected_table(FAST_PIG_PRESETS["hog"])
    assert hog.best == 6 and hog.expected[0] == Fraction(7, 2)


def test_the_turn_process_is_a_choice_then_one_roll():
    process = turn_process(FAST_PIG_PRESETS["hog"])
    assert process.states[0] == "bank" and process.states[-1] == "choose"
    assert process.start == len(process.states) - 1 and process.ends(0)
    (p, choices), = process.throws[process.start]
    assert p == 1 and choices == tuple((0, n) for n in range(1, 11))


def test_bad_rules_are_refused():
    for values, text in (({"max_dice": 0}, "max_dice"), ({"faces": 1}, "faces"),
                         ({"goal": 10 ** 7}, "goal"), ({"pig_out": -1}, "pig_out"),
                         ({"faces": True}, "faces")):
        with pytest.raises(JeopardyError, match=text):
            FastPigRules(**values)
    with pytest.raises(JeopardyError, match=r"4-player fast-pig to 100 \(first-to-goal\) has "
                       r"100,000,000 turn starts and needs about .*, past this machine's budget"):
        solve(FAST_PIG_PRESETS["fast-pig"], 4)
    # equal turns: a table for each place in the round (match.solver.table_size)
    with pytest.raises(JeopardyError, match=r"\(equal-turns\) has 400,000,000 turn starts"):
        solve(FAST_PIG_PRESETS["fast-pig"], 4, "equal-turns")


def test_policy_word_dice():
    assert parse("dice:6").kind == "dice" and parse("dice:6").h == 6
    with pytest.raises(JeopardyError, match="dice:N"):
        parse("dice:six")
    solution = solve(_rules(0))
    with pytest.raises(JeopardyError, match="1-10 dice"):
        head_to_head(solution, "dice:11", "optimal")
    with pytest.raises(JeopardyError, match="takes the policies optimal, dice:N"):
        head_to_head(solution, "hold:20", "optimal")


def test_evaluation_of_a_game_worked_by_hand():
    """Dice of two faces (1, 2), up to two, Fast Pig to 2: one die wins at once with
    chance 1/2, two dice with 1/4 (both show 2), and a miss scores 0.  Players who
    win a turn with chances p1, p2, ... in turn order win with p1 / (1 - q1 q2 ...),
    q1 p2 / (1 - q1 q2 ...), ... (a geometric series over rounds)."""
    rules = FastPigRules("coin", 2, 2, 0, 2)
    two = evaluate(solve(rules), ["dice:1", "dice:2"])
    assert two.win_probabilities == pytest.approx([0.8, 0.2], abs=1e-15)
    three = evaluate(solve(rules, 3), ["dice:1", "dice:2", "dice:1"])
    # p = (1/2, 1/4, 1/2): 1 - q1 q2 q3 = 13/16
    assert three.win_probabilities == pytest.approx([8 / 13, 2 / 13, 3 / 13], abs=1e-15)
    assert three.names == ("dice:1", "dice:2", "dice:1") and three.max_residual < 1e-15


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jeopardy", *args], capture_output=True,
                          text=True, timeout=600)


def test_cli_solve_policy_and_compare(tmp_path):
    V, _ = oracle.solve(GOAL, 6, 10, 1)
    done = _cli("solve", "--game", "hog", "--goal", str(GOAL), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert abs(data["win_probability"] - V[(0, 0, True)]) < AGREE and data["converged"]
    assert data["rules"]["pig_out"] == 1
    done = _cli("policy", "--game", "hog", "--goal", str(GOAL), "--score", "3", "--opponent",
                "12", "--json")
    assert done.returncode == 0, done.stderr
    assert abs(json.loads(done.stdout)["win_probability"] - V[(3, 12, True)]) < AGREE
    rules = tmp_path / "d4.json"
    rules.write_text(json.dumps({"kind": "fast-pig", "name": "d4-hog", "faces": 4,
                                 "max_dice": 3, "pig_out": 1, "goal": 15}))
    theirs, _ = oracle.solve(15, 4, 3, 1)
    done = _cli("solve", "--model", str(rules), "--json")
    assert done.returncode == 0, done.stderr
    assert abs(json.loads(done.stdout)["win_probability"] - theirs[(0, 0, True)]) < AGREE
    done = _cli("compare", "dice:6", "optimal", "--game", "fast-pig", "--goal", str(GOAL))
    assert done.returncode == 0 and "P(A wins | fair coin)" in done.stdout, done.stderr
    done = _cli("games")
    assert "fast-pig" in done.stdout and "hog" in done.stdout


@pytest.mark.parametrize("args, text", [
    pytest.param(("solve", "--game", "hog", "--players", "4"), "past this machine's budget",
                 id="too-big"),
    # its last round's size overflowed int64 in the estimate: a 56-line OverflowError
    pytest.param(("solve", "--game", "hog", "--players", "10", "--ending", "equal-turns"),
                 "10-player hog to 100 (equal-turns) has 1,000,000,000,000,000,000,000 turn "
                 "starts and needs about centuries", id="ten-players"),
    pytest.param(("solve", "--game", "hog", "--goal", "99999"), "above 2000", id="huge-goal"),
    pytest.param(("solve", "--game", "hog", "--faces", "4"), "--faces", id="faces"),
    pytest.param(("turn", "--game", "hog", "--hold", "20"), "not by turn", id="other-command"),
    pytest.param(("solve", "--game", "hog", "--out", "x.npz"), "--out", id="out"),
])
def test_cli_refusals_are_one_line(args, text):
    done = _cli(*args)
    assert done.returncode != 0 and text in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr


@pytest.mark.parametrize("content, text", [
    pytest.param({"kind": "fast-pig", "max_dice": 0}, "max_dice", id="no-dice"),
    pytest.param({"kind": "fast-pig", "faces": 1}, "faces", id="one-face"),
    pytest.param({"kind": "fast-pig", "dice": 3}, "unknown key", id="unknown-key"),
])
def test_cli_bad_rules_files(tmp_path, content, text):
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(content))
    done = _cli("solve", "--model", str(path))
    assert done.returncode != 0 and text in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_cli_dice_map_and_more_players(tmp_path):
    out = tmp_path / "map.png"
    done = _cli("plot", "dice-map", "--game", "fast-pig", "--goal", "15", "--out", str(out))
    assert done.returncode == 0 and out.stat().st_size > 1000, done.stderr
    done = _cli("policy", "--game", "hog", "--goal", "12", "--scores", "3,5,7", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    decision = solve(_rules(1, goal=12), 3).decision((3, 5, 7))
    assert data["best_dice"] == decision.best and data["scores"] == [3, 5, 7]
    assert abs(data["win_probability"] - max(decision.chances)) < 1e-15


def test_dice_formula_policies():
    """dice:FORMULA: a number of dice from the scores, evaluated as the oracle plays it."""
    solution = solve(_rules(0))
    ours = head_to_head(solution, "dice:6 if i < j else max(1, (goal - i) // 4)", "dice:3")
    theirs = oracle.play_fixed(GOAL, lambda i, j: 6 if i < j else max(1, (GOAL - i) // 4),
                               lambda i, j: 3)
    assert abs(ours.first - theirs) < AGREE
    for word, text in (("dice:i", "gives 0 dice at i=0, j=0"), ("dice:i / 2 + 1", "gives 1.5"),
                       ("dice:i < 3", "number formula"), ("dice:x", "unknown name"),
                       # the dice are chosen at the turn's start: no turn total k to read
                       # (refused as the word is read, before anything is solved)
                       ("dice:k + 1", r"cannot read policy 'dice:k \+ 1'.* unknown name 'k' "
                                      r"\(use i, j, goal\)")):
        with pytest.raises(JeopardyError, match=text):
            head_to_head(solution, word, "optimal")


def test_fairness_reads_the_head_starts():
    from jeopardy.fast_pig import fairness

    V, _ = oracle.solve(GOAL, 6, 10, 1)
    result = fairness(solve(_rules(1)), max_bonus=GOAL - 1)
    for bonus, chance in result.candidates:
        theirs = V[(0, bonus, True)] if bonus >= 0 else V[(-bonus, 0, True)]
        assert abs(chance - theirs) < AGREE, bonus
    assert abs(result.win_probability - 0.5) == min(abs(c - 0.5) for _, c in result.candidates)
    done = _cli("fairness", "--game", "hog", "--goal", str(GOAL), "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["bonus"] == result.bonus


def test_compare_json_speaks_the_race_vocabulary():
    """`compare ... --game hog --json` said a_first/a_second/a_fair where Pig's compare and
    every simulate say first/second/fair; one vocabulary now."""
    hog = json.loads(_cli("compare", "dice:6", "optimal", "--game", "hog", "--goal", "20",
                          "--json").stdout)
    pig = json.loads(_cli("compare", "optimal", "hold:10", "--goal", "20", "--json").stdout)
    shared = {"game", "goal", "a", "b", "first", "second", "fair"}
    assert shared <= set(hog) and shared <= set(pig)
    assert hog["fair"] == pytest.approx((hog["first"] + hog["second"]) / 2, abs=1e-15)
