"""One throw of I dice, enumerated exactly: the seed's Tables 1 and 2.

``P(I, K)`` is the probability that after throwing ``I`` dice the next throw
has ``K`` dice (``K = 6`` when every die scored -- "hot dice"; ``K = 0`` when
nothing scored), ``S(I, K)`` the mean score of those throws.

House rules (:mod:`jeopardy.farkle.house`) may throw fewer dice (``dice``: a
hand of 1 to 6; hot dice bring the whole hand back) or turn hot dice off
(``fresh = 0``): a throw that scores with every die then leaves no dice to
throw (next dice 0 *with points*; a bust is next dice 0 with score 0).  In
:func:`throw_table` that outcome is ``K = 0`` of ``next_probability``, apart
from ``bust``.  ``W(I)``, the
mean score collected when throwing until nothing scores, solves the seed's
linear equations ``W(I) = sum_K P(I, K) (W(K) + S(I, K))``, and
``Cs(I) = W(I) (1 - P(I, 0)) / P(I, 0)``.  All exact (Fractions).  Every
function takes the scoring table (default: the seed's; house rules,
:mod:`jeopardy.farkle.house`, pass theirs).
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from jeopardy.exact.linear import solve
from jeopardy.results import Result, exact_pair
from jeopardy.farkle.scoring import SEED, ScoringTable, keep_options, score_counts

ZERO = Fraction(0)


@lru_cache(maxsize=None)
def throw_counts(dice: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Distinct throws of ``dice`` dice as face counts, with exact probabilities."""
    tally: Counter = Counter()
    for throw in itertools.product(range(1, 7), repeat=dice):
        c = [0] * 6
        for face in throw:
            c[face - 1] += 1
        tally[tuple(c)] += 1
    total = 6 ** dice
    return tuple((counts, Fraction(n, total)) for counts, n in sorted(tally.items()))


@lru_cache(maxsize=None)
def outcomes(dice: int, table: ScoringTable = SEED, fresh: int = 6
             ) -> tuple[tuple[int, int, Fraction], ...]:
    """``(score, next dice, probability)`` of one throw under the keep-all rule
    (``score == 0`` and ``next dice == 0``: nothing scored; every die scored: next
    dice ``fresh``, the hand thrown again, or 0 with hot dice off)."""
    tally: dict[tuple[int, int], Fraction] = {}
    for counts, p in throw_counts(dice):
        score, used = score_counts(counts, table)
        nxt = 0 if score == 0 else (fresh if used == dice else dice - used)
        key = (score, nxt)
        tally[key] = tally.get(key, ZERO) + p
    return tuple((s, n, p) for (s, n), p in sorted(tally.items()))


@lru_cache(maxsize=None)
def option_outcomes(dice: int, table: ScoringTable = SEED, fresh: int = 6, every: bool = False
                    ) -> tuple[tuple[Fraction, tuple[tuple[int, int], ...]], ...]:
    """Throws as ``(probability, ((score, next dice), ...))`` choices (rule IV.4;
    ``fresh`` as in :func:`outcomes`; ``every`` as in
    :func:`~jeopardy.farkle.scoring.keep_options`)."""
    out: dict[tuple, Fraction] = {}
    for counts, p in throw_counts(dice):
        choices = tuple((s, fresh if k == dice else dice - k)
                        for s, k in keep_options(counts, table, every))
        out[choices] = out.get(choices, ZERO) + p
    return tuple((p, choices) for choices, p in sorted(out.items()))


