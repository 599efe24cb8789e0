"""What a task needs, estimated before it runs.

:func:`estimated_memory` is the one estimator a scheduler (the sweep's Dask
resources) or a refusal up front (the hardening issue) calls.  It counts the
arrays each analysis allocates, from the code that allocates them:

* ``solve`` -- :func:`jeopardy.race.solver.solve` stores ``P(i, j, 0)``:
  ``goal**2`` float64; games with ``bust_all`` keep two more copies between
  passes; the residual and kernel columns add ``O(goal)``.
* ``fairness`` -- one solve, plus the head-start row and column (``O(goal)``).
* ``compare`` -- one solve, then two policy tables of ``goal**3`` int8 (the
  optimal one and the named one, which is built from a ``goal**3`` boolean
  before it is copied), and the two value tables ``WA``, ``WB`` of the
  head-to-head (``goal**2`` float64 each).
* ``simultaneous`` -- the exact payoff matrix over hold at ``1..goal``:
  ``goal**2`` Python integers, whose size grows with the common denominator;
  a generous 1 KB each, plus the distributions (``goal`` of them over at most
  ``goal + max_points`` totals, 200 bytes per Fraction).
* ``solitaire`` -- :func:`jeopardy.solitaire.expected_turns` keeps three
  ``goal**2`` float64 tables (values, rolled, held), two ``goal**2`` int8
  policies and the hold-at table it starts from (``goal**2`` int8, built from
  a boolean of the same size), plus ``O(goal)`` columns.

Every figure adds :data:`BASE` for the task's own Python objects.  The
estimate is an upper bound for the tracked allocations in the tests
(``tests/test_sweep.py`` measures the peak of real runs against it).
"""
from __future__ import annotations

from jeopardy.errors import JeopardyError
from jeopardy.rules.roll_model import RollModel

BASE = 4 * 1024 * 1024  # the task's own objects: model, row, kernel columns


def _solve(model: RollModel, goal: int) -> int:
    tables = 3 if model.has_bust_all else 1
    return tables * 8 * goal * goal + 8 * 8 * (goal + 1)


def estimated_memory(analysis: str, model: RollModel, goal: int, players: int = 2) -> int:
    """Bytes the analysis of ``model`` to ``goal`` allocates at its peak (an estimate).

    ``players`` other than 2 are estimated as the N-player core will need
    them (one table of ``goal**players`` float64 per player) so that a
    refusal up front can already use it.
    """
    if goal < 1:
        raise JeopardyError(f"goal must be a positive integer; got {goal}")
    if players != 2:
        return BASE + players * 8 * goal ** players
    if analysis == "solve":
        return BASE + _solve(model, goal)
    if analysis == "fairness":
        return BASE + _solve(model, goal) + 16 * goal
    if analysis == "compare":
        return BASE + _solve(model, goal) + 3 * goal ** 3 + 2 * 8 * goal * goal
    if analysis == "simultaneous":
        totals = goal + model.max_points
        return BASE + 1024 * goal * goal + 200 * goal * totals
    if analysis == "solitaire":
        return BASE + 3 * 8 * goal * goal + 5 * goal * goal + 64 * (goal + 1)
    raise JeopardyError(f"no memory estimate for analysis {analysis!r}")


def estimated_work(analysis: str, model: RollModel, goal: int, players: int = 2) -> float:
    """A relative cost, for starting the longest tasks first (states visited)."""
    if analysis == "simultaneous":
        return float(goal) ** 3
    return float(goal) ** (players + 1) * (2 if analysis == "compare" else 1)
