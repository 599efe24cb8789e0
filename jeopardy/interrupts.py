"""The interrupt path: long numba loops run in short chunks.

Python handles SIGINT by raising :class:`KeyboardInterrupt` the next time the
interpreter runs, which never happens while a compiled kernel loops.  So
every long kernel is called in chunks of about :data:`CHUNK_SECONDS`
(:func:`chunk_size`); the interrupt then surfaces within that time, and the
CLI's error group (:class:`jeopardy.cli.common.ErrorReportingGroup`) prints
"interrupted" and exits with status 130.  Results do not depend on the chunking.
"""
from __future__ import annotations

CHUNK_SECONDS = 0.2


def chunk_size(total: int, seconds_per_item: float) -> int:
    """Items per chunk so that a chunk takes about :data:`CHUNK_SECONDS` (at least 1)."""
    if seconds_per_item <= 0:
        return max(1, total)
    return max(1, min(total, int(CHUNK_SECONDS / seconds_per_item)))
