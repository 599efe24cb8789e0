"""Unit tests of the turn-process kernels' shortcuts (jeopardy.match.process_kernels),
each against the computation it stands for."""
import itertools

import numpy as np
import pytest

from jeopardy.match import process_kernels


# ----------------------------------------------------------------- past_top
@pytest.mark.parametrize("players, first, exact, lock, settled", [
    pytest.param(2, True, False, -1, False, id="first-of-the-round"),
    pytest.param(2, False, False, -1, False, id="last-of-the-round"),
    pytest.param(2, True, False, 2, False, id="lock-state"),
    pytest.param(2, True, False, 0, False, id="lock-state-first"),
    pytest.param(2, True, True, -1, False, id="exact-goal"),
    pytest.param(2, True, False, -1, True, id="settled-takeover"),
    pytest.param(3, False, False, 1, False, id="three-players-lock"),
    pytest.param(3, True, False, -1, False, id="three-players-first"),
])
def test_the_rows_past_the_top_are_what_beyond_gives(players, first, exact, lock, settled):
    """past_top computes one state's value per total and copies it to the states that are
    neither the lock state nor settled: every row past the top must equal beyond() called
    for each state and player (the unskipped computation), and the slope the rules give
    (lost past the goal: 1; the lock state: its tail's bust chance; settled: the tail's;
    else 0)."""
    rng = np.random.default_rng(7)
    states, top, most, own, second = 4, 5, 9, 3, 2
    rows = top + most + 1
    V = np.full((rows, states, players), -1.0)
    D = np.full((rows, states), -1.0)
    M = np.full(rows * states, -1.0)
    Q, R = rng.random((2, 40)), rng.random((2, 40))
    bust_vec = rng.dirichlet(np.ones(players))
    tail = rng.random((3, states))
    lock_slope, lock_leave, row = 0.3, 0.6, 1
    process_kernels.past_top(V, D, M, top, top + most, first, own, second, exact, lock,
                             lock_slope, lock_leave, Q, R, row, bust_vec, settled, tail)
    beyond = process_kernels.beyond.py_func
    for u, s in itertools.product(range(top + 1, top + most + 1), range(states)):
        d = own + u - second
        values = [beyond(m, first, d, s, exact, lock, lock_slope, lock_leave, Q, R, row,
                         bust_vec, settled, tail) for m in range(players)]
        assert M[u * states + s] == values[0]
        if players > 2:  # the others' values are read past the table too
            assert list(V[u, s]) == values
        slope = tail[1, s] if settled else 1.0 if exact else lock_slope if s == lock else 0.0
        assert D[u, s] == slope
    assert (M[:(top + 1) * states] == -1.0).all() and (D[:top + 1] == -1.0).all()
