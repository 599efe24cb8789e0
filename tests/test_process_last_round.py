"""Equal turns for three or more players on turn processes (issues 29, 30): the
process's last round (:mod:`jeopardy.match.process_last_round`) read by the match
solver, against Fast Pig / Hog written from the rules
(tests/oracles/fast_pig.py, :func:`solve_equal_turns`: explicit states, a plain
recursion for the last round, plain iteration for the race).

Tolerances: the solver and the oracle each converge to below 1e-15; 1e-10 is the
agreement the issues ask for.  Two computations of the same equations by the
solver (two players with and without Fast Pig's own last-turn data; the most
points of a turn doubled) agree to 1e-13, rounding over a few hundred sums.
"""
from __future__ import annotations

import itertools
import json
import subprocess
import sys

import numpy as np
import pytest

from jeopardy.errors import JeopardyError
from jeopardy.fast_pig import solve
from jeopardy.fast_pig.evaluation import evaluate, simulate
from jeopardy.farkle.ending import most_one_turn
from jeopardy.farkle.turn import FarkleRules
from jeopardy.farkle import core
from jeopardy.match import process_kernels, process_last_round, process_solver
from jeopardy.match.rules import EQUAL_TURNS, MatchRules
from jeopardy.rules.fast_pig import FastPigRules, turn_process
from jeopardy.rules.presets import pig
from jeopardy.rules.turn_process import TurnProcess
from oracles import fast_pig as oracle

AGREE = 1e-10
SAME = 1e-13


@pytest.mark.parametrize("players, goal, max_dice, pig_out", [
    pytest.param(2, 15, 4, 0, id="2-players-fast-pig"),
    pytest.param(2, 15, 4, 1, id="2-players-hog"),
    pytest.param(3, 10, 3, 0, id="3-players-fast-pig"),
    pytest.param(3, 10, 3, 1, id="3-players-hog"),
    pytest.param(4, 6, 2, 0, id="4-players-fast-pig"),
])
def test_equal_turns_match_the_oracle(players, goal, max_dice, pig_out):
    rules = FastPigRules("test", 6, max_dice, pig_out, goal)
    ours = solve(rules, players, EQUAL_TURNS)
    assert ours.converged and ours.max_residual < 1e-14 and not ours.solution.mixes
    V, best = oracle.solve_equal_turns(goal, players, 6, max_dice, pig_out)
    values = ours.solution.values
    for (scores, mover), chances in V.items():
        seen = tuple(scores[(mover + m) % players] for m in range(players))
        theirs = [chances[(mover + m) % players] for m in range(players)]
        assert np.max(np.abs(values[mover, ours.index(seen)] - theirs)) < AGREE, (scores, mover)
    for scores, mover in (((0,) * players, 0), ((goal - 1,) * players, 1),
                          ((1, goal - 2) + (3,) * (players - 2), players - 1)):
        seen = tuple(scores[(mover + m) % players] for m in range(players))
        decision = ours.decision(seen, mover)
        margin = sorted(decision.chances)[-1] - sorted(decision.chances)[-2]
        if margin > 1e-9:
            assert decision.best == best[(scores, mover)], (scores, mover)


def test_doubling_the_most_points_changes_nothing():
    """``cap_scale=2`` doubles ``M``: last-turn tables to ``2M``, leaders to ``goal +
    2M - 1``, race tables to ``goal - 1 + 2M - own``; nothing was cut, so nothing moves."""
    process = turn_process(FastPigRules("test", 6, 3, 1, 12))
    one = process_solver.solve(process, 12, 3, EQUAL_TURNS)
    two = process_solver.solve(process, 12, 3, EQUAL_TURNS, cap_scale=2)
    assert np.max(np.abs(one.values - two.values)) < SAME
    assert two.race.layout[1, 1] == 2 * one.race.layout[1, 1] == 2 * 18


def test_the_most_points_of_a_turn():
    assert process_last_round.most_points(turn_process(FastPigRules("t", 6, 4, 0, 20))) == 24
    assert process_last_round.most_points(turn_process(FastPigRules("t", 8, 3, 1, 20))) == 24
    assert process_last_round.most_points(TurnProcess.from_roll_model(pig())) is None
    cold = FarkleRules(goal=1000, hot_dice=False)
    assert process_last_round.most_points(core.turn_process(cold)) == most_one_turn(cold) > 0
    assert process_last_round.most_points(core.turn_process(FarkleRules(goal=1000))) is None


