"""Unit tests of the race kernels on their own: the safeguarded Newton step,
one sweep against the plain reference, and the interval sweep's enclosure."""
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from jeopardy.exact.race import solve_exact
from jeopardy.match import pair_kernels
from jeopardy.match.certify import _column
from jeopardy.match.pair_kernels import FOLLOW, MAXIMISE, newton_step, sweep
from oracles.pair import value_iteration
from jeopardy.rules import game
from tests.strategies import roll_models


# ----------------------------------------------------------- newton_step
@pytest.mark.parametrize("x, h, lo, hi, new_lo, new_hi", [
    pytest.param(0.4, 0.7, 0.0, 1.0, 0.4, 1.0, id="h-above-x-raises-lo"),
    pytest.param(0.4, 0.1, 0.0, 1.0, 0.0, 0.4, id="h-below-x-lowers-hi"),
    pytest.param(0.4, 0.4, 0.2, 0.9, 0.2, 0.4, id="fixed-point-lowers-hi"),
])
def test_the_bracket_shrinks_to_the_side_of_the_fixed_point(x, h, lo, hi, new_lo, new_hi):
    """For an increasing map with slope < 1, H(x) > x puts the fixed point
    above x: x becomes the new lower end (and below x: the new upper end)."""
    step, lo2, hi2 = newton_step(x, h, 0.5, lo, hi)
    assert (lo2, hi2) == (new_lo, new_hi)
    assert hi2 - lo2 < hi - lo


def test_a_newton_step_solves_a_linear_map_exactly():
    """H(x) = 0.3 + 0.5 x has its fixed point at 0.6: one step from anywhere."""
    for x in (0.0, 0.1, 0.55, 0.9):
        step, _, _ = newton_step(x, 0.3 + 0.5 * x, 0.5, 0.0, 1.0)
        assert step == pytest.approx(0.6, abs=1e-15)


@pytest.mark.parametrize("x, h, slope, lo, hi, expected", [
    # Newton would go to 0.5 + 0.1 / 0.1 = 1.5, outside (0.5, 1): take h.
    pytest.param(0.5, 0.6, 0.9, 0.0, 1.0, 0.6, id="outside-bracket-takes-h"),
    # Newton to 1.5 and h = 0.6 past hi = 0.55: bisect (0.5, 0.55).
    pytest.param(0.5, 0.6, 0.9, 0.0, 0.55, 0.525, id="h-outside-too-bisects"),
    # Slope 1: no Newton step; h = 0.3 is below lo = 0.35 after x = 0.4 becomes hi: bisect.
    pytest.param(0.4, 0.3, 1.0, 0.35, 1.0, 0.375, id="slope-one-bisects"),
    # Slope 1 with h inside the bracket: the plain fixed-point step.
    pytest.param(0.4, 0.45, 1.0, 0.0, 1.0, 0.45, id="slope-one-takes-h"),
    # A step landing on the bracket's end is not inside it: bisect.
    pytest.param(0.5, 0.75, 0.2, 0.0, 1.0, 0.8125, id="interior-newton"),
    pytest.param(0.5, 0.75, 0.0, 0.0, 0.75, 0.625, id="on-the-end-bisects"),
])
def test_the_safeguard_falls_back_to_h_then_to_bisection(x, h, slope, lo, hi, expected):
    step, lo2, hi2 = newton_step(x, h, slope, lo, hi)
    assert step == pytest.approx(expected, abs=1e-15)
    assert lo2 < step < hi2


@st.composite
def convex_maps(draw):
    """An increasing convex piecewise-linear map of [0, 1] into [0.01, 0.99] with
    slopes in [0, 0.95]: the max of a few affine pieces, as F(G(x)) is.  (A
    fixed point exactly at 0 or 1 is only reached by bisection: a Newton step
    onto the bracket's end is refused.  Win probabilities are inside.)"""
    pieces = []
    for _ in range(draw(st.integers(1, 5))):
        slope = draw(st.floats(0.0, 0.95))
        at_zero = draw(st.floats(0.01, 0.99 - slope))
        pieces.append((at_zero, slope))
    return pieces


