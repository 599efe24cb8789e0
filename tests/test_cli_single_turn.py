"""CLI: turn, simultaneous, replies — JSON keys, files written, bad input."""
import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from jeopardy.cli.main import cli


def run(*args):
    result = CliRunner().invoke(cli, list(args))
    return result


def test_turn_json():
    result = run("turn", "--hold", "20", "--game", "pig", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["distribution_exact"]["0"] == "9440899/15116544"
    assert data["distribution"]["0"] == 9440899 / 15116544
    assert sum(Fraction(p) for p in data["distribution_exact"].values()) == 1
    assert data["mean"] == pytest.approx(8.1418, abs=1e-4)
    assert data["bust_probability"] == pytest.approx(0.624540834, abs=1e-9)


def test_turn_with_roll_at_and_bad_face():
    result = run("turn", "--roll-at", "0-9", "--game", "pig", "--bad-face", "6", "--json")
    data = json.loads(result.stdout)
    assert result.exit_code == 0
    # a 6 busts; roll at 0-9: the first total of 10 or more ends it (10..14: 9 plus 1..5)
    assert set(data["distribution"]) == {"0", *(str(n) for n in range(10, 15))}
    assert data["distribution_exact"]["0"] == data["bust_probability_exact"]
    assert sum(Fraction(p) for p in data["distribution_exact"].values()) == 1


def test_simultaneous_json_and_files(tmp_path):
    csv_path, strategy_path, png = tmp_path / "m.csv", tmp_path / "s.csv", tmp_path / "s.png"
    result = run("simultaneous", "--max-hold", "30", "--csv", str(csv_path), "--strategy-csv",
                 str(strategy_path), "--plot", str(png), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["value"] == 0.0 and data["value_exact"] == "0" and data["verified"] is True
    assert all({"hold", "probability", "probability_exact"} <= set(s) for s in data["strategy"])
    assert sum(Fraction(s["probability_exact"]) for s in data["strategy"]) == 1
    assert csv_path.read_text().startswith("row \\ column,hold 1,hold 2")
    assert png.read_bytes()[:4] == b"\x89PNG"
    assert strategy_path.exists()


def test_simultaneous_full_game_json():
    result = run("simultaneous", "--max-hold", "40", "--all-stopping-rules", "--json")
    data = json.loads(result.stdout)
    assert data["verified"] is True
    # what the command prints is what the library computes, exactly
    from jeopardy.rules import game
    from jeopardy.simultaneous.game import solve_simultaneous

    ours = solve_simultaneous(game("pig"), 40, all_stopping_rules=True)
    assert Fraction(data["full_gain_exact"]) == ours.full_gain > 0
    assert data["full_gain"] == float(ours.full_gain)
    assert data["lp"] == {"status": "optimal", "solver": "HIGHS"}
    # the rule as data (its totals), its label beside them
    assert data["full_best_rule"]["rule"] == str(ours.full_best_rule)
    best = data["full_best_rule"]
    assert frozenset(best["roll_at"] if "roll_at" in best else range(best["hold"])) == \
        ours.full_best_rule.roll_at
    assert [(s["rule"], s["probability_exact"]) for s in data["strategy"]] == \
        [(str(w.rule), str(w.probability)) for w in ours.full.strategy]
    # the full game's equilibrium uses rules that are not hold-at-h
    assert any("roll_at" in s and "hold" not in s for s in data["strategy"])
    assert sum(Fraction(s["probability_exact"]) for s in data["strategy"]) == 1


def test_replies_human_output():
    result = run("replies", "--max-hold", "25")
    assert result.exit_code == 0
    assert "smallest advantage over any pure strategy: 0.079592 (against hold at 17)" in result.output
    assert "  hold  17  hold  20   0.079592   roll at 0,3-19                  0.081780" in result.output


@pytest.mark.parametrize("args, message", [
    pytest.param(["simultaneous", "--max-hold", "0"], "--max-hold must be at least 1", id="max-hold-0"),
    pytest.param(["turn", "--hold", "5", "--game", "chess"], "unknown game", id="unknown-game"),
    pytest.param(["simultaneous", "--max-hold", "5", "--csv", "/no/such/dir/m.csv"],
                 "does not exist", id="unwritable-csv"),
    pytest.param(["turn", "--hold", "-3"], "non-negative", id="negative-hold"),
    pytest.param(["turn", "--hold", "5", "--model", "/no/such/model.json"], "cannot read",
                 id="unreadable-model"),
    pytest.param(["turn", "--hold", "5", "--game", "pig", "--bad-face", "9"], "face of the d6",
                 id="bad-face-out-of-range"),
])
def test_bad_input_one_line_nonzero(args, message):
    result = run(*args)
    assert result.exit_code != 0
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]
    assert "Traceback" not in result.output


def test_written_files_get_ordinary_permissions(tmp_path):
    import os
    import stat

    from jeopardy.files import write_text

    path = write_text(tmp_path / "a.csv", "x\n")
    mode = stat.S_IMODE(os.stat(path).st_mode)
    umask = os.umask(0)
    os.umask(umask)
    assert mode == 0o666 & ~umask
