"""Issue 12, class by class: the cache, files, sizes, endless games, convergence, interrupts."""
from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import sys
import time
import warnings
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from jeopardy.cli.main import cli
from jeopardy import validate
from jeopardy.errors import JeopardyError
from jeopardy.match import policies
from jeopardy.match.evaluation import head_to_head
from jeopardy.match.simulation import simulate_head_to_head as simulate
from jeopardy.match.pair import CacheWarning, Solved, _cache_path, cache_directory, save
from jeopardy.match.solver import load, solve
from jeopardy.match.termination import stuck_state
from jeopardy.rules import game


# ------------------------------------------------------------------ the cache
def test_cache_keys_carry_the_model_name(tmp_path, monkeypatch):
    monkeypatch.setenv("JEOPARDY_CACHE_DIR", str(tmp_path))
    think, skunk = game("think"), game("skunk")
    assert think.fingerprint() == skunk.fingerprint()
    assert _cache_path(think, 30) != _cache_path(skunk, 30)
    solve(think, 30, cache=True)
    assert solve(skunk, 30, cache=True).model.name == "skunk"


@pytest.mark.parametrize("damage", ["truncate", "empty", "edit"])
def test_damaged_cache_entries_are_rebuilt_with_a_warning(tmp_path, monkeypatch, pig, damage):
    monkeypatch.setenv("JEOPARDY_CACHE_DIR", str(tmp_path))
    first = solve(pig, 25, cache=True)
    path = _cache_path(pig, 25)
    if damage == "truncate":
        path.write_bytes(path.read_bytes()[:200])
    elif damage == "empty":
        path.write_bytes(b"")
    else:
        edited = first.start_values.copy()
        edited[3, 4] = 0.9
        save(path, Solved(pig, 25, edited, 0.0, 0.0, 1, 1))  # a consistent checksum
    with pytest.warns(CacheWarning):
        again = solve(pig, 25, cache=True)
    assert not again.cached
    assert np.array_equal(again.start_values, first.start_values)
    assert solve(pig, 25, cache=True).cached  # rebuilt


def test_an_empty_cache_variable_means_the_default(monkeypatch):
    monkeypatch.setenv("JEOPARDY_CACHE_DIR", "")
    assert cache_directory() == cache_directory().home() / ".cache" / "jeopardy"


# ------------------------------------------------------------------ files
def test_an_edited_solution_file_is_refused_by_its_residual(tmp_path, pig):
    solution = solve(pig, 20)
    values = solution.start_values.copy()
    values[5, 5] += 0.01
    path = save(tmp_path / "edited.npz", Solved(pig, 20, values, 0.0, 0.0, 1, 1))
    with pytest.raises(JeopardyError, match="do not solve the game"):
        load(path)


def test_compare_reads_the_solvers_own_out_file(tmp_path):
    out = tmp_path / "pig20.npz"
    runner = CliRunner()
    assert runner.invoke(cli, ["solve", "--goal", "20", "--out", str(out)]).exit_code == 0
    from_file = runner.invoke(cli, ["compare", str(out), "hold:10", "--goal", "20", "--json"])
    direct = runner.invoke(cli, ["compare", "optimal", "hold:10", "--goal", "20", "--json"])
    assert from_file.exit_code == 0, from_file.stderr
    import json
    assert json.loads(from_file.stdout)["first"] == json.loads(direct.stdout)["first"]


@pytest.mark.parametrize("content, message", [
    pytest.param("i,j,k,action\n0,0,0,roll\n0,0,0,hold\n", "conflicting", id="conflicting-rows"),
    pytest.param(b"i,j,k,action\n0,0,0,r\xe9\n", "not UTF-8", id="latin-1"),
])
def test_bad_policy_csv_files(tmp_path, content, message):
    path = tmp_path / "p.csv"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(JeopardyError, match=message):
        policies.load(path, 5)


def test_a_typo_in_a_model_file_is_named(tmp_path):
    from jeopardy.rules import load as load_model

    path = tmp_path / "m.json"
    path.write_text('{"outcomes": [{"effect": "add", "point": 2, "probability": "1/2"},'
                    ' {"effect": "bust", "probability": "1/2"}]}')
    with pytest.raises(JeopardyError, match="unknown key 'point'"):
        load_model(path)


def test_outputs_write_through_symlinks_and_refuse_fifos(tmp_path):
    from jeopardy.files import write_text

    target = tmp_path / "target.csv"
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    write_text(link, "x\n")
    assert link.is_symlink() and target.read_text() == "x\n"
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(JeopardyError, match="not a regular file"):
        write_text(fifo, "x")
    with pytest.raises(JeopardyError, match="empty"):
        write_text("", "x")


@pytest.mark.parametrize("command", [["farkle", "solve", "--goal", "500", "--rules"], ["sweep"]])
def test_a_fifo_given_as_a_file_to_read_is_refused_not_waited_on(tmp_path, command):
    """A rules file or a sweep spec that is a FIFO: reading it would wait for a writer
    forever (the fuzz suite's corpus hung a whole CI run this way)."""
    fifo = tmp_path / "rules.toml"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-m", "jeopardy", *command, str(fifo)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()  # (a long path is shortened in the middle)
    kind = "the rules file" if "farkle" in command else "sweep spec"
    assert len(lines) == 1 and lines[0].startswith(f"jeopardy: error: cannot read {kind} '")
    assert lines[0].endswith("rules.toml': not a regular file"), lines


