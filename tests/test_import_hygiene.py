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
