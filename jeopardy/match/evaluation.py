"""Exact evaluation of fixed policies: N of them in an N-player race (first-to-goal or
equal turns, :func:`evaluate`), and two tables head to head (:func:`head_to_head`,
:func:`best_response`: two players first to the goal, by the pair method's kernels).

Player ``p`` (``0`` moves first) follows its own policy, so the solver keeps
the mover's place in the round: ``W[p, index, m]`` is player ``m``'s chance
(relative to the mover ``p``) at turn start ``index``.  With every action
fixed, each rotation class map is affine and one Newton step solves it
exactly (up to rounding): policy evaluation by exact linear algebra, class by
class, as :func:`head_to_head` does pair by pair for two tables.

A policy is

* a :class:`~jeopardy.match.policies.RacePolicy` (``roll[i, j, k]``), read with
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
from jeopardy.match import kernels, pair, pair_kernels, sums
from jeopardy.match.endings import ENDINGS as REGISTRY
from jeopardy.match.policies import RacePolicy, _check_goal
from jeopardy.match.policy_file import MatchPolicy, describe
from jeopardy.match.rules import FIRST_TO_GOAL, MatchRules
from jeopardy.match.solver import (MatchSolution, _CapBound, _iterate, actions_from, bundle,
                                   cap_sequence, estimate, warm_up)
from jeopardy.match.termination import require_ending
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

    def plot(self, ax=None):
        """Each seat's chance, in turn order (a matplotlib Figure)."""
        from jeopardy.plots.charts import player_chances  # matplotlib: on request
        return player_chances(self.names, self.win_probabilities,
                              "exact chances, seats in turn order", ax=ax)

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
    resources.refuse_past_budget(f"evaluating {players} policies in {model.name} to {goal}",
                                 cost)
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


# ------------------------------------------------------------ two players: head to head
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

    def plot(self, ax=None):
        """A's chance moving first, second and by a fair coin (a matplotlib Figure)."""
        from jeopardy.plots.charts import head_to_head  # matplotlib: on request
        return head_to_head(self, "head to head", ax=ax)

    def to_dict(self) -> dict:
        """In the N-player vocabulary too: two players, first to the goal, and
        ``win_probability`` the first seat's (A moving first)."""
        return {"players": 2, "ending": FIRST_TO_GOAL, "a": self.first_name,
                "b": self.second_name, "first": self.first, "second": self.second,
                "fair": self.fair, "win_probability": self.first,
                "max_residual": self.max_residual, "converged": self.converged,
                "seconds": self.seconds}


def _pair_values(model: RollModel, goal: int, mode_a: int, table_a: np.ndarray, mode_b: int,
                 table_b: np.ndarray, tolerance: float = 1e-15, max_passes: int = 5000):
    """``(WA, WB, passes, residual)``: the pair method's iteration
    (:func:`jeopardy.match.pair.iterate`) with each player maximising or following its
    ``[i, j, k]`` table.  ``WA[i, j]`` is A's chance when it is about to start a turn
    at ``i`` against ``j``, ``WB`` likewise for B."""
    WA = np.full((goal, goal), 0.5)
    WB = np.full((goal, goal), 0.5)
    players = pair_kernels.Players(WA, WB, mode_a, table_a, mode_b, table_b, False)
    passes, _ = pair.iterate(model, goal, players, tolerance, max_passes)
    return WA, WB, passes, pair.max_residual(model, goal, players)


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
    """P(A wins) when A starts, when B starts, and with a fair coin -- exactly.

    Two policy tables of a two-player first-to-goal game, evaluated pair by pair
    (the pair method's kernels, :mod:`jeopardy.match.pair_kernels`): A moves at
    ``(i, j, k)``, B at ``(j, i, k)``; A's values at ``(i, j, .)`` follow from one
    backward sweep given ``y = WB[j, i]`` (what B's turn is worth after A's turn ends
    without a gain), and B's at ``(j, i, .)`` given ``x = WA[i, j]``.  With both
    players following fixed tables ``x = F_A(y)`` and ``y = F_B(x)`` are affine, so one
    Newton step solves the pair exactly (up to rounding): policy evaluation by exact
    linear algebra, pair by pair, score sums in descending order; ``bust_all`` effects
    (which lower a score sum) repeat passes until nothing changes."""
    model = _tables(model, a, b)
    require_ending(model, a, b)
    started = time.perf_counter()
    WA, WB, _, residual = _pair_values(model, a.goal, pair_kernels.FOLLOW, a.roll,
                                       pair_kernels.FOLLOW, b.roll)
    return convergence.settled(
        HeadToHead(a.name, b.name, float(WA[0, 0]), float(1.0 - WB[0, 0]), residual,
                   time.perf_counter() - started), f"{a.name} against {b.name}")


def best_response(model: RollModel, opponent: RacePolicy) -> RacePolicy:
    """The policy maximising the win probability against a fixed opponent (two players,
    first to the goal): A maximises, so ``F_A`` is convex piecewise-linear and the
    pair method's bracketed Newton iteration applies."""
    model = _tables(model, opponent, opponent)
    goal = opponent.goal
    _check_goal(goal)
    table = pair_kernels.no_table(goal)
    WA, WB, _, _ = _pair_values(model, goal, pair_kernels.MAXIMISE, table, pair_kernels.FOLLOW,
                                opponent.roll)
    out = np.zeros((goal, goal, goal), dtype=np.int8)
    pair_kernels.actions(model.kernel_rules(goal), WB, pair_kernels.MAXIMISE, table, out)
    return RacePolicy(f"best response to {opponent.name}", goal, out)
