"""The strategy card: banking thresholds a family can print, and what they lose.

The card reads a turn start by the score difference ``i - j`` (own banked score minus the
other's): *behind* by at least the margin, *level* within it, *ahead* by at least it (the
margin is a tenth of the goal, a multiple of 50).  For each situation and dice in hand
``n`` it gives a threshold ``T``: bank once the turn total reaches ``T`` (and always bank
when the bank reaches the goal).  ``T`` is derived from the optimal solution: the median,
over the score pairs of that situation weighted by how often optimal play by both meets
them (:func:`jeopardy.farkle.versus.turn_starts_met`), of the lowest turn total at which
optimal play banks with ``n`` dice (:func:`jeopardy.farkle.versus.optimal_first_banks`).

Which dice to set aside (with ``set_aside = "choice"``): the card's second row gives the
*worth* of ``m`` dice still to throw, the expected banked score of a turn begun with ``m``
dice under max-expected-score play (:func:`jeopardy.farkle.turn.solve_turn`), to the
nearest 50.  After a throw, set aside the part whose points plus the worth of the dice it
leaves is largest, counting no worth where the new total reaches the threshold (the turn
banks there).  All dice scored: the worth of a full hand (hot dice).

The loss is exact: the card's play against optimal play in the solved game by policy
evaluation (:func:`jeopardy.farkle.versus.versus`), both seats, and the loss the chance
below one half with a fair coin for the first move.  The same evaluation gives the
max-expected-score play (the optimal single turn at every score, :func:`max_score_play`)
against optimal play.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import numpy as np

from jeopardy import resources
from jeopardy.errors import JeopardyError
from jeopardy.farkle.turn import UNIT, FarkleRules, solve_turn
from jeopardy.farkle.versus import (TablePlay, Versus, height, optimal_first_banks,
                                    turn_starts_met, versus)
from jeopardy.results import Result

SITUATIONS = ("behind", "level", "ahead")


def margin(goal: int) -> int:
    """The score difference (points) that makes a player behind or ahead: a tenth of the
    goal, a multiple of 50 (at least 50)."""
    return max(UNIT, round(goal / 10 / UNIT) * UNIT)


def situations(goal: int) -> np.ndarray:
    """``[i, j]`` (units): 0 behind, 1 level, 2 ahead."""
    G = goal // UNIT
    diff = (np.arange(G)[:, None] - np.arange(G)[None, :]) * UNIT
    out = np.ones((G, G), dtype=np.int64)
    out[diff <= -margin(goal)] = 0
    out[diff >= margin(goal)] = 2
    return out


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
    margin: int
    thresholds: tuple[tuple[int | None, ...], ...]  # [situation][n - 1] points; None: never
    worth: tuple[int, ...]  # [m - 1] points
    against_optimal: Versus
    max_score: Versus | None = None

    @property
    def goal(self) -> int:
        return self.rules.goal

    @property
    def loss(self) -> float:
        """Win probability given away against optimal play (fair coin for the first move)."""
        return 0.5 - self.against_optimal.a_fair

    def to_dict(self) -> dict:
        data = {"game": self.rules.name, "goal": self.goal, "margin": self.margin,
                "situations": list(SITUATIONS),
                "thresholds": {s: list(row) for s, row in zip(SITUATIONS, self.thresholds)},
                "worth": list(self.worth), "against_optimal": self.against_optimal.to_dict(),
                "loss": self.loss}
        if self.max_score is not None:
            data["max_score"] = self.max_score.to_dict()
            data["max_score_loss"] = 0.5 - self.max_score.a_fair
        return data

    def play(self) -> TablePlay:
        """The card as a play (module docstring)."""
        return card_play(self.rules, self.thresholds, self.worth)


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


def thresholds_of(first_banks: np.ndarray, goal: int,
                  weights: np.ndarray) -> tuple[tuple[int | None, ...], ...]:
    """Per situation and dice, the weighted median over the situation's score pairs of
    optimal play's lowest bank (``first_banks[i, j, n]`` units; ``weights[i, j]``: how
    often the turn start is met; a situation never met counts each pair once), in
    points: the lowest total at which the weight of the pairs banking there or lower
    reaches half.  None where it is at or past the goal (the card never banks there
    but to win)."""
    where = situations(goal)
    out = []
    for s in range(len(SITUATIONS)):
        row = []
        mine = where == s
        if not mine.any():
            raise JeopardyError(f"goal {goal} is too small for a {SITUATIONS[s]} situation")
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


def worth_of(rules: FarkleRules) -> tuple[int, ...]:
    """``m = 1 .. dice``: the expected banked score of a turn begun with ``m`` dice under
    max-expected-score play, to the nearest 50."""
    turn = solve_turn(_on_board(rules))
    return tuple(int(round(float(turn.values[0, m]) / UNIT)) * UNIT
                 for m in range(1, rules.dice + 1))


# The card's own work at goal 10,000, seconds: its two passes over the score pairs and two
# exact evaluations (the card's play, max-score play) grow like the cube of the goal in
# units, as the solve does.  Measured (CPU, load 5, neller-busche): 4.6 s at 3,000 and 8.9 s
# at 4,000; 8.9 s times (10,000 / 4,000)^3 is 139 s.
CARD_SECONDS_AT_10000 = 140.0


def cost(goal: int, keep_choice: bool = False, **_) -> resources.Estimate:
    """The whole card's rough cost, by the goal (the budget's size): the solve (first to
    reach, :func:`jeopardy.farkle.core.cost`) and the card's work past it (seconds above;
    its tables, a few arrays of score pairs and turn totals, are small beside the solve's)."""
    from jeopardy.farkle.core import cost as solve_cost

    solve = solve_cost(goal, keep_choice=keep_choice, first_to_reach=True)
    g = max(UNIT, goal - goal % UNIT) // UNIT
    return resources.Estimate(solve.seconds + CARD_SECONDS_AT_10000 * (g / 200) ** 3,
                              solve.bytes + 8 * 8 * g * g)


def strategy_card(solution, with_max_score: bool = True) -> StrategyCard:
    """The card of a solved two-player game (first to the goal) and its exact loss."""
    rules = solution.rules
    first = optimal_first_banks(solution)
    weights = turn_starts_met(solution)
    card = StrategyCard(rules, margin(rules.goal), thresholds_of(first, rules.goal, weights),
                        worth_of(rules), Versus(rules.name, rules.goal, "card", "optimal",
                                                0.0, 0.0, 0.0))
    result = versus(solution, card.play(), None)
    best = versus(solution, max_score_play(rules), None) if with_max_score else None
    return dataclasses.replace(card, against_optimal=result, max_score=best)
