"""`jeopardy solve` must stay light: no cvxpy, matplotlib, pandas or dask on its path."""
import subprocess
import sys

import pytest


def test_solve_does_not_import_cvxpy_or_matplotlib(tmp_path):
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from jeopardy.cli.main import cli\n"
        "r = CliRunner().invoke(cli, ['solve', '--goal', '20', '--no-cache', '--json'])\n"
        "assert r.exit_code == 0, r.output\n"
        "print(sorted(m for m in ('cvxpy', 'matplotlib', 'sympy', 'networkx', 'pandas', 'dask', 'distributed', 'pyarrow') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_import_jeopardy_is_light_and_has_no_global_side_effects():
    code = (
        "import sys\n"
        "limit = sys.get_int_max_str_digits()\n"
        "import jeopardy\n"
        "assert sys.get_int_max_str_digits() == limit, 'import changed the int digit limit'\n"
        "heavy = ('numpy', 'numba', 'cvxpy', 'matplotlib', 'pandas', 'dask', 'sympy')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
        "assert callable(jeopardy.Game) and 'numba' not in sys.modules\n"
        "assert 'cvxpy' not in sys.modules and 'matplotlib' not in sys.modules\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_facade_names_resolve():
    import jeopardy

    for name in jeopardy.__all__:
        assert getattr(jeopardy, name) is not None, name
    import pytest

    with pytest.raises(AttributeError):
        jeopardy.no_such_thing


def test_the_top_level_is_the_documented_api_in_one_style():
    """dir(jeopardy) is __all__ (and the version): no typing or import leftovers, and no
    analysis functions beside Game's methods; each name is on docs/python.md."""
    from pathlib import Path

    import pytest

    import jeopardy

    names = [name for name in dir(jeopardy) if not name.startswith("__")]
    assert names == sorted(jeopardy.__all__)
    assert not {"Any", "TYPE_CHECKING", "annotations", "importlib", "solve",
                "head_to_head"} & set(names)
    assert len(names) <= 20
    page = (Path(__file__).resolve().parent.parent / "docs" / "python.md").read_text()
    assert [name for name in names if f"`{name}`" not in page and f"jp.{name}" not in page] == []
    with pytest.warns(DeprecationWarning, match="Game.head_to_head"):
        from jeopardy.match.evaluation import head_to_head
        assert jeopardy.head_to_head is head_to_head


def test_package_is_typed():
    from pathlib import Path

    import jeopardy

    assert (Path(jeopardy.__file__).parent / "py.typed").exists()


def _commands_in_a_new_process(commands: list[list[str]], cwd, **env: str):
    """Run ``jeopardy`` ``commands`` one after the other in one new Python process, from
    ``cwd``, with this checkout's package, NUMBA_CACHE_DIR unset and ``env`` added; its
    stderr ends with whether numba was imported."""
    import os
    from pathlib import Path

    code = ("import sys\n"
            "from jeopardy.cli.main import main\n"
            f"for argv in {commands!r}:\n"
            "    sys.argv = ['jeopardy', *argv]\n"
            "    try:\n"
            "        main()\n"
            "    except SystemExit as done:\n"
            "        assert not done.code, done.code\n"
            "print('numba' in sys.modules, file=sys.stderr)\n")
    environment = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    environment["PYTHONPATH"] = str(Path(__file__).resolve().parent.parent)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=cwd, env={**environment, **env})
    assert out.returncode == 0, out.stderr
    return out


def test_a_command_that_runs_no_kernel_does_not_import_numba(tmp_path):
    """``games`` and ``farkle score`` run no kernel: the command line's stale-cache check
    finds numba's cache folder without importing numba (0.25 s of each such command;
    the next test: it still finds the folder numba's settings name)."""
    out = _commands_in_a_new_process([["games"], ["farkle", "score", "1", "1", "1", "5", "2", "3"]],
                                     tmp_path)
    assert out.stderr.strip() == "False"
    assert "1 1 1 5 2 3: 1050 points" in out.stdout  # three 1s and a 5 (the seed's table)


@pytest.mark.parametrize("where", ["environment", "config file"])
def test_without_numba_the_stale_cache_check_finds_numbas_own_folder(where, tmp_path):
    """A command that runs no kernel checks the cache where numba would put it, without
    importing numba first: under NUMBA_CACHE_DIR, or under a .numba_config.yaml's
    cache_dir in the working directory (numba's two sources; the environment wins)."""
    from pathlib import Path

    from numba.core.caching import _CacheLocator

    import jeopardy

    cache = tmp_path / "numba-cache"
    if where == "environment":
        _commands_in_a_new_process([["games"]], tmp_path, NUMBA_CACHE_DIR=str(cache))
    else:
        pytest.importorskip("yaml")  # numba reads its file only with pyyaml
        (tmp_path / ".numba_config.yaml").write_text(f"cache_dir: {cache}\n")
        _commands_in_a_new_process([["games"]], tmp_path)
    package = Path(jeopardy.__file__).resolve().parent
    folder = cache / _CacheLocator.get_suitable_cache_subpath(str(package / "__init__.py"))
    assert (folder / "kernel-sources.json").exists()


def test_the_tested_floor_is_the_one_pyproject_states():
    """constraints/lowest.txt (the floors .ci/lowest installs) is what constraints/lowest.py
    writes from pyproject.toml: a bound added to pyproject.toml without regenerating it
    (pytest-timeout's, until 2026-11-29) would make .ci/lowest refuse to run."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    written = subprocess.run([sys.executable, str(root / "constraints" / "lowest.py")],
                             capture_output=True, text=True, check=True).stdout
    assert (root / "constraints" / "lowest.txt").read_text() == written, \
        "run constraints/regenerate.sh lowest"
