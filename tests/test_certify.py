"""Interval certificates of the float race solver."""
import json
from dataclasses import replace

import numpy as np
import pytest
from click.testing import CliRunner

from jeopardy.cli.main import cli
from jeopardy.errors import JeopardyError
from jeopardy.exact.race import solve_exact
from jeopardy.match.certify import certify
from jeopardy.match.solver import solve
from jeopardy.rules import PRESETS, game

NO_BUST_ALL = [n for n in PRESETS if not game(n).has_bust_all]


@pytest.mark.parametrize("name", NO_BUST_ALL)
def test_decisions_are_certified_or_flagged(name):
    """Every decision is certified, except where the exact margin between the
    actions is below the enclosure (Piglet to 60 has margins of 1e-18: there
    the certificate must say 'undecided' and bound the possible loss)."""
    solution = solve(game(name), 60)
    result = certify(solution)
    if name == "piglet":
        assert result.undecided_states > 0 and result.undecided_gap < 1e-12
    else:
        assert result.optimal and result.undecided_states == 0
    assert result.max_width < 1e-11
    assert np.all(result.lower <= solution.start_values) and np.all(solution.start_values <= result.upper)


def test_intervals_enclose_the_exact_rational_values():
    model = game("pig")
    exact = solve_exact(model, 20)
    result = certify(solve(model, 20))
    for i in range(20):
        for j in range(20):
            value = exact.values[(i, j, 0)]
            assert result.lower[i, j] <= value <= result.upper[i, j]


def test_a_wrong_policy_is_not_certified():
    solution = solve(game("pig"), 40)
    noise = np.random.default_rng(0).uniform(-0.05, 0.05, solution.start_values.shape)
    damaged = replace(solution, start_values=np.clip(solution.start_values + noise, 0, 1))
    assert certify(damaged).undecided_states > 0


def test_bust_all_games_are_refused_and_the_command_works():
    with pytest.raises(JeopardyError, match="bust-all"):
        certify(solve(game("two-dice-pig"), 20))
    result = CliRunner().invoke(cli, ["certify", "--game", "pig", "--goal", "100", "--json"])
    data = json.loads(result.stdout)
    assert data["certified"] is True and data["undecided_states"] == 0
    # the certified chance itself, as every command's --json names it, inside its interval
    low, high = data["win_probability_interval"]
    assert data["win_probability"] == solve(game("pig"), 100).win_probability
    assert low <= data["win_probability"] <= high and high - low < 1e-12
