"""Policies of race games: roll/hold tables over (i, j, k).

A :class:`RacePolicy` is a table ``roll[i, j, k]`` for ``0 <= i, j < goal``,
``0 <= k < goal`` (entries with ``i + k >= goal`` are ignored: the player
holds and wins).  Constructors: the optimal policy of a solution, "hold at
h", a formula (:mod:`jeopardy.match.formula`), or a file.

Policy files (written by :meth:`RacePolicy.save`, ``jeopardy solve
--policy-out FILE``; read by :func:`load`, i.e. by ``compare``, ``simulate``,
``reach`` and ``play --ai FILE``), chosen by suffix:

* ``.npz`` -- arrays ``roll`` (int8, shape ``(goal, goal, goal)``, 1 = roll,
  indexed ``[i, j, k]``), ``goal`` and ``meta`` (UTF-8 JSON: ``{"format":
  "jeopardy-race-policy", "version": 1, "goal", "players": 2, "ending":
  "first-to-goal"}``; files written before it had none and are read as
  version 1); no pickle.  A solution file of ``jeopardy solve --out`` is read
  as its optimal policy.  An N-player or equal-turns policy file
  (:mod:`jeopardy.match.policy_file`) is refused here, naming its game.
* ``.csv`` and ``.parquet`` -- a long table, one row per decision state, with
  columns ``i`` (the mover's banked score), ``j`` (the opponent's), ``k`` (the
  turn total) and ``action`` (``roll`` or ``hold``), for every ``0 <= i, j <
  goal`` and ``0 <= k < goal - i`` (at ``i + k >= goal`` the player holds and
  wins, so those states have no row).  Every decision state has exactly one
  row; the reader is told the goal and refuses a table for another one.
"""
from __future__ import annotations

import csv
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from jeopardy import validate
from jeopardy.errors import JeopardyError
from jeopardy.files import _readable, read_npz, read_text, write_atomically, write_text
from jeopardy.match.formula import evaluate
from jeopardy.match.pair import MAX_TABLE_GOAL, check_table_goal as _check_goal
from jeopardy.match.solver import PairSolution, load as load_solution
from jeopardy.results import Result

RACE_FORMAT, RACE_VERSION = "jeopardy-race-policy", 1  # the .npz's metadata


@dataclass(frozen=True, repr=False)
class RacePolicy(Result):
    """A roll/hold table of the two-player race (module docstring); its repr and
    :meth:`to_dict` give its name, goal and how many of its decision states roll."""

    name: str
    goal: int
    roll: np.ndarray = field(repr=False)  # int8 [goal, goal, goal]

    def __post_init__(self) -> None:
        goal = validate.positive_int(self.goal, "goal", MAX_TABLE_GOAL)
        object.__setattr__(self, "goal", goal)
        object.__setattr__(self, "name", str(self.name))
        object.__setattr__(self, "roll", validate.table(self.roll, "roll", (goal, goal, goal)))

    def rolls(self, i: int, j: int, k: int) -> bool:
        return i + k < self.goal and bool(self.roll[i, j, k])

    def to_dict(self) -> dict:
        """``name``, ``goal``, ``decision_states`` (``i + k < goal``: the rows of
        :meth:`to_csv`) and ``rolling_states`` (those where it rolls)."""
        g = self.goal
        i, _, k = np.ogrid[:g, :g, :g]
        deciding = np.broadcast_to(i + k < g, self.roll.shape)
        return {"name": self.name, "goal": g, "decision_states": int(deciding.sum()),
                "rolling_states": int(np.count_nonzero(self.roll[deciding]))}

    def to_csv(self) -> str:
        lines = ["i,j,k,action"]
        g = self.goal
        for i in range(g):
            for j in range(g):
                row = self.roll[i, j]
                lines.extend(f"{i},{j},{k},{'roll' if row[k] else 'hold'}" for k in range(g - i))
        return "\n".join(lines) + "\n"

    def save_csv(self, path: str | Path) -> Path:
        return write_text(path, self.to_csv())

    def long_table(self) -> dict[str, np.ndarray]:
        """Columns ``i, j, k, action`` of the decision states (``i + k < goal``)."""
        g = self.goal
        i, j, k = np.meshgrid(np.arange(g), np.arange(g), np.arange(g), indexing="ij")
        keep = (i + k < g)
        return {"i": i[keep].astype(np.int32), "j": j[keep].astype(np.int32),
                "k": k[keep].astype(np.int32),
                "action": np.where(self.roll[keep] != 0, "roll", "hold")}

    def to_frame(self):
        """The long table as a pandas DataFrame (columns ``i, j, k, action``)."""
        import pandas as pd

        return pd.DataFrame(self.long_table())

    def save_parquet(self, path: str | Path) -> Path:
        frame = self.to_frame()

        def write(temporary: str) -> None:
            frame.to_parquet(temporary, index=False)

        return write_atomically(path, write, suffix=".parquet")

    def save(self, path: str | Path) -> Path:
        """Write the table as .npz, .csv or .parquet (by suffix; see the module docstring)."""
        suffix = Path(str(path)).suffix.lower()
        if suffix == ".npz":
            return self.save_npz(path)
        if suffix == ".csv":
            return self.save_csv(path)
        if suffix == ".parquet":
            return self.save_parquet(path)
        raise JeopardyError(f"cannot write policy {str(path)!r}: the name must end in "
                            ".npz, .csv or .parquet")

    def save_npz(self, path: str | Path) -> Path:
        import json

        meta = json.dumps({"format": RACE_FORMAT, "version": RACE_VERSION, "goal": self.goal,
                           "players": 2, "ending": "first-to-goal"})

        def write(temporary: str) -> None:
            with open(temporary, "wb") as handle:
                np.savez_compressed(handle, roll=self.roll.astype(np.int8), goal=np.int64(self.goal),
                                    meta=np.frombuffer(meta.encode(), dtype=np.uint8))

        return write_atomically(path, write, suffix=".npz")


