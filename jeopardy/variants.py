"""Every variant in the paper's appendix: its customary goal and, where our
solvers can play it now, the first player's chance under optimal play.

Each row names the preset, the ending and the solver that computes the
figure (race to a goal, with the equal-turns or one-more-turn ending, a
fixed number of turns each, or THINK's simultaneous rounds); the rows that
cannot be solved yet say why.
Nothing here is pasted: :func:`variants_table` runs the solvers.
"""
from __future__ import annotations

from dataclasses import dataclass
from jeopardy.fixed_turns.solver import solve_fixed_turns
from jeopardy.match import endings
from jeopardy.match.solver import solve
from jeopardy.results import Result
from jeopardy.rules import game
from jeopardy.think.solver import OPTIMAL, solve_pass

RACE, FIXED_TURNS, SIMULTANEOUS, PENDING, NOT_MODELLED = (
    "race", "fixed turns", "simultaneous", "pending", "not modelled")
# A race with a last round (jeopardy.match.endings), two players: its kind is the ending's label.
EQUAL_TURNS = endings.EQUAL_TURNS.label
ONE_MORE_TURN = endings.ONE_MORE_TURN.label
MATCH_ENDINGS = {e.label: e for e in endings.ENDINGS.values() if e.last_round}


@dataclass(frozen=True)
class Variant:
    name: str
    source: str
    preset: str | None
    goal: str  # the customary goal / ending, in words
    kind: str
    target: int = 0  # goal score (race) or turns each (fixed turns, THINK's rounds)
    note: str = ""


VARIANTS: tuple[Variant, ...] = (
    Variant("Pig", "Neller & Presser; Scarne's rules without the equal turns", "pig",
            "first to 100", RACE, 100),
    Variant("Piglet (Pig Tails)", "Neller & Presser; Fendel et al.", "piglet",
            "first to 10", RACE, 10),
    Variant("Linux Magazin Pig (a 6 busts)", "Linux Magazin blog", "linux-magazin",
            "first to 50", RACE, 50),
    Variant("Pig with equal turns", "Scarne 1945; Bell; Knizia", "pig",
            "100, equal number of turns", EQUAL_TURNS, 100),
    Variant("Boyan's Pig (a 1 banks one point)", "Boyan 1998", "boyan",
            "100, equal number of turns", EQUAL_TURNS, 100,
            "Scarne's Pig, but a 1 ends the turn with a one-point gain (the turn total is "
            "lost, 1 point is banked: bust_gain 1)"),
    Variant("Parker Brothers Pig Dice", "Parker Brothers 1942", "parker-brothers",
            "100, then one more turn for the other", ONE_MORE_TURN, 100,
            "the box's ending as the paper words it: whoever reaches 100 first, the other "
            "has one more turn; a tail negates the other die, so the turn total can fall: "
            "each turn's column is iterated to its fixed point (a proved contraction, 1/2 "
            "per pass)"),
    Variant("Parker Brothers Pig Dice (equal turns)", "Parker Brothers 1942; Scarne's ending",
            "parker-brothers", "100, equal number of turns", EQUAL_TURNS, 100),
    Variant("2-dice Pig (Piggy Ones)", "Butler; Beardon & Ayer", "two-dice-pig",
            "first to 100", RACE, 100),
    Variant("W.H. Schaper's Skunk", "Schaper 1953", None, "a match for poker chips",
            NOT_MODELLED, 100,
            "the match length is not given (a predetermined number of games, or elimination, "
            "which the paper only presumes), and a game is worth chips, not a win: the kitty "
            "(1, 2 or 4 chips a bad roll), 5 or 10 chips from the loser by score, so optimal "
            "play depends on the kitty and both chip stacks, which no state of ours holds "
            "(docs/games.md)"),
    Variant("Frey's Pig (first to the goal)", "Frey 1975", "frey-pig", "first to 100", RACE,
            100),
    Variant("Frey's Pig (equal turns, Frey's own ending)", "Frey 1975", "frey-pig",
            "100, equal number of turns", EQUAL_TURNS, 100),
    Variant("Big Pig", "Knizia 1999", "big-pig", "first to 100", RACE, 100),
    Variant("Pass the Pigs (Ballard's 3,939 rolls)", "Wong; no oinkers recorded",
            "pass-the-pigs", "first to 100", RACE, 100),
    Variant("PigMania with oinkers (Bellhouse's 1,435 rolls)", "Bellhouse 1999", "pigmania",
            "first to 100", RACE, 100),
    Variant("Piggy", "Peterson 2000", "piggy", "first to 100", RACE, 100),
    Variant("Piggy, Sicherman dice", "Peterson 2000", "piggy-sicherman", "first to 100", RACE,
            100),
    Variant("SKUNK", "Brutlag 1994", "skunk", "five turns each, higher total wins",
            FIXED_TURNS, 5),
    Variant("Shi's variant", "Shi 2000", "shi", "six turns each, higher total wins",
            FIXED_TURNS, 6),
    Variant("THINK", "Falk & Tadmor-Troyanski 1999", "think",
            "five simultaneous rounds, higher total wins", SIMULTANEOUS, 5,
            "either player's chance; equilibrium play keeps the scores equal, so every "
            "game is a tie"),
)


@dataclass(frozen=True, repr=False)
class VariantResult(Result):
    variant: Variant
    first_player: float | None
    bound: float | None  # largest Bellman residual (race) or proved truncation bound
    seconds: float
    cap: int | None = None  # a fixed-turns game's score cap, the one its bound is proved at

    def to_dict(self) -> dict:
        v = self.variant
        return {"variant": v.name, "source": v.source, "preset": v.preset, "goal": v.goal,
                "kind": v.kind, "first_player": self.first_player, "bound": self.bound,
                "cap": self.cap, "seconds": self.seconds, "note": v.note}


def solve_variant(variant: Variant, progress=None) -> VariantResult:
    """The first player's chance under optimal play, or None for pending rows."""
    import time

    started = time.perf_counter()
    if variant.kind == RACE or variant.kind in MATCH_ENDINGS:
        solution = solve(game(variant.preset), variant.target, 2,
                         MATCH_ENDINGS.get(variant.kind, endings.FIRST_TO_GOAL), cache=True)
        return VariantResult(variant, solution.win_probability, solution.max_residual,
                             time.perf_counter() - started)
    if variant.kind == FIXED_TURNS:
        solution = solve_fixed_turns(game(variant.preset), variant.target, progress=progress)
        return VariantResult(variant, solution.value, solution.bound,
                             time.perf_counter() - started, solution.cap)
    if variant.kind == SIMULTANEOUS:
        run = solve_pass(game(variant.preset), variant.target, 60, 60,
                         [OPTIMAL, OPTIMAL, OPTIMAL], [0.5, 0.0, 1.0], progress=progress)
        lower, value, upper = float(run.values[1]), float(run.values[0]), float(run.values[2])
        return VariantResult(variant, value, max(upper - value, value - lower),
                             time.perf_counter() - started)
    return VariantResult(variant, None, None, 0.0)


def variants_table(progress=None) -> list[VariantResult]:
    results = []
    for variant in VARIANTS:
        if progress is not None and variant.kind in (RACE, EQUAL_TURNS, ONE_MORE_TURN,
                                                     FIXED_TURNS, SIMULTANEOUS):
            progress(f"solving {variant.name}")
        results.append(solve_variant(variant, progress))
    return results