@dataclass(frozen=True, repr=False)
class ThrowRow(Result):
    """Table 1, one row: throwing ``dice`` dice once."""

    dice: int
    next_probability: dict[int, Fraction]  # K -> P(I, K), K = 1..6 (0: scored, no dice left)
    next_mean_score: dict[int, Fraction]  # K -> S(I, K)
    bust: Fraction  # P(I, 0)

    def to_dict(self) -> dict:
        """The row as ``jeopardy farkle throws --json`` writes it."""
        return {"dice": self.dice, **exact_pair("bust", self.bust),
                "next": {str(k): {**exact_pair("probability", p),
                                  "mean_score": float(self.next_mean_score[k])}
                         for k, p in self.next_probability.items()},
                "mean_score": None if self.mean_score_if_scoring is None
                else float(self.mean_score_if_scoring),
                "mean_score_with_busts": float(self.mean_score_with_busts)}

    def _rows(self) -> list[dict]:
        """P(I, K) and S(I, K) for each K (K = 0: the throw scores nothing)."""
        return [{"dice": self.dice, "next_dice": 0, "probability": float(self.bust),
                 "probability_exact": str(self.bust), "mean_score": 0.0}] + [
            {"dice": self.dice, "next_dice": k, "probability": float(p),
             "probability_exact": str(p), "mean_score": float(self.next_mean_score[k])}
            for k, p in self.next_probability.items()]

    @property
    def score_probability(self) -> Fraction:
        return 1 - self.bust

    @property
    def mean_score_if_scoring(self) -> Fraction | None:
        """The seed's last column: mean score of the throws that score (None where no
        throw of this many dice scores under the table)."""
        if self.score_probability == 0:
            return None
        return self.mean_score_with_busts / self.score_probability

    @property
    def mean_score_with_busts(self) -> Fraction:
        """Mean score of one throw, busts counting 0 (``mean_score``, as --json and the
        repr name it, is :attr:`mean_score_if_scoring`'s float)."""
        return sum((self.next_probability[k] * self.next_mean_score[k]
                    for k in self.next_probability), ZERO)


def throw_table(table: ScoringTable = SEED, hand: int = 6, fresh: int = 6) -> list[ThrowRow]:
    """Table 1 for throws of 1 to ``hand`` dice (``fresh`` as in :func:`outcomes`)."""
    rows = []
    for dice in range(1, hand + 1):
        prob: dict[int, Fraction] = {}
        weighted: dict[int, Fraction] = {}
        bust = ZERO
        for score, nxt, p in outcomes(dice, table, fresh):
            if score == 0:
                bust += p
                continue
            prob[nxt] = prob.get(nxt, ZERO) + p
            weighted[nxt] = weighted.get(nxt, ZERO) + p * score
        mean = {k: weighted[k] / prob[k] for k in prob}
        rows.append(ThrowRow(dice, dict(sorted(prob.items())), dict(sorted(mean.items())), bust))
    return rows


@dataclass(frozen=True, repr=False)
class StoppingTable(Result):
    """Table 2: W(I) and the critical scores Cs(I)."""

    W: list[Fraction]
    critical: list[Fraction]

    def to_dict(self) -> dict:
        """The table as ``jeopardy farkle stopping --json`` writes it."""
        return {"game": "ten-thousand", "W": [float(w) for w in self.W],
                "critical": [float(c) for c in self.critical],
                "W_exact": [str(w) for w in self.W],
                "critical_exact": [str(c) for c in self.critical]}

    def _rows(self) -> list[dict]:
        return [{"dice": n, "W": float(w), "W_exact": str(w), "critical": float(c),
                 "critical_exact": str(c)}
                for n, (w, c) in enumerate(zip(self.W, self.critical), start=1)]


def stopping_table(table: ScoringTable = SEED, hand: int = 6, fresh: int = 6) -> StoppingTable:
    """Table 2 for hands of 1 to ``hand`` dice (``W(0) = 0``: no dice left, nothing
    more to collect)."""
    rows = throw_table(table, hand, fresh)
    # W(I) - sum_K P(I,K) W(K) = sum_K P(I,K) S(I,K)
    matrix = []
    rhs = []
    for row in rows:
        line = [ZERO] * hand
        line[row.dice - 1] += 1
        for k, p in row.next_probability.items():
            if k:
                line[k - 1] -= p
        matrix.append(line)
        rhs.append(sum((p * row.next_mean_score[k] for k, p in row.next_probability.items()), ZERO))
    W = solve(matrix, rhs)
    critical = [w * (1 - row.bust) / row.bust for w, row in zip(W, rows)]
    return StoppingTable(W, critical)
