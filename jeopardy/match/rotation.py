"""Turn starts as flat indices, and the rotation of the players' frames.

A turn start is the players' scores, the mover's first, as one flat index
(``race.high = goal ** (players - 1)``: the mover's score is ``index //
race.high``).  After a turn the next mover's frame is the current one rotated:
the scores move up one place and the banked score goes to the back
(:func:`after_turn`, :func:`rotation`), and value vectors rotate the same way
(:func:`rotate`).  Each is inlined into the kernel that calls it: compiled on
its own, each took 0.3-0.7 s of a cold start (most of it for its bundle
argument), more than the few instructions it adds to its callers.  Shared by
the kernels of roll models
(:mod:`jeopardy.match.kernels`) and of turn processes
(:mod:`jeopardy.match.process_kernels`).
"""
from __future__ import annotations

from numba import njit


@njit(cache=True, nogil=True, inline="always")
def rotate(n, y, out):
    """``out``: the vector ``y`` (``n`` players) of the next mover's frame seen from the
    current mover's."""
    out[0] = y[n - 1]
    for m in range(1, n):
        out[m] = y[m - 1]


@njit(cache=True, nogil=True, inline="always")
def after_turn(race, index, banked):
    """Flat index of the next turn start when the mover (of ``index``) banks ``banked``."""
    return (index % race.high) * race.goal + banked


@njit(cache=True, nogil=True, inline="always")
def rotation(race, index):
    """The flat index of the scores rotated once (the mover's score moved to the back)."""
    return after_turn(race, index, index // race.high)
