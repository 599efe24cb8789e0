"""A sweep task's needs, from the one estimator (:mod:`jeopardy.resources`).

The Dask scheduler reserves :func:`estimated_memory` bytes of a worker's
``memory`` resource per task (what the analysis allocates beyond the worker
process), and starts the longest tasks first (:func:`estimated_work`).  A
task past this machine's budget is refused before it starts
(:func:`refusal`).  Games the pair method does not play (more players,
another ending, turn totals that fall) take the N-player solver's own
estimate (:func:`jeopardy.match.solver.estimate`, through the estimator).
"""
from __future__ import annotations

import warnings

from jeopardy import costs, resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.match.endings import FIRST_TO_GOAL, pair_game
from jeopardy.rules.roll_model import RollModel
from jeopardy.sweeps.spec import Task


def _parameters(analysis: str, goal: int, players: int, ending: str) -> dict:
    goal = validate.positive_int(goal, "goal")
    _, size = costs.ESTIMATORS[analysis]  # simultaneous: hold at 1-goal
    return {size: goal, "players": players, "ending": ending}


def _estimate(analysis: str, model: RollModel, goal: int, players: int,
              ending: str) -> resources.Estimate:
    return costs.estimate(analysis, model=model,
                              **_parameters(analysis, goal, players, ending))


def estimated_memory(analysis: str, model: RollModel, goal: int, players: int = 2,
                     ending: str = FIRST_TO_GOAL) -> int:
    """Bytes a task allocates at its peak (:attr:`jeopardy.resources.Estimate.task_bytes`)."""
    return _estimate(analysis, model, goal, players, ending).task_bytes


def estimated_work(analysis: str, model: RollModel, goal: int, players: int = 2,
                   ending: str = FIRST_TO_GOAL) -> float:
    """The estimated seconds of a task, for starting the longest first."""
    return _estimate(analysis, model, goal, players, ending).seconds


def task_memory(task: Task) -> int:
    """:func:`estimated_memory` of a sweep's task."""
    return estimated_memory(task.analysis, task.model, task.goal, task.players, task.ending)


def task_work(task: Task) -> float:
    """:func:`estimated_work` of a sweep's task."""
    return estimated_work(task.analysis, task.model, task.goal, task.players, task.ending)


def refusal(task: Task) -> str | None:
    """Why ``task`` is past this machine's budget (the estimate and the largest goal
    that fits, :func:`jeopardy.resources.require`), or None."""
    what = task.analysis if pair_game(task.players, task.ending) else \
        f"{task.analysis}, {task.players} players, {task.ending}"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", resources.LongRunNotice)
        try:
            costs.require(task.analysis, what, model=task.model,
                              **_parameters(task.analysis, task.goal, task.players, task.ending))
        except JeopardyError as error:
            return str(error)
    return None
