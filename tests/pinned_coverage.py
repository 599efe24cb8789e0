"""Every number README.md and docs/*.md print: pinned in tests/golden/, or named as not a result.

Issue 17: "the pinned table covers every number in README.md and docs/".
``tests/test_pinned_coverage.py`` runs :func:`unclassified` over every page
and fails on any number it returns; this script prints the same reading:

    python tests/pinned_coverage.py [PAGE ...] [--why]

It reads the output lines of every ``$`` command in the pages' console blocks
(the commands themselves are inputs, not results) and every number in them:
a decimal (``0.467573``, ``2.490e-04``, ``74.4%``), an integer (``921,360``)
or a fraction (``4/7``).  A number is **pinned** when a row of
tests/golden/ (:data:`golden.PINNED`) prints as it: a float (or a fraction's float)
within half a unit of the printed last digit, an exact fraction or integer
equal to it, or a pinned text (a policy, a support list, a rule: a row's value
or the rule named in a row's name) that the line contains around it.

Otherwise it must belong to one of :data:`NOT_RESULTS`, each a narrow pattern
with the reason that number is not a result we publish: how a result was
computed (residuals, sweep counts, times, standard errors, proved caps), an
input the command echoes (its goal, the scores asked about, the numbers of
its command line and of the files it reads), a coordinate naming a pinned
value (the state of ``P(41,49,22)``), the literature's number printed beside
ours (jeopardy/published.py, compared by tests/test_reproduce.py), the
estimate in a refusal (tests/test_hardening.py), the other player's chance
``1 - p`` of a pinned ``p``, or a seeded game's events (compared verbatim by
tests/test_docs.py).  Integers below 10 are skipped (turn counts, dice,
players, ranks).  Anything else is *unclassified*: pin it, or name why it is
not a result.
"""
from __future__ import annotations

import argparse
import math
import re
import shlex
import sys
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the golden rows

from golden import PINNED  # noqa: E402

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
NUMBER = re.compile(r"(?<![\w.])(-?\d(?:[\d,]*\d)?(?:\.\d+)?(?:e[-+]?\d+)?)(%?)(?:/(\d+))?(?![\w])")
# A rule as a pinned row's name or value spells it: "roll at 0,2-4,6-18,20", "hold at 21".
RULE_TEXT = re.compile(r"(?:roll|hold|bank) at [\d,\-]+\d|[\d,]*\d,\d[\d,]*")

_TIMES = r"\d[\d,]*(?:\.\d+)?(?:e[-+]?\d+)? ?(?:ms|s|MB|GB|TB|KB|min|minutes|days)\b"


def _rule(pattern: str) -> re.Pattern:
    return re.compile(pattern)


