"""The sweep specification: a grid read from TOML or a dict.

Keys (every one but ``games`` and ``goals`` optional)::

    games    = ["pig", "piggy", {name = "d8 pig", faces = 8, dice = 1, bad_faces = [1]}]
    goals    = [10, 20, 50]              # or {from = 10, to = 1000, step = 10} (inclusive)
    players  = [2]                       # 2..10
    endings  = ["first-to-goal"]         # "equal-turns", "one-more-turn" (jeopardy.match.endings)
    analyses = ["solve", "fairness",
                {name = "compare", against = ["hold:20", "hold:25"]},
                "simultaneous", "solitaire"]   # solitaire: fewest expected turns
    output   = "sweep-results"           # directory of the results (the CLI's --out wins)

A game is a preset name (``jeopardy games``), a dice definition (the
arguments of :func:`jeopardy.rules.dice.dice_game`: ``faces``, ``dice``,
``bad_faces``, ``all_bad``, and a ``name``) or ``{model = "file.json"}``.
Every combination is one :class:`Task`; ``compare`` makes one task per
policy it is compared against.  Anything malformed is refused up front with a
one-line :class:`~jeopardy.errors.JeopardyError`.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path

from jeopardy.errors import JeopardyError
from jeopardy.files import read_text
from jeopardy.match.endings import ENDINGS, FIRST_TO_GOAL, MAX_PLAYERS, find
from jeopardy.policy_language import HINTS, SWEEP_KINDS, parse
from jeopardy.rules import game, load
from jeopardy.rules.dice import dice_game
from jeopardy.rules.roll_model import RollModel

ANALYSES = ("solve", "compare", "simultaneous", "fairness", "solitaire")
MAX_TASKS = 1_000_000
MAX_GOAL = 1_000_000  # the race tables alone would need 8 TB beyond this
MAX_THROWS = 1_000_000  # throws of one roll of a dice game
KEYS = ("games", "goals", "players", "endings", "analyses", "output")
DICE_KEYS = ("name", "faces", "dice", "bad_faces", "all_bad")
ROW_VERSION = 2  # bump when a row's meaning changes: old finished rows are then recomputed


@dataclass(frozen=True)
class Task:
    """One cell of the grid: an analysis of one game at one goal."""

    game: str
    model: RollModel = field(repr=False)
    goal: int
    players: int
    ending: str
    analysis: str
    against: str = ""  # the policy of a "compare" task

    @property
    def key(self) -> str:
        """A stable name for the task's finished row (same task, same key)."""
        text = json.dumps([ROW_VERSION, self.game, self.model.fingerprint(), self.goal,
                           self.players, self.ending, self.analysis, self.against])
        return hashlib.sha256(text.encode()).hexdigest()[:24]

    def parameters(self) -> dict:
        return {"task": self.key, "game": self.game, "goal": self.goal, "players": self.players,
                "ending": self.ending, "analysis": self.analysis, "against": self.against}


@dataclass(frozen=True)
class Sweep:
    """The tasks of a spec, in grid order, and where the results go."""

    tasks: tuple[Task, ...]
    output: str | None = None
    sources: tuple[str, ...] = ()  # the files it was read from: the spec, its model files

    def __repr__(self) -> str:
        return f"Sweep({len(self.tasks)} tasks)"


