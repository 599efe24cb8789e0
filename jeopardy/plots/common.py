"""Shared set-up for figures: matplotlib's object API and atomic saving (PNG, SVG, PDF by suffix).

Figures are made with :class:`matplotlib.figure.Figure`, never through
``pyplot``: no backend is switched and no global figure state is kept, so the
plot functions work the same in a script, a notebook (where the returned
Figure shows inline) or a worker process.  Each plot function takes ``ax=`` to
draw into an existing Axes and returns the Figure; :func:`save` writes one.
"""
from __future__ import annotations

from pathlib import Path

from jeopardy.files import write_atomically


def figure_and_axes(ax=None, figsize=(8, 4), **subplot_options):
    """``(figure, axes)``: ``ax`` and its figure, or a new Figure with one Axes."""
    if ax is not None:
        return ax.figure, ax
    from matplotlib.figure import Figure

    figure = Figure(figsize=figsize)
    return figure, figure.add_subplot(**subplot_options)


def finish(figure, path: str | Path | None = None):
    """The figure, written to ``path`` first when one is given."""
    if path is not None:
        save(figure, path)
    return figure


FORMATS = {".png": "png", ".svg": "svg", ".pdf": "pdf"}


def save(figure, path: str | Path) -> Path:
    """Write the figure in the format its suffix names (.png, .svg, .pdf)."""
    from jeopardy.errors import JeopardyError

    suffix = Path(str(path)).suffix.lower()
    if suffix not in FORMATS:
        _release(figure)
        raise JeopardyError(f"cannot write figure {str(path)!r}: the name must end in "
                            f"{', '.join(FORMATS)}")

    def write(temporary: str) -> None:
        figure.savefig(temporary, dpi=120, bbox_inches="tight", format=FORMATS[suffix])

    out = write_atomically(path, write, suffix=suffix)
    _release(figure)
    return out


def _release(figure) -> None:
    """Close a pyplot-managed figure (object-API figures are simply garbage)."""
    import sys

    plt = sys.modules.get("matplotlib.pyplot")
    if plt is not None and plt.fignum_exists(getattr(figure, "number", -1)):
        plt.close(figure)
