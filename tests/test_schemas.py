"""Every command's --json output validates against its schema in docs/schemas/, and
speaks the one vocabulary: an exact value "x_exact" ("p/q") stands beside its float "x"."""
import importlib.util
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

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


@pytest.mark.parametrize("name", sorted(schema_build.COMMANDS))
def test_json_output_validates_against_its_schema(name):
    schema = json.loads((SCHEMAS / f"{name}.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    data = schema_build.run(schema_build.COMMANDS[name])
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(data), key=str)
    assert not errors, f"jeopardy {' '.join(schema_build.COMMANDS[name])} --json: " + \
        "; ".join(f"{'/'.join(map(str, e.path))}: {e.message}" for e in errors[:5])
    assert vocabulary_problems(data) == []


def test_every_schema_has_a_command_and_the_game_key():
    files = {p.stem for p in SCHEMAS.glob("*.json")}
    assert files == set(schema_build.COMMANDS)
    for name in files:
        schema = json.loads((SCHEMAS / f"{name}.json").read_text())
        assert "game" in schema["required"], name
        assert re.match(r"^jeopardy [a-z-]+( [a-z]+)? --json$", schema["title"])


def test_schemas_catch_a_renamed_key():
    schema = json.loads((SCHEMAS / "solve.json").read_text())
    data = schema_build.run(schema_build.COMMANDS["solve"])
    data["win_probability_float"] = data.pop("win_probability")
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(data))
    assert vocabulary_problems({"p": 0.5, "p_exact": "1/3"})
