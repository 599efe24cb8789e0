"""Named games: the presets every command accepts as ``--game NAME``
(:data:`PRESETS`), and those only the two-player race game plays
(:data:`FALLING_PRESETS`: a turn total that can fall).

Where the paper's appendix leaves a choice, the reading taken is stated in
the preset's description and in ``docs/games.md``.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from jeopardy import validate
from jeopardy.errors import JeopardyError
from jeopardy.rules.dice import SICHERMAN_DICE, dice_game, from_dice, standard_die
from jeopardy.rules.effects import Effect, add, bank, bust, bust_all, bust_gain, double, subtract
from jeopardy.rules.roll_model import RollModel
from jeopardy.validate import ParameterError


def piglet() -> RollModel:
    return RollModel("piglet", ((add(1), Fraction(1, 2)), (bust, Fraction(1, 2))),
                     "a coin: heads add 1, tails lose the turn total")


def pig(faces: int = 6, bad_face: int = 1) -> RollModel:
    model = dice_game(faces=faces, dice=1, bad_faces=(bad_face,),
                      name="pig" if (faces, bad_face) == (6, 1) else f"pig d{faces} bad {bad_face}")
    return model


def boyan() -> RollModel:
    """Boyan's Pig (Boyan 1998, via the paper's appendix): Scarne's Pig, "except that a
    roll of 1 ends the turn with a one-point gain" -- the turn total is lost and one
    point is banked.  Scarne's game is played with equal turns."""
    return from_dice("boyan", [standard_die(6)],
                     lambda throw: bust_gain(1) if throw[0] == 1 else add(throw[0]),
                     "one d6: a 1 loses the turn total and banks 1 point, the turn ends; "
                     "2-6 add their value (Boyan; played with equal turns)")


def two_dice_pig() -> RollModel:
    return dice_game(6, 2, (1,), all_bad="bust_all", name="two-dice-pig")


def _doubles_bonus(double_ones: Effect) -> Callable[[tuple[int, ...]], Effect]:
    def rule(throw: tuple[int, ...]) -> Effect:
        a, b = throw
        if a == b == 1:
            return double_ones
        if a == 1 or b == 1:
            return bust
        if a == b:
            return add(2 * (a + b))
        return add(a + b)

    return rule


def big_pig() -> RollModel:
    d6 = standard_die(6)
    return from_dice("big-pig", [d6, d6], _doubles_bonus(add(25)),
                     "two d6: a single 1 loses the turn total; double 1s add 25 and the "
                     "turn continues; other doubles add twice their sum")


def frey_pig() -> RollModel:
    d6 = standard_die(6)
    return from_dice("frey-pig", [d6, d6], _doubles_bonus(bank(25)),
                     "two d6: a single 1 loses the turn total; double 1s add 25 and end "
                     "the turn, banking it; other doubles add twice their sum")


def _piggy_rule(throw: tuple[int, ...]) -> Effect:
    a, b = throw
    return bust if a == b else add(a + b)


def piggy(sicherman: bool = False) -> RollModel:
    if validate.flag(sicherman, "sicherman"):
        return from_dice("piggy-sicherman", list(SICHERMAN_DICE), _piggy_rule,
                         "Sicherman dice (1,2,2,3,3,4 and 1,3,4,5,6,8): doubles lose the "
                         "turn total, anything else adds the sum")
    d6 = standard_die(6)
    return from_dice("piggy", [d6, d6], _piggy_rule,
                     "two d6: doubles lose the turn total, anything else adds the sum")


# Parker Brothers Pig Dice (1942): a pig's head replaces the 1 of one die, a pig's
# tail the 6 of the other (the paper's appendix).
HEAD, TAIL = "head", "tail"
PIG_DICE = ((HEAD, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, TAIL))


def _pig_dice_rule(throw: tuple) -> Effect:
    """One throw of Pig Dice: head and tail double the turn total; a head alone
    doubles the other die (added); a tail alone negates it (subtracted, the turn
    total never below 0); two numbers totalling 7 end the turn without scoring;
    any other total is added."""
    head_die, tail_die = throw
    if head_die == HEAD and tail_die == TAIL:
        return double
    if head_die == HEAD:
        return add(2 * tail_die)
    if tail_die == TAIL:
        return subtract(head_die)
    if head_die + tail_die == 7:
        return bust
    return add(head_die + tail_die)


def parker_brothers() -> RollModel:
    return from_dice("parker-brothers", list(PIG_DICE), _pig_dice_rule,
                     "Pig Dice: head+tail doubles the turn total, a head doubles the other "
                     "die, a tail negates it (never below 0), a total of 7 busts")


# Pass the Pigs: Dean Ballard's class, 3,939 single-pig rolls (Wong, via the paper).
PIG_POSITIONS = {
    "right side": (1344, None),
    "left side": (1294, None),
    "razorback": (767, 5),
    "trotter": (365, 5),
    "snouter": (137, 10),
    "leaning jowler": (32, 15),
}