@settings(max_examples=200, deadline=None)
@given(convex_maps(), st.floats(0.0, 1.0))
def test_newton_with_its_bracket_converges_and_keeps_the_fixed_point_bracketed(pieces, x):
    def H(t):
        values = [a + s * t for a, s in pieces]
        best = max(range(len(pieces)), key=lambda n: values[n])
        return values[best], pieces[best][1]

    # the fixed point, by bisection on H(t) - t (decreasing: slopes < 1)
    a, b = 0.0, 1.0
    for _ in range(200):
        m = 0.5 * (a + b)
        a, b = (m, b) if H(m)[0] > m else (a, m)
    fixed = 0.5 * (a + b)
    lo, hi = 0.0, 1.0
    for steps in range(60):
        h, slope = H(x)
        if abs(h - x) <= 1e-15:
            break
        width = hi - lo
        x, lo, hi = newton_step(x, h, slope, lo, hi)
        assert lo - 1e-12 <= fixed <= hi + 1e-12
        assert hi - lo <= width
    assert abs(x - fixed) < 1e-12
    assert steps <= 2 * len(pieces) + 2  # Newton on k pieces: a few steps, not bisection's 50


@pytest.mark.parametrize("name, goal", [("pig", 6), ("piglet", 5), ("two-dice-pig", 7)])
def test_one_newton_step_per_pair_sweeps_each_turn_start_once(name, goal):
    """With ``max_iter = 1`` every pair of swapped turn starts gets one step: one sweep
    for each of its states, so the count is the number of turn starts, goal ** 2 in
    self-play (a pair (i, i) is one state) and twice that for two tables."""
    model = game(name)
    rules = model.kernel_rules(goal)
    sweeps, _ = pair_kernels.solve_sums(rules, pair_kernels.self_play(np.full((goal, goal), 0.5)),
                                        2 * goal - 2, 0, 1, 1e-15, 0, 1)
    assert sweeps == goal ** 2
    table = pair_kernels.no_table(goal)
    two = pair_kernels.Players(np.full((goal, goal), 0.5), np.full((goal, goal), 0.5), MAXIMISE,
                               table, MAXIMISE, table, False)
    sweeps, _ = pair_kernels.solve_sums(rules, two, 2 * goal - 2, 0, 1, 1e-15, 0, 1)
    assert sweeps == 2 * goal ** 2


@pytest.mark.parametrize("name, goal", [("pig", 20), ("piglet", 10)])
def test_the_pairs_converge_in_a_few_newton_steps(name, goal):
    """Newton on a piecewise-linear map stops within a few steps of each pair: every pair's
    last |F(G(x)) - x| is within the tolerance, and the sweeps are about two per turn start
    (797 for Pig to 20's 400), far below max_iter's 100 per pair."""
    model = game(name)
    values = np.full((goal, goal), 0.5)
    sweeps, worst = pair_kernels.solve_sums(model.kernel_rules(goal),
                                            pair_kernels.self_play(values),
                                            2 * goal - 2, 0, 100, 1e-15, 0, 1)
    assert worst <= 1e-15
    assert goal ** 2 <= sweeps <= 3 * goal ** 2


# ------------------------------------------------------------- one sweep
def _arrays_from_reference(model, goal):
    # 1e-14: a plain sweep's rounding can keep the change above 1e-15 for ever (an
    # add-3 / bust / bust-all model at goal 4 did: 10^6 sweeps, then a failure)
    reference = value_iteration(model, goal, tolerance=1e-14)
    P0 = np.zeros((goal, goal))
    for (i, j, k), v in reference.items():
        if k == 0:
            P0[i, j] = v
    return reference, P0


def _sweep(model, goal, P0, i, j, y, mode=MAXIMISE, table=None):
    work = pair_kernels.column(goal)
    vals, dvals, acts = work.vals, work.dvals, work.acts
    table = acts if table is None else table
    first = sweep(model.kernel_rules(goal), i, j, y, P0, mode, table, work)
    return first, vals[:goal - i].copy(), dvals[:goal - i].copy(), acts[:goal - i].copy()


CASES = [("pig", 8), ("piglet", 6), ("two-dice-pig", 10), ("frey-pig", 12), ("big-pig", 12)]


