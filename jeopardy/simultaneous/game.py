"""The simultaneous single-turn game: exact matrix, LP, exact certificate.

Pipeline of :func:`solve_simultaneous`:

1. exact final-score distributions of "hold at h", ``h = 1..H``;
2. strategies with identical distributions are merged (the smallest ``h``
   stands for its aliases), strictly dominated ones are removed iteratively;
3. the LP is solved with cvxpy/HiGHS on what remains;
4. on the LP's support the equalising system ``A_SS q = v 1, sum q = 1`` is
   solved in rationals, and the result is certified exactly: ``q >= 0``,
   ``sum q = 1``, ``v = 0`` and no pure strategy ``h = 1..H`` earns more than
   ``v`` against ``q``;
5. optionally (``all_stopping_rules=True``) the exact best response over all
   stopping rules is computed; if it beats the restricted equilibrium, a
   double-oracle loop (restricted LP, exact best response, add it, repeat)
   finds and certifies the equilibrium of the full game.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Sequence

import numpy as np

from jeopardy import resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.exact.linear import SingularSystem, solve
from jeopardy.plots.simultaneous import reply_advantages, strategy_bar_chart
from jeopardy.results import Result, distribution_pair, exact_pair
from jeopardy.rules import presets
from jeopardy.rules.roll_model import RollModel
from jeopardy.simultaneous.best_response import BestResponse, _reachable_totals, best_response
from jeopardy.simultaneous.lp import solve_matrix_game
from jeopardy.simultaneous.payoff import ExactMatrix, payoff_matrix
from jeopardy.turn.distribution import (StoppingRule, TurnDistribution,
                                        generating_function_distribution, hold_at,
                                        reach_probabilities, recursion_distribution)

ZERO = Fraction(0)


@dataclass(frozen=True, repr=False)
class Weighted(Result):
    """One pure strategy of an equilibrium and its exact probability."""

    rule: StoppingRule
    probability: Fraction
    stop_at: tuple[int, ...] = ()

    def to_dict(self) -> dict:
        out = self.rule.to_dict()
        out = {**{k: v for k, v in out.items() if k != "rule"}, "stop_at": list(self.stop_at),
               "rule": out["rule"]}
        out.update(exact_pair("probability", self.probability))
        return out


@dataclass(frozen=True, repr=False)
class Equilibrium(Result):
    """A mixed strategy with an exact certificate."""

    strategy: tuple[Weighted, ...]
    value: Fraction
    verified: bool
    check: str  # what was checked, or why verification failed
    best_deviation: Fraction  # best payoff any allowed pure strategy earns against it
    score_distribution: dict[int, Fraction]

    def weight_of_hold(self, h: int) -> Fraction:
        return sum((w.probability for w in self.strategy if w.rule.hold == h), ZERO)

    def to_dict(self) -> dict:
        return {
            **exact_pair("value", self.value),
            "strategy": [w.to_dict() for w in self.strategy],
            "verified": self.verified,
            "check": self.check,
            **exact_pair("best_deviation", self.best_deviation),
            **distribution_pair("score_distribution", self.score_distribution),
        }


@dataclass(frozen=True, repr=False)
class SimultaneousSolution(Result):
    """Result of :func:`solve_simultaneous`."""

    game: str
    max_hold: int
    restricted: Equilibrium
    merged: dict[int, tuple[int, ...]]  # representative h -> identical aliases
    dominated: dict[int, int]  # h -> an h' that strictly dominates it
    lp_status: str
    lp_solver: str
    full: Equilibrium | None = None
    full_gain: Fraction | None = None  # best rule's payoff against the restricted equilibrium
    full_best_rule: StoppingRule | None = None
    oracle_iterations: int = 0
    seconds: dict[str, float] = field(default_factory=dict)
    # The exact payoff matrix over ``strategies`` (rows = columns): hold at 1..max_hold,
    # then, with all_stopping_rules, every rule the double oracle added.  Its
    # equilibrium is ``equilibrium`` (certified against every stopping rule).
    matrix: ExactMatrix | None = field(default=None, repr=False)
    strategies: tuple[StoppingRule, ...] = field(default=(), repr=False)

    @property
    def equilibrium(self) -> Equilibrium:
        return self.full if self.full is not None else self.restricted

    @property
    def labels(self) -> tuple[str, ...]:
        """The strategies' labels, in the order of the matrix's rows and columns."""
        return tuple(str(rule) for rule in self.strategies)

    def weights(self) -> list[Fraction]:
        """The equilibrium's exact probability of each of ``strategies``."""
        by_rule = {w.rule.roll_at: w.probability for w in self.equilibrium.strategy}
        return [by_rule.get(rule.roll_at, ZERO) for rule in self.strategies]

    def _rows(self) -> list[dict]:
        """The equilibrium: one row per pure strategy it plays."""
        return [{"rule": str(w.rule), "hold": w.rule.hold,
                 "probability": float(w.probability), "probability_exact": str(w.probability)}
                for w in self.equilibrium.strategy]

    def plot(self, ax=None):
        """The equilibrium's bar chart (a matplotlib Figure)."""
        return strategy_bar_chart(self, ax=ax)

    def to_dict(self) -> dict:
        eq = self.equilibrium
        out = {
            "game": self.game,
            "max_hold": self.max_hold,
            **exact_pair("value", eq.value),
            "strategy": [w.to_dict() for w in eq.strategy],
            "verified": eq.verified,
            **distribution_pair("score_distribution", eq.score_distribution),
            "restricted": self.restricted.to_dict(),
            "merged": {str(h): list(a) for h, a in self.merged.items()},
            "dominated": {str(h): d for h, d in self.dominated.items()},
            "lp": {"status": self.lp_status, "solver": self.lp_solver},
            "seconds": self.seconds,
        }
        if self.full is not None:
            out["full"] = self.full.to_dict()
            out.update(exact_pair("full_gain", self.full_gain))
            out["full_best_rule"] = self.full_best_rule.to_dict()
            out["oracle_iterations"] = self.oracle_iterations
        return out


