"""THINK as a simultaneous stochastic game: the float solver against a twin in
exact rationals written from the rules, the symmetry facts, the caps, the CLI."""
import json
from fractions import Fraction
from functools import lru_cache

import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

from jeopardy.cli.main import cli
from jeopardy.errors import JeopardyError
from jeopardy.expected.policies import hold_at
from jeopardy.fixed_turns.policies import Rule
from jeopardy.rules import add, bust, bust_all, double, game, roll_model
from jeopardy.think.solver import (BEST_RESPONSE_VS_RULE, EQUILIBRIUM_VS_RULE, OPTIMAL,
                                   solve_pass)

HALF = Fraction(1, 2)
SMALL = roll_model("small", {add(1): "1/3", add(2): "1/3", bust: "1/4", bust_all: "1/12"})


def equilibrium_2x2(matrix):
    """Support enumeration with an exact check: ``(value, P(A holds), P(B holds))``.

    Tries the four pure profiles, then the fully mixed one, and returns the
    first profile no pure deviation improves on (rows A maximise)."""
    (a, b), (c, d) = matrix
    candidates = [(Fraction(p), Fraction(q)) for p in (1, 0) for q in (1, 0)]
    den = a - b - c + d
    if den != 0:
        candidates.append(((d - c) / den, (d - b) / den))
    for p, q in candidates:
        if not (0 <= p <= 1 and 0 <= q <= 1):
            continue
        rows = (q * a + (1 - q) * b, q * c + (1 - q) * d)
        columns = (p * a + (1 - p) * c, p * b + (1 - p) * d)
        value = p * rows[0] + (1 - p) * rows[1]
        if max(rows) <= value and min(columns) >= value:
            return value, p, q
    raise AssertionError(f"no equilibrium found for {matrix}")


class Twin:
    """A's chance to win, from the rules: explicit scores, who is still in, the
    shared turn total.  Beyond the caps the payoff to A is ``boundary``.  At
    equal scores with both in, the value is 1/2 (the rules are symmetric; the
    solver uses the same fact).  With ``rule`` (own round, own score, t) -> roll?
    B follows it and A plays ``equilibrium``'s decisions (another Twin, the
    boundary-1/2 game) or, with ``best_response``, its best response."""

    def __init__(self, model, rounds, score_cap, turn_cap, boundary, rule=None,
                 equilibrium=None, best_response=False):
        self.model, self.rounds = model, rounds
        self.score_cap, self.turn_cap = score_cap, turn_cap
        self.boundary = Fraction(boundary)
        self.rule, self.equilibrium, self.best_response = rule, equilibrium, best_response
        self.start = lru_cache(maxsize=None)(self._start)
        self.alone = lru_cache(maxsize=None)(self._alone)
        self.both = lru_cache(maxsize=None)(self._both)

    def value(self):
        return self.start(0, 0, 0)

    def _start(self, r, a, b):
        if r == self.rounds:
            return Fraction(1) if a > b else HALF if a == b else Fraction(0)
        return self.both(r, a, b, 0)

    def _alone(self, r, who, a, b, t):  # who is still in; the other's total is final
        own = a if who == "A" else b
        if t > self.turn_cap or own + t > self.score_cap:
            return self.boundary
        hold = self.start(r + 1, a + t, b) if who == "A" else self.start(r + 1, a, b + t)
        roll = self.alone_roll(r, who, a, b, t)
        if who == "A":
            if self.rule is None or self.best_response:
                return max(hold, roll)
            return roll if self.equilibrium.alone_rolls(r, a, b, t) else hold
        if self.rule is None:
            return min(hold, roll)
        return roll if self.rule(r + 1, b, t) else hold

    def alone_rolls(self, r, a, b, t):
        return self.alone_roll(r, "A", a, b, t) > self.start(r + 1, a + t, b)

    def alone_roll(self, r, who, a, b, t):
        own = a if who == "A" else b
        total = Fraction(0)
        for effect, p in self.model.outcomes:
            if effect.kind.label == "add":
                if own + t + effect.points > self.score_cap or t + effect.points > self.turn_cap:
                    total += p * self.boundary
                else:
                    total += p * self.alone(r, who, a, b, t + effect.points)
            elif effect.kind.label == "bust":
                total += p * self.start(r + 1, a, b)
            elif effect.kind.label == "bust_all":
                total += p * (self.start(r + 1, 0, b) if who == "A" else self.start(r + 1, a, 0))
            else:
                raise AssertionError("the twin knows add, bust and bust all")
        return total

    def entries(self, r, a, b, t):
        hh = self.start(r + 1, a + t, b + t)
        hr = self.alone_roll(r, "B", a + t, b, t)
        rh = self.alone_roll(r, "A", a, b + t, t)
        rr = Fraction(0)
        for effect, p in self.model.outcomes:
            if effect.kind.label == "add":
                rr += p * self.both(r, a, b, t + effect.points)
            elif effect.kind.label == "bust":
                rr += p * self.start(r + 1, a, b)
            elif effect.kind.label == "bust_all":
                rr += p * self.start(r + 1, 0, 0)
        return hh, hr, rh, rr

    def hold_chance(self, r, a, b, t):
        hh, hr, rh, rr = self.entries(r, a, b, t)
        if a == b:
            rr = HALF
        return equilibrium_2x2(((hh, hr), (rh, rr)))[1]

    def _both(self, r, a, b, t):
        if t > self.turn_cap or max(a, b) + t > self.score_cap:
            return self.boundary
        if a == b and self.rule is None:
            return HALF
        hh, hr, rh, rr = self.entries(r, a, b, t)
        if self.rule is None:
            return equilibrium_2x2(((hh, hr), (rh, rr)))[0]
        hold, roll = (hr, rr) if self.rule(r + 1, b, t) else (hh, rh)
        if self.best_response:
            return max(hold, roll)
        p = self.equilibrium.hold_chance(r, a, b, t)
        return p * hold + (1 - p) * roll


