"""The compile notice (jeopardy.compilation): given on a cold numba cache only.

A kernel of a module written here, with its own ``__pycache__``, stands in for
the solvers' kernels: compiling it takes a second, not half a minute.
"""
from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import jeopardy
from jeopardy import compilation

KERNEL = textwrap.dedent('''
    from numba import njit


    @njit(cache=True)
    def twice(x):
        return 2 * x
''')


def _load(path):
    spec = importlib.util.spec_from_file_location(f"kernel_{abs(hash(str(path)))}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def heard():
    said = []
    compilation.listen(said.append)
    yield said
    compilation.listen(None)


def test_the_notice_comes_before_compiling_and_never_after(tmp_path, heard):
    source = tmp_path / "kernel_module.py"
    source.write_text(KERNEL)
    module = _load(source)
    assert not compilation.is_cached(module.twice, 3)
    assert compilation.announce_if_cold((module.twice, 3))
    assert heard == [compilation.NOTICE]
    assert module.twice(3) == 6
    assert compilation.is_cached(module.twice, 3)
    assert not compilation.announce_if_cold((module.twice, 3))
    assert heard == [compilation.NOTICE]  # nothing more on a warm call
    assert not compilation.is_cached(module.twice, 1.5)  # other types: compiled again


def test_a_new_process_finds_the_kernel_in_the_on_disk_cache(tmp_path):
    source = tmp_path / "kernel_module.py"
    source.write_text(KERNEL)
    assert _load(source).twice(3) == 6  # compiled and written to tmp_path/__pycache__
    check = textwrap.dedent(f'''
        import importlib.util
        from jeopardy import compilation
        spec = importlib.util.spec_from_file_location("kernel_module", {str(source)!r})
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        print(compilation.is_cached(module.twice, 3), compilation.is_cached(module.twice, 1.5))
    ''')
    out = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True)
    assert out.stdout.split() == ["True", "False"], out.stderr


def test_anything_but_a_numba_kernel_counts_as_cached(heard):
    assert compilation.is_cached(lambda x: x, 3)
    assert not compilation.announce_if_cold((len, "abc"))
    assert heard == []


def test_a_warm_solve_says_nothing_and_keeps_stdout_clean():
    import json

    from click.testing import CliRunner

    from jeopardy.cli.main import cli

    runner = CliRunner()
    runner.invoke(cli, ["solve", "--players", "3", "--goal", "5", "--json"])  # warms this process
    result = runner.invoke(cli, ["solve", "--players", "3", "--goal", "5", "--json"])
    assert result.exit_code == 0, result.stderr
    assert compilation.NOTICE not in result.stderr
    assert json.loads(result.stdout)["players"] == 3
    compilation.listen(None)


def test_asking_the_cache_waits_for_numba_compiling_in_another_thread():
    """The cache question asks LLVM's code generator, which is not thread-safe: it waits
    while another thread holds numba's compiler lock (a threaded sweep crashed)."""
    import threading

    from numba.core.compiler_lock import global_compiler_lock

    from jeopardy.match import pair_kernels

    done = threading.Event()
    asking = threading.Thread(target=lambda: (compilation.announce_if_cold(
        (pair_kernels.solve_sums,)), done.set()), daemon=True)
    with global_compiler_lock:
        asking.start()
        assert not done.wait(0.5)  # still waiting for the lock
    assert done.wait(30)



def _decorators(function) -> list[tuple[str, bool]]:
    """``(name, inlined)`` of a function's numba decorators (njit, jit, overload)."""
    found = []
    for decorator in function.decorator_list:
        call = decorator if isinstance(decorator, ast.Call) else None
        target = call.func if call else decorator
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
        if name in ("njit", "jit", "overload"):
            inlined = call is not None and any(
                keyword.arg == "inline" and getattr(keyword.value, "value", None) == "always"
                for keyword in call.keywords)
            found.append((name, inlined))
    return found


def _literal(argument) -> bool:
    """An int or bool written in the call (``0``, ``-1``, ``True``)."""
    if isinstance(argument, ast.UnaryOp) and isinstance(argument.op, ast.USub):
        argument = argument.operand
    return isinstance(argument, ast.Constant) and isinstance(argument.value, (bool, int))


def test_no_kernel_is_called_with_a_literal_from_compiled_code():
    """A kernel that a jitted caller calls with a literal (``turn(..., -1, -1, 0, ...)``)
    is compiled for ``Literal[int](-1)``, and once more for every other caller's int64:
    on CI's cold cache the turn of a turn process was compiled seven times, three of
    them for literals only (about 6 s each), and a dozen kernels twice.  Read from the
    source, so that it fails whatever the numba cache holds (a cached caller hides its
    callees' signatures): in every jitted function of the package, no call of a
    package kernel that is compiled on its own (not ``inline='always'``) passes an int
    or bool literal; it passes ``np.int64(...)`` or ``np.bool_(...)``, unless the call
    says "literal on purpose" (the turn's probe -1: folded away, Ten Thousand to 10,000
    solves in 4.0 s against 6.7 s with an int64).  Assigned literals (``ties = 1``) are
    not seen here; the kernels they reached were mended too."""
    package = Path(jeopardy.__file__).parent
    sources = {path: path.read_text().splitlines() for path in package.rglob("*.py")}
    trees = {path: ast.parse("\n".join(lines)) for path, lines in sources.items()}
    kernels = {node.name for tree in trees.values() for node in tree.body
               if isinstance(node, ast.FunctionDef) and _decorators(node)
               and not any(inlined or name == "overload" for name, inlined in _decorators(node))}
    # and the inlined two that hand their mode on to the turn: a literal mode there reached
    # the turn as Literal[int](0) (Farkle's simulation tables, the policy table)
    kernels |= {"process_sweep", "one_turn"}
    assert {"turn", "_after_stop", "_cells", "_play_turn", "draw"} <= kernels
    calls = []
    for path, tree in trees.items():
        for function in tree.body:
            if not (isinstance(function, ast.FunctionDef) and _decorators(function)):
                continue
            for call in ast.walk(function):
                if not isinstance(call, ast.Call):
                    continue
                target = call.func
                name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
                said = " ".join(sources[path][call.lineno - 1:call.end_lineno])
                if "literal on purpose" in said:  # a literal numba folds away (a comment says why)
                    continue
                if name in kernels and any(_literal(argument) for argument in call.args):
                    calls.append(f"{path.relative_to(package.parent)}:{call.lineno}: "
                                 f"{function.name} calls {name} with a literal")
    assert not calls, "\n".join(calls)