def test_asking_whether_a_fifo_is_a_match_policy_file_does_not_wait(tmp_path):
    """compare and play ask this of every policy argument before reading it."""
    fifo = tmp_path / "policy.npz"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-c", "import sys; from jeopardy.match.policy_file "
                           "import is_match_policy; print(is_match_policy(sys.argv[1]))",
                           str(fifo)], capture_output=True, text=True, timeout=60)
    assert done.stdout == "False\n", done.stderr


def test_figures_use_the_format_of_their_suffix(tmp_path):
    result = CliRunner().invoke(cli, ["plot", "boundary", "--goal", "12", "--out",
                                      str(tmp_path / "b.svg")])
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "b.svg").read_bytes().lstrip().startswith(b"<?xml")


# ------------------------------------------------------------------ sizes
def test_the_largest_size_that_fits_is_the_boundary(monkeypatch):
    from jeopardy import resources

    monkeypatch.setenv("JEOPARDY_TIME_LIMIT", "100")
    pig = game("pig")
    best = resources.largest("race", model=pig)
    assert resources.fits(resources.estimate("race", goal=best, model=pig))
    assert not resources.fits(resources.estimate("race", goal=best + 1, model=pig))
    with pytest.raises(JeopardyError, match=f"the largest that fits is {best:,}"):
        resources.require("race", goal=2 * best, model=pig)


def test_a_farkle_refusal_suggests_a_goal_it_would_take(monkeypatch):
    """Farkle goals are multiples of 50: the largest goal a refusal names is one, it fits,
    and the next multiple does not (the estimate rounds a goal down to its unit, so the
    largest integer that fits, which it named before, was refused in turn)."""
    import re

    from jeopardy.farkle.core import cost, solve
    from jeopardy.farkle.turn import FarkleRules
    from jeopardy import resources

    def named(refused) -> int:  # the size a refusal names
        return int(re.search(r"the largest that fits is ([\d,]+)", str(refused.value))[1]
                   .replace(",", ""))

    monkeypatch.setenv("JEOPARDY_TIME_LIMIT", "30")
    with pytest.raises(JeopardyError, match="the largest that fits is") as refused:
        solve(FarkleRules(goal=10_000), False, players=3)
    best = named(refused)
    assert best > 0 and best % 50 == 0
    assert resources.fits(cost(best, players=3))
    assert not resources.fits(cost(best + 50, players=3))
    from jeopardy import costs  # the web app's sizes, two players

    assert costs.largest("farkle") % 50 == 0 and costs.largest("farkle") > 0
    # the single turn's size is its least bank, a multiple of 50 points too
    from jeopardy.farkle.turn import solve_turn

    monkeypatch.setenv("JEOPARDY_TIME_LIMIT", "0.7")
    with pytest.raises(JeopardyError, match="the largest that fits is") as refused:
        solve_turn(FarkleRules(min_bank=100_000))
    least = named(refused)
    assert least > 0 and least % 50 == 0 and least == costs.largest("farkle_turn")
    assert solve_turn(FarkleRules(min_bank=least)).expected > 0


def test_a_given_cap_is_budgeted_before_any_table_is_built(pig, monkeypatch):
    """A cap (equal turns) or a cap scale (Fast Pig) sizes the last round's tables: a huge
    one is refused in one line with its estimate (it raised numpy's MemoryError after the
    kernels were loaded), and a cap scale past Ten Thousand's limit is refused as there."""
    from jeopardy.fast_pig import solve as fast_pig_solve
    from jeopardy.rules.fast_pig import FAST_PIG_PRESETS

    with pytest.raises(JeopardyError, match=r"2-player pig to 20 \(equal-turns\) with cap "
                       r"1,000,000,000 has 800 turn starts and needs about .* GB, past this "
                       r"machine's budget"):
        solve(pig, 20, 2, "equal-turns", cap=10 ** 9)
    with pytest.raises(JeopardyError, match=r"3-player pig to 20 \(equal-turns\) with cap "
                       r"10,000,000 has 24,000 turn starts"):
        solve(pig, 20, 3, "equal-turns", cap=10 ** 7)
    # the cap that fits is solved as before, and names no cap of its own in a refusal
    assert solve(pig, 20, 2, "equal-turns", cap=40).cap == 40
    with pytest.raises(JeopardyError, match="cap_scale must be in 1-64; got 1000000"):
        fast_pig_solve(FAST_PIG_PRESETS["fast-pig"], 2, "equal-turns", cap_scale=10 ** 6)
    small = dataclasses.replace(FAST_PIG_PRESETS["fast-pig"], goal=20)
    monkeypatch.setenv("JEOPARDY_TIME_LIMIT", "1")  # cap_scale 1 fits it (0.04 s), 64 not
    with pytest.raises(JeopardyError, match=r"\(equal-turns\) with cap_scale 64 has 800 "
                       r"turn starts and needs about"):
        fast_pig_solve(small, 2, "equal-turns", cap_scale=64)
    assert fast_pig_solve(small, 2, "equal-turns").goal == 20


