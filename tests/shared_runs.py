"""Runs of minutes that tests of more than one file check, made once per process.

tests/conftest.py (``_SHARED_RUNS``) keeps the tests that share a run in one work
group, so that a parallel run makes each of them once too.  Each is the real
command or computation, made in this run: nothing is stored between runs.
"""
from __future__ import annotations

import functools
import os
import subprocess
import sys
import tempfile
from pathlib import Path


def _environment(**more: str) -> dict:
    """The subprocesses' environment, read when they start (after the session's fixtures
    set theirs: the private solution cache), with this checkout's package first on the
    path (a mutant's copy under tests/mutation_catalog.py, not the installed one)."""
    root = str(Path(__file__).resolve().parent.parent)
    path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PYTHONPATH": path, **more}


@functools.lru_cache(maxsize=None)
def variants_json() -> subprocess.CompletedProcess:
    """``jeopardy variants --json`` run as a subprocess (every appendix variant solved,
    about a minute): tests/test_schemas.py checks its stdout is one JSON document,
    tests/test_pinned.py ("variants") its first player's chances."""
    return subprocess.run([sys.executable, "-m", "jeopardy", "variants", "--json"],
                          capture_output=True, text=True, timeout=1800,
                          cwd=tempfile.gettempdir(), env=_environment())


@functools.lru_cache(maxsize=None)
def exact_pig_100() -> tuple[subprocess.CompletedProcess, str]:
    """``jeopardy exact --game pig --goal 100 --out FILE --state 41,49,22 --state 0,0,20
    --json`` run as a subprocess (every equation of Pig to 100 in exact rationals, about
    10 s), and the text it wrote to FILE: tests/test_exact.py checks the command, the
    file and the JSON, tests/test_pinned.py ("exact pig 100") the values it reports."""
    with tempfile.TemporaryDirectory(prefix="exact-pig-100-") as folder:
        out = f"{folder}/pig100.txt"
        # Python's default limit on int-to-string conversion, whatever the caller's
        done = subprocess.run([sys.executable, "-m", "jeopardy", "exact", "--game", "pig",
                               "--goal", "100", "--out", out, "--state", "41,49,22",
                               "--state", "0,0,20", "--json", "--no-progress"],
                              capture_output=True, text=True, timeout=1800, cwd=folder,
                              env=_environment(PYTHONINTMAXSTRDIGITS="4300"))
        try:
            with open(out) as handle:
                return done, handle.read()
        except OSError:
            return done, ""
