"""Write the JSON schema of every command's --json output (docs/schemas/*.json).

    PYTHONPATH=. python docs/schemas/build.py            # every command
    PYTHONPATH=. python docs/schemas/build.py solve      # one

Each schema is inferred from a real run of the command listed in COMMANDS
(objects list their keys as required and allow no others; maps keyed by
numbers or states say so; ``*_exact`` strings must be fractions ``p/q``) and
then kept as the contract: tests/test_schemas.py runs the same commands and
validates their output against the committed schemas, so a key that is
renamed, dropped or added shows up as a failing test until the schema is
rebuilt on purpose.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).parent

# schema name -> arguments of a quick run of the command with --json
COMMANDS = {
    "turn": ["turn", "--hold", "20"],
    "simultaneous": ["simultaneous", "--max-hold", "12", "--all-stopping-rules"],
    "replies": ["replies", "--max-hold", "8"],
    "solve": ["solve", "--goal", "30"],
    "policy": ["policy", "--goal", "30", "--score", "5", "--opponent", "3"],
    "certify": ["certify", "--goal", "20"],
    "fairness": ["fairness", "--goal", "30"],
    "compare": ["compare", "optimal", "hold:10", "--goal", "30"],
    "simulate": ["simulate", "optimal", "hold:10", "--goal", "30", "--games", "200"],
    "reach": ["reach", "--goal", "30"],
    "solve-players": ["solve", "--goal", "8", "--players", "3", "--ending", "equal-turns"],
    "policy-players": ["policy", "--goal", "8", "--scores", "1,2,3"],
    "compare-players": ["compare", "optimal", "hold:4", "hold:6", "--goal", "8"],
    "simulate-players": ["simulate", "optimal", "hold:4", "hold:6", "--goal", "8", "--games",
                         "200"],
    "reach-players": ["reach", "--goal", "8", "--players", "3"],
    "exact": ["exact", "--game", "piglet", "--goal", "3", "--state", "1,1,1"],
    "max-score": ["max-score", "--game", "think", "--turns", "3", "--policy", "odds",
                  "--compare", "optimal"],
    "solitaire": ["solitaire", "--game", "piglet", "--goal", "10", "--turns", "3"],
    "skunk": ["skunk", "--turns", "2"],
    "farkle-score": ["farkle", "score", "1", "1", "1", "5", "2", "3"],
    "farkle-throws": ["farkle", "throws"],
    "farkle-stopping": ["farkle", "stopping"],
    "farkle-turn": ["farkle", "turn"],
    "farkle-solve": ["farkle", "solve", "--goal", "500"],
    "farkle-fairness": ["farkle", "fairness", "--goal", "500", "--max-bonus", "100"],
}

# Keys a run may leave out (other options, or nothing to report), and keys that may be null.
OPTIONAL = {
    "simultaneous": {"full", "full_gain", "full_gain_exact", "full_best_rule", "oracle_iterations"},
    "exact": {"asked_states", "values", "policy", "sympy_check", "equations", "latex", "out"},
    "max-score": {"expected_exact", "exact_skipped", "simulation", "comparison",
                  "policy_rule.a", "policy_rule.b", "policy_rule.c", "policy_rule.strict"},
    "farkle-solve": {"simulation"},
    "solitaire": {"turns", "reach_probability", "expected_turns_exact", "certified_optimal",
                  "policies.reach_probability"},
}
NULLABLE = {
    "exact": {"win_probability_exact"},
    "max-score": {"expected_exact", "score_cap"},
    "policy": {"hold_threshold"},
    "policy-players": {"hold_threshold"},
}
# Keys whose shape the quick run cannot show: their schema, written out.
SHAPES = {
    # null, or {turn total: roll probability} where the mover mixes (3-player Pig to 62 on)
    "policy-players": {"mixed": {"anyOf": [{"type": "null"}, {
        "type": "object", "propertyNames": {"pattern": r"^\d+$"},
        "additionalProperties": {"type": "number"}}]}},
}

FRACTION = r"^-?\d+(/\d+)?$"
MAP_KEY = r"^-?\d+(,\d+)*$"  # "12" (a score) or "3,4,5" (a state)


def infer(value, key: str = "") -> dict:
    if isinstance(value, bool):
        return {"type": "boolean"}
    if isinstance(value, int):
        return {"type": "integer"}
    if isinstance(value, float):
        return {"type": "number"}
    if value is None:
        return {"type": "null"}
    if isinstance(value, str):
        return {"type": "string", "pattern": FRACTION} if key.endswith("_exact") else \
            {"type": "string"}
    if isinstance(value, list):
        return {"type": "array", "items": merge([infer(v, key) for v in value])} if value \
            else {"type": "array"}
    if value and all(__import__("re").match(MAP_KEY, k) for k in value):
        return {"type": "object", "propertyNames": {"pattern": MAP_KEY},
                "additionalProperties": merge([infer(v, key) for v in value.values()])}
    return {"type": "object", "properties": {k: infer(v, k) for k, v in value.items()},
            "required": sorted(value), "additionalProperties": False}


def merge(schemas: list[dict]) -> dict:
    if not schemas:
        return {}
    objects = [s for s in schemas if s.get("properties") is not None]
    others = [s for s in schemas if s.get("properties") is None]
    out = []
    if objects:
        keys = sorted({k for s in objects for k in s["properties"]})
        required = sorted(set.intersection(*(set(s["required"]) for s in objects)))
        out.append({"type": "object",
                    "properties": {k: merge([s["properties"][k] for s in objects
                                             if k in s["properties"]]) for k in keys},
                    "required": required, "additionalProperties": False})
    for s in others:
        if s not in out:
            out.append(s)
    return out[0] if len(out) == 1 else {"anyOf": out}


def run(arguments: list[str]) -> dict:
    from click.testing import CliRunner

    from jeopardy.cli.main import cli

    result = CliRunner().invoke(cli, arguments + ["--json"])
    if result.exit_code != 0:
        raise SystemExit(f"jeopardy {' '.join(arguments)} --json failed: {result.output}")
    return json.loads(result.stdout)


def main() -> None:
    names = sys.argv[1:] or list(COMMANDS)
    for name in names:
        body = infer(run(COMMANDS[name]))
        for path in OPTIONAL.get(name, ()):  # "a.b": key b of the object under key a
            *parents, key = path.split(".")
            node = body
            for parent in parents:
                node = node["properties"][parent]
            node["required"] = [k for k in node["required"] if k != key]
        for key in NULLABLE.get(name, ()):
            body["properties"][key] = {"anyOf": [body["properties"][key], {"type": "null"}]}
        body["properties"].update(SHAPES.get(name, {}))
        words = COMMANDS[name][:2 if name.startswith("farkle") else 1]
        schema = {"$schema": "https://json-schema.org/draft/2020-12/schema",
                  "title": f"jeopardy {' '.join(words)} --json", **body}
        (HERE / f"{name}.json").write_text(json.dumps(schema, indent=1) + "\n")
        print(f"wrote docs/schemas/{name}.json", file=sys.stderr)


if __name__ == "__main__":
    main()