def test_sizes_the_probe_found_unbudgeted_are_refused_in_one_line(pig, monkeypatch):
    """A probe of every public size parameter (2026-11-29) found these ending in numpy's
    MemoryError or ValueError, an OverflowError, a run of hours, or silently ignored:
    each is now a one-line refusal naming the parameter or the size."""
    import jeopardy as jp
    from jeopardy.exact.race import solve_exact
    from jeopardy.expected.policies import optimal
    from jeopardy.expected.simulate import simulate as simulate_score
    from jeopardy.expected.solver import solve_expected

    small = jp.Game("pig", goal=20)
    budget = r"past this machine's budget"
    # the expected-score solver sizes its tables by the cap, the score cap or the hold
    for options in ({"cap": 10 ** 9}, {"cap": 10 ** 18}, {"score_cap": 10 ** 9}):
        size = f"{next(iter(options.values())):,}"  # the refusal names this cap, not another
        with pytest.raises(JeopardyError, match=r"the expected score of pig over 5 turns with "
                           f"turn totals to {size} needs about .*" + budget):
            small.max_score(turns=5, **options)
    with pytest.raises(JeopardyError, match="turn totals to 1,000,000,000 needs about"):
        small.max_score(turns=5, policy="hold:1000000000")
    # a score cap's tables hold every start score: 5,000 over 5 turns is 2.5e8 int8 cells
    # (30,000: 9.0e9), past a 300 MB budget by the cells alone
    with monkeypatch.context() as patched:
        patched.setenv("JEOPARDY_MEMORY_LIMIT", "300M")
        with pytest.raises(JeopardyError, match="turn totals to 5,000 needs about .* 4.*MB"):
            small.max_score(turns=5, score_cap=5_000)
    assert small.max_score(turns=5, cap=2000).cap == 2000  # a cap that fits is kept
    with pytest.raises(JeopardyError, match=r"simulating 1,000,000,000,000 games of 5 turns "
                       r"needs about 12 days"):
        simulate_score(solve_expected(pig, 5, optimal()), 10 ** 12)
    with pytest.raises(JeopardyError, match=r"exact solving of pig to 10,000 needs at least "
                       r"2.0 TB for its tables, .*refuse_large=False lifts the time limit only"):
        solve_exact(pig, 10 ** 4, refuse_large=False)
    # options that do not apply are refused, not ignored
    for options, words in (({"cap": 10 ** 9}, "cap is the last round's cap .* first-to-goal "
                            "has no last round"),
                           ({"cap": -3}, "first-to-goal has no last round"),
                           ({"method": "classes", "max_passes": -1}, "max_passes must be "
                            "positive; got -1"),
                           ({"max_passes": 2.5}, "max_passes must be an integer")):
        with pytest.raises(JeopardyError, match=words):
            small.solve(**options)
    with pytest.raises(JeopardyError, match="cap must be at least 20; got -3"):
        jp.Game("pig", goal=20, ending="equal-turns").solve(cap=-3)
    with pytest.raises(JeopardyError, match="hold is a roll-model game's; ten-thousand's turn"):
        jp.Game("ten-thousand", goal=1000).turn(hold=10 ** 9)
    # refusals name the size at fault: THINK's caps (it named rounds 5), and no refusal
    # for a banked score, which sizes nothing (it was refused as "min_bank 10**18")
    with pytest.raises(validate.ParameterError, match=r"score_cap 1,000,000,000,000,000,000 "
                       r"\(THINK played to win, with rounds 5 and turn_cap 1,000,000,000,000,"
                       r"000,000\) needs about .*; no one of them fits lowered alone"):
        jp.Game("think").think(turn_cap=10 ** 18, score_cap=10 ** 18)
    ten = jp.Game("ten-thousand", goal=1000)
    assert ten.turn(banked=10 ** 18).expected == ten.turn(banked=500).expected
    # hold:N past the goal never holds short of it (past int64 it named a --hold flag that
    # compare and simulate do not have)
    from jeopardy.match.policies import hold_at

    never = hold_at(20, 10 ** 21)
    assert never.name == f"hold at {10 ** 21}" and (never.roll == hold_at(20, 20).roll).all()
    # a flag given a string acted as True ("no" is truthy): refused
    for call, name in ((lambda: small.solve(strict="no"), "strict"),
                       (lambda: small.exact(refuse_large="no"), "refuse_large"),
                       (lambda: small.max_score(collapse="no"), "collapse")):
        with pytest.raises(validate.ParameterError, match=f"{name} must be True or False; "
                                                         f"got 'no'"):
            call()
    # a whole number given as a float is a number, as everywhere (these two refused it)
    assert small.solitaire(turns=2.0).turns == 2
    assert jp.Game("hog", goal=20).simulate("optimal", games=1e3).games == 1000
    # a keyword the solver does not take: one line with the ones it does (was a TypeError)
    for name, call, words in (
            ("ten-thousand", lambda g: g.solve(max_passes=10), "max_passes is not an option "
             "here; the options are progress, tolerance, cap_scale, strict"),
            ("hog", lambda g: g.solve(max_passes=3), "the options are tolerance, strict, "
             "cap_scale"),
            ("pig", lambda g: g.exact(bar=1), "bar is not an option here"),
            ("pig", lambda g: g.exact(goal=5), "goal is not an option here; the options are "
             "max_iterations, progress, refuse_large"),  # the game's own
            ("pig", lambda g: g.max_score(q=1), "the options are cap, max_rounds, collapse, "
             "score_cap")):
        with pytest.raises(validate.ParameterError, match=words):
            call(jp.Game(name, goal=1000 if name == "ten-thousand" else 20))


