"""Gambit strategic-form files (.nfg) of the simultaneous single-turn game.

The game is written in Gambit's *payoff* format (version 1, rational)::

    NFG 1 R "title" { "Player 1" "Player 2" }
    { { "hold 1" "hold 2" ... } { "hold 1" "hold 2" ... } }
    ""

    a11 -a11 a21 -a21 ... a12 -a12 ...

Each strategy profile lists both players' payoffs, player 1's strategy
changing fastest.  Payoffs are exact (``p/q``): player 1 gets
``A[r, c] = P(win) - P(loss)`` of row rule ``r`` against column rule ``c``,
player 2 gets ``-A[r, c]``.  Gambit reads the file with ``pygambit.read_nfg``
(or ``Game.read_game``) and solves it exactly with ``lp_solve(rational=True)``.

:func:`read_nfg` is a small independent reader of the same format (payoff
format only), used by the tests to read the file back.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np

from jeopardy import validate
from jeopardy.errors import JeopardyError
from jeopardy.files import read_text, write_text


@dataclass(frozen=True)
class StrategicForm:
    """A finite game in strategic form, as an .nfg file holds it."""

    title: str
    players: tuple[str, ...]
    strategies: tuple[tuple[str, ...], ...]  # per player, the strategy labels
    payoffs: tuple[np.ndarray, ...]  # per player, dtype=object Fractions, shape = strategy counts

    def __repr__(self) -> str:
        shape = " x ".join(str(len(s)) for s in self.strategies)
        return f"StrategicForm({self.title!r}, {len(self.players)} players, {shape} strategies)"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def nfg_text(solution, title: str | None = None) -> str:
    """The .nfg text of a :class:`~jeopardy.simultaneous.game.SimultaneousSolution`.

    Covers the solution's ``strategies``: hold at 1..H, and with
    ``all_stopping_rules`` also the stopping rules the double oracle added
    (labelled by the turn totals they roll at).
    """

    if not hasattr(solution, "matrix") or not hasattr(solution, "strategies"):
        raise JeopardyError(f"nfg: the solution must be a simultaneous game's solution "
                            f"(Game.simultaneous()); got {type(solution).__name__}")
    if title is not None and not isinstance(title, str):
        raise JeopardyError(f"nfg: title must be text; got {type(title).__name__}")
    matrix = solution.matrix
    if matrix is None or not solution.strategies:
        raise JeopardyError("the solution carries no payoff matrix to export")
    labels = [rule.short for rule in solution.strategies]
    if title is None:
        kind = "all stopping rules" if len(labels) > solution.max_hold else \
            f"hold at 1-{solution.max_hold}"
        title = f"{solution.game}: simultaneous single-turn game over {kind}"
    strategy_block = " ".join("{ " + " ".join(_quote(x) for x in labels) + " }" for _ in range(2))
    lines = [f"NFG 1 R {_quote(title)} {{ \"Player 1\" \"Player 2\" }}",
             "{ " + strategy_block + " }",
             _quote("payoff to player 1: P(win) - P(loss) of its rule against player 2's; "
                    "zero-sum, exact"),
             ""]
    n = len(labels)
    for c in range(n):  # player 1's strategy (the row) changes fastest
        entries = []
        for r in range(n):
            a = matrix[r, c]
            entries.append(f"{a} {-a}")
        lines.append(" ".join(entries))
    return "\n".join(lines) + "\n"


def write_nfg(solution, path: str | Path, title: str | None = None) -> Path:
    """Write :func:`nfg_text` to ``path``."""
    return write_text(path, nfg_text(solution, title))


# ------------------------------------------------------------------ reading
# The most players of a file read: each is an axis of numpy's payoff arrays (at most 64).
MAX_PLAYERS = 32

_TOKEN = re.compile(r'\s*(?:(")((?:[^"\\]|\\.)*)"|([{}])|([^\s{}"]+))', re.S)


def _tokens(text: str):
    position = 0
    while True:
        match = _TOKEN.match(text, position)
        if match is None:
            if text[position:].strip():
                raise JeopardyError(f"nfg: cannot read {text[position:position + 20]!r}")
            return
        position = match.end()
        if match.group(1):
            yield ("string", re.sub(r"\\(.)", r"\1", match.group(2)))
        elif match.group(3):
            yield (match.group(3), match.group(3))
        else:
            yield ("word", match.group(4))


def _expect(tokens: list, index: int, kind: str) -> tuple[str, int]:
    if index >= len(tokens):
        raise JeopardyError(f"nfg: the file ends where {kind} was expected")
    got_kind, value = tokens[index]
    if got_kind != kind:
        raise JeopardyError(f"nfg: expected {kind}, found {value!r}")
    return value, index + 1


def parse_nfg(text: str) -> StrategicForm:
    """Read the payoff format of an .nfg file (version 1, rational or decimal)."""
    tokens = list(_tokens(text))
    word, i = _expect(tokens, 0, "word")
    if word != "NFG":
        raise JeopardyError("nfg: the file must start with 'NFG'")
    version, i = _expect(tokens, i, "word")
    if version != "1":
        raise JeopardyError(f"nfg: version {version} is not supported (only 1)")
    letter, i = _expect(tokens, i, "word")  # R or D: how the numbers are written
    if letter not in ("R", "D"):
        raise JeopardyError(f"nfg: expected R or D after the version, found {letter[:20]!r}")
    title, i = _expect(tokens, i, "string")
    _, i = _expect(tokens, i, "{")
    players = []
    while i < len(tokens) and tokens[i][0] == "string":
        players.append(tokens[i][1])
        i += 1
    _, i = _expect(tokens, i, "}")
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise JeopardyError(f"nfg: a game of 1 to {MAX_PLAYERS} players is read; this one "
                            f"has {len(players)}")
    _, i = _expect(tokens, i, "{")
    strategies: list[tuple[str, ...]] = []
    for _player in players:
        if i < len(tokens) and tokens[i][0] == "{":
            i += 1
            labels = []
            while i < len(tokens) and tokens[i][0] == "string":
                labels.append(tokens[i][1])
                i += 1
            _, i = _expect(tokens, i, "}")
            strategies.append(tuple(labels))
        else:
            count, i = _expect(tokens, i, "word")
            # each strategy has a payoff in the file, so no count past the tokens is real
            if not re.fullmatch("[0-9]+", count) or not 1 <= int(count) <= len(tokens):
                raise JeopardyError(f"nfg: a player's number of strategies must be a "
                                    f"positive integer the payoffs can fill; got "
                                    f"{count[:20]!r}")
            strategies.append(tuple(str(s + 1) for s in range(int(count))))
    _, i = _expect(tokens, i, "}")
    if i < len(tokens) and tokens[i][0] == "string":
        i += 1  # the comment
    if i < len(tokens) and tokens[i][0] == "{":
        raise JeopardyError("nfg: the outcome format is not supported (only the payoff format)")
    numbers = []
    for kind, value in tokens[i:]:
        if kind != "word":
            raise JeopardyError(f"nfg: expected a payoff, found {value!r}")
        numbers.append(validate.exact_text(value, "nfg: payoff"))
    shape = tuple(len(s) for s in strategies)
    if not all(shape):
        raise JeopardyError("nfg: every player needs at least one strategy")
    profiles = math.prod(shape)  # a Python int: numpy's product overflowed
    if len(numbers) != profiles * len(players):
        raise JeopardyError(f"nfg: {len(numbers)} payoffs for {profiles} profiles of "
                            f"{len(players)} players")
    payoffs = []
    for p in range(len(players)):
        flat = np.empty(profiles, dtype=object)
        flat[:] = numbers[p::len(players)]
        # Player 1's strategy changes fastest: Fortran order.
        payoffs.append(flat.reshape(shape, order="F"))
    return StrategicForm(title, tuple(players), tuple(strategies), tuple(payoffs))


def read_nfg(path: str | Path) -> StrategicForm:
    """Read an .nfg file written by :func:`write_nfg` (or any payoff-format .nfg)."""
    return parse_nfg(read_text(path, "nfg file"))


# ------------------------------------------------------------------ pygambit
def pygambit_lp(path: str | Path) -> tuple[list[Fraction], list[Fraction]]:
    """Gambit's exact LP (``pygambit.nash.lp_solve(rational=True)``) on an .nfg file.

    Returns both players' equilibrium weights, in the file's strategy order,
    as Fractions.  Needs the optional ``pygambit`` (``pip install .[peers]``).
    """
    try:
        import pygambit as gbt
    except ImportError:
        raise JeopardyError("pygambit is not installed: pip install pygambit") from None
    game = gbt.read_nfg(str(path)) if hasattr(gbt, "read_nfg") else \
        gbt.Game.read_game(str(path))
    result = gbt.nash.lp_solve(game, rational=True)
    equilibria = getattr(result, "equilibria", result)
    if not equilibria:
        raise JeopardyError("Gambit's lp_solve found no equilibrium")
    profile = equilibria[0]
    return tuple([Fraction(str(profile[strategy])) for strategy in player.strategies]
                 for player in game.players)