def read(spec: str | Path | dict) -> Sweep:
    """A :class:`Sweep` from a TOML path or a dict (see the module docstring)."""
    base = None  # a spec file's relative model paths are read from its own folder
    sources = []
    if isinstance(spec, (str, Path)):
        base = Path(spec).parent
        sources.append(str(spec))
        spec = _read_toml(Path(spec))
    if not isinstance(spec, dict):
        raise JeopardyError(f"a sweep spec is a TOML file or a dict; got {type(spec).__name__}")
    unknown = sorted(set(spec) - set(KEYS))
    if unknown:
        raise JeopardyError(f"sweep spec: unknown key {unknown[0]!r}; known keys: {', '.join(KEYS)}")
    for key in ("games", "goals"):
        if key not in spec:
            raise JeopardyError(f"sweep spec: {key!r} is missing")
    games = [_game(entry, base, sources) for entry in _list(spec["games"], "games")]
    labels = [name for name, _ in games]
    for name in labels:
        if labels.count(name) > 1:
            raise JeopardyError(f"sweep spec: two games are named {name!r}; give one a name")
    goals = _goals(spec["goals"])
    players = [_players(p) for p in _list(spec.get("players", [2]), "players")]
    endings = [_ending(e) for e in _list(spec.get("endings", [FIRST_TO_GOAL.name]), "endings")]
    analyses = [a for entry in _list(spec.get("analyses", ["solve"]), "analyses")
                for a in _analysis(entry)]
    size = len(games) * len(goals) * len(players) * len(endings) * len(analyses)
    if size > MAX_TASKS:
        raise JeopardyError(f"sweep spec: {size:,} tasks; at most {MAX_TASKS:,} in one sweep")
    tasks = tuple(Task(name, model, goal, n, ending, analysis, against)
                  for name, model in games for goal in goals for n in players
                  for ending in endings for analysis, against in analyses)
    keys = [t.key for t in tasks]
    if len(set(keys)) != len(keys):
        raise JeopardyError("sweep spec: the same task appears twice (repeated goal or analysis?)")
    output = spec.get("output")
    if output is not None and not isinstance(output, str):
        raise JeopardyError(f"sweep spec: output must be a directory name; got {output!r}")
    return Sweep(tasks, output, tuple(sources))


def _read_toml(path: Path) -> dict:
    import tomllib

    # files.read_text refuses what is not a regular file: a FIFO would block the read.
    text = read_text(path, "sweep spec")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise JeopardyError(f"sweep spec {str(path)!r} is not valid TOML: {error}") from None
    except UnicodeDecodeError as error:
        raise JeopardyError(f"sweep spec {str(path)!r} is not UTF-8 text (byte {error.start}); "
                            "TOML files are UTF-8") from None
    except RecursionError:
        raise JeopardyError(f"sweep spec {str(path)!r} is nested too deeply") from None


def _list(value, key: str) -> list:
    values = value if isinstance(value, (list, tuple)) else [value]
    if not values:
        raise JeopardyError(f"sweep spec: {key!r} is empty")
    return list(values)


