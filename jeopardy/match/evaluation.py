"""Exact evaluation of N fixed policies in an N-player race (first-to-goal).

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
  equilibrium policy, which sees every score.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from jeopardy import resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.match import kernels
from jeopardy.match.rules import FIRST_TO_GOAL, MatchRules
from jeopardy.match.solver import NO_MIXES, MatchSolution, _iterate, bundle, estimate, warm_up
from jeopardy.race.policies import RacePolicy
from jeopardy.rules.roll_model import RollModel


@dataclass(frozen=True)
class Evaluation:
    """Each player's exact chance of winning, in turn order from the first to move."""

    names: tuple[str, ...]
    win_probabilities: tuple[float, ...]
    max_residual: float
    seconds: float

    def to_dict(self) -> dict:
        return {"policies": list(self.names), "win_probabilities": list(self.win_probabilities),
                "win_probability": self.win_probabilities[0],
                "max_residual": self.max_residual, "seconds": self.seconds}

    def __repr__(self) -> str:
        pairs = ", ".join(f"{n}: {v:.6f}" for n, v in zip(self.names, self.win_probabilities))
        return f"Evaluation({pairs})"


def _table(policy, race: kernels.Race, goal: int, players: int, model: RollModel) -> np.ndarray:
    """``[index, k]`` actions of one player over every turn start (scores relative to it)."""
    size = goal ** players
    if isinstance(policy, MatchSolution):
        if (policy.goal, policy.players, policy.rules.ending) != (goal, players, FIRST_TO_GOAL) \
                or policy.model.fingerprint() != model.fingerprint():
            raise JeopardyError("an equilibrium policy must come from the same game, goal and "
                                "number of players")
        out = np.zeros((size, goal), dtype=np.int8)
        kernels.policy_table(policy.race(), policy.values, out)
        return out
    if not isinstance(policy, RacePolicy):
        raise validate.ParameterError("policies", f"must hold RacePolicy or MatchSolution; got "
                                                  f"{type(policy).__name__}")
    if policy.goal != goal:
        raise JeopardyError(f"policy {policy.name!r} is for goal {policy.goal}, not {goal}")
    scores = np.indices((goal,) * players).reshape(players, size)
    own = scores[0]
    leader = scores[1:].max(axis=0)
    return policy.roll[own, leader].astype(np.int8)


def evaluate(model: RollModel, goal: int, policies) -> Evaluation:
    """Exact win probabilities when player ``p`` follows ``policies[p]`` (first-to-goal)."""
    model = validate.roll_model(model).require_rising("policy evaluation")
    goal = validate.positive_int(goal, "goal")
    policies = list(policies)
    rules = MatchRules(len(policies), FIRST_TO_GOAL)
    players = rules.players
    cost = estimate(model, goal, rules)
    tables_bytes = players * goal ** players * goal
    cost = resources.Estimate(cost.seconds * players, cost.bytes * players + tables_bytes)
    if not resources.fits(cost):
        raise JeopardyError(f"evaluating {players} policies in {model.name} to {goal} needs "
                            f"{resources.describe(cost)}, past this machine's budget")
    warm_up(model, rules)
    started = time.perf_counter()
    race = bundle(model, goal, rules, goal, places=True)
    tables = np.stack([_table(p, race, goal, players, model) for p in policies])
    W = np.full((players, goal ** players, players), 1.0 / players)
    _iterate(model, race, W, 1e-15, 5000, None, tables)
    residual = float(kernels.bellman_residual(race, W, 1, tables, *NO_MIXES))
    names = tuple(getattr(p, "name", "optimal") if isinstance(p, RacePolicy) else "optimal"
                  for p in policies)
    return Evaluation(names, tuple(float(v) for v in W[0, 0]), residual,
                      time.perf_counter() - started)
