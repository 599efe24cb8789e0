"""Roll models: the one vocabulary every analysis shares.

A :class:`RollModel` is a finite distribution over :class:`~jeopardy.rules.effects.Effect`
values with exact :class:`fractions.Fraction` probabilities.  Floats are
derived from the fractions, never the other way round.  A model is validated
when it is built: probabilities in (0, 1] summing exactly to 1, no negative
points, some chance that a turn ends, some way to gain points.
"""
from __future__ import annotations

import json
import math
from collections import namedtuple
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Iterable, Mapping

import numpy as np

from jeopardy import validate
from jeopardy.errors import JeopardyError
from jeopardy.files import read_json
from jeopardy.rules.effects import BUST_ALL, DOUBLE, Effect, FALLING, Kind, LABELS

# A roll model as the numba kernels read it: the effects' kind codes (Kind), points and
# probabilities (arrays of one length), and the goal (scores run below it).
KernelRules = namedtuple("KernelRules", ["kinds", "points", "probs", "goal"])

# The keys of a roll model's JSON form: anything else is a typo and is refused.
MODEL_KEYS = frozenset({"name", "description", "outcomes"})
OUTCOME_KEYS = frozenset({"effect", "points", "probability"})
# Points of one roll: far above any game (the kernels add them to int64 scores),
# far below overflow.
MAX_POINTS = 10 ** 9
MAX_OUTCOMES = 100_000