def shi() -> RollModel:
    """Shi's variant: two d6; a 1 (single or double) loses the turn total, otherwise
    the turn total grows by the *product* of the dice."""
    d6 = standard_die(6)

    def rule(throw: tuple[int, ...]) -> Effect:
        a, b = throw
        return bust if 1 in (a, b) else add(a * b)

    return from_dice("shi", [d6, d6], rule,
                     "two d6: any 1 loses the turn total (double 1s too), otherwise add the "
                     "product of the dice")


# PigMania: Erika Bellhouse's 1,435 rolls of "Tequila Pigs" (Bellhouse 1999, via the
# paper's appendix), in the order of PIG_POSITIONS; 3 rolls were oinkers.
BELLHOUSE_POSITIONS = {"right side": 593, "left side": 622, "razorback": 112, "trotter": 76,
                       "snouter": 27, "leaning jowler": 2}
BELLHOUSE_OINKERS = 3


def pigmania() -> RollModel:
    """Two pigs, each independently in a position with Bellhouse's frequencies or an
    oinker (3 of 1,435 pigs leaned on another); a roll with an oinker loses the
    turn total and the score (``bust_all``), otherwise it scores as Pass the Pigs."""
    rolls = sum(BELLHOUSE_POSITIONS.values()) + BELLHOUSE_OINKERS
    counts = {name: (BELLHOUSE_POSITIONS[name], score)
              for name, (_, score) in PIG_POSITIONS.items()}
    return _two_pigs("pigmania", counts, rolls,
                     "two pigs, Bellhouse's 1,435 Tequila Pigs rolls; an oinker (3 of 1,435 "
                     "pigs) loses the turn total and the score; sider 1, pig out busts")


def _two_pigs(name: str, counts: dict, rolls: int, description: str) -> RollModel:
    """Two pigs rolled independently; ``counts`` maps a position to (count, score);
    pigs not in a position (``rolls`` minus the counts) are oinkers."""
    table: dict[Effect, Fraction] = {}
    for first, (count_a, score_a) in counts.items():
        for second, (count_b, score_b) in counts.items():
            probability = Fraction(count_a * count_b, rolls * rolls)
            if score_a is None and score_b is None:
                effect = add(1) if first == second else bust
            elif score_a is None or score_b is None:
                effect = add(score_a or score_b)
            elif first == second:
                effect = add(2 * (score_a + score_b))
            else:
                effect = add(score_a + score_b)
            table[effect] = table.get(effect, Fraction(0)) + probability
    placed = sum(count for count, _ in counts.values())
    if placed < rolls:
        table[bust_all] = 1 - Fraction(placed * placed, rolls * rolls)
    return RollModel(name, tuple(table.items()), description)


def pass_the_pigs(oinker: Fraction = Fraction(0)) -> RollModel:
    """Two pigs rolled independently with the recorded single-pig frequencies.

    Scoring: both on the same side ("sider") 1 point; on opposite sides
    ("pig out") the turn total is lost; a side and a position score that
    position; two different positions add; the same position twice scores
    double the sum (double razorback 20, double snouter 40, ...).  An
    ``oinker`` probability (pigs touching: turn total and score lost) may be
    given; the recorded data have none, so the default is 0.
    """
    total = sum(count for count, _ in PIG_POSITIONS.values())
    table: dict[Effect, Fraction] = {}
    for first, (count_a, score_a) in PIG_POSITIONS.items():
        for second, (count_b, score_b) in PIG_POSITIONS.items():
            probability = Fraction(count_a * count_b, total * total) * (1 - oinker)
            if score_a is None and score_b is None:
                effect = add(1) if first == second else bust
            elif score_a is None or score_b is None:
                effect = add(score_a or score_b)
            elif first == second:
                effect = add(2 * (score_a + score_b))
            else:
                effect = add(score_a + score_b)
            table[effect] = table.get(effect, Fraction(0)) + probability
    if oinker:
        table[bust_all] = Fraction(oinker)
    return RollModel("pass-the-pigs", tuple(table.items()),
                     "two pigs, frequencies from 3,939 recorded rolls; sider 1, pig out "
                     "loses the turn total, doubles score double")


@dataclass(frozen=True)
class Preset:
    """A named game: how to build its roll model and its customary goal."""

    name: str
    build: Callable[..., RollModel]
    goal: int
    one_die: bool
    summary: str
    turns: int | None = None  # turns (rounds) each, for games played over a fixed number


