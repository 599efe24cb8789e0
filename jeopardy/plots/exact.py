"""Figure 2 of the paper: value iteration with Piglet (goal 2)."""
from __future__ import annotations

from pathlib import Path

from jeopardy.errors import JeopardyError
from jeopardy.plots.common import figure_and_axes, save

MAX_GOAL = 4  # one line per state: goal 4 draws 40


def refuse_large(goal: int) -> None:
    """Refuses a goal whose trace has too many lines to read (before the trace is computed)."""
    if goal > MAX_GOAL:
        raise JeopardyError(f"the trace draws one line per state; goal {goal} has too many "
                            f"(at most {MAX_GOAL})")


def value_iteration_trace(name: str, goal: int, states, trace, path: str | Path | None = None,
                          *, ax=None):
    """Figure 2: every state's estimate over the sweeps (``trace[sweep][index]`` of the
    state ``states[index]``, as :func:`jeopardy.exact.trace.jacobi_trace` gives them);
    returns the Figure."""
    refuse_large(goal)
    sweeps = len(trace) - 1
    figure, axes = figure_and_axes(ax, figsize=(7, 4.5))
    for index, (i, j, k) in enumerate(states):
        axes.plot(range(sweeps + 1), [row[index] for row in trace], label=f"P{i}{j}{k}")
    axes.set_xlabel("iteration")
    axes.set_ylabel("win probability estimate")
    axes.set_title(f"Value iteration with {name} (goal {goal})")
    axes.set_ylim(0, 1)
    axes.legend(loc="lower right", ncol=2)
    axes.grid(alpha=0.3)
    if path is not None:
        save(figure, path)
    return figure
