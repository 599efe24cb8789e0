"""Compensation points: the head start that makes a two-player game fairest.

With a bonus ``b > 0`` the second player starts the game with ``b`` points;
with ``b < 0`` the first player starts with ``-b`` (a game whose first
player is behind, as Ten Thousand's round ending makes it, needs that).
Under optimal play the first player's chance at bonus ``b`` is a turn-start
value the solver already holds: ``P(0, b, 0)`` for ``b >= 0``, ``P(-b, 0, 0)``
otherwise.  The fairest bonus minimises ``|P - 1/2|`` (ties: the smaller
head start; values within :data:`TIE` of each other tie, since a solve leaves
its values a few ulps from the exact ones: in Pig to 10 the second player needs 2
points at bonus 8 and 1 at bonus 9, the same game, and rounding alone must not
choose 9).  Busche & Neller report 200 points for their Farkle rules.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from jeopardy.errors import JeopardyError
from jeopardy.farkle.turn import UNIT
from jeopardy.match.solver import MatchSolution
from jeopardy.results import Result, count
from jeopardy.validate import ParameterError, integer

# Chances this close are the same chance: far above a solve's residual (~1e-15), far
# below any difference a head start makes in a game worth comparing.
TIE = 1e-12


@dataclass(frozen=True, repr=False)
class Fairness(Result):
    """The fairest bonus and the first player's chance at each candidate bonus."""

    game: str
    goal: int
    bonus: int
    win_probability: float
    candidates: tuple[tuple[int, float], ...]

    def __repr__(self) -> str:
        return (f"Fairness({self.game} to {self.goal}: fairest bonus {self.bonus}, "
                f"first player {self.win_probability:.6f}, {count(len(self.candidates), 'candidate')})")

    def plot(self, ax=None):
        """The first player's chance against the head start (a matplotlib Figure)."""
        from jeopardy.plots.charts import fairness  # matplotlib: on request
        return fairness(self, ax=ax)

    def _rows(self) -> list[dict]:
        return [{"bonus": b, "win_probability": p} for b, p in self.candidates]

    def to_dict(self) -> dict:
        return {"game": self.game, "goal": self.goal, "bonus": self.bonus,
                "win_probability": self.win_probability,
                "candidates": [{"bonus": b, "win_probability": p} for b, p in self.candidates]}


def check_window(window: int | None, step: int = 1) -> int | None:
    """``max_bonus`` (the candidates' window) checked: None, or a non-negative multiple of
    ``step``.  The commands call it before they solve, so that a bad value is refused
    before any work (or the kernels' first compile) is done."""
    if window is not None:
        window = integer(window, "max_bonus")
        if window < 0:
            raise ParameterError("max_bonus", f"must be non-negative; got {window}")
        if window % step:
            raise ParameterError("max_bonus", f"must be a multiple of {step}; got {window}")
    return window


def fairest(game: str, goal: int, chance: Callable[[int], float], largest: int, step: int = 1,
            window: int | None = None) -> Fairness:
    """Search every bonus ``-largest .. largest`` (multiples of ``step``) for the fairest;
    report candidates within ``window`` of 0 (default: twice the fairest, at least 5 steps)."""
    window = check_window(window, step)
    values = {b: chance(b) for b in range(-largest, largest + 1, step)}
    closest = min(abs(v - 0.5) for v in values.values())
    best = min((b for b in values if abs(values[b] - 0.5) <= closest + TIE),
               key=lambda b: (abs(b), b))
    if window is None:
        window = max(2 * abs(best), 5 * step)
    shown = tuple((b, values[b]) for b in sorted(values) if abs(b) <= window)
    return Fairness(game, goal, best, values[best], shown)


def race_fairness(solution, max_bonus: int | None = None) -> Fairness:
    """Compensation points of a solved two-player race game, any ending (a
    :class:`~jeopardy.match.solver.MatchSolution`, the pair method's too): the first
    player's chance is the turn start of the first of the round at scores ``(0, b)``,
    or ``(-b, 0)`` for ``b < 0``."""
    if not isinstance(solution, MatchSolution):
        raise ParameterError("solution", f"must be a MatchSolution (jeopardy.solve); got "
                                         f"{type(solution).__name__}")
    if solution.players != 2:
        raise JeopardyError(f"compensation points are one head start between two players; "
                            f"got {solution.players} players")

    def chance(b: int) -> float:
        return solution.start_value((0, b) if b >= 0 else (-b, 0))[0]

    return fairest(solution.model.name, solution.goal, chance, solution.goal - 1, 1, max_bonus)


def farkle_fairness(solution, max_bonus: int | None = None) -> Fairness:
    """Compensation points of solved two-player Ten Thousand (bonuses in points)."""
    VF = solution.VF
    g = solution.goal_units

    def chance(b: int) -> float:
        u = b // UNIT
        return float(VF[0, u] if u >= 0 else VF[-u, 0])

    return fairest(solution.rules.name, solution.rules.goal, chance, (g - 1) * UNIT, UNIT, max_bonus)
