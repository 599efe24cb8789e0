"""The simultaneous single-turn game: matrix, LP, exact certificate, full game."""
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from jeopardy.rules import game
from jeopardy.simultaneous.best_response import best_response
from jeopardy.simultaneous.export import payoff_csv, strategy_csv
from jeopardy.simultaneous.game import (hold_distributions, merge_identical, replies_to_pure,
                                        solve_simultaneous)
from jeopardy.simultaneous.payoff import payoff_matrix
from jeopardy.turn.distribution import hold_at, recursion_distribution
from tests.strategies import roll_models


@pytest.fixture(scope="module")
def pig_solution():
    return solve_simultaneous(game("pig"), 100, all_stopping_rules=True)


def win_loss_tie(a, b):
    """Exact ``(P(a wins), P(b wins), P(tie))`` of two final scores' distributions, pair
    by pair (the matrix's entry is the first less the second)."""
    win = loss = tie = Fraction(0)
    for n, p in a.probabilities.items():
        for m, q in b.probabilities.items():
            if n > m:
                win += p * q
            elif n < m:
                loss += p * q
            else:
                tie += p * q
    return win, loss, tie


def test_matrix_entries_equal_direct_win_minus_loss(pig):
    ds = hold_distributions(pig, 30)
    matrix = payoff_matrix(ds)
    for a, b in [(0, 19), (19, 0), (20, 20), (5, 29), (12, 7)]:
        win, loss, tie = win_loss_tie(ds[a], ds[b])
        assert win + loss + tie == 1
        assert matrix[a, b] == win - loss


def test_matrix_is_skew_symmetric(pig):
    matrix = payoff_matrix(hold_distributions(pig, 40))
    assert (matrix.numerators + matrix.numerators.T == 0).all()


def test_hold_at_1_and_2_are_merged_for_a_d6(pig):
    keep, merged = merge_identical(hold_distributions(pig, 10))
    assert merged == {0: (1,)}


def test_restricted_equilibrium_is_verified_exactly(pig_solution):
    eq = pig_solution.restricted
    assert eq.verified
    assert eq.value == 0
    assert sum(w.probability for w in eq.strategy) == 1
    assert all(w.probability > 0 for w in eq.strategy)
    # Seed: "roll to 21 approximately one-third of the time ... including
    # the possibility of just a single roll".
    assert abs(float(eq.weight_of_hold(21)) - 1 / 3) < 0.02
    assert eq.weight_of_hold(1) > 0


def test_certificate_recomputed_independently(pig_solution):
    """Against the exact equilibrium mix, every hold-at-h earns <= 0 (computed
    here from win/loss/tie sums, not from the solver's matrix)."""
    eq = pig_solution.restricted
    ds = hold_distributions(game("pig"), 100)
    mix = {n: p for n, p in eq.score_distribution.items()}
    from jeopardy.simultaneous.best_response import score_utilities
    u, top = score_utilities(mix)
    for d in ds[::7]:
        payoff = sum(p * (u[n] if n <= top else 1) for n, p in d.probabilities.items())
        assert payoff <= 0


def test_full_game_beats_hold_at_h_and_is_verified(pig_solution):
    assert pig_solution.full_gain > 0  # hold-at-h is not enough
    full = pig_solution.full
    assert full.verified and full.value == 0
    # The exact best response over all stopping rules earns nothing against it.
    assert best_response(game("pig"), full.score_distribution).value <= 0
    assert any(w.rule.hold is None for w in full.strategy)


def test_seed_claims_on_pure_strategies(pig):
    rows = replies_to_pure(pig, 100)
    # "against any pure strategy, an optimal player can gain at least an 8% advantage":
    # true when the reply may be any stopping rule (8.18%, against hold at 17);
    # replying with hold-at-h only, the smallest edge is 7.96% (also against 17).
    weakest = min(rows, key=lambda r: r.rule_advantage)
    assert weakest.hold == 17 and weakest.rule_advantage >= Fraction(8, 100)
    assert abs(float(weakest.rule_advantage) - 0.08178) < 1e-5
    weakest_hold = min(rows, key=lambda r: r.advantage)
    assert weakest_hold.hold == 17 and abs(float(weakest_hold.advantage) - 0.07959) < 1e-5
    # "against hold at 20 ... a nearly 15% advantage just by rolling a single time"
    single_roll_vs_20 = payoff_matrix(hold_distributions(pig, 20))[0, 19]
    assert Fraction(14, 100) < single_roll_vs_20 < Fraction(15, 100)


