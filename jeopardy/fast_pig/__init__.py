"""Fast Pig and Hog: solved, advised and evaluated on the match solver.

The game is the turn process of :mod:`jeopardy.rules.fast_pig`; the solve is
:func:`jeopardy.match.process_solver.solve` (2-N players first to the goal or
with equal turns, whose last round is the match solver's for any turn process,
:mod:`jeopardy.match.process_last_round`).  This package only reads its
tables: the dice choice at given scores, the expected points by number of
dice, and the exact value of fixed dice policies, seated one per player
(:mod:`jeopardy.fast_pig.evaluation`: the solver's policy evaluation).
"""
from jeopardy.fast_pig.analysis import (DiceDecision, ExpectedPoints, FastPigSolution,
                                        dice_table, estimate, expected_table, fairness,
                                        solve)

__all__ = ["DiceDecision", "ExpectedPoints", "FastPigSolution", "dice_table", "estimate",
           "expected_table", "fairness", "solve"]
