"""List the numbers README.md and docs/*.md print that no row of jeopardy/pinned.py matches.

Not a test (pytest does not collect it): a reading aid for issue 17's "the
pinned table covers every number in README.md and docs/".

    python tests/pinned_coverage.py [PAGE ...] [--all]

Reads the output lines of every ``$`` command in the pages' console blocks
(the commands themselves and their options are not numbers we publish) and
every number in them: a decimal (``0.467573``, ``2.490e-04``, ``74.4%``), an
integer (``921,360``) or a fraction (``4/7``).  A number is *matched* when a
pinned value prints as it: a float (or a fraction's float) within half a unit
of the printed last digit, an exact fraction or integer equal to it, or a
pinned string or list that contains it.  Integers below 10 and numbers on
lines that are only timings, progress or cache notes are skipped unless
``--all``.  Prints, per page, each unmatched number with its line.
"""
from __future__ import annotations

import argparse
import math
import re
import sys
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jeopardy.pinned import PINNED  # noqa: E402

NUMBER = re.compile(r"(?<![\w.])(-?\d[\d,]*(?:\.\d+)?(?:e[-+]?\d+)?)(%?)(?:/(\d+))?(?![\w])")
TIMING = re.compile(r"\b\d+(?:\.\d+)? ?(?:s|ms|MB|GB|KB|min)\b|\(\d+(?:\.\d+)? s\)|median|"
                    r"solving .*%|note: ")


def _pinned_values() -> tuple[list[float], set, str]:
    floats, exact, text = [], set(), []
    for row in PINNED:
        value = row.value
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, (int, float)):
            floats.append(float(value))
            if float(value).is_integer():
                exact.add(int(value))
        elif isinstance(value, str):
            text.append(value)
            try:
                fraction = Fraction(value)
            except (ValueError, ZeroDivisionError):
                continue
            exact.add(fraction)
            floats.append(float(fraction))
    return floats, exact, "\n".join(text)


def _matches(printed: str, percent: str, denominator: str | None, pinned) -> bool:
    floats, exact, text = pinned
    plain = printed.replace(",", "")
    if denominator is not None:
        return Fraction(int(plain), int(denominator)) in exact or f"{plain}/{denominator}" in text
    if "." not in plain and "e" not in plain:
        return int(plain) in exact or re.search(rf"(?<!\d){plain}(?!\d)", text) is not None \
            or any(v == int(plain) for v in floats)
    value = float(plain) / (100 if percent else 1)
    mantissa, _, exponent = plain.partition("e")
    decimals = len(mantissa.partition(".")[2])
    half = 0.5 * 10.0 ** (int(exponent or 0) - decimals) / (100 if percent else 1)
    return any(abs(v - value) <= half * (1 + 1e-9) or abs(abs(v) - abs(value)) <= half * (1 + 1e-9)
               for v in floats if math.isfinite(v))


def output_lines(page: Path):
    """``(line number, text)`` of every output line of a ``$`` command in a console block."""
    in_block, in_output = False, False
    for number, line in enumerate(page.read_text().splitlines(), start=1):
        if line.startswith("```"):
            in_block, in_output = not in_block, False
            continue
        if not in_block:
            continue
        if line.startswith("$ "):
            in_output = True
            continue
        if in_output and not line.startswith(">>>"):
            yield number, line


def unmatched(page: Path, everything: bool = False) -> list[tuple[int, str, str]]:
    pinned = _pinned_values()
    found = []
    for number, line in output_lines(page):
        if not everything and TIMING.search(line):
            line = TIMING.sub(" ", line)
        for match in NUMBER.finditer(line):
            printed, percent, denominator = match.groups()
            plain = printed.replace(",", "")
            if not everything and denominator is None and "." not in plain and "e" not in plain \
                    and abs(int(plain)) < 10:
                continue
            if not _matches(printed, percent, denominator, pinned):
                shown = printed + percent + (f"/{denominator}" if denominator else "")
                found.append((number, shown, line.strip()))
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("pages", nargs="*")
    parser.add_argument("--all", action="store_true", help="also small integers and timing lines")
    args = parser.parse_args()
    pages = ([Path(p) for p in args.pages]
             or [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))])
    total = 0
    for page in pages:
        rows = unmatched(page, args.all)
        total += len(rows)
        print(f"== {page.relative_to(ROOT) if page.is_absolute() else page}: {len(rows)} unmatched")
        for number, shown, line in rows:
            print(f"  {number:4d}  {shown:>14}  {line[:100]}")
    print(f"{total} numbers unmatched")


if __name__ == "__main__":
    main()
