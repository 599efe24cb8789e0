"""SKUNK-style analysis: the first player's chance and named policies against optimal play.

:func:`analyse` solves the fixed-turns game once, evaluating in the same
pass each named policy as the first player against the optimal second
player and as the second player against the optimal first player.  The
cap grows (at most x 1.5, :func:`~jeopardy.fixed_turns.solver.next_cap`) until
the proved bound of every figure is below ``tolerance`` (see
:mod:`jeopardy.fixed_turns.solver`).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from jeopardy import validate
from jeopardy.expected.policies import odds, optimal
from jeopardy.expected.solver import solve_expected
from jeopardy.fixed_turns.policies import ExpectedScore, Optimal, Rule
from jeopardy.fixed_turns.solver import FixedTurnsSolution, first_hold, solve_fixed_turns
from jeopardy.rules.roll_model import RollModel
from jeopardy.results import Result, count


@dataclass(frozen=True, repr=False)
class PolicyRecord(Result):
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


@dataclass(frozen=True, repr=False)
class FixedTurnsAnalysis(Result):
    solution: FixedTurnsSolution
    policies: tuple[PolicyRecord, ...]
    first_holds: tuple[dict, ...]  # where each policy first holds, at sample positions
    seconds: float

    @property
    def win_probability(self) -> float:
        return self.solution.value

    @property
    def win_probabilities(self) -> list[float]:
        """Each player's chance, the first to move first (a tie counts 1/2 to each)."""
        return [self.win_probability, 1.0 - self.win_probability]

    def to_dict(self) -> dict:
        sol = self.solution
        return {"game": sol.model.name, "turns": sol.turns, "cap": sol.cap,
                "win_probability": sol.value, "bound": sol.bound, "converged": sol.converged,
                "compare": {p.name: p.to_dict() for p in self.policies},
                "first_holds": list(self.first_holds), "seconds": self.seconds}

    def __repr__(self) -> str:
        return (f"FixedTurnsAnalysis({self.solution.model.name}, {count(self.solution.turns, 'turn')}: "
                f"first player {self.win_probability:.12f})")


def named_policies(model: RollModel, turns: int) -> dict:
    """The policies compared with optimal play: the expected-score optimum and the odds rule."""
    return {"max-expected-score": ExpectedScore(solve_expected(model, turns, optimal())),
            "odds": Rule(odds(model))}


def analyse(model: RollModel, turns: int = 5, cap: int | None = None,
            tolerance: float = 1e-13, progress=None) -> FixedTurnsAnalysis:
    import time

    turns = validate.positive_int(turns, "turns")  # before the policies are built
    started = time.perf_counter()
    policies = named_policies(model, turns)
    matchups = []
    for policy in policies.values():
        matchups += [(policy, Optimal()), (Optimal(), policy)]
    solution = solve_fixed_turns(model, turns, cap, matchups, progress, tolerance)
    records = []
    for index, (name, policy) in enumerate(policies.items()):
        first, second = solution.matchups[2 * index], solution.matchups[2 * index + 1]
        records.append(PolicyRecord(name, str(policy), first.first_wins, 1.0 - second.first_wins,
                                    max(first.upper - first.lower, second.upper - second.lower) / 2))
    records.append(PolicyRecord("optimal", "optimal", solution.value, 1.0 - solution.value,
                                solution.bound))
    holds = first_holds_table(solution, policies)
    return FixedTurnsAnalysis(solution, tuple(records), holds, time.perf_counter() - started)


SAMPLE_SCORES = ((0, 0), (30, 30), (30, 60), (60, 30), (100, 40))


def first_holds_table(solution: FixedTurnsSolution, policies: dict) -> tuple[dict, ...]:
    """For every turn and a few (mover, other) scores: the least turn total at
    which the optimal mover holds, beside the named policies' (which look at
    their own score only).  Scores the mover cannot have yet are skipped."""
    rows = []
    size = solution.cap + 1
    for k in range(2 * solution.turns):
        own_turn = k // 2 + 1
        for mover, other in SAMPLE_SCORES:
            if (own_turn == 1 and mover) or (k == 0 and other) or max(mover, other) >= size:
                continue
            row = {"turn": k + 1, "mover": "first" if k % 2 == 0 else "second",
                   "mover_score": mover, "other_score": other,
                   "optimal": first_hold(solution, k, mover, other)}
            for name, policy in policies.items():
                table = policy.table(own_turn, size)[mover]
                holding = np.flatnonzero(table == 0)
                row[name] = int(holding[0]) if holding.size else None
            rows.append(row)
    return tuple(rows)
