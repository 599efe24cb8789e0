"""Small 2-D charts of results that are a few numbers or one curve: a turn's score
distribution, solitaire's expected turns, compensation points, a head-to-head.

Like the other figures they read a result by its attributes only and import no
analysis; each returns a matplotlib Figure (``ax=``: draw into an existing Axes).
"""
from __future__ import annotations

from pathlib import Path

from jeopardy.plots.common import figure_and_axes, finish


def _label(axes, bars, chances) -> None:
    """Each bar's chance written above it."""
    for bar, p in zip(bars, chances):
        axes.annotate(f"{p:.4f}", (bar.get_x() + bar.get_width() / 2, p),
                      textcoords="offset points", xytext=(0, 3), ha="center", fontsize=8)


def turn_distribution(result, path: str | Path | None = None, *, ax=None):
    """The chance of each final score of one turn (:class:`TurnDistribution`); the
    bar at 0 splits busts from turns that end at 0 without one."""
    figure, axes = figure_and_axes(ax, figsize=(8, 4))
    scores = sorted(result.probabilities)
    chances = [float(result.probabilities[n]) for n in scores]
    axes.bar(scores, chances, width=0.8, color="tab:blue", label="turn ends with this score")
    axes.bar([0], [float(result.bust_probability)], width=0.8, color="tab:red", label="bust")
    axes.axvline(float(result.mean), color="black", linestyle="--", linewidth=1,
                 label=f"mean {float(result.mean):.4f}")
    axes.set_title(f"{result.model.name}: score of one turn, {result.rule}", fontsize=10)
    axes.set_xlabel("points banked by the turn")
    axes.set_ylabel("probability")
    axes.grid(axis="y", alpha=0.3)
    axes.legend(fontsize=8)
    return finish(figure, path)


def expected_turns(result, path: str | Path | None = None, *, ax=None):
    """Solitaire (:class:`ExpectedTurns`): the expected turns left from each score, and
    the optimal hold-at total by score (right axis; gaps where play is no threshold)."""
    figure, axes = figure_and_axes(ax, figsize=(8, 4))
    goal = result.goal
    axes.plot(range(goal), [float(v) for v in result.start_values[:goal]], color="tab:blue",
              label="expected turns to the goal")
    axes.set_xlabel("banked score")
    axes.set_ylabel("expected turns to the goal", color="tab:blue")
    holds = axes.twinx()
    thresholds = result.hold_thresholds()
    holds.plot(range(goal), [float("nan") if h is None else h for h in thresholds[:goal]],
               color="tab:orange", drawstyle="steps-mid", label="hold at")
    holds.set_ylabel("optimal: hold at turn total", color="tab:orange")
    axes.set_title(f"{result.model.name} to {goal}, alone: {result.expected_turns:.4f} "
                   "turns from 0", fontsize=10)
    axes.grid(alpha=0.3)
    return finish(figure, path)


def fairness(result, path: str | Path | None = None, *, ax=None):
    """Compensation points (:class:`Fairness`): the first player's chance against the
    second player's head start, 1/2 and the fairest bonus marked."""
    figure, axes = figure_and_axes(ax, figsize=(8, 4))
    bonuses = [b for b, _ in result.candidates]
    axes.plot(bonuses, [p for _, p in result.candidates], "o-", color="tab:blue",
              markersize=3)
    axes.axhline(0.5, color="grey", linewidth=1)
    axes.plot([result.bonus], [result.win_probability], "o", color="tab:red",
              label=f"fairest: {result.bonus} points, first player {result.win_probability:.4f}")
    axes.set_title(f"{result.game} to {result.goal}: compensation points", fontsize=10)
    axes.set_xlabel("second player's head start (points; negative: the first player's)")
    axes.set_ylabel("first player wins")
    axes.grid(alpha=0.3)
    axes.legend(fontsize=8)
    return finish(figure, path)


def head_to_head(result, title: str, path: str | Path | None = None, *, ax=None,
                 errors=None):
    """Policy A against policy B: A's chance moving first, second, and by a fair coin
    (``errors``: a simulation's standard errors of the three, drawn as error bars)."""
    figure, axes = figure_and_axes(ax, figsize=(6, 3.5))
    labels = ["A moves first", "B moves first", "fair coin"]
    chances = [result.first, result.second, result.fair]
    bars = axes.bar(labels, chances, color=["tab:blue", "tab:orange", "tab:green"],
                    yerr=errors, capsize=4)
    _label(axes, bars, chances)
    axes.axhline(0.5, color="grey", linewidth=1)
    axes.set_ylim(0, 1)
    axes.set_ylabel(f"A ({result.first_name}) wins")
    axes.set_title(f"{title}: {result.first_name} (A) against {result.second_name} (B)",
                   fontsize=10)
    return finish(figure, path)


def player_chances(names, chances, title: str, path: str | Path | None = None, *, ax=None,
                   errors=None):
    """Each seat's chance of winning, in turn order from the first to move (``errors``: a
    simulation's standard errors, drawn as error bars)."""
    figure, axes = figure_and_axes(ax, figsize=(6, 3.5))
    labels = [f"{seat}: {name}" for seat, name in enumerate(names, start=1)]
    bars = axes.bar(range(len(labels)), chances, color="tab:blue", yerr=errors, capsize=4)
    _label(axes, bars, chances)
    axes.set_xticks(range(len(labels)), labels, fontsize=8)
    axes.axhline(1 / len(labels), color="grey", linewidth=1)
    axes.set_ylim(0, 1)
    axes.set_ylabel("wins")
    axes.set_title(title, fontsize=10)
    return finish(figure, path)
