"""SKUNK-style analysis: the first player's chance and named policies against optimal play.

:func:`analyse` solves the fixed-turns game once, evaluating in the same
pass each named policy as the first player against the optimal second
player and as the second player against the optimal first player.  The
cap grows (x 1.5) until the proved bound of every figure is below
``tolerance`` (see :mod:`jeopardy.fixed_turns.solver`).
"""
from __future__ import annotations

from dataclasses import dataclass

from jeopardy.errors import JeopardyError
from jeopardy.expected.policies import odds, optimal
from jeopardy.expected.solver import solve_expected
from jeopardy.fixed_turns.policies import ExpectedScore, Optimal, Rule
from jeopardy.fixed_turns.solver import FixedTurnsSolution, first_hold, solve_fixed_turns
from jeopardy.rules.roll_model import RollModel


@dataclass(frozen=True)
class PolicyRecord:
    """A named policy's chance of winning against the optimal player, in either seat."""

    name: str
    label: str
    as_first: float
    as_second: float
    bound: float

    @property
    def average(self) -> float:
        return 0.5 * (self.as_first + self.as_second)

    def to_dict(self) -> dict:
        return {"policy": self.label, "as_first": self.as_first, "as_second": self.as_second,
                "average": self.average, "bound": self.bound}


@dataclass(frozen=True)
class FixedTurnsAnalysis:
    solution: FixedTurnsSolution
    policies: tuple[PolicyRecord, ...]
    first_holds: dict  # description -> turn total of the first hold
    seconds: float

    @property
    def win_probability(self) -> float:
        return self.solution.value

    def to_dict(self) -> dict:
        sol = self.solution
        return {"game": sol.model.name, "turns": sol.turns, "cap": sol.cap,
                "win_probability": sol.value, "bound": sol.bound,
                "compare": {p.name: p.to_dict() for p in self.policies},
                "first_holds": self.first_holds, "seconds": self.seconds}

    def __repr__(self) -> str:
        return (f"FixedTurnsAnalysis({self.solution.model.name}, {self.solution.turns} turns: "
                f"first player {self.win_probability:.12f})")


def named_policies(model: RollModel, turns: int) -> dict:
    """The policies compared with optimal play: the expected-score optimum and the odds rule."""
    return {"max-expected-score": ExpectedScore(solve_expected(model, turns, optimal())),
            "odds": Rule(odds(model))}


def analyse(model: RollModel, turns: int = 5, cap: int | None = None,
            tolerance: float = 1e-13, progress=None) -> FixedTurnsAnalysis:
    import time

    started = time.perf_counter()
    policies = named_policies(model, turns)
    matchups = []
    for policy in policies.values():
        matchups += [(policy, Optimal()), (Optimal(), policy)]
    size = cap if cap is not None else max(150, 12 * model.max_points)
    while True:
        solution = solve_fixed_turns(model, turns, size, matchups, progress)
        worst = max([solution.bound] + [(m.upper - m.lower) / 2 for m in solution.matchups])
        if cap is not None or worst <= tolerance:
            break
        size = int(size * 1.5)
        if progress is not None:
            progress(f"bound {worst:.1e} above {tolerance:.0e}; cap raised to {size}")
    records = []
    for index, (name, policy) in enumerate(policies.items()):
        first, second = solution.matchups[2 * index], solution.matchups[2 * index + 1]
        records.append(PolicyRecord(name, str(policy), first.first_wins, 1.0 - second.first_wins,
                                    max(first.upper - first.lower, second.upper - second.lower) / 2))
    records.append(PolicyRecord("optimal", "optimal", solution.value, 1.0 - solution.value,
                                solution.bound))
    holds = {"first player, first turn": first_hold(solution, 0, 0, 0)}
    expected = policies["max-expected-score"].solution
    holds["max-expected-score, first turn"] = next(
        (t for t in range(expected.cap + 2) if not expected.rolls(1, 0, t)), None)
    holds["odds, first turn"] = next(t for t in range(10_000)
                                     if not policies["odds"].policy.rolls(1, 0, t))
    for lead in (0, 20, 40):
        holds[f"second player, first turn, first player banked {lead}"] = first_hold(
            solution, 1, 0, lead)
    if turns >= 1:
        for deficit in (0, 20, 50):
            holds[f"second player, last turn, trailing by {deficit}"] = first_hold(
                solution, 2 * turns - 1, 50, 50 + deficit)
    return FixedTurnsAnalysis(solution, tuple(records), holds, time.perf_counter() - started)