@pytest.mark.parametrize("players, goal", [pytest.param(2, 20, id="2-players-to-20"),
                                           pytest.param(3, 12, id="3-players-to-12")])
def test_pig_as_a_process_with_equal_turns_is_the_roll_model_solvers(players, goal):
    """Pig's turn collects points without bound: the process's last round is capped and
    the cap proved (:func:`process_last_round.cap_holds`).  The roll-model solver
    (:mod:`jeopardy.match.solver`: its own last round, cap and proof) gives every turn
    start of every place the same chances, to the agreement the issues ask."""
    from jeopardy.match import solver

    process = TurnProcess.from_roll_model(pig())
    ours = process_solver.solve(process, goal, players, EQUAL_TURNS)
    theirs = solver.solve(pig(), goal, players, EQUAL_TURNS)
    assert ours.converged and ours.max_residual < 1e-14
    assert ours.values.shape == theirs.values.shape
    assert np.max(np.abs(ours.values - theirs.values)) < AGREE
    assert int(ours.race.cap) > goal


def test_farkle_with_hot_dice_two_players_without_ending_data_is_its_round_ending():
    """Hot dice, two players: the engine's capped last round (no Farkle code) against
    Farkle's round ending (:func:`jeopardy.farkle.ending.round_ending`: the second
    player's last turn and the first's bounds written for Farkle), every turn start of
    both places; on the seed's table and on a house table keeping any part, with an
    entry minimum."""
    from jeopardy.farkle.ending import round_ending
    from jeopardy.farkle.house import house_rules

    family = house_rules({"name": "t", "goal": 400, "min_bank": 0, "entry": 300,
                          "set_aside": "choice", "scoring": {"three_pairs": 750,
                                                             "straight": 1500}}).rules
    for rules in (FarkleRules(goal=500), family):
        process = core.turn_process(rules)
        g = rules.goal // 50
        own = process_solver.solve(process, g, 2, EQUAL_TURNS)
        given = process_solver.solve(process, g, 2, EQUAL_TURNS, round_ending(rules))
        assert own.max_residual < 1e-14
        assert np.max(np.abs(given.values - own.values)) < SAME, rules.name


FARKLE_SMALL = {"name": "small", "dice": 2, "goal": 200, "ending": "equal-turns",
                "min_bank": 100, "entry": 150, "hot_dice": True, "set_aside": "all"}


