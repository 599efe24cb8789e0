"""Exact distribution of one turn's final score.

A *stopping rule* says at which turn totals the player rolls; everywhere else
they stop.  "Hold at h" rolls while the turn total is below ``h``.

Two independent methods compute the distribution of the final score:

* :func:`generating_function_distribution` -- the puzzle seed's method.  With
  ``r(x)`` the generating function of the points a successful roll adds,
  ``g(x) = 1 / (1 - r(x))`` collects the probability of reaching each total
  without busting; the final score ``n >= h`` of "hold at h" is reached from
  a total ``k < h`` by one last roll, so ``P(n) = sum_{k < h} g_k [x^(n-k)] r``.
  Works for add / bust / bank effects (totals only increase).
* :func:`recursion_distribution` -- push probability mass forward through the
  turn totals in increasing order.  Works for every effect and every rule.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from jeopardy import resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.ranges import runs
from jeopardy.results import Result, distribution_pair, exact_pair
from jeopardy.rules import presets
from jeopardy.rules.effects import ADD, BUST, BUST_ALL
from jeopardy.rules.roll_model import RollModel

ZERO = Fraction(0)


@dataclass(frozen=True)
class StoppingRule:
    """Roll at the turn totals in ``roll_at``; stop at every other total."""

    roll_at: frozenset[int]
    label: str = ""

    def rolls(self, total: int) -> bool:
        return total in self.roll_at

    def __str__(self) -> str:
        if self.label:
            return self.label
        return f"roll at {runs(self.roll_at, ', ')}" if self.roll_at else "never roll"

    def to_dict(self) -> dict:
        """The rule as data: ``{"hold": h}`` for hold at h, else ``{"roll_at": [...]}``;
        ``"rule"`` is its label for people."""
        h = self.hold
        return {**({"hold": h} if h is not None else {"roll_at": sorted(self.roll_at)}),
                "rule": str(self)}

    @property
    def short(self) -> str:
        """``hold 20`` for hold-at-h rules, the rule's own words otherwise (a table's
        or a chart's label)."""
        return f"hold {self.hold}" if self.hold is not None else str(self)

    @property
    def hold(self) -> int | None:
        """``h`` if this rule is "hold at h", else ``None``."""
        if not self.roll_at:
            return 0
        h = max(self.roll_at) + 1
        return h if len(self.roll_at) == h else None


def hold_at(h: int) -> StoppingRule:
    """Roll while the turn total is below ``h``."""
    h = validate.non_negative_int(h, "h")
    return StoppingRule(frozenset(range(h)), f"hold at {h}")


@dataclass(frozen=True, repr=False)
class TurnDistribution(Result):
    """Distribution of the final score of one turn under a stopping rule."""

    model: RollModel
    rule: StoppingRule
    probabilities: dict[int, Fraction]  # final score -> probability (0 includes busts)
    bust_probability: Fraction

    @cached_property
    def mean(self) -> Fraction:
        return sum((n * p for n, p in self.probabilities.items()), ZERO)

    @property
    def total(self) -> Fraction:
        return sum(self.probabilities.values(), ZERO)

    def plot(self, ax=None):
        """The chance of each final score, busts apart (a matplotlib Figure)."""
        from jeopardy.plots.charts import turn_distribution  # matplotlib: on request
        return turn_distribution(self, ax=ax)

    def _rows(self) -> list[dict]:
        return [{"score": n, "probability": float(p), "probability_exact": str(p)}
                for n, p in sorted(self.probabilities.items())]

    def to_dict(self) -> dict:
        return {
            "game": self.model.name,
            "rule": str(self.rule),
            **distribution_pair("distribution", self.probabilities),
            **exact_pair("mean", self.mean),
            **exact_pair("bust_probability", self.bust_probability),
        }


def _check_terminates(model: RollModel, rule: StoppingRule) -> None:
    if rule.roll_at and not any(e.ends_turn or e.apply(0, 0)[1] > 0 for e, _ in model.outcomes):
        raise JeopardyError("this stopping rule never stops under this roll model")


def recursion_distribution(model: RollModel, rule: StoppingRule) -> TurnDistribution:
    """Final-score distribution by pushing mass through increasing turn totals."""
    _check_terminates(model, rule)
    mass: dict[int, Fraction] = {0: Fraction(1)}
    final: dict[int, Fraction] = {}
    busted = ZERO
    while mass:
        k = min(mass)
        m = mass.pop(k)
        if not rule.rolls(k):
            final[k] = final.get(k, ZERO) + m
            continue
        results = [(effect.apply(0, k), effect, p) for effect, p in model.outcomes]
        stay = sum((p for (_, n, ended), _, p in results if not ended and n == k), ZERO)
        m = m / (1 - stay)
        for (banked, n, ended), effect, p in results:
            if ended:  # the turn's score is what the roll banks from score 0
                if effect.loses_turn_total:
                    busted += m * p
                final[banked] = final.get(banked, ZERO) + m * p
            elif n != k:
                mass[n] = mass.get(n, ZERO) + m * p
    return TurnDistribution(model, rule, dict(sorted(final.items())), busted)


