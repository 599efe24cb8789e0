"""Turn starts as flat indices, and the rotation of the players' frames.

A turn start is the players' scores, the mover's first, as one flat index
(``race.high = goal ** (players - 1)``: the mover's score is ``index //
race.high``).  After a turn the next mover's frame is the current one rotated:
the scores move up one place and the banked score goes to the back
(:func:`after_turn`, :func:`rotation`), and value vectors rotate the same way
(:func:`rotate`).  Shared by the kernels of roll models
(:mod:`jeopardy.match.kernels`) and of turn processes
(:mod:`jeopardy.match.process_kernels`).
"""
from __future__ import annotations

from numba import njit


@njit(cache=True, nogil=True)
def rotate(race, y, out):
    """``out``: the vector ``y`` of the next mover's frame seen from the current mover's."""
    n = race.players
    out[0] = y[n - 1]
    for m in range(1, n):
        out[m] = y[m - 1]


@njit(cache=True, nogil=True)
def after_turn(race, index, banked):
    """Flat index of the next turn start when the mover (of ``index``) banks ``banked``."""
    return (index % race.high) * race.goal + banked


@njit(cache=True, nogil=True)
def rotation(race, index):
    """The flat index of the scores rotated once (the mover's score moved to the back)."""
    return after_turn(race, index, index // race.high)
