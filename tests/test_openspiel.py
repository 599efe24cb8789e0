"""Peer check in OpenSpiel's own ``pig`` engine (skipped when open_spiel is absent)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")


def _script():
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "openspiel_pig.py"
    spec = importlib.util.spec_from_file_location("openspiel_pig", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_three_player_equilibrium_in_openspiel_pig():
    """3 players to 20, every player on the solver's policy, 20,000 games in OpenSpiel's
    engine: each player's win rate within 4 standard errors of the solver's value."""
    script = _script()
    chances, wins, _, _ = script.play(goal=20, players=3, games=20_000, seed=7)
    assert wins.sum() == 20_000
    for p, rate, error, z, ok in script.check(chances, wins, 20_000):
        assert ok, (p, rate, error, z)
