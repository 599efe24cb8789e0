"""Exact evaluation of N fixed policies in an N-player race (first-to-goal or
equal turns).

Player ``p`` (``0`` moves first) follows its own policy, so the solver keeps
the mover's place in the round: ``W[p, index, m]`` is player ``m``'s chance
(relative to the mover ``p``) at turn start ``index``.  With every action
fixed, each rotation class map is affine and one Newton step solves it
exactly (up to rounding): policy evaluation by exact linear algebra, class by
class, as :mod:`jeopardy.race.evaluation` does for two players.

A policy is

* a :class:`~jeopardy.race.policies.RacePolicy` (``roll[i, j, k]``), read with
  ``i`` the mover's score and ``j`` the *leading* opponent's score (for two
  players, the opponent's), so ``hold:N``, formulas in ``i, j, k`` and policy
  files mean what they say for any number of players;
* a :class:`~jeopardy.match.solver.MatchSolution` of the same game: its
  equilibrium policy, which sees every score, and rolls with the solver's
  chances at the turn starts where the equilibrium mixes (``solution.mixes``),
  so that the equilibrium played by every player is worth the solver's values;
* a :class:`~jeopardy.match.policy_file.MatchPolicy` (a policy file of
  ``solve --policy-out``): the equilibrium's actions as the solver wrote them,
  its mixed actions with their chances, played exactly as the solution is.

Equal turns.  A race policy speaks of scores below the goal: it banks as soon
as its score plus turn total reaches the goal (it never rolls on to raise the
bar).  The last round -- once a player has banked at least the goal, the
players after it in the round play one last turn each, to beat the leader --
is played by every player as the equilibrium plays it
(:mod:`jeopardy.match.last_round`, solved once and shared), whatever its race
policy: a last turn has one aim, and no race policy's table reaches it.  The
cap of that phase is the equilibrium's where one is seated, else the first of
the solver's caps whose last-round proof holds (:func:`last_round_cap`).
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from jeopardy import convergence, resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.match import kernels, sums
from jeopardy.match.policy_file import MatchPolicy, describe
from jeopardy.match.endings import ENDINGS as REGISTRY
from jeopardy.match.rules import FIRST_TO_GOAL, MatchRules
from jeopardy.match.solver import (MatchSolution, _CapBound, _iterate, actions_from, bundle,
                                   cap_sequence, estimate, warm_up)
from jeopardy.race.policies import RacePolicy
from jeopardy.results import Result
from jeopardy.rules import presets
from jeopardy.rules.roll_model import RollModel

ENDINGS = tuple(e for e in REGISTRY.values() if e.seats_policies)  # policies are played under


@dataclass(frozen=True)
class Evaluation(convergence.Converging, Result):  # its own short __repr__ below
    """Each player's exact chance of winning, in turn order from the first to move."""

    names: tuple[str, ...]
    win_probabilities: list[float]
    max_residual: float
    seconds: float

    @property
    def win_probability(self) -> float:
        """The first player's chance, as every result's ``win_probability``."""
        return self.win_probabilities[0]

    def to_dict(self) -> dict:
        return {"policies": list(self.names), "win_probabilities": list(self.win_probabilities),
                "win_probability": self.win_probabilities[0],
                "max_residual": self.max_residual, "converged": self.converged,
                "seconds": self.seconds}

    def _rows(self) -> list[dict]:
        return [{"player": place, "policy": name, "win_probability": chance}
                for place, (name, chance) in enumerate(zip(self.names, self.win_probabilities),
                                                        start=1)]

    def __repr__(self) -> str:
        pairs = ", ".join(f"{n}: {v:.6f}" for n, v in zip(self.names, self.win_probabilities))
        return f"Evaluation({pairs})"


def last_round_cap(model: RollModel, goal: int, rules: MatchRules) -> int:
    """The first of the solver's caps (:func:`jeopardy.match.solver.cap_sequence`)
    under which holding is proved optimal for every last-turn player with players
    after it (the proof's part that needs no race values,
    :meth:`jeopardy.match.solver._CapBound.possible`): race policies never pass the
    goal, so the last round is the only phase the cap touches."""
    for cap in cap_sequence(goal):
        if _CapBound(model, bundle(model, goal, rules, cap)).possible():
            return cap
    raise JeopardyError(f"{rules.ending}: could not prove a cap up to {cap} harmless for the "
                        f"last round of {model.name} to {goal}")


def _check_solution(policy, goal: int, rules: MatchRules, model: RollModel) -> None:
    """A MatchSolution or MatchPolicy of this very game, or a one-line refusal."""
    if (policy.goal, policy.players, policy.rules.ending) != (goal, rules.players, rules.ending) \
            or policy.model.fingerprint() != model.fingerprint():
        kind = "policy file" if isinstance(policy, MatchPolicy) else "equilibrium"
        raise JeopardyError(
            f"the {kind} {policy_names([policy])[0]!r} is for "
            f"{describe(policy.model.name, policy.goal, policy.players, policy.rules.ending)}; "
            f"this game is {describe(model.name, goal, rules.players, rules.ending)}")


def _table(policy, race: kernels.Race, place: int) -> np.ndarray:
    """``[index, k]`` pure actions of the player at ``place`` over every turn start (scores
    relative to it) and turn total below its limit (the goal; the cap under equal turns)."""
    goal, players = int(race.goal), int(race.players)
    size = goal ** players
    width = int(race.cap) if race.equal else goal
    if isinstance(policy, MatchPolicy):
        return policy.table[place if race.equal == 1 else 0]
    if isinstance(policy, MatchSolution):
        return policy.pure_table(race, place)
    scores = np.indices((goal,) * players).reshape(players, size)
    own = scores[0]
    leader = scores[1:].max(axis=0)
    out = np.zeros((size, width), dtype=np.int8)
    out[:, :goal] = policy.roll[own, leader]
    out[own[:, None] + np.arange(width)[None, :] >= goal] = 0  # it banks on reaching the goal
    return out