# (name, reason, patterns): a number is of the class when it lies inside the
# group "n" of one of the patterns' matches on its line.
NOT_RESULTS = [
    ("diagnostic", "how a result was computed, not the result: a residual, a difference from "
     "another solver, a sweep, pass or step count, a time or memory, a standard error, a proved "
     "cap or state-space size; tests bound them (e.g. residual < 1e-12) instead of pinning "
     "them, since a faster solver changes them", [
         r"residual(?: over all states)?:? (?P<n>\S+?)[,)]?(?:\s|$)",
         r"\"(?:max_)?residual\": (?P<n>\S+?),?$",
         r"from the float solver \(turn-start values\): (?P<n>\S+)",
         r"\"float_max_difference\": (?P<n>\S+?),?$",
         r"(?P<n>[\d,]+) (?:sweeps|passes|policy-iteration steps|double-oracle rounds)\b",
         r"\"(?:sweeps|cap|iterations)\": (?P<n>\d+)",
         r"\+- (?P<n>[\d.]+)",
         r"standard deviation (?P<n>[\d.]+)",
         r"\"(?:seconds|distributions|matrix|dominance|lp|verify|total)\": (?P<n>\S+?),?$",
         r"(?P<n>" + _TIMES + r")",
         r"\bcap (?P<n>\d+)",
         r"(?P<n>\d+) mixed turn starts",
         r"largest indifference gap (?P<n>\S+?)\)",
         r"exact value within (?P<n>\S+);",
         r"(?P<n>1e-12) allows",
         r"  (?P<n>\d+\.\d)$",  # preset_survey.py's last column: milliseconds
         r"(?P<n>[\d,]+) states, ",
         r"(?P<n>[\d,]+) of [\d,]+ states reach",
         r"of (?P<n>[\d,]+) (?:states|score pairs|turn starts)",
         r"\(rolling in (?P<n>[\d,]+)\)",
         r"gap (?P<n>[\d.]+)\)",
         r"roll - hold = (?P<n>[-+]\d\.\d+e-1[2-9])\)",  # a tie: its margin is 0 exactly
         r"difference in P\(0,0,0\): (?P<n>\S+)",
         r"widest interval (?P<n>\S+)",
         r"better by at most (?P<n>\S+)",
         r"(?P<n>[\d,]+) states (?:read|solved)",
         r"(?P<n>\d+) tasks, (?P<n2>\d+) with an error",
     ]),
    ("input", "an input the command echoes: the goal, the scores or bonuses asked about, a "
     "number of its command line or of a file it reads, a preset's data size", [
         r"\bto (?P<n>[\d,]+)\b",
         r"\bgoal +(?P<n>[\d,]+)",
         r"against (?P<n>\d+)",
         r"\b(?P<n>\d+) vs (?P<n2>\d+)",
         r"(?:you|computer) (?P<n>\d+),",
         r"iff [^:]*?(?P<n>\d+)(?::|\s|$|\")",
         r"minimum bank (?P<n>\d+)",
         r"first bank \(?at least (?P<n>\d+)",  # a house rules file's entry
         r"farkles in a row lose (?P<n>\d+)",  # a house rules file's penalty
         r"\b(?:Busche|ACG) (?P<n>20\d\d)\b",  # a preset's source, by its year (`jeopardy games`)
         r"(?P<n>\d+) to get on the board",  # a Farkle preset's entry minimum (`jeopardy games`)
         r"\"c\": \"(?P<n>\d+)\"",
         r"docs/examples/\S*?(?P<n>\d+)",
         r"capped at (?P<n>\d+)",
         r"^\s*(?P<n>\d+)(?:\s+[\d.]+){3,5}\s*$",  # a sweep table's goal (the TOML's range)
         r"(?P<n>[\d,]+) (?:recorded rolls|rolls)\b",
         r"\bfrom scores (?P<n>\d+)-\d+",
         r"within N = \d+-(?P<n>\d+) turns",
         r"\b(?P<n>[\d,]+) games\b",
         r"^\s*(?P<n>-?\d+)\s+0\.\d{6}$",  # a fairness table's candidate bonus
         r"^\s*\d+\s+(?:first|second) (?P<n>\d+) vs (?P<n2>\d+)",
     ]),
    ("coordinate", "the state or item naming a pinned value, not a value", [
         r"\bunder (?P<n>[\d,]+)\s+(?P<n2>[\d,]+) to ",  # a strategy card's columns
         r" to (?P<n>[\d,]+)\s+(?P<n2>[\d,]+) or more$",  # (the other player's score bands)
         r"P_?\{?\((?P<n>[\d,]+)\)",
         r"P_\{(?P<n>[\d,]+)\}",
         r"\bturn (?P<n>\d+), score",
         r"\bscore (?P<n>\d+)\b",
         r"turn total (?P<n>\d+)",
         r"scores? (?P<n>\d+)-(?P<n2>\d+)",
         r"(?P<n>\d+) \(by",
         r"\"(?P<n>\d+)\": ",
         r"^\s*(?P<n>\d+)\s+[\d.]+\s+=\s+\d+/\d+$",
         r"^hold (?P<n>\d+),",
         r"^(?P<n>\d+)\s+[\d.]+\s+[\d.]+$",
         r"at turns \d+-(?P<n>\d+)",
         r"in (?P<n>\d{3,})-(?P<n2>\d{3,})",
     ]),
    ("literature", "the literature's number, printed beside ours (jeopardy/published.py; "
     "tests/test_reproduce.py and tests/test_seed_*.py compare them)", [
         r"^\s*published: (?P<n>.*)$",
         r"^== .*?(?P<n>\d{4})$",
         r"^\[[\w-]+\] (?P<n>.*)$",  # a claim, as the literature states it
         r"(?P<n>\d+) of (?P<n2>\d+) cells",
         r"(?P<n>\d+) claims: (?P<n2>\d+) matches",
         r"^\s*note: .*?(?P<n>.*)$",
     ]),
    ("refusal", "the estimate in a refusal, not a result (tests/test_hardening.py and "
     "tests/test_fuzz_cli.py check the refusals)", [
         r"jeopardy: error: (?P<n>.*)$",
     ]),
    ("game", "a seeded game's or example's events (dice thrown, points scored, banked), compared "
     "verbatim by tests/test_docs.py; a coached Fast Pig / Hog game's hints at the scores it "
     "reached (tests/test_fast_pig_play.py checks them against the rules-first oracle)", [
         r"best: \d+ dic?e?, P\(win\) (?P<n>[\d.]+)$",
         r"P\(win\) with \d+ dic?e?: (?P<n>[\d.]+) \(loss (?P<n2>[\d.]+)\)$",
         r"dic?e?: [\d ]+ = (?P<n>\d+) points; (?:you|computer) (?P<n2>\d+)$",
         r"points?; (?:you|computer) (?P<n>\d+)$",
         r"(?:throw|throws): [\d ]+: (?P<n>\d+) points",
         r"(?:bank|banks): (?P<n>\d+)$",
         r"wins: (?P<n>\d+) to (?P<n2>\d+)$",
         r"^[\d ]+: (?P<n>\d+) points, set aside",
         r"roll at \d[\d,\-]*?(?P<n>\d+(?:,\d+)+)",
     ]),
]


