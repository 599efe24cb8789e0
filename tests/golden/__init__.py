"""What we publish: every number README.md, docs/ and ``jeopardy reproduce`` print as ours.

The numbers are data, one JSON file per family of analyses here in tests/golden/
(``race.json``, ``farkle.json``, ...), each row on a line of its own:

    {"analysis": ..., "name": ..., "value": ..., "tolerance": ..., "why": ..., "where": ...}

Beside, and separate from, :mod:`jeopardy.published` (the literature's numbers):
these are *our* results, pinned so that a change in any solver that moves a
number we have printed fails a test (``tests/test_pinned.py`` recomputes
every row; nothing here is computed).  Each row names the analysis that
computes it (a function in that test), which of its numbers, the value, the
tolerance, why that tolerance (a key of ``reasons.json``, where the reasons are
written out once) and the page that prints it.

Exact results (``Fraction``, counts, decisions, policy strings) are compared
exactly: ``tolerance`` is null and a fraction is written ``"p/q"``.  Floats
carry the tolerance of the computation that produced them (``why``), well
below the digits the docs print, so the printed digits are pinned too.

Seeded simulations are pinned too (the same seed plays the same games), to
the digits printed.  Not pinned, on purpose: timings, sweep and pass counts,
residuals, standard errors and memory (diagnostics of how a number was
computed, which a faster solver changes); the literature's numbers that
``reproduce`` prints beside ours (jeopardy/published.py, compared by
tests/test_reproduce.py and tests/test_seed_*.py).  tests/test_pinned_coverage.py
checks that every number the pages print is a row here or belongs to one of
the classes of tests/pinned_coverage.py that are not results, each with its
reason (``python tests/pinned_coverage.py --why`` lists every number's class).

Rows marked ``slow`` (minutes in all) run in the full suite, not in
``python -m pytest -m "not slow"``; rows marked ``long`` (an analysis of many
minutes on its own, as the docs commands marked long in tests/test_docs.py)
run only with ``python -m pytest -m long tests/test_pinned.py``.

``python tests/golden/regenerate.py [--write]`` recomputes the rows and shows
what changed.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent
REASONS_FILE = GOLDEN / "reasons.json"
KEYS = ("analysis", "name", "value", "tolerance", "why", "where")
FLAGS = ("slow", "long")


@dataclass(frozen=True)
class Pinned:
    """One number we publish: ``analysis``'s ``name`` is ``value`` (within ``tolerance``)."""

    analysis: str
    name: str
    value: object  # "p/q" for a Fraction; an int, str, bool or None; a float with a tolerance
    tolerance: float | None  # None: compared exactly
    why: str  # the reason written out (reasons.json's text for the row's key)
    where: str  # the page(s) that print it
    slow: bool = False
    long: bool = False  # minutes on its own: left out by default, run with -m long
    file: str = ""  # the golden file that holds the row

    @property
    def id(self) -> str:
        return f"{self.analysis}: {self.name}"


def family(analysis: str) -> str:
    """The golden file of an analysis: its name's first word (``race pig 100`` -> race.json)."""
    return analysis.split()[0]


def files(directory: Path = GOLDEN) -> list[Path]:
    return sorted(path for path in directory.glob("*.json") if path.name != REASONS_FILE.name)


def reasons(directory: Path = GOLDEN) -> dict[str, str]:
    return json.loads((directory / REASONS_FILE.name).read_text())


def rows_of(path: Path) -> list[dict]:
    """A golden file's rows as written (``why`` still a key of reasons.json)."""
    return json.loads(path.read_text())["rows"]


def load(directory: Path = GOLDEN) -> list[Pinned]:
    """Every row of every golden file; a malformed row raises ValueError naming it."""
    why = reasons(directory)
    out = []
    for path in files(directory):
        for number, row in enumerate(rows_of(path), start=1):
            where = f"{path.name}, row {number}"
            if not set(KEYS) <= set(row) or set(row) - set(KEYS) - set(FLAGS):
                raise ValueError(f"{where}: keys {sorted(row)}")
            if row["why"] not in why:
                raise ValueError(f"{where}: no reason {row['why']!r} in {REASONS_FILE.name}")
            if family(row["analysis"]) != path.stem:
                raise ValueError(f"{where}: {row['analysis']!r} belongs in "
                                 f"{family(row['analysis'])}.json")
            out.append(Pinned(row["analysis"], row["name"], row["value"], row["tolerance"],
                              why[row["why"]], row["where"], row.get("slow", False),
                              row.get("long", False), path.name))
    return out


def render(rows: list[dict]) -> str:
    """A golden file's text: one row a line (so a diff shows one number a line)."""
    return '{"rows": [\n' + ",\n".join(json.dumps(row, ensure_ascii=False) for row in rows) + "\n]}\n"


def write_file(path: Path, rows: list[dict]) -> None:
    """Write a golden file atomically."""
    text = render(rows)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "w") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


PINNED: list[Pinned] = load()