@pytest.mark.parametrize("table", [
    None,  # Piglet
    pytest.param({"add 1": "1/2", "bank 2": "1/4", "bust": "1/4"}, id="coin-with-bank"),
])
def test_best_response_dp_matches_brute_force_on_tiny_game(piglet, table):
    """For a coin (Piglet, and one whose third outcome banks 2), every stopping
    rule on totals 0..5 is enumerated."""
    if table is not None:
        from jeopardy.rules import add, bank, bust, roll_model

        effects = {"add 1": add(1), "bank 2": bank(2), "bust": bust}
        piglet = roll_model("bank coin", {effects[k]: v for k, v in table.items()})
    opponent = recursion_distribution(piglet, hold_at(2)).probabilities
    best = best_response(piglet, opponent)
    from itertools import combinations
    from jeopardy.turn.distribution import StoppingRule
    from jeopardy.simultaneous.best_response import score_utilities
    u, top = score_utilities(opponent)
    brute = max(
        sum(p * (u[n] if n <= top else 1) for n, p in
            recursion_distribution(piglet, StoppingRule(frozenset(c))).probabilities.items())
        for size in range(0, 6) for c in combinations(range(6), size))
    assert best.value == brute


@given(roll_models(allow_bank=False, allow_bust_all=False, max_points=4), st.integers(3, 12))
@settings(max_examples=15, deadline=None)
def test_symmetric_game_has_value_zero(model, max_hold):
    solution = solve_simultaneous(model, max_hold)
    assert solution.restricted.value == 0
    assert solution.restricted.verified


def test_csv_exports(pig_solution):
    import csv, io

    text = payoff_csv(pig_solution, exact=True)
    lines = text.splitlines()
    assert lines[0].split(",")[1] == "hold 1" and lines[1].split(",")[0] == "hold 1"
    # hold at 1..100, then the stopping rules the double oracle added (the full game)
    n = len(pig_solution.strategies)
    assert n > 100 and pig_solution.labels[100].startswith("roll at")
    assert len(lines) == n + 1 and len(next(csv.reader([lines[5]]))) == n + 1
    assert Fraction(lines[1].split(",")[20]) == pig_solution.matrix[0, 19]
    floats = payoff_csv(pig_solution, exact=False).splitlines()
    assert float(floats[1].split(",")[20]) == pytest.approx(0.14499, abs=1e-5)
    strategy = list(csv.reader(io.StringIO(strategy_csv(pig_solution.equilibrium))))
    assert strategy[0] == ["rule", "hold", "stop_at", "probability", "probability_exact"]
    assert sum(Fraction(row[4]) for row in strategy[1:]) == 1


def test_to_dict_has_exact_strings(pig_solution):
    data = pig_solution.to_dict()
    assert data["value"] == 0.0 and data["value_exact"] == "0" and data["verified"] is True
    assert data["game"] == "pig" and data["max_hold"] == 100
    assert data["merged"] == {"1": [2]}  # hold at 1 and 2 are one strategy for a d6
    assert data["dominated"] and all(int(h) > 0 and d > 0 for h, d in data["dominated"].items())
    assert sum(Fraction(s["probability_exact"]) for s in data["strategy"]) == 1
    assert sum(Fraction(p) for p in data["score_distribution_exact"].values()) == 1


@pytest.mark.parametrize("opponent", ["hold at 20", "banked 12"])
def test_doubling_the_best_responses_turn_total_cap_changes_nothing(opponent):
    """Above the opponent's top score stopping wins (the proof in
    jeopardy.simultaneous.best_response); a zero-mass score at twice the top
    doubles the programme's range and must change nothing, exactly.  Against
    hold at 20 the best reply is a single roll; against a last turn that has
    banked 12 (or busted, 1 in 3) it rolls at 12 itself, so the value at the
    top of the range is read."""
    from jeopardy.turn.distribution import generating_function_distribution

    model = game("pig")
    if opponent == "hold at 20":
        scores = dict(generating_function_distribution(model, 20).probabilities)
    else:
        scores = {0: Fraction(1, 3), 12: Fraction(2, 3)}
    wide = dict(scores)
    wide[2 * max(scores)] = Fraction(0)
    base, wider = best_response(model, scores), best_response(model, wide)
    assert base.value == wider.value
    assert base.rule.roll_at == wider.rule.roll_at
    if opponent == "banked 12":
        assert 12 in base.rule.roll_at


