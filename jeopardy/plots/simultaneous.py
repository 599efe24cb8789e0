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


def reply_advantages(replies: Replies, path: str | Path | None = None, *, ax=None):
    """The advantage (P(win) - P(loss)) of the best reply to each pure hold-at-h: by a
    hold-at-h reply and by any stopping rule, the weakest pure strategy marked."""
    figure, axes = figure_and_axes(ax, figsize=(8, 4))
    holds = [r.hold for r in replies.rows]
    axes.plot(holds, [float(r.rule_advantage) for r in replies.rows], color="tab:orange",
              label="best reply, any stopping rule")
    axes.plot(holds, [float(r.advantage) for r in replies.rows], color="tab:blue",
              label="best reply, hold at h'")
    weakest = replies.weakest_to_any_rule
    axes.plot([weakest.hold], [float(weakest.rule_advantage)], "o", color="tab:orange")
    axes.annotate(f"{float(weakest.rule_advantage):.2%} against hold at {weakest.hold}",
                  (weakest.hold, float(weakest.rule_advantage)), textcoords="offset points",
                  xytext=(8, -14), fontsize=8)
    axes.set_title(f"{replies.game}: best replies to the pure strategies, single-turn "
                   "simultaneous game", fontsize=10)
    axes.set_xlabel("opponent holds at h")
    axes.set_ylabel("advantage: P(win) - P(loss)")
    axes.grid(alpha=0.3)
    axes.legend(fontsize=8)
    if path is not None:
        save(figure, path)
    return figure
