"""Fast Pig / Hog: the optimal number of dice over (your score, the opponent's) as a
heat map."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from jeopardy.plots.common import figure_and_axes, save


def dice_map(name: str, dice: np.ndarray, path: str | Path | None = None, *, ax=None):
    """``dice[i, j]``: the optimal number of dice at your score ``i`` against ``j``."""
    figure, ax = figure_and_axes(ax, figsize=(6.5, 5.5))
    goal = dice.shape[0]
    top = int(dice.max())
    image = ax.imshow(dice, origin="lower", cmap="viridis", vmin=0.5, vmax=top + 0.5,
                      extent=(-0.5, goal - 0.5, -0.5, goal - 0.5), interpolation="nearest")
    bar = figure.colorbar(image, ax=ax, ticks=range(1, top + 1))
    bar.set_label("optimal number of dice")
    ax.set_xlabel("opponent's score j")
    ax.set_ylabel("your score i")
    ax.set_title(f"{name}: optimal number of dice")
    if path is not None:
        save(figure, path)
    return figure
