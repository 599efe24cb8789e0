"""The package's layers hold (docs/architecture.md): import-linter's contracts of
pyproject.toml, run on the installed package, with nothing ignored.

Two contracts: ``layers`` (errors/validate -> rules -> figures -> engine ->
analyses -> facade, interop -> cli: a module imports only from its own layer
or below) and ``acyclic`` (no circle among the modules and subpackages of any
one package).  Neither ignores an import: 0 circles, 0 imports up.
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "pyproject.toml"


def _contracts() -> list[dict]:
    return tomllib.loads(CONFIG.read_text())["tool"]["importlinter"]["contracts"]


def _report():
    from importlinter import configuration
    from importlinter.application import use_cases

    configuration.configure()
    options = use_cases.read_user_options(str(CONFIG))
    # the contract types' registration is private and moved: 2.17 has this one; 2.13 (the
    # floor) to 2.16 register from the options (.ci/lowest found it, 2026-11-29)
    if hasattr(use_cases, "_register_built_in_contract_types"):
        use_cases._register_built_in_contract_types()
    else:
        use_cases._register_contract_types(options)
    return use_cases.create_report(options, cache_dir=None)


# The ignore lists' lengths: 9 and 13 when the contracts were written, 0 since every
# circle and upward import went (a new exception needs its reason and this number raised).
IGNORED_AT_MOST = {"layers": 0, "acyclic": 0}


def test_the_import_contracts_hold():
    """Both contracts are kept, with no warning (an unmatched ignore is one); their
    ignore lists write every import out (no wildcard) and never grow."""
    for contract in _contracts():
        entries = contract.get("ignore_imports", [])
        assert len(entries) <= IGNORED_AT_MOST[contract["id"]], contract["id"]
        assert not any("*" in entry for entry in entries), contract["id"]
    report = _report()
    checks = {contract.name: check for contract, check in report.get_contracts_and_checks()}
    assert {c["name"] for c in _contracts()} == set(checks)
    for name, check in checks.items():
        detail = check.metadata.get("cycle_breakers_by_package") or check.metadata.get(
            "invalid_dependencies") or check.metadata
        assert check.kept, f"{name}: broken: {detail}"
        assert not check.warnings, f"{name}: {check.warnings}"


def test_every_module_of_the_package_has_its_layer():
    """Each module and subpackage directly under jeopardy/ is named in exactly one layer
    (a new one is placed before it is checked), and each layer names one that exists."""
    graph = grimp.build_graph("jeopardy", cache_dir=None)
    named = [name.strip() for contract in _contracts() if contract["type"] == "layers"
             for layer in contract["layers"] for name in re.split(r"[:|]", layer)]
    assert len(named) == len(set(named))
    children = graph.find_children("jeopardy")
    assert not children - set(named), f"in no layer: {sorted(children - set(named))}"
    assert not set(named) - children, f"no such module: {sorted(set(named) - children)}"
