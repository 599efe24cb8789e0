"""One column ``P(i, j, .)`` of a race game under a fixed policy, exactly.

Within a turn the turn total ``k`` only grows (or stays, on a roll that adds
nothing), and every value a roll or hold leads to outside the column is a
turn-start value ``P(., ., 0)``.  So, for a fixed policy, the value of any
state ``(i, j, k)`` is an affine combination

    win + bust * (1 - y) + sum_t hold[t] * (1 - P(j, t, 0)) + reset * (1 - P(j, 0, 0))

with ``y = P(j, i, 0)`` and small exact coefficients (sums of products of
roll probabilities): the probability, from ``k`` on, that the turn ends in a
win, a bust, a hold or bank at own score ``t``, or a bust-all.
:func:`combination` finds the coefficients by pushing probability mass
forward over ``k``, so that only turn-start values need to be kept; the
values at ``k > 0`` are recomputed from them when asked for
(:func:`column_values`, by the Bellman recursion itself, backwards).
"""
from __future__ import annotations

from dataclasses import dataclass

from gmpy2 import mpq

from jeopardy.errors import JeopardyError
from jeopardy.rules import effects
from jeopardy.rules.effects import FALLING, Kind, step
from jeopardy.rules.roll_model import RollModel

LOWERED = "the exact race solver needs rolls that keep, raise or lose all of the banked score"

ZERO = mpq(0)
ONE = mpq(1)


@dataclass(frozen=True)
class Combination:
    """``win + bust (1 - y) + sum hold[t] (1 - P(j, t, 0)) + reset (1 - P(j, 0, 0))``."""

    win: mpq
    bust: mpq
    hold: dict[int, mpq]
    reset: mpq

    def value(self, y, opponent_start, reset_value=None):
        """Evaluate with ``y`` and ``opponent_start(t) = P(j, t, 0)``."""
        return self.known(opponent_start, reset_value) + self.bust * (ONE - y)

    def known(self, opponent_start, reset_value=None):
        """Everything but the bust part: ``A`` of ``A + bust (1 - y)``."""
        total = self.win + self.reset + sum(self.hold.values(), ZERO)
        for t, c in self.hold.items():
            total = total - c * opponent_start(t)
        if self.reset:
            total = total - self.reset * reset_value
        return total


def outcomes(model: RollModel) -> tuple[tuple[Kind, int, mpq], ...]:
    """``(kind, points, probability)`` of every effect, probabilities as mpq."""
    return tuple((e.kind, e.points, mpq(p.numerator, p.denominator)) for e, p in model.outcomes)


def combination(rolls: tuple, goal: int, i: int, acts, k: int = 0, first: bool | None = None) -> Combination:
    """The combination giving ``P(i, j, k)`` when the column plays ``acts``.

    ``acts[k]`` is true where the policy rolls (``k = 0 .. goal - i - 1``);
    ``first`` overrides the action at ``k`` itself (``True`` roll, ``False``
    hold), which gives the value of the other branch of the max there.
    """
    top = goal - i
    mass: dict[int, mpq] = {k: ONE}
    win = bust = reset = ZERO
    hold: dict[int, mpq] = {}
    current = k
    while mass:
        current = min(mass)
        m = mass.pop(current)
        rolls_here = acts[current] if (current != k or first is None) else first
        if not rolls_here:
            if current == 0:
                bust += m
            else:
                hold[i + current] = hold.get(i + current, ZERO) + m
            continue
        results = [step(kind, n, i, current) for kind, n, _ in rolls]
        stay = ZERO
        for (_, t, ended), (_, _, p) in zip(results, rolls):
            if not ended and t == current:
                stay += p
        if stay:
            m = m / (ONE - stay)
        for (banked, t, ended), (_, _, p) in zip(results, rolls):
            w = m * p
            if not ended:
                if t == current:
                    continue
                if t < current:
                    raise JeopardyError(FALLING)
                if t >= top:
                    win += w
                else:
                    mass[t] = mass.get(t, ZERO) + w
            elif banked == i:  # nothing banked
                bust += w
            elif banked >= goal:
                win += w
            elif banked == 0:
                reset += w
            elif banked > i:
                hold[banked] = hold.get(banked, ZERO) + w
            else:
                raise JeopardyError(LOWERED)
    return Combination(win, bust, hold, reset)


def column_values(rolls: tuple, goal: int, i: int, j: int, acts, start) -> list[mpq]:
    """Exact ``P(i, j, k)``, ``k = 0 .. goal - i - 1``, by the Bellman recursion
    backwards over ``k``; ``start(a, b) = P(a, b, 0)``.  The value at ``k = 0``
    is the policy's branch evaluated with the other values (it equals
    ``start(i, j)`` exactly when ``start`` solves the game)."""
    top = goal - i
    y = start(j, i)
    values: list[mpq] = [ZERO] * top

    def at(t: int) -> mpq:
        return ONE if t >= top else values[t]

    for k in range(top - 1, -1, -1):
        values[k] = roll_value(rolls, goal, i, j, k, at, y, start) if acts[k] else \
            hold_value(i, j, k, y, start)
    return values


def hold_value(i: int, j: int, k: int, y, start):
    return ONE - y if k == 0 else ONE - start(j, i + k)


def roll_value(rolls: tuple, goal: int, i: int, j: int, k: int, at, y, start):
    """The roll branch at ``(i, j, k)`` given ``at(t) = P(i, j, t)``, ``t > k``: a turn
    that ends with nothing banked leaves the opponent at ``y = P(j, i, 0)``, one that
    reaches the goal wins, one that banks ``t`` leaves it at ``P(j, t, 0)``."""

    def ended(banked):
        if banked == i:  # nothing banked
            return ONE - y
        return ONE if banked >= goal else ONE - start(j, banked)

    return effects.roll_value(rolls, i, k, at, ended)
