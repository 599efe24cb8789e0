"""Policies on the N-player model: mixed actions and the equal-turns ending in compare
(exact evaluation), simulate, reach and play, against the explicit-state reference."""
from __future__ import annotations

import dataclasses
import itertools
import json

import numpy as np
import pytest
from click.testing import CliRunner

from jeopardy.cli.main import cli
from jeopardy.match.rules import MatchRules
from jeopardy.match import policies
from oracles import race as reference
from jeopardy.rules import game
from jeopardy.rules.effects import ADD, BUST, add, bust
from jeopardy.rules.roll_model import roll_model


def _run(*args, text=None):
    return CliRunner().invoke(cli, list(args), input=text)


def _index(scores, goal):
    index = 0
    for s in scores:
        index = index * goal + s
    return index


def _mixed(solution, places_ks):
    """``solution`` with mixed actions at ``{(place, scores): {k: chance}}`` instead of
    its own (a mixed profile that is no equilibrium: the evaluation must play it)."""
    width = solution.cap + 2
    mixes = {}
    for (place, scores), chances in places_ks.items():
        table = np.full(width, -1.0)
        for k, chance in chances.items():
            table[k] = chance
        mixes[(place, _index(scores, solution.goal))] = table
    return dataclasses.replace(solution, mixes=mixes)


def _chance(policy, place, goal, equal):
    """The reference's reading of a seated policy: the roll chance of player ``place`` at
    ``scores`` (relative to it) and turn total ``k``."""
    if isinstance(policy, policies.RacePolicy):
        return lambda scores, k: float(policy.roll[scores[0], max(scores[1:]), k]) \
            if scores[0] + k < goal else 0.0
    at = place if equal else 0
    decisions = {}

    def chance(scores, k):
        if scores not in decisions:
            decisions[scores] = policy.decision(scores, at)
        decision = decisions[scores]
        if decision.mixed and k in decision.mixed:
            return decision.mixed[k]
        return 1.0 if decision.actions[k] == "R" else 0.0
    return chance


def _worst(ref, W, goal, players):
    """Largest difference between the evaluation's values and the reference's, over every
    turn start of every player (W[place, relative index, relative player])."""
    worst = 0.0
    for scores in itertools.product(range(goal), repeat=players):
        for mover in range(players):
            expected = ref.value(scores, mover)
            relative = tuple(scores[(mover + c) % players] for c in range(players))
            got = W[mover, _index(relative, goal)]
            worst = max(worst, max(abs(got[c] - expected[(mover + c) % players])
                                   for c in range(players)))
    return worst


def _reference(model, goal, seats, ending, cap=None):
    equal = ending == reference.EQUAL_TURNS
    chances = [_chance(p, place, goal, equal) for place, p in enumerate(seats)]
    return reference.solve(model, goal, len(seats), ending, cap=cap, policies=chances)


# ------------------------------------------------------------ mixed actions
def test_mixed_actions_are_evaluated_as_the_reference_plays_them(pig):
    """First to the goal: an equilibrium given mixed actions at two reached turn starts
    (the start among them), seated twice beside hold at 3; every turn start of every
    player against the explicit-state reference playing the same chances (1e-10: both
    iterate to ~1e-14).  The mixes move the start's chances by far more than that."""
    from jeopardy.match.evaluation import policy_values
    from jeopardy.match.solver import solve

    goal = 8
    solution = solve(pig, goal, 3)
    mixed = _mixed(solution, {(0, (0, 0, 0)): {2: 0.3, 4: 0.6}, (0, (2, 0, 4)): {3: 0.25}})
    seats = [mixed, policies.hold_at(goal, 3), mixed]
    W, residual = policy_values(pig, goal, seats)
    assert _worst(_reference(pig, goal, seats, reference.FIRST_TO_GOAL), W, goal, 3) < 1e-10
    assert residual < 1e-12
    pure, _ = policy_values(pig, goal, [solution, seats[1], solution])
    assert np.max(np.abs(pure[0, 0] - W[0, 0])) > 1e-3


def test_mixed_actions_under_equal_turns_match_the_reference(pig):
    """Equal turns, three players to 5 (cap 9): mixed actions at the start and at a turn
    total past the goal (raising the bar), beside hold at 2; every turn start and place
    against the reference (1e-10)."""
    from jeopardy.match.evaluation import policy_values
    from jeopardy.match.solver import solve

    goal, cap = 5, 9
    solution = solve(pig, goal, 3, "equal-turns", cap=cap)
    mixed = _mixed(solution, {(0, (0, 0, 0)): {2: 0.7}, (1, (3, 0, 2)): {3: 0.4}})
    seats = [mixed, policies.hold_at(goal, 2), mixed]
    W, residual = policy_values(pig, goal, seats, "equal-turns")
    ref = _reference(pig, goal, seats, reference.EQUAL_TURNS, cap)
    assert _worst(ref, W, goal, 3) < 1e-10
    assert residual < 1e-12


