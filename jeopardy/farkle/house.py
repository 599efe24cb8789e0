"""House rules of Farkle as data: a TOML file, a Python dict or a preset's name.

The keys (docs/farkle.md, "House rules")::

    name, dice, goal, ending, min_bank, entry, hot_dice, set_aside
    [scoring] single_one, single_five, three_ones, three_of_a_kind, n_of_a_kind,
              three_pairs, straight, four_and_a_pair, two_triplets,
              low_straight, high_straight
    [penalty] farkles, points, floor

A missing key takes the seed's Ten Thousand value (:data:`PRESETS`
``"ten-thousand"``); an unknown key, a wrong type or a value the engine cannot
solve is refused in one line naming the key.  ``dice`` is 1 to 6 (the scoring
table's combinations are defined for throws of at most six dice; with fewer, the
six-dice combinations never occur); ``hot_dice = false`` ends the throwing once
every die of the hand is set aside: the turn banks (below the minimum bank it
scores nothing).  The penalty is kept in the rules; the single turn reports it apart and the race
refuses it (:func:`jeopardy.farkle.core.refuse_unsolved`).

:func:`house_rules` returns :class:`HouseRules`: the :class:`FarkleRules` the
solvers take and the ending.
"""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path

from jeopardy.errors import JeopardyError
from jeopardy.files import read_text
from jeopardy.farkle.scoring import GROWTH, ScoringTable
from jeopardy.farkle.throws import outcomes
from jeopardy.farkle.turn import UNIT, FarkleRules, Penalty
from jeopardy.match.endings import ENDINGS as REGISTRY, EQUAL_TURNS, FIRST_TO_GOAL
from jeopardy.rules.farkle_presets import PRESETS

# The endings a rules file may name (those turn processes are solved under,
# jeopardy.match.endings), alphabetical, each with its first_to_reach.
ENDINGS = {e.name: not e.last_round
           for e in sorted(REGISTRY.values(), key=lambda e: e.name) if e.turn_processes}
TOP_KEYS = ("name", "dice", "goal", "ending", "min_bank", "entry", "hot_dice", "set_aside",
            "scoring", "penalty")
SCORING_KEYS = tuple(f.name for f in dataclasses.fields(ScoringTable))
PENALTY_KEYS = ("farkles", "points", "floor")

@dataclass(frozen=True)
class HouseRules:
    """A rule set: the solvers' rules and whether the first to reach the goal wins."""

    rules: FarkleRules
    first_to_reach: bool

    @property
    def ending(self) -> str:
        return (FIRST_TO_GOAL if self.first_to_reach else EQUAL_TURNS).name

    def to_dict(self) -> dict:
        """The rule set in the keys of a rules file (:func:`house_rules` reads it back)."""
        r = self.rules
        data = {"name": r.name, "dice": r.dice, "goal": r.goal, "ending": self.ending,
                "min_bank": r.min_bank, "entry": r.entry, "hot_dice": r.hot_dice,
                "set_aside": "choice" if r.keep_choice else "all",
                "scoring": dataclasses.asdict(r.scoring)}
        if r.penalty is not None:
            data["penalty"] = dataclasses.asdict(r.penalty)
        return data


