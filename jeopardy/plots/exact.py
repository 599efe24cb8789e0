"""Figure 2 of the paper: value iteration with Piglet (goal 2)."""
from __future__ import annotations

from pathlib import Path

from jeopardy.plots.common import figure_and_axes, save
from jeopardy.race.reference import jacobi_trace
from jeopardy.rules.roll_model import RollModel


def value_iteration_trace(model: RollModel, goal: int, path: str | Path | None = None,
                          sweeps: int = 30, *, ax=None):
    """Figure 2: every state's estimate over the sweeps; returns the Figure."""
    if goal > 4:
        from jeopardy.errors import JeopardyError
        raise JeopardyError(f"the trace draws one line per state; goal {goal} has too many (at most 4)")
    states, trace = jacobi_trace(model, goal, sweeps)
    figure, axes = figure_and_axes(ax, figsize=(7, 4.5))
    for index, (i, j, k) in enumerate(states):
        axes.plot(range(sweeps + 1), [row[index] for row in trace], label=f"P{i}{j}{k}")
    axes.set_xlabel("iteration")
    axes.set_ylabel("win probability estimate")
    axes.set_title(f"Value iteration with {model.name} (goal {goal})")
    axes.set_ylim(0, 1)
    axes.legend(loc="lower right", ncol=2)
    axes.grid(alpha=0.3)
    if path is not None:
        save(figure, path)
    return figure