def test_estimates_grow_with_size():
    from jeopardy.costs import ESTIMATORS, estimate

    for analysis, (_, size) in ESTIMATORS.items():
        small = estimate(analysis, **{size: 100})
        large = estimate(analysis, **{size: 200})
        assert large.seconds > small.seconds and large.bytes >= small.bytes, analysis


# ------------------------------------------------------------------ endless games
def test_policies_that_never_end_the_game_are_refused(pig):
    never = policies.from_formula(20, "k < 0")
    assert stuck_state(pig, never, never) is not None
    with pytest.raises(JeopardyError, match="may never end"):
        head_to_head(pig, never, never)
    with pytest.raises(JeopardyError, match="may never end"):
        simulate(pig, never, never, 10)


def test_the_exact_solver_refuses_a_policy_that_passes_for_ever(piglet):
    """The exact solver values every pair, so every turn start must end: termination's
    check over every start (here (1, 1) is not even reachable: holding at 0 from
    (0, 0) hands over at (0, 0))."""
    from jeopardy.exact.race import solve_exact

    passing = {(i, j, 0): (i, j) != (1, 1) for i in range(3) for j in range(3)}
    never = policies.RacePolicy("pass at (1, 1)", 3, np.array(
        [[[passing.get((i, j, k), True) for k in range(3)] for j in range(3)] for i in range(3)],
        dtype=np.int8))
    assert stuck_state(piglet, never, never, every_start=True)[1:] == (1, 1)
    with pytest.raises(JeopardyError, match="may never end: .* at score 1 against 1"):
        solve_exact(piglet, 3, start=passing)


def test_a_stall_at_one_score_pair_is_found(pig):
    stall = policies.from_formula(30, "k < 8 and not (i == 20 and j == 20)")
    assert stuck_state(pig, stall, stall)[1:] == (20, 20)


def test_ordinary_policies_end(pig):
    assert stuck_state(pig, policies.hold_at(30, 10), policies.hold_at(30, 25)) is None
    # one player never banking still ends: the other wins
    assert stuck_state(pig, policies.from_formula(30, "k < 0"), policies.hold_at(30, 5)) is None


# ------------------------------------------------------------------ convergence
@pytest.mark.parametrize("guard", ["rounding-floor", "stall"])
def test_a_tolerance_below_the_rounding_floor_still_ends(monkeypatch, guard):
    """Each of the two guards ends the passes on its own: the rounding floor
    (with the stall guard switched off) and the stall guard (with no floor)."""
    import jeopardy.match.pair as solver_module

    if guard == "rounding-floor":
        monkeypatch.setattr(solver_module, "STALL_PASSES", 10 ** 9)
    else:
        monkeypatch.setattr(solver_module, "ROUNDING_FLOOR", 0.0)
    model = game("two-dice-pig")
    started = time.perf_counter()
    solution = solve(model, 40, tolerance=1e-300)
    assert solution.passes < 200
    assert solution.max_residual < 1e-13
    assert time.perf_counter() - started < 30


# ------------------------------------------------------------------ interrupts
def test_chunked_simulation_gives_the_same_games(monkeypatch, pig):
    from jeopardy import interrupts

    a, b = policies.hold_at(40, 12), policies.hold_at(40, 15)
    whole = simulate(pig, a, b, 3000, seed=7)
    monkeypatch.setattr(interrupts, "CHUNK_SECONDS", 1e-9)  # one game a chunk
    chunked = simulate(pig, a, b, 3000, seed=7)
    assert (whole.first, whole.second) == (chunked.first, chunked.second)


def _simulation(kind, pig):
    """``(play, args)``: one of the simulations the CLI draws a progress line for."""
    if kind == "race":
        return simulate, (pig, policies.hold_at(40, 12), policies.hold_at(40, 15), 3000)
    if kind == "players":
        from jeopardy.match.simulation import simulate as play

        return play, (pig, 40, [policies.hold_at(40, 12)] * 3, 3000)
    if kind == "expected-score":
        from jeopardy.expected.policies import hold_at
        from jeopardy.expected.simulate import simulate as play
        from jeopardy.expected.solver import solve_expected

        return play, (solve_expected(game("think"), 3, hold_at(15)), 2000)
    from jeopardy.farkle.core import solve as solve_farkle
    from jeopardy.farkle.simulation import simulate as play
    from jeopardy.farkle.turn import FarkleRules

    return play, (solve_farkle(FarkleRules(goal=500)), 3000)


