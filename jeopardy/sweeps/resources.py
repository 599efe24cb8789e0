"""A sweep task's needs, from the one estimator (:mod:`jeopardy.resources`).

The Dask scheduler reserves :func:`estimated_memory` bytes of a worker's
``memory`` resource per task (what the analysis allocates beyond the worker
process), and starts the longest tasks first (:func:`estimated_work`).
"""
from __future__ import annotations

from jeopardy import resources
from jeopardy.rules.roll_model import RollModel


def _estimate(analysis: str, model: RollModel, goal: int, players: int) -> resources.Estimate:
    from jeopardy import validate

    goal = validate.positive_int(goal, "goal")
    _, size = resources.ESTIMATORS[analysis]  # simultaneous: hold at 1-goal
    return resources.estimate(analysis, **{size: goal}, model=model, players=players)


def estimated_memory(analysis: str, model: RollModel, goal: int, players: int = 2) -> int:
    """Bytes a task allocates at its peak (:attr:`jeopardy.resources.Estimate.task_bytes`)."""
    return _estimate(analysis, model, goal, players).task_bytes


def estimated_work(analysis: str, model: RollModel, goal: int, players: int = 2) -> float:
    """The estimated seconds of a task, for starting the longest first."""
    return _estimate(analysis, model, goal, players).seconds