def solver_values(model, rounds, caps, kinds, boundary, rule=None):
    return solve_pass(model, rounds, caps, caps, kinds, boundary, rule).values


@pytest.mark.slow
@pytest.mark.parametrize("model, rounds, caps", [
    pytest.param(SMALL, 1, 9, id="small-1-round"),
    pytest.param(SMALL, 2, 8, id="small-2-rounds"),
    pytest.param(game("think"), 1, 20, id="think-1-round"),
    pytest.param(game("think"), 2, 16, id="think-2-rounds"),
])
def test_equilibrium_matches_exact_twin(model, rounds, caps):
    """All three truncations (payoff 1/2, 0, 1 beyond the caps), at every round start."""
    run = solve_pass(model, rounds, caps, caps, [OPTIMAL, OPTIMAL, OPTIMAL], [0.5, 0.0, 1.0])
    for g, boundary in enumerate((HALF, 0, 1)):
        twin = Twin(model, rounds, caps, caps, boundary)
        for a in range(caps + 1):
            for b in range(caps + 1):
                assert run.starts[g, a, b] == pytest.approx(float(twin.start(0, a, b)), abs=1e-13)
    assert run.values[1] <= run.values[0] <= run.values[2]


def test_equilibrium_matches_twin_off_the_diagonal():
    """Round starts at unequal scores, where the equilibrium can mix."""
    rounds, caps = 2, 8
    run = solve_pass(SMALL, rounds, caps, caps, [OPTIMAL], [0.5])
    twin = Twin(SMALL, rounds, caps, caps, HALF)
    mixed = 0
    for a in range(caps + 1):
        for b in range(caps + 1):
            assert run.starts[0, a, b] == pytest.approx(float(twin.start(0, a, b)), abs=1e-13)
            for t in range(caps + 1 - max(a, b)):
                p = twin.hold_chance(0, a, b, t)
                mixed += 0 < p < 1
    assert mixed > 0  # the test covers mixed states
    assert int(run.mixed_states[0].sum()) == mixed


def test_evaluations_match_exact_twin():
    rounds, caps = 2, 8
    hold2 = hold_at(2)
    rule = lambda r, s, t: t < 2  # noqa: E731
    got = solver_values(SMALL, rounds, caps,
                        [OPTIMAL, EQUILIBRIUM_VS_RULE, EQUILIBRIUM_VS_RULE,
                         BEST_RESPONSE_VS_RULE, BEST_RESPONSE_VS_RULE],
                        [0.5, 0.0, 1.0, 0.0, 1.0], Rule(hold2))
    equilibrium = Twin(SMALL, rounds, caps, caps, HALF)
    for value, boundary, best in zip(got[1:], (0, 1, 0, 1), (False, False, True, True)):
        twin = Twin(SMALL, rounds, caps, caps, boundary, rule, equilibrium, best)
        assert value == pytest.approx(float(twin.value()), abs=1e-13)


@pytest.fixture(scope="module")
def think_two_rounds():
    from jeopardy.think.analysis import analyse

    return analyse(game("think"), 2, 70, 70)


def test_equal_scores_never_mix_and_equilibrium_play_never_meets_a_mixed_state(think_two_rounds):
    result = think_two_rounds
    assert result.value == 0.5 and result.lower == 0.5 == result.upper
    assert result.reach_of_mixed == 0.0 and result.chance_of_mixed == 0.0
    assert all(row["at_equal_scores"] == 0.0 for row in result.seeing_first)
    assert sum(result.mixed_states) > 0
    for exploit in result.exploits:  # the usual players leave equal scores, and meet them
        assert exploit.mixed_reach > 0.01
        assert exploit.best_response >= exploit.equilibrium - 1e-12
        assert exploit.equilibrium > 0.5


