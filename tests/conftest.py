import pytest

from jeopardy.rules import game


@pytest.fixture(scope="session")
def pig():
    return game("pig")


@pytest.fixture(scope="session")
def piglet():
    return game("piglet")


@pytest.fixture(autouse=True, scope="session")
def _private_solution_cache(tmp_path_factory):
    """Keep the tests' solution cache out of the user's ~/.cache."""
    import os

    previous = os.environ.get("JEOPARDY_CACHE_DIR")
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