def _compiled():
    out = []
    for name, reason, patterns in NOT_RESULTS:
        out.append((name, reason, [re.compile(p) for p in patterns]))
    return out


_CLASSES = _compiled()


def _pinned_values():
    floats, exact, texts = [], set(), set()
    for row in PINNED:
        texts.update(RULE_TEXT.findall(row.name))
        value = row.value
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, (int, float)):
            floats.append(float(value))
            if float(value).is_integer():
                exact.add(int(value))
        elif isinstance(value, str):
            texts.add(value)
            texts.update(RULE_TEXT.findall(value))
            try:
                fraction = Fraction(value)
            except (ValueError, ZeroDivisionError):
                continue
            exact.add(fraction)
            floats.append(float(fraction))
    return floats, exact, sorted((t for t in texts if any(c.isdigit() for c in t)), key=len,
                                 reverse=True)


def _near(value: float, half: float, floats) -> bool:
    return any(abs(v - value) <= half * (1 + 1e-9) for v in floats if math.isfinite(v))


def _printed_value(printed: str, percent: str):
    plain = printed.replace(",", "")
    value = float(plain) / (100 if percent else 1)
    mantissa, _, exponent = plain.partition("e")
    decimals = len(mantissa.partition(".")[2])
    half = 0.5 * 10.0 ** (int(exponent or 0) - decimals) / (100 if percent else 1)
    return value, half


def _is_pinned(printed, percent, denominator, pinned) -> bool:
    floats, exact, _ = pinned
    plain = printed.replace(",", "")
    if denominator is not None:
        return Fraction(int(plain), int(denominator)) in exact
    if "." not in plain and "e" not in plain and not percent:
        return int(plain) in exact or any(v == int(plain) for v in floats)
    value, half = _printed_value(printed, percent)
    return _near(value, half, floats) or _near(-value, half, floats)


