"""Reachable states of a race: two searches.

**Every player plays the equilibrium** (:func:`reachable`, any number of
players).  A state is a turn start (the scores relative to the mover, the mover's
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

**A policy against any opponent** (:func:`reachable_against_any`, two
players): "we" follow a policy; the opponent may play any way at all.
A state ``(i, j, k)`` (our score, the opponent's score, our turn total, our
turn) is *reachable* when some game reaches it: a sequence of turns,
starting from scores ``(0, 0)`` with either player to move, in which

* each of our turns starts at ``(i, j, 0)`` and follows the policy roll by
  roll, over any roll results the model allows: ``add n`` and ``double``
  move within the turn, ``bust`` keeps ``i``, ``bust_all`` sends ``i`` to 0,
  ``bank n`` and holding add the turn total to ``i`` (a turn reaching the
  goal wins and ends the game);
* each of the opponent's turns turns ``j`` into one of its *feasible turn
  results* (:func:`turn_results`): ``j`` itself (a bust, or holding at
  turn total 0), 0 if the model has ``bust_all``, or ``j + g`` below the goal
  for every turn total ``g > 0`` some way of playing the turn can hold or
  bank.

"Whatever the opponent does" means: for *some* sequence of the opponent's
feasible turn results.  The scores are searched jointly: our policy depends
on ``j`` and the opponent's score only changes by its feasible results, so
pairing every own score we can reach with every score the opponent can bank
(as this search once did) over-counts: Pig to 100 with the optimal policy
has 179,577 reachable states on 6,190 score pairs, not 197,524 on 6,930.

The search is a worklist over *handovers* ``(i, j)``, our score and the
opponent's when the opponent is to move; the game starts at the handover
``(0, 0)`` (the opponent moving first; its result ``j -> j`` gives our
first turn at ``(0, 0, 0)`` when we move first).  Each handover is expanded
once into our turn starts ``(i, j', 0)``, each new turn start is swept once
upward in ``k`` (turn totals never fall within a turn), and each turn's
ends are new handovers.  Work is O(states x effects + handovers x results).

More players: a handover would carry every other player's score, and the
other players' turns would apply :func:`turn_results` to each of them in
turn; the kernel keeps that step (:func:`_other_turn`) on its own for that.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from jeopardy import resources
from jeopardy.errors import JeopardyError
from jeopardy.match import kernels
from jeopardy.match.endings import FIRST_TO_GOAL, spelled
from jeopardy.plots.race import state_cloud
from jeopardy.results import Result
from jeopardy.rules.compiled import END, roll_result, step_jit as step
from jeopardy.rules.effects import FALLING
from jeopardy.rules.roll_model import RollModel


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
    reachable_turn_starts: int  # turn starts reached
    turn_starts: int  # every turn start (as MatchSolution.turn_starts)
    ending: str = FIRST_TO_GOAL

    def to_dict(self) -> dict:
        return {"game": self.game, "goal": self.goal, "players": self.players,
                "ending": self.ending, "policy": "optimal", "states": self.total_states,
                "reachable_states": self.count, "roll_states": self.roll_count,
                "reachable_turn_starts": self.reachable_turn_starts,
                "turn_starts": self.turn_starts}


def reachable(solution) -> Reached:
    """The states a game reaches when every player follows ``solution``'s equilibrium
    (a first-to-goal or equal-turns :class:`~jeopardy.match.solver.MatchSolution`, or
    its policy file, a :class:`~jeopardy.match.policy_file.MatchPolicy`)."""
    ending = solution.rules.ending
    solution.model.require_rising("reach")  # a column is swept upwards only
    if not ending.seats_policies:
        raise JeopardyError(f"reach follows the equilibrium under the "
                            f"{spelled(lambda e: e.seats_policies)} ending; got {ending}")
    goal, n = solution.goal, solution.players
    race = solution.race()
    places, width = int(race.places), ending.width(goal, int(race.cap))
    size = goal ** n
    cost = resources.Estimate(1e-8 * places * size * width,
                              int(resources.BASE_BYTES + 3 * places * size * width))
    resources.refuse_past_budget(f"reach over {places * size:,} turn starts", cost)
    actions = solution.equilibrium_actions()
    reached = np.zeros((places, size, width), dtype=np.bool_)
    rolling = np.zeros((places, size, width), dtype=np.bool_)
    starts = _search(race, actions, reached, rolling)
    own = np.arange(size) // goal ** (n - 1)
    limits = [goal if not ending.last_round or place == n - 1 else int(race.cap)
              for place in range(places)]
    total = int(sum(np.sum(limit - own) for limit in limits))
    return Reached(solution.model.name, goal, n, total, int(reached.sum()), int(rolling.sum()),
                   int(starts), places * size, ending)


# ------------------------------------------- a policy against any opponent (two players)
@dataclass(frozen=True)
class TurnResults:
    """What one turn can do to a player's banked score ``s``, under some policy.

    ``s`` always stays possible (a bust, or holding at turn total 0); it
    falls to 0 when ``to_zero`` (a ``bust_all`` roll); it grows by every
    ``g`` in ``gains`` with ``s + g`` below the goal.
    """

    gains: np.ndarray  # int64, sorted, 0 < g < goal
    to_zero: bool


def turn_results(model: RollModel, goal: int) -> TurnResults:
    """The feasible results of one turn, for a player free to roll or hold anywhere.

    Turn totals start at 0 and never fall within a turn (``add n`` adds
    ``n >= 0``, ``double`` doubles), so a total below the goal is only ever
    reached through totals below it: the search over totals ``< goal`` finds
    every total a player can hold, or bank with a roll that ends the turn
    (``bank n``, ``bust_gain n``), whose result stays below the goal.
    """
    model.require_rising("the reachability search")
    totals = np.zeros(goal, dtype=bool)  # turn totals a player can be at, and hold
    totals[0] = True
    gains = set()
    for k in range(goal):
        if not totals[k]:
            continue
        if k > 0:
            gains.add(k)
        for effect, _ in model.outcomes:
            banked, after, ended = effect.apply(0, k)  # from score 0: what is banked is a gain
            if not ended and after < goal:
                totals[after] = True
            elif ended and 0 < banked < goal:
                gains.add(banked)
    return TurnResults(np.array(sorted(gains), dtype=np.int64), model.has_bust_all)


@njit(cache=True, nogil=True)
def _other_turn(score, goal, gains, to_zero, out):
    """The other player's banked scores after one turn from ``score``: ``out[:n]``."""
    out[0] = score
    n = 1
    if to_zero and score != 0:
        out[n] = 0
        n += 1
    for g in gains:
        if score + g >= goal:
            break
        out[n] = score + g
        n += 1
    return n