def reach_probabilities(model: RollModel, limit: int) -> list[Fraction]:
    """Coefficients ``g_0..g_limit`` of ``g(x) = 1/(1 - r(x))``: the probability
    of passing through each turn total without busting (add effects only)."""
    r = model.additions()
    r0 = r.get(0, ZERO)
    g = [ZERO] * (limit + 1)
    for n in range(limit + 1):
        acc = Fraction(1) if n == 0 else ZERO
        for a, p in r.items():
            if 0 < a <= n:
                acc += p * g[n - a]
        g[n] = acc / (1 - r0)
    return g


def generating_function_distribution(model: RollModel, h: int,
                                     reach: list[Fraction] | None = None) -> TurnDistribution:
    """Final-score distribution of "hold at h" from ``g(x) = 1/(1 - r(x))``."""
    if model.has_double:
        raise JeopardyError("the generating-function method needs totals that only increase; "
                            "this model doubles the turn total (use the recursion)")
    if h < 0:
        raise JeopardyError(f"hold threshold must be non-negative; got {h}")
    if h == 0:
        return TurnDistribution(model, hold_at(0), {0: Fraction(1)}, ZERO)
    g = reach if reach is not None and len(reach) >= h else reach_probabilities(model, h - 1)
    final: dict[int, Fraction] = {}
    busted = ZERO
    # g[k] is the chance of passing through turn total k (k < h: the player rolls);
    # a roll from there ends the turn, or passes h (the player holds), or stays below h.
    rolling = sum(g[:h], ZERO)
    for effect, p in model.outcomes:
        if effect.loses_turn_total:  # what it banks is the same from every total
            banked = effect.apply(0, 0)[0]
            final[banked] = final.get(banked, ZERO) + p * rolling
            busted += p * rolling
            continue
        for k in range(h):
            banked, n, ended = effect.apply(0, k)
            if ended:
                final[banked] = final.get(banked, ZERO) + g[k] * p
            elif n >= h:
                final[n] = final.get(n, ZERO) + g[k] * p
    final = {n: p for n, p in sorted(final.items()) if p}
    return TurnDistribution(model, hold_at(h), final, busted)


def turn_distribution(model: RollModel, rule: StoppingRule | int) -> TurnDistribution:
    """The exact final-score distribution of one turn (any model, any rule)."""
    model = presets.resolve(model).require_rising("the turn distribution")
    if not isinstance(rule, StoppingRule):
        rule = validate.non_negative_int(rule, "rule")

    top = rule if isinstance(rule, int) else max(rule.roll_at, default=-1) + 1
    resources.require("turn", "a turn distribution", hold=top)
    if isinstance(rule, int):
        if not model.has_double:
            return generating_function_distribution(model, rule)
        rule = hold_at(rule)
    return recursion_distribution(model, rule)


def float_generating_function_distribution(model: RollModel, h: int,
                                           limit: int = 100) -> dict[int, float]:
    """The seed's floating-point procedure, step for step (``pig_pgf`` and
    ``pig_dist``): ``g`` as a truncated sum of powers of ``r`` by repeated
    convolution, then ``P(0) = 1 - sum P(n)``.  Its rounding is what the seed
    printed; the exact methods above are the reference.
    """
    import numpy as np

    if any(e.kind not in (ADD, BUST, BUST_ALL) for e, _ in model.outcomes):
        raise JeopardyError("the seed's float method covers add and bust effects only")
    additions = model.additions()
    r = np.zeros(max(additions) + 1)
    for a, p in additions.items():
        r[a] = float(p)
    p = np.zeros(limit + 1)
    p[0] = 1.0
    g = np.zeros(limit + 1)
    for _ in range(limit):
        g = g + p
        p = np.convolve(p, r)[: limit + 1]
    r_max = len(r) - 1
    out: dict[int, float] = {0: 1.0}
    for n in range(h, h + r_max):
        out[n] = 0.0
        for k in range(1, r_max + 1):
            if n - h < k <= n:
                out[n] = out[n] + r[k] * g[n - k]
        out[0] = out[0] - out[n]
    return out
