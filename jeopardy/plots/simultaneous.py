"""Bar chart of an equilibrium mixed strategy (as in the puzzle seed)."""
from __future__ import annotations

from pathlib import Path

from jeopardy.plots.common import pyplot, save
from jeopardy.simultaneous.game import SimultaneousSolution


def strategy_bar_chart(solution: SimultaneousSolution, path: str | Path) -> Path:
    plt = pyplot()
    restricted = solution.restricted
    figure, axes = plt.subplots(figsize=(8, 4))
    holds = [w.rule.hold for w in restricted.strategy]
    weights = [float(w.probability) for w in restricted.strategy]
    axes.bar(holds, weights, color="tab:blue", label="hold at h (restricted game)")
    if solution.full is not None and solution.full is not restricted:
        other = sum(float(w.probability) for w in solution.full.strategy if w.rule.hold is None)
        axes.set_title(f"{solution.game}: optimal mix over hold-at-h (full game puts "
                       f"{other:.1%} on non-threshold rules)")
    else:
        axes.set_title(f"{solution.game}: optimal mixed strategy, single-turn simultaneous game")
    axes.set_xlabel("hold at h (roll until the turn total is at least h)")
    axes.set_ylabel("probability")
    axes.set_xlim(0, max(holds) + 2)
    axes.grid(axis="y", alpha=0.3)
    return save(figure, path)