@njit(cache=True, nogil=True)
def _hand_over(score, j, handed, stack, top):
    """Our turn ended at ``score``: the opponent moves next; push the handover if new."""
    if not handed[score, j]:
        handed[score, j] = 1
        stack[top] = score * handed.shape[0] + j
        top += 1
    return top


@njit(cache=True, nogil=True)
def _search_against_any(roll, rules, other, reach, handed):
    """Mark every reachable state ``reach[i, j, k]`` and handover ``handed[i, j]``.

    ``rules``: the effect kinds (row 0, :class:`jeopardy.rules.effects.Kind` codes)
    and points (row 1) of the roll model; ``other``: the other player's turn
    results, ``(gains, to_zero)`` as in :class:`TurnResults`.
    """
    goal = reach.shape[0]
    kinds = rules[0]
    points = rules[1]
    gains, to_zero = other
    stack = np.empty(goal * goal, dtype=np.int64)  # each handover is pushed once
    after = np.empty(gains.shape[0] + 2, dtype=np.int64)
    # int64s, not literals: a literal 0 compiled _hand_over a second time
    zero = np.int64(0)
    top = _hand_over(zero, zero, handed, stack, zero)  # the opponent to move at (0, 0)
    while top > 0:
        top -= 1
        i = stack[top] // goal
        for r in range(_other_turn(stack[top] % goal, goal, gains, to_zero, after)):
            j = after[r]
            if reach[i, j, 0]:
                continue
            reach[i, j, 0] = 1
            for k in range(goal - i):  # our turn from (i, j, 0); totals only grow
                if not reach[i, j, k]:
                    continue
                if roll[i, j, k] == 0:
                    top = _hand_over(i + k, j, handed, stack, top)
                    continue
                for e in range(kinds.shape[0]):
                    banked, total, outcome = roll_result(kinds[e], points[e], i, k)
                    if outcome != END:
                        if i + total < goal:
                            reach[i, j, total] = 1
                    elif banked < goal:
                        top = _hand_over(banked, j, handed, stack, top)


