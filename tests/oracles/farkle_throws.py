"""Scoring of one throw of Ten Thousand, read from the seed's section II alone.

The seed (``ten-thousand-dice-game-analysis.txt``, II) lists the combinations:

1. the sequence 1-2-3-4-5-6, only in a throw of six dice: 2,000;
2. three 1s: 1,000;
3. three of a kind (other faces): 100 x face;
4. four, five, six of a kind: 200, 400, 800 x face, or 2,000, 4,000, 8,000 for 1s;
5. each single 1: 100;
6. each single 5: 50.

Readings (each one is needed to reproduce the seed's Table 1, which the tests
check):

* A die belongs to one combination.  Of the ways to read a throw, the highest
  total counts: four 1s are 2,000 (not 1,000 + 100), five 5s 2,000 (not
  500 + 50 + 50), and 1-2-3-4-5-6 is the sequence (not 100 + 50).  With the
  highest reading every die of a face with three or more, and every 1 and 5,
  is a scoring die; the sequence uses all six.
* Two triples in six dice both count (2-2-2-3-3-3 is 200 + 300).
* Three pairs are no combination (the seed lists none; with one, P(6, 0)
  would not be the seed's 3.09 %).

The default rule sets aside *every* scoring die.  Rule IV.4 lets the thrower
set aside "just one scoring combination": here, any non-empty part of the
throw in which every die scores, counted at that part's highest reading.

Scores are in points here; the solvers work in units of 50 points (every
combination is a multiple of 50).
"""
from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache

import numpy as np

UNIT = 50
FACES = 6
MAX_DICE = 6


def _of_a_kind(face: int, count: int) -> int:
    """Points of ``count`` (three to six) dice showing ``face``: rules II.2-II.4."""
    three = 1000 if face == 1 else 100 * face
    return three * {3: 1, 4: 2, 5: 4, 6: 8}[count]


def _singles(face: int, count: int) -> int:
    """Points of ``count`` single 1s or 5s: rules II.5-II.6."""
    return {1: 100, 5: 50}.get(face, 0) * count


def _face_points(face: int, count: int) -> tuple[int, int]:
    """Best ``(points, scoring dice)`` of the ``count`` dice showing ``face``.

    Every way to split them into one of-a-kind group and singles is tried.
    """
    best = (0, 0)
    for group in range(count + 1):
        if 0 < group < 3:
            continue
        rest = count - group
        points = (_of_a_kind(face, group) if group else 0) + _singles(face, rest)
        used = group + (rest if face in (1, 5) else 0)
        if points > best[0]:
            best = (points, used)
    return best


@lru_cache(maxsize=None)
def score_counts(counts: tuple[int, ...]) -> tuple[int, int]:
    """``(points, scoring dice)`` of a throw given as counts of faces 1..6,
    every scoring die set aside (the default rule)."""
    if len(counts) != FACES or min(counts) < 0 or sum(counts) > MAX_DICE:
        raise ValueError(f"counts of faces 1-6 for at most six dice expected; got {counts}")
    points, used = 0, 0
    for face, count in enumerate(counts, start=1):
        p, u = _face_points(face, count)
        points += p
        used += u
    if counts == (1, 1, 1, 1, 1, 1) and 2000 > points:
        return 2000, 6
    return points, used


def score_dice(dice) -> tuple[int, int]:
    """``(points, scoring dice)`` of a throw given as faces."""
    counts = [0] * FACES
    for face in dice:
        if not 1 <= face <= FACES:
            raise ValueError(f"faces are 1-6; got {face}")
        counts[face - 1] += 1
    return score_counts(tuple(counts))


