"""numba kernels of solitaire Pig.

State ``(s, t)``: banked score ``s < goal``, turn total ``t < goal - s``.
Tables are ``[s, t]`` arrays of shape ``(goal, goal)``; entries with
``s + t >= goal`` are unused (the player has reached the goal).  A turn must
start with a roll (holding at ``t = 0`` would only waste a turn).

Within a turn a roll only raises ``t`` (``add n > 0``, ``double`` at
``t > 0``) or stays at the same state (``add 0``, ``double`` at ``t = 0``:
solved by dividing by ``1 - p_stay``), so one backward sweep over ``t``
gives a column.  Turn-ending results lead to the start of a turn at
``s`` itself (bust, ``bank 0`` at ``t = 0``), at ``0`` (bust all) or at a
higher score (hold, bank, ``bust_gain``) -- or reach the goal.

Each roll is applied by :func:`jeopardy.rules.effects.step` (compiled); a
turn total that falls raises (the solver refuses ``subtract`` up front).
``rules`` is :meth:`jeopardy.rules.roll_model.RollModel.kernel_rules`.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from jeopardy.rules.compiled import RISE, STAY, roll_result, value_of_rolling

LOWERED = "a roll that lowers the banked score to neither 0 nor itself"


@njit(cache=True, nogil=True)
def evaluate_turns(rules, roll, start_a, start_c):
    """Expected turns of a policy, exactly (one linear solve by elimination).

    Going down in ``s``, every value at turn start is affine in ``y = E(0)``:
    ``E(s) = start_a[s] + start_c[s] * y``.  Within the column of ``s`` each
    value is ``a + b E(s) + c y``; ``E(s) = a0 + b0 E(s) + c0 y`` is then
    solved for ``E(s)``.  At ``s = 0``, ``y`` is ``E(s)`` itself, so
    ``E(0) = start_a[0]`` and ``E(s) = start_a[s] + start_c[s] E(0)``.

    The divisors ``1 - b0`` (and ``1 - b0 - c0`` at ``s = 0``) are carried
    as their own recurrences (``nb = 1 - b``, ``m = 1 - b - c``: sums of
    probabilities of leaving), never formed by subtraction, so a policy whose
    turns almost always bust (Piglet holding at 100: ``1 - b0 = 2**-100``)
    keeps its precision.  Returns False if a divisor is 0 (the policy never
    reaches the goal from some score).
    """
    kinds, points, probs, goal = rules
    col_a = np.zeros(goal + 1)
    col_c = np.zeros(goal + 1)
    col_nb = np.zeros(goal + 1)
    col_m = np.zeros(goal + 1)
    start_m = np.ones(goal + 1)  # 1 - start_c
    for s in range(goal - 1, -1, -1):
        top = goal - s  # t = top means the goal is reached
        for t in range(top - 1, -1, -1):
            if t > 0 and roll[s, t] == 0:
                x = s + t  # hold: one turn, then E(x), x > s
                col_a[t] = 1.0 + start_a[x]
                col_c[t] = start_c[x]
                col_nb[t] = 1.0
                col_m[t] = start_m[x]
                continue
            a = 0.0
            c = 0.0
            nb = 0.0
            m = 0.0
            stay = 0.0
            for e in range(kinds.shape[0]):
                p = probs[e]
                x, t2, outcome = roll_result(kinds[e], points[e], s, t)
                if outcome == STAY:
                    stay += p
                elif outcome == RISE and t2 < top:
                    a += p * col_a[t2]
                    c += p * col_c[t2]
                    nb += p * col_nb[t2]
                    m += p * col_m[t2]
                elif outcome == RISE or x >= goal:  # the goal: this turn is the last
                    a += p
                    nb += p
                    m += p
                elif x == s:  # nothing banked
                    a += p
                elif x == 0:  # the score lost (s > 0): the start of a turn at 0, y
                    a += p
                    c += p
                    nb += p
                elif x > s:
                    a += p * (1.0 + start_a[x])
                    c += p * start_c[x]
                    nb += p
                    m += p * start_m[x]
                else:
                    raise ValueError(LOWERED)
            scale = 1.0 / (1.0 - stay)
            col_a[t] = a * scale
            col_c[t] = c * scale
            col_nb[t] = nb * scale
            col_m[t] = m * scale
        if s == 0:  # y is E(0) itself: E(0) = a0 / (1 - b0 - c0)
            if col_m[0] <= 0.0:
                return False
            start_a[0] = col_a[0] / col_m[0]
            start_c[0] = 0.0
        else:
            if col_nb[0] <= 0.0:
                return False
            start_a[s] = col_a[0] / col_nb[0]
            start_c[s] = col_c[0] / col_nb[0]
            start_m[s] = col_m[0] / col_nb[0]
    return True


@njit(cache=True, nogil=True)
def improve_turns(rules, starts, roll, values, rolled, held, new_roll):
    """Values of the policy ``roll`` given its turn-start values ``starts``,
    the value of rolling and of holding at every state, and the improved
    policy (fewest expected turns; the current action is kept unless the
    other is better by more than 1e-12 relative).  Returns the number of
    changed actions and the residual: the largest difference between the
    turn-start values of the solve and those recomputed from them here."""
    goal = rules.goal
    changes = 0
    residual = 0.0
    then = 1.0 + starts[:goal]  # a turn that ends below the goal: this turn, then more
    for s in range(goal - 1, -1, -1):
        top = goal - s
        column = values[s, :top]
        for t in range(top - 1, -1, -1):
            rolling = value_of_rolling(rules, s, t, column, then, 1.0)
            hold_value = 1.0 + starts[s + t] if t > 0 else np.inf
            rolled[s, t] = rolling
            held[s, t] = hold_value
            current = 1 if t == 0 else roll[s, t]
            values[s, t] = rolling if current == 1 else hold_value
            best = min(rolling, hold_value)
            slack = 1e-12 * (1.0 + abs(best))
            choice = current
            if current == 1 and hold_value < rolling - slack:
                choice = 0
            elif current == 0 and rolling < hold_value - slack:
                choice = 1
            new_roll[s, t] = choice
            if choice != current:
                changes += 1
        residual = max(residual, abs(values[s, 0] - starts[s]))
    return changes, residual


@njit(cache=True, nogil=True)
def reach_turn(rules, previous, values, roll):
    """One more turn of "reach the goal within n turns", maximising.

    ``previous[s]`` is the best chance from the start of a turn at ``s`` with
    ``n - 1`` turns left (``previous`` is all zero for ``n = 1``).  Fills
    ``values[s, t]`` for ``n`` turns left and ``roll[s, t]`` (a turn starts
    with a roll; rolling must be better by a relative 1e-12, so ties and
    rounding noise hold, while a tiny but real chance, such as 2**-100, still
    rolls)."""
    goal = rules.goal
    ended = previous[:goal]
    for s in range(goal - 1, -1, -1):
        top = goal - s
        column = values[s, :top]
        for t in range(top - 1, -1, -1):
            rolled = value_of_rolling(rules, s, t, column, ended, 1.0)
            if t == 0:
                values[s, t] = rolled
                roll[s, t] = 1
                continue
            hold_value = previous[s + t]
            if rolled > hold_value * (1.0 + 1e-12):
                values[s, t] = rolled
                roll[s, t] = 1
            else:
                values[s, t] = hold_value
                roll[s, t] = 0
