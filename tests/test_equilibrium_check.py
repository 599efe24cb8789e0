"""The N-player solver's profile is an equilibrium, by an independent check (issue 28).

The check is the oracle tests/oracles/equilibrium.py, written from the rules
(explicit turn starts and turn totals, plain iteration); it shares no
equations with jeopardy.match.  Tolerances: the oracle iterates each class to
1e-15 and the solver to its residual (<= 1e-11 accepted, ~1e-15 reached at
these goals); 1e-10 leaves room for both.  A wrong profile moves a chance by
a visible amount: 1e-4 is far above rounding and far below what a wrong
action or mix costs here.
"""
from __future__ import annotations

import numpy as np
import pytest

from jeopardy.match.solver import solve
from jeopardy.rules import game
from oracles import equilibrium

AGREE = 1e-10
CAUGHT = 1e-4
SHIFTED = 1e-8  # a mix chance moved by 0.1 at 3-player Pig to 62: 7.0e-7 measured


@pytest.mark.parametrize("name, players, goal", [
    pytest.param("pig", 3, 20, id="pig-3-players-20"),
    pytest.param("pig", 4, 12, id="pig-4-players-12"),
    pytest.param("two-dice-pig", 3, 15, id="two-dice-pig-3-players-15"),
])
def test_solver_profile_is_an_equilibrium_by_the_oracle(name, players, goal):
    """The solver's values are the values of its profile (evaluated here), no mover
    gains by changing one decision, and the oracle's own fixed point from zero
    is the same (no second equilibrium at these goals)."""
    solution = solve(game(name), goal, players)
    check = equilibrium.check(solution)
    assert check.pinned.unsettled == 0 and check.own.unsettled == 0
    assert check.difference < AGREE, check.difference_at
    assert check.gains.residual < AGREE and check.gains.gain < AGREE, check.gains
    assert check.own_difference < AGREE, check.own_difference_at
    assert check.own_gains.gain < AGREE, check.own_gains
    assert check.solver.residual < AGREE and check.solver.gain < AGREE, check.solver
    assert np.allclose(check.pinned.values.sum(axis=1), 1.0, rtol=0.0, atol=1e-12)
    assert check.pinned.values.min() >= 0.0


def test_a_wrong_action_is_caught(pig):
    """3-player Pig to 20: the first mover made to hold at 10 on the first turn (it
    rolls there) loses by that deviation; the check names that decision, and the
    profile's values leave the solver's."""
    solution = solve(pig, 20, 3)
    right = equilibrium.check(solution)
    assert right.gains.gain < AGREE
    table = np.full(20, -1.0)
    table[10] = 0.0  # hold at turn total 10
    wrong = equilibrium.check(solution, mixes={(0, 0): table})
    assert wrong.gains.gain > CAUGHT
    assert (wrong.gains.gain_at, wrong.gains.gain_k) == ((0, 0, 0), 10)
    assert wrong.difference > CAUGHT and wrong.difference_at == (0, 0, 0)


@pytest.mark.slow
def test_a_changed_mix_is_caught(pig):
    """3-player Pig to 62 mixes (the smallest goal found with mixing): its mixing
    movers are indifferent; a mix chance moved by 0.1 makes the other mixing mover
    of the class gain by switching (only sums up to the mixed class are evaluated:
    a change there moves nothing above it).  The gain is small, 7.0e-7 (the
    mover's jump moves the other's chance by little), but 10^9 times the
    gain of the solver's own mixes (~3e-16)."""
    solution = solve(pig, 62, 3)
    assert solution.mixes
    theirs = solution.values[0]
    (place, index), table = min(solution.mixes.items())
    scores = equilibrium.scores_of(index, 62, 3)
    k = int(np.flatnonzero((table > 0.0) & (table < 1.0))[0])

    def gains(mixes):
        evaluation = equilibrium.evaluate(pig, 62, 3, mixes, theirs, below=sum(scores))
        return equilibrium.deviations(pig, 62, 3, mixes, evaluation.values, theirs)

    assert gains(solution.mixes).gain < AGREE
    changed = table.copy()
    changed[k] = changed[k] + 0.1 if changed[k] < 0.9 else changed[k] - 0.1
    wrong = gains({**solution.mixes, (place, index): changed})
    assert wrong.gain > SHIFTED
    # the other mixing mover of the class, whose indifference that chance made
    other = equilibrium.index_of(wrong.gain_at, 62)
    assert (0, other) in solution.mixes and other != index
    assert solution.mixes[(0, other)][wrong.gain_k] >= 0.0


def test_the_oracle_refuses_what_it_does_not_model():
    with pytest.raises(equilibrium.Unsupported, match="not modelled"):
        equilibrium.model_arrays(game("frey-pig"))


def test_reach_agrees_with_simulated_games(pig):
    """3-player Pig to 50, played out 100,000 times under the solver's profile: how
    often play reaches a chosen turn start, and how often each seat wins, agree
    with the oracle's forward propagation and with the solver's chances (5 standard
    errors, ~0.008 at these counts).  The turn start is marked with a table of
    no chances (-1): the profile is unchanged, reach reports it."""
    goal, players, games = 50, 3, 100_000
    solution = solve(pig, goal, players)
    theirs = solution.values[0]
    target = (0, 0, 20)  # the first mover held at 20 (19 turn starts are ever reached)
    marked = {(0, equilibrium.index_of(target, goal)): np.full(goal, -1.0)}
    reached = equilibrium.reach(pig, goal, players, marked, theirs)
    chance = reached.mixed[target]
    assert 0.05 < chance < 0.95  # a turn start worth the test

    hits, wins = equilibrium.simulate(pig, goal, players, {}, theirs, games, 20261124, target)
    error = 5 * np.sqrt(chance * (1 - chance) / games)
    assert abs(hits / games - chance) < error, (hits / games, chance)
    for m, p in enumerate(solution.win_probabilities):
        assert abs(wins[m] / games - p) < 5 * np.sqrt(p * (1 - p) / games), (m, wins / games)