@pytest.mark.parametrize("kind", ["race", "players", "expected-score", "farkle"])
def test_a_simulation_reports_its_progress_chunk_by_chunk(monkeypatch, pig, kind):
    """``progress`` gets the fraction played after each chunk: rising, ending at 1; the
    games are the same as without it."""
    from jeopardy import interrupts

    play, args = _simulation(kind, pig)
    alone = play(*args, seed=7).to_dict()
    monkeypatch.setattr(interrupts, "CHUNK_SECONDS", 1e-9)  # one game a chunk
    seen = []
    reported = play(*args, seed=7, progress=seen.append).to_dict()
    assert [alone[k] for k in alone if k != "seconds"] == \
        [reported[k] for k in reported if k != "seconds"]
    assert len(seen) > 100 and seen[-1] == 1.0
    assert all(0 < a < b for a, b in zip(seen, seen[1:]))


def test_timed_chunks_cover_the_range_once_and_adapt():
    from jeopardy.interrupts import timed_chunks

    seen = []
    for start, size in timed_chunks(10_000, 1.0):  # a guess far too slow: one item first
        seen.append((start, size))
    assert seen[0] == (0, 1) and seen[-1][0] + seen[-1][1] == 10_000
    assert all(a + n == b for (a, n), (b, _) in zip(seen, seen[1:]))
    assert max(n for _, n in seen) > 1  # grown from the measured (fast) chunks


def test_chunked_expected_score_simulation_gives_the_same_games(monkeypatch):
    from jeopardy import interrupts
    from jeopardy.expected.policies import hold_at
    from jeopardy.expected.simulate import simulate as play
    from jeopardy.expected.solver import solve_expected

    solution = solve_expected(game("think"), 3, hold_at(15))
    whole = play(solution, 2000, seed=5)
    monkeypatch.setattr(interrupts, "CHUNK_SECONDS", 1e-9)  # one game a chunk
    chunked = play(solution, 2000, seed=5)
    assert (whole.mean, whole.stderr) == (chunked.mean, chunked.stderr)


@pytest.mark.slow
def test_chunked_farkle_simulation_gives_the_same_games(monkeypatch):
    from jeopardy import interrupts
    from oracles.farkle import ReferenceRules
    from oracles.farkle_policies import bank_at
    from oracles.farkle_simulation import simulate as play

    rules = ReferenceRules(goal=1000)
    policy = bank_at(350, 1000)
    whole = play(rules, policy, policy, 300, seed=3)
    monkeypatch.setattr(interrupts, "CHUNK_SECONDS", 1e-9)  # one game a chunk
    chunked = play(rules, policy, policy, 300, seed=3)
    assert (whole.win_probability, whole.ties) == (chunked.win_probability, chunked.ties)


