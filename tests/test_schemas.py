"""Every command's --json output, run as a subprocess, is one JSON document on stdout
(nothing a C library prints may reach it), validates against its schema in
docs/schemas/ for every run the schema was built from, and speaks the one
vocabulary: an exact value "x_exact" ("p/q") stands beside its float "x"."""
import importlib.util
import json
import re
import subprocess
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

import pytest

import shared_runs

jsonschema = pytest.importorskip("jsonschema")

SCHEMAS = Path(__file__).resolve().parent.parent / "docs" / "schemas"
_spec = importlib.util.spec_from_file_location("schema_build", SCHEMAS / "build.py")
schema_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(schema_build)


def vocabulary_problems(value, path="") -> list[str]:
    problems = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key.endswith("_exact"):
                base = key[: -len("_exact")]
                if base not in value:
                    problems.append(f"{path}{key} has no float {base!r} beside it")
                elif isinstance(item, str) and isinstance(value[base], (int, float)):
                    if abs(float(Fraction(item)) - value[base]) > 1e-12 * max(1, abs(value[base])):
                        problems.append(f"{path}{key} = {item} but {base} = {value[base]}")
            for bad in ("_float", "_000"):
                # exact's win_probability_000 is the key issue 15 names (p/q or a file path)
                if key.endswith(bad) and key != "win_probability_000":
                    problems.append(f"{path}{key}: write the float as the plain key")
            problems += vocabulary_problems(item, f"{path}{key}.")
    elif isinstance(value, list):
        for item in value:
            problems += vocabulary_problems(item, path)
    return problems


RUNS = [pytest.param(name, index, id=f"{name}-{index}",
                     marks=[pytest.mark.slow] if name in schema_build.SLOW else [])
        for name in sorted(schema_build.COMMANDS) for index in range(len(schema_build.COMMANDS[name]))]


@pytest.fixture(scope="module")
def folders():
    """One scratch folder per schema, prepared once (files, earlier commands)."""
    made = {}
    with tempfile.TemporaryDirectory() as root:
        def folder(name):
            if name not in made:
                made[name] = str(Path(root, name))
                Path(made[name]).mkdir()
                schema_build.prepare(name, made[name])
            return made[name]
        yield folder


@pytest.mark.parametrize("name, index", RUNS)
def test_json_output_validates_against_its_schema(name, index, folders):
    schema = json.loads((SCHEMAS / f"{name}.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    arguments = schema_build.COMMANDS[name][index]
    data = schema_build.run_in(arguments, folders(name))  # strict: stdout is one document
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(data), key=str)
    assert not errors, f"jeopardy {' '.join(arguments)} --json: " + \
        "; ".join(f"{'/'.join(map(str, e.path))}: {e.message}" for e in errors[:5])
    assert vocabulary_problems(data) == []


def _json_commands(command, path=()):
    import click

    if isinstance(command, click.Group):
        for name, sub in command.commands.items():
            yield from _json_commands(sub, path + (name,))
    elif any("--json" in parameter.opts for parameter in command.params):
        yield " ".join(path)


def test_every_json_command_has_a_schema_and_runs():
    from jeopardy.cli.main import cli

    covered = {" ".join(runs[0][:2 if name.startswith("farkle") else 1])
               for name, runs in schema_build.COMMANDS.items()}
    missing = set(_json_commands(cli)) - covered - {"variants"}
    assert not missing, f"commands with --json but no schema or run: {sorted(missing)}"


@pytest.mark.slow
def test_variants_json_is_one_document():
    """``variants`` (every appendix variant, a minute of solves) has no schema of its own
    runs here: its stdout is one JSON document with a row per variant."""
    done = shared_runs.variants_json()  # the run tests/test_pinned.py's "variants" reads
    assert done.returncode == 0, done.stderr[-500:]
    rows = json.loads(done.stdout)["variants"]
    assert len(rows) >= 10 and all({"variant", "kind", "first_player"} <= set(row) for row in rows)
    # Piglet to 10's P(0,0,0), exactly 5556238701119487884/10634368774326171875 (docs/exact.md)
    piglet = next(row for row in rows if row["variant"] == "Piglet (Pig Tails)")
    assert abs(piglet["first_player"] - 5556238701119487884 / 10634368774326171875) < 1e-12


def test_the_lp_prints_nothing_on_descriptor_one():
    """HiGHS writes its banner from C++ to descriptor 1; the LP runs with it captured."""
    code = ("import numpy as np\n"
            "from jeopardy.simultaneous.lp import solve_matrix_game\n"
            "s = solve_matrix_game(np.array([[0.0, 1.0], [1.0, 0.0]]))\n"
            "import sys; sys.stderr.write(repr(round(s.value, 9)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    assert done.stderr.endswith("0.5")


def test_every_schema_has_a_command_and_the_game_key():
    files = {p.stem for p in SCHEMAS.glob("*.json")}
    assert files == set(schema_build.COMMANDS)
    for name in files:
        schema = json.loads((SCHEMAS / f"{name}.json").read_text())
        if name not in ("reproduce", "sweep"):  # many games: each claim's or row's own
            assert "game" in schema["required"], name
        assert re.match(r"^jeopardy [a-z-]+( [a-z]+)? --json$", schema["title"])


def test_schemas_catch_a_renamed_key():
    schema = json.loads((SCHEMAS / "solve.json").read_text())
    data = schema_build.outputs("solve")[0]
    data["win_probability_float"] = data.pop("win_probability")
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(data))
    assert vocabulary_problems({"p": 0.5, "p_exact": "1/3"})
