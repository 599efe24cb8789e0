"""Match endings as objects (jeopardy/match/endings.py): one class per rule, one registry
that the command line's --ending choices, the web app's pattern, Farkle's rules files,
the variants list and MatchRules all read; a new ending is one class."""
import json
import pickle
import re
import subprocess
import sys

import click
import pytest

from jeopardy.errors import JeopardyError
from jeopardy.match import endings
from jeopardy.match.endings import ENDINGS, EQUAL_TURNS, FIRST_TO_GOAL, ONE_MORE_TURN, Ending
from jeopardy.match.rules import MatchRules


def jeopardy(*words: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jeopardy", *words], capture_output=True,
                          text=True, timeout=300)


def _choices(command: click.Command) -> list[str]:
    (option,) = [p for p in command.params if p.name == "ending"]
    return list(option.type.choices)


def test_the_choices_everywhere_are_the_registry():
    from jeopardy.cli.main import cli
    from jeopardy.farkle import house
    from jeopardy.variants import MATCH_ENDINGS
    from jeopardy.web import app

    every = list(ENDINGS)
    assert every == ["first-to-goal", "equal-turns", "one-more-turn"]
    for name in ("solve", "policy", "compare", "simulate", "reach", "plot"):
        assert _choices(cli.commands[name]) == every, name
    # play and the fast-pig fairness take the endings they are solved under
    assert _choices(cli.commands["play"]) == ["first-to-goal", "equal-turns"]
    assert _choices(cli.commands["fairness"]) == ["first-to-goal", "equal-turns"]
    for name in every:
        assert re.fullmatch(app.ENDINGS, name)
    assert not re.fullmatch(app.ENDINGS, "first-to-goal|x")
    assert house.ENDINGS == {"equal-turns": False, "first-to-goal": True}
    assert MATCH_ENDINGS == {"equal turns": EQUAL_TURNS, "one more turn": ONE_MORE_TURN}


def test_every_registered_ending_is_solved_by_the_cli():
    first = {}
    for name in ENDINGS:
        run = jeopardy("solve", "--goal", "6", "--ending", name, "--json")
        assert run.returncode == 0, run.stderr
        data = json.loads(run.stdout)
        chances = data["win_probabilities"]
        assert sum(chances) == pytest.approx(1.0, abs=1e-12)  # two players, ties shared
        assert all(0.0 < c < 1.0 for c in chances) and data["win_probability"] == chances[0]
        assert data["ending"] == name and data["players"] == 2 and data["converged"]
        first[name] = chances[0]
    # three rules, three games: the one who moves first fares differently under each
    assert len(set(first.values())) == len(ENDINGS)


def test_an_unknown_ending_is_refused_in_one_line():
    run = jeopardy("solve", "--goal", "6", "--ending", "sudden-death")
    assert run.returncode != 0 and run.stdout == ""
    assert len(run.stderr.splitlines()) == 1 and "Traceback" not in run.stderr
    assert "'sudden-death' is not one of 'first-to-goal', 'equal-turns', 'one-more-turn'" \
        in run.stderr
    for bad in ("sudden-death", ["equal-turns"], None, 3):
        with pytest.raises(JeopardyError, match="^ending must be one of first-to-goal, "
                                                "equal-turns, one-more-turn; got "):
            MatchRules(2, bad)


# Written from the rules (jeopardy/match/rules.py's docstring and the kernels' bundle):
# places a turn start keeps, the width of a mover's action table, the kernels' code.
@pytest.mark.parametrize("ending, label, code, last_round, places3, pair, most, processes", [
    pytest.param(FIRST_TO_GOAL, "first to the goal", 0, False, 1, True, 10, True, id="first"),
    pytest.param(EQUAL_TURNS, "equal turns", 1, True, 3, False, 10, True, id="equal"),
    pytest.param(ONE_MORE_TURN, "one more turn", 2, True, 1, False, 2, False, id="one-more"),
])
def test_each_ending_answers_for_its_rule(ending, label, code, last_round, places3, pair, most,
                                          processes):
    from jeopardy.match.solver import table_size

    assert ending.label == label and ending.code == code and ending.last_round is last_round
    assert ending.places(3) == places3 and ending.places(2) == min(places3, 2)
    assert table_size(10, MatchRules(3, ending)) == places3 * 10 ** 3
    assert ending.width(goal=10, cap=23) == (23 if last_round else 10)
    assert endings.pair_game(2, ending) is pair and not endings.pair_game(3, ending)
    assert [n for n in range(1, 12) if ending.solved_for(n)] == list(range(2, most + 1))
    assert ending.turn_processes is processes and ending.seats_policies is processes
    assert ending.__doc__ and ending.name in ending.__doc__  # its rule, tables and proof


def test_match_rules_hold_the_ending_and_write_its_name():
    rules = MatchRules(3, "equal-turns")
    assert rules.ending is EQUAL_TURNS and isinstance(rules.ending, Ending)
    assert rules == MatchRules(3, EQUAL_TURNS) and hash(rules) == hash(MatchRules(3, EQUAL_TURNS))
    assert json.dumps({"ending": rules.ending}) == '{"ending": "equal-turns"}'
    assert repr(rules) == "MatchRules(players=3, ending='equal-turns')"
    assert str(rules) == "3 players, equal-turns"
    assert pickle.loads(pickle.dumps(rules)).ending is EQUAL_TURNS  # dask workers
    assert MatchRules().ending is FIRST_TO_GOAL
    with pytest.raises(JeopardyError, match="the one-more-turn ending is solved for two players"):
        ONE_MORE_TURN.require_players(3)


class SuddenDeath(Ending):
    """``sudden-death`` (a test's ending): first to the goal, one place, no last round."""

    name = "sudden-death"
    label = "sudden death"
    code = 0
    last_round = False


def test_a_new_ending_is_one_class(monkeypatch):
    new = SuddenDeath()
    monkeypatch.setitem(ENDINGS, new.name, new)
    assert endings.names()[-1] == "sudden-death"
    assert endings.names(lambda e: e.seats_policies) == ["first-to-goal", "equal-turns"]
    assert re.fullmatch(endings.pattern(), "sudden-death")
    assert endings.spelled().endswith("one-more-turn or sudden-death")
    rules = MatchRules(4, "sudden-death")
    assert rules.ending is new and rules.ending.places(4) == 1
    assert not endings.pair_game(2, new)  # not the pair solver's unless it says so
    with pytest.raises(JeopardyError, match="one-more-turn, sudden-death; got 'x'"):
        MatchRules(2, "x")
