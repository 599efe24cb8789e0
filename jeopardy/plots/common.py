"""Shared set-up for figures: a headless backend and atomic saving (PNG, SVG, PDF by suffix)."""
from __future__ import annotations

from pathlib import Path

from jeopardy.files import write_atomically


def pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


FORMATS = {".png": "png", ".svg": "svg", ".pdf": "pdf"}


def save(figure, path: str | Path) -> Path:
    """Write the figure in the format its suffix names (.png, .svg, .pdf)."""
    from jeopardy.errors import JeopardyError

    suffix = Path(str(path)).suffix.lower()
    if suffix not in FORMATS:
        pyplot().close(figure)
        raise JeopardyError(f"cannot write figure {str(path)!r}: the name must end in "
                            f"{', '.join(FORMATS)}")

    def write(temporary: str) -> None:
        figure.savefig(temporary, dpi=120, bbox_inches="tight", format=FORMATS[suffix])

    out = write_atomically(path, write, suffix=suffix)
    pyplot().close(figure)
    return out
