"""The one-command reproduction report."""
import json

from click.testing import CliRunner

from jeopardy.cli.main import cli
from jeopardy.reproduce import linux_magazin, ten_thousand


def test_ten_thousand_and_linux_magazin_claims_all_agree():
    rows = ten_thousand() + linux_magazin()
    assert rows and all(row.agrees for row in rows)


def test_reproduce_command_json():
    result = CliRunner().invoke(cli, ["reproduce", "--section", "ten-thousand", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["agree"] == data["total"] == 7
    assert {"source", "claim", "published", "ours", "agrees"} <= set(data["claims"][0])
