"""A result that did not converge says so (issue 28): its JSON carries
``"converged": false``, the ``solve`` commands print it, say so in one line on
stderr with the residual and exit 3, write none of the files asked for, and
nothing builds on it silently (the API raises, compare refuses, a sweep's row
is an error).

The solvers converge on every game the tests can afford, so a solve is made
to end above the accepted residual by replacing its final residual check
(``bellman_residual``, ``sums.residual`` / ``max_residual``) with one that reports 1e-3: what is
tested is what the package does with such a result, not how it arises (the
3-player Pig to 62 test of tests/test_multi.py makes one arise for real, by
turning the mixing off).
"""
from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

import jeopardy
from jeopardy import convergence
from jeopardy.cli.main import cli
from jeopardy.compilation import NOTICE
from jeopardy.errors import JeopardyError, NotConverged

LARGE = 1e-3


@pytest.fixture
def unsettled_match(monkeypatch):
    """The N-player solver's (and policy evaluation's) last residual check reports 1e-3."""
    from jeopardy.match import kernels, sums

    monkeypatch.setattr(kernels, "bellman_residual", lambda *args: LARGE)
    monkeypatch.setattr(sums, "residual", lambda *args: LARGE)


@pytest.fixture
def unsettled_pair(monkeypatch, tmp_path):
    """The pair solver's last residual check reports 1e-3 (and its solution cache is
    empty: a converged solution cached by another test would be read instead)."""
    from jeopardy.race import solver

    monkeypatch.setattr(solver, "max_residual", lambda *args: LARGE)
    monkeypatch.setenv("JEOPARDY_CACHE_DIR", str(tmp_path / "cache"))


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_the_rule_of_convergence():
    assert convergence.is_converged(9.4e-13) and convergence.is_converged(1e-11)
    assert not convergence.is_converged(1.1e-11)
    assert not convergence.is_converged(math.nan)
    assert not convergence.is_converged(0.0, unsettled=1)
    assert convergence.is_converged(1e-7, tolerance=1e-6)  # a looser tolerance asked for
    assert issubclass(NotConverged, JeopardyError)


def test_n_player_solve_prints_the_result_then_fails_in_one_line(unsettled_match, tmp_path):
    policy = tmp_path / "p.npz"
    result = run("solve", "--players", "3", "--goal", "12", "--json", "--policy-out", str(policy))
    assert result.exit_code == 3
    data = json.loads(result.stdout)
    assert data["converged"] is False and data["max_residual"] == LARGE
    # (a cold numba cache adds compilation.NOTICE first)
    lines = [line for line in result.stderr.strip().splitlines() if line != NOTICE]
    assert len(lines) == 1 and lines[0].startswith("jeopardy: error: pig to 12, 3 players")
    assert "did not converge: largest residual 1.0e-03" in lines[0]
    assert "skipped: " + str(policy) in lines[0]
    assert not policy.exists()

    text = run("solve", "--players", "3", "--goal", "12")
    assert text.exit_code == 3 and "player 1 (moves first) wins" in text.stdout
    assert "did not converge" in text.stderr and "did not converge" not in text.stdout


def test_pair_solve_fails_writes_nothing_and_caches_nothing(unsettled_pair, tmp_path):
    out, policy = tmp_path / "s.npz", tmp_path / "p.csv"
    result = run("solve", "--goal", "15", "--out", str(out), "--policy-out", str(policy))
    assert result.exit_code == 3, result.output
    assert "P(0,0,0) = " in result.stdout and "saved to" not in result.stdout
    assert "did not converge" in result.stderr and "residual 1.0e-03" in result.stderr
    assert not out.exists() and not policy.exists()
    assert not any((tmp_path / "cache").rglob("*.npz"))  # an unconverged solve is not cached


def test_analyses_never_build_on_it(unsettled_match, unsettled_pair):
    game = jeopardy.Game("pig", goal=12, players=3)
    with pytest.raises(NotConverged) as caught:
        game.solve()
    assert caught.value.result is not None and caught.value.result.converged is False
    # compare seats policies in the N-player evaluation: its residual is checked too
    result = run("compare", "hold:5", "hold:6", "hold:7", "--players", "3", "--goal", "12")
    assert result.exit_code == 3 and "did not converge" in result.stderr
    # the pair solver under fairness and policy
    for args in (("fairness", "--goal", "15"), ("policy", "--goal", "15", "--score", "3",
                                                 "--opponent", "4")):
        result = run(*args)
        assert result.exit_code == 3 and "did not converge" in result.stderr, args


def test_a_sweep_row_of_an_unconverged_solve_is_an_error(unsettled_match, tmp_path):
    frame = jeopardy.sweep({"games": ["pig"], "goals": [9], "players": [3],
                            "analyses": ["solve"]}, out=tmp_path / "out",
                           scheduler="in-process")
    assert len(frame) == 1
    assert "did not converge" in frame.error.iloc[0]
    assert math.isnan(frame.value.iloc[0])
