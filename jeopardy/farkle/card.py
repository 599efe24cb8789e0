"""The strategy card: banking thresholds a family can print, and what they lose.

The card reads a turn start by the *other* player's banked score ``j`` (what it still
needs to win): *far* (it needs more than half the goal), *closer* (between a fifth and
a half), *near* (a fifth of the goal or less); the bands are multiples of 50
(:func:`bands`).  For each situation and dice in hand ``n`` it gives a threshold
``T``: bank once the turn total reaches ``T`` (and always bank when the bank reaches the
goal).  Three tables are derived and the best one, by exact evaluation, is the card's
(:data:`SOURCES`):

* *medians*: in each situation ``T`` is the median, over its score pairs weighted by
  how often optimal play by both meets them
  (:func:`jeopardy.farkle.versus.turn_starts_met`), of the lowest turn total at which
  optimal play banks with ``n`` dice (:func:`jeopardy.farkle.versus.optimal_first_banks`);
* *max-score until near*: the max-expected-score turn's thresholds while the other
  player is far or closer, the medians once it is near;
* *max-score*: the max-expected-score turn's thresholds throughout.

A median of first banks is a poor summary where optimal play rarely banks: with five
or six dice in hand early in a long game it banks only at large totals or never, and
the median of the pairs where it does banks far too soon (neller-busche to 10,000:
the medians lose 8.0%, max-expected-score play 2.8%); near the end of the game, and in
short games, the medians are the better guide (to 1,000: 1.9% against 4.6%).

Why the other player's score.  The first card read the score difference (behind, level,
ahead by a tenth of the goal) and lost 5.5% against optimal play to 3,000 (neller-busche),
more than max-expected-score play (3.6%): optimal play changes most when the other
player comes near the goal, which a difference does not see.  Read by the other's score
the same medians lose 4.2%, and with the worth below 2.7% (measured, exact evaluations).

Which dice to set aside (with ``set_aside = "choice"``): the card's second row gives the
*worth* of ``m`` dice still to throw: what throwing them on adds to the turn total under
max-expected-score play (:func:`jeopardy.farkle.turn.solve_turn`: its value at ``(t,
m)`` less ``t``), averaged over the states ``(t, m)`` where that play arrives right
after a choice among several parts and throws on, weighted by how often it arrives
there (:func:`choice_mass`), to the nearest 50.  After a throw, of the best-scoring
part of each size (the parts :func:`~jeopardy.farkle.scoring.keep_options` lists), set
aside the one whose points plus the worth of the dice it leaves is largest, counting
no worth where the new total reaches the threshold (the turn banks there); of equal
sums, the one of fewer points (the more dice kept to throw).  All dice scored: the worth
of a full hand (hot dice).  (The worth of a turn begun afresh with ``m`` dice, the
first card's, overstates what dice are worth once points are at stake: with the
max-score thresholds to 3,000 it loses 5.27%, the weighted worth 3.81%, the exact
choice of max-expected-score play 3.56%.)

The loss is exact: the card's play against optimal play in the solved game by policy
evaluation (:func:`jeopardy.farkle.versus.versus`), both seats, and the loss the chance
below one half with a fair coin for the first move.  The same evaluation gives the
max-expected-score play (the optimal single turn at every score, :func:`max_score_play`)
against optimal play.
"""
from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass, field

import numpy as np

from jeopardy import resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.farkle.scoring import keep_options
from jeopardy.farkle.throws import option_outcomes
from jeopardy.farkle.turn import UNIT, FarkleRules, solve_turn
from jeopardy.farkle.versus import (TablePlay, Versus, height, optimal_first_banks,
                                    turn_starts_met, versus)
from jeopardy.results import Result

SITUATIONS = ("far", "closer", "near")
SOURCES = ("medians", "max-score until near", "max-score")


def bands(goal: int) -> tuple[int, int]:
    """``(closer, near)``: the other player's banked scores (points) from which it is
    *closer* (it needs at most half the goal) and *near* (a fifth of the goal or less),
    multiples of 50, ``0 < closer < near < goal``."""
    half = max(UNIT, round(goal / 2 / UNIT) * UNIT)
    fifth = max(UNIT, round(goal / 5 / UNIT) * UNIT)
    closer, near = goal - half, goal - fifth
    if not 0 < closer < near < goal:
        raise JeopardyError(f"goal {goal} is too small for the card's three situations")
    return closer, near


