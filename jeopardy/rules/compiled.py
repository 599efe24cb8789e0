"""The transition rule compiled for the numba kernels.

``step_jit`` is :func:`jeopardy.rules.effects.step` itself, compiled by numba:
the kernels apply effects with the very function the Python code calls.
:func:`roll_result` classifies one roll for a sweep down the turn totals, and
:func:`value_of_rolling` is the value of one roll from a turn total that the
solitaire, expected-score, fixed-turns and THINK kernels (and the play hints)
share (:func:`roll_sources` is the same value taken apart, for the fixed-turns
kernel, which applies one roll to a whole row of states); the race and N-player
kernels, which carry a slope beside each value, keep their own loops.
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


@njit(cache=True, nogil=True, inline="always")
def value_of_rolling(rules, score, turn_total, within, ended, beyond):
    """The value of one roll at ``(score, turn_total)`` for a kernel that sweeps
    the turn totals downwards; ``rules`` starts with ``(kinds, points, probs)``.

    A roll that raises the turn total to ``t < len(within)`` is worth
    ``within[t]``; one that ends the turn with ``x < len(ended)`` as the score,
    ``ended[x]``; any other (past the tables: the goal or a cap) ``beyond``.  A
    roll that keeps the turn total is divided out (``1 / (1 - P(stay))``)."""
    kinds, points, probs = rules[0], rules[1], rules[2]
    total = 0.0
    stay = 0.0
    for e in range(kinds.shape[0]):
        p = probs[e]
        banked, after, outcome = roll_result(kinds[e], points[e], score, turn_total)
        if outcome == STAY:
            stay += p
        elif outcome == RISE:
            total += p * (within[after] if after < within.shape[0] else beyond)
        elif banked < ended.shape[0]:
            total += p * ended[banked]
        else:
            total += p * beyond
    return total / (1.0 - stay)


# Where one roll leads, for :func:`roll_sources`.
WITHIN, ENDED, BEYOND, STAYS = 0, 1, 2, 3


@njit(cache=True, nogil=True, inline="always")
def roll_sources(rules, score, turn_total, within_size, ended_size, targets, sources):
    """:func:`value_of_rolling` taken apart, for a kernel that applies one roll to many
    states sharing ``(score, turn_total)``: effect ``e`` leads to ``within[sources[e]]``
    (``targets[e]`` WITHIN), ``ended[sources[e]]`` (ENDED), the value beyond the tables
    (BEYOND) or leaves the total as it is (STAYS), with chance ``rules[2][e]``; returns
    the divisor ``1 - P(stay)``.  ``sum(rules[2][e] * source value) / divisor`` over the
    effects in order is :func:`value_of_rolling`, to the last bit."""
    kinds, points, probs = rules[0], rules[1], rules[2]
    stay = 0.0
    for e in range(kinds.shape[0]):
        p = probs[e]
        banked, after, outcome = roll_result(kinds[e], points[e], score, turn_total)
        sources[e] = 0
        if outcome == STAY:
            stay += p
            targets[e] = STAYS
        elif outcome == RISE:
            if after < within_size:
                targets[e], sources[e] = WITHIN, after
            else:
                targets[e] = BEYOND
        elif banked < ended_size:
            targets[e], sources[e] = ENDED, banked
        else:
            targets[e] = BEYOND
    return 1.0 - stay


@njit(cache=True, nogil=True, inline="always")
def roll_row(targets, sources, probs, within, ended, beyond, out):
    """A roll's value, before :func:`roll_sources`' divisor, for a row of states that
    share a score and a turn total: ``out[y] = sum_e probs[e] * (within[s, y],
    ended[s, y] or beyond)`` with ``s = sources[e]``, over the effects in order
    (``probs`` is the rules' chances, ``rules[2]``)."""
    out[:] = 0.0
    for e in range(targets.shape[0]):
        where, at, p = targets[e], sources[e], probs[e]
        if where == WITHIN:  # a higher turn total
            for y in range(out.shape[0]):
                out[y] += p * within[at, y]
        elif where == ENDED:  # the turn ends with score ``at``
            for y in range(out.shape[0]):
                out[y] += p * ended[at, y]
        elif where == BEYOND:
            for y in range(out.shape[0]):
                out[y] += p * beyond