@pytest.mark.parametrize("name, goal", CASES)
def test_one_sweep_reproduces_the_reference_column(name, goal):
    """Given the reference's turn-start values, one sweep at (i, j) gives the
    reference's P(i, j, k) for every k, and the actions of the max."""
    model = game(name)
    reference, P0 = _arrays_from_reference(model, goal)
    for i, j in [(0, 0), (1, goal - 2), (goal - 3, 2), (goal // 2, goal // 2)]:
        (first, _), vals, _, acts = _sweep(model, goal, P0, i, j, P0[j, i])
        expected = [reference[(i, j, k)] for k in range(goal - i)]
        assert np.max(np.abs(vals - expected)) < 1e-12
        assert first == vals[0]
        hold = [1 - P0[j, i + k] for k in range(goal - i)]
        for k in range(goal - i):
            if abs(vals[k] - hold[k]) > 1e-9:  # not a tie: the sweep chose the larger
                assert acts[k] == (vals[k] > hold[k])


@settings(max_examples=25, deadline=None)
@given(roll_models(allow_double=True), st.integers(4, 9))
def test_one_sweep_matches_the_reference_on_random_models(model, goal):
    reference, P0 = _arrays_from_reference(model, goal)
    for i in range(goal):
        j = (3 * i + 1) % goal
        _, vals, _, _ = _sweep(model, goal, P0, i, j, P0[j, i])
        expected = [reference[(i, j, k)] for k in range(goal - i)]
        assert np.max(np.abs(vals - expected)) < 1e-11


@pytest.mark.parametrize("name, goal", CASES)
def test_the_sweep_derivative_is_the_slope_in_y(name, goal):
    """vals is piecewise linear in y; dvals is its slope (a one-sided
    difference away from kinks agrees), and dvals[0] is in [-1, 0]."""
    model = game(name)
    _, P0 = _arrays_from_reference(model, goal)
    for i, j in [(0, 1), (2, goal - 1), (goal - 1, 0)]:
        y = P0[j, i]
        (v0, d0), vals, dvals, acts = _sweep(model, goal, P0, i, j, y)
        eps = 1e-7
        _, up, _, acts_up = _sweep(model, goal, P0, i, j, y + eps)
        same = acts == acts_up
        assert np.allclose(((up - vals) / eps)[same], dvals[same], atol=1e-6)
        assert -1.0 - 1e-12 <= d0 <= 1e-12


@pytest.mark.parametrize("name,goal", CASES)
def test_play_stays_only_where_a_new_sweep_plays_the_same(name, goal):
    """Where play_stays says a column's play holds at y + delta, sweeping there
    plays the same and gives the swept values moved along their slopes (the
    solver's step without a sweep); it says so for small moves and not for every
    move."""
    model = game(name)
    _, P0 = _arrays_from_reference(model, goal)
    said = set()
    for i, j in [(0, 1), (2, goal - 1), (1, 1), (goal - 1, 0)]:
        y = P0[j, i]
        work = pair_kernels.column(goal)
        sweep(model.kernel_rules(goal), i, j, y, P0, MAXIMISE, work.acts, work)
        vals, dvals, acts = work.vals[:goal - i].copy(), work.dvals[:goal - i].copy(), \
            work.acts[:goal - i].copy()
        for delta in (-1.0, -0.5, -0.1, -1e-3, -1e-6, 1e-6, 1e-3, 0.1, 0.5, 1.0):
            stays = pair_kernels.play_stays(work, goal - i, delta)
            said.add(stays)
            (_, _), moved, _, moved_acts = _sweep(model, goal, P0, i, j, y + delta)
            if stays:
                assert np.array_equal(moved_acts, acts)
                assert np.allclose(moved, vals + dvals * delta, rtol=0, atol=1e-12)
    assert said == {True, False}


def test_follow_mode_plays_its_table():
    """FOLLOW with the maximiser's own actions gives the same column; an
    all-hold table gives the hold values, 1 - y at k = 0."""
    model, goal = game("pig"), 10
    _, P0 = _arrays_from_reference(model, goal)
    i, j = 2, 5
    _, vals, dvals, acts = _sweep(model, goal, P0, i, j, P0[j, i])
    table = np.zeros(goal + 1, dtype=np.int8)
    table[:goal - i] = acts
    _, same, same_d, _ = _sweep(model, goal, P0, i, j, P0[j, i], FOLLOW, table)
    assert np.array_equal(same, vals) and np.array_equal(same_d, dvals)
    (first, d), held, _, held_acts = _sweep(model, goal, P0, i, j, 0.25, FOLLOW,
                                           np.zeros(goal + 1, dtype=np.int8))
    assert (first, d) == (0.75, -1.0)
    assert np.array_equal(held[1:], [1 - P0[j, i + k] for k in range(1, goal - i)])
    assert not held_acts.any()
    rolled = np.ones(goal + 1, dtype=np.int8)
    _, always, _, _ = _sweep(model, goal, P0, i, j, P0[j, i], FOLLOW, rolled)
    # rolling at the top turn total: 1/6 bust + 5/6 reach the goal
    assert always[-1] == pytest.approx(5 / 6 + (1 - P0[j, i]) / 6, abs=1e-15)


# ------------------------------------------------- the interval enclosure
def _interval_column(model, goal, start, policy, i, j):
    """Run the interval sweep of (i, j) with the turn-start values enclosed by
    their neighbouring doubles; return the affine forms of chosen, roll, hold."""
    probs = model.arrays()[2]
    p_lo = np.array([np.nextafter(p, -np.inf) for p in probs])
    p_hi = np.array([np.nextafter(p, np.inf) for p in probs])
    lo = np.array([[np.nextafter(float(v), -np.inf) for v in row] for row in start])
    hi = np.array([[np.nextafter(float(v), np.inf) for v in row] for row in start])
    forms = np.zeros((12, goal + 1))
    acts = np.zeros(goal + 1, dtype=np.int8)
    acts[:goal - i] = policy[i, j, :goal - i]
    _column(model.kernel_rules(goal), i, j, lo, hi, p_lo, p_hi, acts, forms)
    return forms


def _encloses(cl, ch, bl, bh, y, exact):
    """Does [cl, ch] + [bl, bh] * y contain ``exact``? (Fractions throughout.)"""
    products = (Fraction(bl) * y, Fraction(bh) * y)
    return Fraction(cl) + min(products) <= exact <= Fraction(ch) + max(products)


@pytest.mark.parametrize("name, goal", [("pig", 12), ("piglet", 8), ("frey-pig", 12),
                                        ("piggy", 12)])
def test_the_interval_sweep_encloses_the_exact_column(name, goal):
    """At exact y = P(j, i, 0), the interval forms enclose the exact P(i, j, k)
    (chosen action), roll and hold values, and they are narrow."""
    model = game(name)
    exact = solve_exact(model, goal)
    start = [[Fraction(int(v.numerator), int(v.denominator)) for v in row] for row in exact.start]
    for i, j in [(0, 0), (1, goal - 1), (goal - 2, 3), (goal // 2, 1)]:
        forms = _interval_column(model, goal, start, exact.policy, i, j)
        y = start[j][i]
        for k in range(goal - i):
            roll, hold = exact.action_values(i, j, k)
            assert _encloses(*forms[0:4, k], y, exact.win_probability_at(i, j, k)), (i, j, k)
            assert _encloses(*forms[4:8, k], y, roll), (i, j, k)
            assert _encloses(*forms[8:12, k], y, hold), (i, j, k)
            assert forms[1, k] - forms[0, k] < 1e-13 and forms[5, k] - forms[4, k] < 1e-13


@settings(max_examples=15, deadline=None)
@given(roll_models(allow_bust_all=False, allow_double=True), st.integers(4, 8))
def test_the_interval_sweep_encloses_random_models(model, goal):
    exact = solve_exact(model, goal, refuse_large=False)
    start = [[Fraction(int(v.numerator), int(v.denominator)) for v in row] for row in exact.start]
    for i in range(goal):
        j = (2 * i + 1) % goal
        forms = _interval_column(model, goal, start, exact.policy, i, j)
        for k in range(goal - i):
            roll, hold = exact.action_values(i, j, k)
            assert _encloses(*forms[4:8, k], start[j][i], roll), (i, j, k)
            assert _encloses(*forms[8:12, k], start[j][i], hold), (i, j, k)