def _interrupted(arguments: list[str]) -> None:
    """Start ``jeopardy ARGUMENTS``; once its progress line shows the games under way (the
    first chunk played: every kernel compiled), send SIGINT: it must stop at once."""
    import selectors

    process = subprocess.Popen(
        [sys.executable, "-m", "jeopardy", *arguments],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    watch = selectors.DefaultSelector()
    watch.register(process.stderr, selectors.EVENT_READ)
    deadline, seen = time.monotonic() + 300, b""  # raw reads: no line left in a buffer

    def progress_lines() -> list[str]:  # the progress line's complete lines so far
        return [line for line in seen.decode().split("\n")[:-1]
                if line.startswith("simulating ")]

    try:
        while not progress_lines():
            assert watch.select(timeout=max(0.0, deadline - time.monotonic())), "no progress"
            chunk = os.read(process.stderr.fileno(), 65536)
            assert chunk, f"ended before its progress line: {process.wait()}"
            seen += chunk
    except BaseException:
        process.kill()
        process.wait()
        raise
    line = progress_lines()[0]
    assert process.poll() is None and " games: " in line and "% (" in line, line
    process.send_signal(signal.SIGINT)
    sent = time.perf_counter()
    _, rest = process.communicate(timeout=60)
    err = (seen + rest).decode()
    assert process.returncode == 130, err[-2000:]
    assert err.strip().splitlines()[-1] == "jeopardy: interrupted"  # after any notes, one line
    assert time.perf_counter() - sent < 5  # a chunk is 0.2 s; the rest is interpreter exit


@pytest.mark.slow
@pytest.mark.parametrize("arguments", [
    pytest.param(["simulate", "hold:20", "hold:25", "--games", "20000000"], id="race"),
    pytest.param(["max-score", "--turns", "5", "--no-exact", "--simulate", str(10 ** 9)],
                 id="expected-score"),
    pytest.param(["farkle", "solve", "--goal", "1000", "--simulate", str(10 ** 8)],
                 id="farkle"),
])
def test_ctrl_c_stops_a_long_simulation_at_once(arguments):
    """A long simulation draws its progress line (off a terminal a line once the games
    played project more than a minute, then one a quarter) and stops at Ctrl-C within a
    chunk."""
    _interrupted(arguments)


def test_a_short_simulation_draws_no_progress():
    """About a second of games (two million five-turn games): stderr stays empty."""
    done = subprocess.run([sys.executable, "-m", "jeopardy", "max-score", "--turns", "5",
                           "--no-exact", "--simulate", "2000000", "--json"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "simulation" in json.loads(done.stdout)
    assert "simulating" not in done.stderr, done.stderr


@pytest.mark.slow
def test_ctrl_c_during_a_progress_bar_starts_its_own_line():
    """On a terminal the bar redraws its line ("\\r", no newline): the interrupt's message
    must not continue it."""
    import pty
    import select

    pid, terminal = pty.fork()
    if pid == 0:  # the child: a long simulation on the terminal, Ctrl-C not ignored (a run
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # started in the background ignores it)
        try:
            os.execv(sys.executable, [sys.executable, "-m", "jeopardy", "simulate", "hold:20",
                                      "hold:25", "--games", "20000000"])
        finally:
            os._exit(127)  # never back into the test run
    seen, deadline = b"", time.monotonic() + 300

    def read(until) -> None:
        nonlocal seen
        while not until() and time.monotonic() < deadline:
            if select.select([terminal], [], [], 0.2)[0]:
                try:
                    chunk = os.read(terminal, 4096)
                except OSError:  # the child has gone
                    return
                if not chunk:
                    return
                seen += chunk

    read(lambda: b"%" in seen.rpartition(b"simulating")[2])  # a bar drawn
    os.kill(pid, signal.SIGINT)
    read(lambda: False)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 130
    lines = seen.decode().replace("\r\n", "\n").split("\n")
    assert b"[" in seen and lines[-2:] == ["jeopardy: interrupted", ""], lines[-3:]


def test_warnings_are_one_line_on_the_cli(tmp_path, monkeypatch):
    monkeypatch.setenv("JEOPARDY_CACHE_DIR", str(tmp_path))
    runner = CliRunner()
    runner.invoke(cli, ["solve", "--goal", "15"])
    for path in tmp_path.iterdir():
        path.write_bytes(b"junk")
    with warnings.catch_warnings():
        result = runner.invoke(cli, ["solve", "--goal", "15"])
    assert result.exit_code == 0
    assert len(result.stderr.splitlines()) == 1 and "warning" in result.stderr


def test_an_interrupt_while_the_arguments_are_parsed_is_interrupted(monkeypatch, capsys):
    """Outside a command's own handler click would print "Aborted!" and exit 1."""
    from jeopardy.cli.common import ErrorReportingGroup

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(ErrorReportingGroup, "parse_args", interrupted)
    with pytest.raises(SystemExit) as stop:
        cli.main(["solve", "--goal", "10"], prog_name="jeopardy")
    assert stop.value.code == 130
    assert capsys.readouterr().err.strip().splitlines()[-1] == "jeopardy: interrupted"


@pytest.mark.parametrize("arguments, code, first_line", [
    pytest.param(["--bogus"], 2, "jeopardy: error: No such option", id="group-option"),
    pytest.param([], 2, "Usage: jeopardy [OPTIONS] COMMAND [ARGS]...", id="bare"),
    pytest.param(["farkle"], 2, "Usage: jeopardy farkle [OPTIONS] COMMAND [ARGS]...",
                 id="bare-subgroup"),
    pytest.param(["--version"], 0, "jeopardy, version", id="version"),
])
def test_the_group_itself_answers_in_one_vocabulary(arguments, code, first_line, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(arguments, prog_name="jeopardy")
    out = capsys.readouterr()
    assert stop.value.code == code
    line = (out.err or out.out).strip().splitlines()[0]
    assert line.startswith(first_line)
    if arguments == ["--bogus"]:  # click's own wording of the option differs by version
        assert "--bogus" in line and line.endswith("(see 'jeopardy --help')")


@pytest.mark.parametrize("arguments, line", [
    pytest.param(["max-score", "--game", "hog", "--policy", "odds"],
                 "--policy does not apply to Fast Pig / Hog", id="fast-pig-flag-spelling"),
    pytest.param(["max-score", "--game", "hog", "--simulate", "100"],
                 "--simulate does not apply to Fast Pig / Hog", id="fast-pig-simulate"),
    pytest.param(["max-score", "--seed", "5"], "--seed applies only with --simulate",
                 id="seed-without-simulate"),
    pytest.param(["max-score", "--simulate", "0"], "--simulate must be a positive number",
                 id="simulate-zero"),
    pytest.param(["simultaneous", "--max-hold", "10", "--csv-floats"],
                 "--csv-floats applies only with --csv", id="csv-floats-without-csv"),
])
def test_options_without_effect_are_refused_by_their_own_names(arguments, line):
    """A new user's finds: options accepted and ignored (--seed without --simulate,
    --simulate 0, --csv-floats without --csv), and Fast Pig's refusals naming Python
    parameters (--policy-text, --games) instead of the command's flags."""
    done = subprocess.run([sys.executable, "-m", "jeopardy", *arguments], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"jeopardy: error: {line}"), done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("arguments, line", [
    pytest.param(["turn", "--roll-at", "0-100000000"],
                 "turn totals '0-100000000': rolling up to the last, held at 100,000,001",
                 id="roll-at-too-big"),
    pytest.param(["max-score", "--policy", "hold:-3"],
                 "policy 'hold:-3': N must be non-negative; got -3", id="hold-word"),
    pytest.param(["policy", "--goal", "20", "--players", "3"],
                 "give the state as --scores with 3 scores, the mover's first (e.g. 0,0,0)",
                 id="scores-of-three"),
    pytest.param(["compare", "best-response", "hold:20", "--ending", "equal-turns", "--goal",
                  "20"], "compare (the equal-turns ending) does not take the policy "
                 "'best-response'", id="best-response-two-players-equal-turns"),
    # no number of rounds fits at these caps: the cap furthest over what fits is blamed
    pytest.param(["think", "--rounds", "1", "--score-cap", "10000"],
                 "--score-cap 10,000 (THINK played to win) needs about", id="think-score-cap"),
    pytest.param(["think", "--rounds", "1", "--turn-cap", "100000"],
                 "--turn-cap 100,000 (THINK played to win) needs about", id="think-turn-cap"),
])
def test_refusals_name_what_the_user_wrote(arguments, line):
    """A new user's finds: refusals that named an option the command has not (--hold for
    --roll-at's totals and for the word hold:-3), asked two players for three scores,
    or called a two-player game "more than two players"."""
    done = subprocess.run([sys.executable, "-m", "jeopardy", *arguments], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"jeopardy: error: {line}"), done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_two_players_equal_turns_policy_takes_score_and_opponent_and_rules_read_as_runs():
    """`policy --ending equal-turns --score 5 --opponent 3` (two players) asked for --scores
    I,J,K; it now reads the two flags as --scores 5,3. A rolling rule reads as runs
    ("roll at 0-19, 22"), not as a Python list of 21 numbers."""
    from jeopardy.turn.distribution import StoppingRule

    def run(*arguments):
        done = subprocess.run([sys.executable, "-m", "jeopardy", "policy", "--goal", "20",
                               "--ending", "equal-turns", *arguments, "--json"],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    assert run("--score", "5", "--opponent", "3") == run("--scores", "5,3")
    assert str(StoppingRule(frozenset({*range(20), 22}))) == "roll at 0-19, 22"
    assert str(StoppingRule(frozenset())) == "never roll"


def test_one_game_and_one_turn_read_in_the_singular_without_an_error_estimate():
    """A new user's finds: "1 games each way" with "+- 0.00000" (the binomial formula's 0
    after one game claims certainty), "1 turns each"; a thousand games keep their
    standard errors."""
    def run(*arguments):
        done = subprocess.run([sys.executable, "-m", "jeopardy", *arguments],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        return done.stdout.splitlines()

    one = run("simulate", "optimal", "hold:20", "--goal", "20", "--games", "1")
    assert "1 game each way, seed 1" in one[0]
    assert one[1] == "  P(A wins | A moves first)  1.00000 (one game: no error estimate)"
    many = run("simulate", "optimal", "hold:20", "--goal", "20", "--games", "1000")
    assert "1,000 games each way" in many[0]
    assert many[3] == "  P(A wins | fair coin)      0.48400 +- 0.01084"
    seats = run("simulate", "optimal", "hold:20", "hold:10", "--goal", "20", "--games", "1")
    assert "first-to-goal: 1 game, seed 1, " in seats[0]
    assert seats[1] == "  player 1 (optimal) wins 1.00000 (one game: no error estimate)"
    assert run("skunk", "--turns", "1")[0] == "skunk, 1 turn each, highest total wins (tie = 1/2)"
    assert run("max-score", "--game", "think", "--turns", "1")[0].startswith(
        "think, 1 turn, optimal: expected final score")
    assert run("solitaire", "--goal", "20", "--turns", "1")[-1].startswith(
        "best chance to reach 20 within 1 turn: ")
    assert run("max-score", "--game", "think", "--turns", "2", "--simulate", "1")[-1] == \
        "simulation: 1 game (seed 1): mean 24.0000 (one game: no error estimate)"


def test_the_second_probe_s_inputs_end_in_one_line(tmp_path):
    """Inputs of a second probe (2026-11-29) that hung, gave tracebacks or were taken as
    they came; each is now a JeopardyError of one line naming what is wrong."""
    import jeopardy as jp
    from jeopardy.farkle import core
    from jeopardy.farkle.house import house_rules, read_rules
    from jeopardy.interop.gambit import read_nfg, write_nfg
    from jeopardy.rules.roll_model import load, roll_model

    model = json.loads((Path(__file__).parent.parent / "docs" / "examples" /
                        "unfair-coin.json").read_text())
    # Fraction() hung on 1e-999999999; it also reads underscores (1e1_000_000), and
    # 10**4300 has one digit more than Python turns into text
    for exponent in ("1e-5000", "1e-999999999", "1e1_000_000", "1e-4300"):
        model["outcomes"][0]["probability"] = exponent
        (tmp_path / "m.json").write_text(json.dumps(model))
        with pytest.raises(JeopardyError, match=f"'{exponent}': its exponent is past 4,000"):
            load(tmp_path / "m.json")
    from jeopardy.rules import add, bust

    for table, words in ((5, "the table must map effects to probabilities"),
                         ({add(2): "x", bust: "1/2"}, "probability 'x' is not a number"),
                         ([("add", 1, "1/2")], "each outcome is a pair")):
        with pytest.raises(JeopardyError, match=words):
            roll_model("x", table)
    game = jp.Game("pig").simultaneous(max_hold=4)
    for call, words in ((lambda: write_nfg(None, tmp_path / "n.nfg"), "simultaneous game's "
                         "solution .* got NoneType"),
                        (lambda: write_nfg(game, tmp_path / "n.nfg", title=5), "title must be "
                         "text"),
                        (lambda: write_nfg(game, 5), "the output path must be a file name; "
                         "got int"),
                        (lambda: read_nfg(5), "the nfg file path must be a file name")):
        with pytest.raises(JeopardyError, match=words):
            call()
    # house rules: a list for the ending (TypeError), a name with a terminal's escape, a
    # penalty past int64 (refused by a kernel as "limit must be at most ..."), deep nesting
    for data, words in (({"ending": ["a"]}, r"ending must be one of .* got \["),
                        ({"name": "a\x1b[31mb"}, "name must be printable text"),
                        ({"penalty": {"farkles": 10 ** 21}}, "penalty.farkles must be in "
                         "1-100"),
                        ({"penalty": {"points": 10 ** 21}}, "penalty.points must be in "
                         "0-1,000,000"),
                        ({"penalty": {"floor": -10 ** 21}}, "penalty.floor must be in")):
        with pytest.raises(JeopardyError, match=words):
            house_rules(data)
    (tmp_path / "deep.toml").write_text("a = " + "[" * 100_000)
    with pytest.raises(JeopardyError, match="nested too deeply for a rules file"):
        read_rules(tmp_path / "deep.toml")
    from jeopardy.farkle.turn import FarkleRules

    # flags of the modules' own functions: a string acted as True (sicherman="no" built
    # piggy-sicherman; exact="no" wrote exact fractions)
    from jeopardy.expected.policies import linear
    from jeopardy.match.policies import from_linear
    from jeopardy.rules.presets import piggy
    from jeopardy.simultaneous.export import payoff_csv

    for call, name in ((lambda: piggy(sicherman="no"), "sicherman"),
                       (lambda: payoff_csv(game, exact="no"), "exact"),
                       (lambda: linear(1, 1, 1, strict="no"), "strict"),
                       (lambda: from_linear(20, 1, 1, 1, strict="no"), "strict"),
                       (lambda: core.estimate(FarkleRules(), first_to_reach="no"),
                        "first_to_reach"),
                       (lambda: core.solve(FarkleRules(goal=400), strict="no"), "strict")):
        with pytest.raises(JeopardyError, match=f"{name} must be True or False; got 'no'"):
            call()
    # the review's finds: policy words and coefficients read by int()/Fraction(), a goal
    # unchecked without the size limit, a Path in a dict spec, flags of the solvers
    from jeopardy.exact.race import solve_exact
    from jeopardy.policy_language import parse
    from jeopardy.sweeps.spec import read as read_spec

    for word in ("hold:1_0", "linear:1e99_999_999,1,1"):
        with pytest.raises(JeopardyError, match=f"cannot read policy '{word}'"):
            parse(word)
    # a sign and spaces are a whole number's, as int() read them (dice:-3 is no formula)
    assert (parse("dice:-3").h, parse("dice:-3").formula, parse("hold: 5").h) == (-3, None, 5)
    with pytest.raises(JeopardyError, match="a 'x' is not a number like '1/6'"):
        from_linear(20, "x", 1, 1)
    with pytest.raises(JeopardyError, match="goal must be an integer; got 2.5"):
        solve_exact("piglet", 2.5, refuse_large=False)
    coin = Path(__file__).parent.parent / "docs" / "examples" / "unfair-coin.json"
    assert len(read_spec({"games": [{"model": coin}], "goals": [4]}).tasks) == 1
    from jeopardy.match.solver import solve as match_solve

    with pytest.raises(JeopardyError, match="strict must be True or False; got 'no'"):
        match_solve("pig", 20, strict="no")
    # a solution file whose metadata was edited: seconds as text (ValueError)

    saved = core.solve(FarkleRules(goal=400)).save(tmp_path / "s.npz")
    with np.load(saved) as data:
        values = data["values"]
        meta = json.loads(bytes(data["meta"]).decode())
    for field, bad in (("seconds", "x"), ("sweeps", [1])):
        np.savez(tmp_path / "bad.npz", values=values, meta=np.frombuffer(
            json.dumps({**meta, field: bad}).encode(), dtype=np.uint8))
        with pytest.raises(JeopardyError, match="its seconds and sweeps are damaged"):
            core.load(tmp_path / "bad.npz")
    assert core.load(saved).max_residual < 1e-9
