"""Roll models built from dice.

Every face combination of the given dice is enumerated (``faces_1 x ... x
faces_n`` equally likely throws), and a scoring rule maps each throw to an
effect.  The common rule, :func:`bad_face_rule`, is Pig's: if no die shows a
bad face add the sum; one or more bad faces bust; all dice bad may bust all.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from fractions import Fraction

import numpy as np

from jeopardy import validate
from jeopardy.errors import JeopardyError
from jeopardy.rules.effects import Effect, add, bust, bust_all
from jeopardy.rules.roll_model import RollModel

Throw = tuple[int, ...]

# Every throw is enumerated and each distinct effect becomes an exact outcome
# that every kernel loops over: 20,000 throws build in well under a second,
# a million took 90 s.  Larger dice are refused.
MAX_FACES = 10_000
MAX_DICE = 20
MAX_THROWS = 20_000


def standard_die(faces: int = 6) -> tuple[int, ...]:
    faces = validate.integer(faces, "faces", 2, MAX_FACES)
    return tuple(range(1, faces + 1))


SICHERMAN_DICE = ((1, 2, 2, 3, 3, 4), (1, 3, 4, 5, 6, 8))


def from_dice(name: str, dice: Sequence[Sequence[int]], rule: Callable[[Throw], Effect],
              description: str = "") -> RollModel:
    """Enumerate all throws of ``dice`` and map each through ``rule``."""
    if not dice:
        raise JeopardyError("a roll needs at least one die")
    for die in dice:
        if len(die) == 0:
            raise JeopardyError("a die needs at least one face")
    total = 1
    for die in dice:
        total *= len(die)
    if total > MAX_THROWS:
        raise JeopardyError(f"these dice have {total:,} throws; at most {MAX_THROWS:,} are enumerated")
    counts: dict[Effect, int] = {}
    for throw in itertools.product(*dice):
        effect = rule(tuple(throw))
        counts[effect] = counts.get(effect, 0) + 1
    return RollModel(name, tuple((e, Fraction(c, total)) for e, c in counts.items()), description)


def bad_face_rule(bad_faces: Sequence[int], all_bad: str = "bust") -> Callable[[Throw], Effect]:
    """Pig's rule: no bad face adds the sum; any bad face busts.

    ``all_bad`` is the effect when every die (two or more) shows a bad face:
    ``"bust"`` or ``"bust_all"`` (two-dice Pig's double 1s).
    """
    bad = frozenset(bad_faces)
    if all_bad not in ("bust", "bust_all"):
        raise JeopardyError(f"all_bad must be 'bust' or 'bust_all'; got {all_bad!r}")

    def rule(throw: Throw) -> Effect:
        shown = sum(face in bad for face in throw)
        if shown == 0:
            return add(sum(throw))
        if all_bad == "bust_all" and len(throw) > 1 and shown == len(throw):
            return bust_all
        return bust

    return rule


def dice_game(faces: int = 6, dice: int = 1, bad_faces: Sequence[int] = (1,),
              all_bad: str = "bust", name: str | None = None) -> RollModel:
    """Any number of identical standard dice with any bad faces."""
    dice = validate.positive_int(dice, "dice", MAX_DICE)
    faces = validate.integer(faces, "faces", 2, MAX_FACES)
    if faces ** dice > MAX_THROWS:
        raise JeopardyError(f"{dice} d{faces} have {faces ** dice:,} throws; at most "
                            f"{MAX_THROWS:,} are enumerated")
    if isinstance(bad_faces, (int, np.integer)) and not isinstance(bad_faces, bool):
        bad_faces = (bad_faces,)
    bad_faces = validate.integers(bad_faces, "bad_faces")
    all_bad = validate.choice(all_bad, "all_bad", ("bust", "bust_all"))
    die = standard_die(faces)
    for face in bad_faces:
        if face not in die:
            raise JeopardyError(f"bad face {face} is not a face of a d{faces} (1-{faces})")
    if len(set(bad_faces)) == faces:
        raise JeopardyError(f"every face of the d{faces} is bad, so the game can never be won")
    label = name or (f"{dice}d{faces}" + (f" bad {','.join(map(str, sorted(set(bad_faces))))}"))
    text = (f"{dice} d{faces}; a bad face ({', '.join(map(str, sorted(set(bad_faces))))}) "
            f"loses the turn total" + ("; all dice bad lose the score too"
                                       if all_bad == "bust_all" and dice > 1 else ""))
    return from_dice(label, [die] * dice, bad_face_rule(bad_faces, all_bad), text)
