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
