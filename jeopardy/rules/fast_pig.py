"""Fast Pig and Hog: a turn is one roll of as many dice as the player chooses.

Fast Pig (Fendel et al., Interactive Mathematics Program): at each turn the
player chooses ``n`` (1 to the most dice) and throws ``n`` dice once; the sum of
the dice is scored unless a 1 shows, and then the turn scores nothing.  Hog's
"Pig Out" rule scores a roll with any 1 as 1 point instead.  The first to reach
the goal wins.

As a :class:`~jeopardy.rules.turn_process.TurnProcess` (states in this order,
each turn total's states are solved in it):

* ``bank`` (state 0): no throw; the turn ends and its total is banked;
* ``n dice`` (state ``n``): throws ``n`` dice once; a roll with a 1 busts (Fast
  Pig) or scores the Pig Out points, any other its sum, each into ``bank``;
* ``choose`` (the start, last): one certain outcome offering the choices
  ``(0 points, n dice)`` for every ``n``: the player's choice of dice.

The dice states and ``choose`` are reached at turn total 0 only, where no bank
is allowed, so they are marked bankable (no state without a bank is needed).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from jeopardy.errors import JeopardyError
from jeopardy.rules.turn_process import TurnProcess
from jeopardy.validate import ParameterError

# Limits of a rules file: a roll's exact distribution is a convolution of Fractions
# (20 dice of 20 faces: about a second) and the turn's outcomes grow like dice * faces.
MAX_DICE = 20
MAX_FACES = 20
MAX_PIG_OUT = 1000
MAX_GOAL = 2000


@dataclass(frozen=True)
class FastPigRules:
    """One roll of up to ``max_dice`` dice of ``faces`` faces a turn; a roll with a 1
    scores ``pig_out`` points (Fast Pig: 0, Hog: 1), any other roll its sum."""

    name: str = "fast-pig"
    faces: int = 6
    max_dice: int = 10
    pig_out: int = 0
    goal: int = 100

    def __post_init__(self) -> None:
        for field_name, low, high in (("faces", 2, MAX_FACES), ("max_dice", 1, MAX_DICE),
                                      ("pig_out", 0, MAX_PIG_OUT), ("goal", 1, MAX_GOAL)):
            value = getattr(self, field_name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ParameterError(field_name, f"must be an integer; got {value!r}")
            if not low <= value <= high:
                raise ParameterError(field_name, f"must be in {low}-{high}; got {value}")
        if not isinstance(self.name, str) or not self.name:
            raise ParameterError("name", f"must be a non-empty string; got {self.name!r}")

    @property
    def summary(self) -> str:
        one = "scores 0" if self.pig_out == 0 else f"scores {self.pig_out} (Pig Out)"
        return f"one roll of 1-{self.max_dice} d{self.faces} a turn, any 1 {one}"

    def to_dict(self) -> dict:
        return {"name": self.name, "faces": self.faces, "max_dice": self.max_dice,
                "pig_out": self.pig_out, "goal": self.goal}

    @classmethod
    def from_dict(cls, data: dict, where: str = "rules") -> "FastPigRules":
        if not isinstance(data, dict):
            raise JeopardyError(f"{where}: must be a JSON object")
        known = {"name", "faces", "max_dice", "pig_out", "goal", "kind"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise JeopardyError(f"{where}: unknown key {unknown[0]!r}; known keys: "
                                f"{', '.join(sorted(known))}")
        if data.get("kind", "fast-pig") != "fast-pig":
            raise JeopardyError(f"{where}: \"kind\" must be \"fast-pig\"; got {data['kind']!r}")
        values = {key: data[key] for key in ("name", "faces", "max_dice", "pig_out", "goal")
                  if key in data}
        try:
            return cls(**values)
        except ParameterError as error:
            raise JeopardyError(f"{where}: {error}") from None


FAST_PIG_PRESETS: dict[str, FastPigRules] = {r.name: r for r in (
    FastPigRules("fast-pig", 6, 10, 0, 100),
    FastPigRules("hog", 6, 10, 1, 100),
)}


@lru_cache(maxsize=256)
def clean_sums(faces: int, dice: int) -> tuple[Fraction, ...]:
    """``P[s]``: the chance that ``dice`` dice of ``faces`` show no 1 and sum to ``s``
    (a convolution of the faces 2..faces, each 1/faces)."""
    table = [Fraction(1)]
    for _ in range(dice):
        nxt = [Fraction(0)] * (len(table) + faces)
        for s, p in enumerate(table):
            if p:
                for face in range(2, faces + 1):
                    nxt[s + face] += p / faces
        table = nxt
    return tuple(table)


def roll_points(rules: FastPigRules, dice: int) -> dict[int, Fraction]:
    """The points of one roll of ``dice`` dice (0: nothing scored)."""
    if not 1 <= dice <= rules.max_dice:
        raise JeopardyError(f"{rules.name}: the number of dice must be in 1-{rules.max_dice}; "
                            f"got {dice}")
    clean = clean_sums(rules.faces, dice)
    out: dict[int, Fraction] = {}
    for s, p in enumerate(clean):
        if p:
            out[s] = out.get(s, Fraction(0)) + p
    one = 1 - sum(clean, Fraction(0))
    out[rules.pig_out] = out.get(rules.pig_out, Fraction(0)) + one
    return dict(sorted(out.items()))


def expected_points(rules: FastPigRules, dice: int) -> Fraction:
    return sum((s * p for s, p in roll_points(rules, dice).items()), Fraction(0))


def turn_process(rules: FastPigRules) -> TurnProcess:
    """The turn as a process (module docstring): states ``bank``, ``1 dice`` ..,
    ``choose``."""
    top = rules.max_dice
    throws: list[tuple] = [()]  # bank: the turn ends
    for dice in range(1, top + 1):
        outcomes = tuple((p, ((s, 0),) if s > 0 else ())
                         for s, p in roll_points(rules, dice).items())
        throws.append(outcomes)
    throws.append(((Fraction(1), tuple((0, dice) for dice in range(1, top + 1))),))
    states = ("bank", *(f"{n} dice" for n in range(1, top + 1)), "choose")
    return TurnProcess(rules.name, states, top + 1, tuple(throws), (True,) * (top + 2))

