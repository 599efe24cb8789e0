"""Runs of minutes that tests of more than one file check, made once per process.

tests/conftest.py (``_SHARED_RUNS``) keeps the tests that share a run in one work
group, so that a parallel run makes each of them once too.  Each is the real
command or computation, made in this run: nothing is stored between runs.
"""
from __future__ import annotations

import functools
import subprocess
import sys
import tempfile


@functools.lru_cache(maxsize=None)
def variants_json() -> subprocess.CompletedProcess:
    """``jeopardy variants --json`` run as a subprocess (every appendix variant solved,
    about a minute): tests/test_schemas.py checks its stdout is one JSON document,
    tests/test_pinned.py ("variants") its first player's chances."""
    return subprocess.run([sys.executable, "-m", "jeopardy", "variants", "--json"],
                          capture_output=True, text=True, timeout=1800,
                          cwd=tempfile.gettempdir())
