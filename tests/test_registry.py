"""The one registry of games (jeopardy/rules/registry.py): every preset of every kind
by one name, listed by `jeopardy games`, and a game of another kind refused in one line
that says where it is played."""
import subprocess
import sys

import pytest

from jeopardy.errors import JeopardyError
from jeopardy.rules import registry
from jeopardy.rules.farkle_presets import PRESETS as FARKLE
from jeopardy.rules.fast_pig import FAST_PIG_PRESETS
from jeopardy.rules.presets import FALLING_PRESETS, PRESETS


def jeopardy(*words: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jeopardy", *words], capture_output=True,
                          text=True, timeout=120)


def test_every_preset_of_every_kind_is_listed_once_by_its_name():
    sources = {"dice": PRESETS, "falling": FALLING_PRESETS, "fast-pig": FAST_PIG_PRESETS,
               "farkle": FARKLE}
    names = [entry.name for entry in registry.entries()]
    assert len(names) == len(set(names))  # one namespace: no name in two kinds
    for kind, presets in sources.items():
        assert [e.name for e in registry.entries() if e.kind == kind] == list(presets)
    assert registry.find("facebook").goal == 10_000
    assert registry.find("hog").kind == "fast-pig"
    listing = jeopardy("games")
    assert listing.returncode == 0 and listing.stderr == ""
    for entry in registry.entries():
        rows = [line.split()[0] for line in listing.stdout.splitlines() if line.startswith("  ")]
        assert rows.count(entry.name) == 1


@pytest.mark.parametrize("words, said", [
    (["solve", "--game", "facebook"], "'facebook' is a farkle game, played by `jeopardy farkle"),
    (["fairness", "--game", "ten-thousand"], "not by `jeopardy fairness`"),
    (["solve", "--game", "yahtzee"], "unknown game 'yahtzee'; see `jeopardy games`: pig,"),
])
def test_a_game_of_another_kind_is_refused_in_one_line_saying_where_it_is_played(words, said):
    run = jeopardy(*words)
    assert run.returncode != 0 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and said in run.stderr
    if "yahtzee" in words:  # every kind's names, the Farkle rule sets too
        assert all(name in run.stderr for name in ("hog", "parker-brothers", "everything2"))


def test_find_refuses_an_unknown_name():
    with pytest.raises(JeopardyError, match="unknown game 'chess'"):
        registry.find("chess")
