"""Issue 17: the pinned table covers every number README.md and docs/ print.

Each number on a page's command output is pinned by a row of
tests/golden/ (and so recomputed by tests/test_pinned.py), or belongs to
one of the named classes of tests/pinned_coverage.py that are not results
(diagnostics, echoed inputs, coordinates, the literature's numbers, refusals'
estimates, seeded games' events), each with its reason.  A number in neither
fails here: pin it, or name why it is not a result.  Nothing is computed: the
page's numbers are compared with the table's values.
"""
from __future__ import annotations

import re

import pytest

import pinned_coverage
from pinned_coverage import PAGES, ROOT, unclassified


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_printed_number_is_pinned_or_named(page):
    left = unclassified(page)
    assert not left, (f"{len(left)} numbers on {page.name} are neither pinned in "
                      "tests/golden/ nor named in tests/pinned_coverage.py:\n"
                      + "\n".join(f"  line {n}: {shown}   ({text[:90]})" for n, shown, text in left))


def test_a_changed_number_is_caught(tmp_path):
    """A page whose published number drifts from the table is flagged (the check can fail)."""
    page = tmp_path / "page.md"
    page.write_text("```console\n$ jeopardy solve\n"
                    "pig to 100: P(0,0,0) = 0.530593\n"
                    "pig to 100: P(0,0,0) = 0.530594\n```\n")
    assert [shown for _, shown, _ in unclassified(page)] == ["0.530594"]


def test_every_class_has_a_reason_and_matches_something():
    """No class or pattern is dead: each names why, and each pattern classifies a number."""
    used = set()
    lines = [text for page in PAGES for _, _, text in pinned_coverage.output_lines(page)]
    for name, reason, patterns in pinned_coverage.NOT_RESULTS:
        assert len(reason) > 40, name
        for pattern in patterns:
            if any(re.search(pattern, line) for line in lines):
                used.add(pattern)
    dead = [p for _, _, patterns in pinned_coverage.NOT_RESULTS for p in patterns if p not in used]
    assert not dead, dead
