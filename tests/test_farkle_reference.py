"""The Ten Thousand reference twin (written from the seed's rules) against the
package: scoring, the seed's Table 1, the two-player solver, and a seeded
simulation that plays the rules with real dice."""
import itertools
from fractions import Fraction

import pytest

from jeopardy.errors import JeopardyError
from jeopardy.published import TEN_THOUSAND_TABLE_1 as TABLE_1
from oracles.farkle import ReferenceRules, evaluate, optimal_policy, reach_probabilities, solve
from oracles.farkle_policies import Policy, bank_at, fewest_dice
from oracles.farkle_simulation import simulate
from oracles.farkle_throws import (best_parts, outcome_arrays, part_options, score_dice,
                                   single_throw_table, throw_distribution)

# Values are certified brackets of width < 1e-13 (checked below); the solver's
# agreement with them is tested in tests/test_farkle_core.py.


# ---------------------------------------------------------------- scoring

@pytest.mark.parametrize("dice", range(1, 7))
def test_scoring_agrees_with_the_package_on_every_throw(dice):
    from jeopardy.farkle.scoring import score_all

    for throw in itertools.product(range(1, 7), repeat=dice):
        points, aside = score_all(throw)
        assert score_dice(throw) == (points, len(aside)), throw


@pytest.mark.parametrize("dice", range(1, 7))
def test_part_options_agree_with_the_package(dice):
    """IV.4, every throw: each part (the package's ``every``), and the best points for
    each number of dice set aside (its default)."""
    from jeopardy.farkle.scoring import keep_options

    for counts, _ in throw_distribution(dice):
        assert keep_options(counts, every=True) == part_options(counts), counts
        assert keep_options(counts) == best_parts(counts), counts


def test_scoring_readings():
    assert score_dice([1, 1, 1, 1]) == (2000, 4)  # four 1s, not 1,000 + 100
    assert score_dice([5, 5, 5, 5, 5]) == (2000, 5)
    assert score_dice([1, 2, 3, 4, 5, 6]) == (2000, 6)  # the sequence
    assert score_dice([2, 2, 3, 3, 4, 4]) == (0, 0)  # three pairs are nothing
    assert score_dice([2, 2, 2, 3, 3, 3]) == (500, 6)  # two triples
    assert score_dice([2, 2, 2, 2, 1, 5]) == (550, 6)


@pytest.mark.parametrize("cell", list(TABLE_1), ids=[f"I{i}-K{k}" for i, k in TABLE_1])
def test_single_throw_table_is_the_seeds_table_1(cell):
    """Each cell rounds to the seed's printed value (two decimals)."""
    dice, k = cell
    percent, mean = TABLE_1[cell]
    row = single_throw_table(dice)
    assert set(row) == {kk for ii, kk in TABLE_1 if ii == dice}
    probability, score = row[k]
    assert abs(100 * probability - Fraction(str(percent))) <= Fraction(1, 200)
    if mean is not None:
        assert abs(score - Fraction(str(mean))) <= Fraction(1, 200)


@pytest.mark.parametrize("keep_any_part", [False, True])
def test_outcome_tables_sum_to_one(keep_any_part):
    counts, scores, nexts, probs, bust = outcome_arrays(keep_any_part)
    for n in range(1, 7):
        assert probs[n].sum() + bust[n] == pytest.approx(1, abs=1e-15)
        assert (nexts[n, : counts[n], 0] > 0).all()


def test_reach_probabilities():
    r = reach_probabilities(ReferenceRules(), 400)
    assert r[0] == 1 and r[1] == pytest.approx(1 - 5 / 162, abs=1e-15)  # anything but P(6, 0)
    assert (r[1:] <= r[:-1]).all() and 0 < r[400] < 1e-10
    wider = reach_probabilities(ReferenceRules(keep_any_part=True), 400)
    assert (wider >= r - 1e-15).all() and wider[100] > r[100]  # IV.4 can only help


# ---------------------------------------------------------------- the reference

@pytest.mark.slow
def test_goal_50_first_to_reach_is_a_race_of_first_successes():
    """Each turn needs 350 points; the first success wins: 1 / (2 - p)."""
    p = reach_probabilities(ReferenceRules(), 7)[7]
    result = solve(ReferenceRules(goal=50, first_to_reach=True))
    assert result.win_probability == pytest.approx(1 / (2 - p), abs=1e-14)


