"""One registry of the games: every preset by its name, whatever builds its turn.

Four kinds of preset share one namespace of names:

* ``dice``: a roll model (:data:`jeopardy.rules.presets.PRESETS`), played by every
  analysis;
* ``falling``: a roll model whose turn total can fall (Parker Brothers), played by
  the two-player race (``FALLING_PRESETS``);
* ``fast-pig``: one roll of as many dice as the player chooses
  (:data:`jeopardy.rules.fast_pig.FAST_PIG_PRESETS`);
* ``farkle``: a Farkle rule set (:data:`jeopardy.rules.farkle_presets.PRESETS`),
  played by `jeopardy farkle ... --rules NAME` and `jeopardy play --game ten-thousand`.

A user's own game is a file: a roll model or Fast Pig rules as JSON (``--model``),
Farkle rules as TOML (``--rules``).  :func:`find` answers a name with its entry or
one line naming the known games by kind; :func:`refuse_elsewhere` says where a
game of another kind is played.
"""
from __future__ import annotations

from dataclasses import dataclass

from jeopardy.errors import JeopardyError
from jeopardy.rules import farkle_presets
from jeopardy.rules.fast_pig import FAST_PIG_PRESETS
from jeopardy.rules.presets import FALLING_PRESETS, PRESETS

KINDS = ("dice", "falling", "fast-pig", "farkle")
PLAYED_BY = {  # where each kind is played (the commands that take its name)
    "dice": "every analysis (`jeopardy solve --game NAME`, ...)",
    "falling": "`jeopardy solve --game NAME` (two players)",
    "fast-pig": "solve, policy, max-score, compare, simulate, fairness, play and plot dice-map "
                "(`--game NAME`)",
    "farkle": "`jeopardy farkle solve|turn|fairness|... --rules NAME` and "
              "`jeopardy play --game ten-thousand --rules NAME`",
}
USER_FILES = ("a roll model or Fast Pig rules as a JSON file (--model FILE), "
              "Farkle rules as a TOML file (--rules FILE)")


@dataclass(frozen=True)
class GameEntry:
    """A preset game: its name, kind (:data:`KINDS`), customary goal and a line on it."""

    name: str
    kind: str
    goal: int
    summary: str

    @property
    def played_by(self) -> str:
        return PLAYED_BY[self.kind]


def entries() -> tuple[GameEntry, ...]:
    """Every preset, in the order `jeopardy games` lists them."""
    found = [GameEntry(p.name, "dice", p.goal, p.summary) for p in PRESETS.values()]
    found += [GameEntry(p.name, "falling", p.goal, p.summary) for p in FALLING_PRESETS.values()]
    found += [GameEntry(r.name, "fast-pig", r.goal, r.summary) for r in FAST_PIG_PRESETS.values()]
    found += [GameEntry(name, "farkle", data["goal"], farkle_presets.SUMMARIES[name])
              for name, data in farkle_presets.PRESETS.items()]
    return tuple(found)


def find(name: str) -> GameEntry:
    """The preset called ``name``, or one line naming every known game by kind."""
    for entry in entries():
        if entry.name == name:
            return entry
    shown = name if not isinstance(name, str) or len(name) <= 40 else name[:37] + "..."
    raise JeopardyError(f"unknown game {shown!r}; see `jeopardy games`: "
                        f"{', '.join(e.name for e in entries())}")


def refuse_elsewhere(name: str, command: str) -> None:
    """Raise one line for a preset that ``command`` does not play, saying where it is
    played (an unknown name: :func:`find`'s refusal)."""
    entry = find(name)
    raise JeopardyError(f"{name!r} is a {entry.kind} game, played by {entry.played_by}; "
                        f"not by `jeopardy {command}`")