def situations(goal: int) -> np.ndarray:
    """``[i, j]`` (units): 0 far, 1 closer, 2 near, by the other's score ``j``."""
    G = goal // UNIT
    closer, near = bands(goal)
    j = np.arange(G) * UNIT
    row = np.where(j >= near, 2, np.where(j >= closer, 1, 0)).astype(np.int64)
    return np.ascontiguousarray(np.broadcast_to(row[None, :], (G, G)))


def _on_board(rules: FarkleRules) -> FarkleRules:
    return dataclasses.replace(rules, entry=0) if rules.enters else rules


def max_score_play(rules: FarkleRules, bank_at_goal: bool = False) -> TablePlay:
    """The optimal single turn (maximum expected banked score) at every score: its banks
    and its choice of dice (``bank_at_goal``: also bank whenever the bank wins)."""
    turn = solve_turn(_on_board(rules))
    rows = height(rules)
    bank = np.ones((1, rows, rules.dice + 1), dtype=bool)
    prefer = np.zeros((1, rows, rules.dice + 1))
    prefer[0] = (np.arange(rows) * UNIT)[:, None]  # above the turn's table: bank, worth t
    size = min(rows, turn.top + 1)
    bank[0, :size] = turn.bank[:size]
    prefer[0, :size] = turn.values[:size]
    G = rules.goal // UNIT
    name = "max-score" + (" (banks at the goal)" if bank_at_goal else "")
    return TablePlay(name, np.zeros((G, G), dtype=np.int64), bank, prefer, bank_at_goal)


@dataclass(frozen=True, repr=False)
class StrategyCard(Result):
    """The card's thresholds and dice worth, and its exact chances against optimal play."""

    rules: FarkleRules = field(repr=False)
    bands: tuple[int, int]  # the other's scores from which it is closer, near (points)
    source: str  # which table (SOURCES) the card took, the better by exact evaluation
    thresholds: tuple[tuple[int | None, ...], ...]  # [situation][n - 1] points; None: never
    worth: tuple[int, ...]  # [m - 1] points
    against_optimal: Versus
    max_score: Versus | None = None
    candidates: dict = field(default_factory=dict, repr=False)  # source -> its Versus
    tables: dict = field(default_factory=dict, repr=False)  # source -> its thresholds

    @property
    def goal(self) -> int:
        return self.rules.goal

    @property
    def loss(self) -> float:
        """Win probability given away against optimal play (fair coin for the first move)."""
        return 0.5 - self.against_optimal.a_fair

    def to_dict(self) -> dict:
        data = {"game": self.rules.name, "goal": self.goal, "bands": list(self.bands),
                "situations": list(SITUATIONS), "source": self.source,
                "candidates": {name: 0.5 - v.a_fair for name, v in self.candidates.items()},
                "thresholds": {s: list(row) for s, row in zip(SITUATIONS, self.thresholds)},
                "worth": list(self.worth), "against_optimal": self.against_optimal.to_dict(),
                "loss": self.loss}
        if self.max_score is not None:
            data["max_score"] = self.max_score.to_dict()
            data["max_score_loss"] = 0.5 - self.max_score.a_fair
        return data

    def plot(self):
        """The printable page (A4; a matplotlib Figure, :func:`jeopardy.plots.farkle_card.strategy_card`)."""
        from jeopardy.plots.farkle_card import strategy_card as draw  # matplotlib: on request
        return draw(self)

    def play(self) -> TablePlay:
        """The card as a play (module docstring)."""
        return card_play(self.rules, self.thresholds, self.worth)

    def choice(self, total: int, dice: int, counts: tuple[int, ...], situation: int = 0):
        """The card's choice after throwing ``counts`` (faces 1 to 6) with ``dice`` in hand
        at turn total ``total`` (points): ``[(points, dice kept, dice left, sum), ...]``
        in the rules' order of parts and the index of the one taken (None: a farkle)."""
        parts = keep_options(counts, self.rules.scoring)
        rows = []
        limits = [None] + list(self.thresholds[situation])
        for points, kept in parts:
            left = dice - kept if kept < dice else (self.rules.dice if self.rules.hot_dice else 0)
            new = total + points
            limit = limits[left] if left else 0
            adds = left and (limit is None or new < limit)
            rows.append((points, kept, left, new + (self.worth[left - 1] if adds else 0)))
        if not rows:
            return rows, None
        best = max(r[3] for r in rows)
        return rows, next(k for k, r in enumerate(rows) if r[3] == best)

    def example(self) -> str | None:
        """A worked choice for the printed card: the first throw of a full hand (faces in
        order) offering three parts or more where the card takes a part of fewer points,
        and by a clear sum (None under keep-all rules, or where no throw is such)."""
        if not self.rules.keep_choice:
            return None
        hand = self.rules.dice
        for throw in itertools.combinations_with_replacement(range(1, 7), hand):
            counts = tuple(throw.count(face) for face in range(1, 7))
            rows, taken = self.choice(0, hand, counts)
            if len(rows) < 3 or rows[taken][3] <= rows[-1][3]:
                continue  # not a choice the rule decides against the most points
            same = self.thresholds[0] == self.thresholds[1] == self.thresholds[2]
            lines = [f"Example: a turn's first throw, {' '.join(map(str, throw))}"
                     + (":" if same else f" (other player under {self.bands[0]:,}):")]
            for k, (points, kept, left, total) in enumerate(rows):
                worth = total - points
                lines.append(f"  set aside {kept} {'die: ' if kept == 1 else 'dice:'} {points:>5,}"
                             f" + worth of {left} left {worth:>4,} = {total:>5,}"
                             + ("   <- take this" if k == taken else ""))
            return "\n".join(lines)
        return None


