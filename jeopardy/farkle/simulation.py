"""Seeded simulation of two-player Ten Thousand under the solver's optimal policy.

Real dice are thrown: one uniform draw below ``6**n`` from a seeded
``numpy.random.Generator`` is the ordered faces of ``n`` dice, scored by
:func:`jeopardy.farkle.scoring.score_counts` (every scoring die set aside) or,
under rule IV.4 (``set_aside = "choice"``), offering every scoring part of
:func:`jeopardy.farkle.scoring.keep_options`.
The turn follows :class:`~jeopardy.farkle.turn.FarkleRules`: a hand of ``dice``
dice (1 to 6), the minimum bank (any, from 0; IV.2's higher minimum above a
score; the entry minimum at a score of 0), hot dice (or, with ``hot_dice`` off,
a turn whose every die is set aside banks where it may and loses its total
elsewhere), IV.1 (no bank with six dice in hand) and IV.3 (a throw past the goal
busts; landing on it needs no minimum), and the ending (first to reach, or the
round's answer).  The
bank/throw decisions come from the solution, tabulated once: every column of
both roles (:func:`decision_tables`, the solver's own kernel) and, for B's
last turn of the round ending, whether to take a tie at ``t == d``.

Under IV.4 the player sets aside the part the solver chooses: the solver's turn
takes, of a throw's choices listed by points then dice kept, the first whose
state ``(t + points, dice left)`` is worth the most to the mover
(:func:`jeopardy.match.process_kernels.turn`), so the simulation tabulates
those worths too: every turn state's value ``V[t, n]`` (the same sweep of each
turn start as the decisions, :func:`jeopardy.match.process_kernels.decision_tables`),
past a column's top the value the solver gives there (a bank: 1, or ``1 - Q(d)``
for the round's first player; IV.3: the bust's value), and in B's last turn the
last-turn table
(:func:`jeopardy.farkle.ending.last_turn_values`).  :func:`_choose` reads
them with the signature of the oracle's ``choose``.  The values take 8 bytes a
turn state: the seed's table with IV.4 to 10,000 holds 63,332,400 states, 0.59 GB.

The test oracle tests/oracles/farkle_simulation.py plays the same games from
the rules text (the same draws of the same seed): tests/test_farkle.py
compares the two game for game.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import numpy as np
from numba import njit

from jeopardy import validate
from jeopardy.errors import JeopardyError
from jeopardy.farkle.core import CoreFarkleSolution
from jeopardy.farkle.ending import last_turn_values
from jeopardy.farkle.scoring import SEED, ScoringTable, keep_options, score_counts
from jeopardy.farkle.turn import UNIT, rules_throws
from jeopardy.interrupts import timed_chunks
from jeopardy.match import process_kernels
from jeopardy.results import Result

MAX_GAMES = 100_000_000
# A game's seconds, at most (the first chunk's size): Ten Thousand to 10,000 plays about
# 30,000 games a second, to 1,000 about 800,000.
SECONDS_PER_GAME = 1e-4
MAX_TURNS = 100_000  # per game; a game this long means a policy that never banks
DICE = 6


@dataclass(frozen=True)
class DecisionTables:
    """The optimal bank/throw decision at every turn state, as arrays; under IV.4 the
    states' values too (to choose the part set aside; empty otherwise)."""

    offsets: np.ndarray  # [role, i, j] -> start of the column in ``flat`` (rows of
    #                      dice + 2: column n holds n dice, dice + 1 none; :func:`column`)
    tops: np.ndarray  # [role, i, j] -> the column's largest turn total (units)
    flat: np.ndarray  # int8, 1 = throw
    tie: np.ndarray  # [minimum row, d, n]: B's last turn takes the tie at t == d (n 0: none)
    values: np.ndarray  # IV.4: the mover's chance at each state of ``flat``
    bust: np.ndarray  # IV.4: [role, i, j] the mover's chance after a bust
    last_offsets: np.ndarray  # IV.4: [minimum row, d] -> start of B's last-turn table
    last_tops: np.ndarray  # IV.4: [minimum row, d] -> its largest turn total
    last_values: np.ndarray  # IV.4: B's last-turn chances V[t, n], rows of dice + 1


