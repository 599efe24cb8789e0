"""Policies of a fixed-turns game, as decision tables the solver reads.

A policy answers, for a player's own turn number ``r`` (1..n), own banked
score ``s`` and turn total ``t``: roll (1), hold (0), or "as the optimal
player" (-1).  Policies that look only at the player's own position -- the
expected-score optimum and the linear odds rules such as s + 11t <= 200 --
are tables over ``(s, t)`` for each ``r``.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from jeopardy.expected.policies import HOLD_AT, LINEAR_LE, LINEAR_LT, ScorePolicy
from jeopardy.expected.solver import ScoreSolution
from jeopardy.fixed_turns.solver import FOLLOW_OPTIMAL


@dataclass(frozen=True)
class Optimal:
    """The win-maximising player of the game being solved."""

    def table(self, turn: int, size: int) -> np.ndarray:
        return np.full((size, size), FOLLOW_OPTIMAL, dtype=np.int8)

    def __str__(self) -> str:
        return "optimal"


@dataclass(frozen=True)
class Rule:
    """A formula policy (``roll iff a*s + b*t <= c``, ``<``, or ``hold at h``), applied exactly."""

    policy: ScorePolicy

    def table(self, turn: int, size: int) -> np.ndarray:
        p = self.policy
        s = np.arange(size, dtype=np.int64)[:, None]
        t = np.arange(size, dtype=np.int64)[None, :]
        if p.kind == HOLD_AT:
            rolls = np.broadcast_to(t < int(p.c), (size, size))
        elif p.kind in (LINEAR_LE, LINEAR_LT):
            scale = np.lcm.reduce([Fraction(v).denominator for v in (p.a, p.b, p.c)])
            a, b, c = (int(v * scale) for v in (p.a, p.b, p.c))
            left = a * s + b * t
            rolls = left <= c if p.kind == LINEAR_LE else left < c
        else:
            raise ValueError(f"{p} is not a formula policy")
        return rolls.astype(np.int8)

    def __str__(self) -> str:
        return str(self.policy)


@dataclass(frozen=True)
class ExpectedScore:
    """The decisions of an expected-score solution (``jeopardy max-score``).

    Its own scores beyond the solution's table cannot occur when this policy
    is played (it holds above its cap), so they are filled with holds.
    """

    solution: ScoreSolution

    def table(self, turn: int, size: int) -> np.ndarray:
        sol = self.solution
        out = np.zeros((size, size), dtype=np.int8)
        if turn > sol.turns:
            return out
        flags = sol.roll_flags[turn - 1]
        width = min(size, sol.cap + 1)
        if sol.collapsed:
            out[:, :width] = flags[0, :width][None, :]
        else:
            rows = min(size, flags.shape[0])
            out[:rows, :width] = flags[:rows, :width]
        return out

    def __str__(self) -> str:
        return f"max expected score ({self.solution.turns} turns)"
