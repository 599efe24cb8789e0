"""Fuzz every subcommand: any input ends in exit 0 or a short error (exit 2), in bounded time.

Each example picks a command of ``jeopardy`` (farkle's included) and a random
subset of its options, with values drawn from: integers at the extremes,
random text, policy words and formulas, game names, files of the damaged
corpus (:mod:`fuzz_corpus`), and hostile output paths.  The command runs
in-process (click's runner) with a small time budget
(``JEOPARDY_TIME_LIMIT=3``), so anything estimated to take longer must be
refused up front.  Asserted: exit status 0 or 2, no traceback, at most 3
lines on stderr, and an end within :data:`DEADLINE` seconds.

Profiles: ``HYPOTHESIS_PROFILE=ci`` (default, 60 examples per command group),
``long`` (300) or ``thorough`` (1,500).
"""
from __future__ import annotations

import time

import click
import pytest
from click.testing import CliRunner
from hypothesis import given, note
from hypothesis import strategies as st

from fuzz_corpus import alarm, corpus, output_paths
from jeopardy.cli.main import cli

DEADLINE = 30.0  # seconds per invocation, with a 3 s budget: generous for a shared machine
ENVIRONMENT = {"JEOPARDY_TIME_LIMIT": "3", "JEOPARDY_MEMORY_LIMIT": "2G"}
# `reproduce` recomputes every published number (minutes): only its refusals are fuzzed.
SLOW_COMMANDS = {("reproduce",)}
OUTPUT_OPTIONS = {"out", "csv_path", "strategy_csv", "plot_path", "trace_plot", "plot", "plot_file"}
# Options left at their defaults: a scheduler address would make the test wait on the network.
UNFUZZED_OPTIONS = {"scheduler", "connect_timeout"}
FILE_OPTIONS = {"model_file", "solution_file"}
# `serve` runs until Ctrl-C: its refusals (port, host) are tests/test_web_api.py's.
UNFUZZED_COMMANDS = {"serve"}


def _commands(group=cli, path=()):
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            yield from _commands(command, path + (name,))
        else:
            yield path + (name,), command


COMMANDS = list(_commands())

EXTREME_INTS = [0, 1, 2, 3, -1, -2, 7, 10, 20, 50, 99, 100, 350, 10_000, 2 ** 31, 2 ** 32,
                2 ** 63 - 1, 2 ** 63, 10 ** 6, 10 ** 12, 10 ** 30, -(10 ** 30)]
POLICY_WORDS = ["optimal", "best-response", "hold:20", "hold:0", "hold:-3", "hold:2.5",
                "hold:99999999999999999999", "keep-pace", "score-base", "hold-25",
                "rule:k < 20", "rule:k < 0", "rule:True", "rule:k/0 > 1", "rule:9**9**9 > 1",
                "rule:__import__('os')", "rule:", "rule:k <", "rule:i.real > 0",
                "rule:max(k) > 1", "rule:1e999 > k", "linear:1,0,200", "linear:1,1,20",
                "linear:a,b", "odds", "odds-strict", "optimal-ties-hold", ""]


def _text():
    return st.one_of(
        st.text(max_size=12),
        st.sampled_from(POLICY_WORDS),
        st.sampled_from(["pig", "piglet", "think", "skunk", "two-dice-pig", "pass-the-pigs",
                         "big-pig", "nope", "0-19,22", "5-3", "0-99999999999", "1,1,5,5,2,3",
                         "111", "abc", "-", "--"]),
        st.sampled_from(list(corpus().values())),
    )


def _value(command, option):
    if option.name in OUTPUT_OPTIONS:
        return st.sampled_from(output_paths())
    if option.name in FILE_OPTIONS:
        return st.one_of(st.sampled_from(list(corpus().values())), st.text(max_size=8))
    if isinstance(option.type, click.Choice):
        return st.one_of(st.sampled_from(list(option.type.choices)), st.text(max_size=6))
    if option.type is click.INT or isinstance(option.type, click.types.IntParamType):
        return st.one_of(st.sampled_from(EXTREME_INTS), st.integers(-5, 60),
                         st.text(max_size=4)).map(str)
    return _text()


@st.composite
def invocations(draw, commands):
    path, command = draw(st.sampled_from(commands))
    args = list(path)
    for param in command.params:
        if isinstance(param, click.Argument):
            args.append(draw(_value(command, param)) if param.name != "figure" else
                        draw(st.sampled_from(list(param.type.choices) + ["nope"])))
            continue
        if param.name in UNFUZZED_OPTIONS or not draw(st.booleans()):
            continue
        flag = max(param.opts, key=len)
        if param.is_flag:
            args.append(flag if not param.secondary_opts or draw(st.booleans())
                        else param.secondary_opts[0])
        else:
            args += [flag, draw(_value(command, param))]
    return args


