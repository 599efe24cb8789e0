"""The mutation catalog (tests/mutations.toml) stays in step with the tests and the source.

Every test function in tests/ has an entry naming one mutation of the product
it catches (jeopardy/, or for the tests of the docs a page under docs/, or for the
tests of the oracles an oracle under tests/oracles/, or a golden file under
tests/golden/ for the tests of that table); every
entry names an existing test, an existing file, and an ``original`` text found
exactly once there (so the mutant is well defined); ``mutant = "<deleted>"``
removes the file (its ``original`` is then empty).  Whether each test really fails on its mutant is checked by
``python tests/mutation_catalog.py OUT.json`` (minutes to hours: not run here).
"""
import ast
from pathlib import Path

import pytest

from tests.mutation_catalog import CATALOG, DELETED, PRODUCT, ROOT, entries

KEYS = {"test", "file", "original", "mutant"}
OPTIONAL = {"nojit", "why"}


def _test_functions() -> set[str]:
    """Every test function in tests/ but this file's (they test the catalog, not jeopardy/)."""
    found = set()
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        tree = ast.parse(path.read_text())
        for item in tree.body:
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name.startswith("test_"):
                found.add(f"tests/{path.name}::{item.name}")
    return found


def test_every_test_function_has_a_catalog_entry():
    named = {e["test"] for e in entries()}
    missing = sorted(_test_functions() - named)
    assert not missing, (f"{len(missing)} tests have no entry in {CATALOG.name} (name one mutation "
                         f"of jeopardy/ each catches): {', '.join(missing[:10])}")


def test_every_entry_names_an_existing_test():
    unknown = sorted({e["test"] for e in entries()} - _test_functions())
    assert not unknown, f"{CATALOG.name} names tests that do not exist: {', '.join(unknown)}"


def test_every_entry_is_a_well_formed_mutation():
    problems = []
    sources: dict[str, str] = {}
    for e in entries():
        where = f"{e.get('test')} ({e.get('file')})"
        if not KEYS <= set(e) or set(e) - KEYS - OPTIONAL:
            problems.append(f"{where}: keys {sorted(e)}")
            continue
        if not e["file"].startswith(PRODUCT) or not (ROOT / e["file"]).is_file():
            problems.append(f"{where}: no such file under {' or '.join(PRODUCT)}")
            continue
        if e["mutant"] == DELETED:
            if e["original"]:
                problems.append(f"{where}: a deletion's original must be empty")
            continue
        text = sources.setdefault(e["file"], (ROOT / e["file"]).read_text())
        count = text.count(e["original"])
        if count != 1:
            problems.append(f"{where}: original {e['original']!r} occurs {count} times")
        elif e["mutant"] == e["original"]:
            problems.append(f"{where}: the mutant is the original")
        elif e["file"].endswith(".py"):
            try:
                ast.parse(text.replace(e["original"], e["mutant"]))
            except SyntaxError as error:
                problems.append(f"{where}: the mutant is not Python ({error.msg})")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("original, mutant, flagged", [
    pytest.param("return 1", "return 2", False, id="unique-and-valid"),
    pytest.param("x = 1", "x = 2", True, id="original-twice"),
    pytest.param("return 1", "return (", True, id="mutant-not-python"),
])
def test_the_checks_flag_bad_entries(tmp_path, monkeypatch, original, mutant, flagged):
    """The well-formedness check itself can fail: a bad entry is reported."""
    import sys

    me = sys.modules[__name__]
    (tmp_path / "jeopardy").mkdir()
    (tmp_path / "jeopardy" / "m.py").write_text("x = 1\nx = 1\ndef f():\n    return 1\n")
    monkeypatch.setattr(me, "ROOT", tmp_path)
    monkeypatch.setattr(me, "entries", lambda: [dict(test="t", file="jeopardy/m.py",
                                                     original=original, mutant=mutant)])
    if flagged:
        with pytest.raises(AssertionError):
            test_every_entry_is_a_well_formed_mutation()
    else:
        test_every_entry_is_a_well_formed_mutation()
