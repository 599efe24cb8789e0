"""The sweep's standard figure: each analysis's value against the goal, one line per variant.

Built with matplotlib's object API (``matplotlib.figure.Figure``, no pyplot
state), so it is safe in notebooks, scripts and Dask workers alike.
"""
from __future__ import annotations

from pathlib import Path

from jeopardy.errors import JeopardyError
from jeopardy.files import write_atomically

LABELS = {
    "solve": "P(first player wins), optimal play",
    "fairness": "compensation points for the second player",
    "compare": "P(optimal beats {against}), fair start",
    "simultaneous": "value of the simultaneous single-turn game",
    "solitaire": "fewest expected turns to the goal, alone",
}
FORMATS = (".png", ".svg")


def value_against_goal(frame, analyses=None):
    """A Figure with one panel per analysis: ``value`` against ``goal`` per game.

    ``frame`` is a sweep's table; rows with an error are left out, and so are
    rows of more players than the fewest in it.  Each ``compare`` policy gets its
    own panel; a sweep over several endings draws a line per game and ending.
    """
    from matplotlib.figure import Figure

    good = frame[(frame["error"] == "") & frame["value"].notna()]
    if players := sorted(set(good["players"].dropna())):
        good = good[good["players"] == players[0]]
    endings = good["ending"].nunique() > 1
    panels = []
    for analysis in analyses or list(dict.fromkeys(good["analysis"])):
        part = good[good["analysis"] == analysis]
        for against in dict.fromkeys(part["against"]):
            panels.append((analysis, against, part[part["against"] == against]))
    if not panels:
        raise JeopardyError("nothing to plot: no sweep row has a value")
    figure = Figure(figsize=(7, 3.6 * len(panels)), layout="constrained")
    for n, (analysis, against, part) in enumerate(panels, start=1):
        ax = figure.add_subplot(len(panels), 1, n)
        for (game, ending), rows in part.groupby(["game", "ending"], sort=False):
            rows = rows.sort_values("goal")
            style = "o-" if len(rows) <= 30 else "-"
            label = f"{game}, {ending}" if endings else game
            ax.plot(rows["goal"].astype(float), rows["value"], style, markersize=3, label=label)
        ax.set_xlabel("goal")
        ax.set_ylabel(LABELS.get(analysis, analysis).format(against=against), fontsize=9)
        if analysis in ("solve", "compare"):
            ax.axhline(0.5, color="grey", linewidth=0.6)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    return figure


def save(figure, path: str | Path) -> Path:
    """Write the figure as PNG or SVG, chosen by the file's suffix."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise JeopardyError(f"cannot write a figure to {str(path)!r}: use a .png or .svg name")

    def write(temporary: str) -> None:
        figure.savefig(temporary, dpi=120, format=suffix[1:])

    return write_atomically(path, write, suffix=suffix)