@lru_cache(maxsize=None)
def part_options(counts: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Rule IV.4: every ``(points, dice set aside)`` of a non-empty part of the
    throw in which every die scores, each pair once (two parts of as many dice and
    points are the same move).  No part is dropped as dominated: near an exact goal
    (IV.3) the fewer points may be the ones that land on it."""
    found: set[tuple[int, int]] = set()
    for part in itertools.product(*(range(c + 1) for c in counts)):
        size = sum(part)
        if size == 0:
            continue
        points, used = score_counts(part)
        if used == size:
            found.add((points, size))
    return tuple(sorted(found))


@lru_cache(maxsize=None)
def best_parts(counts: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """:func:`part_options`, only the most points of each number of dice set aside
    (the parts the simulation's policies choose among)."""
    best: dict[int, int] = {}
    for points, size in part_options(counts):
        best[size] = max(best.get(size, -1), points)
    return tuple(sorted((p, k) for k, p in best.items()))


@lru_cache(maxsize=None)
def throw_distribution(dice: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every throw of ``dice`` dice as ``(counts of faces 1..6, probability)``,
    found by listing all 6**dice ordered throws."""
    tally: dict[tuple[int, ...], int] = {}
    for faces in itertools.product(range(FACES), repeat=dice):
        counts = [0] * FACES
        for f in faces:
            counts[f] += 1
        key = tuple(counts)
        tally[key] = tally.get(key, 0) + 1
    total = FACES ** dice
    return tuple((key, Fraction(n, total)) for key, n in sorted(tally.items()))


def next_dice(dice: int, set_aside: int) -> int:
    """Dice of the next throw: the rest, or all six after hot dice."""
    rest = dice - set_aside
    return rest if rest > 0 else MAX_DICE


@lru_cache(maxsize=None)
def outcomes(dice: int) -> tuple[tuple[int, int, Fraction], ...]:
    """Default rule: ``(points, dice of the next throw, probability)`` of a
    throw of ``dice`` dice; points 0 (next 0) is the farkle."""
    table: dict[tuple[int, int], Fraction] = {}
    for counts, p in throw_distribution(dice):
        points, used = score_counts(counts)
        key = (points, next_dice(dice, used)) if points else (0, 0)
        table[key] = table.get(key, Fraction(0)) + p
    return tuple((s, m, p) for (s, m), p in sorted(table.items()))


def single_throw_table(dice: int) -> dict[int, tuple[Fraction, Fraction]]:
    """The seed's Table 1 row: ``{K: (P(I, K), S(I, K))}`` for I = ``dice``,
    K = dice of the next throw (0: farkle, S = 0)."""
    row: dict[int, list[Fraction]] = {}
    for points, nxt, p in outcomes(dice):
        entry = row.setdefault(nxt, [Fraction(0), Fraction(0)])
        entry[0] += p
        entry[1] += p * points
    return {k: (p, (s / p if p else Fraction(0))) for k, (p, s) in sorted(row.items())}


@lru_cache(maxsize=None)
def outcome_arrays(keep_any_part: bool = False):
    """Float tables for the kernels, points in units of 50:
    ``(counts, scores, nexts, probs, bust)``.

    The ``k``-th scoring outcome of a throw of ``n`` dice (``k < counts[n]``)
    has probability ``probs[n, k]`` and options ``o``: set aside points
    ``scores[n, k, o]`` and throw ``nexts[n, k, o]`` dice next (``nexts = 0``
    ends a list shorter than the table's last axis).  The default rule has one
    option per outcome; rule IV.4 lists every part (:func:`part_options`).
    ``bust[n]`` is P(n, 0).
    """
    rows = []
    for n in range(MAX_DICE + 1):
        merged: dict[tuple, Fraction] = {}
        for counts, p in (throw_distribution(n) if n else ()):
            if keep_any_part:
                opts = tuple((s // UNIT, next_dice(n, k)) for s, k in part_options(counts))
            else:
                points, used = score_counts(counts)
                opts = ((points // UNIT, next_dice(n, used)),) if points else ()
            if opts:
                merged[opts] = merged.get(opts, Fraction(0)) + p
        rows.append(sorted(merged.items()))
    width = max(len(r) for r in rows)
    # the options of an outcome: at least two columns (the kernels test the second)
    most = max([MAX_DICE] + [len(opts) for r in rows for opts, _ in r])
    counts = np.array([len(r) for r in rows], np.int64)
    scores = np.zeros((MAX_DICE + 1, width, most), np.int64)
    nexts = np.zeros((MAX_DICE + 1, width, most), np.int64)
    probs = np.zeros((MAX_DICE + 1, width))
    bust = np.zeros(MAX_DICE + 1)
    for n in range(1, MAX_DICE + 1):
        for k, (opts, p) in enumerate(rows[n]):
            probs[n, k] = float(p)
            for o, (points, m) in enumerate(opts):
                scores[n, k, o], nexts[n, k, o] = points, m
        bust[n] = float(1 - sum(p for _, p in rows[n]))
    return counts, scores, nexts, probs, bust
