"""Exact Gauss-Jordan elimination over the rationals."""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from jeopardy.errors import JeopardyError


class SingularSystem(JeopardyError):
    """The exact system has no unique solution."""


def solve(matrix: Sequence[Sequence[object]], rhs: Sequence[object], number=Fraction) -> list:
    """Solve ``matrix @ x = rhs`` exactly; entries may be ints or Fractions.

    ``number`` is the exact rational type computed in (``Fraction``, or
    ``gmpy2.mpq`` for large numbers).  Raises :class:`SingularSystem` when
    the matrix is singular.
    """
    n = len(matrix)
    rows = [[number(v) for v in row] + [number(b)] for row, b in zip(matrix, rhs)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if rows[r][col] != 0), None)
        if pivot is None:
            raise SingularSystem(f"exact system is singular at column {col}")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        inv = 1 / rows[col][col]
        pivot_row = [v * inv for v in rows[col]]
        rows[col] = pivot_row
        for r in range(n):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], pivot_row)]
    return [row[n] for row in rows]
