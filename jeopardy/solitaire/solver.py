"""Solitaire Pig: reach the goal alone, in as few turns as possible.

Three questions, for any roll model:

* :func:`expected_turns` -- the fewest expected turns to reach the goal,
  counting the final turn, and the optimal policy;
* :func:`hold_at_expected_turns` -- the same for "hold at h or goal",
  h = 1..goal (exact policy evaluation);
* :func:`reach_probability` -- the best chance to reach the goal within n
  turns, and the policy achieving it (it depends on the turns left).

Fewest expected turns is a stochastic shortest path problem (each turn costs
1; the goal is the terminal state).  It is solved by policy iteration with
exact solves:

* *Evaluation* of a policy is one elimination pass (see
  :func:`jeopardy.solitaire.kernels.evaluate_turns`): scores only grow,
  except a bust (back to the same score) and a bust-all (back to 0), so the
  values at turn start are affine in ``E(0)`` going down in ``s``, and
  ``E(0)`` closes the system.  This is the exact solution of the policy's
  linear equations (in floats), not an iteration.
* *Improvement* takes, at each state, the cheaper of rolling and holding.

Why it is correct.  Every turn costs 1 and ends with probability 1 (each roll
ends the turn with probability ``p_end > 0``), so a policy that fails to reach
the goal with probability 1 has infinite cost: the problem satisfies the
standard SSP assumptions (a proper policy exists, improper ones cost
infinity).  Policy iteration started from a proper policy then visits only
proper policies, each strictly better than the last, and stops at an optimal
one after finitely many steps (Bertsekas & Tsitsiklis, *Neuro-Dynamic
Programming*, Prop. 2.3).  We start from the best "hold at h or goal" policy,
which is proper: every turn reaches the goal directly with positive
probability.  The returned residual is the largest Bellman error of the final
values (about 1e-13).

The reach probability is a finite-horizon problem: one backward pass per turn
(:func:`jeopardy.solitaire.kernels.reach_turn`).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from jeopardy import validate
from jeopardy.errors import JeopardyError
from jeopardy.rules import presets
from jeopardy.rules.roll_model import RollModel
from jeopardy.solitaire import kernels
from jeopardy.results import Result, count

MAX_GOAL = 2000
MAX_WORK = 3_000_000_000  # state-outcome visits: a few seconds of the kernels
MAX_ITERATIONS = 200


def _check(model: RollModel, goal: int, evaluations: int = 1) -> None:
    model.require_rising("the solitaire solver")
    if isinstance(goal, bool) or not isinstance(goal, int) or goal < 1:
        raise JeopardyError(f"goal must be a positive integer; got {goal!r}")
    if goal > MAX_GOAL:
        raise JeopardyError(f"solitaire goal {goal} is above the supported {MAX_GOAL}")
    work = evaluations * goal * (goal + 1) // 2 * len(model.outcomes)
    if work > MAX_WORK:
        raise JeopardyError(f"this request needs about {work:.1e} state visits (limit "
                            f"{MAX_WORK:.0e}); use a smaller goal or fewer turns")


def _thresholds(roll: np.ndarray, goal: int) -> tuple[list[int | None], list[int]]:
    """Per score s: the hold threshold h(s) if the policy is "roll iff t < h(s)"
    there (h = goal - s: always roll for the goal), else None."""
    out: list[int | None] = []
    irregular = []
    for s in range(goal):
        row = roll[s, : goal - s].astype(bool)
        holds = np.flatnonzero(~row)
        h = int(holds[0]) if holds.size else goal - s
        if row[:h].all() and not row[h:].any():
            out.append(h)
        else:
            out.append(None)
            irregular.append(s)
    return out, irregular


@dataclass(frozen=True, repr=False)
class ExpectedTurns(Result):
    """Fewest expected turns to reach the goal, and the optimal policy.

    ``start_values[s]`` is the expected number of turns from the start of a
    turn with ``s`` banked; ``roll[s, t]`` the optimal action (1 roll).
    """

    model: RollModel
    goal: int
    expected_turns: float
    start_values: np.ndarray = field(repr=False)
    roll: np.ndarray = field(repr=False)
    iterations: int = 0
    residual: float = 0.0
    seconds: float = 0.0

    def rolls(self, s: int, t: int) -> bool:
        return s + t < self.goal and (t == 0 or bool(self.roll[s, t]))

    def hold_thresholds(self) -> list[int | None]:
        return _thresholds(self.roll, self.goal)[0]

    def plot(self, ax=None):
        """Expected turns by score and the hold-at total by score (a Figure)."""
        from jeopardy.plots.charts import expected_turns  # matplotlib: on request
        return expected_turns(self, ax=ax)

    def to_dict(self) -> dict:
        thresholds, irregular = _thresholds(self.roll, self.goal)
        return {"game": self.model.name, "goal": self.goal, "expected_turns": self.expected_turns,
                "iterations": self.iterations, "residual": self.residual,
                "policy": {"hold_at_by_score": thresholds, "non_threshold_scores": irregular},
                "start_values": [float(v) for v in self.start_values]}

    def __repr__(self) -> str:
        return (f"ExpectedTurns({self.model.name}, goal {self.goal}: "
                f"{self.expected_turns:.6f} turns)")


def evaluate_policy(model: RollModel, goal: int, roll: np.ndarray) -> np.ndarray:
    """Expected turns from the start of a turn at each score, for a policy
    table ``roll[s, t]`` (1 roll; a turn always starts with a roll)."""
    model.require_rising("the solitaire solver")
    start_a = np.zeros(goal + 1)
    start_c = np.zeros(goal + 1)
    if not kernels.evaluate_turns(model.kernel_rules(goal), roll, start_a, start_c):
        raise JeopardyError("this policy never reaches the goal from some score "
                            "(every turn it plays can only bust)")
    starts = start_a + start_c * start_a[0]
    starts[goal] = 0.0
    return starts


def hold_at_table(goal: int, h: int) -> np.ndarray:
    """"Hold at h or goal": roll while the turn total is below h."""
    t = np.arange(goal)[None, :]
    return np.broadcast_to(t < h, (goal, goal)).astype(np.int8).copy()


@dataclass(frozen=True, repr=False)
class HoldAtTurns(Result):
    """Expected turns of "hold at h or goal" for h = 1..goal."""

    model: RollModel
    goal: int
    turns: dict  # h -> expected turns from 0

    @property
    def best(self) -> int:
        return min(self.turns, key=lambda h: (self.turns[h], h))

    def to_dict(self) -> dict:
        return {"game": self.model.name, "goal": self.goal, "best_hold": self.best,
                "hold_at_expected_turns": {str(h): v for h, v in self.turns.items()}}

    def __repr__(self) -> str:
        return (f"HoldAtTurns({self.model.name}, goal {self.goal}: best hold at {self.best}, "
                f"{self.turns[self.best]:.6f} turns)")


def hold_at_expected_turns(model: RollModel, goal: int, holds=None) -> HoldAtTurns:
    """Exact expected turns of "hold at h or goal" for each h (default 1..goal)."""
    model = presets.resolve(model)
    holds = list(range(1, goal + 1)) if holds is None else list(holds)
    _check(model, goal, len(holds))
    for h in holds:
        if isinstance(h, bool) or not isinstance(h, int) or not 1 <= h <= goal:
            raise JeopardyError(f"hold threshold must be in 1-{goal}; got {h!r}")
    return HoldAtTurns(model, goal, {h: float(evaluate_policy(model, goal, hold_at_table(goal, h))[0])
                                     for h in holds})


def expected_turns(model: RollModel, goal: int) -> ExpectedTurns:
    """Fewest expected turns to reach ``goal`` (policy iteration, exact solves)."""
    model = presets.resolve(model)
    _check(model, goal, goal + MAX_ITERATIONS)
    started = time.perf_counter()
    best_h = hold_at_expected_turns(model, goal).best
    roll = hold_at_table(goal, best_h)
    values = np.zeros((goal, goal))
    rolled = np.zeros((goal, goal))
    held = np.zeros((goal, goal))
    new_roll = np.zeros((goal, goal), dtype=np.int8)
    for iteration in range(1, MAX_ITERATIONS + 1):
        starts = evaluate_policy(model, goal, roll)
        changes, residual = kernels.improve_turns(model.kernel_rules(goal), starts, roll, values,
                                                  rolled, held, new_roll)
        if changes == 0:
            return ExpectedTurns(model, goal, float(starts[0]), starts[:goal].copy(),
                                 roll.copy(), iteration, float(residual),
                                 time.perf_counter() - started)
        roll, new_roll = new_roll.copy(), roll
    raise JeopardyError(f"policy iteration did not settle in {MAX_ITERATIONS} steps")


@dataclass(frozen=True, repr=False)
class ReachProbability(Result):
    """Best chance to reach the goal within ``turns`` turns.

    ``start_values[n][s]``: the best chance from the start of a turn at score
    ``s`` with ``n`` turns left (n = 0..turns); ``roll[n - 1][s, t]``: the
    optimal action with ``n`` turns left (ties hold).
    """

    model: RollModel
    goal: int
    turns: int
    probability: float
    start_values: np.ndarray = field(repr=False)  # [turns + 1, goal]
    roll: np.ndarray = field(repr=False)  # [turns, goal, goal]
    seconds: float = 0.0

    def chance(self, score: int, turns_left: int) -> float:
        if score >= self.goal:
            return 1.0
        return float(self.start_values[turns_left, score])

    def rolls(self, turns_left: int, s: int, t: int) -> bool:
        return s + t < self.goal and (t == 0 or bool(self.roll[turns_left - 1, s, t]))

    def to_dict(self) -> dict:
        policy = {}
        irregular = {}
        for n in range(1, self.turns + 1):
            thresholds, odd = _thresholds(self.roll[n - 1], self.goal)
            policy[str(n)] = thresholds
            if odd:
                irregular[str(n)] = odd
        return {"game": self.model.name, "goal": self.goal, "turns": self.turns,
                "reach_probability": self.probability,
                "policy": {"hold_at_by_turns_left_and_score": policy,
                           "non_threshold_scores": irregular}}

    def __repr__(self) -> str:
        return (f"ReachProbability({self.model.name}, goal {self.goal} within "
                f"{count(self.turns, 'turn')}: {self.probability:.6f})")


def reach_probability(model: RollModel, goal: int, turns: int) -> ReachProbability:
    """Best chance to reach ``goal`` within ``turns`` turns (finite-horizon DP)."""
    model = presets.resolve(model)
    turns = validate.positive_int(turns, "turns")
    _check(model, goal, turns)
    started = time.perf_counter()
    rules = model.kernel_rules(goal)
    starts = np.zeros((turns + 1, goal + 1))
    starts[:, goal] = 1.0
    roll = np.zeros((turns, goal, goal), dtype=np.int8)
    values = np.zeros((goal, goal))
    for n in range(1, turns + 1):
        kernels.reach_turn(rules, starts[n - 1], values, roll[n - 1])
        starts[n, :goal] = values[:, 0]
    return ReachProbability(model, goal, turns, float(starts[turns, 0]), starts[:, :goal].copy(),
                            roll, time.perf_counter() - started)
