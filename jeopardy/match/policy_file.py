"""N-player solutions as policy files: the equilibrium's actions, mixed ones included.

``jeopardy solve --players N ... --policy-out FILE.npz`` (and the equal-turns
and one-more-turn endings) writes a :class:`MatchPolicy`; ``compare``,
``simulate``, ``reach`` and ``play --ai`` read it back with :func:`load`,
which refuses, in one line naming what differs, a file of another game,
goal, number of players or ending.

The file (``.npz``, no pickle; written atomically) holds

* ``meta``: UTF-8 JSON, ``{"format": "jeopardy-match-policy", "version": 1,
  "game": name, "rules": the roll model (as ``jeopardy solve --out`` writes
  it), "goal", "players", "ending", "cap", "checksum"}``; ``cap`` is the
  solver's proved cap (equal turns, one more turn; the goal first to the
  goal), ``checksum`` a SHA-256 over the three tables
  (:func:`jeopardy.files.checksum`): a damaged or edited table is refused;
* ``table``: int8 ``[place, index, k]``, 1 roll, 0 hold: the pure action at
  turn total ``k`` of the mover at turn start ``index`` (the scores relative
  to the mover, the mover's first, ``index = s0 * goal**(N-1) + s1 *
  goal**(N-2) + ... + s(N-1)``) and ``place`` in the round (equal turns:
  ``N`` places; otherwise one, every mover acts alike); ``k`` runs to the
  mover's limit (the goal; the cap for a mover before the end of the round
  under equal turns, where a mover may roll on past the goal); entries past
  the mover's limit are 0;
* ``mix_keys``: int64, sorted, ``place * goal**N + index`` of the turn starts
  where the equilibrium mixes, and ``mix_tables``: float64 ``[row, k]``, the
  chance of rolling at every turn total of the turn start ``mix_keys[row]``
  (its pure actions as 1 and 0 where it does not mix).

The last round of the equal-turns endings is not in the file: every player
plays it as :mod:`jeopardy.match.last_round` does, which the reader solves
from the rules (as ``compare`` does for every policy).
"""
from __future__ import annotations

import os

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from jeopardy import validate
from jeopardy.errors import JeopardyError
from jeopardy.files import checked_array, checksum, meta_field, read_npz, write_atomically
from jeopardy.match import kernels
from jeopardy.match.rules import FIRST_TO_GOAL, MatchRules
from jeopardy.match.solver import MatchSolution, cached_bundle
from jeopardy.results import Result
from jeopardy.rules import presets
from jeopardy.rules.roll_model import RollModel, from_dict

FORMAT = "jeopardy-match-policy"
VERSION = 1
TABLES = ("table", "mix_keys", "mix_tables")


@dataclass(frozen=True, repr=False)
class MatchPolicy(Result):
    """Every mover's actions of an N-player equilibrium (module docstring)."""

    name: str
    model: RollModel
    goal: int
    rules: MatchRules
    cap: int
    table: np.ndarray = field(repr=False)  # int8 [place, index, k]
    mix_keys: np.ndarray = field(repr=False)  # int64, sorted
    mix_tables: np.ndarray = field(repr=False)  # float64 [row, k]

    @property
    def players(self) -> int:
        return self.rules.players

    def race(self) -> kernels.Race:
        """The kernels' bundle of this game (equal turns: the last round solved)."""
        return cached_bundle(self)

    def actions(self) -> kernels.Actions:
        return kernels.Actions(self.table, self.mix_keys, self.mix_tables)

    def equilibrium_actions(self) -> kernels.Actions:
        """The file's actions, as :meth:`MatchSolution.equilibrium_actions` gives a
        solution's (what :func:`jeopardy.match.reachability.reachable` follows)."""
        return self.actions()

    def roll_chances(self, scores, place: int = 0) -> np.ndarray:
        """The chance of rolling at every turn total below the mover's limit at the turn
        start of ``scores`` (the mover's first), ``place`` in the round (equal turns)."""
        scores = validate.integers(scores, "scores", 0, self.goal - 1)
        if len(scores) != self.players:
            raise JeopardyError(f"scores must give {self.players} scores; got {len(scores)}")
        place = validate.integer(place, "place", 0, self.players - 1)
        place = place if self.table.shape[0] > 1 else 0
        index = 0
        for s in scores:
            index = index * self.goal + s
        top = int(kernels.limit(self.race(), place)) - scores[0]
        key = place * self.table.shape[1] + index
        row = np.searchsorted(self.mix_keys, key)
        if row < len(self.mix_keys) and self.mix_keys[row] == key:
            return self.mix_tables[row, :top].copy()
        return self.table[place, index, :top].astype(float)

    def to_dict(self) -> dict:
        return {"name": self.name, "game": self.model.name, "goal": self.goal,
                "players": self.players, "ending": self.rules.ending, "cap": self.cap,
                "mixed_turn_starts": int(len(self.mix_keys))}

    def save(self, path: str | Path) -> Path:
        """Write the ``.npz`` of the module docstring, atomically."""
        if Path(str(path)).suffix.lower() != ".npz":
            raise JeopardyError(f"cannot write policy {str(path)!r}: an N-player or "
                                "equal-turns policy is written as .npz")
        meta = json.dumps({
            "format": FORMAT, "version": VERSION, "game": self.model.name,
            "rules": self.model.to_dict(), "goal": self.goal, "players": self.players,
            "ending": self.rules.ending, "cap": self.cap,
            "checksum": checksum(self.table, self.mix_keys, self.mix_tables),
        })

        def write(temporary: str) -> None:
            with open(temporary, "wb") as handle:
                np.savez_compressed(handle, table=self.table, mix_keys=self.mix_keys,
                                    mix_tables=self.mix_tables,
                                    meta=np.frombuffer(meta.encode(), dtype=np.uint8))

        return write_atomically(path, write, suffix=".npz")


