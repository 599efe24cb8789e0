"""Gambit .nfg export of the simultaneous game, read back by our own reader
(and by pygambit when it is installed)."""
from fractions import Fraction

import numpy as np
import pytest

from jeopardy.errors import JeopardyError
from jeopardy.interop.gambit import nfg_text, parse_nfg, read_nfg, write_nfg
from jeopardy.rules.presets import game
from jeopardy.simultaneous.game import solve_simultaneous


@pytest.fixture(scope="module")
def full_solution():
    # Pig over hold at 1..12: the restricted equilibrium is beaten by other
    # stopping rules, so the double oracle adds labelled rules to the matrix.
    return solve_simultaneous(game("pig"), 12, all_stopping_rules=True)


def test_nfg_round_trip_is_exact(full_solution, tmp_path):
    path = write_nfg(full_solution, tmp_path / "pig.nfg")
    form = read_nfg(path)
    n = len(full_solution.strategies)
    assert n > 12, "the double oracle should have added stopping rules"
    assert form.players == ("Player 1", "Player 2")
    assert form.strategies[0] == form.strategies[1]
    assert form.strategies[0][:3] == ("hold 1", "hold 2", "hold 3")
    added = form.strategies[0][12:]
    assert len(set(form.strategies[0])) == n  # every strategy labelled, no two alike
    assert all(label.startswith("roll at ") or int(label.split()[1]) > 12 for label in added)
    assert any(label.startswith("roll at ") for label in added)
    assert form.payoffs[0].shape == (n, n)
    for r in range(n):
        for c in range(n):
            assert form.payoffs[0][r, c] == full_solution.matrix[r, c]
            assert form.payoffs[1][r, c] == -full_solution.matrix[r, c]


def test_nfg_equilibrium_is_an_equilibrium_of_the_file(full_solution, tmp_path):
    """The certified equilibrium guarantees value 0 in the game the file holds."""
    form = parse_nfg(nfg_text(full_solution))
    q = full_solution.weights()
    assert sum(q) == 1 and min(q) >= 0
    labels = form.strategies[0]
    support = {w.rule.short for w in full_solution.equilibrium.strategy}
    assert {labels[i] for i, x in enumerate(q) if x} == support
    a = form.payoffs[0]
    payoffs = [sum((a[r, c] * q[c] for c in range(len(q))), Fraction(0)) for r in range(len(q))]
    assert max(payoffs) == 0  # no row earns more than the value 0 ...
    assert all(payoffs[r] == 0 for r in range(len(q)) if q[r])  # ... and the support earns it


def test_nfg_hold_only_file_and_cli(tmp_path):
    from click.testing import CliRunner

    from jeopardy.cli.main import cli

    path = tmp_path / "piglet.nfg"
    result = CliRunner().invoke(cli, ["simultaneous", "--game", "piglet", "--max-hold", "6",
                                      "--nfg", str(path)])
    assert result.exit_code == 0, result.output
    form = read_nfg(path)
    assert form.strategies[0] == tuple(f"hold {h}" for h in range(1, 7))
    solution = solve_simultaneous(game("piglet"), 6)
    assert np.array_equal(form.payoffs[0], np.array([[solution.matrix[r, c] for c in range(6)]
                                                      for r in range(6)], dtype=object))


def test_parse_nfg_reads_gambit_style_files():
    text = ('NFG 1 R "PD" { "A" "B" }\n{ { "C" "D" } { "c" "d" } }\n"a comment"\n\n'
            '3 3 5 0 0 5 1/2 -1.5\n')
    form = parse_nfg(text)
    assert form.strategies == (("C", "D"), ("c", "d"))
    # player 1's strategy changes fastest: (C,c) (D,c) (C,d) (D,d)
    assert form.payoffs[0][1, 0] == 5 and form.payoffs[1][1, 0] == 0
    assert form.payoffs[0][1, 1] == Fraction(1, 2) and form.payoffs[1][1, 1] == Fraction(-3, 2)
    counts = parse_nfg('NFG 1 R "" { "A" "B" } { 1 2 }\n1 2 3 4')
    assert counts.strategies == (("1",), ("1", "2"))


@pytest.mark.parametrize("text, message", [
    pytest.param("EFG 2 R", "must start with 'NFG'", id="not-nfg"),
    pytest.param('NFG 1 R "" { "A" "B" } { 2 2 }\n1 2 3', "payoffs for 4 profiles", id="short"),
    pytest.param('NFG 1 R "" { "A" "B" } { 1 1 }\n1 2 3', "3 payoffs for 1 profiles", id="long"),
    pytest.param('NFG 1 R "" { "A" "B" } { 1 1 }\n1 x', "is not a number", id="word"),
    pytest.param('NFG 1 R "" { "A" "B" } { 1 1 }\n{ "o" 1 2 }\n1', "outcome format", id="outcomes"),
    # a probe's finds (2026-11-29): two hangs, tracebacks, and counts taken as they came
    pytest.param('NFG 1 R "" { "A" "B" } { 1 1 }\n1e999999999 0', "exponent is past 4,000",
                 id="huge-exponent"),  # Fraction built 10**999999999: it hung
    pytest.param('NFG 1 R "" { "A" "B" } { 1 1 }\n1e-999999999 0', "exponent is past",
                 id="tiny-exponent"),
    pytest.param('NFG 1 R "" { "A" "B" } { abc 2 }\n1 2 3 4', "number of strategies",
                 id="count-word"),  # int() raised ValueError
    pytest.param('NFG 1 R "" { "A" "B" } { 1000000000 2 }\n1 2 3 4', "number of strategies",
                 id="count-huge"),  # MemoryError after 30 s
    pytest.param('NFG 1 R "" { "A" "B" } { \u00b2 1 }\n1 2', "number of strategies",
                 id="count-superscript"),  # str.isdigit() took it; int() raised ValueError
    pytest.param('NFG 1 R "" { "A" "B" } { \u0662 1 }\n1 2 3 4', "number of strategies",
                 id="count-arabic-indic"),  # read as 2
    pytest.param('NFG 1 R "" { "A" "B" } { -3 2 }\n1 2', "number of strategies",
                 id="count-negative"),  # read as "0 x 2 strategies"
    pytest.param('NFG 1 R "" { } { }\n', "1 to 32 players is read; this one has 0",
                 id="no-players"),
    pytest.param('NFG 1 R "" { ' + '"p" ' * 70 + '} { ' + "1 " * 70 + '}\n' + "1 " * 70,
                 "this one has 70", id="seventy-players"),  # numpy: more than 64 dimensions
    pytest.param('NFG 1 X "" { "A" } { 1 }\n1', "expected R or D", id="format-letter"),
])
def test_parse_nfg_refuses_bad_files(text, message):
    with pytest.raises(JeopardyError, match=message):
        parse_nfg(text)


def test_pygambit_reads_the_file_and_finds_an_equilibrium(full_solution, tmp_path):
    pytest.importorskip("pygambit")
    from jeopardy.interop.gambit import pygambit_lp

    path = write_nfg(full_solution, tmp_path / "pig.nfg")
    first, second = pygambit_lp(path)
    n = len(full_solution.strategies)
    assert len(first) == len(second) == n and sum(first) == 1 and sum(second) == 1
    a = full_solution.matrix
    # Gambit's exact LP: player 1's mix earns at least the value 0 against every column,
    # player 2's concedes at most 0 against every row (checked here in exact arithmetic).
    for c in range(n):
        assert sum((first[r] * a[r, c] for r in range(n)), Fraction(0)) >= 0
    for r in range(n):
        assert sum((a[r, c] * second[c] for c in range(n)), Fraction(0)) <= 0
