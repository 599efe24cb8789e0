"""States reached when every player of an N-player race plays the equilibrium.

A state is a turn start (the scores relative to the mover, the mover's
first) and a turn total ``k``.  It is *reached* when some game from the
start (all scores 0, player 0 to move) gets there with every player
following the equilibrium's actions (:func:`jeopardy.match.kernels.
policy_table`, the same table ``compare`` and ``simulate`` play), over any
roll results the model allows: ``add n`` and ``double`` move within the
turn, ``bust`` keeps the score, ``bust_all`` sends it to 0, ``bank n`` and
holding bank the turn total; a turn reaching the goal ends the game.  The
next turn start is the scores rotated (the mover's new score at the back).

A worklist over turn starts: each is swept once upward in ``k`` (turn totals
never fall within a turn), and each turn's ends are new turn starts.  Work
is O(states x effects).  With two players this is not the two-player
``reach`` (a policy against *any* opponent): here the opponents play the
equilibrium too.  First-to-goal only (under equal turns the mover's place
and the last round would be part of the state).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from jeopardy import resources
from jeopardy.errors import JeopardyError
from jeopardy.match import kernels
from jeopardy.match.rules import FIRST_TO_GOAL
from jeopardy.results import Result
from jeopardy.rules.compiled import step_jit as step
from jeopardy.rules.effects import FALLING


@njit(cache=True, nogil=True)
def _search(race, table, reached, rolling):
    """Marks ``reached[index, k]`` (and ``rolling``) from the start; returns the
    number of turn starts reached."""
    goal = race.goal
    size = table.shape[0]
    seen = np.zeros(size, dtype=np.bool_)
    stack = np.empty(size, dtype=np.int64)
    stack[0] = 0
    seen[0] = True
    depth = 1
    starts = 0
    at = np.zeros(goal + 1, dtype=np.bool_)
    while depth > 0:
        depth -= 1
        index = stack[depth]
        starts += 1
        own = index // race.high
        top = goal - own
        at[:] = False
        at[0] = True
        for k in range(top):
            if not at[k]:
                continue
            reached[index, k] = True
            if table[index, k] == 0:
                ends = kernels.after_turn(race, index, own + k)
                if not seen[ends]:
                    seen[ends] = True
                    stack[depth] = ends
                    depth += 1
                continue
            rolling[index, k] = True
            for e in range(race.kinds.shape[0]):
                banked, nk, ended = step(race.kinds[e], race.points[e], own, k)
                if not ended:
                    if nk < k:
                        raise ValueError(FALLING)
                    if own + nk < goal:
                        at[nk] = True
                    continue
                if 0 <= banked < goal:
                    ends = kernels.after_turn(race, index, banked)
                    if not seen[ends]:
                        seen[ends] = True
                        stack[depth] = ends
                        depth += 1
    return starts


@dataclass(frozen=True, repr=False)
class Reached(Result):
    """States reached under equilibrium play (module docstring)."""

    game: str
    goal: int
    players: int
    total_states: int  # every (turn start, turn total) below the goal
    count: int
    roll_count: int
    turn_starts: int  # turn starts reached
    total_turn_starts: int

    def to_dict(self) -> dict:
        return {"game": self.game, "goal": self.goal, "players": self.players,
                "policy": "optimal", "states": self.total_states,
                "reachable_states": self.count, "roll_states": self.roll_count,
                "reachable_turn_starts": self.turn_starts, "turn_starts": self.total_turn_starts}


def reachable(solution) -> Reached:
    """The states a game reaches when every player follows ``solution``'s equilibrium
    (a first-to-goal :class:`~jeopardy.match.solver.MatchSolution`)."""
    if solution.rules.ending != FIRST_TO_GOAL:
        raise JeopardyError("reach follows the equilibrium under the first-to-goal ending only")
    goal, n = solution.goal, solution.players
    size = goal ** n
    cost = resources.Estimate(1e-8 * size * goal, int(resources.BASE_BYTES + 3 * size * goal))
    if not resources.fits(cost):
        raise JeopardyError(f"reach over {size:,} turn starts needs {resources.describe(cost)}, "
                            "past this machine's budget")
    race = solution.race()
    table = np.zeros((size, goal), dtype=np.int8)
    kernels.policy_table(race, solution.values, table)
    reached = np.zeros((size, goal), dtype=np.bool_)
    rolling = np.zeros((size, goal), dtype=np.bool_)
    starts = _search(race, table, reached, rolling)
    scores = np.arange(size) // goal ** (n - 1)
    total = int(np.sum(goal - scores))
    return Reached(solution.model.name, goal, n, total, int(reached.sum()), int(rolling.sum()),
                   int(starts), size)
