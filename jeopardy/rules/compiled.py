"""The transition rule compiled for the numba kernels.

``step_jit`` is :func:`jeopardy.rules.effects.step` itself, compiled by numba:
the kernels apply effects with the very function the Python code calls.
"""
from numba import njit

from jeopardy.errors import JeopardyError
from jeopardy.rules.effects import FALLING, step

step_jit = njit(cache=True, nogil=True, inline="always")(step)

# What a roll does, for a kernel that sweeps the turn totals downwards.
STAY, RISE, END = 0, 1, 2


@njit(cache=True, nogil=True, inline="always")
def roll_result(kind, points, score, turn_total):
    """:func:`jeopardy.rules.effects.step` for a downward sweep over the turn total:
    ``(banked, total, outcome)``.  ``outcome`` is END (the turn ended with ``banked``
    as the score), RISE (the turn goes on at a higher ``total``) or STAY (the total
    is unchanged: the sweep divides that chance out).  A total that falls raises:
    such a sweep needs totals that never fall."""
    banked, total, ended = step_jit(kind, points, score, turn_total)
    if ended:
        return banked, total, END
    if total > turn_total:
        return banked, total, RISE
    if total < turn_total:
        raise JeopardyError(FALLING)
    return banked, total, STAY
