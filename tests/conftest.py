import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# tests/ itself on sys.path, whatever pytest's import mode and in every xdist worker: the
# test oracles import as ``oracles`` (tests/oracles/) and the golden numbers as ``golden``.
if str(Path(__file__).parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).parent))

# This checkout on PYTHONPATH for every command a test starts in a new process: with the
# package installed elsewhere (tests/mutation_catalog.py runs the tests in a mutated copy)
# a subprocess started outside the checkout would import the installed package instead,
# and a mutant on its path would never run.
_ROOT = str(Path(__file__).resolve().parent.parent)
if _ROOT not in os.environ.get("PYTHONPATH", "").split(os.pathsep):
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (_ROOT, os.environ.get("PYTHONPATH", "")) if p)

from jeopardy.rules import game

# Hypothesis profiles, loaded here so that any subset of the suite draws what the whole
# suite draws (they were loaded by the fuzz suites' import, so a run of one file drew at
# random and could meet examples the suite never meets).  HYPOTHESIS_PROFILE picks one.
settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True,
                          suppress_health_check=list(HealthCheck))
# a run by hand on a shared machine: five times ci, in about half an hour
settings.register_profile("long", max_examples=300, deadline=None,
                          suppress_health_check=list(HealthCheck))
settings.register_profile("thorough", max_examples=1500, deadline=None,
                          suppress_health_check=list(HealthCheck))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def pig():
    return game("pig")


@pytest.fixture(scope="session")
def piglet():
    return game("piglet")


@pytest.fixture(autouse=True, scope="session")
def _private_solution_cache(tmp_path_factory, pytestconfig):
    """Keep the tests' solution cache out of the user's ~/.cache.  In a parallel run the
    workers share one (in the run's temporary directory, which holds each worker's): a
    game one worker solved is read by the other, verified as every cache entry is, not
    solved again.  Entries are written atomically (jeopardy.files), so a worker never
    reads one half written; the tests that damage or count entries use a cache of their
    own (``monkeypatch.setenv``)."""
    previous = os.environ.get("JEOPARDY_CACHE_DIR")
    shared = _shared_directory(pytestconfig)
    if shared is not None:
        (shared / "jeopardy-cache").mkdir(exist_ok=True)
        os.environ["JEOPARDY_CACHE_DIR"] = str(shared / "jeopardy-cache")
    else:
        os.environ["JEOPARDY_CACHE_DIR"] = str(tmp_path_factory.mktemp("jeopardy-cache"))
    yield
    if previous is None:
        os.environ.pop("JEOPARDY_CACHE_DIR", None)
    else:
        os.environ["JEOPARDY_CACHE_DIR"] = previous


def pytest_collection_modifyitems(config, items):
    """``long`` tests stay out unless the marker expression names them: a ``-m`` on the
    command line replaces addopts' ``-m 'not long'``, so ``python -m pytest -m "not slow"``
    (the quick loop) would otherwise run the commands of minutes.  ``-m long`` runs them,
    and so does an empty ``-m ""`` (every test named on the command line)."""
    expression = config.option.markexpr
    if not expression or "long" in expression:
        return
    kept = [item for item in items if item.get_closest_marker("long") is None]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[item for item in items
                                             if item.get_closest_marker("long") is not None])
        items[:] = kept


# ------------------------------------------------------ parallel runs (pytest-xdist)
# pyproject's addopts run the suite on every core (``-n auto``); ``-n 0`` runs it in
# one process.  Three things keep a parallel run the same as a serial one:
#
# * tests that share work stay in one process, in collection order (the scheduler
#   below): each row of tests/test_pinned.py with the other rows of its analysis (one
#   solve per session, not one per worker), each page's commands of tests/test_docs.py
#   with the rest of that page (they run in order in one sandbox, later commands read
#   files earlier ones wrote), a test reading a run of tests/shared_runs.py with the
#   pinned rows reading it, every other test with the rest of its file (module
#   fixtures and caches computed once);
# * a test marked ``serial`` (it asserts on wall-clock time or signals a process)
#   runs while no other test runs, so the other worker's load cannot slow it;
# * each worker has its own temporary directory; the solution cache is shared (above).