@pytest.mark.parametrize("first_to_reach", [False, True], ids=["round", "first-to-reach"])
def test_bracket_is_tight(first_to_reach):
    result = solve(ReferenceRules(goal=1000, first_to_reach=first_to_reach))
    assert 0 <= result.lower <= result.upper <= 1
    assert result.upper - result.lower < 1e-13
    assert result.settle_error == 0


@pytest.mark.slow
def test_doubling_the_settle_margin_changes_nothing():
    """Goal 1,000 (the margin is 3,500 past it, as at 2,000: 3 s of solves, not 12)."""
    rules = ReferenceRules(goal=1000)
    base = solve(rules)
    assert base.settle_margin == 3500
    doubled = solve(rules, settle=2 * base.settle_margin)
    assert doubled.settle_error == 0
    assert abs(doubled.win_probability - base.win_probability) < 1e-13
    # ...while a margin that truncates at the minimum moves the value: the test can fail.
    short = solve(rules, settle=350)
    assert abs(short.win_probability - base.win_probability) > 1e-4
    assert short.settle_error != short.settle_error  # NaN: condition (C) fails, nothing proved


# ---------------------------------------------------------------- optional rules

@pytest.mark.parametrize("switch", [
    pytest.param(dict(first_to_reach=True, no_bank_six=True), id="IV.1-first-to-reach"),
    pytest.param(dict(high_min_bank=500, high_score=500), id="IV.2-round"),
    pytest.param(dict(first_to_reach=True, high_min_bank=500, high_score=500), id="IV.2-first-to-reach"),
    pytest.param(dict(exact_goal=True), id="IV.3-round"),
    pytest.param(dict(first_to_reach=True, exact_goal=True), id="IV.3-first-to-reach"),
    pytest.param(dict(keep_any_part=True), id="IV.4-round"),
    pytest.param(dict(first_to_reach=True, keep_any_part=True), id="IV.4-first-to-reach"),
])
def test_each_optional_rule_moves_the_value(switch):
    rules = ReferenceRules(goal=1000, **switch)
    plain = ReferenceRules(goal=1000, first_to_reach=rules.first_to_reach)
    result = solve(rules)
    assert result.upper - result.lower < 1e-13
    assert abs(result.win_probability - solve(plain).win_probability) > 1e-4


@pytest.mark.slow
def test_no_bank_with_six_dice_round_ending():
    """IV.1 under the round ending: a long settle margin with a proved bound."""
    result = solve(ReferenceRules(goal=500, no_bank_six=True))
    assert result.settle_error < 1e-16
    assert result.upper - result.lower < 1e-13
    assert abs(result.win_probability - solve(ReferenceRules(goal=500)).win_probability) > 1e-4


def test_bad_rules_are_refused():
    with pytest.raises(JeopardyError, match="goal"):
        ReferenceRules(goal=1025)
    with pytest.raises(JeopardyError, match="up to 10,000"):
        ReferenceRules(goal=20_000)
    with pytest.raises(JeopardyError, match="min_bank"):
        ReferenceRules(min_bank=0)
    with pytest.raises(JeopardyError, match="settle"):
        solve(ReferenceRules(goal=500), settle=100)


# ---------------------------------------------------------------- simulation

def _policies(goal):
    return bank_at(350, goal), bank_at(350, goal, most_dice=2)


@pytest.mark.slow
@pytest.mark.parametrize("first_to_reach", [False, True], ids=["round", "first-to-reach"])
def test_simulation_agrees_with_policy_evaluation(first_to_reach):
    """Bank at 350 against bank at 350 with at most two dice in hand, goal 1,000:
    the exact value lies within 4 standard errors of 100,000 simulated games."""
    rules = ReferenceRules(goal=1000, first_to_reach=first_to_reach)
    first, second = _policies(rules.goal)
    exact = evaluate(rules, first, second)
    assert exact.upper - exact.lower < 1e-13
    played = simulate(rules, first, second, games=100_000, seed=7)
    assert abs(played.win_probability - exact.win_probability) < 4 * played.standard_error
    # The two policies are far enough apart for the check to mean something.
    assert abs(exact.win_probability - evaluate(rules, first, first).win_probability) > 0.02


