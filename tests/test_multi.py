"""N-player race games and the equal-turns ending, against the explicit-state reference."""
from __future__ import annotations

import numpy as np
import pytest

from jeopardy.reference import race as reference
from jeopardy.rules import game


@pytest.mark.parametrize("name, goal", [pytest.param("piglet", 4, id="piglet-4"),
                                        pytest.param("pig", 8, id="pig-8")])
def test_reference_two_players_is_the_two_player_solver(name, goal):
    """The reference, written from the rules, agrees with the existing pair solver
    (1e-12: both iterate to ~1e-14)."""
    from jeopardy.race.solver import solve

    model = game(name)
    ref = reference.solve(model, goal, 2)
    values = solve(model, goal).start_values
    for i in range(goal):
        for j in range(goal):
            assert ref.value((i, j), 0)[0] == pytest.approx(values[i, j], abs=1e-12)
            assert ref.value((j, i), 1)[1] == pytest.approx(values[i, j], abs=1e-12)


def test_reference_values_sum_to_one():
    ref = reference.solve(game("pig"), 5, 3)
    for state, value in ref.values.items():
        assert sum(value) == pytest.approx(1.0, abs=1e-12), state
        assert min(value) >= 0.0
