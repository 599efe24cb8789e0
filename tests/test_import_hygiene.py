"""`jeopardy solve` must stay light: no cvxpy, matplotlib, pandas or dask on its path."""
import subprocess
import sys


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
        "assert callable(jeopardy.solve) and 'numba' in sys.modules\n"
        "assert 'cvxpy' not in sys.modules and 'matplotlib' not in sys.modules\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_facade_names_resolve():
    import jeopardy

    for name in jeopardy.__all__:
        assert getattr(jeopardy, name) is not None, name
    assert set(jeopardy.__all__) <= set(dir(jeopardy))
    import pytest

    with pytest.raises(AttributeError):
        jeopardy.no_such_thing


def test_package_is_typed():
    from pathlib import Path

    import jeopardy

    assert (Path(jeopardy.__file__).parent / "py.typed").exists()