def from_solution(solution) -> RacePolicy:
    """The optimal policy of a :class:`~jeopardy.match.solver.PairSolution` (the pair
    method's: two players, first to the goal)."""
    if not isinstance(solution, PairSolution):
        raise validate.ParameterError("solution", f"must be a PairSolution (two players, first "
                                                  f"to the goal); got {type(solution).__name__}")
    return RacePolicy("optimal", solution.goal, solution.policy_table())


def hold_at(goal: int, h: int) -> RacePolicy:
    """Roll while the turn total is below ``h`` (holding wins once i + k >= goal)."""
    _check_goal(goal)
    if isinstance(h, int) and not isinstance(h, bool) and h > goal:
        h, shown = goal, h  # never holds short of the goal: the table of hold at the goal
    else:
        h = shown = validate.integer(h, "h")
    if h < 1:
        raise JeopardyError(f"hold:N needs N >= 1; got {h}")
    k = np.arange(goal)[None, None, :]
    roll = np.broadcast_to(k < h, (goal, goal, goal)).astype(np.int8)
    return RacePolicy(f"hold at {shown}", goal, roll.copy())


def from_formula(goal: int, text: str, name: str | None = None) -> RacePolicy:
    """Roll where the formula is true (see :mod:`jeopardy.match.formula`)."""
    _check_goal(goal)
    if not isinstance(text, str):
        raise validate.ParameterError("text", f"must be a formula string; got {text!r}")
    i = np.arange(goal)[:, None, None]
    j = np.arange(goal)[None, :, None]
    k = np.arange(goal)[None, None, :]
    result = evaluate(text, {"i": i, "j": j, "k": k, "goal": np.int64(goal)})
    roll = np.broadcast_to(result, (goal, goal, goal)).astype(np.int8)
    return RacePolicy(name or f"rule: {text}", goal, roll.copy())


def _coefficient(value, name: str):
    """An exact coefficient of :func:`from_linear`: text read by :func:`validate.exact_text`
    (a Fraction() of "x" raised ValueError, of "1e99_999_999" hung), else any exact or
    finite number."""
    from fractions import Fraction

    if isinstance(value, str):
        return validate.exact_text(value, name)
    if isinstance(value, (bool, np.bool_)):
        raise validate.ParameterError(name, f"must be a number; got {value!r}")
    try:
        return Fraction(value)
    except (TypeError, ValueError, OverflowError):
        raise validate.ParameterError(name, f"must be a finite number; got {value!r}") from None


def from_linear(goal: int, a, b, c, strict: bool = False, name: str | None = None) -> RacePolicy:
    """Roll iff ``a*i + b*k <= c`` (``<`` if strict), compared exactly.

    ``a, b, c`` are rationals (:class:`fractions.Fraction`, ints); they are
    scaled to integers by their common denominator, so no rounding decides a
    state on the line.
    """
    import math

    strict = validate.flag(strict, "strict")

    _check_goal(goal)
    a, b, c = (_coefficient(v, name) for v, name in ((a, "a"), (b, "b"), (c, "c")))
    scale = math.lcm(a.denominator, b.denominator, c.denominator)
    A, B, C = (int(v * scale) for v in (a, b, c))
    i = np.arange(goal, dtype=object)[:, None]
    k = np.arange(goal, dtype=object)[None, :]
    left = A * i + B * k  # exact Python integers, whatever their size
    ik = (left < C) if strict else (left <= C)
    roll = np.broadcast_to(ik.astype(bool)[:, None, :], (goal, goal, goal)).astype(np.int8)
    op = "<" if strict else "<="
    return RacePolicy(name or f"roll iff {a}*i + {b}*k {op} {c}", goal, roll.copy())