def card_play(rules: FarkleRules, thresholds, worth) -> TablePlay:
    """The play of a card: bank from the thresholds (``None``: never, but at the goal),
    set aside the part of most points plus worth of the dice left (module docstring)."""
    rows = height(rules)
    D = rules.dice
    t = np.arange(rows) * UNIT
    bank = np.zeros((len(SITUATIONS), rows, D + 1), dtype=bool)
    prefer = np.zeros((len(SITUATIONS), rows, D + 1))
    for s, row in enumerate(thresholds):
        limit = [np.inf] + [np.inf if x is None else x for x in row]  # column 0: no dice
        for n in range(D + 1):
            bank[s, :, n] = (t >= limit[n]) | (n == 0)
            extra = worth[n - 1] if n else 0
            prefer[s, :, n] = t + np.where(t >= limit[n], 0, extra)
    return TablePlay("card", situations(rules.goal), bank, prefer, True)


def thresholds_of(first_banks: np.ndarray, goal: int, weights: np.ndarray,
                  where: np.ndarray | None = None) -> tuple[tuple[int | None, ...], ...]:
    """Per situation and dice, the weighted median over the situation's score pairs of
    optimal play's lowest bank (``first_banks[i, j, n]`` units; ``weights[i, j]``: how
    often the turn start is met; a situation never met counts each pair once), in
    points: the lowest total at which the weight of the pairs banking there or lower
    reaches half.  None where it is at or past the goal (the card never banks there
    but to win).  ``where``: the situation of each pair (default :func:`situations`)."""
    where = situations(goal) if where is None else where
    out = []
    for s in range(int(where.max()) + 1):
        row = []
        mine = where == s
        if not mine.any():
            raise JeopardyError(f"goal {goal} is too small for a situation {s}")
        # a situation optimal play never meets (a small goal, reached in one turn): each
        # of its pairs counts once
        weight = weights[mine] if weights[mine].sum() > 0 else np.ones(int(mine.sum()))
        for n in range(1, first_banks.shape[2]):
            values = first_banks[:, :, n][mine]
            order = np.argsort(values, kind="stable")
            cumulative = np.cumsum(weight[order])
            at = int(np.searchsorted(cumulative, cumulative[-1] / 2))
            median = int(values[order][at])
            row.append(None if median * UNIT >= goal else median * UNIT)
        out.append(tuple(row))
    return tuple(out)