def test_the_equilibrium_evaluates_to_the_solver_values_with_its_mixes(pig):
    """3-player Pig to 13 under equal turns mixes at a few turn starts: every player
    playing the equilibrium is worth the solver's values at *every* turn start (1e-9),
    and at the start through the CLI (compare optimal x3 = solve); without the mixes the
    values at those turn starts are off by ~1e-3."""
    from jeopardy.match.evaluation import policy_values
    from jeopardy.match.solver import solve

    goal = 13
    solution = solve(pig, goal, 3, "equal-turns")
    assert solution.mixes
    W, _ = policy_values(pig, goal, [solution] * 3, "equal-turns")
    assert np.max(np.abs(W - solution.values)) < 1e-9
    pure = dataclasses.replace(solution, mixes={})
    W_pure, _ = policy_values(pig, goal, [pure] * 3, "equal-turns")
    assert max(np.max(np.abs(W_pure[at] - solution.values[at])) for at in solution.mixes) > 1e-5

    args = ("--players", "3", "--goal", str(goal), "--ending", "equal-turns", "--json")
    compared = _run("compare", "optimal", "optimal", "optimal", *args)
    solved = _run("solve", *args)
    assert compared.exit_code == 0 and solved.exit_code == 0, compared.output + solved.output
    assert json.loads(compared.stdout)["win_probabilities"] == pytest.approx(
        json.loads(solved.stdout)["win_probabilities"], abs=1e-9)


def test_simulation_draws_the_mixed_actions(pig):
    """The start's mixed actions (k = 2, 4) change every player's chance by a few
    percent; 60,000 seeded games land within 4 standard errors of the exact evaluation
    of the mixed profile."""
    from jeopardy.match.evaluation import evaluate
    from jeopardy.match.simulation import simulate
    from jeopardy.match.solver import solve

    goal = 8
    mixed = _mixed(solve(pig, goal, 3), {(0, (0, 0, 0)): {2: 0.1, 4: 0.2}})
    seats = [mixed, policies.hold_at(goal, 3), policies.hold_at(goal, 5)]
    exact = evaluate(pig, goal, seats).win_probabilities
    simulated = simulate(pig, goal, seats, 60_000, seed=5)
    for p, e, se in zip(simulated.win_probabilities, exact, simulated.stderrs):
        assert abs(p - e) < 4 * se, (p, e, se)


# --------------------------------------------------------------- equal turns
@pytest.mark.parametrize("name, goal, holds", [
    pytest.param("pig", 6, (2, 3, 4), id="pig-6"),
    pytest.param("piglet", 4, (1, 2, 4), id="piglet-4"),
])
def test_race_policies_under_equal_turns_match_the_reference(name, goal, holds):
    """Hold-at policies only, the last round's cap given (small, so that leaders pass
    it): every turn start and place against the reference (1e-10); hold at N banks on
    reaching the goal and plays its last turn as the last round does."""
    from jeopardy.match.evaluation import policy_values

    model = game(name)
    seats = [policies.hold_at(goal, h) for h in holds]
    cap = goal + 3
    W, residual = policy_values(model, goal, seats, "equal-turns", cap=cap)
    ref = _reference(model, goal, seats, reference.EQUAL_TURNS, cap)
    assert _worst(ref, W, goal, 3) < 1e-10
    assert sum(W[0, 0]) == pytest.approx(1.0, abs=1e-12)
    assert residual < 1e-12


def test_the_last_round_cap_is_the_first_proved(pig):
    """Without an equilibrium seated, the cap is the first of the solver's caps whose
    last-round proof holds; doubling its margin changes no chance (1e-12)."""
    from jeopardy.match.evaluation import evaluate, last_round_cap
    from jeopardy.match.solver import _CapBound, bundle, cap_sequence

    goal = 6
    rules = MatchRules(3, "equal-turns")
    cap = last_round_cap(pig, goal, rules)
    caps = cap_sequence(goal)
    assert _CapBound(pig, bundle(pig, goal, rules, cap)).possible()
    assert not any(_CapBound(pig, bundle(pig, goal, rules, c)).possible()
                   for c in caps[:caps.index(cap)])
    seats = [policies.hold_at(goal, h) for h in (2, 3, 4)]
    chances = evaluate(pig, goal, seats, "equal-turns").win_probabilities
    doubled = evaluate(pig, goal, seats, "equal-turns", cap=2 * cap - goal).win_probabilities
    assert chances == pytest.approx(doubled, abs=1e-12)


