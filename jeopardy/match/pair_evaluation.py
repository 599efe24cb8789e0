"""Exact head-to-head evaluation of two policies, and best responses.

Player A moves at ``(i, j, k)``, player B at ``(j, i, k)``.  ``WA[i, j]`` is
the probability that A wins when A is about to start a turn with score ``i``
against ``j``; ``WB`` likewise for B.  A's values at ``(i, j, .)`` follow from
one backward sweep given ``y = WB[j, i]`` (what B's turn is worth after A's
turn ends without a gain), and B's at ``(j, i, .)`` given ``x = WA[i, j]``.

* When both players follow fixed tables, ``x = F_A(y)`` and ``y = F_B(x)``
  are affine, so one Newton step solves the pair exactly (up to rounding):
  this is policy evaluation by exact linear algebra, pair by pair.
* When A maximises (a best response to B's table) ``F_A`` is convex
  piecewise-linear and the bracketed Newton iteration of the solver applies.

Score sums are processed in descending order; ``bust_all`` effects (which
lower a score sum) are handled by repeating passes until nothing changes.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from jeopardy import convergence, resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.match.pair_kernels import FOLLOW, MAXIMISE, Players, actions, no_table
from jeopardy.match.policies import RacePolicy, _check_goal
from jeopardy.match.pair import iterate, max_residual
from jeopardy.match.termination import require_ending
from jeopardy.rules import presets
from jeopardy.rules.roll_model import RollModel
from jeopardy.results import Result



def _run(model: RollModel, goal: int, mode_a: int, table_a: np.ndarray, mode_b: int,
         table_b: np.ndarray, tolerance: float = 1e-15, max_passes: int = 5000):
    WA = np.full((goal, goal), 0.5)
    WB = np.full((goal, goal), 0.5)
    players = Players(WA, WB, mode_a, table_a, mode_b, table_b, False)
    passes, _ = iterate(model, goal, players, tolerance, max_passes)
    return WA, WB, passes, max_residual(model, goal, players)


@dataclass(frozen=True, repr=False)
class HeadToHead(convergence.Converging, Result):
    """Exact win probabilities of policy A against policy B."""

    first_name: str
    second_name: str
    first: float  # P(A wins | A moves first)
    second: float  # P(A wins | B moves first)
    max_residual: float
    seconds: float

    @property
    def fair(self) -> float:
        return 0.5 * (self.first + self.second)

    def to_dict(self) -> dict:
        return {"a": self.first_name, "b": self.second_name, "first": self.first,
                "second": self.second, "fair": self.fair, "max_residual": self.max_residual,
                "converged": self.converged, "seconds": self.seconds}


def _tables(model: RollModel, a: RacePolicy, b: RacePolicy) -> RollModel:
    model = presets.resolve(model).require_rising("policy evaluation")
    for name, policy in (("a", a), ("b", b)):
        if not isinstance(policy, RacePolicy):
            raise validate.ParameterError(name, f"must be a RacePolicy; got {type(policy).__name__}")
    if a.goal != b.goal:
        raise JeopardyError(f"policies are for different goals ({a.goal} and {b.goal})")
    resources.require("evaluation", "evaluating policies", goal=a.goal, model=model)
    return model


def head_to_head(model: RollModel, a: RacePolicy, b: RacePolicy) -> HeadToHead:
    """P(A wins) when A starts, when B starts, and with a fair coin -- exactly."""
    model = _tables(model, a, b)
    require_ending(model, a, b)
    started = time.perf_counter()
    WA, WB, _, residual = _run(model, a.goal, FOLLOW, a.roll, FOLLOW, b.roll)
    return convergence.settled(
        HeadToHead(a.name, b.name, float(WA[0, 0]), float(1.0 - WB[0, 0]), residual,
                   time.perf_counter() - started), f"{a.name} against {b.name}")


def best_response(model: RollModel, opponent: RacePolicy) -> RacePolicy:
    """The policy maximising the win probability against a fixed opponent."""
    model = _tables(model, opponent, opponent)
    goal = opponent.goal
    _check_goal(goal)
    table = no_table(goal)
    WA, WB, _, _ = _run(model, goal, MAXIMISE, table, FOLLOW, opponent.roll)
    out = np.zeros((goal, goal, goal), dtype=np.int8)
    actions(model.kernel_rules(goal), WB, MAXIMISE, table, out)
    return RacePolicy(f"best response to {opponent.name}", goal, out)
