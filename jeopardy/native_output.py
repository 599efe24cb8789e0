"""Keep what native libraries print off our standard output.

A C or C++ library writes to file descriptor 1 directly, past Python's
``sys.stdout``: HiGHS 1.16 prints a two-line banner there from every solve,
whatever options cvxpy passes it (``output_flag=False`` included).  Anything
on stdout breaks the ``--json`` output users pipe, so every native call that
might print runs inside :func:`native_stdout_captured`: descriptor 1 points at
a temporary file for the call's duration, and what landed there is returned
to the caller (who drops it, or shows it on stderr when the call failed).

The redirection is process-wide, so concurrent callers (threads of a Dask
worker or the web server) share one: a lock and a count make the first to
enter redirect and the last to leave restore.  Python-level writes to
``sys.stdout`` from other threads while a solve runs would be captured too,
which is why only the short native calls are wrapped, never a whole command.
"""
from __future__ import annotations

import os
import sys
import tempfile
import threading
from contextlib import contextmanager
from typing import Iterator

_lock = threading.Lock()
_depth = 0
_saved_fd: int | None = None
_capture = None  # the temporary file descriptor 1 points at


class Captured:
    """What native code wrote to descriptor 1 inside the block (``text`` after it ends)."""

    def __init__(self) -> None:
        self.text = ""


def _flush_python_stdout() -> None:
    for stream in (sys.stdout, sys.__stdout__):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):  # a closed or broken stream: nothing to keep in order
            pass


@contextmanager
def native_stdout_captured() -> Iterator[Captured]:
    """Point descriptor 1 at a temporary file while the block runs.

    Yields a :class:`Captured` whose ``text`` holds what was written there
    once the block ends (the whole capture when blocks overlap in threads).
    When descriptor 1 is not open there is nothing to protect and the block
    runs as it is.
    """
    global _depth, _saved_fd, _capture
    captured = Captured()
    with _lock:
        if _depth == 0:
            try:
                saved = os.dup(1)
            except OSError:  # stdout closed: nothing can reach it
                saved = None
            if saved is not None:
                _flush_python_stdout()
                _capture = tempfile.TemporaryFile()
                os.dup2(_capture.fileno(), 1)
            _saved_fd = saved
        _depth += 1
    try:
        yield captured
    finally:
        with _lock:
            _depth -= 1
            capture = _capture
            if capture is not None:
                _flush_python_stdout()
                capture.seek(0)
                captured.text = capture.read().decode("utf-8", "replace")
                capture.seek(0, os.SEEK_END)
            if _depth == 0 and _saved_fd is not None:
                os.dup2(_saved_fd, 1)
                os.close(_saved_fd)
                _saved_fd = None
                if capture is not None:
                    capture.close()
                _capture = None
