"""The two constraints files agree with pyproject.toml (issue 25).

constraints/lowest.txt is what .ci/lowest installs: it must pin each dependency at
exactly the lower bound pyproject.toml states, or the floor .ci/lowest tests is not the
one users are promised.  constraints/known-good.txt is the fallback environment: it must
hold every dependency of the main list and the test extra, each at a version
pyproject.toml allows.  Nothing is installed here; constraints/regenerate.sh rebuilds
both files.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("lowest", ROOT / "constraints" / "lowest.py")
lowest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lowest)


def pins(path: Path) -> dict[str, str]:
    """``{normalized name: version}`` of a constraints file's ``name==version`` lines."""
    found = {}
    for line in path.read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, version = line.split("==")
            found[canonicalize_name(name)] = version
    return found


def test_lowest_is_pyproject_at_its_lower_bounds():
    assert (ROOT / "constraints" / "lowest.txt").read_text() == lowest.constraints_text(), (
        "constraints/lowest.txt is stale: run constraints/regenerate.sh lowest")


def test_every_dependency_has_a_floor():
    """Each requirement of pyproject.toml yields one pin, at its own '>=' version."""
    floors = lowest.floors()
    for text in lowest.requirements():
        requirement = Requirement(text)
        stated = [spec.version for spec in requirement.specifier if spec.operator == ">="]
        assert floors[canonicalize_name(requirement.name)] == stated[0], text


@pytest.mark.parametrize("dependency, message", [
    ('"numpy"', "no '>=' lower bound"),
    ('"numpy<3"', "no '>=' lower bound"),
    ('"numpy>=1.26", "numpy>=2"', "two lower bounds"),
], ids=["unbounded", "upper-only", "two-floors"])
def test_a_missing_or_doubled_floor_is_refused(tmp_path, dependency, message):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(f'[project]\nname = "x"\ndependencies = [{dependency}]\n')
    with pytest.raises(ValueError, match=message):
        lowest.floors(pyproject)



def test_known_good_pins_every_dependency_within_its_bounds():
    project = lowest.tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pinned = pins(ROOT / "constraints" / "known-good.txt")
    assert "jeopardy" not in pinned, "known-good.txt pins the project itself"
    for text in project["dependencies"] + project["optional-dependencies"]["test"]:
        requirement = Requirement(text)
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"known-good.txt has no {name}: run constraints/regenerate.sh"
        assert requirement.specifier.contains(pinned[name]), (
            f"known-good.txt's {name}=={pinned[name]} is outside pyproject's {text!r}")