@dataclass(frozen=True, repr=False)
class Reachable(Result):
    """Reachable states of a policy against any opponent (see the module docstring)."""

    game: str
    policy: str
    goal: int
    states: np.ndarray  # bool [i, j, k]: reachable (to_dict's "states": every state's count)
    roll: np.ndarray  # bool [i, j, k]: reachable and rolling
    own_scores: np.ndarray  # bool [i]: some turn of ours starts at score i

    @property
    def total_states(self) -> int:
        """Every state ``(i, j, k)`` with ``i, j < goal`` and ``i + k < goal``."""
        return self.goal * self.goal * (self.goal + 1) // 2

    @property
    def count(self) -> int:
        return int(self.states.sum())

    @property
    def roll_count(self) -> int:
        return int(self.roll.sum())

    @property
    def score_pairs(self) -> np.ndarray:
        """bool [i, j]: some reachable state has scores ``(i, j)``."""
        return self.states[:, :, 0]

    @property
    def score_pair_count(self) -> int:
        return int(self.score_pairs.sum())

    @property
    def own_scores_never_reached(self) -> list[int]:
        return [int(i) for i in np.flatnonzero(~self.own_scores)]

    def plot(self, rolling: bool = False, name: str = "", ax=None):
        """Figure 5 (the reachable states) or, with ``rolling``, Figure 6 (those where the
        policy rolls): a matplotlib Figure."""
        title = "reachable states where the policy rolls" if rolling else "reachable states"
        return state_cloud(name or f"{self.game} to {self.goal}, {self.policy}",
                           self.roll if rolling else self.states, title, ax=ax)

    def to_dict(self) -> dict:
        # a table of two players first to the goal, in the N-player results' vocabulary
        return {"game": self.game, "policy": self.policy, "players": 2,
                "ending": FIRST_TO_GOAL.name,
                "goal": self.goal, "states": self.total_states, "reachable_states": self.count,
                "roll_states": self.roll_count, "score_pairs": self.goal * self.goal,
                "reachable_score_pairs": self.score_pair_count,
                "own_scores_never_reached": self.own_scores_never_reached}


def reachable_against_any(model: RollModel, policy) -> Reachable:
    """The states ``policy`` (a :class:`~jeopardy.match.policies.RacePolicy`) reaches in
    some game against some opponent."""
    return reachable_table(model, policy.roll, policy.name)


def reachable_table(model: RollModel, roll: np.ndarray, policy: str) -> Reachable:
    """The states that the policy table ``roll[i, j, k]`` (1: roll), named ``policy``,
    reaches in some game against some opponent."""
    model.require_rising("the reachability search")
    goal = roll.shape[0]
    kinds, points, _ = model.arrays()
    results = turn_results(model, goal)
    reach = np.zeros((goal, goal, goal), dtype=np.int8)
    handed = np.zeros((goal, goal), dtype=np.int8)
    _search_against_any(roll, np.stack([kinds, points]), (results.gains, results.to_zero),
                        reach, handed)
    states = reach.astype(bool)
    return Reachable(model.name, policy, goal, states, states & roll.astype(bool),
                     states[:, :, 0].any(axis=1))