def test_a_gap_of_rounding_is_a_saddle_point_not_a_mix():
    """Pig's 2 rounds (caps 30): at equal scores maximin fell short of minimax by 5.6e-17,
    and the mixed formula there, rounding over rounding, mixed arbitrarily: 2 mixed
    states on the diagonal, equilibrium play meeting mixed states 0.0937 times a game,
    "at equal scores 5.551115123125783e-17" printed beside the claim that equal scores
    stay equal. Gaps up to SADDLE are saddle points."""
    from jeopardy.think.analysis import analyse

    result = analyse(game("pig"), 2, 30, 30)
    assert result.value == 0.5 and result.reach_of_mixed == 0.0
    assert all(row["at_equal_scores"] == 0.0 for row in result.seeing_first)
    run = solve_pass(game("pig"), 2, 30, 30, [OPTIMAL], [0.5])
    assert not any(run.mixed_states[r].diagonal().any() for r in range(2))
    assert sum(result.mixed_states) == 3_358 + 1_010  # off the diagonal: real mixing


def test_no_mixed_state_at_equal_scores_in_the_solver():
    run = solve_pass(game("think"), 3, 60, 60, [OPTIMAL], [0.5])
    for r in range(3):
        assert not run.mixed_states[r].diagonal().any()
        assert run.mixed_states[r].any()


@pytest.mark.slow
def test_doubling_the_caps_changes_nothing():
    """The best response to s + 11t <= 200 over three rounds: caps 110 and 220."""
    from jeopardy.expected.policies import odds

    think = game("think")
    rule = Rule(odds(think))
    kinds, bounds = [OPTIMAL, BEST_RESPONSE_VS_RULE, BEST_RESPONSE_VS_RULE], [0.5, 0.0, 1.0]
    base = solve_pass(think, 3, 110, 110, kinds, bounds, rule).values
    doubled = solve_pass(think, 3, 220, 220, kinds, bounds, rule).values
    assert base[2] - base[1] <= 1e-13
    assert doubled[1] == pytest.approx(base[1], abs=1e-13)
    assert doubled[2] == pytest.approx(base[2], abs=1e-13)
    # The comparison can fail: at caps 30 the truncation is felt, and its proved
    # sandwich (boundary payoffs 0 and 1) holds the value of the large caps.
    small = solve_pass(think, 3, 30, 30, kinds, bounds, rule).values
    assert small[2] - small[1] > 1e-6
    assert small[1] - 1e-15 <= base[1] and base[2] <= small[2] + 1e-15


def test_refusals():
    with pytest.raises(JeopardyError, match="doubling"):
        solve_pass(roll_model("d", {double: "1/2", add(1): "1/4", bust: "1/4"}), 2, 20, 20,
                   [OPTIMAL], [0.5])
    with pytest.raises(JeopardyError, match="rounds"):
        solve_pass(SMALL, 0, 20, 20, [OPTIMAL], [0.5])
    with pytest.raises(JeopardyError, match="GB"):
        solve_pass(SMALL, 2, 2000, 2000, [OPTIMAL], [0.5])
    with pytest.raises(JeopardyError, match="caps"):
        solve_pass(game("think"), 2, 5, 5, [OPTIMAL], [0.5])


def test_cli_think_json_keys():
    result = CliRunner().invoke(cli, ["think", "--rounds", "1", "--score-cap", "40",
                                      "--turn-cap", "40", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["value"] == 0.5 and data["value_exact"] == "1/2"
    from jeopardy.think.analysis import analyse

    ours = analyse(game("think"), 1, 40, 40)
    assert data["mixed_states"]["per_round"] == list(ours.mixed_states)
    assert {name: (e["equilibrium"], e["best_response"]) for name, e in data["exploit"].items()} \
        == {e.name: (e.equilibrium, e.best_response) for e in ours.exploits}
    # nothing beats the equilibrium, and the best response does at least as well
    assert all(0.5 - 1e-12 <= e.equilibrium <= e.best_response + 1e-12 for e in ours.exploits)


def test_cli_think_bad_input():
    result = CliRunner().invoke(cli, ["think", "--rounds", "0"])
    assert result.exit_code == 2 and "--rounds" in result.output


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(0.0, 1.0, allow_nan=False), min_size=4, max_size=4))
def test_closed_form_2x2_agrees_with_the_lp_of_the_single_turn_game(entries):
    """The closed form used at every state against the cvxpy LP the simultaneous
    single-turn game uses (row player A, payoffs to A)."""
    import numpy as np

    from jeopardy.simultaneous.lp import solve_matrix_game
    from jeopardy.think.solver import _matrix

    a, b, c, d = entries
    value, p_hold, _, _ = _matrix(a, b, c, d)
    lp = solve_matrix_game(np.array([[a, b], [c, d]]))
    assert value == pytest.approx(lp.value, abs=1e-7)
    # A's mix guarantees the value against either column
    assert min(p_hold * a + (1 - p_hold) * c, p_hold * b + (1 - p_hold) * d) >= value - 1e-12