def test_a_degenerate_lp_vertex_drops_its_smallest_weights(monkeypatch):
    """Rock, paper, scissors and a copy of rock (a strategy merged away in real
    games, kept here): an LP vertex weighting all four makes the equalising
    system singular (two equal rows).  The fallback drops the smallest weight
    first -- the copy -- and certifies the unique equilibrium of the other
    three, 1/3 each with value 0 (the LP is stubbed to return that vertex)."""
    import numpy as np

    from jeopardy.simultaneous import game as game_module
    from jeopardy.simultaneous import lp
    from jeopardy.simultaneous.payoff import ExactMatrix

    rock, paper, scissors = [0, -1, 1, 0], [1, 0, -1, 1], [-1, 1, 0, -1]
    matrix = ExactMatrix(np.array([rock, paper, scissors, rock], dtype=object), 1)
    vertex = np.array([0.2, 1 / 3, 1 / 3, 2 / 15])  # the copy of rock weighs least
    monkeypatch.setattr(lp, "solve_matrix_game",
                        lambda payoff: lp.LPSolution(vertex, 0.0, "optimal", "stub"))
    _, support, q, v = game_module._solve_restricted(matrix, [0, 1, 2, 3])
    assert support == [0, 1, 2]
    assert q == [Fraction(1, 3)] * 3 and v == 0
    assert game_module._certify(matrix, support, q, v)[0]


def test_strategy_csv_lists_each_rules_stopping_totals():
    """The stop_at column holds the totals a rule stops at, separated by
    spaces: for Pig's hold at h, every total from h on that a roll below h
    reaches (found here by walking the rolls; a bust is not a stop)."""
    import csv
    import io

    def stops(h):
        seen, todo, found = set(), [0], set()
        while todo:
            k = todo.pop()
            if k in seen:
                continue
            seen.add(k)
            if k < h:
                todo += [k + face for face in range(2, 7)]
            else:
                found.add(k)
        return sorted(found)

    solution = solve_simultaneous(game("pig"), 25)
    rows = list(csv.reader(io.StringIO(strategy_csv(solution.restricted))))[1:]
    assert len(rows) == len(solution.restricted.strategy) > 1
    for rule, hold, stop_at, _, _ in rows:
        assert rule == f"hold at {hold}"
        assert stop_at == " ".join(str(n) for n in stops(int(hold)))


def test_when_hold_at_h_is_already_optimal_the_full_game_is_the_restricted_one():
    """With a coin every stopping rule is a hold-at-h (each total is reached one
    way), so no rule gains and the full game's equilibrium is the restricted one."""
    solution = solve_simultaneous(game("piglet"), 6, all_stopping_rules=True)
    assert solution.full_gain <= 0
    assert solution.full is solution.restricted and solution.equilibrium.verified


def test_hold_distributions_refuse_an_empty_range():
    from jeopardy.errors import JeopardyError

    with pytest.raises(JeopardyError, match="max_hold must be at least 1; got 0"):
        hold_distributions(game("pig"), 0)


def test_the_json_carries_each_certificate_the_oracles_rounds_and_each_reply(pig_solution):
    """What ``--json`` prints beside the weights: each equilibrium's verdict and check (the
    full game's ends with the exact best response), the double oracle's rounds, and each
    reply's best rule."""
    data = pig_solution.to_dict()
    for part, eq in (("restricted", pig_solution.restricted), ("full", pig_solution.full)):
        assert data[part]["verified"] is True and data[part]["check"] == eq.check
    assert pig_solution.full.check.endswith(
        f"; no stopping rule at all earns more (exact best response "
        f"{pig_solution.full.best_deviation})")
    assert data["oracle_iterations"] == pig_solution.oracle_iterations >= 1
    reply = replies_to_pure(game("pig"), 5)[4]
    assert reply.to_dict()["best_rule"] == reply.best_rule.to_dict()


def test_hold_distributions_start_at_hold_at_1():
    """max_hold = 1, the smallest range: one strategy, a single roll."""
    (single,) = hold_distributions(game("pig"), 1)
    assert single.probabilities == {n: Fraction(1, 6) for n in (0, 2, 3, 4, 5, 6)}


def test_the_certificate_refuses_a_negative_weight():
    """The exact check names what fails: a weight below 0 (the weights sum to 1); hold at 1
    alone has proper weights but is no equilibrium."""
    from jeopardy.simultaneous.game import _certify

    matrix = payoff_matrix(hold_distributions(game("pig"), 3))
    ok, check, _ = _certify(matrix, [0, 2], [Fraction(3, 2), Fraction(-1, 2)], Fraction(0))
    assert not ok and check.startswith("a probability is negative")
    ok, check, _ = _certify(matrix, [0], [Fraction(1)], Fraction(0))
    assert not ok and check.startswith("a pure strategy earns")
