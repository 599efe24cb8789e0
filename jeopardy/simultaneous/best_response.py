"""Exact best response over *all* stopping rules.

Against an opponent whose final score has distribution ``Q``, finishing with
score ``n`` is worth ``u(n) = Q(m < n) - Q(m > n)``.  The best stopping rule
follows from a backward dynamic programme over the turn total ``k``:

    V(k) = max( u(k),  sum_e p_e * value after effect e )

For ``k`` above the opponent's largest score ``u(k) = 1``, so stopping is
optimal there and the programme is finite.  Everything is exact (Fractions).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from jeopardy.ranges import runs
from jeopardy.rules.effects import roll_value
from jeopardy.rules.roll_model import RollModel
from jeopardy.turn.distribution import StoppingRule, hold_at

ZERO = Fraction(0)


@dataclass(frozen=True)
class BestResponse:
    rule: StoppingRule
    value: Fraction  # expected payoff P(win) - P(loss) against the opponent


def score_utilities(opponent: dict[int, Fraction]) -> tuple[dict[int, Fraction], int]:
    """``u(n)`` for every ``n`` up to one past the opponent's top score."""
    top = max(opponent)
    utilities = {}
    below = ZERO
    total = sum(opponent.values(), ZERO)
    for n in range(top + 2):
        at = opponent.get(n, ZERO)
        utilities[n] = below - (total - below - at)
        below += at
    return utilities, top


def best_response(model: RollModel, opponent: dict[int, Fraction]) -> BestResponse:
    """The best stopping rule against an opponent final-score distribution."""
    u, top = score_utilities(opponent)

    def utility(n: int) -> Fraction:
        return u[n] if n <= top else Fraction(1)

    values: dict[int, Fraction] = {}

    def value(k: int) -> Fraction:
        return values[k] if k <= top else Fraction(1)

    rolls = [(e.kind, e.points, p) for e, p in model.outcomes]
    roll_at = set()
    for k in range(top, -1, -1):
        roll = roll_value(rolls, 0, k, value, utility)  # the turn's score: what it banks from 0
        stop = utility(k)
        if roll > stop:
            roll_at.add(k)
            values[k] = roll
        else:
            values[k] = stop
    return BestResponse(_prune(model, frozenset(roll_at)), values[0])


def _prune(model: RollModel, roll_at: frozenset[int]) -> StoppingRule:
    """Keep only the rolling totals reachable from 0; name hold-at-h rules."""
    reachable = set()
    frontier = [0]
    while frontier:
        k = frontier.pop()
        if k in reachable or k not in roll_at:
            continue
        reachable.add(k)
        frontier.extend(_continuing(model, k))
    kept = frozenset(reachable)
    if not kept:
        return hold_at(0)
    h = max(kept) + 1
    # Same play as "hold at h" when every reachable total below h rolls.
    hold = hold_at(h)
    reach_hold = _reachable_totals(model, hold.roll_at)
    if reach_hold & set(range(h)) == set(kept):
        return hold
    return StoppingRule(kept, _describe(kept))


def _reachable_totals(model: RollModel, roll_at: frozenset[int]) -> set[int]:
    seen = set()
    frontier = [0]
    while frontier:
        k = frontier.pop()
        if k in seen:
            continue
        seen.add(k)
        if k in roll_at:
            frontier.extend(_continuing(model, k))
    return seen


def _continuing(model: RollModel, k: int) -> list[int]:
    """The turn totals a roll at ``k`` leads to when the turn goes on."""
    return [after for (_, after, ended) in (e.apply(0, k) for e, _ in model.outcomes)
            if not ended]


def _describe(roll_at: frozenset[int]) -> str:
    return f"roll at {runs(roll_at)}"
