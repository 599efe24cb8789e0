import pytest

from jeopardy.rules import game


@pytest.fixture(scope="session")
def pig():
    return game("pig")


@pytest.fixture(scope="session")
def piglet():
    return game("piglet")
