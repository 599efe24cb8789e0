"""Recompute the golden numbers and show what changed; write them only when asked.

    python tests/golden/regenerate.py [--write] [--slow] [--long] [--only TEXT ...]

Runs the analyses of tests/test_pinned.py (each once) for the golden rows
chosen: by default the quick ones (``--slow`` adds the rows of minutes,
``--long`` those of many minutes; ``--only`` keeps the analyses whose name
contains one of the TEXTs).  Prints one line per number that moved (``!`` when
outside the row's tolerance, as tests/test_pinned.py would fail; ``~`` when it
moved within it) and any number an analysis no longer computes, then the
unified diff of each golden file that would change.  ``--write`` writes those
files (atomically); without it nothing is written.  Exit status 1 when a
number is missing, or outside its tolerance and not written; 0 otherwise.
"""
from __future__ import annotations

import argparse
import difflib
import sys
from fractions import Fraction
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS))  # golden, test_pinned
sys.path.insert(0, str(TESTS.parent))  # the checkout's jeopardy

import golden  # noqa: E402


def as_stored(ours, stored):
    """``ours`` in the JSON type of the stored value (a Fraction as ``"p/q"``)."""
    if isinstance(ours, Fraction):
        return str(ours)
    if isinstance(stored, bool):
        return bool(ours)
    if isinstance(stored, int) and not isinstance(stored, bool):
        return int(ours)
    if isinstance(stored, float):
        return float(ours)
    return ours


def moved(row: golden.Pinned, ours) -> tuple[bool, bool]:
    """``(changed at all, outside the tolerance)`` of a recomputed value."""
    if row.tolerance is None:
        expected = Fraction(row.value) if isinstance(ours, Fraction) else row.value
        return ours != expected, ours != expected
    difference = abs(ours - row.value)
    return difference != 0, difference > row.tolerance


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write the changed golden files")
    parser.add_argument("--slow", action="store_true", help="also the rows marked slow")
    parser.add_argument("--long", action="store_true", help="also the rows marked long")
    parser.add_argument("--only", nargs="+", metavar="TEXT", help="analyses whose name has TEXT")
    options = parser.parse_args(argv)

    import test_pinned

    chosen = [row for row in golden.load()
              if (options.long or not row.long) and (options.slow or options.long or not row.slow)
              and (not options.only or any(text in row.analysis for text in options.only))]
    if not chosen:
        print("no golden row chosen", file=sys.stderr)
        return 2
    changes: dict[str, dict[str, object]] = {}  # file -> row id -> new value
    missing = outside_tolerance = 0
    for row in chosen:
        if row.analysis not in test_pinned.ANALYSES:
            print(f"? {row.file}: {row.id}: no analysis {row.analysis!r} in tests/test_pinned.py")
            missing += 1
            continue
        ours = test_pinned.ANALYSES[row.analysis]()
        if row.name not in ours:
            print(f"? {row.file}: {row.id}: the analysis no longer computes it")
            missing += 1
            continue
        changed, outside = moved(row, ours[row.name])
        if changed:
            value = as_stored(ours[row.name], row.value)
            mark = "!" if outside else "~"
            tolerance = "exact" if row.tolerance is None else f"tolerance {row.tolerance:g}"
            print(f"{mark} {row.file}: {row.id}: {row.value!r} -> {value!r} ({tolerance})")
            changes.setdefault(row.file, {})[row.id] = value
            outside_tolerance += outside
    print(f"{len(chosen)} rows recomputed ({len({r.analysis for r in chosen})} analyses): "
          f"{sum(map(len, changes.values()))} changed, {outside_tolerance} of them outside "
          f"the tolerance; {missing} missing")
    for name, values in sorted(changes.items()):
        path = golden.GOLDEN / name
        rows = golden.rows_of(path)
        for stored in rows:
            key = f"{stored['analysis']}: {stored['name']}"
            if key in values:
                stored["value"] = values[key]
        before, after = path.read_text(), golden.render(rows)
        if options.write:
            golden.write_file(path, rows)
        sys.stdout.writelines(difflib.unified_diff(
            before.splitlines(keepends=True), after.splitlines(keepends=True),
            f"a/tests/golden/{name}", f"b/tests/golden/{name}"))
    if changes and not options.write:
        print("nothing written (--write writes these files)")
    return 1 if missing or (outside_tolerance and not options.write) else 0


if __name__ == "__main__":
    sys.exit(main())
