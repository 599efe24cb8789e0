"""States reached when every player of an N-player race plays the equilibrium.

A state is a turn start (the scores relative to the mover, the mover's
first; under equal turns also the mover's place in the round) and a turn
total ``k``.  It is *reached* when some game from the start (all scores 0,
player 0 to move) gets there with every player following the equilibrium's
actions -- where the equilibrium mixes, each action of positive chance
(the actions ``compare`` and ``simulate`` play,
:meth:`jeopardy.match.solver.MatchSolution.equilibrium_actions`) -- over any roll
results the model allows: ``add n`` and ``double`` move within the turn,
``bust`` keeps the score, ``bust_all`` sends it to 0, ``bank n`` and holding
bank the turn total.  A turn that banks the goal ends the race: first to the
goal, the game; under equal turns the last round follows, whose states are
not counted (they are the last round's, :mod:`jeopardy.match.last_round`).
Under equal turns a mover before the end of the round may roll on past the
goal up to the cap; those turn totals are states too.  The next turn start is
the scores rotated (the mover's new score at the back), at the next place.

A worklist over turn starts: each is swept once upward in ``k`` (turn totals
never fall within a turn), and each turn's ends are new turn starts.  Work
is O(states x effects).  With two players this is not the two-player
``reach`` (a policy against *any* opponent): here the opponents play the
equilibrium too.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from jeopardy import resources
from jeopardy.errors import JeopardyError
from jeopardy.match import kernels
from jeopardy.match.policy_file import MatchPolicy
from jeopardy.match.endings import FIRST_TO_GOAL, spelled
from jeopardy.results import Result
from jeopardy.rules.compiled import step_jit as step
from jeopardy.rules.effects import FALLING


@njit(cache=True, nogil=True)
def _push(seen, stack, depth, key):
    if not seen[key]:
        seen[key] = True
        stack[depth] = key
        depth += 1
    return depth


@njit(cache=True, nogil=True)
def _search(race, actions, reached, rolling):
    """Marks ``reached[place, index, k]`` (and ``rolling``) from the start; returns
    the number of turn starts reached."""
    goal = race.goal
    size = actions.table.shape[1]
    seen = np.zeros(race.places * size, dtype=np.bool_)
    stack = np.empty(race.places * size, dtype=np.int64)
    stack[0] = 0
    seen[0] = True
    depth = 1
    starts = 0
    at = np.zeros(race.cap + 1, dtype=np.bool_)
    while depth > 0:
        depth -= 1
        key = stack[depth]
        place = key // size
        index = key % size
        following = ((place + 1) % race.places) * size
        starts += 1
        own = index // race.high
        top = kernels.limit(race, place) - own
        row = kernels.mixed_row(actions, key)
        at[:] = False
        at[0] = True
        for k in range(top):
            if not at[k]:
                continue
            reached[place, index, k] = True
            chance = 0.0
            if row >= 0:
                chance = actions.mix_tables[row, k]
            else:
                chance = float(actions.table[place, index, k])
            if chance < 1.0 and own + k < goal:  # it may hold (at the goal: the race ends)
                depth = _push(seen, stack, depth, following + kernels.after_turn(race, index,
                                                                                   own + k))
            if chance <= 0.0:
                continue
            rolling[place, index, k] = True
            for e in range(race.kinds.shape[0]):
                banked, nk, ended = step(race.kinds[e], race.points[e], own, k)
                if not ended:
                    if nk < k:
                        raise ValueError(FALLING)
                    if nk < top:
                        at[nk] = True
                    continue
                if 0 <= banked < goal:
                    depth = _push(seen, stack, depth,
                                  following + kernels.after_turn(race, index, banked))
    return starts


@dataclass(frozen=True, repr=False)
class Reached(Result):
    """States reached under equilibrium play (module docstring)."""

    game: str
    goal: int
    players: int
    total_states: int  # every (turn start, turn total) below the mover's limit
    count: int
    roll_count: int
    turn_starts: int  # turn starts reached
    total_turn_starts: int
    ending: str = FIRST_TO_GOAL

    def to_dict(self) -> dict:
        return {"game": self.game, "goal": self.goal, "players": self.players,
                "ending": self.ending, "policy": "optimal", "states": self.total_states,
                "reachable_states": self.count, "roll_states": self.roll_count,
                "reachable_turn_starts": self.turn_starts, "turn_starts": self.total_turn_starts}


def reachable(solution) -> Reached:
    """The states a game reaches when every player follows ``solution``'s equilibrium
    (a first-to-goal or equal-turns :class:`~jeopardy.match.solver.MatchSolution`, or
    its policy file, a :class:`~jeopardy.match.policy_file.MatchPolicy`)."""
    ending = solution.rules.ending
    if not ending.seats_policies:
        raise JeopardyError(f"reach follows the equilibrium under the "
                            f"{spelled(lambda e: e.seats_policies)} ending; got {ending}")
    goal, n = solution.goal, solution.players
    race = solution.race()
    places, width = int(race.places), ending.width(goal, int(race.cap))
    size = goal ** n
    cost = resources.Estimate(1e-8 * places * size * width,
                              int(resources.BASE_BYTES + 3 * places * size * width))
    if not resources.fits(cost):
        raise JeopardyError(f"reach over {places * size:,} turn starts needs "
                            f"{resources.describe(cost)}, past this machine's budget")
    actions = solution.actions() if isinstance(solution, MatchPolicy) else \
        solution.equilibrium_actions()
    reached = np.zeros((places, size, width), dtype=np.bool_)
    rolling = np.zeros((places, size, width), dtype=np.bool_)
    starts = _search(race, actions, reached, rolling)
    own = np.arange(size) // goal ** (n - 1)
    limits = [goal if not ending.last_round or place == n - 1 else int(race.cap)
              for place in range(places)]
    total = int(sum(np.sum(limit - own) for limit in limits))
    return Reached(solution.model.name, goal, n, total, int(reached.sum()), int(rolling.sum()),
                   int(starts), places * size, ending)