def choice_mass(rules: FarkleRules) -> np.ndarray:
    """``[t, m]``: how often a turn of max-expected-score play from a full hand arrives at
    turn total ``t`` (units) with ``m`` dice left right after choosing among several
    scoring parts (its choice: the part of highest value), and throws on from there."""
    turn = solve_turn(_on_board(rules))
    top, D = turn.top, rules.dice
    mass = np.zeros((top + 1, D + 1))
    mass[0, D] = 1.0
    chosen = np.zeros((top + 1, D + 1))
    outcomes = {n: [(float(p), choices) for p, choices in
                    option_outcomes(n, rules.scoring, rules.fresh)] for n in range(1, D + 1)}
    for t in range(top + 1):
        for n in range(1, D + 1):
            m = mass[t, n]
            if m == 0.0 or (t > 0 and turn.bank[t, n]):
                continue
            for p, choices in outcomes[n]:
                if not choices:
                    continue
                points, left = max(choices, key=lambda c: turn.values[
                    min(t + c[0] // UNIT, top), c[1]])
                u = min(t + points // UNIT, top)
                mass[u, left] += m * p
                if len(choices) > 1:
                    chosen[u, left] += m * p
    chosen[:, 1:] *= ~turn.bank[:top + 1, 1:]
    return chosen


def worth_of(rules: FarkleRules) -> tuple[int, ...]:
    """``m = 1 .. dice``: what throwing ``m`` dice on adds to the turn total under
    max-expected-score play (its value at ``(t, m)`` less ``t``), averaged over the states
    where that play arrives after a choice and throws on (:func:`choice_mass`), to the
    nearest 50; 0 where it never does (module docstring)."""
    turn = solve_turn(_on_board(rules))
    weights = choice_mass(rules)
    gains = turn.values[:turn.top + 1] - (np.arange(turn.top + 1) * UNIT)[:, None]
    out = []
    for m in range(1, rules.dice + 1):
        total = float(weights[:, m].sum())
        mean = float((weights[:, m] * gains[:, m]).sum()) / total if total > 0 else 0.0
        out.append(int(round(mean / UNIT)) * UNIT)
    return tuple(out)


# The card's own work at goal 10,000, seconds: its two passes over the score pairs and
# exact evaluations (three tables, max-score play) grow like the cube of the goal in
# units, as the solve once did.  Measured (quiet 2-core machine, 2026-11-27): `jeopardy
# farkle card --rules neller-busche --out card.png` 105 s wall in all, 107 s CPU, the
# solve a few of them; charged 120 s past the solve.
CARD_SECONDS_AT_10000 = 120.0


def cost(goal: int, keep_choice: bool = False, rules: FarkleRules | None = None,
         **_) -> resources.Estimate:
    """The whole card's rough cost, by the goal (the budget's size): the solve (first to
    reach, :func:`jeopardy.farkle.core.cost`, of ``rules`` where given) and the card's work
    past it (seconds above; its tables, a few arrays of score pairs and turn totals, are
    small beside the solve's)."""
    from jeopardy.farkle.core import cost as solve_cost

    solve = solve_cost(goal, keep_choice=keep_choice, first_to_reach=True, rules=rules)
    g = max(UNIT, goal - goal % UNIT) // UNIT
    return resources.Estimate(solve.seconds + CARD_SECONDS_AT_10000 * (g / 200) ** 3,
                              solve.bytes + 8 * 8 * g * g)


def max_score_thresholds(rules: FarkleRules) -> tuple[int | None, ...]:
    """The max-expected-score turn's bank threshold by dice in hand (points; None where it
    banks only at the goal or never)."""
    turn = solve_turn(_on_board(rules))
    return tuple(None if t is None or t >= rules.goal else t for t in turn.thresholds())


def candidate_tables(rules: FarkleRules, medians) -> dict[str, tuple]:
    """The card's tables (module docstring), by :data:`SOURCES`."""
    turn = max_score_thresholds(rules)
    return {SOURCES[0]: tuple(medians), SOURCES[1]: (turn, turn, medians[2]),
            SOURCES[2]: (turn, turn, turn)}


def strategy_card(solution, with_max_score: bool = True) -> StrategyCard:
    """The card of a solved two-player game (first to the goal) and its exact loss: of
    the tables of :func:`candidate_tables`, the one whose play wins most against
    optimal play (a fair coin for the first move; the first listed of equals)."""
    with_max_score = validate.flag(with_max_score, "with_max_score")
    rules = solution.rules
    first = optimal_first_banks(solution)
    weights = turn_starts_met(solution)
    worth = worth_of(rules)
    tables = candidate_tables(rules, thresholds_of(first, rules.goal, weights))
    results = {name: versus(solution, card_play(rules, table, worth), None)
               for name, table in tables.items()}
    source = max(results, key=lambda name: (results[name].a_fair, -SOURCES.index(name)))
    best = versus(solution, max_score_play(rules), None) if with_max_score else None
    return StrategyCard(rules, bands(rules.goal), source, tables[source], worth,
                        results[source], best, results, tables)
