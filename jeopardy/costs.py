"""Time and memory of every analysis, for the callers that choose among them.

:mod:`jeopardy.resources` holds the budget and the estimates it can compute
on its own (a race solve, a turn distribution, the simultaneous game, ...).
The N-player solver and Ten Thousand's solver estimate their own cost
(:func:`jeopardy.match.solver.estimate`, :func:`jeopardy.match.evaluation.evaluation_cost`,
:func:`jeopardy.farkle.core.cost`) and refuse with it themselves
(:func:`jeopardy.resources.require_of`).  This module joins the two into one
table, :data:`ESTIMATORS`, for the browser app and the sweeps, which ask by an
analysis's name.  It sits above the solvers, so the budget below them never
imports them.
"""
from __future__ import annotations

from typing import Callable

from jeopardy import resources
from jeopardy.farkle import core as farkle_core
from jeopardy.match.endings import FIRST_TO_GOAL
from jeopardy.match.evaluation import evaluation_cost
from jeopardy.match.pair import plays as pair_plays
from jeopardy.match.rules import MatchRules
from jeopardy.match.solver import estimate as solver_estimate
from jeopardy.resources import BASE_BYTES, Estimate


def _match(goal: int, model, players: int, ending: str):
    """``(rules, the N-player method's estimate)`` of a game the pair method does not
    play (:func:`jeopardy.match.pair.plays`), else None."""
    rules = MatchRules(players, ending)
    if pair_plays(model, rules):
        return None
    return rules, solver_estimate(model, goal, rules)


def _solve(goal: int, model=None, players: int = 2, ending: str = FIRST_TO_GOAL,
           **kw) -> Estimate:
    """A solve by the method :func:`jeopardy.match.solver.solve` chooses for the game."""
    match = _match(goal, model, players, ending)
    return resources.race_cost(goal, model=model, **kw) if match is None else match[1]


def _fairness(goal: int, **kw) -> Estimate:
    """One solve and the head-start row and column."""
    cost = _solve(goal, **kw)
    return Estimate(cost.seconds, cost.bytes + 16 * goal)


def _compare(goal: int, model=None, players: int = 2, ending: str = FIRST_TO_GOAL,
             **kw) -> Estimate:
    """One solve, then a head-to-head of two tables (three ``goal**3`` int8 tables
    at the peak, two ``goal**2`` float64 value tables); the N-player solver's games:
    its solve, then two policy evaluations (one per seating) beside the solution."""
    match = _match(goal, model, players, ending)
    if match is None:
        cost = resources.race_cost(goal, model=model, tables=3, **kw)
        return Estimate(2 * cost.seconds, cost.bytes + 16 * goal * goal)
    rules, solved = match
    evaluation = evaluation_cost(model, goal, rules)
    return Estimate(solved.seconds + 2 * evaluation.seconds,
                    solved.bytes + evaluation.bytes - BASE_BYTES)


# analysis -> (estimator, the parameter that sets the size)
ESTIMATORS: dict[str, tuple[Callable[..., Estimate], str]] = {
    **resources.ESTIMATORS,
    "solve": (_solve, "goal"),
    "fairness": (_fairness, "goal"),
    "compare": (_compare, "goal"),
    "farkle": (farkle_core.cost, "goal"),
}


def estimate(analysis: str, **params) -> Estimate:
    """``(seconds, bytes)`` of ``analysis`` with these parameters on this machine."""
    if analysis not in ESTIMATORS:
        raise resources.JeopardyError(f"no estimate for {analysis!r}; known: "
                                      f"{', '.join(ESTIMATORS)}")
    function, _ = ESTIMATORS[analysis]
    return function(**params)


# The unit of a size parameter other than 1: a Farkle goal is a multiple of 50 points.
STEPS = {**resources.STEPS, "farkle": farkle_core.UNIT}


def largest(analysis: str, **params) -> int:
    """The largest value of the analysis's size parameter that fits the budget (0: none)."""
    return resources.largest_of(*ESTIMATORS[analysis], STEPS.get(analysis, 1), **params)


def require(analysis: str, what: str | None = None, **params) -> Estimate:
    """The estimate, if it fits the budget; else a refusal naming the largest size that
    does (:func:`jeopardy.resources.require_of`)."""
    return resources.require_of(*ESTIMATORS[analysis], what or analysis,
                                STEPS.get(analysis, 1), **params)