# A bust on two faces in three: a last player level with the leader stops for the tie
# (a share of 1/2 beats rolling's 1/3), so games end in ties often.
RISKY = roll_model("risky", {add(1): "1/3", bust: "2/3"})


@pytest.mark.parametrize("name, goal, holds", [
    pytest.param("pig", 13, (5, 8), id="pig-13"),
    pytest.param("risky", 6, (1, 2), id="risky-6-ties"),
])
def test_equal_turns_simulation_agrees_with_the_exact_evaluation(name, goal, holds):
    """Equal turns, the equilibrium (with its mixes at Pig to 13) beside two hold-at
    players, 60,000 seeded games: each share within 4 standard errors of compare's
    exact value; the shares of ties sum with the wins to 1."""
    from jeopardy.match.evaluation import evaluate
    from jeopardy.match.simulation import simulate
    from jeopardy.match.solver import solve

    model = RISKY if name == "risky" else game(name)
    seats = [solve(model, goal, 3, "equal-turns")] + [policies.hold_at(goal, h) for h in holds]
    exact = evaluate(model, goal, seats, "equal-turns").win_probabilities
    simulated = simulate(model, goal, seats, 60_000, seed=2, ending="equal-turns")
    assert sum(simulated.win_probabilities) == pytest.approx(1.0, abs=1e-12)
    for p, e, se in zip(simulated.win_probabilities, exact, simulated.stderrs):
        assert abs(p - e) < 4 * se, (p, e, se)


def test_cli_compare_and_simulate_under_equal_turns():
    args = ("--goal", "10", "--ending", "equal-turns", "--json")
    compared = _run("compare", "hold:4", "hold:5", "hold:6", *args)
    assert compared.exit_code == 0, compared.output
    data = json.loads(compared.stdout)
    assert data["ending"] == "equal-turns" and len(data["win_probabilities"]) == 3
    assert sum(data["win_probabilities"]) == pytest.approx(1.0, abs=1e-12)
    simulated = _run("simulate", "hold:4", "hold:5", "hold:6", "--games", "3000", *args)
    assert simulated.exit_code == 0, simulated.output
    assert json.loads(simulated.stdout)["ending"] == "equal-turns"
    two = _run("compare", "hold:4", "hold:5", *args)  # two players take the N-player path
    assert two.exit_code == 0 and len(json.loads(two.stdout)["win_probabilities"]) == 2


# --------------------------------------------------------------------- reach
def _brute_force_reach(solution):
    """Explicit states (scores by player number, mover, turn total), every player asking
    the solution's decision (an action of positive chance where it mixes); under equal
    turns a mover before the end of the round rolls on to the cap, and a stop at the goal
    ends the race.  Returns the states (place, relative scores, k), the rolling ones and
    the turn starts."""
    goal, n, model = solution.goal, solution.players, solution.model
    equal = solution.rules.ending == "equal-turns"
    decisions = {}

    def may(relative, place, k):
        if (relative, place) not in decisions:
            decisions[relative, place] = solution.decision(relative, place)
        decision = decisions[relative, place]
        if decision.mixed and k in decision.mixed:
            return decision.mixed[k] > 0, decision.mixed[k] < 1
        return decision.actions[k] == "R", decision.actions[k] == "H"

    states, rolling, starts = set(), set(), set()
    queue = [((0,) * n, 0)]
    seen = set(queue)
    while queue:
        scores, mover = queue.pop()
        relative = tuple(scores[(mover + c) % n] for c in range(n))
        place = mover if equal else 0
        starts.add((place, relative))
        limit = solution.cap if equal and mover < n - 1 else goal
        own = scores[mover]
        frontier, visited, ends = [0], set(), []
        while frontier:
            k = frontier.pop()
            if k in visited:
                continue
            visited.add(k)
            states.add((place, relative, k))
            rolls, holds = may(relative, place, k)
            if holds:
                ends.append(own + k)
            if not rolls:
                continue
            rolling.add((place, relative, k))
            for effect, _ in model.outcomes:
                if effect.kind == ADD:
                    if own + k + effect.points < limit:
                        frontier.append(k + effect.points)
                elif effect.kind == BUST:
                    ends.append(own)
                else:
                    raise AssertionError("pig and piglet have add and bust only")
        for banked in ends:
            if banked >= goal:
                continue  # the race is over (first to the goal; or the last round)
            new = list(scores)
            new[mover] = banked
            state = (tuple(new), (mover + 1) % n)
            if state not in seen:
                seen.add(state)
                queue.append(state)
    return states, rolling, starts