@njit(cache=True, nogil=True, inline="always")
def column(n, hand):
    """The column of ``n`` dice in hand in a row of the decision tables: ``n``, and
    ``hand + 1`` for none (hot dice off, every die set aside)."""
    return n if n > 0 else hand + 1


def decision_tables(solution: CoreFarkleSolution) -> DecisionTables:
    g = solution.goal_units
    offsets = np.zeros((2, g, g), dtype=np.int64)
    tops = np.zeros((2, g, g), dtype=np.int64)
    race = solution.solution.race
    hand = solution.rules.dice
    width = hand + 2  # columns 1 .. hand + 1: the turn states, shifted by one
    flat = np.zeros(solution.states // int(race.process.states) * width, dtype=np.int8)
    core_offsets = np.zeros((int(race.places), g * g), dtype=np.int64)
    core_tops = np.zeros_like(core_offsets)
    choice = solution.rules.keep_choice
    values = np.zeros(flat.shape[0] if choice else 0)
    core_bust = np.zeros((int(race.places), g * g))
    # IV.4: the states' values of the same sweep (None: the kernel compiled without them)
    process_kernels.decision_tables(race, solution.solution.values, core_offsets, core_tops,
                                    flat, width, 1, values if choice else None,
                                    core_bust if choice else None)
    bust = np.zeros((2, g, g))
    for role in range(2):
        place = solution.place(role == 0)
        offsets[role] = core_offsets[place].reshape(g, g)
        tops[role] = core_tops[place].reshape(g, g)
        bust[role] = core_bust[place].reshape(g, g)
    rules = solution.rules
    min_low, min_high, _ = rules.in_units()
    throws = rules_throws(rules)
    largest = int(tops.max()) + g + 2
    if choice:  # A may bank a throw past its top: B's last turn d behind, every d
        largest += rules.max_gain
    tie = np.zeros((2, largest + 1, hand + 1), dtype=np.int8)
    last_offsets = np.zeros((2, largest + 1), dtype=np.int64)
    last_tops = np.zeros((2, largest + 1), dtype=np.int64)
    tables = []
    at = 0
    if not solution.first_to_reach:
        for row, minimum in enumerate((min_low, min_high)):
            for d in range(1, largest + 1):
                V = last_turn_values(d, minimum, rules.exact_goal, rules.no_stop_on_six,
                                     throws)
                for n in range(hand + 1):
                    # the DP takes the tie (value 1/2) where throwing is worth no more
                    tie[row, d, n] = d < V.shape[0] and V[d, n] == 0.5
                if choice:
                    last_offsets[row, d] = at
                    last_tops[row, d] = V.shape[0] - 1
                    tables.append(V.ravel())
                    at += V.size
    last_values = np.concatenate(tables) if tables else np.zeros(0)
    return DecisionTables(offsets, tops, flat, tie, values, bust, last_offsets, last_tops,
                          last_values)


# Indices into the policy's parameters (:func:`policy_data`).
P_GOAL, P_HIGH, P_ROUND, P_EXACT, P_HAND, P_HOT = range(6)


@njit(cache=True, nogil=True)
def _decide(data, role, my_score, other_score, turn_total, dice):
    """The tabulated optimal decision (bank?) for ``role`` (0: the first player), scores
    in points: the signature of a ``decide`` of tests/oracles/farkle_policies.py, so that
    the test oracle's simulation can play this policy too."""
    offsets, tops, flat, tie, params = data[0], data[1], data[2], data[3], data[4]
    goal, high = params[P_GOAL], params[P_HIGH]
    i = my_score // 50
    j = other_score // 50
    t = turn_total // 50
    if j >= goal:  # B's last turn: beat A's total, or take a tie the DP takes
        d = j - i
        if t > d:
            return True
        row = 1 if i > high else 0
        return t == d and d < tie.shape[1] and tie[row, d, dice] == 1
    if t > tops[role, i, j]:
        return True  # past the table every bank is best (jeopardy.farkle.ending's proof)
    hand = params[P_HAND]
    return flat[offsets[role, i, j] + t * (hand + 2) + column(dice, hand)] == 0


@njit(cache=True, nogil=True)
def _choose(data, role, my_score, other_score, turn_total, dice, points, kept):
    """IV.4: the mover's chance after setting aside a part worth ``points`` with ``kept``
    of its ``dice`` at ``turn_total`` (before the throw), as the solver values it: the
    state ``(turn_total + points, dice left)`` of the optimal play's tables.  The part
    chosen is the first of the highest chance, parts listed by points, then dice kept
    (the solver's order and its tie rule).  The signature of a ``choose`` of
    tests/oracles/farkle_policies.py."""
    offsets, tops, params, values, bust = data[0], data[1], data[4], data[5], data[6]
    last_offsets, last_tops, last_values, Q = data[7], data[8], data[9], data[10]
    goal, high, hand = params[P_GOAL], params[P_HIGH], params[P_HAND]
    i = my_score // 50
    j = other_score // 50
    u = (turn_total + points) // 50
    left = dice - kept
    if left == 0 and params[P_HOT]:  # hot dice (off: none left, column hand + 1)
        left = hand
    if j >= goal:  # B's last turn: its own table, needing more than d
        d = j - i
        row = 1 if i > high else 0
        if u > last_tops[row, d]:  # past it: a bank that wins (IV.3: past the goal, lost)
            return 0.0 if params[P_EXACT] else 1.0
        return last_values[last_offsets[row, d] + u * (hand + 1) + left]
    if u > tops[role, i, j]:
        if params[P_EXACT]:  # past the goal: the turn is lost
            return bust[role, i, j]
        if role == 0 and params[P_ROUND]:  # A banks past the goal: B answers d behind
            d = i + u - j
            row = 1 if j > high else 0
            return 1.0 - (Q[row, d] if d < Q.shape[1] else 0.0)
        return 1.0  # a bank that wins at once
    return values[offsets[role, i, j] + u * (hand + 2) + column(left, hand)]


def policy_data(solution: CoreFarkleSolution) -> tuple:
    """What :func:`_decide` and :func:`_choose` read: the decision tables (the values
    under IV.4), ``(goal, high score, round?, exact goal?)`` in units and the ending's
    last-turn chances ``Q``."""
    tables = decision_tables(solution)
    params = np.array([solution.goal_units, solution.rules.in_units()[2],
                       0 if solution.first_to_reach else 1, int(solution.rules.exact_goal),
                       solution.rules.dice, int(solution.rules.hot_dice)], dtype=np.int64)
    Q = np.ascontiguousarray(solution.solution.race.process.Q, dtype=np.float64)
    return (tables.offsets, tables.tops, tables.flat, tables.tie, params, tables.values,
            tables.bust, tables.last_offsets, tables.last_tops, tables.last_values, Q)


@lru_cache(maxsize=None)
def throw_table(table: ScoringTable = SEED) -> tuple[np.ndarray, np.ndarray]:
    """``(points in units, dice set aside)``, each ``[n, k]``: the ``k``-th of the
    ``6**n`` ordered throws of ``n`` dice (die ``d`` shows face ``1 + (k // 6**d) % 6``)
    scored by :func:`score_counts` under ``table``; no dice set aside: nothing scored."""
    points = np.zeros((DICE + 1, 6 ** DICE), np.int64)
    used = np.zeros((DICE + 1, 6 ** DICE), np.int64)
    for n in range(1, DICE + 1):
        for k in range(6 ** n):
            counts = [0] * 6
            rest = k
            for _ in range(n):
                counts[rest % 6] += 1
                rest //= 6
            score, aside = score_counts(tuple(counts), table)
            points[n, k], used[n, k] = score // UNIT, aside
    return points, used


@lru_cache(maxsize=None)
def part_table(table: ScoringTable = SEED, every: bool = False
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """IV.4: ``(throw, points, kept)``: ``throw[n, k]`` the row of the ``k``-th ordered
    throw of ``n`` dice (as in :func:`throw_table`), whose scoring parts a player may set
    aside are ``(points[row, o]`` in units, ``kept[row, o]`` dice``)``, listed as
    :func:`keep_options` lists them (by points, then dice kept; ``every`` as there);
    ``kept`` 0 ends a row (a row of none: nothing scores)."""
    throw = np.zeros((DICE + 1, 6 ** DICE), np.int64)
    rows: dict[tuple[int, ...], int] = {}
    parts = []
    for n in range(1, DICE + 1):
        for k in range(6 ** n):
            counts = [0] * 6
            for die in range(n):
                counts[k // 6 ** die % 6] += 1
            key = tuple(counts)
            if key not in rows:
                rows[key] = len(parts)
                parts.append(keep_options(key, table, every))
            throw[n, k] = rows[key]
    width = max(len(options) for options in parts)
    points = np.zeros((len(parts), width), np.int64)
    kept = np.zeros((len(parts), width), np.int64)
    for row, options in enumerate(parts):
        for o, (score, dice) in enumerate(options):
            points[row, o], kept[row, o] = score // UNIT, dice
    return throw, points, kept


NO_PARTS = (np.zeros((1, 1), np.int64), np.zeros((1, 1), np.int64), np.zeros((1, 1), np.int64))

# Indices into the rules bundle of the simulation (scores in units of 50).
GOAL, MIN_LOW, MIN_HIGH, HIGH_SCORE, NO_BANK_SIX, EXACT, ROUND, CHOICE, HAND, HOT = range(10)


def rules_bundle(solution: CoreFarkleSolution) -> np.ndarray:
    rules = solution.rules
    min_low, min_high, high = rules.in_units()
    return np.array([solution.goal_units, min_low, min_high, high, int(rules.no_stop_on_six),
                     int(rules.exact_goal), int(not solution.first_to_reach),
                     int(rules.keep_choice), rules.dice, int(rules.hot_dice)], np.int64)


@njit(cache=True, nogil=True)
def _may_bank(rules, score, t, n):
    if t <= 0:
        return False
    if rules[NO_BANK_SIX] and n == DICE:  # IV.1
        return False
    if rules[EXACT] and score + t == rules[GOAL]:  # IV.3: the goal needs no minimum
        return True
    return t >= (rules[MIN_HIGH] if score > rules[HIGH_SCORE] else rules[MIN_LOW])  # IV.2


@njit(cache=True, nogil=True)
def _play_turn(role, score, other, rules, points, used, parts, rng, data):
    """One turn from a fresh hand: the points banked (units), 0 after a throw that
    scores nothing or (IV.3) passes the goal, or with every die set aside and hot
    dice off, below the minimum bank.  IV.4: of the throw's parts (``parts``,
    :func:`part_table`) the first that :func:`_choose` values most."""
    t = np.int64(0)
    n = rules[HAND]
    first = True  # a turn throws at least once
    throws, part_points, part_kept = parts
    while True:
        if (not first and _may_bank(rules, score, t, n)
                and _decide(data, role, UNIT * score, UNIT * other, UNIT * t, n)):
            return t
        first = False
        k = rng.integers(0, 6 ** n)
        if used[n, k] == 0:
            return 0
        if rules[CHOICE]:
            row = throws[n, k]
            pick = 0
            best = -1.0
            for o in range(part_kept.shape[1]):
                if part_kept[row, o] == 0:
                    break
                value = _choose(data, role, UNIT * score, UNIT * other, UNIT * t, n,
                                UNIT * part_points[row, o], part_kept[row, o])
                if value > best:
                    best = value
                    pick = o
            t += part_points[row, pick]
            aside = part_kept[row, pick]
        else:
            t += points[n, k]
            aside = used[n, k]
        if rules[EXACT] and score + t > rules[GOAL]:
            return 0
        n -= aside
        if n == 0:
            if not rules[HOT]:  # nothing left to throw: bank where allowed
                return t if _may_bank(rules, score, t, n) else 0
            n = rules[HAND]  # hot dice


@njit(cache=True, nogil=True)
def _play(rules, points, used, parts, rng, data, games, outcome):
    """Play ``games`` games; ``outcome[k]`` is the first player's points x 2
    (2 win, 1 tie, 0 loss).  Returns -1 if a game ran past MAX_TURNS turns."""
    g = rules[GOAL]
    # int64s, not literals: numba compiled _play_turn (and its callees) once more for
    # each literal role and score (Literal[int](0), (1)), four times on a cold cache
    first, second = np.int64(0), np.int64(1)
    for game in range(games):
        a = np.int64(0)
        b = np.int64(0)
        result = -1
        for _ in range(MAX_TURNS):
            a += _play_turn(first, a, b, rules, points, used, parts, rng, data)
            if a >= g:
                if not rules[ROUND]:  # first to reach
                    result = 2
                    break
                b += _play_turn(second, b, a, rules, points, used, parts, rng, data)  # the last turn
                result = 2 if a > b else (1 if a == b else 0)
                break
            b += _play_turn(second, b, a, rules, points, used, parts, rng, data)
            if b >= g:
                result = 0
                break
        if result < 0:
            return -1
        outcome[game] = result
    return 0


@dataclass(frozen=True, repr=False)
class SimulatedFarkle(Result):
    """The first player's mean points (1 a win, 1/2 a tie) over seeded games."""

    games: int
    seed: int
    first_player_wins: float
    stderr: float
    seconds: float

    def to_dict(self) -> dict:
        return {"game": "ten-thousand", "games": self.games, "seed": self.seed,
                "first_player_wins": self.first_player_wins, "stderr": self.stderr,
                "seconds": self.seconds}


def simulate(solution: CoreFarkleSolution, games: int, seed: int = 0,
             progress: Callable[[float], None] | None = None) -> SimulatedFarkle:
    """Play ``games`` seeded games, both players following the optimal policy;
    ``progress`` gets the fraction played after each chunk."""
    if solution.rules.continue_position:
        raise JeopardyError("the simulation does not play rule IV.5 (taking a position over)")
    if solution.players != 2:
        raise JeopardyError("the simulation plays two players")
    games = validate.positive_int(games, "games", MAX_GAMES)
    seed = validate.seed(seed)
    started = time.perf_counter()
    rules = rules_bundle(solution)
    points, used = throw_table(solution.rules.scoring)
    parts = (part_table(solution.rules.scoring, solution.rules.every_part())
             if solution.rules.keep_choice else NO_PARTS)
    data = policy_data(solution)
    rng = np.random.default_rng(seed)
    outcome = np.zeros(games, np.int8)
    # Chunks of about 0.2 s, so that Ctrl-C stops the run (jeopardy.interrupts); the
    # generator's state lives in ``rng`` and carries on from chunk to chunk.
    for start, size in timed_chunks(games, SECONDS_PER_GAME):
        if _play(rules, points, used, parts, rng, data, size, outcome[start:start + size]) < 0:
            raise JeopardyError(f"a game lasted more than {MAX_TURNS:,} turns")
        if progress is not None:
            progress((start + size) / games)
    shares = outcome / 2.0
    error = float(shares.std(ddof=1) / np.sqrt(games)) if games > 1 else float("inf")
    return SimulatedFarkle(games, seed, float(shares.mean()), error,
                           time.perf_counter() - started)


assert UNIT == 50  # _decide divides points by 50
