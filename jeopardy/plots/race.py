"""The paper's Figures 3-7 for any race game and goal.

Each function returns a matplotlib Figure (written to ``path`` too when one is
given, PNG/SVG/PDF by suffix).  The 3-D figures show two views side by side;
with ``ax=`` (a 3-D Axes, ``projection="3d"``) they draw one view into it.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from jeopardy.plots.common import figure_and_axes, finish

FIGURES = ("boundary", "cross-section", "reachable", "reachable-roll", "contours")
VIEWS = ((25, -130), (25, -40))


def _axes3d(ax, title: str, goal: int, views=VIEWS):
    if ax is not None:
        figure, axes, views = ax.figure, [ax], views[:1]
        ax.set_title(title, fontsize=9)
    else:
        from matplotlib.figure import Figure

        figure = Figure(figsize=(6 * len(views), 5.5))
        axes = [figure.add_subplot(1, len(views), n, projection="3d")
                for n in range(1, len(views) + 1)]
        figure.suptitle(title)
    for ax, (elevation, azimuth) in zip(axes, views):
        ax.view_init(elevation, azimuth)
        ax.set_xlabel("player 1 score i")
        ax.set_ylabel("player 2 score j")
        ax.set_zlabel("turn total k")
        ax.set_xlim(0, goal)
        ax.set_ylim(0, goal)
        ax.set_zlim(0, goal)
    return figure, axes


def boundary_heights(roll: np.ndarray) -> np.ndarray:
    """Smallest turn total at which the player holds, for every (i, j)."""
    goal = roll.shape[0]
    heights = np.empty((goal, goal))
    for i in range(goal):
        column = roll[i, :, : goal - i]
        holds = ~column
        first = np.where(holds.any(axis=1), holds.argmax(axis=1), goal - i)
        heights[i] = first
    return heights


def boundary_surface(name: str, roll: np.ndarray, path: str | Path | None = None, *, ax=None):
    """Figure 3: the roll/hold boundary (roll below the surface)."""
    goal = roll.shape[0]
    figure, axes = _axes3d(ax, f"{name}: roll/hold boundary of the optimal policy", goal)
    heights = boundary_heights(roll)
    i, j = np.meshgrid(np.arange(goal), np.arange(goal), indexing="ij")
    for ax in axes:
        ax.plot_surface(i, j, heights, cmap="viridis", linewidth=0, antialiased=False,
                        rstride=1, cstride=1)
    return finish(figure, path)


def cross_section(name: str, roll: np.ndarray, reach: Reachable | None, opponent: int,
                  path: str | Path | None = None, hold_line: int = 20, *, ax=None):
    """Figure 4: the boundary at one opponent score, with hold at 20 dashed."""
    from matplotlib.colors import ListedColormap

    goal = roll.shape[0]
    grid = np.full((goal, goal), np.nan)  # [k, i]
    for i in range(goal):
        for k in range(goal - i):
            value = 1.0 if roll[i, opponent, k] else 0.0
            if reach is not None and reach.states[i, opponent, k]:
                value += 2.0
            grid[k, i] = value
    figure, ax = figure_and_axes(ax, figsize=(7, 6))
    colors = ListedColormap(["#f2f2f2", "#9ecae1", "#bdbdbd", "#2171b5"])
    ax.imshow(grid, origin="lower", cmap=colors, vmin=-0.5, vmax=3.5, interpolation="nearest",
              extent=(-0.5, goal - 0.5, -0.5, goal - 0.5), aspect="auto")
    heights = boundary_heights(roll)[:, opponent]
    ax.step(np.arange(goal), heights, where="mid", color="black", linewidth=1.2,
            label="roll/hold boundary")
    ax.plot([0, goal - hold_line], [hold_line, hold_line], "k--", linewidth=1,
            label=f"hold at {hold_line}")
    ax.plot([], [], "s", color="#2171b5", label="roll, reachable")
    ax.plot([], [], "s", color="#bdbdbd", label="hold, reachable")
    ax.plot([], [], "s", color="#9ecae1", label="roll, not reachable")
    ax.set_xlabel("player 1 score i")
    ax.set_ylabel("turn total k")
    ax.set_title(f"{name}: cross-section at opponent score {opponent}")
    ax.legend(loc="upper right", fontsize=8)
    return finish(figure, path)


def state_cloud(name: str, states: np.ndarray, title: str, path: str | Path | None = None,
                max_points: int = 120_000, *, ax=None):
    """Figures 5 and 6: a 3-D scatter of a set of states."""
    goal = states.shape[0]
    figure, axes = _axes3d(ax, f"{name}: {title}", goal)
    points = np.argwhere(states)
    if len(points) > max_points:
        points = points[np.random.default_rng(0).choice(len(points), max_points, replace=False)]
    for ax in axes:
        ax.scatter(points[:, 0], points[:, 1], points[:, 2], s=0.3, c=points[:, 2],
                   cmap="viridis", depthshade=False, linewidths=0)
    return finish(figure, path)


def probability_contours(name: str, P: np.ndarray, path: str | Path | None = None,
                         levels=(0.03, 0.09, 0.27, 0.81), *, ax=None):
    """Figure 7: surfaces P(i, j, k) = level.  P grows with k, so each surface
    is the graph of the smallest k where P reaches the level."""
    goal = P.shape[0]
    figure, axes = _axes3d(ax, f"{name}: win probability contours "
                                f"({', '.join(f'{l:.0%}' for l in levels)})", goal)
    i, j = np.meshgrid(np.arange(goal), np.arange(goal), indexing="ij")
    colors = ["#08519c", "#3182bd", "#fd8d3c", "#d94701"]
    for level, color in zip(levels, colors):
        heights = np.full((goal, goal), np.nan)
        for a in range(goal):
            column = P[a, :, : goal - a] >= level
            found = column.any(axis=1)
            first = np.where(found, column.argmax(axis=1), goal - a)
            heights[a] = np.where(first == 0, np.nan, first)
        for ax in axes:
            ax.plot_surface(i, j, heights, color=color, alpha=0.55, linewidth=0, antialiased=False)
    return finish(figure, path)


def leader_boundary(name: str, heights: np.ndarray, others: int | None,
                    path: str | Path | None = None, *, ax=None):
    """The hold boundary of the player to move against the leader (N players): the
    first turn total at which the mover holds, by its score ``i`` and the next
    player's ``j``, every other player at ``others`` (None: two players, no others)."""
    figure, axes = figure_and_axes(ax, figsize=(6.5, 5.5))
    goal = heights.shape[0]
    image = axes.imshow(heights.T, origin="lower", extent=(0, goal, 0, goal), cmap="viridis",
                        aspect="equal")
    axes.set_xlabel("mover's score i")
    axes.set_ylabel("next player's score j")
    at = "" if others is None else f" (others at {others})"
    axes.set_title(f"{name}: hold at turn total{at}", fontsize=10)
    figure.colorbar(image, ax=axes, label="first turn total at which the mover holds")
    return finish(figure, path)
