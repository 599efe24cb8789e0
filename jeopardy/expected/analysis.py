"""Exact evaluation and comparison of expected-score policies.

:func:`exact_expected` evaluates a policy in rationals over the states it can
reach from (1, 0, 0) -- a closed set, since every value there depends only on
reachable successors.  :func:`compare` lists the reachable states where two
policies decide differently, with the optimal margin ``roll - hold`` there.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from jeopardy.errors import JeopardyError
from jeopardy.expected.policies import optimal as optimal_policy
from jeopardy.expected.solver import ScoreSolution, _column, solve_expected
from jeopardy.results import Result

ZERO = Fraction(0)
EXACT_STATE_LIMIT = 400_000


def exact_expected(solution: ScoreSolution) -> Fraction:
    """The exact expected final score of the solution's decisions."""
    model, n = solution.model, solution.turns
    masks = solution.reachable()
    count = sum(int(m.sum()) for m in masks)
    if count > EXACT_STATE_LIMIT:
        raise JeopardyError(f"{count:,} reachable states is too many for exact evaluation "
                            f"(limit {EXACT_STATE_LIMIT:,})")
    outcomes = list(model.outcomes)
    following: dict[int, Fraction] = {}  # F(r + 1, s, 0); for r = n: s itself

    cap = solution.score_cap

    def after(s: int) -> Fraction:
        if r == n:
            return Fraction(s if cap is None else min(s, cap))
        return following[s]

    for r in range(n, 0, -1):
        mask = masks[r - 1]
        current: dict[int, Fraction] = {}
        for s in np.flatnonzero(mask.any(axis=1)):
            s = int(s)
            values: dict[int, Fraction] = {}
            for t in sorted((int(t) for t in np.flatnonzero(mask[s])), reverse=True):
                if solution.rolls(r, s, t):
                    total = stay = ZERO
                    for e, p in outcomes:
                        banked, total_after, ended = e.apply(s, t)
                        if ended:
                            total += p * after(banked)
                        elif total_after == t:
                            stay += p
                        else:
                            total += p * values[total_after]
                    values[t] = total / (1 - stay)
                else:
                    values[t] = after(s + t)
            current[s] = values[0]
        following = current
    return following[0]


def column(optimal: ScoreSolution, r: int, s: int) -> tuple[np.ndarray, np.ndarray]:
    """Optimal ``(roll, hold)`` values over t at turn r, banked score s."""
    top = optimal.t_top
    if r == optimal.turns:  # F(n + 1, x, 0) = x
        next_start, collapsed, g_next = optimal.final_values(s + 2 * top + 2), False, 0.0
    elif optimal.collapsed:
        next_start, collapsed, g_next = np.zeros(1), True, float(optimal.starts[r][0])
    else:
        next_start, collapsed, g_next = optimal.starts[r], False, 0.0
    vals, rolls, holds = scratch = (np.empty(top + 1), np.empty(top + 1), np.empty(top + 1))
    flags = np.empty(top + 1, dtype=np.int8)
    _column(optimal.model.arrays(), optimal.policy.numba_parameters(),
            (next_start, collapsed, g_next), s, optimal.cap, top, scratch, flags)
    return rolls, holds


@dataclass(frozen=True)
class Difference:
    turn: int
    score: int
    total: int
    first_rolls: bool
    second_rolls: bool
    margin: float  # optimal roll value - hold value

    @property
    def tie(self) -> bool:
        return abs(self.margin) <= 1e-9


@dataclass(frozen=True, repr=False)
class Comparison(Result):
    first: str
    second: str
    same_reachable_states: bool
    differences: tuple[Difference, ...]

    @property
    def strict_differences(self) -> tuple[Difference, ...]:
        return tuple(d for d in self.differences if not d.tie)

    def to_dict(self) -> dict:
        return {
            "first": self.first, "second": self.second,
            "same_reachable_states": self.same_reachable_states,
            "differences": len(self.differences),
            "strict_differences": len(self.strict_differences),
            "examples": [{"turn": d.turn, "score": d.score, "turn_total": d.total,
                          "first": "roll" if d.first_rolls else "hold",
                          "second": "roll" if d.second_rolls else "hold",
                          "optimal_margin": d.margin} for d in self.differences[:50]],
        }


def compare(first: ScoreSolution, second: ScoreSolution, optimal: ScoreSolution) -> Comparison:
    """Where two policies decide differently on states either can reach."""
    a_masks, b_masks = first.reachable(), second.reachable()
    same = all(a.shape == b.shape and np.array_equal(a, b) for a, b in zip(a_masks, b_masks))
    differences = []
    for r in range(1, first.turns + 1):
        a, b = a_masks[r - 1], b_masks[r - 1]
        rows = max(a.shape[0], b.shape[0])
        cols = max(a.shape[1], b.shape[1])
        union = np.zeros((rows, cols), dtype=bool)
        union[: a.shape[0], : a.shape[1]] |= a
        union[: b.shape[0], : b.shape[1]] |= b
        cache = {}
        for s, t in zip(*np.nonzero(union)):
            s, t = int(s), int(t)
            da, db = first.rolls(r, s, t), second.rolls(r, s, t)
            if da != db:
                if s not in cache:
                    cache[s] = column(optimal, r, s)
                rolls, holds = cache[s]
                differences.append(Difference(r, s, t, da, db, float(rolls[t] - holds[t])))
    return Comparison(str(first.policy), str(second.policy), same, tuple(differences))


@dataclass(frozen=True, repr=False)
class Deviation(Result):
    """The fewest turns at which the optimal policy (ties hold) and a rule
    part ways: a different decision, not a tie, at a state either reaches.  ``turns`` is None if they never do up to
    ``max_turns``; ``states`` lists the differing decisions at that length."""

    game: str
    rule: str
    score_cap: int | None
    max_turns: int
    turns: int | None
    same_reachable_states: bool
    states: tuple[Difference, ...]

    def to_dict(self) -> dict:
        return {"game": self.game, "rule": self.rule, "score_cap": self.score_cap,
                "max_turns": self.max_turns, "first_turns": self.turns,
                "same_reachable_states": self.same_reachable_states,
                "states": [{"turn": d.turn, "score": d.score, "turn_total": d.total,
                            "optimal": "roll" if d.first_rolls else "hold",
                            "rule": "roll" if d.second_rolls else "hold",
                            "optimal_margin": d.margin} for d in self.states]}

    def __repr__(self) -> str:
        cap = "unbounded" if self.score_cap is None else f"scores capped at {self.score_cap}"
        return f"Deviation({self.game}, {self.rule}, {cap}: first at {self.turns} turns)"


def first_deviation(model, rule, max_turns: int, score_cap: int | None = None) -> Deviation:
    """Shortest game (1..max_turns turns) where optimal play and ``rule`` differ.

    Optimal play breaks exact ties by holding, so a rule that holds at a tie
    (Knizia's "hold at 20" for one-die Pig) is not counted as differing there.
    """
    if max_turns < 1:
        raise JeopardyError(f"max_turns must be at least 1; got {max_turns}")
    for turns in range(1, max_turns + 1):
        best = solve_expected(model, turns, optimal_policy("hold"), score_cap=score_cap)
        other = solve_expected(model, turns, rule, cap=None if score_cap else best.cap,
                               score_cap=score_cap)
        result = compare(best, other, best)
        if result.strict_differences:
            return Deviation(model.name, str(rule), score_cap, max_turns, turns,
                             result.same_reachable_states, result.strict_differences)
    return Deviation(model.name, str(rule), score_cap, max_turns, None, True, ())
