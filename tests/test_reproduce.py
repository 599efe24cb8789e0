"""The one-command reproduction report: every row has an honest verdict."""
import json

import pytest
from click.testing import CliRunner

from jeopardy.cli.main import cli
from jeopardy.reproduce import (EXPLAINED, MATCHES, REFUTED, UNEXPLAINED, counts,
                                linux_magazin, neller_presser, puzzle, ten_thousand)


def test_ten_thousand_and_linux_magazin_claims_all_match():
    rows = ten_thousand() + linux_magazin()
    numeric = [row for row in rows if row.numeric]
    assert numeric and all(row.verdict == MATCHES for row in numeric)
    timing = [row for row in rows if not row.numeric]
    assert [row.verdict for row in timing] == [None]  # the 101 minutes: shown apart


@pytest.mark.slow
def test_puzzle_section_refutes_the_hold_at_h_claim():
    rows = puzzle()
    refuted = [row for row in rows if row.verdict == REFUTED]
    assert [row.claim for row in refuted] == ["only hold-at-h strategies need be considered"]
    assert all(row.verdict == MATCHES for row in rows if row not in refuted)


@pytest.mark.slow
def test_neller_presser_section_explains_the_eight_turn_claim():
    rows = neller_presser()
    explained = [row for row in rows if row.verdict == EXPLAINED]
    assert len(explained) == 1 and "8 turns" in explained[0].claim
    assert "capped at 200: first at 9 turns" in explained[0].ours
    assert "unbounded: never" in explained[0].ours
    assert all(row.verdict == MATCHES for row in rows if row not in explained)


def test_counts_tally_each_verdict_separately():
    rows = ten_thousand() + linux_magazin()
    tally = counts(rows)
    assert tally == {MATCHES: 8, EXPLAINED: 0, UNEXPLAINED: 0, REFUTED: 0, "context": 1}


def test_reproduce_command_json():
    result = CliRunner().invoke(cli, ["reproduce", "--section", "ten-thousand", "--section",
                                      "linux-magazin", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["total"] == len(data["claims"]) == 8
    assert data["counts"][MATCHES] == 8 and data["counts"][REFUTED] == 0
    assert [row["claim"] for row in data["context"]] == ["value iteration in R: 101 minutes"]
    assert {"source", "claim", "published", "ours", "verdict"} <= set(data["claims"][0])


def test_literature_section():
    from jeopardy.reproduce import literature

    rows = literature()
    numeric = [row for row in rows if row.numeric]
    assert len(numeric) == 4 and all(row.verdict == MATCHES for row in numeric)
    context = [row for row in rows if not row.numeric]
    assert all(row.verdict is None for row in context)
    assert any("keep pace" in row.claim for row in context)
