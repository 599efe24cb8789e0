"""States a player following a policy can reach, whatever the opponent does.

The opponent can end up with any score it can bank under *some* policy:
sums of turn totals it can hold at.  So every turn of ours starts at
``(i, j, 0)`` with ``i`` one of our reachable scores and ``j`` any such
opponent score (our own bust at the first roll keeps ``i`` while the opponent
plays on).  Within a turn we follow the policy.  Scores only grow, except a
``bust_all`` back to 0, so one pass over ``i`` in increasing order finds all
of our reachable turn-start scores.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from jeopardy.race.policies import RacePolicy
from jeopardy.rules.roll_model import RollModel


def opponent_scores(model: RollModel, goal: int) -> np.ndarray:
    """Scores below ``goal`` some opponent policy can bank."""
    totals = np.zeros(goal + 1, dtype=bool)  # turn totals the opponent can stop at
    totals[0] = True
    banks = set()
    for k in range(goal):
        if not totals[k]:
            continue
        for e, _ in model.outcomes:
            if e.kind == "add" and k + e.points < goal:
                totals[k + e.points] = True
            elif e.kind == "double" and 2 * k < goal:
                totals[2 * k] = True
            elif e.kind == "bank" and k + e.points < goal:
                banks.add(k + e.points)
    gains = sorted({int(k) for k in np.flatnonzero(totals) if k > 0} | banks)
    scores = np.zeros(goal, dtype=bool)
    scores[0] = True
    for s in range(goal):
        if scores[s]:
            for g in gains:
                if s + g < goal:
                    scores[s + g] = True
    return scores


@njit(cache=True, nogil=True)
def _reach(goal, roll, opponent, kinds, points, own, reach):
    own[0] = 1
    for i in range(goal):
        if not own[i]:
            continue
        for j in range(goal):
            if not opponent[j]:
                continue
            reach[i, j, 0] = 1
            for k in range(goal - i):
                if not reach[i, j, k]:
                    continue
                if roll[i, j, k] == 0:
                    if i + k < goal:
                        own[i + k] = 1
                    continue
                for e in range(kinds.shape[0]):
                    kind = kinds[e]
                    n = points[e]
                    if kind == 0:
                        if k + n < goal - i:
                            reach[i, j, k + n] = 1
                    elif kind == 2:
                        own[0] = 1
                    elif kind == 3:
                        if i + k + n < goal:
                            own[i + k + n] = 1
                    elif kind == 4:
                        if 2 * k < goal - i:
                            reach[i, j, 2 * k] = 1


@dataclass(frozen=True)
class Reachable:
    goal: int
    states: np.ndarray  # bool [i, j, k]
    roll: np.ndarray  # bool [i, j, k]: reachable and rolling
    own_scores: np.ndarray  # bool [i]

    @property
    def count(self) -> int:
        return int(self.states.sum())

    @property
    def roll_count(self) -> int:
        return int(self.roll.sum())

    @property
    def own_scores_never_reached(self) -> list[int]:
        return [int(i) for i in np.flatnonzero(~self.own_scores)]

    def to_dict(self) -> dict:
        return {"goal": self.goal, "states": self.count, "roll_states": self.roll_count,
                "own_scores_never_reached": self.own_scores_never_reached}


def reachable(model: RollModel, policy: RacePolicy) -> Reachable:
    goal = policy.goal
    kinds, points, _ = model.arrays()
    own = np.zeros(goal, dtype=np.int8)
    reach = np.zeros((goal, goal, goal), dtype=np.int8)
    opponent = opponent_scores(model, goal).astype(np.int8)
    _reach(goal, policy.roll, opponent, kinds, points, own, reach)
    states = reach.astype(bool)
    return Reachable(goal, states, states & policy.roll.astype(bool), own.astype(bool))