@pytest.mark.parametrize("switch", [
    pytest.param(dict(no_bank_six=True, first_to_reach=True), id="IV.1"),
    pytest.param(dict(high_min_bank=500, high_score=500), id="IV.2"),
    pytest.param(dict(exact_goal=True), id="IV.3-round"),
    pytest.param(dict(exact_goal=True, first_to_reach=True), id="IV.3-first-to-reach"),
    pytest.param(dict(keep_any_part=True), id="IV.4"),
])
def test_simulation_agrees_with_policy_evaluation_under_optional_rules(switch):
    """Goal 1,000; under IV.4 the second player keeps as few dice as it may."""
    rules = ReferenceRules(goal=1000, **switch)
    first = bank_at(350, rules.goal)
    second = bank_at(350, rules.goal, most_dice=2, choose=fewest_dice)
    exact = evaluate(rules, first, second)
    played = simulate(rules, first, second, games=100_000, seed=11)
    assert abs(played.win_probability - exact.win_probability) < 4 * played.standard_error


def test_simulation_is_seeded():
    rules = ReferenceRules(goal=1000)
    first, second = _policies(rules.goal)
    a = simulate(rules, first, second, games=2000, seed=3)
    b = simulate(rules, first, second, games=2000, seed=3)
    c = simulate(rules, first, second, games=2000, seed=4)
    assert a.win_probability == b.win_probability != c.win_probability


