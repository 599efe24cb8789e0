"""Seeded simulation of two-player Ten Thousand under the solver's optimal policy.

The games are played by :mod:`jeopardy.reference.farkle_simulation`, which
throws real dice and re-scores them from the rules text; only the bank/throw
decisions come from the solution here.  They are tabulated once: every
column of both roles (:func:`decision_tables`, the solver's own kernel) and,
for B's last turn of the round ending, whether to take a tie at ``t == d``.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from jeopardy.errors import JeopardyError
from jeopardy.farkle.core import CoreFarkleSolution
from jeopardy.farkle.ending import last_turn_values, throw_arrays
from jeopardy.match import process_kernels
from jeopardy.farkle.turn import UNIT
from jeopardy.reference.farkle import ReferenceRules
from jeopardy.reference.farkle_policies import Policy
from jeopardy.reference.farkle_simulation import simulate as play_games
from jeopardy.results import Result


@dataclass(frozen=True)
class DecisionTables:
    """The optimal bank/throw decision at every turn state, as arrays."""

    offsets: np.ndarray  # [role, i, j] -> start of the column in ``flat``
    tops: np.ndarray  # [role, i, j] -> the column's largest turn total (units)
    flat: np.ndarray  # int8, 1 = throw
    tie: np.ndarray  # [minimum row, d, n]: B's last turn takes the tie at t == d


def decision_tables(solution: CoreFarkleSolution) -> DecisionTables:
    g = solution.goal_units
    offsets = np.zeros((2, g, g), dtype=np.int64)
    tops = np.zeros((2, g, g), dtype=np.int64)
    flat = np.zeros(solution.states // 6 * 7, dtype=np.int8)
    race = solution.solution.race
    core_offsets = np.zeros((int(race.places), g * g), dtype=np.int64)
    core_tops = np.zeros_like(core_offsets)
    process_kernels.decision_tables(race, solution.solution.values, core_offsets, core_tops,
                                    flat, 7, 1)
    for role in range(2):
        place = solution.place(role == 0)
        offsets[role] = core_offsets[place].reshape(g, g)
        tops[role] = core_tops[place].reshape(g, g)
    rules = solution.rules
    min_low, min_high, _ = rules.in_units()
    throws = throw_arrays(rules.keep_choice)
    largest = int(tops.max()) + g + 2
    tie = np.zeros((2, largest + 1, 7), dtype=np.int8)
    if not solution.first_to_reach:
        for row, minimum in enumerate((min_low, min_high)):
            for d in range(1, largest + 1):
                V = last_turn_values(d, minimum, rules.exact_goal, rules.no_stop_on_six,
                                     throws)
                for n in range(1, 7):
                    # the DP takes the tie (value 1/2) where throwing is worth no more
                    tie[row, d, n] = d < V.shape[0] and V[d, n] == 0.5
    return DecisionTables(offsets, tops, flat, tie)


@njit(cache=True, nogil=True)
def _decide(data, role, my_score, other_score, turn_total, dice):
    """The tabulated optimal decision (bank?), in the reference policies' interface."""
    offsets, tops, flat, tie, params = data
    goal, high = params[0], params[1]
    i = my_score // 50
    j = other_score // 50
    t = turn_total // 50
    if j >= goal:  # B's last turn: beat A's total, or take a tie the DP takes
        d = j - i
        if t > d:
            return True
        row = 1 if i > high else 0
        return t == d and d < tie.shape[1] and tie[row, d, dice] == 1
    if t > tops[role, i, j]:
        return True  # past the table every bank is best (jeopardy.farkle.ending's proof)
    return flat[offsets[role, i, j] + t * 7 + dice] == 0


def optimal_policy(solution) -> Policy:
    """The solution's policy for :mod:`jeopardy.reference.farkle_simulation`."""
    tables = decision_tables(solution)
    params = np.array([solution.goal_units, solution.rules.in_units()[2]], dtype=np.int64)
    return Policy(_decide, (tables.offsets, tables.tops, tables.flat, tables.tie, params))


@dataclass(frozen=True, repr=False)
class SimulatedFarkle(Result):
    """The first player's mean points (1 a win, 1/2 a tie) over seeded games."""

    games: int
    seed: int
    first_player_wins: float
    stderr: float
    seconds: float

    def to_dict(self) -> dict:
        return {"game": "ten-thousand", "games": self.games, "seed": self.seed,
                "first_player_wins": self.first_player_wins, "stderr": self.stderr,
                "seconds": self.seconds}


def reference_rules(solution: CoreFarkleSolution) -> ReferenceRules:
    rules = solution.rules
    return ReferenceRules(goal=rules.goal, min_bank=rules.min_bank,
                          first_to_reach=solution.first_to_reach,
                          no_bank_six=rules.no_stop_on_six, high_min_bank=rules.high_min_bank,
                          high_score=rules.high_score, exact_goal=rules.exact_goal,
                          keep_any_part=rules.keep_choice)


def simulate(solution: CoreFarkleSolution, games: int, seed: int = 0) -> SimulatedFarkle:
    """Play ``games`` seeded games, both players following the optimal policy."""
    if solution.rules.keep_choice:
        raise JeopardyError("the simulation plays the rule that sets aside every scoring die "
                            "(not rule IV.4)")
    if solution.rules.continue_position:
        raise JeopardyError("the simulation does not play rule IV.5 (taking a position over)")
    if solution.rules.min_bank == 0:
        raise JeopardyError("the simulation needs a positive minimum bank")
    policy = optimal_policy(solution)
    result = play_games(reference_rules(solution), policy, policy, games, seed)
    return SimulatedFarkle(games, seed, result.win_probability, result.standard_error,
                           result.seconds)


assert UNIT == 50  # decide() divides points by 50