@pytest.mark.parametrize("name, goal, ending", [
    pytest.param("pig", 13, "equal-turns", id="pig-13-equal-turns"),
    pytest.param("piglet", 6, "equal-turns", id="piglet-6-equal-turns"),
    pytest.param("pig", 12, "first-to-goal", id="pig-12-first-to-goal"),
])
def test_reach_matches_a_brute_force_search(name, goal, ending):
    from jeopardy.match.reachability import reachable
    from jeopardy.match.solver import solve

    solution = solve(game(name), goal, 3, ending)
    result = reachable(solution)
    states, rolling, starts = _brute_force_reach(solution)
    assert (result.count, result.roll_count, result.reachable_turn_starts) == \
        (len(states), len(rolling), len(starts))
    assert 0 < result.count < result.total_states
    assert result.ending == ending


def test_reach_follows_every_action_of_a_mixed_decision(pig):
    """A mixed action at the start (hold at 2 with chance 1/2) opens turn starts the pure
    equilibrium never reaches; the count is the brute force's."""
    from jeopardy.match.reachability import reachable
    from jeopardy.match.solver import solve

    solution = solve(pig, 10, 3)
    mixed = _mixed(solution, {(0, (0, 0, 0)): {2: 0.5}})
    result = reachable(mixed)
    states, rolling, starts = _brute_force_reach(mixed)
    assert (result.count, result.roll_count, result.reachable_turn_starts) == \
        (len(states), len(rolling), len(starts))
    assert result.reachable_turn_starts > reachable(solution).reachable_turn_starts


def test_cli_reach_under_equal_turns():
    result = _run("reach", "--players", "3", "--goal", "10", "--ending", "equal-turns", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ending"] == "equal-turns" and data["reachable_states"] <= data["states"]


# ---------------------------------------------------------------------- play
def test_a_table_of_computers_plays_the_last_round_to_its_end(pig):
    """Equal turns, three computers to 10: every game ends with the highest score among
    the winners (tied players share), and some games go through the last round."""
    from jeopardy.match.play import Table
    from jeopardy.match.solver import solve

    solution = solve(pig, 10, 3, "equal-turns")
    last_rounds = 0
    for seed in range(12):
        table = Table(solution, seed, person=0)
        for _ in range(100_000):
            if table.winner is not None:
                break
            table.roll() if table.computer_rolls() else table.hold()
        assert table.winners and all(table.scores[w] == max(table.scores)
                                     for w in table.winners)
        assert max(table.scores) >= 10
        last_rounds += table.leader is not None
    assert last_rounds > 0


def test_last_turn_values_are_the_reference_last_round(pig):
    """A last turn at the table (player 2 of 3 behind a leader at 6, player 3 still to
    play): the mover's chance at each turn total the reference enumerates (1e-10)."""
    from jeopardy.match.play import Table
    from jeopardy.match.solver import solve

    goal, cap = 5, 9
    solution = solve(pig, goal, 3, "equal-turns", cap=cap)
    ref = reference.solve(pig, goal, 3, reference.EQUAL_TURNS, cap=cap)
    table = Table(solution, 0)
    table.scores, table.leader, table.tied, table.mover = [6, 2, 3], 6, [0], 1
    vals = table.last_turn()
    compared = 0
    for k in range(cap - 2):  # below the stop (the cap) from own score 2
        state = ("last", (2, 3), 6, frozenset({0}), 1, k)
        if state in ref.values:
            assert vals[k, 1] == pytest.approx(ref.values[state][1], abs=1e-10)
            compared += 1
    assert compared > 3


def test_cli_play_three_players_equal_turns_end_to_end():
    """Scripted answers (roll, roll, hold, ...) play whole games to their verdict; at
    least one of a few seeds reaches the last round."""
    last_round = 0
    for seed in range(4):
        result = _run("play", "--players", "3", "--ending", "equal-turns", "--goal", "10",
                      "--seat", "2", "--hints", "--seed", str(seed), text="r\nr\nh\n" * 300)
        assert result.exit_code == 0, result.output
        assert "equal turns" in result.output and "P(win)" in result.output
        verdict = result.output.strip().splitlines()[-1]
        assert " win" in verdict or "a tie between" in verdict, verdict
        last_round += "one last turn" in result.output
    assert last_round > 0
