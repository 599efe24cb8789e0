"""Exact payoff matrices of the simultaneous single-turn game.

Both players play one turn unseen; the higher final score wins.  The payoff
to the row player is ``P(win) - P(loss)`` (ties 0), so the game is zero-sum
and, with the same strategies on both sides, symmetric: ``A = -A^T``.

Entries are exact: all distributions are put over one common denominator
``L`` and the matrix is held as Python integers over ``L**2``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

import numpy as np

from jeopardy.turn.distribution import TurnDistribution


@dataclass(frozen=True)
class ExactMatrix:
    """An exact matrix ``numerators / denominator`` (numerators: Python ints)."""

    numerators: np.ndarray  # dtype=object
    denominator: int

    def __getitem__(self, index) -> Fraction:
        return Fraction(int(self.numerators[index]), self.denominator)

    @property
    def shape(self) -> tuple[int, int]:
        return self.numerators.shape

    def to_float(self) -> np.ndarray:
        scale = self.denominator
        # int / int is correctly rounded in Python whatever the size of the ints.
        out = np.empty(self.shape)
        for idx, value in np.ndenumerate(self.numerators):
            out[idx] = int(value) / scale
        return out


def _integer_table(distributions: Sequence[TurnDistribution]):
    denominator = math.lcm(*(p.denominator for d in distributions
                             for p in d.probabilities.values()))
    scores = sorted({n for d in distributions for n in d.probabilities})
    position = {n: i for i, n in enumerate(scores)}
    table = np.zeros((len(distributions), len(scores)), dtype=object)
    for row, d in enumerate(distributions):
        for n, p in d.probabilities.items():
            table[row, position[n]] = p.numerator * (denominator // p.denominator)
    return table, denominator


def payoff_matrix(rows: Sequence[TurnDistribution],
                  columns: Sequence[TurnDistribution] | None = None) -> ExactMatrix:
    """``A[a, b] = P(a beats b) - P(b beats a)`` exactly."""
    columns = rows if columns is None else columns
    table, denominator = _integer_table(list(rows) + list(columns))
    row_table = table[: len(rows)]
    col_table = table[len(rows):]
    # below[b, n] = sum_{m < n} P_b(m);  above[b, n] = sum_{m > n} P_b(m)   (scaled by L)
    cumulative = np.cumsum(col_table, axis=1)
    total = cumulative[:, -1:]
    below = np.concatenate([np.zeros((col_table.shape[0], 1), dtype=object), cumulative[:, :-1]],
                           axis=1)
    above = total - cumulative
    numerators = row_table.dot((below - above).T)
    return ExactMatrix(numerators, denominator * denominator)