# --------------------------------------------------------------------- pieces
def hold_distributions(model: RollModel, max_hold: int) -> list[TurnDistribution]:
    """Exact distributions of hold at 1..max_hold."""
    if max_hold < 1:
        raise JeopardyError(f"max_hold must be at least 1; got {max_hold}")
    if model.has_double:
        return [recursion_distribution(model, hold_at(h)) for h in range(1, max_hold + 1)]
    reach = reach_probabilities(model, max_hold)
    return [generating_function_distribution(model, h, reach) for h in range(1, max_hold + 1)]


def merge_identical(distributions: Sequence[TurnDistribution]) -> tuple[list[int], dict[int, tuple[int, ...]]]:
    """Indices of distinct distributions, and representative -> aliases."""
    first_seen: dict[tuple, int] = {}
    keep: list[int] = []
    aliases: dict[int, list[int]] = {}
    for index, d in enumerate(distributions):
        key = tuple(sorted(d.probabilities.items()))
        if key in first_seen:
            aliases[first_seen[key]].append(index)
        else:
            first_seen[key] = index
            keep.append(index)
            aliases[index] = []
    return keep, {k: tuple(v) for k, v in aliases.items() if v}


def strictly_dominated(matrix: ExactMatrix) -> dict[int, int]:
    """Iterated elimination of strictly dominated rows (and, by symmetry, columns).

    Candidates come from the float matrix; every elimination is confirmed on
    the exact integers.  Strict dominance is order-independent, so each round
    removes all dominated strategies at once.
    """
    numerators = matrix.numerators
    approx = matrix.to_float()
    alive = np.arange(matrix.shape[0])
    removed: dict[int, int] = {}
    while True:
        sub = approx[np.ix_(alive, alive)]
        # dominates[b, a]: row b beats row a in every live column
        dominates = np.all(sub[:, None, :] > sub[None, :, :], axis=2)
        round_removed = {}
        for a_pos in np.flatnonzero(dominates.any(axis=0)):
            a = int(alive[a_pos])
            for b_pos in np.flatnonzero(dominates[:, a_pos]):
                b = int(alive[b_pos])
                if all(numerators[b, c] > numerators[a, c] for c in alive):
                    round_removed[a] = b
                    break
        if not round_removed:
            return removed
        removed.update(round_removed)
        alive = np.array([c for c in alive if int(c) not in round_removed])


def equalize(matrix: ExactMatrix, support: Sequence[int]) -> tuple[list[Fraction], Fraction]:
    """Exact ``q`` on ``support`` with ``A_SS q = v 1`` and ``sum q = 1``."""
    s = list(support)
    n = len(s)
    rows = [[int(matrix.numerators[a, b]) for b in s] + [-1] for a in s]
    rows.append([1] * n + [0])
    rhs = [0] * n + [1]
    solution = solve(rows, rhs)
    return solution[:n], solution[n] / matrix.denominator