def spelled(value) -> str:
    """A value as a rules file spells it, for a refusal: ``true``, ``"some"``, ``[1, 2]``,
    a table as ``{ key = value }`` (not Python's ``True``, ``'some'``); a value TOML has
    no spelling for (None, from a Python dict) as Python writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(spelled(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key} = {spelled(item)}" for key, item in value.items()) + " }"
    if isinstance(value, (int, float)):
        return str(value)
    if hasattr(value, "isoformat"):  # TOML's dates and times
        return value.isoformat()
    return repr(value)


def _integer(where: str, key: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise JeopardyError(f"{where}: {key} must be a whole number; got {spelled(value)}")
    return value


def _points(where: str, key: str, value, negative: bool = False) -> int:
    value = _integer(where, key, value)
    if value < 0 and not negative:
        raise JeopardyError(f"{where}: {key} must not be negative; got {value}")
    if value % 50:
        raise JeopardyError(f"{where}: {key} must be a multiple of 50 points; got {value}")
    return value


def _table(where: str, key: str, value, known: tuple[str, ...]) -> dict:
    if not isinstance(value, dict):
        raise JeopardyError(f"{where}: [{key}] must be a table; got {spelled(value)}")
    for name in value:
        if name not in known:
            raise JeopardyError(f"{where}: unknown key {key}.{name} (known: {', '.join(known)})")
    return value


def house_rules(data: dict, where: str = "rules") -> HouseRules:
    """The rule set of a rules file's data (missing keys: the seed's), or a one-line
    refusal naming the key (``where``: the file or the preset, for the message)."""
    if not isinstance(data, dict):
        raise JeopardyError(f"{where}: the rules must be a table of keys; got {type(data).__name__}")
    for key in data:
        if key not in TOP_KEYS:
            raise JeopardyError(f"{where}: unknown key {key!r} (known: {', '.join(TOP_KEYS)})")
    seed = {**PRESETS["ten-thousand"], "name": "house"}  # a file's own name: read_rules
    merged = {**seed, **{k: v for k, v in data.items() if k not in ("scoring", "penalty")}}
    name = merged["name"]
    if not isinstance(name, str) or not name.strip():
        raise JeopardyError(f"{where}: name must be a non-empty string; got {spelled(name)}")
    if not name.isprintable():  # a NUL or a terminal's escape would reach every output
        raise JeopardyError(f"{where}: name must be printable text; got {spelled(name)}")
    dice = _integer(where, "dice", merged["dice"])  # 1 to 6: FarkleRules says it
    goal = _points(where, "goal", merged["goal"])
    if goal <= 0:
        raise JeopardyError(f"{where}: goal must be positive; got {goal}")
    ending = merged["ending"]
    if not isinstance(ending, str) or ending not in ENDINGS:
        raise JeopardyError(f"{where}: ending must be one of {', '.join(ENDINGS)} (Farkle is "
                            f"solved under these two); got {spelled(ending)}")
    min_bank = _points(where, "min_bank", merged["min_bank"])
    entry = _points(where, "entry", merged["entry"])
    if not isinstance(merged["hot_dice"], bool):
        raise JeopardyError(f"{where}: hot_dice must be true or false; got {spelled(merged['hot_dice'])}")
    if merged["set_aside"] not in ("all", "choice"):
        raise JeopardyError(f'{where}: set_aside must be "all" or "choice"; '
                            f"got {spelled(merged['set_aside'])}")
    scoring = {**seed["scoring"], **_table(where, "scoring", data.get("scoring", {}), SCORING_KEYS)}
    for key in SCORING_KEYS:
        if key == "n_of_a_kind":
            if scoring[key] not in GROWTH:
                raise JeopardyError(f"{where}: scoring.n_of_a_kind must be one of "
                                    f"{', '.join(GROWTH)}; got {spelled(scoring[key])}")
        else:
            _points(where, f"scoring.{key}", scoring[key])
    for key in ("three_ones", "three_of_a_kind"):
        if scoring[key] == 0:
            raise JeopardyError(f"{where}: scoring.{key} must be above 0 (three of a kind scores)")
    penalty = None
    if "penalty" in data:
        given = _table(where, "penalty", data["penalty"], PENALTY_KEYS)
        values = {**{"farkles": 3, "points": 500, "floor": -2500}, **given}
        farkles = _integer(where, "penalty.farkles", values["farkles"])
        if farkles < 1:
            raise JeopardyError(f"{where}: penalty.farkles must be at least 1; got {farkles}")
        points = _points(where, "penalty.points", values["points"])
        floor = _points(where, "penalty.floor", values["floor"], negative=True)
        if floor > 0:
            raise JeopardyError(f"{where}: penalty.floor must be at most 0; got {floor}")
        try:
            penalty = Penalty(farkles, points, floor)
        except JeopardyError as error:  # its bounds
            raise JeopardyError(f"{where}: {error}") from None
    try:
        rules = FarkleRules(min_bank=min_bank, keep_choice=merged["set_aside"] == "choice",
                            goal=goal, name=name.strip(), scoring=ScoringTable(**scoring),
                            entry=entry, penalty=penalty, dice=dice, hot_dice=merged["hot_dice"])
    except JeopardyError as error:  # a combination the checks above let through
        raise JeopardyError(f"{where}: {error}") from None
    past = rules.bank_past(goal)
    if past is not None:
        raise JeopardyError(f"{where}: {past[0]} must be at most the goal ({goal}); got "
                            f"{past[1]}")
    if not any(points for points, _, _ in outcomes(rules.dice, rules.scoring, rules.fresh)):
        hand = f"{rules.dice} {'die' if rules.dice == 1 else 'dice'}"
        raise JeopardyError(f"{where}: no throw of {hand} scores under this table "
                            "(every turn busts at its first throw): no one could ever bank")
    if not rules.hot_dice:  # a game no one can win: no turn reaches the least bank
        from jeopardy.farkle.ending import most_one_turn

        most = most_one_turn(rules) * UNIT
        for key, value in (("min_bank", min_bank), ("entry", entry)):
            if value > most:
                raise JeopardyError(f"{where}: {key} {value:,} is more than a turn can score "
                                    f"without hot dice ({most:,}): no one could ever bank")
    return HouseRules(rules, ENDINGS[ending])


def read_rules(path: str | Path) -> HouseRules:
    """The rule set of a TOML file, or a one-line refusal."""
    import tomllib

    # files.read_text refuses what is not a regular file: a FIFO would block the read.
    text = read_text(path, "the rules file")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise JeopardyError(f"{str(path)!r} is not a TOML rules file: {error}") from None
    except RecursionError:
        raise JeopardyError(f"{str(path)!r} is nested too deeply for a rules file") from None
    if isinstance(data, dict) and "name" not in data:  # named after its file
        data = {**data, "name": Path(path).stem}
    return house_rules(data, str(path))


def rules_named(name_or_path: str) -> HouseRules:
    """A preset by its name, else a TOML file by its path."""
    if name_or_path in PRESETS:
        return house_rules(PRESETS[name_or_path], name_or_path)
    if not name_or_path.endswith(".toml") and not Path(name_or_path).exists():
        from difflib import get_close_matches

        close = get_close_matches(name_or_path.lower(), PRESETS, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise JeopardyError(f"unknown rules {name_or_path!r}: a preset ({', '.join(PRESETS)}) "
                            f"or a .toml file{hint}")
    return read_rules(name_or_path)


def preset(name: str) -> HouseRules:
    """A preset's rule set."""
    if name not in PRESETS:
        raise JeopardyError(f"unknown Farkle preset {name!r}; known: {', '.join(PRESETS)}")
    return house_rules(PRESETS[name], name)