PRESETS: dict[str, Preset] = {p.name: p for p in (
    Preset("pig", pig, 100, True, "one d6, a 1 loses the turn total (Neller & Presser)"),
    Preset("piglet", lambda: piglet(), 10, False, "a coin: heads 1 point, tails bust"),
    Preset("linux-magazin", lambda faces=6, bad_face=6: pig(faces, bad_face), 50, True,
           "one d6, a 6 loses the turn total, goal 50 (Linux Magazin)"),
    Preset("boyan", lambda: boyan(), 100, False,
           "one d6, a 1 ends the turn with a one-point gain (Boyan; equal turns)"),
    Preset("two-dice-pig", lambda: two_dice_pig(), 100, False,
           "two d6: a single 1 busts, double 1s lose the score too"),
    Preset("think", lambda: two_dice_pig(), 100, False,
           "THINK / SKUNK dice: two d6, a 1 busts, double 1s lose the score too", turns=5),
    Preset("skunk", lambda: two_dice_pig(), 100, False, "same dice as THINK", turns=5),
    Preset("big-pig", lambda: big_pig(), 100, False,
           "two d6: double 1s add 25 and continue, other doubles add twice"),
    Preset("frey-pig", lambda: frey_pig(), 100, False,
           "two d6: double 1s add 25 and end the turn, other doubles add twice"),
    Preset("piggy", lambda: piggy(False), 100, False, "two d6: doubles bust"),
    Preset("piggy-sicherman", lambda: piggy(True), 100, False,
           "Sicherman dice: doubles bust"),
    Preset("pass-the-pigs", lambda: pass_the_pigs(), 100, False,
           "Pass the Pigs with the 3,939 recorded rolls"),
    Preset("pigmania", lambda: pigmania(), 100, False,
           "PigMania: Bellhouse's 1,435 rolls, oinkers lose everything"),
    Preset("shi", lambda: shi(), 100, False,
           "Shi's variant: a 1 busts, else add the product of the dice (six turns each)",
           turns=6),
)}


# Games whose turn total can fall (``subtract``): a turn with cycles, which only the
# two-player race game solves (jeopardy.match; `jeopardy solve`, `jeopardy variants`).
# Kept apart from PRESETS, the games every analysis plays.
FALLING_PRESETS: dict[str, Preset] = {p.name: p for p in (
    Preset("parker-brothers", lambda: parker_brothers(), 100, False,
           "Parker Brothers Pig Dice: head/tail dice, a 7 busts, a tail subtracts "
           "(two-player race only)"),
)}


def _preset(name: str) -> Preset:
    preset = PRESETS.get(name) or FALLING_PRESETS.get(name)
    if preset is None:
        shown = name if not isinstance(name, str) or len(name) <= 40 else name[:37] + "..."
        raise JeopardyError(f"unknown game {shown!r}; known games: "
                            f"{', '.join([*PRESETS, *FALLING_PRESETS])}")
    return preset


def game(name: str = "pig", faces: int | None = None, bad_face: int | None = None) -> RollModel:
    """The roll model of a preset; ``faces``/``bad_face`` apply to one-die games."""
    preset = _preset(name)
    if faces is None and bad_face is None:
        model = preset.build()
        if model.name != name:
            model = RollModel(name, model.outcomes, model.description)
        return model
    if not preset.one_die:
        raise JeopardyError(f"faces/bad_face (--faces/--bad-face) apply to one-die games; "
                            f"{name!r} is not one")

    faces = 6 if faces is None else validate.integer(faces, "faces")
    if faces < 2:
        raise ParameterError("faces", f"must be at least 2; got {faces}")
    default_bad = 6 if name == "linux-magazin" else 1
    bad = default_bad if bad_face is None else validate.integer(bad_face, "bad_face")
    if not 1 <= bad <= faces:
        raise ParameterError("bad_face", f"must be a face of the d{faces} (1-{faces}); got {bad}")
    return preset.build(faces=faces, bad_face=bad)


def default_goal(name: str) -> int:
    return _preset(name).goal


def goal_or_default(goal: int | None, name: str) -> int:
    """``goal`` as asked, or the customary goal of the preset ``name`` (100 for any other
    game, a roll model read from a file)."""
    if goal is None:
        return default_goal(name) if name in PRESETS or name in FALLING_PRESETS else 100
    if goal <= 0:
        raise ParameterError("goal", f"must be a positive integer; got {goal}")
    return goal


def default_turns(name: str, fallback: int = 5) -> int:
    """The customary number of turns each of a fixed-turns preset (else ``fallback``)."""
    preset = PRESETS.get(name)
    return preset.turns if preset is not None and preset.turns is not None else fallback


def resolve(value, name: str = "model") -> RollModel:
    """A :class:`~jeopardy.rules.roll_model.RollModel` as given, or the roll model of a
    preset's name; anything else is refused naming the parameter ``name``."""
    if isinstance(value, RollModel):
        return value
    if isinstance(value, str):
        if value not in PRESETS and value not in FALLING_PRESETS:
            raise ParameterError(name, f"must be a roll model or a preset name "
                                       f"({', '.join(PRESETS)}); got {validate.shown(value)}")
        return game(value)
    raise ParameterError(name, f"must be a RollModel or a preset name; got {validate.shown(value)}")
