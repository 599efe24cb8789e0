"""Seeded simulation of two-player Ten Thousand, played from the rules text.

Real dice are thrown (a seeded ``numpy.random.Generator``: one uniform
draw below ``6**n`` is the ordered faces of ``n`` dice), each throw is
re-scored by :mod:`oracles.farkle_throws` (a table over every
multiset of at most six faces, built once from that scoring), and each player
follows its :class:`~oracles.farkle_policies.Policy`: ``decide``
(bank?) asked wherever the rules allow a bank, ``choose`` (which part to set
aside) under rule IV.4.  Nothing here reads a solver's tables.

The rules are those of :class:`oracles.farkle.ReferenceRules`:
minimum turn score, hot dice, the two endings, and the switches IV.1 (no
bank with six dice in hand), IV.2 (higher minimum above a score), IV.3 (exact
goal: a throw past the goal busts; a bank that lands on the goal needs no
minimum), IV.4 (any scoring part may be set aside) and IV.5 (a player may
start its turn from the total and dice the other player banked with, asked
by the policy's ``take``; it throws at least once; nothing to continue after
a farkle; in the round's last turn too, the inherited total counting).

A house table (a rules file's ``[scoring]`` keys, docs/farkle.md "House rules")
scores the throws instead of the seed's: every part of a throw (a sub-multiset
of its dice, listed directly) is scored by :func:`oracles.farkle_house.set_aside_score`,
which reads each combination of the rules text on its own; a part scores if
every die in it belongs to a combination.  Keep-all sets aside the part of most
points (of equal points, the most dice); IV.4 offers, for each number of dice,
its part of most points.  ``entry`` (the house rules' least first bank): a
player with nothing banked may bank only at least ``entry``.  ``dice``: a turn
starts with that many dice (1 to 6), and when every die thrown is set aside the
whole hand is thrown again; with ``hot_dice`` off nothing is left to throw
instead, and the turn banks its total if the rules allow that bank, else loses it.

The result is the mean over games of the first player's points (1 for a win,
1/2 for a tie), with its standard error.
"""
from __future__ import annotations

import itertools
import time
import warnings
from dataclasses import asdict, dataclass
from functools import lru_cache

import numpy as np
from numba import njit
from numba.core.errors import NumbaExperimentalFeatureWarning

from jeopardy.errors import JeopardyError
from jeopardy.interrupts import timed_chunks
from .farkle import ReferenceRules
from .farkle_house import set_aside_score
from .farkle_policies import Policy, with_policy
from .farkle_throws import FACES, MAX_DICE, UNIT, best_parts, part_options, score_counts

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


def _house_parts(counts: tuple[int, ...], scoring: dict, keep_any_part: bool,
                 cache: dict) -> tuple[tuple[int, int], ...]:
    """The parts of a throw (face counts) a player may set aside under a house table:
    every sub-multiset of its dice scored from the rules text (module docstring)."""
    best: dict[int, int] = {}  # dice set aside -> most points
    for part in itertools.product(*(range(c + 1) for c in counts)):
        faces = tuple(face for face, c in enumerate(part, start=1) for _ in range(c))
        if not faces:
            continue
        points = set_aside_score(scoring, faces, cache)
        if points and points > best.get(len(faces), 0):
            best[len(faces)] = points
    if not best:
        return ()
    if keep_any_part:
        return tuple(sorted((p, k) for k, p in best.items()))
    return (max((p, k) for k, p in best.items()),)


