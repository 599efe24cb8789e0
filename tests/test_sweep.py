"""Sweeps: the grid, its rows, resuming, memory estimates, figures, and Dask.

The in-process engine checks the rows; a small in-process Dask cluster checks
the resources; ``test_scheduler_and_workers_survive_a_killed_worker`` starts a
scheduler and two workers as separate processes (loopback only) and kills one
in the middle of a sweep.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import jeopardy
from jeopardy.errors import JeopardyError
from oracles.pair import value_iteration
from jeopardy.rules import game
from jeopardy.rules.dice import dice_game
from jeopardy.sweeps.resources import estimated_memory
from jeopardy.sweeps.spec import read

ROOT = Path(__file__).resolve().parents[1]
ENV = dict(os.environ, PYTHONPATH=str(ROOT))


def in_process(spec, tmp_path, **options):
    return jeopardy.sweep(spec, out=tmp_path / "out", scheduler="in-process", **options)


# ---------------------------------------------------------------------- spec
def test_grid_is_every_combination_and_a_goal_range_is_inclusive():
    plan = read({"games": ["pig", {"name": "d8 pig", "faces": 8, "bad_faces": [1]}],
                 "goals": {"from": 10, "to": 30, "step": 10}, "players": [2, 3],
                 "analyses": ["solve", {"name": "compare", "against": ["hold:20", "hold:25"]}]})
    assert len(plan.tasks) == 2 * 3 * 2 * 3
    assert sorted({t.goal for t in plan.tasks}) == [10, 20, 30]
    d8 = next(t.model for t in plan.tasks if t.game == "d8 pig")
    assert d8.fingerprint() == dice_game(8, 1, [1]).fingerprint()
    assert {t.against for t in plan.tasks if t.analysis == "compare"} == {"hold:20", "hold:25"}
    assert len({t.key for t in plan.tasks}) == len(plan.tasks)


@pytest.mark.parametrize("spec, words", [
    pytest.param({"games": ["pig"]}, "'goals' is missing", id="no-goals"),
    pytest.param({"games": ["pig"], "goals": [10], "colour": 1}, "unknown key 'colour'", id="key"),
    pytest.param({"games": ["pog"], "goals": [10]}, "unknown game 'pog'", id="game"),
    pytest.param({"games": [{"faces": 6, "sides": 2}], "goals": [10]}, "unknown dice key 'sides'",
                 id="dice-key"),
    pytest.param({"games": [{"faces": 6, "bad_faces": [7]}], "goals": [10]}, "bad face 7",
                 id="bad-face"),
    pytest.param({"games": ["pig"], "goals": [0]}, "positive integers", id="goal-0"),
    pytest.param({"games": ["pig"], "goals": {"from": 10, "to": 5}}, "no goals", id="empty-range"),
    pytest.param({"games": ["pig"], "goals": [10], "players": [11]}, "players must be 2-10",
                 id="players"),
    pytest.param({"games": ["pig"], "goals": [10], "endings": ["sudden-death"]},
                 "unknown ending", id="ending"),
    pytest.param({"games": ["pig"], "goals": [10], "analyses": ["fame"]}, "unknown analysis",
                 id="analysis"),
    pytest.param({"games": ["pig"], "goals": [10], "analyses": [{"name": "compare",
                  "against": ["optimal"]}]}, "compare against", id="against"),
    pytest.param({"games": ["pig"], "goals": [10, 10]}, "same task appears twice", id="twice"),
])
def test_malformed_specs_are_refused_in_one_line(spec, words):
    with pytest.raises(JeopardyError, match=words) as error:
        read(spec)
    assert "\n" not in str(error.value)


def test_spec_reads_toml(tmp_path):
    path = tmp_path / "spec.toml"
    path.write_text('games = ["piglet"]\ngoals = {from = 2, to = 4}\nanalyses = ["solve"]\n')
    assert [t.goal for t in read(path).tasks] == [2, 3, 4]
    path.write_text("games = [\n")
    with pytest.raises(JeopardyError, match="not valid TOML"):
        read(path)


# ---------------------------------------------------------------------- rows
def reference_chance(model, goal):
    """P(first wins | scores i, j) from the plain value iteration, as a table."""
    P = value_iteration(model, goal, tolerance=1e-14)
    return np.array([[P[(i, j, 0)] for j in range(goal)] for i in range(goal)])


def test_rows_match_the_plain_reference_solver(tmp_path):
    games = ["pig", "piglet", {"name": "d4 bad 4", "faces": 4, "bad_faces": [4]}]
    frame = in_process({"games": games, "goals": [6, 9], "analyses": ["solve", "fairness"]},
                       tmp_path)
    assert len(frame) == 12 and (frame["error"] == "").all()
    models = {"pig": game("pig"), "piglet": game("piglet"), "d4 bad 4": dice_game(4, 1, [4])}
    for row in frame.itertuples():
        table = reference_chance(models[row.game], row.goal)
        # value iteration stops at a change of 1e-14; the kernels are exact to rounding
        assert row.win_probability == pytest.approx(table[0, 0], abs=1e-11)
        if row.analysis == "fairness":
            gap = {b: abs(table[0, b] - 0.5) for b in range(row.goal)}
            gap.update({-b: abs(table[b, 0] - 0.5) for b in range(1, row.goal)})
            best = min(gap.values())
            assert gap[row.compensation_points] == pytest.approx(best, abs=1e-11)
            assert row.value == row.compensation_points
        assert row.residual < 1e-12 and row.seconds >= 0 and row.peak_memory_bytes > 0


def test_compare_is_the_exact_head_to_head(tmp_path, pig):
    from jeopardy.match import policies
    from jeopardy.match.evaluation import head_to_head
    from jeopardy.match.solver import solve

    frame = in_process({"games": ["pig"], "goals": [25], "analyses": [
        {"name": "compare", "against": ["hold:20", "rule:k < 10"]}]}, tmp_path)
    optimal = policies.from_solution(solve(pig, 25))
    for row, other in zip(frame.itertuples(), (policies.hold_at(25, 20),
                                               policies.from_formula(25, "k < 10"))):
        exact = head_to_head(pig, optimal, other)
        assert (row.first, row.second, row.value) == (exact.first, exact.second, exact.fair)
    assert frame["value"].iloc[1] > 0.5  # hold at 10 loses to optimal play


def test_failing_and_unsupported_tasks_are_error_rows_and_the_sweep_goes_on(tmp_path):
    frame = in_process({"games": ["pig"], "goals": [8],
                        "players": [2, 3], "endings": ["first-to-goal", "equal-turns"],
                        "analyses": ["solve", "fairness", "solitaire",
                                     {"name": "compare", "against": ["hold:0", "rule:k / (i - j) < 3"]}]},
                       tmp_path)
    assert len(frame) == 4 * 5
    errors = dict(zip(zip(frame.players, frame.ending, frame.analysis, frame.against), frame.error))
    for players in (2, 3):  # the N-player solver plays every game the pair solver does not
        for ending in ("first-to-goal", "equal-turns"):
            assert errors[(players, ending, "solve", "")] == ""
    assert errors[(2, "equal-turns", "fairness", "")] == ""
    assert errors[(3, "equal-turns", "fairness", "")] == (
        "fairness: compensation points are one head start between two players; "
        "3 players would need one per later seat")
    assert errors[(3, "first-to-goal", "compare", "hold:0")] == (
        "compare: optimal play against one policy is a two-player head-to-head; "
        "seat 3 policies with jeopardy compare --players 3")
    assert errors[(2, "equal-turns", "solitaire", "")] == (
        "solitaire: one player alone; players and ending do not apply "
        "(see its 2-player first-to-goal rows)")
    assert errors[(2, "first-to-goal", "solitaire", "")] == ""
    for ending in ("first-to-goal", "equal-turns"):
        assert errors[(2, ending, "compare", "hold:0")] == "hold:N needs N >= 1; got 0"
        assert "divides by zero" in errors[(2, ending, "compare", "rule:k / (i - j) < 3")]
    assert all("\n" not in e and "issue" not in e for e in frame.error)
    assert frame.loc[frame.error != "", "value"].isna().all()
    # solitaire 3, fairness 2, compare 4: never started; the policy errors ran
    assert frame.loc[frame.error != "", "seconds"].isna().sum() == 9


def match_solve(model, goal, players, ending):
    from jeopardy.match.solver import solve

    return solve(model, goal, players, ending)


@pytest.mark.parametrize("players, ending", [(3, "first-to-goal"), (3, "equal-turns"),
                                             (2, "equal-turns"), (2, "one-more-turn")])
def test_n_player_and_other_ending_rows_are_the_match_solvers(tmp_path, players, ending):
    frame = in_process({"games": ["pig", "piglet"], "goals": [7, 10], "players": [players],
                        "endings": [ending], "analyses": ["solve"]}, tmp_path)
    assert (frame["error"] == "").all() and len(frame) == 4
    for row in frame.itertuples():
        solution = match_solve(game(row.game), row.goal, players, ending)
        chances = [float(p) for p in row.win_probabilities.split(",")]
        # the same solver on the same game: equal to rounding
        assert row.value == pytest.approx(solution.win_probabilities[0], abs=1e-12)
        assert chances == pytest.approx(solution.win_probabilities, abs=1e-12)
        assert len(chances) == players and sum(chances) == pytest.approx(1, abs=1e-12)
        assert row.win_probability == row.value and row.states == solution.turn_starts
        assert row.residual < 1e-12


def test_two_player_equal_turns_fairness_and_compare(tmp_path, pig):
    from jeopardy.match.evaluation import evaluate
    from jeopardy.match import policies

    frame = in_process({"games": ["pig"], "goals": [12], "endings": ["equal-turns"],
                        "analyses": ["fairness", {"name": "compare", "against": ["hold:4"]}]},
                       tmp_path)
    assert (frame["error"] == "").all()
    fairness, compare = frame.iloc[0], frame.iloc[1]
    solution = match_solve(pig, 12, 2, "equal-turns")
    # the head start b for the second player (b < 0: the first starts with -b),
    # searched here from the turn starts of the first of the round
    chance = {b: solution.start_value((0, b) if b >= 0 else (-b, 0))[0] for b in range(-11, 12)}
    best = min(abs(p - 0.5) for p in chance.values())
    assert abs(chance[fairness.compensation_points] - 0.5) == pytest.approx(best, abs=1e-12)
    assert fairness.compensated_win_probability == chance[fairness.compensation_points]
    assert fairness.compensation_points < 0  # equal turns favours the second player here
    hold = policies.hold_at(12, 4)
    first = evaluate(pig, 12, [solution, hold], "equal-turns").win_probabilities[0]
    second = evaluate(pig, 12, [hold, solution], "equal-turns").win_probabilities[1]
    assert compare["first"] == pytest.approx(first, abs=1e-12)
    assert compare.second == pytest.approx(second, abs=1e-12)
    assert compare.value == pytest.approx((first + second) / 2, abs=1e-12)


def test_a_task_past_the_budget_is_refused_with_its_estimate(tmp_path, monkeypatch, pig):
    from jeopardy import resources
    from jeopardy.match.rules import MatchRules
    from jeopardy.match.solver import estimate

    monkeypatch.setenv("JEOPARDY_TIME_LIMIT", "10")
    monkeypatch.setenv("JEOPARDY_MEMORY_LIMIT", "8G")
    started = time.perf_counter()
    frame = in_process({"games": ["pig"], "goals": [6, 100], "players": [3],
                        "endings": ["equal-turns"]}, tmp_path)
    assert time.perf_counter() - started < 60  # the 4-minute solve never started
    small, big = frame.iloc[0], frame.iloc[1]
    assert small.error == "" and small.value > 0
    cost = estimate(pig, 100, MatchRules(3, "equal-turns"))  # the N-player solver's own
    assert cost.seconds > 10
    assert big.error.startswith(f"goal 100 (solve, 3 players, equal-turns) needs "
                                f"{resources.describe(cost)}, past this machine's time budget")
    assert "\n" not in big.error and "the largest that fits is" in big.error
    assert big.estimated_memory_bytes == cost.task_bytes
    assert big.value != big.value and big.seconds != big.seconds  # never ran: NaN


def test_solitaire_rows_are_the_fewest_expected_turns(tmp_path):
    # goal 1: every turn that does not bust on its first roll reaches it, so the
    # turns are geometric: 1 / P(no bust) = 2 for the coin, 6/5 for the die
    frame = in_process({"games": ["piglet", "pig"], "goals": [1, 40],
                        "analyses": ["solitaire"]}, tmp_path)
    by = {(r.game, r.goal): r for r in frame.itertuples()}
    assert by[("piglet", 1)].value == pytest.approx(2.0, abs=1e-12)
    assert by[("pig", 1)].value == pytest.approx(1.2, abs=1e-12)
    assert 1 < by[("pig", 40)].value < by[("piglet", 40)].value
    assert (frame["peak_memory_bytes"] <= frame["estimated_memory_bytes"]).all()


# ------------------------------------------------------------ resume, files
def test_rows_are_kept_and_a_rerun_skips_them(tmp_path):
    spec = {"games": ["pig", "piglet"], "goals": [5, 10], "analyses": ["solve", "fairness"]}
    first = in_process(spec, tmp_path)
    rows = sorted((tmp_path / "out" / "rows").glob("*.json"))
    assert len(rows) == 8
    rows[0].unlink()
    rows[1].write_text('{"task": "damag')  # a damaged row is not trusted
    calls = []
    second = in_process(spec, tmp_path, progress=lambda done, total, skipped: calls.append(
        (done, total, skipped)))
    assert calls[0] == (6, 8, 6) and calls[-1] == (8, 8, 6)
    assert "6 of 8 tasks were finished before and skipped" in second.attrs["notes"]
    columns = ["task", "value", "win_probability", "compensation_points", "error"]
    pd.testing.assert_frame_equal(first[columns], second[columns])
    for table in (pd.read_parquet(tmp_path / "out" / "results.parquet"),
                  pd.read_csv(tmp_path / "out" / "results.csv", keep_default_na=False)):
        assert table["task"].tolist() == first["task"].tolist()
        assert np.allclose(table["value"].astype(float), first["value"])
    third = in_process(spec, tmp_path, resume=False)
    assert not third.attrs["notes"][:1] or "skipped" not in third.attrs["notes"][0]


# -------------------------------------------------------------------- memory
@pytest.mark.slow
@pytest.mark.parametrize("name", ["pig", "two-dice-pig"])
def test_memory_estimate_covers_the_measured_peak(tmp_path, name):
    frame = in_process({"games": [name], "goals": [30, 90], "analyses": [
        "solve", "fairness", "solitaire", {"name": "compare", "against": ["hold:20"]}]},
                       tmp_path)
    assert (frame["error"] == "").all()
    assert (frame["peak_memory_bytes"] <= frame["estimated_memory_bytes"]).all()
    big = frame[frame.goal == 90]
    compare = big[big.analysis == "compare"].iloc[0]
    # the policy tables dominate: the estimate is not wildly above the peak
    assert compare.peak_memory_bytes > 0.3 * (compare.estimated_memory_bytes - 4 * 2 ** 20)


def test_estimates_grow_with_the_goal(pig):
    for analysis in ("solve", "fairness", "compare", "simultaneous", "solitaire"):
        sizes = [estimated_memory(analysis, pig, g) for g in (10, 100, 1000)]
        assert sizes == sorted(sizes) and sizes[0] < sizes[-1]
    assert estimated_memory("solve", pig, 100, players=3) > estimated_memory("solve", pig, 100)


@pytest.mark.parametrize("players, ending", [(3, "first-to-goal"), (4, "equal-turns"),
                                             (2, "equal-turns"), (2, "one-more-turn")])
def test_estimates_of_match_games_are_the_match_solvers(pig, players, ending):
    from jeopardy.match.evaluation import evaluation_cost
    from jeopardy.match.rules import MatchRules
    from jeopardy.match.solver import estimate
    from jeopardy.sweeps.resources import estimated_work

    rules = MatchRules(players, ending)
    cost = estimate(pig, 60, rules)
    assert estimated_memory("solve", pig, 60, players, ending) == cost.task_bytes
    assert estimated_work("solve", pig, 60, players, ending) == cost.seconds
    assert estimated_work("fairness", pig, 60, players, ending) == cost.seconds
    if ending != "one-more-turn":  # compare: the solve, then one evaluation per seating
        assert estimated_work("compare", pig, 60, players, ending) == pytest.approx(
            cost.seconds + 2 * evaluation_cost(pig, 60, rules).seconds, rel=1e-12)
    parker = game("parker-brothers")  # turn totals that fall: the N-player solver's too
    assert estimated_work("solve", parker, 60) == estimate(parker, 60, MatchRules()).seconds


def test_a_task_larger_than_every_worker_is_refused_before_it_runs(tmp_path):
    from distributed import Client, LocalCluster

    from jeopardy.match.rules import MatchRules
    from jeopardy.match.solver import estimate as match_estimate

    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                      resources={"memory": 6_000_000}, dashboard_address=None) as cluster, \
            Client(cluster, timeout="20s") as client:
        frame = jeopardy.sweep({"games": ["pig"], "goals": [12, 120, 150], "players": [2, 3],
                                "analyses": ["solve", {"name": "compare", "against": ["hold:20"]}]},
                               out=tmp_path / "out", scheduler=client)
    # an analysis that does not apply says why, whatever its size
    three = {(r.goal, r.analysis): r for r in frame[frame.players == 3].itertuples()}
    assert three[(150, "compare")].error.startswith("compare: optimal play against one policy")
    assert three[(12, "solve")].error == "" and three[(12, "solve")].value > 0
    cost = match_estimate(game("pig"), 150, MatchRules(3))  # the N-player solver's own
    assert three[(150, "solve")].error == \
        f"needs about {cost.task_bytes / 1e6:.1f} MB, more than any worker has (6.0 MB)"
    frame = frame[frame.players == 2]
    by = {(r.goal, r.analysis): r for r in frame.itertuples()}
    assert by[(150, "compare")].error == \
        "needs about 15.2 MB, more than any worker has (6.0 MB)"
    assert by[(150, "compare")].seconds != by[(150, "compare")].seconds  # never ran: NaN
    need = estimated_memory("compare", game("pig"), 120)
    assert 6e6 < need < 2 * 6e6  # just past the worker: refused too
    assert by[(120, "compare")].error == \
        f"needs about {need / 1e6:.1f} MB, more than any worker has (6.0 MB)"
    assert by[(150, "solve")].error == "" and by[(12, "compare")].error == ""
    assert by[(150, "solve")].worker.startswith("inproc://")


# ------------------------------------------------------------ plots and CLI
@pytest.mark.slow
def test_figure_and_cli(tmp_path):
    from click.testing import CliRunner
    from matplotlib.figure import Figure

    from jeopardy.cli.main import cli
    from jeopardy.plots.sweep import value_against_goal

    spec = tmp_path / "spec.toml"
    spec.write_text('games = ["pig", "piglet"]\ngoals = [5, 10, 15]\n'
                    'analyses = ["solve", "fairness"]\nplayers = [2, 3]\n')
    out = tmp_path / "out"
    result = subprocess.run([sys.executable, "-m", "jeopardy", "sweep", str(spec), "--out",
                             str(out), "--scheduler", "in-process", "--plot",
                             str(tmp_path / "f.svg"), "--json"], cwd=ROOT, env=ENV,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "f.svg").read_bytes().startswith(b"<?xml")
    data = json.loads(result.stdout)
    assert data["tasks"] == 24 and data["errors"] == 6  # fairness with 3 players
    assert "sweep: 24/24 tasks" in result.stderr  # the progress line, on stderr
    again = CliRunner().invoke(cli, ["sweep", str(spec), "--out", str(out), "--scheduler",
                                     "in-process", "--plot", str(tmp_path / "f.png")])
    assert again.exit_code == 0, again.output
    assert (tmp_path / "f.png").read_bytes().startswith(b"\x89PNG")
    assert "24 of 24 tasks were finished before and skipped" in again.output
    assert "error in 6 tasks: fairness: compensation points are one head start between two " \
        "players; 3 players would need one per later seat" in again.output
    assert "P(first player wins), optimal play (3 players, first-to-goal)" in again.output
    figure = value_against_goal(pd.read_parquet(out / "results.parquet"))
    assert isinstance(figure, Figure) and len(figure.axes) == 2
    lines, labels = figure.axes[0].get_legend_handles_labels()
    assert labels == ["pig", "piglet"] and [len(line.get_xdata()) for line in lines] == [3, 3]


@pytest.mark.parametrize("arguments, words", [
    pytest.param(["missing.toml"], "cannot read sweep spec", id="missing"),
    pytest.param(["SPEC", "--scheduler", "nowhere"], "scheduler must be an address", id="address"),
    pytest.param(["SPEC", "--scheduler", "tcp://127.0.0.1:1", "--connect-timeout", "2"],
                 "cannot reach the Dask scheduler", id="unreachable"),
    pytest.param(["SPEC", "--scheduler", "in-process", "--plot", "x.pdf"], "use a .png or .svg",
                 id="plot-suffix"),
    pytest.param(["SPEC", "--workers", "0"], "--workers must be at least 1", id="workers"),
])
def test_cli_refusals_are_one_line(tmp_path, arguments, words):
    from click.testing import CliRunner

    from jeopardy.cli.main import cli

    spec = tmp_path / "spec.toml"
    spec.write_text('games = ["piglet"]\ngoals = [3]\n')
    arguments = [str(spec) if a == "SPEC" else a for a in arguments]
    result = CliRunner().invoke(cli, ["sweep", *arguments, "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    lines = [line for line in result.output.strip().splitlines() if not line.startswith("sweep:")]
    assert len(lines) == 1 and lines[0].startswith("jeopardy: error:") and words in lines[0]


# ---------------------------------------------------------------- real Dask
def start(arguments: list[str], log: Path) -> subprocess.Popen:
    """A Dask process in its own session (so the whole group can be killed), loopback only."""
    return subprocess.Popen([sys.executable, "-m", *arguments], cwd=ROOT, env=ENV,
                            stdout=subprocess.DEVNULL, stderr=open(log, "w"),
                            start_new_session=True)


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=10)


@pytest.fixture
def cluster(tmp_path):
    """A scheduler and two workers, each a separate process on 127.0.0.1."""
    scheduler_file = tmp_path / "scheduler.json"
    processes = [start(["distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                        "--no-dashboard", "--scheduler-file", str(scheduler_file)],
                       tmp_path / "scheduler.log")]
    try:
        deadline = time.monotonic() + 30
        while not scheduler_file.exists() or not scheduler_file.read_text().strip():
            assert time.monotonic() < deadline, "the scheduler did not start"
            assert processes[0].poll() is None, (tmp_path / "scheduler.log").read_text()
            time.sleep(0.1)
        address = json.loads(scheduler_file.read_text())["address"]
        for name in ("a", "b"):
            processes.append(start(["distributed.cli.dask_worker", address, "--name", name,
                                    "--nthreads", "1", "--no-nanny", "--no-dashboard",
                                    "--host", "127.0.0.1", "--resources", "memory=2e9"],
                                   tmp_path / f"worker-{name}.log"))
        from distributed import Client

        with Client(address, timeout="30s") as client:
            client.wait_for_workers(2, timeout=30)
        yield address, processes[1], processes[2]
    finally:
        for process in reversed(processes):
            stop(process)


@pytest.mark.serial  # kills a Dask worker mid-sweep, with deadlines on what follows
@pytest.mark.slow
def test_scheduler_and_workers_survive_a_killed_worker(cluster, tmp_path):
    address, worker_a, _ = cluster
    spec = tmp_path / "spec.toml"
    spec.write_text('games = ["pig"]\ngoals = {from = 100, to = 300, step = 20}\n')
    out = tmp_path / "out"
    sweep = subprocess.Popen([sys.executable, "-m", "jeopardy", "sweep", str(spec), "--out",
                              str(out), "--scheduler", address, "--json"], cwd=ROOT, env=ENV,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while not list((out / "rows").glob("*.json")) if (out / "rows").exists() else True:
            assert time.monotonic() < deadline and sweep.poll() is None, "no row arrived"
            time.sleep(0.05)
        stop(worker_a)  # SIGKILL, in the middle of the sweep
        finished_before = len(list((out / "rows").glob("*.json")))
        stdout, stderr = sweep.communicate(timeout=90)
    finally:
        stop(sweep)
    assert sweep.returncode == 0, stderr
    assert finished_before < 11
    data = json.loads(stdout)
    assert data["tasks"] == 11 and data["errors"] == 0
    frame = pd.read_parquet(out / "results.parquet")
    assert frame["goal"].tolist() == list(range(100, 301, 20))
    assert frame["value"].notna().all() and (frame["residual"] < 1e-12).all()
    assert frame["worker"].str.startswith("tcp://127.0.0.1:").all()


@pytest.mark.slow
def test_default_local_cluster(tmp_path):
    frame = jeopardy.sweep({"games": ["piglet", "pig"], "goals": [5, 10]}, out=tmp_path / "out",
                           workers=2)
    assert frame.attrs["notes"][0] == "local cluster: 2 worker processes, processes"
    assert (frame["error"] == "").all() and frame["worker"].str.startswith("tcp://").all()


def _python_snippet() -> str:
    """The 'From Python' example of docs/sweep.md, as the page shows it."""
    page = (ROOT / "docs" / "sweep.md").read_text()
    section = page[page.index("## From Python"):]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


@pytest.mark.slow
@pytest.mark.parametrize("how", ["script", "stdin"])
def test_the_docs_python_snippet_runs_as_a_script_and_from_stdin(tmp_path, how):
    """Issue 25: the snippet failed as a saved script (no __main__ guard: every spawned
    worker ran the sweep again) and from ``python -``; it runs both ways now, with
    worker processes when the script is guarded and threads when it cannot be imported."""
    script = tmp_path / "my_sweep.py"
    script.write_text(_python_snippet().replace("[50, 100]", "[10, 20]")
                      + "    print(frame.attrs['notes'][0])\n")
    arguments = [sys.executable, str(script)] if how == "script" else [sys.executable, "-"]
    done = subprocess.run(arguments, cwd=tmp_path, capture_output=True, text=True, timeout=600,
                          input=None if how == "script" else script.read_text(),
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert (tmp_path / "my-sweep.svg").read_bytes().startswith(b"<?xml")
    note = done.stdout.strip().splitlines()[-1]
    if how == "script":
        assert note == "local cluster: 2 worker processes, processes" or \
            note.startswith("local cluster: ") and "processes, processes" in note
    else:
        assert "threads instead of worker processes" in note
    table = pd.read_csv(tmp_path / "my-sweep" / "results.csv")
    assert sorted(table["goal"].unique()) == [10, 20] and table["value"].notna().all()


def test_an_unguarded_top_level_call_is_found():
    import ast

    from jeopardy.sweeps.engine import _guarded

    tree = ast.parse("import jeopardy\nx = 1\nif __name__ == '__main__':\n    y = 2\n"
                     "    z = 3\nw = 4\n")
    assert [_guarded(tree, line) for line in range(1, 7)] == [False, False, True, True, True,
                                                               False]


def test_a_threaded_local_cluster_runs_one_task_at_a_time():
    """Several threads entering the numba kernels at once crashed a threaded sweep now
    and then (a segmentation fault); ``processes=False`` is one worker thread, whatever
    ``workers`` asks."""
    from distributed import Client

    from jeopardy.sweeps.engine import local_cluster

    with local_cluster(3, processes=False) as cluster, Client(cluster) as client:
        assert list(client.nthreads().values()) == [1]


def test_a_sweep_never_overwrites_what_it_reads_and_reruns_a_damaged_row(tmp_path):
    """A probe's finds (2026-11-29): a spec named results.csv in its own output directory,
    a model file there, or a spec given as its own --plot, was overwritten (exit 0); a row
    hand-edited to hold text for a number was kept as a blank cell, and a deeply nested one
    gave a RecursionError.  Now the first three are refused before any task runs, the
    reader's files byte-identical, and such rows are run again."""
    spec = 'games = ["piglet"]\ngoals = [4]\n'
    (tmp_path / "col").mkdir()
    named = tmp_path / "col" / "results.csv"
    named.write_text(spec)
    done = subprocess.run([sys.executable, "-m", "jeopardy", "sweep", str(named), "--out",
                           str(tmp_path / "col"), "--scheduler", "in-process"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode != 0 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "is a file this sweep reads (its spec or a model file), and the results table " \
           "would overwrite it" in done.stderr
    assert named.read_text() == spec and not (tmp_path / "col" / "results.parquet").exists()
    figure = tmp_path / "spec.svg"
    figure.write_text(spec)
    done = subprocess.run([sys.executable, "-m", "jeopardy", "sweep", str(figure), "--out",
                           str(tmp_path / "o"), "--plot", str(figure), "--scheduler",
                           "in-process"], capture_output=True, text=True, timeout=300)
    assert done.returncode != 0 and "and --plot would overwrite it" in done.stderr
    assert figure.read_text() == spec
    rows = tmp_path / "m" / "rows"
    rows.mkdir(parents=True)
    model = rows / "coin.json"
    model.write_text((ROOT / "docs" / "examples" / "unfair-coin.json").read_text())
    with pytest.raises(JeopardyError, match="a row of the results would overwrite it"):
        jeopardy.sweep({"games": [{"model": str(model)}], "goals": [4]}, out=tmp_path / "m",
                       scheduler="in-process")
    for bad, words in ((5, "out must be a directory name; got 5"),):
        with pytest.raises(JeopardyError, match=words):
            jeopardy.sweep({"games": ["piglet"], "goals": [4]}, out=bad)
    for entry, words in (({"model": ["x"]}, "model is the path of a model file"),
                         ({"name": ["x"], "faces": 6}, "a game's name is a non-empty string"),
                         ({"name": " ", "faces": 6}, "a game's name is a non-empty string")):
        with pytest.raises(JeopardyError, match=words):
            jeopardy.sweep({"games": [entry], "goals": [4]}, out=tmp_path / "x")
    # a damaged row is run again: text for a number, a row of another goal, deep nesting
    first = in_process({"games": ["piglet"], "goals": [4]}, tmp_path)
    row, = (tmp_path / "out" / "rows").glob("*.json")
    good = json.loads(row.read_text())
    for damaged in ({**good, "value": "abc"}, {**good, "goal": 5}, "[" * 100_000):
        row.write_text(damaged if isinstance(damaged, str) else json.dumps(damaged))
        again = in_process({"games": ["piglet"], "goals": [4]}, tmp_path)
        assert again.attrs["notes"] == ["ran in this process, one task after another"]
        assert again["value"][0] == first["value"][0]
    assert in_process({"games": ["piglet"], "goals": [4]}, tmp_path).attrs["notes"] == [
        "1 of 1 tasks were finished before and skipped"]
