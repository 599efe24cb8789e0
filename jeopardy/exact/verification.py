"""The check that exact turn-start values solve every Bellman equation.

The exact solver (:mod:`jeopardy.exact.race`) keeps only the turn-start values
``P(i, j, 0)`` and the policy.  The values ``P(i, j, k)``, ``k > 0``, are
*defined* by the policy's branch of each equation (the column recursion of
:func:`jeopardy.exact.columns.column_values`), so there they satisfy
``P = chosen branch`` by construction.  What remains to be shown, for every
state, is

1. at ``k = 0``: ``P(i, j, 0)`` equals its chosen branch.  Unrolling the
   column recursion (:func:`~jeopardy.exact.columns.combination`) writes the
   branch as ``A + b (1 - y)`` with exact ``A`` and ``b``; the check
   substitutes the final exact ``y`` and compares in exact arithmetic, for
   both members of every pair.  (In bust-all games ``A`` contains the
   resets ``P(j, 0, 0)`` of lower score sums, taken from the solution of the
   reset system; the check also compares them exactly with the values
   ``P(m, 0, 0)`` the pass found.)
2. at every state: the chosen branch is at least the other branch, so that
   ``P = max(roll, hold)``.  The comparison runs on fixed-point integers:
   every turn-start value is rounded down to a multiple of ``2**-BITS``
   (error below one unit), and the column recursion is run backwards on
   those integers, rounding down after each roll.  A roll's value is a
   convex combination (its weights sum to 1 once rolls that change nothing
   are taken out), so its error is at most the largest error of what it
   combines plus one unit: every integer carries a proven error bound
   ``e`` (units of ``2**-BITS``), at most ``goal + 1``.  Where the two
   branches differ by more than the sum of their bounds, the sign of the
   exact difference is proven; elsewhere (near-ties) both branches are
   evaluated in exact rational arithmetic.
3. as an independent cross-check of step 1's unrolling, the backward
   fixed-point recursion's ``P(i, j, 0)`` must lie within its error bound
   of the exact value.

Steps 1 and 2 together are the Bellman equations with their max, exactly.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from jeopardy.exact.columns import ONE as EXACT_ONE
from jeopardy.exact.columns import combination
from jeopardy.errors import JeopardyError
from jeopardy.rules.effects import FALLING, step
from jeopardy.rules.roll_model import RollModel

BITS = 256


@dataclass
class Check:
    """What the check found: improvements, exact comparisons, failures."""

    better: list = field(default_factory=list, repr=False)  # (i, j, k): the other branch is better
    exact_comparisons: int = 0
    equation_failures: int = 0  # step 1 failures
    inconsistent: int = 0  # step 3 failures

    @property
    def verified(self) -> bool:
        return not self.better and self.equation_failures == 0 and self.inconsistent == 0


class Checker:
    """Checks columns one at a time against exact turn-start values.

    ``start[a][b] = P(a, b, 0)`` (exact; may be filled as the solver goes down
    the score sums: a column needs only its own pair and higher sums), and
    :meth:`round_value` must have been called for each of them.
    """

    def __init__(self, model: RollModel, goal: int, start, rolls, resets=None) -> None:
        self.goal = goal
        self.start = start
        self.rolls = rolls
        self.resets = resets
        self.bits = BITS
        self.one = 1 << self.bits
        self.fixed = [[0] * goal for _ in range(goal)]
        self.denominator = model.common_denominator()
        self.weights = tuple((e.kind, e.points, int(p * self.denominator)) for e, p in model.outcomes)
        self.result = Check()

    def round_value(self, i: int, j: int) -> None:
        """The fixed-point ``P(i, j, 0)``, rounded down (error below one unit)."""
        q = self.start[i][j]
        self.fixed[i][j] = (q.numerator << self.bits) // q.denominator

    def column(self, i: int, j: int, acts, branch) -> list:
        """Check the column ``(i, j)`` playing ``acts`` (1 roll; a row of the
        policy); returns the states whose other branch is strictly better.
        ``branch = (combination, A)`` is the unrolled ``k = 0`` branch.

        Where the other branch is better the action is switched in ``acts``
        at once and the sweep goes on with the better value (policy
        improvement as in value iteration: a run of wrong actions is all
        found in one sweep); the caller then solves the pair again.
        """
        goal, one, start = self.goal, self.one, self.start
        result = self.result
        top = goal - i
        x = start[i][j]
        y = start[j][i]
        fixed_row = self.fixed[j]
        fixed_y = fixed_row[i]
        # Step 1: the pair equation at k = 0, exactly.
        combo, known = branch
        if known + combo.bust * (EXACT_ONE - y) != x:
            result.equation_failures += 1
        # Steps 2 and 3: backward fixed-point sweep with error bounds.
        better = []
        values = [0] * top
        errors = [0] * top
        for k in range(top - 1, -1, -1):
            hold = one - (fixed_y if k == 0 else fixed_row[i + k])
            total = 0
            error = 0
            stay = 0
            for kind, n, a in self.weights:
                banked, t, ended = step(kind, n, i, k)
                if not ended:
                    if t == k:
                        stay += a
                        continue
                    if t < k:
                        raise JeopardyError(FALLING)
                    if t >= top:
                        total += a * one
                    else:
                        total += a * values[t]
                        if errors[t] > error:
                            error = errors[t]
                elif banked == i:  # nothing banked
                    total += a * (one - fixed_y)
                    error = max(error, 1)
                elif banked >= goal:
                    total += a * one
                else:
                    total += a * (one - fixed_row[banked])
                    error = max(error, 1)
            roll = total // (self.denominator - stay)
            roll_error = error + 1
            if acts[k]:
                chosen, chosen_error, other, other_error = roll, roll_error, hold, 1
            else:
                chosen, chosen_error, other, other_error = hold, 1, roll, roll_error
            margin = chosen_error + other_error
            switch = False
            if chosen - other <= margin:
                if chosen - other < -margin:
                    switch = True
                else:
                    result.exact_comparisons += 1
                    switch = not self._chosen_is_at_least_other(i, j, k, acts)
            if switch:  # improve the policy here, and sweep on with the better value
                better.append((i, j, k))
                acts[k] ^= 1
                chosen, chosen_error = other, other_error
            values[k] = chosen
            errors[k] = chosen_error
        if not better and abs(values[0] - self.fixed[i][j]) > errors[0] + 1:
            result.inconsistent += 1
        return better

    def _chosen_is_at_least_other(self, i: int, j: int, k: int, acts) -> bool:
        """The near-tie at (i, j, k), settled in exact rational arithmetic."""
        row = self.start[j]
        y = row[i]
        reset = None if self.resets is None else self.resets[j]
        roll = combination(self.rolls, self.goal, i, acts, k, first=True).value(
            y, lambda t: row[t], reset)
        hold = EXACT_ONE - (y if k == 0 else row[i + k])
        return roll >= hold if acts[k] else hold >= roll


def check(model: RollModel, goal: int, policy, start, branches, rolls,
          progress=None, resets=None) -> Check:
    """Check every equation (see the module docstring).

    ``policy[i, j, k]`` (1 roll), ``start[i][j] = P(i, j, 0)`` exact,
    ``branches[(i, j)]`` the unrolled ``k = 0`` branch of every column and
    its exact known part ``A``; ``resets[m]``, in bust-all games, the values
    of ``P(m, 0, 0)`` that ``A`` was computed with.
    """
    checker = Checker(model, goal, start, rolls, resets)
    for i in range(goal):
        for j in range(goal):
            checker.round_value(i, j)
    if resets is not None:  # the resets assumed are the values found
        checker.result.equation_failures += sum(start[m][0] != resets[m] for m in range(goal))
    for i in range(goal):
        for j in range(goal):
            checker.result.better.extend(checker.column(i, j, policy[i, j], branches[(i, j)]))
        if progress is not None:
            progress((i + 1) / goal)
    return checker.result