def _mixed_rows(policy, table: np.ndarray, race: kernels.Race, place: int) -> dict:
    """``{key: roll chances}`` of the turn starts where the player at ``place`` mixes
    (key ``place * turn starts + index``; a row is its pure actions with the
    equilibrium's chances where it mixes)."""
    if isinstance(policy, MatchPolicy):
        at = place if race.equal == 1 else 0
        size = policy.table.shape[1]
        return {place * size + int(key) % size: row
                for key, row in zip(policy.mix_keys, policy.mix_tables) if int(key) // size == at}
    if isinstance(policy, MatchSolution):
        return policy.mixed_rows(table, race, place)
    return {}


def seated_actions(model: RollModel, goal: int, rules: MatchRules, policies,
                   cap: int | None = None) -> tuple:
    """``(race, actions)``: the kernels' bundle (places kept; equal turns: its last
    round solved) and every player's :data:`~jeopardy.match.kernels.Actions`,
    player ``p`` following ``policies[p]``.  ``cap`` (equal turns, race policies
    only) fixes the last round's cap instead of the first proved one (the tests
    compare with the reference at small caps); it is not checked."""
    if not rules.ending.seats_policies:
        raise JeopardyError(f"policies are played under the {' or '.join(ENDINGS)} endings; "
                            f"got {rules.ending}")
    solutions = [p for p in policies if isinstance(p, (MatchSolution, MatchPolicy))]
    for policy in policies:
        if isinstance(policy, (MatchSolution, MatchPolicy)):
            _check_solution(policy, goal, rules, model)
        elif not isinstance(policy, RacePolicy):
            raise validate.ParameterError("policies", f"must hold RacePolicy, MatchSolution or "
                                                      f"MatchPolicy; "
                                                      f"got {type(policy).__name__}")
        elif policy.goal != goal:
            raise JeopardyError(f"policy {policy.name!r} is for goal {policy.goal}, not {goal}")
    if not rules.ending.last_round:
        cap = goal
    else:
        if len({p.cap for p in solutions}) > 1:
            raise JeopardyError("the equilibria seated were solved with different caps "
                                f"({', '.join(str(p.cap) for p in solutions)}); write the "
                                "policy file again with this version")
        cap = solutions[0].cap if solutions else \
            validate.integer(cap, "cap", goal) if cap is not None else \
            last_round_cap(model, goal, rules)
    race = bundle(model, goal, rules, cap, places=True)
    return race, _actions(policies, race)


def _actions(policies, race: kernels.Race) -> kernels.Actions:
    """The kernels' actions of the player at place ``p`` following ``policies[p]``."""
    tables = [_table(p, race, place) for place, p in enumerate(policies)]
    rows = {}
    for place, (policy, table) in enumerate(zip(policies, tables)):
        rows.update(_mixed_rows(policy, table, race, place))
    return actions_from(tables, rows)


def policy_names(policies) -> tuple[str, ...]:
    """The names shown for seated policies (the equilibrium is "optimal")."""
    return tuple(p.name if isinstance(p, (RacePolicy, MatchPolicy)) else "optimal"
                 for p in policies)


def evaluation_cost(model: RollModel | None, goal: int, rules: MatchRules) -> resources.Estimate:
    """Seconds and bytes of :func:`policy_values`: the solver's estimate
    (:func:`jeopardy.match.solver.estimate`) once per place kept, plus every
    player's action table over the turn starts and turn totals."""
    players = rules.players
    cost = estimate(model, goal, rules)
    places = 1 if rules.ending.last_round else players  # equal turns: estimate has the places
    width = rules.ending.width(goal, 2 * goal + 8)  # the caps first tried
    tables_bytes = players * goal ** players * width
    return resources.Estimate(cost.seconds * places, cost.bytes * places + tables_bytes)


def policy_values(model: RollModel, goal: int, policies, ending: str = FIRST_TO_GOAL,
                  cap: int | None = None) -> tuple[np.ndarray, float]:
    """``(values, largest residual)``: ``values[p, index, m]``, player ``m``'s chance
    (relative to the mover) at every turn start ``index`` of the mover at place ``p``,
    when player ``p`` follows ``policies[p]`` (ties shared); ``cap`` as in
    :func:`seated_actions`."""
    model = presets.resolve(model).require_rising("policy evaluation")
    goal = validate.positive_int(goal, "goal")
    policies = list(policies)
    rules = MatchRules(len(policies), ending)
    players = rules.players
    cost = evaluation_cost(model, goal, rules)
    if not resources.fits(cost):
        raise JeopardyError(f"evaluating {players} policies in {model.name} to {goal} needs "
                            f"{resources.describe(cost)}, past this machine's budget")
    warm_up(model, rules)
    race, actions = seated_actions(model, goal, rules, policies, cap)
    W = np.full((players, goal ** players, players), 1.0 / players)
    _iterate(model, race, W, 1e-15, 5000, None, actions)
    return W, sums.residual(race, W, 1, actions)


def evaluate(model: RollModel, goal: int, policies, ending: str = FIRST_TO_GOAL,
             cap: int | None = None) -> Evaluation:
    """Exact win probabilities when player ``p`` follows ``policies[p]`` (ties shared);
    ``cap`` as in :func:`seated_actions`."""
    started = time.perf_counter()
    policies = list(policies)
    W, residual = policy_values(model, goal, policies, ending, cap)
    names = policy_names(policies)
    return convergence.settled(Evaluation(names, [float(v) for v in W[0, 0]], residual,
                                          time.perf_counter() - started),
                               f"the evaluation of {', '.join(names)}")
