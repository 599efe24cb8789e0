"""Issue 26's corpus: generated bad and extreme inputs, class by class, and a runner that counts
how each ends.

Five generators, each drawing many inputs of one class (not only the issue's examples):

``policy``   formulas of the policy language: well-formed ones (checked state by state against
             a scalar interpreter of the same tree, written here) and broken ones (wrong arity,
             unknown functions and names, keywords, attributes, strings, deep nesting,
             booleans in arithmetic) that must be refused;
``options``  an option given to a command it does not apply to, or two that conflict: refused;
``outputs``  a written path colliding with a read or another written path (spelled alike or
             not), a directory, a trailing slash, a name too long; full, closed and broken
             streams: refused in one line, every file the command read intact;
``specs``    sweep specs too large to expand, undecodable or too deep, and bad connect timeouts;
``api``      public entry points called with wrong types: JeopardyError, TypeError or ValueError.

Each input ends in one of: ``traceback`` (or an error of the wrong type, or exit status 1),
``hang`` (past its deadline), ``ignored`` (accepted where it must be refused, or a wrong answer),
``lost`` (a file it read, or wrote earlier, changed), ``unclear`` (an error of more than one line,
or one that does not name what it refuses, or echoes more than 300 characters), ``ok``.

Run them all (about ten minutes on two cores)::

    python tests/hardening_corpus.py            # every input, counts per class and outcome
    python tests/hardening_corpus.py --show ignored --class options

CLI inputs run in a forked child of one warmed-up process (the CLI's ``main`` in process,
standard streams on files); those about streams run as real subprocesses.  The test suite runs
a sample (tests/test_hardening_corpus.py).
"""
from __future__ import annotations

import argparse
import collections
import hashlib
import json
import math
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

OUTCOMES = ("traceback", "hang", "ignored", "lost", "unclear", "ok")
CLASSES = ("policy", "options", "outputs", "specs", "api")
ENVIRONMENT = {"JEOPARDY_TIME_LIMIT": "3", "JEOPARDY_MEMORY_LIMIT": "2G"}
DEADLINE = 30.0  # seconds per input: a 3 s budget on a shared machine
MAX_MESSAGE = 300  # characters of one error line


@dataclass
class Case:
    """One input: CLI arguments (``args``) or an API call (``call``), and what must happen."""

    klass: str
    label: str
    args: list[str] | None = None
    call: object = None  # a callable of no arguments (api / policy cases)
    expect: str = "refuse"  # "refuse", "ok" (exit 0 or a one-line refusal), "value"
    names: tuple[str, ...] = ()  # a refusal must mention one of these
    keep: tuple[str, ...] = ()  # files that must be unchanged afterwards
    absent: tuple[str, ...] = ()  # paths that must not exist afterwards
    stream: str | None = None  # "full", "closed-out", "closed-in", "broken-pipe"
    stdin: str = ""
    value: object = None  # expected value of a "value" case (a comparison of the call's result)
    after: list[str] | None = None  # a second command that must then succeed (same folder)
    environment: dict | None = None  # more environment variables for this input
    deadline: float = DEADLINE


@dataclass
class Result:
    case: Case
    outcome: str
    detail: str = ""


# ===================================================================== policy formulas
FUNCTIONS = {"min": (2, 4), "max": (2, 4), "abs": (1, 1), "round": (1, 1), "floor": (1, 1),
             "ceil": (1, 1)}
NAMES = ("i", "j", "k", "goal")
GOAL = 7


class Broken(Exception):
    """The scalar interpreter's refusal (a formula that must be refused)."""


