"""The interrupt path: long numba loops run in short chunks.

Python handles SIGINT by raising :class:`KeyboardInterrupt` the next time the
interpreter runs, which never happens while a compiled kernel loops.  So
every long kernel is called in chunks of about :data:`CHUNK_SECONDS`
(:func:`chunk_size`); the interrupt then surfaces within that time, and the
CLI's error group (:class:`jeopardy.cli.common.ErrorReportingGroup`) prints
"interrupted" and exits with status 130.  Results do not depend on the chunking.

:func:`chunk_size` sizes chunks from a calibrated cost per item;
:func:`timed_chunks` from the time the previous chunk took (for loops whose
cost per item varies with the game: Ten Thousand, the expected-score game).
"""
from __future__ import annotations

import time
from typing import Iterator

CHUNK_SECONDS = 0.2


def chunk_size(total: int, seconds_per_item: float) -> int:
    """Items per chunk so that a chunk takes about :data:`CHUNK_SECONDS` (at least 1)."""
    if seconds_per_item <= 0:
        return max(1, total)
    return max(1, min(total, int(CHUNK_SECONDS / seconds_per_item)))


def timed_chunks(total: int, seconds_per_item: float) -> Iterator[tuple[int, int]]:
    """``(start, size)`` of consecutive chunks covering ``range(total)``.

    The first chunk is sized from the guess ``seconds_per_item``, each later
    one from the time the previous chunk took (the consumer's work between
    two yields), growing at most tenfold a step, so every chunk takes about
    :data:`CHUNK_SECONDS` however wrong the guess was.
    """
    start = 0
    size = chunk_size(total, seconds_per_item)
    while start < total:
        size = max(1, min(size, total - start))
        began = time.perf_counter()
        yield start, size
        elapsed = time.perf_counter() - began
        start += size
        measured = elapsed / size
        size = min(10 * size, chunk_size(max(total - start, 1), measured))
