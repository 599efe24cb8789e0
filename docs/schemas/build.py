"""Write the JSON schema of every command's --json output (docs/schemas/*.json).

    PYTHONPATH=. python docs/schemas/build.py            # every command
    PYTHONPATH=. python docs/schemas/build.py solve      # one

A schema is the contract of what a command can emit, not of one run:

* each schema is inferred from *several* runs of its command (``COMMANDS``:
  other games, options that add keys, sizes that reach other shapes), merged
  so that a key present in only some runs is optional and a value seen in
  several types allows each;
* shapes a quick run cannot show are written out from the code that emits
  them (``SHAPES``), and every stopping rule, wherever it appears, may take
  either of the shapes :meth:`jeopardy.turn.distribution.StoppingRule.to_dict`
  writes: ``{"hold": h}`` or ``{"roll_at": [...]}`` (``replies --max-hold 25``
  has best replies of the second shape, ``--max-hold 8`` none);
* objects list their keys and allow no others; maps keyed by numbers or
  states say so; ``*_exact`` strings must be fractions ``p/q``.

Each run is a subprocess (``python -m jeopardy ... --json``) whose standard
output must be one JSON document and nothing else: what a C library prints
past Python's capture shows up here.  tests/test_schemas.py runs the same
commands, parses their stdout strictly and validates it against the
committed schemas, so a key renamed, dropped or added shows up as a failing
test until the schema is rebuilt on purpose.  ``{dir}`` in an argument is a
scratch folder; ``SETUP`` commands run there first.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent.parent

# schema name -> the runs it is inferred from and validated against (arguments before --json)
COMMANDS = {
    "turn": [["turn", "--hold", "20"], ["turn", "--roll-at", "0-9,12", "--game", "piglet"],
             ["turn", "--hold", "3", "--game", "two-dice-pig"]],
    "simultaneous": [["simultaneous", "--max-hold", "12", "--all-stopping-rules"],
                     ["simultaneous", "--max-hold", "8"],
                     ["simultaneous", "--max-hold", "6", "--game", "piglet"]],
    "replies": [["replies", "--max-hold", "8"], ["replies", "--max-hold", "25"],
                ["replies", "--max-hold", "5", "--game", "two-dice-pig"]],
    "solve": [["solve", "--goal", "30"], ["solve", "--goal", "20", "--game", "two-dice-pig"],
              ["solve", "--goal", "30", "--game", "parker-brothers"]],
    "policy": [["policy", "--goal", "30", "--score", "5", "--opponent", "3"],
               ["policy", "--goal", "30", "--score", "29", "--opponent", "0"],
               ["policy", "--goal", "100", "--score", "41", "--opponent", "49"]],
    "certify": [["certify", "--goal", "20"], ["certify", "--goal", "10", "--game", "piglet"]],
    "fairness": [["fairness", "--goal", "30"], ["fairness", "--goal", "20", "--max-bonus", "3"]],
    "compare": [["compare", "optimal", "hold:10", "--goal", "30"],
                ["compare", "best-response", "hold:5", "--goal", "20"],
                ["compare", "rule:k < 8", "optimal", "--goal", "20"]],
    "simulate": [["simulate", "optimal", "hold:10", "--goal", "30", "--games", "200"],
                 ["simulate", "hold:5", "rule:k < 8", "--goal", "20", "--games", "100",
                  "--seed", "3"],
                 ["simulate", "dice:6", "optimal", "--game", "fast-pig", "--goal", "20",
                  "--games", "200"]],
    "reach": [["reach", "--goal", "30"], ["reach", "--goal", "20", "--policy", "hold:5"]],
    "solve-players": [["solve", "--goal", "8", "--players", "3", "--ending", "equal-turns"],
                      ["solve", "--goal", "8", "--players", "3"],
                      ["solve", "--goal", "6", "--players", "4"],
                      ["solve", "--goal", "8", "--ending", "one-more-turn"]],
    "policy-players": [["policy", "--goal", "8", "--scores", "1,2,3"],
                       ["policy", "--goal", "8", "--scores", "1,2,3", "--ending", "equal-turns",
                        "--place", "2"]],
    "compare-players": [["compare", "optimal", "hold:4", "hold:6", "--goal", "8"],
                        ["compare", "optimal", "hold:4", "hold:6", "--goal", "8",
                         "--ending", "equal-turns"],
                        ["compare", "dice:6", "dice:4", "optimal", "--game", "fast-pig",
                         "--goal", "8"],
                        ["compare", "dice:6", "optimal", "--game", "hog", "--goal", "12",
                         "--ending", "equal-turns"]],
    "simulate-players": [["simulate", "optimal", "hold:4", "hold:6", "--goal", "8",
                          "--games", "200"],
                         ["simulate", "dice:6", "dice:4", "optimal", "--game", "fast-pig",
                          "--goal", "8", "--games", "200"]],
    "reach-players": [["reach", "--goal", "8", "--players", "3"],
                      ["reach", "--goal", "8", "--players", "3", "--ending", "equal-turns"]],
    "exact": [["exact", "--game", "piglet", "--goal", "3", "--state", "1,1,1"],
              ["exact", "--game", "piglet", "--goal", "2", "--all-states", "--equations",
               "--latex", "--sympy-check", "--out", "{dir}/p.txt"]],
    "max-score": [["max-score", "--game", "think", "--turns", "3", "--policy", "odds",
                   "--compare", "optimal"],
                  ["max-score", "--game", "think", "--turns", "2", "--simulate", "100"],
                  ["max-score", "--game", "pig", "--turns", "2", "--score-cap", "40"]],
    "solitaire": [["solitaire", "--game", "piglet", "--goal", "10", "--turns", "3"],
                  ["solitaire", "--game", "piglet", "--goal", "6", "--exact"],
                  ["solitaire", "--goal", "20"]],
    "skunk": [["skunk", "--turns", "2"]],
    "think": [["think", "--rounds", "1", "--score-cap", "20", "--turn-cap", "20"]],
    "farkle-score": [["farkle", "score", "1", "1", "1", "5", "2", "3"],
                     ["farkle", "score", "2", "3", "4", "6"]],
    "farkle-throws": [["farkle", "throws"]],
    "farkle-stopping": [["farkle", "stopping"]],
    "farkle-turn": [["farkle", "turn"], ["farkle", "turn", "--rules", "reference-com"],
                    ["farkle", "turn", "--rules", "facebook"]],
    "farkle-solve": [["farkle", "solve", "--goal", "500"],
                     ["farkle", "solve", "--goal", "500", "--out", "{dir}/f.npz"],
                     ["farkle", "solve", "--rules", "facebook", "--goal", "300"],
                     ["farkle", "solve", "--rules", "neller-busche", "--goal", "250",
                      "--players", "3"]],
    "farkle-policy": [["farkle", "policy", "--solution", "{dir}/f.npz", "--score", "0",
                       "--opponent", "100"],
                      ["farkle", "policy", "--solution", "{dir}/f.npz", "--score", "250",
                       "--opponent", "0", "--second"]],
    "farkle-fairness": [["farkle", "fairness", "--goal", "500", "--max-bonus", "100"]],
    "farkle-card": [["farkle", "card", "--rules", "neller-busche", "--goal", "1000"],
                    ["farkle", "card", "--rules", "neller-busche", "--goal", "500", "--out",
                     "{dir}/card.pdf"]],
    "reproduce": [["reproduce", "--section", "puzzle"]],
    "sweep": [["sweep", "{dir}/spec.toml", "--out", "{dir}/sweep", "--workers", "1",
               "--no-progress"]],
    "fast-pig-solve": [["solve", "--game", "fast-pig", "--goal", "20"],
                       ["solve", "--game", "hog", "--goal", "15", "--ending", "equal-turns"],
                       ["solve", "--game", "hog", "--goal", "8", "--players", "3"]],
    "fast-pig-policy": [["policy", "--game", "hog", "--goal", "20", "--score", "3",
                         "--opponent", "12"],
                        ["policy", "--game", "fast-pig", "--goal", "8", "--scores", "1,2,3"]],
    "fast-pig-max-score": [["max-score", "--game", "fast-pig"], ["max-score", "--game", "hog"]],
    "fast-pig-compare": [["compare", "dice:6", "optimal", "--game", "hog", "--goal", "20"]],
}
# Files a run reads: (name, text) written into the scratch folder first, and commands run there.
SETUP = {
    "farkle-policy": [["farkle", "solve", "--goal", "500", "--out", "{dir}/f.npz"]],
}
FILES = {
    "sweep": {"spec.toml": 'games = ["pig", "piglet"]\ngoals = [6, 8]\n'
                           'analyses = ["solve", "simultaneous"]\n'},
}
# Runs of a minute or more on the reference machine (the tests mark them slow).
SLOW = {"think", "farkle-fairness", "farkle-card", "farkle-solve", "farkle-policy", "reproduce", "sweep",
        "skunk"}

# Keys the emitting code leaves out under other options, beyond what the runs show.
OPTIONAL = {
    "simultaneous": {"full", "full_gain", "full_gain_exact", "full_best_rule", "oracle_iterations"},
    "exact": {"asked_states", "values", "policy", "sympy_check", "equations", "latex", "out"},
    "max-score": {"expected_exact", "exact_skipped", "simulation", "comparison",
                  "policy_rule.a", "policy_rule.b", "policy_rule.c", "policy_rule.strict"},
    "farkle-solve": {"simulation"},
    "solitaire": {"turns", "reach_probability", "expected_turns_exact", "certified_optimal",
                  "policies.reach_probability"},
}
# Keys that may be null beyond what the runs show.
NULLABLE = {
    "exact": {"win_probability_exact"},
    "max-score": {"expected_exact", "score_cap"},
    "policy": {"hold_threshold"},
    "policy-players": {"hold_threshold"},
}
# Keys whose shape no quick run can show: their schema, written out from the emitting code.
SHAPES = {
    # null, or {turn total: roll probability} where the mover mixes (3-player Pig to 62 on)
    "policy-players": {"mixed": {"anyOf": [{"type": "null"}, {
        "type": "object", "propertyNames": {"pattern": r"^\d+$"},
        "additionalProperties": {"type": "number"}}]}},
}
# StoppingRule.to_dict: {"hold": h, "rule": text} or {"roll_at": [totals], "rule": text}.
RULE_SHAPES = {"hold": {"type": "integer"},
               "roll_at": {"type": "array", "items": {"type": "integer"}}}

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
    if value and all(re.match(MAP_KEY, k) for k in value):
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


def contract_rules(schema: dict) -> dict:
    """Every stopping rule in ``schema`` may take either shape of ``RULE_SHAPES`` (in place)."""
    if not isinstance(schema, dict):
        return schema
    properties = schema.get("properties")
    if properties and "rule" in properties and ("hold" in properties or "roll_at" in properties) \
            and properties.get("hold", {"type": "integer"}) == {"type": "integer"}:
        properties.update(RULE_SHAPES)
        schema["required"] = [k for k in schema["required"] if k not in RULE_SHAPES]
        schema["oneOf"] = [{"required": ["hold"]}, {"required": ["roll_at"]}]
    for value in list(schema.values()):
        if isinstance(value, dict):
            for item in ([value] if "type" in value or "anyOf" in value or "properties" in value
                         else list(value.values())):
                contract_rules(item)
        elif isinstance(value, list):
            for item in value:
                contract_rules(item)
    return schema


def command_line(arguments: list[str], folder: str) -> list[str]:
    """The subprocess running ``jeopardy ARGUMENTS --json`` from this checkout."""
    return [sys.executable, "-m", "jeopardy"] + [a.replace("{dir}", folder) for a in arguments] \
        + ["--json"]


def run_in(arguments: list[str], folder: str, timeout: float = 900) -> dict:
    """Run one command as a subprocess; its whole stdout must be one JSON document."""
    environment = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep +
                       os.environ.get("PYTHONPATH", ""))
    done = subprocess.run(command_line(arguments, folder), cwd=folder, env=environment,
                          capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise SystemExit(f"jeopardy {' '.join(arguments)} --json failed "
                         f"(exit {done.returncode}): {done.stderr.strip()[-500:]}")
    try:
        return json.loads(done.stdout)
    except json.JSONDecodeError as error:
        raise SystemExit(f"jeopardy {' '.join(arguments)} --json: stdout is not one JSON "
                         f"document ({error}); it starts {done.stdout[:200]!r}") from None


def prepare(name: str, folder: str) -> None:
    """The files and earlier commands the runs of ``name`` read."""
    for file_name, text in FILES.get(name, {}).items():
        Path(folder, file_name).write_text(text)
    for arguments in SETUP.get(name, ()):
        environment = dict(os.environ, PYTHONPATH=str(ROOT))
        subprocess.run([sys.executable, "-m", "jeopardy"] +
                       [a.replace("{dir}", folder) for a in arguments],
                       cwd=folder, env=environment, capture_output=True, check=True)


def outputs(name: str) -> list[dict]:
    """The JSON of every run of ``name``."""
    with tempfile.TemporaryDirectory() as folder:
        prepare(name, folder)
        return [run_in(arguments, folder) for arguments in COMMANDS[name]]


def schema_of(name: str, runs: list[dict]) -> dict:
    body = merge([infer(data) for data in runs])
    for path in OPTIONAL.get(name, ()):  # "a.b": key b of the object under key a
        *parents, key = path.split(".")
        node = body
        for parent in parents:
            node = node["properties"][parent]
        node["required"] = [k for k in node["required"] if k != key]
    for key in NULLABLE.get(name, ()):
        body["properties"][key] = {"anyOf": [body["properties"][key], {"type": "null"}]}
    body["properties"].update(SHAPES.get(name, {}))
    contract_rules(body)
    words = COMMANDS[name][0][:2 if name.startswith("farkle") else 1]
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": f"jeopardy {' '.join(words)} --json", **body}


def main() -> None:
    names = sys.argv[1:] or list(COMMANDS)
    for name in names:
        schema = schema_of(name, outputs(name))
        (HERE / f"{name}.json").write_text(json.dumps(schema, indent=1) + "\n")
        print(f"wrote docs/schemas/{name}.json", file=sys.stderr)


if __name__ == "__main__":
    main()