# Practical play (Neller & Presser, "Practical Play of the Dice Game Pig", UMAP
# Journal 31(1), 2010), for goal 100: name -> (title, when to roll).  "hold at h"
# means hold once k >= h; every policy also holds when i + k reaches the goal.
# The paper's "round" is read as rounding halves up (Java's Math.round, as in
# Neller's exercises); "keep-pace-half-even" rounds halves to even (numpy,
# Python).  They differ where j - i = 4 (mod 8), which moves the fourth decimal.
PRACTICAL = {
    "hold-25": ("hold at 25", "k < 25"),
    "keep-pace": ("keep pace and end race",
                  "max(i, j) >= 71 or k < 21 + floor((j - i) / 8 + 0.5)"),
    "keep-pace-half-even": ("keep pace and end race (halves rounded to even)",
                            "max(i, j) >= 71 or k < 21 + round((j - i) / 8)"),
    "score-base": ("score base, keep pace and end race",
                   "max(i, j) >= 69 or k < max(19, j - 14)"),
}


def practical(goal: int, name: str) -> RacePolicy:
    """A named practical policy of :data:`PRACTICAL` (written for goal 100)."""
    if name not in PRACTICAL:
        raise JeopardyError(f"unknown practical policy {name!r}; known: {', '.join(PRACTICAL)}")
    title, formula = PRACTICAL[name]
    return from_formula(goal, formula, name=title)


def load(path: str | Path, goal: int) -> RacePolicy:
    """Read a policy table: CSV (``i,j,k,action``), an npz policy (``roll``, ``goal``)
    or a solution file of ``jeopardy solve --out`` (its optimal policy)."""
    goal = validate.positive_int(goal, "goal")
    _check_goal(goal)
    path = Path(path)
    source = f"policy file {str(path)!r}"
    if path.suffix == ".npz":
        data = read_npz(path, "policy file", ())
        meta = data.get("meta", {})
        if meta.get("format") == "jeopardy-match-policy":  # written by jeopardy.match.policy_file
            raise JeopardyError(
                f"{source} is for {meta.get('game')} to {meta.get('goal')}, {meta.get('players')} "
                f"players, {meta.get('ending')}; this game is two players, first-to-goal, goal "
                f"{goal} (pass --players {meta.get('players')} --ending {meta.get('ending')})")
        with np.load(path, allow_pickle=False) as archive:
            names = set(archive.files)
        if "start_values" not in names:  # a solution file has its own format (solver.load)
            if "format" in meta and meta.get("format") != RACE_FORMAT:
                raise JeopardyError(f"{source} has format {meta.get('format')!r}; "
                                    f"expected {RACE_FORMAT!r}")
            if meta.get("format") == RACE_FORMAT and meta.get("version") != RACE_VERSION:
                raise JeopardyError(f"{source} has format version {meta.get('version')!r}; this "
                                    f"program reads version {RACE_VERSION}")
        if "start_values" in names:  # a solution file: its optimal policy
            solution = load_solution(path)
            if solution.goal != goal:
                raise JeopardyError(f"{source} is a solution for goal {solution.goal}; "
                                    f"expected goal {goal}")
            return from_solution(solution)
        if "roll" not in names:
            raise JeopardyError(f"{source} holds neither a policy ('roll') nor a solution")
        data = read_npz(path, "policy file", ("roll",) + (("goal",) if "goal" in names else ()))
        roll = data["roll"]
        file_goal = data.get("goal", np.int64(roll.shape[0] if roll.ndim else 0))
        if file_goal.shape != () or not np.issubdtype(file_goal.dtype, np.integer) \
                or int(file_goal) != goal or roll.shape != (goal, goal, goal):
            raise JeopardyError(f"{source} is for goal {file_goal} with shape "
                                f"{roll.shape}; expected goal {goal}")
        if not np.issubdtype(roll.dtype, np.integer) and roll.dtype != np.bool_:
            raise JeopardyError(f"{source}: table roll has type {roll.dtype}; expected integers")
        return RacePolicy(path.name, goal, (roll != 0).astype(np.int8))
    if path.suffix.lower() == ".parquet":
        return _from_long_table(_read_parquet(path, source), goal, source, path.name)
    text = read_text(path, "policy file")
    roll = np.zeros((goal, goal, goal), dtype=np.int8)
    seen = np.zeros((goal, goal, goal), dtype=bool)
    reader = csv.reader(text.splitlines())
    header = next(reader, None)
    if header is None or [h.strip() for h in header] != ["i", "j", "k", "action"]:
        raise JeopardyError(f"{source}: first line must be 'i,j,k,action'")
    try:
        for line_number, row in enumerate(reader, start=2):
            if not row:
                continue
            try:
                if len(row) != 4:
                    raise ValueError
                i, j, k = (int(v) for v in row[:3])
                action = row[3].strip().lower()
            except ValueError:
                raise JeopardyError(f"{source} line {line_number}: expected i,j,k,action") from None
            if not (0 <= i < goal and 0 <= j < goal and 0 <= k < goal - i):
                raise JeopardyError(f"{source} line {line_number}: state ({i},{j},{k}) is "
                                    f"outside goal {goal}")
            if action not in ("roll", "hold", "r", "h"):
                raise JeopardyError(f"{source} line {line_number}: action {row[3]!r} is not "
                                    "roll or hold")
            value = action in ("roll", "r")
            if seen[i, j, k] and roll[i, j, k] != value:
                raise JeopardyError(f"{source} line {line_number}: state ({i},{j},{k}) has "
                                    "conflicting actions")
            roll[i, j, k] = value
            seen[i, j, k] = True
    except csv.Error as error:
        raise JeopardyError(f"{source}: not CSV ({error})") from None
    if seen.any():  # a table for a smaller goal: say so, as the .npz and Parquet readers do
        largest = int(np.flatnonzero(seen.any(axis=(1, 2)))[-1]) + 1
        if largest < goal:
            raise JeopardyError(f"{source} holds a policy for goal {largest}; "
                                f"expected goal {goal}")
    i, j, k = np.meshgrid(np.arange(goal), np.arange(goal), np.arange(goal), indexing="ij")
    missing = ~seen & (i + k < goal)
    if missing.any():
        first = tuple(int(v) for v in np.argwhere(missing)[0])
        raise JeopardyError(f"{source} has no action for {int(missing.sum())} states, "
                            f"e.g. {first}")
    return RacePolicy(path.name, goal, roll)