def test_a_second_run_of_the_oracles_adds_nothing_to_the_numba_cache(tmp_path):
    """The oracle's kernels that take a policy are compiled in each process, not cached
    (oracles/farkle_policies.py, ``with_policy``): cached, each run appended entries
    keyed by that process's dispatchers, which never matched again, and one that could
    not be rebuilt made every later save raise ReferenceError.  Two identical runs of
    the simulation (small goal; the evaluation's policy kernels take the same decorator)
    leave the same cache files."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = ("from oracles.farkle import ReferenceRules\n"
            "from oracles.farkle_policies import bank_at\n"
            "from oracles.farkle_simulation import simulate\n"
            "rules = ReferenceRules(goal=300, min_bank=100)\n"
            "simulate(rules, bank_at(100, 300), bank_at(150, 300), games=10)\n")
    tests = Path(__file__).parent
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path),
           "PYTHONPATH": os.pathsep.join([str(tests), str(tests.parent)])}
    listings = []
    for _ in range(2):
        subprocess.run([sys.executable, "-c", code], env=env, check=True, timeout=600)
        listings.append(sorted(p.name for p in tmp_path.rglob("*") if p.is_file()))
    assert listings[0], "the kernels without a policy are cached"
    assert listings[1] == listings[0]


def test_evaluation_refuses_a_policy_that_throws_on_past_the_goal():
    rules = ReferenceRules(goal=500, first_to_reach=True)
    # banks with two dice or fewer, whatever the total: it throws on with a winning total
    # and three dice (its own goal, 10^9, is never reached)
    policy = bank_at(0, 10 ** 9, most_dice=2)
    with pytest.raises(JeopardyError, match="throws on"):
        evaluate(rules, policy, policy)


def test_simulation_refuses_bad_requests():
    first, second = _policies(1000)
    with pytest.raises(JeopardyError, match="games"):
        simulate(ReferenceRules(goal=1000), first, second, games=0)


@pytest.mark.slow
@pytest.mark.parametrize("first_to_reach", [False, True], ids=["round", "first-to-reach"])
def test_optimal_policy_is_a_saddle_point_and_plays_its_value(first_to_reach):
    """The recorded optimal choices evaluate to the solved value; neither player
    gains by switching to a simple policy; 200,000 games of optimal play land
    within 4 standard errors of the value."""
    rules = ReferenceRules(goal=1000, first_to_reach=first_to_reach)
    solution, optimal = optimal_policy(rules)
    assert abs(evaluate(rules, optimal, optimal).win_probability - solution.win_probability) < 1e-13
    for simple in (bank_at(350, rules.goal), bank_at(350, rules.goal, most_dice=2)):
        assert evaluate(rules, optimal, simple).win_probability >= solution.win_probability - 1e-13
        assert evaluate(rules, simple, optimal).win_probability <= solution.win_probability + 1e-13
    played = simulate(rules, optimal, optimal, games=200_000, seed=5)
    assert abs(played.win_probability - solution.win_probability) < 4 * played.standard_error


# ---------------------------------------------------------------- IV.5: continue the position

@pytest.mark.parametrize("first_to_reach", [False, True], ids=["round", "first-to-reach"])
def test_continuing_the_position_moves_the_value(first_to_reach):
    rules = ReferenceRules(goal=1000, first_to_reach=first_to_reach, continue_position=True)
    plain = ReferenceRules(goal=1000, first_to_reach=first_to_reach)
    result = solve(rules)
    assert result.upper - result.lower < 1e-13
    assert abs(result.win_probability - solve(plain).win_probability) > 1e-4
    if not first_to_reach:  # B may take over A's winning position: a big swing to the second player
        assert result.win_probability < solve(plain).win_probability - 0.05


@pytest.mark.parametrize("switch", [
    pytest.param(dict(no_bank_six=True), id="IV.1"),
    pytest.param(dict(high_min_bank=500, high_score=300), id="IV.2"),
    pytest.param(dict(keep_any_part=True), id="IV.4"),
])
def test_continuing_the_position_with_other_optional_rules(switch):
    """Goal 500, round ending: certified brackets, and IV.5 still moves the value."""
    rules = ReferenceRules(goal=500, continue_position=True, **switch)
    result = solve(rules)
    assert result.upper - result.lower < 1e-13
    assert abs(result.win_probability - solve(ReferenceRules(goal=500, **switch)).win_probability) > 1e-4


@pytest.mark.slow
def test_doubling_the_continue_margin_changes_nothing():
    """The bracket contains the true value whatever the margin; the default is
    already tight, doubling it moves nothing, and a margin at the minimum leaves
    a wide bracket (the truncation is felt: the test can fail)."""
    rules = ReferenceRules(goal=1000, continue_position=True)
    base = solve(rules)
    assert base.settle_margin == 11_500 and base.upper - base.lower < 1e-13
    doubled = solve(rules, settle=2 * base.settle_margin)
    assert doubled.upper - doubled.lower < 1e-13 and doubled.settle_error < base.settle_error
    assert abs(doubled.win_probability - base.win_probability) < 1e-13
    short = solve(rules, settle=350)
    assert short.upper - short.lower > 1e-4
    assert short.lower <= base.win_probability <= short.upper


@pytest.mark.slow
@pytest.mark.parametrize("first_to_reach", [False, True], ids=["round", "first-to-reach"])
def test_simulation_plays_the_continue_position_value(first_to_reach):
    """IV.5 played with real dice (the simulation implements the rule on its
    own): the recorded optimal choices, continue-or-fresh included, land within
    4 standard errors of the solved value; a second player that never continues
    is measurably worse off under the round ending."""
    rules = ReferenceRules(goal=1000, first_to_reach=first_to_reach, continue_position=True)
    solution, optimal = optimal_policy(rules)
    played = simulate(rules, optimal, optimal, games=200_000, seed=5)
    assert abs(played.win_probability - solution.win_probability) < 4 * played.standard_error
    if not first_to_reach:
        fresh = Policy(optimal.decide, optimal.data)  # same banks, never continues
        played = simulate(rules, optimal, fresh, games=200_000, seed=6)
        assert played.win_probability > solution.win_probability + 0.05


def test_continuing_the_position_refusals():
    with pytest.raises(JeopardyError, match="IV.3"):
        ReferenceRules(goal=1000, exact_goal=True, continue_position=True)
    with pytest.raises(JeopardyError, match="4,000"):
        ReferenceRules(goal=5000, continue_position=True)
    with pytest.raises(JeopardyError, match="IV.5"):
        evaluate(ReferenceRules(goal=1000, continue_position=True), *_policies(1000))
    with pytest.raises(JeopardyError, match="settle"):
        solve(ReferenceRules(goal=500, continue_position=True), settle=100)