def mixture(distributions: Sequence[TurnDistribution], weights: Sequence[Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for d, w in zip(distributions, weights):
        if w:
            for n, p in d.probabilities.items():
                out[n] = out.get(n, ZERO) + w * p
    return dict(sorted(out.items()))


def _certify(matrix: ExactMatrix, support: Sequence[int], q: Sequence[Fraction],
             v: Fraction) -> tuple[bool, str, Fraction]:
    """Exact checks of a symmetric-game equilibrium candidate."""
    problems = []
    if any(x < 0 for x in q):
        problems.append("a probability is negative")
    if sum(q, ZERO) != 1:
        problems.append("probabilities do not sum to 1")
    if v != 0:
        problems.append(f"value {v} is not 0")
    common = math.lcm(*(x.denominator for x in q))
    payoffs = matrix.numerators[:, list(support)].dot(
        np.array([x.numerator * (common // x.denominator) for x in q], dtype=object))
    scale = matrix.denominator * common
    best = max(Fraction(int(p), scale) for p in payoffs)
    if best > v:
        problems.append(f"a pure strategy earns {best} > {v}")
    if problems:
        return False, "; ".join(problems), best
    return True, "exact: q >= 0, sum q = 1, value 0, no pure strategy earns more", best


def _solve_restricted(matrix: ExactMatrix, candidates: Sequence[int]):
    sub = matrix.to_float()[np.ix_(candidates, candidates)]
    lp = solve_matrix_game(sub)
    support = [candidates[i] for i in np.flatnonzero(lp.strategy > 1e-9)]
    try:
        q, v = equalize(matrix, support)
    except SingularSystem:
        # Degenerate vertex: try dropping the smallest weights one at a time.
        order = sorted(support, key=lambda c: lp.strategy[candidates.index(c)])
        for drop in range(1, len(order)):
            trial = sorted(order[drop:])
            try:
                q, v = equalize(matrix, trial)
                support = trial
                break
            except SingularSystem:
                continue
        else:
            raise JeopardyError("the LP support gives a singular exact system; cannot certify")
    return lp, support, q, v


# ------------------------------------------------------------------- facade
def solve_simultaneous(model: RollModel, max_hold: int = 100, all_stopping_rules: bool = False,
                       max_oracle_iterations: int = 500,
                       progress: Callable[[str], None] | None = None) -> SimultaneousSolution:
    """Solve the simultaneous single-turn game over hold-at-h, h = 1..max_hold."""
    model = presets.resolve(model).require_rising("the simultaneous game")
    max_hold = validate.positive_int(max_hold, "max_hold")
    max_oracle_iterations = validate.positive_int(max_oracle_iterations, "max_oracle_iterations")
    progress = validate.callback(progress)
    all_stopping_rules = validate.flag(all_stopping_rules, "all_stopping_rules")

    resources.require("simultaneous", "the simultaneous game", max_hold=max_hold)
    seconds: dict[str, float] = {}
    started = time.perf_counter()
    distributions = hold_distributions(model, max_hold)
    seconds["distributions"] = time.perf_counter() - started

    t = time.perf_counter()
    keep, merged_idx = merge_identical(distributions)
    matrix = payoff_matrix(distributions)
    seconds["matrix"] = time.perf_counter() - t

    t = time.perf_counter()
    sub = ExactMatrix(matrix.numerators[np.ix_(keep, keep)], matrix.denominator)
    dominated_local = strictly_dominated(sub)
    dominated = {keep[a] + 1: keep[b] + 1 for a, b in dominated_local.items()}
    candidates = [keep[i] for i in range(len(keep)) if i not in dominated_local]
    seconds["dominance"] = time.perf_counter() - t

    t = time.perf_counter()
    lp, support, q, v = _solve_restricted(matrix, candidates)
    seconds["lp"] = time.perf_counter() - t

    t = time.perf_counter()
    ok, check, best = _certify(matrix, support, q, v)
    mix = mixture([distributions[i] for i in support], q)
    restricted = Equilibrium(
        tuple(Weighted(hold_at(i + 1), x, _stop_totals(model, hold_at(i + 1)))
              for i, x in zip(support, q)),
        v, ok, check, best, mix)
    seconds["verify"] = time.perf_counter() - t
    merged = {h + 1: tuple(a + 1 for a in aliases) for h, aliases in merged_idx.items()}

    full = None
    gain = None
    best_rule = None
    iterations = 0
    strategies = tuple(d.rule for d in distributions)
    if all_stopping_rules:
        t = time.perf_counter()
        reply = best_response(model, mix)
        gain = reply.value - v
        best_rule = reply.rule
        if gain > 0:
            full, iterations, added = _double_oracle(
                model, [distributions[i] for i in candidates], max_oracle_iterations, progress)
            # Rules the oracle added that are not among hold at 1..H (it may add a
            # hold-at-h that dominance had removed from its start).
            known = {str(d.rule) for d in distributions}
            added = [d for d in added if str(d.rule) not in known]
            if added:
                distributions = distributions + added
                strategies = tuple(d.rule for d in distributions)
                matrix = payoff_matrix(distributions)
        else:
            full = restricted
        seconds["full_game"] = time.perf_counter() - t
    seconds["total"] = time.perf_counter() - started
    return SimultaneousSolution(model.name, max_hold, restricted, merged, dominated,
                                lp.status, lp.solver, full, gain, best_rule, iterations,
                                seconds, matrix, strategies)


def _stop_totals(model: RollModel, rule: StoppingRule) -> tuple[int, ...]:
    return tuple(sorted(_reachable_totals(model, rule.roll_at) - set(rule.roll_at)))


def _double_oracle(model: RollModel, start: list[TurnDistribution], limit: int,
                   progress: Callable[[str], None] | None
                   ) -> tuple[Equilibrium, int, list[TurnDistribution]]:
    """Equilibrium over all stopping rules by a double-oracle loop.

    Returns the certified equilibrium, the number of rounds and the
    distributions of the rules the oracle added to ``start``.
    """
    distributions = list(start)
    for iteration in range(1, limit + 1):
        matrix = payoff_matrix(distributions)
        candidates = list(range(len(distributions)))
        _, support, q, v = _solve_restricted(matrix, candidates)
        mix = mixture([distributions[i] for i in support], q)
        reply: BestResponse = best_response(model, mix)
        if progress:
            progress(f"double oracle {iteration}: {len(distributions)} rules, "
                     f"best reply gains {float(reply.value - v):.3e}")
        if reply.value <= v:
            ok, check, best = _certify(matrix, support, q, v)
            ok = ok and v == 0
            check = (check + "; no stopping rule at all earns more (exact best response "
                     f"{reply.value})") if ok else check
            strategy = tuple(Weighted(distributions[i].rule, x,
                                      _stop_totals(model, distributions[i].rule))
                             for i, x in zip(support, q))
            return (Equilibrium(strategy, v, ok, check, reply.value, mix), iteration,
                    distributions[len(start):])
        distributions.append(recursion_distribution(model, reply.rule))
    raise JeopardyError(f"double oracle did not converge in {limit} iterations")


# ------------------------------------------------------ best-response tables
@dataclass(frozen=True, repr=False)
class PureReply(Result):
    """The best replies to the pure strategy hold at ``hold``, and their edge."""

    hold: int
    best_hold: int
    advantage: Fraction  # A[best_hold, hold]
    best_rule: StoppingRule
    rule_advantage: Fraction  # over all stopping rules

    def to_dict(self) -> dict:
        return {"hold": self.hold, "best_hold": self.best_hold,
                **exact_pair("advantage", self.advantage), "best_rule": self.best_rule.to_dict(),
                **exact_pair("rule_advantage", self.rule_advantage)}


@dataclass(frozen=True, repr=False)
class Replies(Result):
    """The best reply to every pure hold-at-h, ``h = 1..max_hold``: a sequence of
    :class:`PureReply` (``replies[0]`` answers hold at 1), with the weakest of them."""

    game: str
    max_hold: int
    rows: tuple[PureReply, ...]

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    def __getitem__(self, index):
        return self.rows[index]

    @property
    def weakest(self) -> PureReply:
        """The pure strategy a hold-at-h reply gains least against."""
        return min(self.rows, key=lambda r: r.advantage)

    @property
    def weakest_to_any_rule(self) -> PureReply:
        """The pure strategy a reply by any stopping rule gains least against."""
        return min(self.rows, key=lambda r: r.rule_advantage)

    def _rows(self) -> list[dict]:
        return [{"hold": r.hold, "best_hold": r.best_hold, "advantage": float(r.advantage),
                 "best_rule": str(r.best_rule), "rule_advantage": float(r.rule_advantage)}
                for r in self.rows]

    def plot(self, ax=None):
        """The best replies' advantages against each pure hold-at-h (a Figure)."""
        return reply_advantages(self, ax=ax)

    def to_dict(self) -> dict:
        weakest, weakest_rule = self.weakest, self.weakest_to_any_rule
        return {"game": self.game, "max_hold": self.max_hold,
                "replies": [r.to_dict() for r in self.rows],
                **exact_pair("minimum_advantage", weakest.advantage),
                "minimum_advantage_against": weakest.hold,
                **exact_pair("minimum_rule_advantage", weakest_rule.rule_advantage),
                "minimum_rule_advantage_against": weakest_rule.hold}


def replies_to_pure(model: RollModel, max_hold: int) -> Replies:
    """For each pure hold-at-h, the best reply (hold-at-h' and any rule) and its edge."""
    model = presets.resolve(model).require_rising("the simultaneous game")
    max_hold = validate.positive_int(max_hold, "max_hold")
    resources.require("simultaneous", "the replies", max_hold=max_hold)
    distributions = hold_distributions(model, max_hold)
    matrix = payoff_matrix(distributions)
    out = []
    for col in range(max_hold):
        column = matrix.numerators[:, col]
        best_row = int(np.argmax(np.array([int(x) for x in column], dtype=object)))
        reply = best_response(model, distributions[col].probabilities)
        out.append(PureReply(col + 1, best_row + 1, matrix[best_row, col], reply.rule, reply.value))
    return Replies(model.name, max_hold, tuple(out))