def run(args):
    runner = CliRunner()
    started = time.perf_counter()
    with alarm(int(2 * DEADLINE)):  # a hang fails with its arguments
        result = runner.invoke(cli, args, env=ENVIRONMENT, input="", catch_exceptions=True)
    elapsed = time.perf_counter() - started
    note(f"args={args!r} exit={result.exit_code} elapsed={elapsed:.1f}s stderr={result.stderr!r}")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback
        trace = "".join(traceback.format_exception(result.exception))
        raise AssertionError(f"traceback for {args!r}:\n{trace}")
    # 3: a result shown that did not converge, said in one line (jeopardy.convergence)
    assert result.exit_code in (0, 2) or (result.exit_code == 3 and "did not converge" in
                                          result.stderr), (args, result.exit_code, result.stderr)
    assert "Traceback" not in result.stderr, (args, result.stderr)
    assert len(result.stderr.splitlines()) <= 3, (args, result.stderr)
    assert elapsed < DEADLINE, (args, elapsed)
    return result


GROUPS = {
    "race": ["solve", "policy", "compare", "simulate", "reach", "plot", "certify", "fairness",
             "play"],
    "turn": ["turn", "simultaneous", "replies", "games", "max-score", "exact"],
    "other": ["solitaire", "skunk", "think", "reproduce", "sweep", "variants"],
    "farkle": ["farkle"],
}


@pytest.mark.slow
@pytest.mark.parametrize("group", list(GROUPS))
def test_cli_fuzz(group):
    commands = [(p, c) for p, c in COMMANDS if p[0] in GROUPS[group] and p not in SLOW_COMMANDS]
    if group == "other":
        commands.append((("reproduce",), _refusals_only()))

    @given(invocations(commands))
    def check(args):
        run(args)

    check()


def _refusals_only():
    """`reproduce` fuzzed only with bad sections (a valid one runs for minutes)."""
    command = click.Command("reproduce", params=[click.Option(["--section"],
                                                              type=click.Choice(["nope", ""]))])
    return command


def test_every_command_is_fuzzed():
    named = {name for names in GROUPS.values() for name in names}
    assert {path[0] for path, _ in COMMANDS} <= named | UNFUZZED_COMMANDS


@pytest.mark.parametrize("args", [
    pytest.param(["solve", "--goal", "20000"], id="solve-goal-20000"),
    pytest.param(["solve", "--goal", str(10 ** 5)], id="solve-goal-1e5"),
    pytest.param(["max-score", "--turns", "300"], id="max-score-300-turns"),
    pytest.param(["simultaneous", "--max-hold", str(10 ** 6)], id="simultaneous-1e6"),
    pytest.param(["turn", "--hold", str(10 ** 6)], id="turn-hold-1e6"),
    pytest.param(["farkle", "solve", "--goal", str(10 ** 5)], id="farkle-goal-1e5"),
    pytest.param(["simulate", "hold:20", "hold:20", "--games", str(10 ** 12)], id="games-1e12"),
    pytest.param(["turn", "--roll-at", "0-99999999999"], id="roll-at-huge"),
    pytest.param(["reach", "--goal", "1000"], id="reach-goal-1000"),
    pytest.param(["compare", "rule:k < 0", "rule:k < 0"], id="never-ending"),
    pytest.param(["compare", "rule:9**9**9 > 1", "hold:20"], id="formula-overflow"),
    pytest.param(["compare", "rule:k/0 > 1", "hold:20"], id="formula-divide-by-zero"),
    pytest.param(["turn", "--roll-at", "5-3"], id="roll-at-empty-range"),
    pytest.param(["turn", "--roll-at", ""], id="roll-at-empty"),
    pytest.param(["max-score", "--policy", "linear:1,0,200"], id="linear-b-zero"),
    pytest.param(["simulate", "hold:20", "hold:20", "--seed", str(10 ** 30)], id="huge-seed"),
    pytest.param(["solve", "--goal", "10", "--out", ""], id="empty-out"),
    pytest.param(["plot", "boundary", "--goal", "10", "--out", "x.gif"], id="plot-unknown-suffix"),
])
def test_known_failures_are_refused_at_once(args):
    """The inputs of issue 12: each now a one-line error (exit 2) within seconds."""
    started = time.perf_counter()
    result = CliRunner().invoke(cli, args, catch_exceptions=True)
    assert result.exit_code == 2, (result.exit_code, result.stderr, result.exception)
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert time.perf_counter() - started < 10
