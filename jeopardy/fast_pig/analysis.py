"""Fast Pig and Hog on the match solver: the solve, the dice choice, expected points.

Every number here is read off the match solver's tables
(:class:`~jeopardy.match.process_solver.ProcessSolution`): the chance of each
number of dice at a turn start is the value of its dice state at turn total 0,
``values[0, n]`` of the turn's column.

Equal turns: the last round (every player after the first to reach the goal
throws once more; with two players, the second player's one last turn) is
solved from the turn process by :mod:`jeopardy.match.process_last_round`, for
every number of players; a turn scores at most ``max_dice * faces``, so
nothing is cut.
"""
from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from jeopardy import resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.fairness import fairest
from jeopardy.match import process_kernels, process_last_round, process_solver
from jeopardy.match.endings import FIRST_TO_GOAL, MAX_PLAYERS, find, named
from jeopardy.match.rules import MatchRules
from jeopardy.match.solver import table_size
from jeopardy.results import Result
from jeopardy.rules.fast_pig import FastPigRules, expected_points, turn_process

# The solve's work: turn starts (goal ** players) times the rows of a column (the goal)
# times the outcomes of the throws (max_dice^2 (faces - 1) / 2, by 2.5 for d6); measured
# under load: 2.5e-8 s a unit (Fast Pig to 100: 1.5 s for 2 players, 270 s for 3).
SECONDS_PER_UNIT = 2.5e-8


def estimate(rules: FastPigRules, players: int = 2, ending: str = FIRST_TO_GOAL,
             cap_scale: int = 1) -> tuple[float, int]:
    """Rough ``(seconds, bytes)`` of :func:`solve`.  Equal turns: every place in the
    round is a table of its own (``players`` times the turn starts), and the last round's
    tables (:func:`jeopardy.match.process_last_round.table_floats`) are held too.
    ``cap_scale`` multiplies every turn's top (the turn totals swept) and, under equal
    turns, the most points of a turn the last round's tables store."""
    starts = rules.goal ** players
    work = starts * (rules.goal + 1) * rules.max_dice ** 2 * (rules.faces - 1) / 5 * cap_scale
    memory = 8 * players * starts * 2 + 50_000_000
    if named(ending).in_round:
        work *= players
        memory += 8 * players * starts * (players - 1)
        memory += 8 * process_last_round.table_floats(rules.goal, players,
                                                      rules.max_dice * rules.faces * cap_scale)
    return SECONDS_PER_UNIT * work, memory


def refuse_too_big(rules: FastPigRules, players: int, ending: str = FIRST_TO_GOAL,
                   cap_scale: int = 1) -> None:
    """Refuse, in one line and before any work, a solve past this machine's budget
    (:mod:`jeopardy.resources`: ``JEOPARDY_TIME_LIMIT`` / ``JEOPARDY_MEMORY_LIMIT``), in the
    words of the other solvers."""
    seconds, memory = estimate(rules, players, ending, cap_scale)
    starts = table_size(rules.goal, MatchRules(players, named(ending)))
    scaled = "" if cap_scale == 1 else f" with cap_scale {cap_scale}"
    resources.refuse_past_budget(f"{players}-player {rules.name} to {rules.goal} "
                                 f"({named(ending)}){scaled} has {starts:,} turn starts and",
                                 resources.Estimate(seconds, memory))


@dataclass(frozen=True, repr=False)
class DiceDecision(Result):
    """The mover's chance with each number of dice at a turn start."""

    game: str
    goal: int
    scores: tuple[int, ...]
    place: int
    chances: tuple[float, ...]  # chances[n - 1]: with n dice

    @property
    def best(self) -> int:
        """The optimal number of dice (the fewest among equal chances)."""
        return 1 + int(np.argmax(self.chances))

    def loss(self, dice: int) -> float:
        """What ``dice`` dice lose against the best number here."""
        return max(self.chances) - self.chances[dice - 1]

    def to_dict(self) -> dict:
        return {"game": self.game, "goal": self.goal, "scores": list(self.scores),
                "place": self.place, "best_dice": self.best,
                "win_probability": max(self.chances),
                "chances": {str(n): c for n, c in enumerate(self.chances, start=1)}}


@dataclass(frozen=True, repr=False)
class FastPigSolution(Result):
    """A solved game of Fast Pig / Hog (the match solver's solution inside)."""

    rules: FastPigRules
    solution: process_solver.ProcessSolution = field(repr=False)

    @property
    def players(self) -> int:
        return self.solution.players

    @property
    def ending(self) -> str:
        return self.solution.rules.ending

    @property
    def win_probabilities(self) -> list[float]:
        return list(self.solution.win_probabilities)

    @property
    def win_probability(self) -> float:
        return self.solution.win_probability

    @property
    def max_residual(self) -> float:
        return self.solution.max_residual

    @property
    def converged(self) -> bool:
        return self.solution.converged

    @property
    def seconds(self) -> float:
        return self.solution.seconds

    def index(self, scores: tuple[int, ...]) -> int:
        """The flat turn start of ``scores`` (the mover's first, then in turn order)."""
        goal, n = self.rules.goal, self.players
        if len(scores) != n:
            raise JeopardyError(f"give {n} scores (the mover's first); got {len(scores)}")
        index = 0
        for s in scores:
            if isinstance(s, bool) or not isinstance(s, (int, np.integer)) or not 0 <= s < goal:
                raise JeopardyError(f"scores must be integers in 0..{goal - 1}; got {s!r}")
            index = index * goal + int(s)
        return index

    def plot(self, ax=None):
        """The optimal number of dice over both scores (two players; a Figure)."""
        from jeopardy.plots.fast_pig import dice_map  # matplotlib: on request
        return dice_map(f"{self.rules.name} to {self.rules.goal}", dice_table(self), ax=ax)

    def decision(self, scores: tuple[int, ...], place: int = 0) -> DiceDecision:
        """The mover's chance with each number of dice at ``scores``; ``place``: the
        mover's place in the round (equal turns: 0 first, 1 second)."""
        places = self.solution.values.shape[0]
        if isinstance(place, bool) or not isinstance(place, int) or not 0 <= place < places:
            raise JeopardyError(f"place must be in 0..{places - 1}; got {place!r}")
        values, _ = self.solution.column(self.index(tuple(scores)), place)
        chances = tuple(float(values[0, n, 0]) for n in range(1, self.rules.max_dice + 1))
        return DiceDecision(self.rules.name, self.rules.goal, tuple(int(s) for s in scores),
                            place, chances)

    def to_dict(self) -> dict:
        out = self.solution.to_dict()
        out["game"] = self.rules.name
        out["rules"] = self.rules.to_dict()
        out["best_dice_at_start"] = self.decision((0,) * self.players).best
        return out