def from_solution(solution, name: str = "optimal") -> MatchPolicy:
    """The equilibrium of a :class:`~jeopardy.match.solver.MatchSolution` as a table."""
    if not isinstance(solution, MatchSolution):
        raise validate.ParameterError("solution", f"must be a MatchSolution; got "
                                                  f"{type(solution).__name__}")
    race = solution.race()
    if not solution.rules.ending.last_round:
        width = solution.goal
        table = np.zeros((1, solution.goal ** solution.players, width), dtype=np.int8)
        kernels.policy_table(race, solution.values, 0, table[0])
        keys = sorted(index for place, index in solution.mixes)
    else:
        width = int(race.cap)
        table = np.zeros((int(race.places), solution.goal ** solution.players, width),
                         dtype=np.int8)
        for place in range(int(race.places)):
            kernels.policy_table(race, solution.values, place, table[place])
        keys = sorted(place * table.shape[1] + index for place, index in solution.mixes)
    rows = []
    for key in keys:
        place, index = divmod(key, table.shape[1])
        row = table[place, index].astype(float)
        chances = solution.mixes[(place, index)][:width]
        mixed = chances >= 0
        row[:len(chances)][mixed] = chances[mixed]
        rows.append(row)
    mix_tables = np.stack(rows) if rows else np.zeros((0, width))
    policy = MatchPolicy(name, solution.model, solution.goal, solution.rules, solution.cap,
                         table, np.array(keys, dtype=np.int64), mix_tables)
    object.__setattr__(policy, "_race", race)
    return policy


def is_match_policy(path: str | Path) -> bool:
    """Whether ``path`` is an ``.npz`` whose metadata names this format (cheap: reads
    the metadata only; any failure is ``False`` and left to the reader)."""
    try:
        if Path(str(path)).suffix.lower() != ".npz":
            return False
        if not os.path.isfile(path):  # a FIFO would block np.load; the reader refuses it
            return False
        with np.load(path, allow_pickle=False) as archive:
            if "meta" not in archive.files:
                return False
            meta = json.loads(bytes(archive["meta"]).decode("utf-8"))
        return isinstance(meta, dict) and meta.get("format") == FORMAT
    except Exception:  # noqa: BLE001 - damaged files are the reader's to name
        return False


def describe(game: str, goal, players, ending) -> str:
    return f"{game} to {goal}, {players} players, {ending}"


def load(path: str | Path, model: RollModel, goal: int, players: int,
         ending: str = FIRST_TO_GOAL) -> MatchPolicy:
    """Read a policy file of :meth:`MatchPolicy.save` for the game of ``model`` to
    ``goal``, ``players`` players, ``ending``; refuses any other in one line."""
    model = presets.resolve(model)
    goal = validate.positive_int(goal, "goal")
    rules = MatchRules(players, ending)
    source = f"policy file {str(path)!r}"
    data = read_npz(path, "policy file", TABLES)
    meta = data.get("meta")
    if meta is None or meta.get("format") != FORMAT:
        raise JeopardyError(f"{source} is not an N-player policy file (no {FORMAT} metadata)")
    if meta.get("version") != VERSION:
        raise JeopardyError(f"{source} has format version {meta.get('version')!r}; this "
                            f"program reads version {VERSION}")
    file_goal = meta_field(meta, "goal", int, source)
    file_players = meta_field(meta, "players", int, source)
    file_ending = meta_field(meta, "ending", str, source)
    file_game = meta_field(meta, "game", str, source)
    file_model = from_dict(meta.get("rules"), source)
    differs = []
    if file_model.fingerprint() != model.fingerprint():
        differs.append(f"game {file_game}, not {model.name}")
    if file_goal != goal:
        differs.append(f"goal {file_goal}, not {goal}")
    if file_players != rules.players:
        differs.append(f"{file_players} players, not {rules.players}")
    if file_ending != rules.ending:
        differs.append(f"ending {file_ending}, not {rules.ending}")
    if differs:
        raise JeopardyError(f"{source} is for {describe(file_game, file_goal, file_players, file_ending)}"
                            f": {'; '.join(differs)}")
    cap = meta_field(meta, "cap", int, source)
    places = rules.ending.places(rules.players)
    width = rules.ending.width(goal, cap)
    if cap < goal or (not rules.ending.last_round and cap != goal) or cap > 64 * goal + 1024:
        raise JeopardyError(f"{source}: metadata field 'cap' is damaged ({cap})")
    table = checked_array(data["table"], "table", source, (places, goal ** rules.players, width),
                          np.int8, 0, 1)
    keys = data["mix_keys"]
    rows = keys.shape[0] if keys.ndim == 1 else -1
    keys = checked_array(keys, "mix_keys", source, (max(rows, 0),), np.int64, 0,
                         places * goal ** rules.players - 1)
    mix_tables = checked_array(data["mix_tables"], "mix_tables", source, (len(keys), width),
                               np.float64, 0.0, 1.0)
    if len(keys) and not np.all(np.diff(keys) > 0):
        raise JeopardyError(f"{source}: table mix_keys is not sorted")
    if meta.get("checksum") != checksum(table, keys, mix_tables):
        raise JeopardyError(f"{source}: checksum mismatch (the tables were changed or damaged)")
    return MatchPolicy(Path(str(path)).name, model, goal, rules, cap, table, keys, mix_tables)