def _integer(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise JeopardyError(f"sweep spec: {what} must be an integer; got {value!r}")
    return value


def _game(entry, base: Path | None = None, sources: list | None = None) -> tuple[str, RollModel]:
    if isinstance(entry, str):
        return entry, game(entry)
    if not isinstance(entry, dict):
        raise JeopardyError(f"sweep spec: a game is a preset name or a table; got {entry!r}")
    name = entry.get("name")
    if name is not None and (not isinstance(name, str) or not name.strip()):
        raise JeopardyError(f"sweep spec: a game's name is a non-empty string; got {name!r}")
    if "model" in entry:
        extra = sorted(set(entry) - {"model", "name"})
        if extra:
            raise JeopardyError(f"sweep spec: a model-file game takes only model and name; got {extra[0]!r}")
        where = entry["model"]
        if isinstance(where, os.PathLike):  # a dict spec may hold a Path
            where = os.fspath(where)
        if not isinstance(where, str) or not where.strip():
            raise JeopardyError(f"sweep spec: model is the path of a model file; got {where!r}")
        if base is not None and not Path(where).is_absolute():
            where = str(base / where)
        model = load(where)
        if sources is not None:
            sources.append(where)
        name = entry.get("name", model.name)
        return str(name), RollModel(str(name), model.outcomes, model.description)
    unknown = sorted(set(entry) - set(DICE_KEYS))
    if unknown:
        raise JeopardyError(f"sweep spec: unknown dice key {unknown[0]!r}; known: {', '.join(DICE_KEYS)}")
    faces = _integer(entry.get("faces", 6), "faces")
    dice = _integer(entry.get("dice", 1), "dice")
    if not 2 <= faces <= MAX_THROWS or not 1 <= dice <= 20:
        raise JeopardyError(f"sweep spec: a dice game has 2-{MAX_THROWS:,} faces and 1-20 dice; "
                            f"got {_shown(faces)} faces, {_shown(dice)} dice")
    if dice * math.log10(faces) > math.log10(MAX_THROWS) + 1e-9:  # before faces ** dice
        raise JeopardyError(f"sweep spec: {dice} d{faces} have more than {MAX_THROWS:,} throws")
    bad = entry.get("bad_faces", [1])
    bad = [_integer(b, "a bad face") for b in (bad if isinstance(bad, list) else [bad])]
    if faces ** dice > MAX_THROWS:
        raise JeopardyError(f"sweep spec: {dice} d{faces} have {faces ** dice:,} throws; at most 1,000,000")
    model = dice_game(faces, dice, bad, entry.get("all_bad", "bust"), entry.get("name"))
    return model.name, model


def _goals(value) -> list[int]:
    if isinstance(value, dict):
        unknown = sorted(set(value) - {"from", "to", "step"})
        if unknown or "from" not in value or "to" not in value:
            raise JeopardyError("sweep spec: a goal range is {from = A, to = B, step = C}")
        start, stop = _integer(value["from"], "goals.from"), _integer(value["to"], "goals.to")
        step = _integer(value.get("step", 1), "goals.step")
        if step < 1:
            raise JeopardyError(f"sweep spec: goals.step must be at least 1; got {step}")
        span = range(start, stop + 1, step)  # its length is known before anything is built
        if len(span) > MAX_TASKS:
            raise JeopardyError(f"sweep spec: {len(span):,} goals from {start} to {stop}; at "
                                f"most {MAX_TASKS:,} tasks in one sweep")
        goals = list(span)
        if not goals:
            raise JeopardyError(f"sweep spec: no goals from {start} to {stop}")
    else:
        goals = [_integer(g, "a goal") for g in _list(value, "goals")]
    for goal in goals:
        if not 1 <= goal <= MAX_GOAL:
            raise JeopardyError(f"sweep spec: goals must be positive integers, at most "
                                f"{MAX_GOAL:,} (no analysis solves more); got {_shown(goal)}")
    return goals


def _shown(value) -> str:
    text = f"{value:,}" if isinstance(value, int) else repr(value)
    return text if len(text) <= 30 else text[:27] + "..."


def _players(value) -> int:
    n = _integer(value, "players")
    if not 2 <= n <= MAX_PLAYERS:
        raise JeopardyError(f"sweep spec: players must be 2-{MAX_PLAYERS}; got {n}")
    return n


def _ending(value) -> str:
    found = find(value)
    if found is None:
        raise JeopardyError(f"sweep spec: unknown ending {value!r}; known: {', '.join(ENDINGS)}")
    return found.name


def _analysis(entry) -> list[tuple[str, str]]:
    options = {}
    if isinstance(entry, dict):
        options = dict(entry)
        entry = options.pop("name", None)
    if entry not in ANALYSES:
        raise JeopardyError(f"sweep spec: unknown analysis {entry!r}; known: {', '.join(ANALYSES)}")
    if entry != "compare":
        if options:
            raise JeopardyError(f"sweep spec: analysis {entry!r} takes no options; got {sorted(options)[0]!r}")
        return [(entry, "")]
    unknown = sorted(set(options) - {"against"})
    if unknown:
        raise JeopardyError(f"sweep spec: compare takes 'against'; got {unknown[0]!r}")
    against = _list(options.get("against", ["hold:20"]), "compare.against")

    for word in against:
        try:
            kind = parse(word).kind if isinstance(word, str) else None
        except JeopardyError as error:
            raise JeopardyError(f"sweep spec: compare against: {error}") from None
        if kind not in SWEEP_KINDS:
            raise JeopardyError(f"sweep spec: compare against {', '.join(HINTS[k] for k in SWEEP_KINDS)}; "
                                f"got {word!r}")
    return [("compare", word) for word in against]
