"""Shared set-up for figures: a headless backend and atomic PNG saving."""
from __future__ import annotations

from pathlib import Path

from jeopardy.files import write_atomically


def pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def save(figure, path: str | Path) -> Path:
    def write(temporary: str) -> None:
        figure.savefig(temporary, dpi=120, bbox_inches="tight", format="png")

    out = write_atomically(path, write, suffix=".png")
    pyplot().close(figure)
    return out
