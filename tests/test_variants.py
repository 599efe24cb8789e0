"""The appendix's variants table: every row solved or explained."""
import json

import pytest
from click.testing import CliRunner

import jeopardy.variants as variants_module
from jeopardy.cli.main import cli
from jeopardy.rules import PRESETS
from jeopardy.rules.presets import FALLING_PRESETS
from jeopardy.variants import (NOT_MODELLED, PENDING, RACE, SIMULTANEOUS, VARIANTS,
                               solve_variant)


def test_every_row_names_a_preset_or_says_why_not():
    for variant in VARIANTS:
        if variant.kind in (PENDING, NOT_MODELLED):
            assert variant.preset is None and len(variant.note) > 40
        else:
            assert variant.preset in PRESETS or variant.preset in FALLING_PRESETS


def test_appendix_systems_are_all_listed():
    names = " ".join(v.name for v in VARIANTS)
    for system in ("Parker Brothers", "Boyan", "Frey", "Shi", "PigMania", "Schaper", "SKUNK",
                   "THINK", "Big Pig", "Piggy", "2-dice Pig"):
        assert system in names


def test_race_row_is_the_race_solver():
    piglet = next(v for v in VARIANTS if v.preset == "piglet")
    result = solve_variant(piglet)
    assert result.first_player == pytest.approx(0.5224794079, abs=1e-10)  # as `jeopardy solve`


def test_think_row_is_one_half():
    think = next(v for v in VARIANTS if v.kind == SIMULTANEOUS)
    result = solve_variant(think)
    assert result.first_player == 0.5 and result.bound == 0.0


def test_cli_variants_json(monkeypatch):
    rows = tuple(v for v in VARIANTS if v.preset == "piglet" or v.kind == PENDING)
    monkeypatch.setattr(variants_module, "VARIANTS", rows)
    result = CliRunner().invoke(cli, ["variants", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)["variants"]
    assert [row["kind"] for row in data].count(RACE) == 1
    assert all(row["first_player"] is None for row in data if row["kind"] == PENDING)
    piglet = next(row for row in data if row["kind"] == RACE)
    # Piglet to 10's P(0,0,0), exactly 5556238701119487884/10634368774326171875 (docs/exact.md)
    assert abs(piglet["first_player"] - 5556238701119487884 / 10634368774326171875) < 1e-12


def test_equal_turns_rows_are_the_match_solver():
    from jeopardy.match.solver import solve
    from jeopardy.rules import game
    from jeopardy.variants import EQUAL_TURNS

    rows = [v for v in VARIANTS if v.kind == EQUAL_TURNS]
    assert {v.preset for v in rows} == {"pig", "frey-pig", "boyan", "parker-brothers"}
    pig = next(v for v in rows if v.preset == "pig")
    result = solve_variant(pig)
    assert result.first_player == solve(game("pig"), 100, 2, "equal-turns").win_probability
    assert result.first_player < 0.5  # the second player sees the target


def test_parker_brothers_rows_are_the_match_solver_with_falling_totals():
    from jeopardy.match.solver import solve
    from jeopardy.rules import game
    from jeopardy.variants import EQUAL_TURNS, ONE_MORE_TURN

    rows = {v.kind: v for v in VARIANTS if v.preset == "parker-brothers"}
    assert set(rows) == {EQUAL_TURNS, ONE_MORE_TURN}
    # the variants table runs the solver on the preset; here at a small goal
    small = variants_module.Variant("x", "x", "parker-brothers", "x", ONE_MORE_TURN, 20)
    result = solve_variant(small)
    assert result.first_player == solve(game("parker-brothers"), 20, 2,
                                        "one-more-turn").win_probability
    assert result.bound < 1e-13