# Analyses of tests/test_pinned.py whose rows reuse one cached solve: one group each.
_PINNED_SHARED = {
    "policy pig 100": "pig 100", "certify pig 100": "pig 100",
    "compare pig 100": "pig 100", "practical pig 100": "pig 100",
    "simulate pig 100 optimal vs hold 20": "pig 100",
    "farkle 2000 rounds simulated": "farkle 2000 rounds",
    "sweep players": "pig 50 three players", "match pig 50, 3 policies": "pig 50 three players",
    "simulate pig 50 three players": "pig 50 three players",
    "skunk shi 6": "variants",  # reads the variants run (tests/shared_runs.py)
}
# Tests of other files that read a run of tests/shared_runs.py, with the pinned analysis
# that reads it too: the run is made once per session, not once per worker.
_SHARED_RUNS = {
    "tests/test_schemas.py::test_variants_json_is_one_document": "tests/test_pinned.py::variants",
    "tests/test_exact.py::test_pig_to_100_exactly": "tests/test_pinned.py::exact pig 100",
}
# The longest groups (measured with --durations on the 2-core machine), started first so
# that none is left for the end of the run; only the order changes.  The first two (one
# per worker) use different kernels: on a cold numba cache (CI's fresh checkout) each
# worker compiles what it calls first, and two workers starting on Ten Thousand compiled
# its kernels twice at once (about 50 CPU s each); the next Ten Thousand group starts
# after the first one's kernels are on disk.
_HEAVY_FIRST = (
    "tests/test_pinned.py::farkle 10000 rounds", "tests/test_pinned.py::think 5",
    "tests/test_pinned.py::sweep variants", "tests/test_docs.py::docs/farkle.md",
    "tests/test_pinned.py::farkle 10000 first to reach",
    "tests/test_pinned.py::variants", "tests/test_farkle_reference.py",
    "tests/test_docs.py::docs/race.md",
    "tests/test_docs.py::docs/games.md",
    "tests/test_pinned.py::race pig 1000", "tests/test_farkle_core.py")


def work_group(nodeid: str) -> str:
    """The unit a parallel run keeps in one process: see above."""
    if nodeid in _SHARED_RUNS:
        return _SHARED_RUNS[nodeid]
    path, _, name = nodeid.partition("::")
    if name.startswith("test_pinned[") and path.endswith("test_pinned.py"):
        analysis = name[len("test_pinned["):].split(": ", 1)[0]
        return f"{path}::{_PINNED_SHARED.get(analysis, analysis)}"
    if name.startswith("test_documented_command[") and path.endswith("test_docs.py"):
        return f"{path}::{name[len('test_documented_command['):].rsplit(':', 1)[0]}"
    return path


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    if config.getvalue("dist") != "load":  # another --dist asked for: xdist's own
        return None

    class WorkGroupScheduling(LoadScopeScheduling):
        """xdist's loadscope scheduling with :func:`work_group` as the scope; the
        heavy groups go first, then the rest by number of tests, as loadscope does."""

        def _split_scope(self, nodeid: str) -> str:
            return work_group(nodeid)

        def _assign_work_unit(self, node) -> None:
            if not getattr(self, "_heavy_first", False):
                self._heavy_first = True
                order = {scope: rank for rank, scope in enumerate(_HEAVY_FIRST)}
                units = sorted(self.workqueue.items(),
                               key=lambda unit: order.get(unit[0], len(order)))
                self.workqueue.clear()
                self.workqueue.update(units)
            super()._assign_work_unit(node)

    return WorkGroupScheduling(config, log)


def _shared_directory(config) -> Path | None:
    """The temporary directory a parallel run's workers share (each worker's is a
    subdirectory of it), or None outside a parallel run."""
    if not os.environ.get("PYTEST_XDIST_WORKER") or not config.option.basetemp:
        return None
    return Path(config.option.basetemp).parent


def _lock_paths(config) -> tuple[str, str] | None:
    """The run's two lock files, in the directory its workers share, or None outside a
    parallel run."""
    shared = _shared_directory(config)
    if shared is None:
        return None
    return str(shared / "serial.turnstile"), str(shared / "serial.lock")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """In a parallel run, every test holds a shared lock and a ``serial`` test an
    exclusive one (taken through a turnstile, so that waiting serial tests go next)."""
    import fcntl

    paths = _lock_paths(item.config)
    if paths is None:
        yield
        return
    serial = item.get_closest_marker("serial") is not None
    with open(paths[0], "a") as turnstile, open(paths[1], "a") as lock:
        fcntl.flock(turnstile, fcntl.LOCK_EX)
        if not serial:
            fcntl.flock(turnstile, fcntl.LOCK_UN)
        fcntl.flock(lock, fcntl.LOCK_EX if serial else fcntl.LOCK_SH)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
            if serial:
                fcntl.flock(turnstile, fcntl.LOCK_UN)


def pytest_sessionfinish(session, exitstatus):
    """``-x`` (or ``--maxfail``) ends a parallel run with xdist's "interrupted" (exit 2);
    report it as a serial run does, "tests failed" (exit 1): tests/mutation_catalog.py
    tells a killed mutant (1) from a broken run (2 and above) by it."""
    maxfail = session.config.option.maxfail
    if (exitstatus == pytest.ExitCode.INTERRUPTED and maxfail
            and session.testsfailed >= maxfail):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
