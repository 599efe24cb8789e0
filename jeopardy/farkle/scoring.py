"""Scoring of a throw of Ten Thousand (the seed's section II).

Combinations: the straight 1-2-3-4-5-6 (six dice) 2,000; three 1s 1,000;
three of a kind 100 x face; four, five, six of a kind 2, 4, 8 times the
three-of-a-kind score (1s: 2,000, 4,000, 8,000); single 1s 100, single 5s 50.

Readings taken (each reproduces the seed's Table 1; see docs/farkle.md):

* A die counts in one combination only, and of several ways to read the
  same dice the highest score is taken (four 1s are 2,000, not 1,000 + 100;
  1-2-3-4-5-6 is the straight, not 100 + 50).
* Three pairs score nothing by themselves (the seed lists no such rule; with
  it, P(6, 0) would be 2.31 %, not the seed's 3.09 %).
* Two triples in six dice score both (2-2-2-3-3-3 is 200 + 300).

By default the thrower sets aside *every* scoring die (:func:`score_all`).
Optional rule IV.4 lets the thrower set aside any non-empty scoring part
instead (:func:`keep_options`).
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Sequence

from jeopardy.errors import JeopardyError


def _kind_score(face: int, count: int) -> int:
    base = 1000 if face == 1 else 100 * face
    return base * 2 ** (count - 3)


def _face_score(face: int, count: int) -> int:
    """Best score of ``count`` dice all showing ``face`` (0 if they cannot all score)."""
    if count == 0:
        return 0
    if count >= 3:
        return _kind_score(face, count)
    if face == 1:
        return 100 * count
    if face == 5:
        return 50 * count
    return 0


def _counts(dice: Sequence[int]) -> tuple[int, ...]:
    if not 1 <= len(dice) <= 6:
        raise JeopardyError(f"a throw has 1 to 6 dice; got {len(dice)}")
    for d in dice:
        if not isinstance(d, int) or not 1 <= d <= 6:
            raise JeopardyError(f"dice show 1 to 6; got {d!r}")
    c = Counter(dice)
    return tuple(c.get(f, 0) for f in range(1, 7))


def is_straight(counts: tuple[int, ...]) -> bool:
    return counts == (1, 1, 1, 1, 1, 1)


@lru_cache(maxsize=None)
def score_counts(counts: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Score and counts of the dice set aside when every scoring die is kept."""
    if is_straight(counts):
        return 2000, counts
    score = 0
    kept = []
    for face, c in enumerate(counts, start=1):
        if c >= 3 or face in (1, 5):
            score += _face_score(face, c)
            kept.append(c)
        else:
            kept.append(0)
    return score, tuple(kept)


def score_all(dice: Sequence[int]) -> tuple[int, list[int]]:
    """``(score, dice set aside)`` of a throw under the default rule."""
    counts = _counts(dice)
    score, kept = score_counts(counts)
    aside = [face for face, c in enumerate(kept, start=1) for _ in range(c)]
    return score, aside


@lru_cache(maxsize=None)
def keep_options(counts: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Every ``(score, dice kept)`` of a non-empty scoring part of the throw (rule IV.4)."""
    options = set()
    if is_straight(counts):
        options.add((2000, 6))
    choices = []
    for face, c in enumerate(counts, start=1):
        if face in (1, 5):
            choices.append([(k, _face_score(face, k)) for k in range(c + 1)])
        else:
            choices.append([(0, 0)] + [(k, _face_score(face, k)) for k in range(3, c + 1)])

    def walk(index: int, dice: int, score: int) -> None:
        if index == 6:
            if dice:
                options.add((score, dice))
            return
        for k, s in choices[index]:
            walk(index + 1, dice + k, score + s)

    walk(0, 0, 0)
    # Keep only options not dominated by another with the same number of dice.
    best: dict[int, int] = {}
    for score, dice in options:
        best[dice] = max(best.get(dice, 0), score)
    return tuple(sorted((s, d) for d, s in best.items()))