@lru_cache(maxsize=None)
def scoring_table(keep_any_part: bool = False, scoring: tuple | None = None,
                  every: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """``(points in units, dice set aside)``, shape ``(7**6, width)``, indexed by
    ``sum(count[f] * 7**f)`` for the counts of faces 1..6 of a throw: the
    parts the thrower may set aside (one, all scoring dice, by default; under
    IV.4 the parts of :func:`best_parts`, with ``every`` each part,
    :func:`part_options`), ``dice set aside = 0`` ending a list shorter than the
    width.  No part: a farkle.  ``scoring``: a house table's keys as sorted
    ``(key, value)`` pairs (:func:`_house_parts`); None: the seed's."""
    house = dict(scoring) if scoring is not None else None
    cache: dict = {}
    width = MAX_DICE
    if every:
        width = max(len(part_options(key)) for key in np.ndindex(*(7,) * FACES)
                    if sum(key) <= MAX_DICE)
    points = np.zeros((7 ** FACES, width), np.int64)
    used = np.zeros((7 ** FACES, width), np.int64)
    for key in np.ndindex(*(7,) * FACES):
        if sum(key) <= MAX_DICE:
            counts = tuple(int(c) for c in key)
            index = sum(c * 7 ** f for f, c in enumerate(counts))
            if house is not None:
                parts = _house_parts(counts, house, keep_any_part, cache)
            elif keep_any_part:
                parts = part_options(counts) if every else best_parts(counts)
            else:
                p, u = score_counts(counts)
                parts = ((p, u),) if p else ()
            for o, (p, u) in enumerate(parts):
                points[index, o], used[index, o] = p // UNIT, u
    return points, used


@lru_cache(maxsize=None)
def ordered_throws() -> np.ndarray:
    """``[n, k]``: the counts index of the ``k``-th of the ``6**n`` ordered throws
    of ``n`` dice (faces ``k`` written in base 6), so one uniform draw below
    ``6**n`` throws all ``n`` dice."""
    index = np.zeros((MAX_DICE + 1, FACES ** MAX_DICE), np.int64)
    for n in range(1, MAX_DICE + 1):
        for k in range(FACES ** n):
            code, rest = 0, k
            for _ in range(n):
                code += 7 ** (rest % FACES)
                rest //= FACES
            index[n, k] = code
    return index


# Indices into the rules bundle of the simulation.
GOAL, MIN_LOW, MIN_HIGH, HIGH_SCORE, NO_BANK_SIX, EXACT, ROUND = range(7)
CONTINUE, ENTRY, HAND, HOT = 7, 8, 9, 10


@njit(cache=True, nogil=True)
def _may_bank(rules, score, t, n):
    if t <= 0:
        return False
    if rules[NO_BANK_SIX] and n == MAX_DICE:  # IV.1
        return False
    if rules[EXACT] and score + t == rules[GOAL]:  # IV.3
        return True
    minimum = rules[MIN_HIGH] if score > rules[HIGH_SCORE] else rules[MIN_LOW]  # I.2, IV.2
    if score == 0 and rules[ENTRY] > minimum:  # nothing banked yet: the entry minimum
        minimum = rules[ENTRY]
    return t >= minimum


@with_policy
def _play_turn(role, score, other, rules, table, rng, policy, left):
    """One turn: ``(points banked, dice left)`` in units, ``(0, 0)`` after a
    farkle or an overshoot.  ``left`` is what the other player banked with
    (IV.5: the policy's ``take`` may continue it; ``(0, 0)``: nothing to continue)."""
    points, used, ordered = table
    decide, choose, data, take = policy
    t = np.int64(0)
    n = rules[HAND]
    if rules[CONTINUE] and left[0] > 0 and take(data, role, UNIT * score, UNIT * other,
                                                  UNIT * left[0], left[1]):
        t, n = left
    first = True  # every turn throws at least once (a continued one too)
    while True:
        if (not first and _may_bank(rules, score, t, n)
                and decide(data, role, UNIT * score, UNIT * other, UNIT * t, n)):
            return t, n
        first = False
        index = ordered[n, rng.integers(0, FACES ** n)]
        if used[index, 0] == 0:  # no scoring part: farkle
            return 0, 0
        pick = 0
        if used[index, 1] > 0:  # IV.4: several parts
            priority = -np.inf
            for o in range(used.shape[1]):
                if used[index, o] == 0:
                    break
                p = choose(data, role, UNIT * score, UNIT * other, UNIT * t, n,
                           UNIT * points[index, o], used[index, o])
                if p > priority:
                    priority = p
                    pick = o
        t += points[index, pick]
        if rules[EXACT] and score + t > rules[GOAL]:  # IV.3: past the goal busts
            return 0, 0
        n -= used[index, pick]
        if n == 0:
            if rules[HOT] == 0:  # every die set aside and no hot dice: bank it if allowed
                return (t, 0) if _may_bank(rules, score, t, n) else (0, 0)
            n = rules[HAND]  # hot dice: the whole hand again


@with_policy
def _play(rules, table, rng, policy_first, policy_second, games, outcome):
    """Play ``games`` games; ``outcome[k]`` is the first player's points x 2
    (2 win, 1 tie, 0 loss).  Returns -1 if a game ran past MAX_TURNS turns."""
    g = rules[GOAL]
    # int64s, not literals: numba compiled _play_turn (about 3 s, in every process: it
    # takes a policy) once more for each literal role and score
    zero, one = np.int64(0), np.int64(1)
    for game in range(games):
        a = zero
        b = zero
        left = (zero, zero)
        result = -1
        for _ in range(MAX_TURNS):
            left = _play_turn(zero, a, b, rules, table, rng, policy_first, left)
            a += left[0]
            if a >= g:
                if not rules[ROUND]:  # first to reach
                    result = 2
                    break
                left = _play_turn(one, b, a, rules, table, rng, policy_second, left)  # the last turn
                b += left[0]
                result = 2 if a > b else (1 if a == b else 0)
                break
            left = _play_turn(one, b, a, rules, table, rng, policy_second, left)
            b += left[0]
            if b >= g:
                result = 0
                break
        if result < 0:
            return -1
        outcome[game] = result
    return 0


def simulate(rules: ReferenceRules, first: Policy, second: Policy, games: int,
             seed: int = 0, scoring: dict | None = None, entry: int = 0, dice: int = MAX_DICE,
             hot_dice: bool = True, min_bank: int | None = None) -> SimulationResult:
    """Play ``games`` seeded games between the two policies; ``scoring``: a house table's
    ``[scoring]`` keys (None: the seed's), ``entry``: the least first bank (points),
    ``dice`` in a hand, ``hot_dice`` (module docstring); ``min_bank`` (points) replaces
    the rules' minimum bank, also by 0 (any total above 0 may be banked), which
    :class:`~oracles.farkle.ReferenceRules` does not take."""
    if not 1 <= games <= MAX_GAMES:
        raise JeopardyError(f"games must be between 1 and {MAX_GAMES:,}; got {games}")
    started = time.perf_counter()
    bundle = rules.bundle(0, True)[:7]
    if min_bank is not None:
        bundle[MIN_LOW] = bundle[MIN_HIGH] = min_bank // UNIT
    bundle = np.append(bundle, [np.int64(rules.continue_position), np.int64(entry // UNIT),
                                np.int64(dice), np.int64(hot_dice)])
    rng = np.random.default_rng(seed)
    outcome = np.zeros(games, np.int8)
    house = tuple(sorted(scoring.items())) if scoring is not None else None
    # IV.3 with IV.4: every part (a part of fewer points may land on the goal); otherwise
    # the best of each size, among which the solved policies choose (FarkleRules.every_part)
    table = scoring_table(rules.keep_any_part, house, rules.exact_goal) + (ordered_throws(),)
    policies = first.bundle() + (first.take,), second.bundle() + (second.take,)
    status = 0
    with warnings.catch_warnings():  # policies' functions travel as first-class functions
        warnings.simplefilter("ignore", NumbaExperimentalFeatureWarning)
        # Chunks of about 0.2 s, so that Ctrl-C stops the run (jeopardy.interrupts); the
        # generator's state lives in ``rng`` and carries on from chunk to chunk.
        for start, size in timed_chunks(games, 1e-4):
            status = _play(bundle, table, rng, *policies, size, outcome[start:start + size])
            if status < 0:
                break
    if status < 0:
        raise JeopardyError(f"a game lasted more than {MAX_TURNS:,} turns (does every policy bank?)")
    points = outcome / 2.0
    mean = float(points.mean())
    error = float(points.std(ddof=1) / np.sqrt(games)) if games > 1 else float("inf")
    return SimulationResult(rules, games, seed, mean, error, int((outcome == 1).sum()),
                            time.perf_counter() - started)
