"""Seeded simulation of two-player Ten Thousand, played from the rules text.

Real dice are thrown (a seeded ``numpy.random.Generator``), each throw is
re-scored by :mod:`jeopardy.reference.farkle_throws` (a table over every
multiset of at most six faces, built once from that scoring), and each player
follows its ``decide(role, my_score, other_score, turn_total, dice_in_hand)
-> bool`` (bank?), a function numba can compile (turned into a C callback by
:func:`jeopardy.reference.farkle.as_policy`, so the game kernel is compiled
once for all policies), in points; role 0 is the first
player, 1 the second.  ``decide`` is asked only where the rules allow a bank;
in B's last turn of the round ending ``other_score`` is A's final total, at
least the goal.  Nothing here reads a solver's tables.

The rules are those of :class:`jeopardy.reference.farkle.ReferenceRules` with
the switches IV.1 (no bank with six dice in hand), IV.2 (higher minimum above
a score) and IV.3 (exact goal: a throw past the goal busts; a bank that lands
on the goal needs no minimum).  IV.4 (a choice of part) needs a choice rule
the bank/throw interface does not carry, and is refused.

The result is the mean over games of the first player's points (1 for a win,
1/2 for a tie), with its standard error.
"""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass

import numpy as np
from numba import njit

from jeopardy.errors import JeopardyError
from jeopardy.reference.farkle import ReferenceRules, as_policy
from jeopardy.reference.farkle_throws import FACES, MAX_DICE, UNIT, score_counts

MAX_GAMES = 100_000_000
MAX_TURNS = 100_000  # per game; a game this long means a policy that never banks


@dataclass(frozen=True)
class SimulationResult:
    """Mean first-player points over ``games`` seeded games."""

    rules: ReferenceRules
    games: int
    seed: int
    win_probability: float
    standard_error: float
    ties: int
    seconds: float

    def to_dict(self) -> dict:
        return asdict(self)

    def __repr__(self) -> str:
        return (f"SimulationResult(goal={self.rules.goal}, games={self.games}, "
                f"win_probability={self.win_probability:.5f} ± {self.standard_error:.5f})")


def scoring_table() -> tuple[np.ndarray, np.ndarray]:
    """``(points in units, dice set aside)`` indexed by ``sum(count[f] * 7**f)``
    for the counts of faces 1..6 of a throw of at most six dice."""
    points = np.zeros(7 ** FACES, np.int64)
    used = np.zeros(7 ** FACES, np.int64)
    for key in np.ndindex(*(7,) * FACES):
        if sum(key) <= MAX_DICE:
            index = sum(c * 7 ** f for f, c in enumerate(key))
            p, u = score_counts(tuple(int(c) for c in key))
            points[index], used[index] = p // UNIT, u
    return points, used


# Indices into the rules bundle of the simulation.
GOAL, MIN_LOW, MIN_HIGH, HIGH_SCORE, NO_BANK_SIX, EXACT, ROUND = range(7)


@njit(cache=True, nogil=True)
def _may_bank(rules, score, t, n):
    if t <= 0:
        return False
    if rules[NO_BANK_SIX] and n == MAX_DICE:
        return False
    if rules[EXACT] and score + t == rules[GOAL]:
        return True
    minimum = rules[MIN_HIGH] if score > rules[HIGH_SCORE] else rules[MIN_LOW]
    return t >= minimum


@njit(cache=True, nogil=True)
def _play_turn(role, score, other, rules, table, rng, decide):
    """One turn: the points banked (units), or 0 after a farkle or an overshoot."""
    points, used = table
    t = 0
    n = MAX_DICE
    while True:
        if _may_bank(rules, score, t, n) and decide(role, UNIT * score, UNIT * other, UNIT * t, n):
            return t
        index = 0
        for _ in range(n):
            index += 7 ** rng.integers(0, FACES)
        gained = points[index]
        if gained == 0:
            return 0
        t += gained
        if rules[EXACT] and score + t > rules[GOAL]:
            return 0
        n = n - used[index]
        if n == 0:
            n = MAX_DICE


@njit(cache=True, nogil=True)
def _play(rules, table, rng, decide_first, decide_second, games, outcome):
    """Play ``games`` games; ``outcome[k]`` is the first player's points x 2
    (2 win, 1 tie, 0 loss).  Returns -1 if a game ran past MAX_TURNS turns."""
    g = rules[GOAL]
    for game in range(games):
        a = 0
        b = 0
        result = -1
        for _ in range(MAX_TURNS):
            a += _play_turn(0, a, b, rules, table, rng, decide_first)
            if a >= g:
                if not rules[ROUND]:
                    result = 2
                    break
                b += _play_turn(1, b, a, rules, table, rng, decide_second)
                result = 2 if a > b else (1 if a == b else 0)
                break
            b += _play_turn(1, b, a, rules, table, rng, decide_second)
            if b >= g:
                result = 0
                break
        if result < 0:
            return -1
        outcome[game] = result
    return 0


def simulate(rules: ReferenceRules, decide_first, decide_second, games: int,
             seed: int = 0) -> SimulationResult:
    """Play ``games`` seeded games between the two policies."""
    if rules.keep_any_part:
        raise JeopardyError("the simulation plays the keep-all rule (IV.4 needs a choice of part)")
    if not 1 <= games <= MAX_GAMES:
        raise JeopardyError(f"games must be between 1 and {MAX_GAMES:,}; got {games}")
    started = time.perf_counter()
    bundle = rules.bundle(0, True)[:7]
    rng = np.random.default_rng(seed)
    outcome = np.zeros(games, np.int8)
    if _play(bundle, _table(), rng, as_policy(decide_first), as_policy(decide_second),
             games, outcome) < 0:
        raise JeopardyError(f"a game lasted more than {MAX_TURNS:,} turns (does every policy bank?)")
    points = outcome / 2.0
    mean = float(points.mean())
    error = float(points.std(ddof=1) / np.sqrt(games)) if games > 1 else float("inf")
    return SimulationResult(rules, games, seed, mean, error, int((outcome == 1).sum()),
                            time.perf_counter() - started)


_TABLE = None


def _table():
    global _TABLE
    if _TABLE is None:
        _TABLE = scoring_table()
    return _TABLE


# ---------------------------------------------------------------- simple policies

def bank_at(threshold: int, goal: int, most_dice: int = MAX_DICE):
    """Bank as soon as the turn total is at least ``threshold`` points with at
    most ``most_dice`` dice in hand; bank too whenever that reaches ``goal``
    (and, in the round's last turn, passes the leader).  The rules' own
    limits (minimum, IV.1) are applied by the caller."""
    def decide(role, my_score, other_score, turn_total, dice):
        if other_score >= goal:  # the round's last turn: beat the leader
            return my_score + turn_total > other_score
        if my_score + turn_total >= goal:
            return True
        return turn_total >= threshold and dice <= most_dice
    return as_policy(decide)