def as_fraction(value, what: str = "probability") -> Fraction:
    """Read an exact probability from a Fraction, int, or a string like '1/6'."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, bool):
        raise JeopardyError(f"{what} must be a number; got {value!r}")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, str):
        return validate.exact_text(value, what)
    if isinstance(value, float):
        raise JeopardyError(
            f"{what} {value!r} is a float; give it exactly, as a fraction string such as '1/6'")
    raise JeopardyError(f"{what} must be a fraction; got {value!r}")


@dataclass(frozen=True)
class RollModel:
    """A finite distribution of the effects of one roll.

    Parameters
    ----------
    name
        Short name used in output and file metadata.
    outcomes
        ``(effect, probability)`` pairs; equal effects are merged.
    description
        One line saying what the rules are.
    """

    name: str
    outcomes: tuple[tuple[Effect, Fraction], ...]
    description: str = ""
    _float_cache: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        merged: dict[Effect, Fraction] = {}
        for effect, probability in self.outcomes:
            if not isinstance(effect, Effect) or not isinstance(effect.kind, Kind):
                raise JeopardyError(f"roll model {self.name!r}: unknown effect {effect!r}")
            probability = as_fraction(probability)
            if not isinstance(effect.points, int) or isinstance(effect.points, bool):
                raise JeopardyError(
                    f"roll model {self.name!r}: effect {effect!r} needs integer points")
            if effect.points < 0:
                raise JeopardyError(
                    f"roll model {self.name!r}: effect '{effect}' has negative points")
            if effect.points > MAX_POINTS:
                raise JeopardyError(
                    f"roll model {self.name!r}: effect '{effect}' has more than {MAX_POINTS:,} points")
            if probability < 0 or probability > 1:
                raise JeopardyError(
                    f"roll model {self.name!r}: probability {probability} of '{effect}' "
                    "is outside [0, 1]")
            if probability:
                merged[effect] = merged.get(effect, Fraction(0)) + probability
        object.__setattr__(self, "outcomes", tuple(sorted(merged.items())))
        total = sum(merged.values(), Fraction(0))
        if total != 1:
            raise JeopardyError(
                f"roll model {self.name!r}: probabilities sum to {total}, not 1")
        if self.probability_of_ending() == 0:
            raise JeopardyError(
                f"roll model {self.name!r}: no roll ends the turn (no bust or bank), "
                "so a turn never ends by chance")
        if not any(e.apply(0, 0)[0] > 0 or e.apply(0, 0)[1] > 0 for e, _ in self.outcomes):
            raise JeopardyError(
                f"roll model {self.name!r}: no roll gains points, so the game can never be won")

    # ------------------------------------------------------------------ queries
    def probability(self, kind: Kind | str) -> Fraction:
        """Total probability of effects of one kind (a :class:`Kind` or its label)."""
        kind = Kind.parse(kind)
        return sum((p for e, p in self.outcomes if e.kind == kind), Fraction(0))

    def probability_of_ending(self) -> Fraction:
        return sum((p for e, p in self.outcomes if e.ends_turn), Fraction(0))

    def probability_of_losing(self) -> Fraction:
        """The chance of a roll that ends the turn and loses the turn total (``bust``,
        ``bust_all``, ``bust_gain``)."""
        return sum((p for e, p in self.outcomes if e.loses_turn_total), Fraction(0))

    @property
    def has_bust_all(self) -> bool:
        return self.probability(BUST_ALL) > 0

    @property
    def has_double(self) -> bool:
        return self.probability(DOUBLE) > 0

    @property
    def turn_totals_fall(self) -> bool:
        """Whether a roll can lower the turn total (``subtract n``)."""
        return any(e.lowers_turn_total for e, _ in self.outcomes)

    def require_rising(self, solver: str) -> "RollModel":
        """Refuse, in one line, a model whose turn totals can fall: ``solver`` (its
        name) sweeps turn totals upwards only."""
        for e, _ in self.outcomes:
            if e.lowers_turn_total:
                raise JeopardyError(
                    f"{FALLING} ({solver}): "
                    f"{e.kind.name} {e.points} in roll model {self.name!r} lowers them")
        return self

    @property
    def max_points(self) -> int:
        return max(e.points for e, _ in self.outcomes)

    def additions(self) -> dict[int, Fraction]:
        """Points added (turn continues) -> probability: the seed's r(x)."""
        r: dict[int, Fraction] = {}
        for e, p in self.outcomes:
            if e.kind == Kind.ADD:
                r[e.points] = r.get(e.points, Fraction(0)) + p
        return r

    def common_denominator(self) -> int:
        return math.lcm(*(p.denominator for _, p in self.outcomes))

    def kernel_rules(self, goal: int) -> "KernelRules":
        """The bundle the numba kernels read: :meth:`arrays` and the goal."""
        kinds, points, probs = self.arrays()
        return KernelRules(kinds, points, probs, np.int64(goal))

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(kinds, points, probabilities)`` arrays for the numba kernels."""
        if "arrays" not in self._float_cache:
            kinds = np.array([int(e.kind) for e, _ in self.outcomes], dtype=np.int64)
            points = np.array([e.points for e, _ in self.outcomes], dtype=np.int64)
            probs = np.array([float(p) for _, p in self.outcomes], dtype=np.float64)
            self._float_cache["arrays"] = (kinds, points, probs)
        return self._float_cache["arrays"]

    # ------------------------------------------------------------- conversion
    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "description": self.description,
            "outcomes": [
                {"effect": e.kind.label, "points": e.points, "probability": str(p)}
                for e, p in self.outcomes
            ],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2)

    def __str__(self) -> str:
        parts = ", ".join(f"{e}: {p}" for e, p in self.outcomes)
        return f"{self.name} ({parts})"

    def fingerprint(self) -> str:
        """A stable text identifying the rules (for cache keys and file metadata)."""
        return ";".join(f"{e.kind.label}:{e.points}:{p}" for e, p in self.outcomes)


def roll_model(name: str, table: Mapping[Effect, object] | Iterable[tuple[Effect, object]],
               description: str = "") -> RollModel:
    """Build a roll model from a table ``{effect: probability}`` or pairs."""
    items = table.items() if isinstance(table, Mapping) else table
    try:
        pairs = [tuple(item) for item in items]
    except TypeError:
        raise JeopardyError(f"roll model {name!r}: the table must map effects to probabilities "
                            f"(or be pairs); got {type(table).__name__}") from None
    if any(len(pair) != 2 for pair in pairs):
        raise JeopardyError(f"roll model {name!r}: each outcome is a pair (effect, probability)")
    return RollModel(name, tuple((e, as_fraction(p)) for e, p in pairs), description)


def from_dict(data: object, source: str = "roll model") -> RollModel:
    """Build a roll model from the JSON form written by :meth:`RollModel.to_dict`."""
    if not isinstance(data, dict) or not isinstance(data.get("outcomes"), list):
        raise JeopardyError(f"{source}: expected an object with a list 'outcomes'")
    unknown = sorted(set(data) - MODEL_KEYS, key=str)
    if unknown:
        raise JeopardyError(f"{source}: unknown key {unknown[0]!r} (expected "
                            f"{', '.join(sorted(MODEL_KEYS))})")
    if len(data["outcomes"]) > MAX_OUTCOMES:
        raise JeopardyError(f"{source}: more than {MAX_OUTCOMES:,} outcomes")
    pairs = []
    for index, row in enumerate(data["outcomes"]):
        if not isinstance(row, dict) or "effect" not in row or "probability" not in row:
            raise JeopardyError(
                f"{source}: outcome {index} needs 'effect' and 'probability'")
        unknown = sorted(set(row) - OUTCOME_KEYS, key=str)
        if unknown:
            raise JeopardyError(f"{source}: outcome {index} has unknown key {unknown[0]!r} "
                                f"(expected {', '.join(sorted(OUTCOME_KEYS))})")
        kind = row["effect"]
        if not isinstance(kind, str) or kind not in LABELS:
            raise JeopardyError(
                f"{source}: outcome {index} has unknown effect {kind!r} "
                f"(expected one of {', '.join(LABELS)})")
        points = row.get("points", 0)
        if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= MAX_POINTS:
            raise JeopardyError(f"{source}: outcome {index} points must be an integer in "
                                f"0-{MAX_POINTS}")
        if points and not Kind.parse(kind).has_points:  # it was dropped without a word
            raise JeopardyError(f"{source}: outcome {index}: {kind} takes no points; got "
                                f"{points}")
        pairs.append((Effect(kind, points),
                      as_fraction(row["probability"], f"outcome {index} probability")))
    return RollModel(str(data.get("name", "custom")), tuple(pairs),
                     str(data.get("description", "")))


def load(path: str | Path) -> RollModel:
    """Read a roll model from a JSON file."""
    data = read_json(path, "roll model file")
    return from_dict(data, f"roll model file {str(path)!r}")
