"""Bar chart of an equilibrium mixed strategy (as in the puzzle seed).

The figures draw what a result hands them, reading it by its attributes only:
they import no analysis (:mod:`jeopardy.plots` sits below the engine, so a
result's ``.plot()`` imports down).
"""
from __future__ import annotations

from pathlib import Path

from jeopardy.plots.common import figure_and_axes, save


def strategy_bar_chart(solution: SimultaneousSolution, path: str | Path | None = None, *,
                       ax=None):
    """The equilibrium's weights; returns the Figure (also written to ``path`` if given).

    Over hold-at-h only: one bar per h.  With ``all_stopping_rules`` and an
    equilibrium that uses other stopping rules: one labelled bar per rule of
    the full game's equilibrium (hold-at-h rules blue, the others orange).
    """

    full = solution.full
    if full is not None and any(w.rule.hold is None for w in full.strategy):
        figure, axes = figure_and_axes(ax, figsize=(8, 0.8 + 0.32 * len(full.strategy)))
        rows = list(full.strategy)
        labels = [w.rule.short for w in rows]
        colours = ["tab:blue" if w.rule.hold is not None else "tab:orange" for w in rows]
        axes.barh(range(len(rows)), [float(w.probability) for w in rows], color=colours)
        axes.set_yticks(range(len(rows)), labels, fontsize=8)
        axes.invert_yaxis()
        other = sum(float(w.probability) for w in rows if w.rule.hold is None)
        axes.set_title(f"{solution.game}: optimal mix over all stopping rules "
                       f"({other:.1%} on rules that are not hold-at-h)")
        axes.set_xlabel("probability")
        axes.grid(axis="x", alpha=0.3)
    else:
        figure, axes = figure_and_axes(ax, figsize=(8, 4))
        restricted = solution.restricted
        holds = [w.rule.hold for w in restricted.strategy]
        weights = [float(w.probability) for w in restricted.strategy]
        axes.bar(holds, weights, color="tab:blue", label="hold at h")
        axes.set_title(f"{solution.game}: optimal mixed strategy, single-turn simultaneous game")
        axes.set_xlabel("hold at h (roll until the turn total is at least h)")
        axes.set_ylabel("probability")
        axes.set_xlim(0, max(holds) + 2)
        axes.grid(axis="y", alpha=0.3)
    if path is not None:
        save(figure, path)
    return figure
