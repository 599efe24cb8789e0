"""Finished rows on disk: one JSON file per task, written atomically.

``DIR/rows/<task key>.json`` appears only once its task has finished (it is
written beside its final name and renamed), so a sweep stopped at any moment
leaves whole rows or none, and a rerun skips every task whose row is there.
A row file that cannot be read, or that names another task, is not trusted:
its task runs again.
"""
from __future__ import annotations

import json
import math
from pathlib import Path

from jeopardy.errors import JeopardyError
from jeopardy.files import write_text


# The kinds of a row's fields (jeopardy.sweeps.engine.COLUMNS): numbers, and text.
NUMBERS = frozenset(("goal", "players", "value", "win_probability", "compensation_points",
                     "compensated_win_probability", "first", "second", "states", "residual",
                     "seconds", "peak_memory_bytes", "estimated_memory_bytes"))
TEXTS = frozenset(("task", "game", "ending", "analysis", "against", "worker", "error"))


class RowStore:
    """The finished rows of a sweep's output directory."""

    def __init__(self, directory: str | Path) -> None:
        self.directory = Path(directory)
        self.rows = self.directory / "rows"
        try:
            self.rows.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise JeopardyError(f"cannot create sweep output {str(self.directory)!r}: "
                                f"{error.strerror}") from None

    def path(self, key: str) -> Path:
        return self.rows / f"{key}.json"

    def read(self, key: str, expect: dict | None = None) -> dict | None:
        """The finished row of task ``key``, or None (missing or damaged): a row that is not
        JSON, names another task, differs from ``expect`` (the task's game, goal, ...), or
        holds a value of the wrong kind (a number that is text) is run again."""
        try:
            row = json.loads(self.path(key).read_text())
        except (OSError, ValueError, RecursionError):
            return None
        if not isinstance(row, dict) or row.get("task") != key:
            return None
        if any(row.get(name) != value for name, value in (expect or {}).items()):
            return None
        for name, value in row.items():
            if value is None:
                continue
            if name in NUMBERS and (isinstance(value, bool)
                                    or not isinstance(value, (int, float))):
                return None
            if name in TEXTS and not isinstance(value, str):
                return None
        return row

    def write(self, row: dict) -> Path:
        clean = {k: (None if isinstance(v, float) and not math.isfinite(v) else v)
                 for k, v in row.items()}
        return write_text(self.path(row["task"]), json.dumps(clean, sort_keys=True) + "\n")
