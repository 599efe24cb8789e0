"""Solitaire Pig: fewest expected turns to a goal, best chance within n turns."""
from jeopardy.solitaire.solver import (ExpectedTurns, HoldAtTurns, ReachProbability,
                                       evaluate_policy, expected_turns, hold_at_expected_turns,
                                       reach_probability)

__all__ = ["ExpectedTurns", "HoldAtTurns", "ReachProbability", "evaluate_policy",
           "expected_turns", "hold_at_expected_turns", "reach_probability"]