def _number(rng, depth):
    """(text, function of a state -> float) of a random well-formed numeric expression."""
    roll = rng.random()
    if depth <= 0 or roll < 0.3:
        if rng.random() < 0.6:
            name = rng.choice(NAMES)
            return name, lambda s, name=name: float(s[name])
        value = rng.choice([0, 1, 2, 3, 5, 8, 10, 21, 0.5, 2.5, 100])
        return repr(value), lambda s, value=value: float(value)
    if roll < 0.65:
        (a, fa), (b, fb) = _number(rng, depth - 1), _number(rng, depth - 1)
        op = rng.choice(["+", "-", "*", "/", "//", "%"])

        def binary(s, fa=fa, fb=fb, op=op):
            x, y = fa(s), fb(s)
            if op in ("/", "//", "%") and y == 0:
                raise Broken("divides by zero")
            return {"+": x + y, "-": x - y, "*": x * y, "/": x / y if y else 0,
                    "//": x // y if y else 0, "%": x % y if y else 0}[op]

        return f"({a} {op} {b})", binary
    if roll < 0.75:
        a, fa = _number(rng, depth - 1)
        return f"-{a}" if not a.startswith("-") else f"-({a})", lambda s, fa=fa: -fa(s)
    name = rng.choice(list(FUNCTIONS))
    low, high = FUNCTIONS[name]
    parts = [_number(rng, depth - 1) for _ in range(rng.randint(low, high))]
    scalar = {"min": min, "max": max, "abs": abs, "round": lambda x: float(round(x)),
              "floor": math.floor, "ceil": math.ceil}[name]
    return (f"{name}({', '.join(p for p, _ in parts)})",
            lambda s, parts=parts, scalar=scalar: float(scalar(*(f(s) for _, f in parts))))


def _condition(rng, depth):
    roll = rng.random()
    if depth <= 0 or roll < 0.5:
        (a, fa), (b, fb) = _number(rng, depth - 1), _number(rng, depth - 1)
        op = rng.choice(["<", "<=", ">", ">=", "==", "!="])
        test = {"<": lambda x, y: x < y, "<=": lambda x, y: x <= y, ">": lambda x, y: x > y,
                ">=": lambda x, y: x >= y, "==": lambda x, y: x == y,
                "!=": lambda x, y: x != y}[op]
        return f"{a} {op} {b}", lambda s, fa=fa, fb=fb, test=test: test(fa(s), fb(s))
    if roll < 0.85:
        (a, fa), (b, fb) = _condition(rng, depth - 1), _condition(rng, depth - 1)
        op = rng.choice(["and", "or"])
        # both sides are evaluated everywhere (vectorised): an error on either side counts
        if op == "and":
            return f"({a}) and ({b})", lambda s, fa=fa, fb=fb: bool([fa(s), fb(s)][0] and fb(s))
        return f"({a}) or ({b})", lambda s, fa=fa, fb=fb: bool([fa(s), fb(s)][0] or fb(s))
    a, fa = _condition(rng, depth - 1)
    return f"not ({a})", lambda s, fa=fa: not fa(s)


def _broken(rng):
    """A formula the language must refuse, and why (one of many kinds)."""
    a, _ = _number(rng, 1)
    b, _ = _number(rng, 1)
    c, _ = _condition(rng, 1)
    kind = rng.choice(["arity", "arity", "arity", "unknown-function", "unknown-name", "keyword",
                       "attribute", "subscript", "string", "bool-arith", "number-condition",
                       "lambda", "star", "deep", "long", "empty", "walrus", "bad-token",
                       "huge-number", "comprehension", "bool-constant", "call-of-call"])
    name = rng.choice(list(FUNCTIONS))
    low, high = FUNCTIONS[name]
    if kind == "arity":
        count = rng.choice([n for n in range(0, 6) if not low <= n <= high])
        args = [rng.choice([a, b, "k", "i", "j"]) for _ in range(count)]
        text = f"{name}({', '.join(args)}) < {b} or {c}"
    elif kind == "unknown-function":
        text = f"{rng.choice(['sqrt', 'exp', 'print', 'eval', 'open', 'len', 'sum', 'pow'])}({a}) < {b}"
    elif kind == "unknown-name":
        text = f"{rng.choice(['x', 'np', '__import__', 'score', 'I', 'K', 'True_'])} < {a}"
    elif kind == "keyword":
        text = f"{name}({a}, out={rng.choice(NAMES)}) < {b}"
    elif kind == "attribute":
        text = f"{rng.choice(NAMES)}.{rng.choice(['real', 'shape', '__class__'])} < {a}"
    elif kind == "subscript":
        text = f"{rng.choice(NAMES)}[0] < {a}"
    elif kind == "string":
        text = f"{a} < 'abc'"
    elif kind == "bool-arith":
        text = f"({c}) - ({c}) < {a}"
    elif kind == "number-condition":
        text = a
    elif kind == "lambda":
        text = f"(lambda: k)() < {a}"
    elif kind == "star":
        text = f"max(*{rng.choice(NAMES)}) < {a}"
    elif kind == "deep":
        depth = rng.choice([200, 1000, 3000])
        text = "(" * depth + "k" + ")" * depth + " < 3"
    elif kind == "long":
        text = " + ".join(["k"] * rng.choice([700, 3000])) + " < 3"
    elif kind == "empty":
        text = rng.choice(["", " ", "()", "k <", "< k", "k < < 3", "and", "k 3 <"])
    elif kind == "walrus":
        text = f"(k := {a}) < 3"
    elif kind == "bad-token":
        text = f"{a} {rng.choice(['@', '&', '|', '^', '<<', '~', ';', '$'])} {b} < 3"
    elif kind == "huge-number":
        text = f"k < 1e{rng.choice([309, 400, 1000])}"
    elif kind == "comprehension":
        text = f"max([x for x in (1, 2)]) < {a}"
    elif kind == "bool-constant":
        text = rng.choice(["True", "False", "True and k < 3", "None < k"])
    else:
        text = f"{name}({name})({a}) < {b}"
    return kind, text


def _states():
    return [{"i": i, "j": j, "k": k, "goal": GOAL}
            for i in range(GOAL) for j in range(GOAL) for k in range(GOAL)]


def _expected(function) -> object:
    """The scalar interpreter's answer: a tuple of booleans, or Broken."""
    try:
        return tuple(bool(function(s)) for s in _states())
    except (Broken, ZeroDivisionError, OverflowError, ValueError):
        return Broken


def _formula_call(text):
    def call():
        from jeopardy.match.policies import from_formula

        roll = from_formula(GOAL, text).roll
        return tuple(bool(roll[s["i"], s["j"], s["k"]]) for s in _states())

    return call


def policy_cases(rng, count) -> list[Case]:
    cases = []
    while len(cases) < count:
        flavour = rng.random()
        if flavour < 0.45:
            text, function = _condition(rng, rng.randint(1, 3))
            expected = _expected(function)
            if expected is Broken:
                cases.append(Case("policy", f"api undefined: {text}", call=_formula_call(text)))
            else:
                cases.append(Case("policy", f"api value: {text}", call=_formula_call(text),
                                  expect="value", value=expected))
        elif flavour < 0.85:
            kind, text = _broken(rng)
            cases.append(Case("policy", f"api {kind}: {text[:80]}", call=_formula_call(text)))
        else:
            kind, text = _broken(rng)
            command = rng.choice([["compare", f"rule:{text}", "hold:5"],
                                  ["simulate", f"rule:{text}", "hold:5", "--games", "50"],
                                  ["reach", "--policy", f"rule:{text}"],
                                  ["compare", "hold:5", f"rule:{text}", "--players", "3"]])
            cases.append(Case("policy", f"cli {kind}: {command[0]} {text[:60]}",
                              args=command + ["--goal", str(GOAL)]))
    return cases


# ===================================================================== options
def option_cases(rng, count, root: Path) -> list[Case]:
    """An option that does not apply to the command as given, or two that conflict."""
    model = root / "model.json"
    solution = root / "pig12.npz"
    bad_counts = [0, 1, -1, -5, 11, 12, 100]
    one_die = ["pig", "piglet", "piggy"]
    sized = [["solve", "--goal", "6"], ["certify", "--goal", "6"], ["fairness", "--goal", "6"],
             ["turn", "--hold", "5"], ["simultaneous", "--max-hold", "6"], ["exact", "--goal", "2"],
             ["solitaire", "--goal", "6"], ["reach", "--goal", "6"]]
    makers = [
        lambda: (["compare", "hold:3", "hold:4", "--goal", "6", "--players",
                  str(rng.choice(bad_counts))], ("--players",)),
        lambda: (["simulate", "hold:3", "hold:4", "--goal", "6", "--games", "10", "--players",
                  str(rng.choice(bad_counts))], ("--players",)),
        lambda: (["play", "--players", str(rng.choice([0, 1, -1, 11]))], ("--players",)),
        lambda: (rng.choice(sized) + ["--model", str(model),
                  "--game", rng.choice(one_die + ["ten-thousand", "think"])],
                 ("--game", "--model")),
        lambda: (rng.choice(sized) + ["--model", str(model),
                  rng.choice(["--faces", "--bad-face"]), str(rng.randint(2, 8))],
                 ("--faces", "--bad-face", "--model")),
        lambda: (["compare", "hold:2", "hold:3", "--goal", "6", "--model", str(model),
                  "--game", rng.choice(one_die)], ("--game", "--model")),
        lambda: (["play", "--game", "ten-thousand", "--faces", str(rng.randint(2, 12))],
                 ("--faces",)),
        lambda: (["farkle", "turn", "--high-score", str(rng.choice([0, 50, 350, 10000]))],
                 ("--high-score",)),
        lambda: (["plot", "--goal", "6", "--players", "2", "--others",
                  rng.choice(["hold:3", "hold:4", "optimal"]), "--out",
                  str(root / f"p{rng.randint(0, 10 ** 6)}.png")], ("--others",)),
        lambda: (["policy", "--goal", "6", "--scores", "1,2", "--place",
                  str(rng.choice([1, 2, 3]))] + rng.choice([[], ["--ending", "first-to-goal"],
                                                             ["--ending", "one-more-turn"]]),
                 ("--place",)),
        lambda: (["policy", "--solution", str(solution), "--score", "1", "--opponent", "2",
                  "--goal", str(rng.choice([6, 20, 100]))], ("--goal", "--solution")),
        lambda: (["policy", "--solution", str(solution), "--score", "1", "--opponent", "2",
                  "--game", rng.choice(["piglet", "piggy", "think"])], ("--game", "--solution")),
        lambda: (["compare", "hold:2", "hold:3", "--goal", "5", "--players",
                  str(rng.choice([4, 5]))], ("--players",)),
        lambda: (["fairness", "--goal", "6", "--max-bonus", str(rng.choice([-1, -7, -100]))],
                 ("--max-bonus",)),
        lambda: (["simulate", "hold:2", "hold:3", "--goal", "6", "--games",
                  str(rng.choice([0, -1, 10 ** 12]))], ("--games",)),
        lambda: (["solve", "--game", "x" * rng.choice([1000, 100_000])],
                 ("--game", "unknown game")),
        lambda: (["farkle", "solve", "--min-bank", str(rng.choice([10 ** 5, 10 ** 6, 20_000]))],
                 ("--min-bank",)),
    ]
    cases = []
    while len(cases) < count:
        index = rng.randrange(len(makers))
        args, names = makers[index]()
        expect = "refuse"
        cases.append(Case("options", f"{index}: {' '.join(a[:40] for a in args)}", args=args,
                          names=names, expect=expect))
    return cases


# ===================================================================== outputs
def _spellings(path: Path) -> list[str]:
    """Ways to name the same file."""
    return [str(path), str(path.parent / "." / path.name),
            str(path.parent / ".." / path.parent.name / path.name),
            os.path.relpath(path, os.getcwd())]


def output_cases(rng, count, root: Path) -> list[Case]:
    model = root / "model.json"
    solution = root / "pig12.npz"
    cases = []
    while len(cases) < count:
        serial = len(cases)
        folder = root / f"out{serial}"
        folder.mkdir(exist_ok=True)
        kind = rng.choice(["model-out", "out-policy", "csv-strategy", "solution-out",
                           "out-policy-existing", "trailing-slash", "directory", "long-name",
                           "stream", "stream", "plot-out"])
        if kind == "model-out":
            mine = folder / "mine.json"
            shutil.copy(model, mine)
            same = rng.choice(_spellings(mine))
            command = rng.choice([["solve", "--goal", "5", "--model", str(mine), "--out", same],
                                  ["solve", "--goal", "5", "--model", str(mine),
                                   "--policy-out", same]])
            cases.append(Case("outputs", f"{kind}: {' '.join(command)}", args=command,
                              keep=(str(mine),), names=("--out", "--policy-out", "--model")))
        elif kind in ("out-policy", "out-policy-existing"):
            target = folder / rng.choice(["same.npz", "same.csv"])
            if kind == "out-policy-existing":
                target.write_bytes(b"precious")
            command = ["solve", "--goal", "5", "--out", str(target), "--policy-out",
                       rng.choice(_spellings(target))]
            cases.append(Case("outputs", f"{kind}: {' '.join(command)}", args=command,
                              keep=(str(target),) if target.exists() else (),
                              absent=() if target.exists() else (str(target),),
                              names=("--out", "--policy-out")))
        elif kind == "csv-strategy":
            target = folder / "same.csv"
            target.write_text("precious\n")
            command = ["simultaneous", "--max-hold", "6", "--csv", str(target), "--strategy-csv",
                       rng.choice(_spellings(target))]
            cases.append(Case("outputs", f"{kind}", args=command, keep=(str(target),),
                              names=("--csv", "--strategy-csv")))
        elif kind == "solution-out":
            mine = folder / "solution.npz"
            shutil.copy(solution, mine)
            command = ["policy", "--solution", str(mine), "--score", "1", "--opponent", "2"]
            command = rng.choice([
                ["solve", "--goal", "12", "--out", rng.choice(_spellings(mine)),
                 "--model", str(mine)],
                ["compare", str(mine), "hold:3", "--goal", "12"],  # reads only: fine
            ])
            expect = "ok" if command[0] == "compare" else "refuse"
            cases.append(Case("outputs", f"{kind}: {' '.join(command)}", args=command,
                              keep=(str(mine),), expect=expect))
        elif kind == "plot-out":
            mine = folder / "figure.png"
            mine.write_bytes(b"precious")
            command = ["plot", "--goal", "6", "--out", str(mine), "hold:3"] if False else \
                ["solve", "--goal", "5", "--model", str(mine), "--out", str(folder / "x.npz")]
            cases.append(Case("outputs", f"{kind}", args=command, keep=(str(mine),),
                              expect="ok"))
        elif kind == "trailing-slash":
            name = f"newdir{rng.randint(0, 99)}"
            option, suffix = rng.choice([("--out", ".npz"), ("--policy-out", ".csv"),
                                         ("--out", "")])
            path = str(folder / (name + suffix)) + "/"
            command = ["solve", "--goal", "5", option, path]
            cases.append(Case("outputs", f"{kind}: {option} {path}", args=command,
                              absent=(path.rstrip("/"),), names=(option,)))
        elif kind == "directory":
            option = rng.choice(["--out", "--policy-out"])
            command = ["solve", "--goal", "5", option, str(folder)]
            cases.append(Case("outputs", f"{kind}: {option}", args=command, names=(option,)))
        elif kind == "long-name":
            length = rng.choice([256, 300, 1000, 5000])
            option, command = rng.choice([
                ("--out", ["solve", "--goal", "5", "--out"]),
                ("--policy-out", ["solve", "--goal", "5", "--policy-out"]),
                ("--csv", ["simultaneous", "--max-hold", "5", "--csv"]),
                ("--model", ["solve", "--goal", "5", "--model"]),
            ])
            path = str(folder / ("n" * length + ".csv"))
            cases.append(Case("outputs", f"{kind}: {option} {length}", args=command + [path],
                              names=(option, "long")))
        else:
            stream = rng.choice(["full", "closed-out", "broken-pipe", "closed-in", "closed-in"])
            command = rng.choice([["games"], ["solve", "--goal", "5", "--json"],
                                  ["turn", "--hold", "5"], ["games", "--json"],
                                  ["compare", "hold:2", "hold:3", "--goal", "5"]])
            if stream == "closed-in":
                command = ["play", "--goal", str(rng.choice([5, 10]))]
            cases.append(Case("outputs", f"stream {stream}: {' '.join(command)}", args=command,
                              stream=stream))
    return cases


# ===================================================================== sweep specs
def spec_cases(rng, count, root: Path) -> list[Case]:
    cases = []
    while len(cases) < count:
        serial = len(cases)
        folder = root / f"spec{serial}"
        folder.mkdir(exist_ok=True)
        spec = folder / "spec.toml"
        kind = rng.choice(["dice", "range", "range-long", "huge-goal", "latin1", "deep",
                           "timeout", "faces", "goals-many"])
        after, goal = None, 0
        names: tuple[str, ...] = ()
        if kind == "dice":
            dice = rng.choice([10 ** 9, 10 ** 6, 10 ** 12, 2 ** 40, 1000])
            spec.write_text(f'games = [{{faces = {rng.randint(2, 9)}, dice = {dice}}}]\n'
                            f'goals = [10]\n')
            names = ("dice",)
        elif kind == "faces":
            faces = rng.choice([10 ** 9, 10 ** 7, 2 ** 62])
            spec.write_text(f'games = [{{faces = {faces}, dice = {rng.randint(1, 3)}}}]\n'
                            f'goals = [10]\n')
            names = ("faces", "throws")
        elif kind == "range":
            stop = rng.choice([10 ** 9, 10 ** 12, 2 ** 62, 10 ** 8])
            spec.write_text(f'games = ["pig"]\ngoals = {{from = 1, to = {stop}}}\n')
            names = ("goal", "task")
        elif kind == "range-long":
            start = rng.choice([500, 1000, 2000])
            spec.write_text(f'games = ["pig"]\ngoals = {{from = {start}, to = {start * 4}}}\n')
            names = ("estimate", "budget", "hours", "minutes", "GB")
        elif kind == "goals-many":
            spec.write_text('games = ["pig", "piglet", "piggy"]\n'
                            f'goals = {{from = 200, to = {rng.choice([2000, 5000])}, step = 5}}\n'
                            'analyses = ["solve", "fairness"]\n')
            names = ("estimate", "budget", "hours", "minutes", "GB")
        elif kind == "huge-goal":
            goal = rng.choice([10 ** 9, 10 ** 6, 2 ** 40, 10 ** 18])
            spec.write_text(f'games = ["pig"]\ngoals = [{goal}]\n')
            after = ["sweep", str(folder / "small.toml"), "--out", str(folder / "results"),
                     "--scheduler", "in-process", "--no-progress"]
            (folder / "small.toml").write_text('games = ["piglet"]\ngoals = [4]\n')
            names = ("goal",)
        elif kind == "latin1":
            spec.write_bytes('games = ["pig"]\ngoals = [10]\n# caf\xe9\n'.encode("latin-1"))
            names = ("UTF-8", "utf-8", "decode")
        elif kind == "deep":
            depth = rng.choice([1000, 3000, 10000])
            spec.write_text('games = ["pig"]\ngoals = ' + "[" * depth + "10" + "]" * depth + "\n")
            names = ("deep", "nest", "TOML")
        else:
            spec.write_text('games = ["piglet"]\ngoals = [4]\n')
            value = rng.choice(["nan", "inf", "-inf", "-1", "0", "1e309", "abc"])
            cases.append(Case("specs", f"timeout {value}",
                              args=["sweep", str(spec), "--out", str(folder / "results"),
                                    "--connect-timeout", value, "--no-progress"],
                              names=("--connect-timeout",),
                              expect="refuse" if value != "1e309" else "refuse"))
            continue
        args = ["sweep", str(spec), "--out", str(folder / "results"), "--scheduler", "in-process",
                "--no-progress"]
        # an hour per task: each fits, so the whole sweep's estimate is what must refuse
        environment = {"JEOPARDY_TIME_LIMIT": "3600"} if kind in ("range-long", "goals-many") \
            else None
        # a goal the spec allows (10**6) but no budget does: an error row, and later runs work
        expect = "ok" if kind == "huge-goal" and goal <= 10 ** 6 else "refuse"
        cases.append(Case("specs", f"{kind}: {spec.read_bytes()[:70]!r}", args=args, names=names,
                          after=after, environment=environment, expect=expect))
    return cases


# ===================================================================== API
def api_cases(rng, count) -> list[Case]:
    import jeopardy as jp

    solution = jp.Game("pig", goal=12).solve()
    hostile = [None, True, 2.5, -1, 0, 10 ** 30, float("nan"), float("inf"), "abc", "", [1],
               (3, 4), {"a": 1}, b"pig", object(), 1000, -10 ** 9, 1.5, "12", [[1, 2]]]
    # the public entry points: the facade's names, and the analysis functions behind
    # Game's methods in their own modules (the old top-level names, jeopardy._MOVED)
    lazy = lambda name: lambda *a, **k: jp._load(  # noqa: E731
        jp._EXPORTS.get(name) or jp._MOVED[name][0])(*a, **k)
    entry_points = [
        ("solve_farkle", lazy("solve_farkle"), ["ten-thousand"]),
        ("solution.win_probability_at", solution.win_probability_at, [3, 4, 5]),
        ("solution.column", solution.column, [3, 4]),
        ("solution.hold_threshold", solution.hold_threshold, [3, 4]),
        ("solve", lazy("solve"), ["pig", 10]),
        ("game", lazy("game"), ["pig", None, None]),
        ("dice_game", lazy("dice_game"), [6, 1, [1]]),
        ("policies.hold_at", lambda *a: jp.policies.hold_at(*a), [10, 3]),
        ("policies.from_formula", lambda *a: jp.policies.from_formula(*a), [10, "k < 3"]),
        ("race_policy", lazy("race_policy"), ["hold:3", "pig", 10]),
        ("score_policy", lazy("score_policy"), ["hold:3", "pig"]),
        ("turn_distribution", lazy("turn_distribution"), ["pig", 5]),
        ("solve_simultaneous", lazy("solve_simultaneous"), ["pig", 10]),
        ("race_fairness", lazy("race_fairness"), [solution, None]),
        ("expected_turns", lazy("expected_turns"), ["pig", 10]),
        ("reach_probability", lazy("reach_probability"), ["pig", 10, 3]),
        ("solve_expected", lazy("solve_expected"), ["pig", 3, jp._load("jeopardy.expected.policies:hold_at")(20)]),
        ("solve_exact", lazy("solve_exact"), ["piglet", 4]),
        ("Game", lazy("Game"), ["pig", 10, 2]),
        ("Game.solve", lambda *a: jp.Game(*a).solve(), ["pig", 6, 3]),
        ("head_to_head", lazy("head_to_head"),
         ["pig", jp.policies.hold_at(12, 3), jp.policies.hold_at(12, 4)]),
        ("simulate", lazy("simulate"),
         ["pig", jp.policies.hold_at(12, 3), jp.policies.hold_at(12, 4), 10]),
        ("solve_farkle_turn", lazy("solve_farkle_turn"), []),
    ]
    cases = []
    while len(cases) < count:
        name, function, good = rng.choice(entry_points)
        args = list(good)
        if args:
            for position in rng.sample(range(len(args)), rng.randint(1, len(args))):
                args[position] = rng.choice(hostile)
        else:
            args = [rng.choice(hostile)]

        def call(function=function, args=tuple(args)):
            return function(*args)

        cases.append(Case("api", f"{name}{tuple(args)!r}"[:120], call=call, expect="ok"))
    return cases


# ===================================================================== running
def _fixtures(root: Path) -> None:
    """The files the cases read: a roll model and a Pig solution to 12."""
    from jeopardy.match.solver import solve
    from jeopardy.rules import game

    (root / "model.json").write_text(game("piglet").to_json())
    solve(game("pig"), 12).save(root / "pig12.npz")


def corpus(seed: int = 26, scale: float = 1.0, root: Path | None = None) -> list[Case]:
    """Every case (about 1,200 at scale 1), files made under ``root``."""
    root = Path(root or tempfile.mkdtemp(prefix="jeopardy-corpus-"))
    _fixtures(root)
    rng = random.Random(seed)
    n = lambda base: max(1, int(base * scale))  # noqa: E731
    return (policy_cases(rng, n(400)) + option_cases(rng, n(300), root)
            + output_cases(rng, n(250), root) + spec_cases(rng, n(120), root)
            + api_cases(rng, n(200)))


def _digest(path: str) -> str | None:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


def _child_run(case: Case, out_path: str, err_path: str) -> None:
    """In a forked child: run the case, exit with its status (never returns)."""
    try:
        os.setsid()
    except OSError:
        pass
    out = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    err = os.open(err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(out, 1)
    os.dup2(err, 2)
    # a fresh interpreter's streams on those descriptors (pytest's capture replaced them)
    sys.stdin = open(0, "r", closefd=False)
    sys.stdout = open(1, "w", closefd=False)
    sys.stderr = open(2, "w", closefd=False)
    os.environ.update(ENVIRONMENT)
    os.environ.update(case.environment or {})
    status = 0
    try:
        if case.call is not None:
            result = case.call()
            if case.expect == "value":
                status = 0 if result == case.value else 3
                if status:
                    sys.stderr.write("wrong value\n")
        else:
            from jeopardy.cli.main import cli

            try:
                cli.main(case.args, prog_name="jeopardy")
            except SystemExit as stop:
                status = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    except BaseException as error:  # noqa: BLE001 - the classification wants every kind
        from jeopardy.errors import JeopardyError

        if case.call is not None and isinstance(error, (JeopardyError, TypeError, ValueError)) \
                and not _internal(error):
            sys.stderr.write(f"refused: {type(error).__name__}: {error}\n")
            status = 2
        else:
            traceback.print_exc()
            status = 1 if case.call is None else 4
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:  # noqa: BLE001
        pass
    os._exit(status)


def _internal(error: BaseException) -> bool:
    """A TypeError/ValueError raised by numpy or Python itself, not with our message."""
    from jeopardy.errors import JeopardyError

    if isinstance(error, JeopardyError):
        return False
    frames = traceback.extract_tb(error.__traceback__)
    return not frames or "jeopardy" not in frames[-1].filename


def _subprocess_run(case: Case, out_path: str, err_path: str):
    """A stream case in a real interpreter: returns (status or None on a hang)."""
    command = [sys.executable, "-m", "jeopardy", *case.args]
    environment = {**os.environ, **ENVIRONMENT}
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        stdout, stdin, preexec, reader = out, subprocess.DEVNULL, None, None
        if case.stream == "full":
            stdout = open("/dev/full", "wb")
        elif case.stream == "closed-out":
            preexec = lambda: os.close(1)  # noqa: E731
        elif case.stream == "closed-in":
            preexec = lambda: os.close(0)  # noqa: E731
        elif case.stream == "broken-pipe":
            reader, writer = os.pipe()
            os.close(reader)
            stdout = writer
        try:
            process = subprocess.run(command, stdin=stdin, stdout=stdout, stderr=err,
                                     env=environment, preexec_fn=preexec, timeout=case.deadline)
            return process.returncode
        except subprocess.TimeoutExpired:
            return None
        finally:
            if case.stream == "full":
                stdout.close()
            if case.stream == "broken-pipe":
                os.close(stdout)


def _forked_run(case: Case, out_path: str, err_path: str):
    pid = os.fork()
    if pid == 0:
        _child_run(case, out_path, err_path)
    started = time.monotonic()
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() - started > case.deadline:
            try:
                os.killpg(pid, signal.SIGKILL)
            except OSError:
                os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return None
        time.sleep(0.01)


def classify(case: Case, status, stdout: str, stderr: str, before: dict) -> tuple[str, str]:
    lines = [line for line in stderr.splitlines() if line.strip()]
    first = lines[0] if lines else ""
    if status is None:
        return "hang", f"past {case.deadline:.0f} s"
    if "Traceback" in stderr or status in (1, 4) or status < 0:
        return "traceback", (lines[-1] if lines else f"exit {status}")[:200]
    for path, digest in before.items():
        if _digest(path) != digest:
            return "lost", f"{path} changed"
    for path in case.absent:
        if os.path.lexists(path):
            return "lost", f"{path} was written"
    if case.expect == "value":
        return ("ok", "") if status in (0, 2) and "wrong value" not in stderr else \
            ("ignored", "a different answer than the scalar interpreter")
    if case.stream is not None:
        if status == 0:
            return "ignored", "exit 0 with the output lost" if case.stream != "closed-in" \
                else "exit 0"
        if status == 130 or len(lines) != 1:
            return "unclear", f"exit {status}, {len(lines)} lines: {first[:120]}"
        return "ok", ""
    if status == 0:
        if case.expect == "refuse":
            return "ignored", "accepted"
        return "ok", ""
    if status == 3:
        return "ignored", "wrong value"
    if status == 130:
        return "hang", "interrupted"
    if len(lines) != 1 or len(first) > MAX_MESSAGE:
        return "unclear", f"{len(lines)} lines, {len(first)} characters: {first[:120]}"
    if case.names and not any(name.lower() in first.lower() for name in case.names):
        return "unclear", f"does not name {case.names[0]}: {first[:160]}"
    return "ok", ""


def run_case(case: Case, scratch: Path) -> Result:
    out_path, err_path = str(scratch / "out"), str(scratch / "err")
    before = {path: _digest(path) for path in case.keep}
    runner = _subprocess_run if case.stream else _forked_run
    status = runner(case, out_path, err_path)
    stdout = Path(out_path).read_text(errors="replace")
    stderr = Path(err_path).read_text(errors="replace")
    outcome, detail = classify(case, status, stdout, stderr, before)
    if outcome == "ok" and case.after is not None:
        second = Case(case.klass, case.label, args=case.after, expect="ok")
        status = _forked_run(second, out_path, err_path)
        if status != 0:
            return Result(case, "lost", "a later sweep into the same folder failed: "
                          + Path(err_path).read_text(errors="replace").strip()[-200:])
    return Result(case, outcome, detail)


def warm_up() -> None:
    """Compile and load the kernels once, in the parent, so forked children share them."""
    import contextlib
    import io

    from jeopardy.cli.main import cli

    for args in (["solve", "--goal", "6"], ["compare", "hold:2", "hold:3", "--goal", "6"],
                 ["simulate", "hold:2", "hold:3", "--goal", "6", "--games", "10"],
                 ["turn", "--hold", "5"], ["simultaneous", "--max-hold", "6"],
                 ["fairness", "--goal", "6"], ["reach", "--goal", "6", "--policy", "hold:3"],
                 ["compare", "hold:2", "hold:3", "--goal", "5", "--players", "3"]):
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            try:
                cli.main(args, prog_name="jeopardy", standalone_mode=False)
            except BaseException:  # noqa: BLE001 - a warm-up only
                pass


def run(cases: list[Case], show: str | None = None, klass: str | None = None,
        out=sys.stdout) -> dict:
    """Run ``cases``; returns {class: Counter(outcome)}; prints the counts.  (Each child
    sets :data:`ENVIRONMENT`; this process's own environment is left as it was.)"""
    warm_up()
    scratch = Path(tempfile.mkdtemp(prefix="jeopardy-corpus-run-"))
    counts = {name: collections.Counter() for name in CLASSES}
    results = []
    for case in cases:
        if klass and case.klass != klass:
            continue
        result = run_case(case, scratch)
        counts[case.klass][result.outcome] += 1
        results.append(result)
        if show and result.outcome == show:
            print(f"[{case.klass}] {case.label[:150]}\n    -> {result.detail}", file=out)
    print(f"{'class':<10}" + "".join(f"{o:>10}" for o in OUTCOMES) + f"{'total':>8}", file=out)
    for name in CLASSES:
        row = counts[name]
        if sum(row.values()):
            print(f"{name:<10}" + "".join(f"{row[o]:>10}" for o in OUTCOMES)
                  + f"{sum(row.values()):>8}", file=out)
    total = collections.Counter()
    for row in counts.values():
        total.update(row)
    print(f"{'all':<10}" + "".join(f"{total[o]:>10}" for o in OUTCOMES)
          + f"{sum(total.values()):>8}", file=out)
    return {"counts": counts, "results": results}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--class", dest="klass", choices=CLASSES)
    parser.add_argument("--show", choices=OUTCOMES, help="print the inputs that ended so")
    parser.add_argument("--json", help="write the per-class counts to this file")
    options = parser.parse_args()
    cases = corpus(options.seed, options.scale)
    outcome = run(cases, options.show, options.klass)
    if options.json:
        Path(options.json).write_text(json.dumps(
            {name: dict(row) for name, row in outcome["counts"].items()}, indent=2))


if __name__ == "__main__":
    main()