@pytest.mark.parametrize("changes", [
    pytest.param({}, id="two-dice-hot-dice"),
    pytest.param({"hot_dice": False, "min_bank": 50, "entry": 0}, id="two-dice-hot-dice-off"),
])
def test_farkle_three_players_with_the_round_ending_match_the_oracle(changes):
    """Three players, the round ending: every race state's chances against the
    rules-first twin (tests/oracles/farkle_house.py, :func:`n_players_rounds`: plain
    iteration over the seats' scores, the last round played seat by seat, every turn
    banked ``far`` past the goal; ``far`` doubled changes nothing there).  Two dice with
    hot dice, a minimum bank and an entry minimum (the last round capped, the cap
    proved); without hot dice (every total a turn reaches)."""
    from jeopardy.farkle.house import house_rules
    from oracles.farkle_house import n_players_rounds

    house = house_rules({**FARKLE_SMALL, **changes})
    ours = core.solve(house.rules, players=3)
    assert ours.converged and ours.max_residual < 1e-14
    V = n_players_rounds(house.to_dict(), 3, far=500)
    g = house.rules.goal // 50
    for (scores, seat), chances in V.items():
        seen = [scores[(seat + m) % 3] // 50 for m in range(3)]
        index = (seen[0] * g + seen[1]) * g + seen[2]
        theirs = [chances[(seat + m) % 3] for m in range(3)]
        assert np.max(np.abs(ours.solution.values[seat, index] - theirs)) < AGREE, (scores, seat)


def test_doubling_the_cap_margin_changes_nothing():
    """The cap past the goal doubled: the last-turn tables, the leaders stored and the
    race's tables all grow, and no chance moves (the cap was proved harmless)."""
    from jeopardy.farkle.house import house_rules

    process = core.turn_process(house_rules({**FARKLE_SMALL, "dice": 3}).rules)
    one = process_solver.solve(process, 4, 3, EQUAL_TURNS)
    cap = int(one.race.cap)
    two = process_solver.solve(process, 4, 3, EQUAL_TURNS, cap=4 + 2 * (cap - 4))
    assert int(two.race.layout[1, 1]) > int(one.race.layout[1, 1])
    assert np.max(np.abs(one.values - two.values)) < SAME


def test_a_cap_that_fails_its_proof_is_grown_and_solved_again(monkeypatch):
    """A first cap chosen with no margin to spare (``FIRST_SLACK`` 1: the mover's value
    after a bust taken as 0) fails the proof over the solved values (two players, the
    seed's table to 500, without Farkle's own ending data); the solve grows it
    (:func:`process_last_round.next_cap`) and ends with a proved cap and the chances of
    a cap proved at once."""
    rules = FarkleRules(goal=500)
    process = core.turn_process(rules)
    proved = process_solver.solve(process, 10, 2, EQUAL_TURNS)
    small = process_last_round.first_cap(process, 10, 2, slack=1.0)
    race = process_solver.bundle(process, 10, MatchRules(2, EQUAL_TURNS), cap=small)
    W = process_solver._solve_race(process, race, 1e-15, None)[0]
    assert not process_last_round.cap_holds(process, race, W)[0]
    monkeypatch.setattr(process_last_round, "FIRST_SLACK", 1.0)
    grown = process_solver.solve(process, 10, 2, EQUAL_TURNS)
    assert int(grown.race.cap) > small
    assert process_last_round.cap_holds(process, grown.race, grown.values)[0]
    assert np.max(np.abs(grown.values - proved.values)) < SAME


def test_unboundable_turns_are_refused_in_one_line():
    """A turn that collects points without end is capped only where the cap can be
    proved: a state whose throw never busts (no total is ever safe to bank), or a state
    that may not bank (Ten Thousand's rule IV.1), is refused in one line."""
    from fractions import Fraction

    never = TurnProcess("never", ("roll",), 0, (((Fraction(1), ((1, 0),)),),), (True,))
    locked = core.turn_process(FarkleRules(goal=300, no_stop_on_six=True))
    for process, words in ((never, "never busts"), (locked, "may not bank")):
        with pytest.raises(JeopardyError, match=words) as caught:
            process_solver.solve(process, 6, 3, EQUAL_TURNS)
        assert "\n" not in str(caught.value)
    with pytest.raises(JeopardyError, match="rule IV.1") as caught:
        core.solve(FarkleRules(goal=300, no_stop_on_six=True), players=3)
    assert "\n" not in str(caught.value)


def _cli(*args, answers=""):
    return subprocess.run([sys.executable, "-m", "jeopardy", *args], input=answers,
                          capture_output=True, text=True, timeout=600)


def test_cli_solves_three_players_with_equal_turns():
    done = _cli("solve", "--game", "hog", "--goal", "10", "--players", "3", "--ending",
                "equal-turns", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    ours = solve(FastPigRules("hog", 6, 10, 1, 10), 3, EQUAL_TURNS)
    assert data["players"] == 3 and data["ending"] == EQUAL_TURNS
    assert np.max(np.abs(np.array(data["win_probabilities"]) - ours.win_probabilities)) < SAME
    assert data["max_residual"] < 1e-14


POLICIES = ("dice:1", "dice:3", "dice:2")


def _fixed(dice):
    return lambda scores, seat: dice


def test_policy_evaluation_with_equal_turns_matches_the_oracle():
    """Three fixed dice policies, equal turns: the solver's policy evaluation (the last
    round played as solved) against plain iteration with the last round from the rules."""
    goal, max_dice = 8, 3
    rules = FastPigRules("test", 6, max_dice, 0, goal)
    solution = solve(rules, 3, EQUAL_TURNS)
    ours = evaluate(solution, POLICIES)
    theirs = oracle.play_fixed_players(goal, [_fixed(1), _fixed(3), _fixed(2)], 6, max_dice, 0,
                                       equal_turns=True)
    assert np.max(np.abs(np.array(ours.win_probabilities) - theirs)) < AGREE
    assert abs(sum(ours.win_probabilities) - 1.0) < SAME


def test_simulation_with_equal_turns_agrees_with_the_exact_values():
    """Seeded games with a last round for the seats after the first to reach the goal;
    each seat's share within five standard errors of the exact value."""
    rules = FastPigRules("test", 6, 3, 0, 8)
    solution = solve(rules, 3, EQUAL_TURNS)
    exact = evaluate(solution, POLICIES).win_probabilities
    games = 20_000
    simulated = simulate(solution, POLICIES, games, 7)
    assert abs(sum(simulated.win_probabilities) - 1.0) < SAME
    for chance, error, value in zip(simulated.win_probabilities, simulated.stderrs, exact):
        assert abs(chance - value) < 5 * error, (chance, value, error)


def _oracle_dice_chances(rolls, V, memo, goal, scores, mover, last_round):
    """The mover's (absolute seat) chance with each number of dice, from the rules."""
    n = len(scores)
    out = []
    for dice in sorted(rolls):
        chance = 0.0
        for k, p in rolls[dice]:
            new = list(scores)
            new[mover] += k
            new = tuple(new)
            if last_round or new[mover] >= goal:
                after = oracle.last_round_chances(rolls, new, mover + 1, memo)
            else:
                after = V[(new, (mover + 1) % n)]
            chance += p * after[mover]
        out.append(chance)
    return out


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_a_table_with_equal_turns_follows_the_rules_and_the_coach_the_oracle(seed):
    """A seeded table of three (the person at seat 2 always throws 2 dice): at every
    throw the advice (race and last round) is the oracle's chance of each number of
    dice, the computers throw the oracle's best where it is clear, the last round
    gives the seats after the first to reach the goal one turn each, and the winners
    hold the highest score."""
    from jeopardy.fast_pig.play import FastPigTable

    goal, max_dice = 10, 3
    rules = FastPigRules("test", 6, max_dice, 1, goal)
    table = FastPigTable(solve(rules, 3, EQUAL_TURNS), seed, person=1)
    V, best = oracle.solve_equal_turns(goal, 3, 6, max_dice, 1)
    rolls = oracle._rolls(6, max_dice, 1)
    memo: dict = {}
    last_turns = []
    while table.winner is None:
        mover, scores, racing = table.mover, tuple(table.scores), table.leader is None
        advice = table.advice()
        theirs = _oracle_dice_chances(rolls, V, memo, goal, scores, mover, not racing)
        assert np.max(np.abs(np.array(advice.chances) - theirs)) < AGREE, (scores, mover)
        if not racing:
            last_turns.append(mover)
        dice = 2 if mover == table.person else table.computer_dice()
        if mover != table.person and sorted(theirs)[-1] - sorted(theirs)[-2] > 1e-9:
            assert dice == 1 + int(np.argmax(theirs))
        table.throw(dice)
    top = max(table.scores)
    assert table.winners == tuple(s for s in range(3) if table.scores[s] == top)
    finisher = min(s for s in range(3) if table.scores[s] >= goal)
    assert last_turns == list(range(finisher + 1, 3))


def test_cli_plays_a_table_with_equal_turns():
    done = _cli("play", "--game", "hog", "--goal", "15", "--players", "3", "--ending",
                "equal-turns", "--seat", "2", "--hints", "--seed", "3", answers="3\n" * 10)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("hog to 15") and "3 players, equal turns" in lines[0]
    assert "You are player 2" in lines[0]
    assert "  player 1 reached the goal with 22: one last turn each for the players after" in lines
    assert any(line.startswith("player 1 22, you 0, player 3 0  (last turn: beat 22)   best: ")
               for line in lines)
    assert lines[-1] == "player 1 wins: player 1 22, you 15, player 3 1"


def test_fairness_with_equal_turns_matches_the_oracle():
    """Two players, equal turns: the first of the round's chance at every head start
    (``(0, b)``, or ``(-b, 0)`` for ``b < 0``) is the oracle's, and the fairest is the
    one closest to one half."""
    from jeopardy.fast_pig import fairness

    goal = 12
    rules = FastPigRules("test", 6, 4, 0, goal)
    result = fairness(solve(rules, 2, EQUAL_TURNS), goal - 1)
    V, _ = oracle.solve(goal, 6, 4, 0, equal_turns=True)
    theirs = {b: V[(0, b, True)] if b >= 0 else V[(-b, 0, True)] for b in range(1 - goal, goal)}
    assert len(result.candidates) == 2 * goal - 1
    for b, chance in result.candidates:
        assert abs(chance - theirs[b]) < AGREE, b
    fairest = min(theirs, key=lambda b: (abs(theirs[b] - 0.5), abs(b), b))
    assert result.bonus == fairest
    done = _cli("fairness", "--game", "fast-pig", "--goal", "12", "--ending", "equal-turns",
                "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["bonus"] == fairness(
        solve(FastPigRules("fast-pig", 6, 10, 0, 12), 2, EQUAL_TURNS)).bonus
    done = _cli("fairness", "--game", "pig", "--goal", "12", "--ending", "equal-turns")
    assert done.returncode != 0 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    with pytest.raises(JeopardyError, match="two players"):
        fairness(solve(rules, 3, EQUAL_TURNS))


def test_farkle_two_players_without_ending_data_agree_with_its_round_ending():
    """Ten Thousand without hot dice (a turn's points bounded), a 150 minimum bank: the
    process's own last round at two players is Farkle's round ending
    (:func:`jeopardy.farkle.ending.round_ending`, the second player's last turn written
    for Farkle), every turn start of both places."""
    from jeopardy.farkle.ending import round_ending

    rules = FarkleRules(goal=500, hot_dice=False, min_bank=150)
    process = core.turn_process(rules)
    given = process_solver.solve(process, 10, 2, EQUAL_TURNS, round_ending(rules))
    own = process_solver.solve(process, 10, 2, EQUAL_TURNS)
    assert np.max(np.abs(given.values - own.values)) < SAME


def test_farkle_three_players_with_the_round_ending():
    """Three players, the round ending, hot dice off: converged, the chances sum to 1,
    doubling ``M`` changes nothing."""
    rules = FarkleRules(goal=300, hot_dice=False)
    ours = core.solve(rules, players=3)
    assert ours.converged and ours.max_residual < 1e-14
    assert abs(sum(ours.win_probabilities) - 1.0) < SAME
    doubled = core.solve(rules, players=3, cap_scale=2)
    assert int(doubled.solution.race.layout[1, 1]) == 2 * int(ours.solution.race.layout[1, 1])
    assert np.max(np.abs(ours.solution.values - doubled.solution.values)) < SAME


@pytest.mark.parametrize("changes, first", [
    pytest.param({}, False, id="hot-dice-round"),
    pytest.param({"hot_dice": False, "keep_choice": True}, False, id="cold-any-part-round"),
    pytest.param({"min_bank": 0}, True, id="no-minimum-first-to-reach"),
])
def test_the_work_counted_before_a_solve_is_the_solves_own(changes, first):
    """process_solver.pass_work (the N-player time estimate's count, made before any table
    is built) has the solved bundle's tables, and as many operations as a count over
    them from the rules' own throws: at each turn total up to each turn start's top,
    each state that can hold it, each scoring outcome and each choice; under the round
    ending as many last-round vectors as the solved last round's layers hold."""
    rules = FarkleRules(goal=300, **changes)
    ours = core.solve(rules, first, players=3)
    process, race = ours.solution.process, ours.solution.race
    work = process_solver.pass_work(process, 6, MatchRules(3, core.ending_of(first)))
    assert work.rows * len(process.states) == ours.solution.states
    reads = [sum(1 + len(choices) for _, choices in outcomes if choices)
             for outcomes in process.throws]
    above = set()  # the states that can hold a total above 0: entered with points, or
    for _ in process.states:  # without from a state that can
        for s, outcomes in enumerate(process.throws):
            for _, choices in outcomes:
                above |= {n for points, n in choices if points > 0 or s in above}
    count = 0
    for place in range(int(race.places)):
        for own, second, _third in itertools.product(range(6), repeat=3):
            top = int(process_kernels.turn_top.py_func(
                race, bool(race.equal == 1 and place < 2), own, second))
            for t in range(top + 1):
                count += sum(r for s, r in enumerate(reads) if t == 0 or s in above)
    assert work.operations == count
    assert work.starts == int(race.places) * 6 ** 3
    if first:
        assert work.vectors == work.last_round == 0
    else:  # the solved last round's layers, R = 1 then 2, each vector R + 1 floats
        begins = [int(race.layout[1, 0]), int(race.layout[2, 0]), len(race.last)]
        assert work.vectors == sum((begins[R] - begins[R - 1]) // (R + 1) for R in (1, 2))