def _complement(printed, percent, denominator, pinned) -> bool:
    if denominator is not None or ("." not in printed and "e" not in printed):
        return False
    value, half = _printed_value(printed, percent)
    return 0 < value < 1 and _near(1 - value, half, pinned[0])


def output_lines(page: Path):
    """``(line number, command, text)`` of every output line of a ``$`` command."""
    in_block, command = False, None
    for number, line in enumerate(page.read_text().splitlines(), start=1):
        if line.startswith("```"):
            in_block, command = not in_block, None
            continue
        if not in_block:
            continue
        if line.startswith("$ "):
            command = line[2:]
            continue
        if command is not None and not line.startswith(">>>"):
            yield number, command, line


def _command_numbers(command: str) -> set[str]:
    """The numbers of a command line and of the files it reads (docs/examples/...)."""
    text = command
    try:
        words = shlex.split(command)
    except ValueError:
        words = command.split()
    for word in words:
        path = ROOT / word
        if word.startswith("docs/examples/") and path.is_file() and path.stat().st_size < 100_000:
            try:
                text += "\n" + path.read_text()
            except UnicodeDecodeError:
                pass
    return {m.replace(",", "") for m in re.findall(r"-?\d[\d,]*(?:\.\d+)?", text)}


def classify(page: Path):
    """``(line, number, class, text)`` of every number on the page's command output; class is
    "pinned", one of :data:`NOT_RESULTS`' names, "complement", "small", or None (unclassified)."""
    pinned = _pinned_values()
    for number, command, line in output_lines(page):
        echoed = _command_numbers(command)
        covered = []
        stripped = line.strip()
        if len(stripped) >= 12 and any(stripped in text for text in pinned[2]):
            covered.append((0, len(line)))
        for text in pinned[2]:
            start = line.find(text)
            while start >= 0:
                covered.append((start, start + len(text)))
                start = line.find(text, start + 1)
        spans = []
        for name, _, patterns in _CLASSES:
            for pattern in patterns:
                for match in pattern.finditer(line):
                    for group in ("n", "n2"):
                        if group in pattern.groupindex and match.group(group) is not None:
                            spans.append((match.start(group), match.end(group), name))
        for match in NUMBER.finditer(line):
            printed, percent, denominator = match.groups()
            shown = printed + percent + (f"/{denominator}" if denominator else "")
            plain = printed.replace(",", "")
            start, end = match.span()
            if denominator is None and "." not in plain and "e" not in plain \
                    and abs(int(plain)) < 10:
                kind = "small"
            elif _is_pinned(printed, percent, denominator, pinned) \
                    or any(a <= start and end <= b for a, b in covered):
                kind = "pinned"
            elif _complement(printed, percent, denominator, pinned):
                kind = "complement"
            else:
                kind = next((name for a, b, name in spans if a <= start and end <= b), None)
                if kind is None and plain.rstrip(",") in echoed:
                    kind = "input"
            yield number, shown, kind, line.strip()


def unclassified(page: Path) -> list[tuple[int, str, str]]:
    return [(n, shown, text) for n, shown, kind, text in classify(page) if kind is None]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("pages", nargs="*")
    parser.add_argument("--why", action="store_true", help="also list every number's class")
    args = parser.parse_args()
    pages = [Path(p).resolve() for p in args.pages] or PAGES
    total, counts = 0, {}
    for page in pages:
        rows = list(classify(page))
        left = [r for r in rows if r[2] is None]
        total += len(left)
        print(f"== {page.relative_to(ROOT)}: {len(left)} unclassified of {len(rows)}")
        for number, shown, kind, line in rows:
            counts[kind] = counts.get(kind, 0) + 1
            if kind is None or args.why:
                print(f"  {number:4d}  {shown:>14}  {kind or '??':>10}  {line[:100]}")
    print(", ".join(f"{k or 'unclassified'} {v}" for k, v in sorted(counts.items(), key=str)))
    print(f"{total} numbers unclassified")


if __name__ == "__main__":
    main()
