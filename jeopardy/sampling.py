"""Drawing an outcome from a cumulative distribution inside numba kernels."""
from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def draw(cumulative, start, stop):
    """Index ``e`` in ``[start, stop)`` with probability ``cumulative[e] - cumulative[e-1]``
    (``cumulative[stop - 1]`` is 1, or the caller's total)."""
    u = np.random.random() * cumulative[stop - 1]
    e = start
    while e < stop - 1 and u >= cumulative[e]:
        e += 1
    return e