def solve(rules: FastPigRules, players: int = 2, ending: str = FIRST_TO_GOAL,
          tolerance: float = 1e-15, strict: bool = True, cap_scale: int = 1) -> FastPigSolution:
    """Solve ``rules`` to its goal for ``players`` players, first to the goal or with
    equal turns (the match solver's last round of the turn process)."""
    if not isinstance(rules, FastPigRules):
        raise validate.ParameterError("rules", f"must be a FastPigRules; got {type(rules).__name__}")
    players = validate.integer(players, "players", 2, MAX_PLAYERS)
    found = find(ending)
    if found is None or not found.turn_processes:
        raise JeopardyError(f"{rules.name} is solved first to the goal or with equal turns; "
                            f"got {ending!r}")
    ending = found
    cap_scale = validate.integer(cap_scale, "cap_scale", 1, 64)  # as Ten Thousand's solve
    strict = validate.flag(strict, "strict")
    refuse_too_big(rules, players, ending, cap_scale)
    process = turn_process(rules)
    process_solver.warm_up(process, 2, process_solver.MatchRules(players, ending))
    started = time.perf_counter()
    solution = process_solver.solve(process, rules.goal, players, ending, tolerance=tolerance,
                                    cap_scale=cap_scale, strict=strict)
    solution = dataclasses.replace(solution, seconds=time.perf_counter() - started)
    return FastPigSolution(rules, solution)


def dice_table(solution: FastPigSolution, place: int = 0) -> np.ndarray:
    """``best[i, j]``: the optimal number of dice of a mover at ``i`` against ``j``
    (two players)."""
    if solution.players != 2:
        raise JeopardyError("the table of dice is drawn for two players")
    goal = solution.rules.goal
    chances = start_chances(solution, place)
    return (1 + np.argmax(chances, axis=1)).reshape(goal, goal)


def start_chances(solution: FastPigSolution, place: int = 0) -> np.ndarray:
    """``chances[index, n - 1]``: the mover's chance with ``n`` dice at every turn start
    (flat index, as :meth:`FastPigSolution.index`)."""
    inner = solution.solution
    out = np.zeros((inner.values.shape[1], len(inner.process.states)))
    process_kernels.start_values(inner.race, inner.values, place, out)
    return out[:, 1:solution.rules.max_dice + 1]


@dataclass(frozen=True, repr=False)
class ExpectedPoints(Result):
    """Expected points of one roll by number of dice (exact)."""

    rules: FastPigRules
    expected: tuple[Fraction, ...]  # expected[n - 1]
    clean: tuple[Fraction, ...]  # the chance that no 1 shows

    @property
    def best(self) -> int:
        return 1 + max(range(len(self.expected)), key=lambda k: (self.expected[k], -k))

    def _rows(self) -> list[dict]:
        return [{"dice": n, "expected": float(e), "no_one": float(c)}
                for n, (e, c) in enumerate(zip(self.expected, self.clean), start=1)]

    def to_dict(self) -> dict:
        return {"game": self.rules.name, "best_dice": self.best,
                "best_expected_points": float(self.expected[self.best - 1]),
                "rows": [{**row, "expected_exact": str(e)}
                         for row, e in zip(self._rows(), self.expected)]}


def expected_table(rules: FastPigRules) -> ExpectedPoints:
    expected, clean = [], []
    for n in range(1, rules.max_dice + 1):
        expected.append(expected_points(rules, n))
        clean.append(Fraction(rules.faces - 1, rules.faces) ** n)
    return ExpectedPoints(rules, tuple(expected), tuple(clean))


def fairness(solution: FastPigSolution, max_bonus: int | None = None):
    """Compensation points (:mod:`jeopardy.fairness`): the head start that makes the
    two-player game fairest, read off the solved turn starts ``(0, b)`` and ``(-b, 0)``
    of the first player (under equal turns: the first of the round, place 0)."""
    if solution.players != 2:
        raise JeopardyError(f"compensation points are one head start between two players; "
                            f"got {solution.players} players")
    values = solution.solution.values[0, :, 0]
    goal = solution.rules.goal

    def chance(b: int) -> float:
        return float(values[b] if b >= 0 else values[-b * goal])

    return fairest(solution.rules.name, goal, chance, goal - 1, 1, max_bonus)
