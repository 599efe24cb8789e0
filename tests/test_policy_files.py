"""Policy tables as files: solve --policy-out writes .npz, .csv or .parquet;
compare, simulate, reach and play --ai read them back."""
import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from jeopardy.cli.main import cli
from jeopardy.errors import JeopardyError
from jeopardy.match import policies
from jeopardy.match.solver import solve
from jeopardy.rules.presets import game

GOAL = 40  # optimal Pig to 25 or 30 never holds; to 40 it holds in 56 states


@pytest.fixture(scope="module")
def optimal():
    return policies.from_solution(solve(game("pig"), GOAL))


def run(*args):
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize("suffix", [".npz", ".csv", ".parquet"])
def test_policy_out_round_trip(suffix, optimal, tmp_path):
    path = tmp_path / f"optimal{suffix}"
    code, out = run("solve", "--goal", str(GOAL), "--policy-out", str(path))
    assert code == 0, out
    assert f"policy written to {path}" in out
    back = policies.load(path, GOAL)
    assert np.array_equal(back.roll, optimal.roll)
    # compare reads it back: the file against optimal is the symmetric game
    code, out = run("compare", str(path), "optimal", "--goal", str(GOAL), "--json")
    assert code == 0, out
    import json
    data = json.loads(out)
    assert data["fair"] == pytest.approx(0.5, abs=1e-12)


def test_long_table_is_documented_shape(optimal, tmp_path):
    frame = optimal.to_frame()
    assert list(frame.columns) == ["i", "j", "k", "action"]
    # one row per decision state: i + k < goal, every j
    assert len(frame) == GOAL * GOAL * (GOAL + 1) // 2
    assert set(frame["action"]) == {"roll", "hold"}
    assert (frame["i"] + frame["k"] < GOAL).all()
    row = frame[(frame.i == 3) & (frame.j == 7) & (frame.k == 5)]
    assert row["action"].item() == ("roll" if optimal.rolls(3, 7, 5) else "hold")
    path = optimal.save(tmp_path / "p.parquet")
    assert pd.read_parquet(path).equals(frame)


def test_simulate_reach_and_play_read_policy_files(optimal, tmp_path):
    path = optimal.save(tmp_path / "optimal.parquet")
    code, out = run("simulate", str(path), "hold:10", "--goal", str(GOAL), "--games", "200")
    assert code == 0 and "optimal.parquet (A)" in out, out
    code, out = run("reach", "--policy", str(path), "--goal", str(GOAL))
    assert code == 0 and "states reachable" in out, out
    # the computer holds at 1 from this file: it banks after its first roll, every turn
    hold1 = policies.hold_at(GOAL, 1).save(tmp_path / "hold1.csv")
    result = CliRunner().invoke(cli, ["play", "--goal", str(GOAL), "--ai", str(hold1),
                                      "--seed", "5", "--second"], input="q\n")
    assert result.exit_code == 0, result.output
    assert "the computer plays the policy 'hold1.csv'" in result.output
    computer_lines = [line for line in result.output.splitlines() if "computer" in line
                      and ("rolls" in line or "holds" in line)]
    assert computer_lines and all("rolls" in line for line in computer_lines[:1])


@pytest.mark.parametrize("make, message", [
    pytest.param(lambda f: f.iloc[1:], "no action for 1 states", id="missing-row"),
    pytest.param(lambda f: pd.concat([f, f.iloc[:1]]), "more than one row", id="duplicate"),
    pytest.param(lambda f: f.assign(action="jump"), "is not roll or hold", id="action"),
    pytest.param(lambda f: f.drop(columns="k"), "columns must include", id="columns"),
])
def test_damaged_parquet_is_refused(make, message, optimal, tmp_path):
    path = tmp_path / "bad.parquet"
    make(optimal.to_frame()).to_parquet(path, index=False)
    with pytest.raises(JeopardyError, match=message):
        policies.load(path, GOAL)


def test_wrong_goal_and_not_parquet_are_refused(optimal, tmp_path):
    path = optimal.save(tmp_path / "p.parquet")
    with pytest.raises(JeopardyError, match=f"policy for goal {GOAL}; expected goal 20"):
        policies.load(path, 20)
    junk = tmp_path / "junk.parquet"
    junk.write_text("not parquet")
    with pytest.raises(JeopardyError, match="not a readable Parquet file"):
        policies.load(junk, GOAL)
    code, out = run("solve", "--goal", "10", "--policy-out", str(tmp_path / "p.txt"))
    assert code == 2 and "must end in .npz, .csv or .parquet" in out