def _read_parquet(path: Path, source: str) -> dict[str, np.ndarray]:
    _readable(path, "policy file")
    try:
        import pyarrow.parquet as pq

        table = pq.read_table(path)
    except Exception as error:  # pyarrow raises many kinds for a damaged file
        raise JeopardyError(f"{source} is not a readable Parquet file ({error})") from None
    columns = set(table.column_names)
    if not {"i", "j", "k", "action"} <= columns:
        raise JeopardyError(f"{source}: columns must include i, j, k, action; "
                            f"found {', '.join(sorted(columns))}")
    return {name: table.column(name).to_numpy(zero_copy_only=False)
            for name in ("i", "j", "k", "action")}


def _from_long_table(columns: dict[str, np.ndarray], goal: int, source: str,
                     name: str) -> RacePolicy:
    """A policy from the long table's columns, every decision state exactly once."""
    try:
        i, j, k = (np.asarray(columns[c]).astype(np.int64, casting="safe") for c in "ijk")
    except (TypeError, ValueError):
        raise JeopardyError(f"{source}: columns i, j, k must be integers") from None
    action = np.char.lower(np.asarray(columns["action"]).astype(str))
    bad = ~np.isin(action, ["roll", "hold", "r", "h"])
    if bad.any():
        raise JeopardyError(f"{source}: action {action[bad][0]!r} is not roll or hold")
    if len(i) and int(i.max()) + 1 != goal and int(i.min()) >= 0:
        raise JeopardyError(f"{source} holds a policy for goal {int(i.max()) + 1}; "
                            f"expected goal {goal}")
    outside = ~((0 <= i) & (i < goal) & (0 <= j) & (j < goal) & (0 <= k) & (k < goal - i))
    if outside.any():
        at = int(np.flatnonzero(outside)[0])
        raise JeopardyError(f"{source}: state ({i[at]},{j[at]},{k[at]}) is outside goal {goal}")
    roll = np.zeros((goal, goal, goal), dtype=np.int8)
    count = np.zeros((goal, goal, goal), dtype=np.int64)
    rolls = np.isin(action, ["roll", "r"]).astype(np.int8)
    np.add.at(count, (i, j, k), 1)
    roll[i, j, k] = rolls
    twice = count > 1
    if twice.any():
        first = tuple(int(v) for v in np.argwhere(twice)[0])
        raise JeopardyError(f"{source}: state {first} has more than one row")
    ii, _, kk = np.meshgrid(np.arange(goal), np.arange(goal), np.arange(goal), indexing="ij")
    missing = (count == 0) & (ii + kk < goal)
    if missing.any():
        first = tuple(int(v) for v in np.argwhere(missing)[0])
        raise JeopardyError(f"{source} has no action for {int(missing.sum())} states, "
                            f"e.g. {first}")
    return RacePolicy(name, goal, roll)
