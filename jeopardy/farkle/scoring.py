"""Scoring of a throw of Ten Thousand / Farkle from a scoring table.

The seed's table (section II): the straight 1-2-3-4-5-6 (six dice) 2,000;
three 1s 1,000; three of a kind 100 x face; four, five, six of a kind 2, 4, 8
times the three-of-a-kind score (1s: 2,000, 4,000, 8,000); single 1s 100,
single 5s 50.  A house table (:class:`ScoringTable`) changes these numbers,
how four to six of a kind grow (``"double"``, ``"add"``, ``"flat"``; ``"none"``:
they are a triple and singles), and adds
six-dice combinations: three pairs, four of a kind and a pair, two triplets,
and the partial straights of five dice, 1-2-3-4-5 (``low_straight``) and
2-3-4-5-6 (``high_straight``) (0: the combination does not score).

Readings taken (each reproduces the seed's Table 1; see docs/farkle.md):

* A die counts in one combination only, and of several ways to read the
  same dice the highest score is taken (four 1s are 2,000, not 1,000 + 100;
  1-2-3-4-5-6 is the straight, not 100 + 50).  Under ``"flat"`` four 1s
  read as three 1s and a single 1 (1,100) beat the flat 1,000.
* The six-dice combinations need all six dice of the throw set aside;
  three pairs are three different faces twice each (four of a kind and a
  pair is its own key); two triplets are two different faces.
* A partial straight is five dice; a sixth die beside it scores on its own
  (1-1-2-3-4-5 is the low straight and a single 1).  Within six dice showing
  1-2-3-4-5-6 the full straight, or a partial straight and the sixth die read
  as a single, whichever scores more.
* A combination worth 0 does not score, but its dice may still score
  otherwise (2-2-2-3-3-3 with ``two_triplets = 0`` is 200 + 300).

By default the thrower sets aside *every* scoring die (:func:`score_all`): the
highest-scoring reading of the throw, and of equal scores the one setting
aside more dice.  Optional rule IV.4 (``set_aside = "choice"``) lets the
thrower set aside any non-empty scoring part instead (:func:`keep_options`).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from jeopardy.errors import JeopardyError

GROWTH = ("double", "add", "flat", "none")
FLAT = {4: 1000, 5: 2000, 6: 3000}  # "flat": four, five, six of a kind, any face
POINT_KEYS = ("single_one", "single_five", "three_ones", "three_of_a_kind", "three_pairs",
              "straight", "four_and_a_pair", "two_triplets", "low_straight", "high_straight")
RUNS = (("low_straight", (1, 1, 1, 1, 1, 0)), ("high_straight", (0, 1, 1, 1, 1, 1)))


@dataclass(frozen=True)
class ScoringTable:
    """Points of each scoring combination (the defaults are the seed's Ten Thousand)."""

    single_one: int = 100
    single_five: int = 50
    three_ones: int = 1000
    three_of_a_kind: int = 100  # times the face, faces 2-6
    n_of_a_kind: str = "double"  # "double": 2x, 4x, 8x the triple; "add": +1 triple a die; "flat"
    three_pairs: int = 0
    straight: int = 2000
    four_and_a_pair: int = 0
    two_triplets: int = 0
    low_straight: int = 0  # 1-2-3-4-5, five dice
    high_straight: int = 0  # 2-3-4-5-6, five dice

    def __post_init__(self) -> None:
        for name in POINT_KEYS:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise JeopardyError(f"scoring.{name} must be a whole number of points; got {value!r}")
            if value < 0:
                raise JeopardyError(f"scoring.{name} must not be negative; got {value}")
        if self.n_of_a_kind not in GROWTH:
            raise JeopardyError(f"scoring.n_of_a_kind must be one of {', '.join(GROWTH)}; "
                                f"got {self.n_of_a_kind!r}")
        if self.three_ones == 0 or self.three_of_a_kind == 0:
            raise JeopardyError("scoring: three of a kind must score (three_ones and "
                                "three_of_a_kind above 0)")

    def kind(self, face: int, count: int) -> int:
        """Points of ``count >= 3`` dice showing ``face`` read as one combination."""
        triple = self.three_ones if face == 1 else self.three_of_a_kind * face
        if count == 3:
            return triple
        if self.n_of_a_kind == "double":
            return triple * 2 ** (count - 3)
        if self.n_of_a_kind == "add":
            return triple * (count - 2)
        if self.n_of_a_kind == "none":  # no combination past three: a triple and singles
            return 0
        return FLAT[count]

    def single(self, face: int) -> int:
        """Points of one die alone (0: it does not score alone)."""
        return self.single_one if face == 1 else self.single_five if face == 5 else 0


SEED = ScoringTable()


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
def face_score(face: int, count: int, table: ScoringTable = SEED) -> int | None:
    """Best score of ``count`` dice all showing ``face`` read as singles and groups of
    three or more (None: they cannot all score)."""
    if count == 0:
        return 0
    best = None
    for part in range(1, count + 1):  # the first group's size
        points = table.single(face) if part == 1 else (table.kind(face, part) if part >= 3 else 0)
        if points <= 0:
            continue
        rest = face_score(face, count - part, table)
        if rest is not None and (best is None or points + rest > best):
            best = points + rest
    return best


@lru_cache(maxsize=None)
def kept_score(kept: tuple[int, ...], table: ScoringTable = SEED) -> int | None:
    """Best score of setting aside exactly the dice ``kept`` (face counts); None if
    some die would not score."""
    total = 0
    for face, c in enumerate(kept, start=1):
        points = face_score(face, c, table)
        if points is None:
            total = None
            break
        total += points
    if sum(kept) == 6:
        shape = sorted(c for c in kept if c)
        for points, fits in ((table.straight, is_straight(kept)),
                             (table.three_pairs, shape == [2, 2, 2]),
                             (table.four_and_a_pair, shape == [2, 4]),
                             (table.two_triplets, shape == [3, 3])):
            if fits and points > 0 and (total is None or points > total):
                total = points
    for key, run in RUNS:  # a partial straight, and the rest read on its own
        points = getattr(table, key)
        if points > 0 and all(k >= r for k, r in zip(kept, run)):
            rest = kept_score(tuple(k - r for k, r in zip(kept, run)), table)
            if rest is not None and (total is None or points + rest > total):
                total = points + rest
    return total


@lru_cache(maxsize=None)
def _every_part(counts: tuple[int, ...], table: ScoringTable) -> frozenset[tuple[int, int]]:
    """``(score, dice set aside)`` of every non-empty scoring part of the throw."""
    found: set[tuple[int, int]] = set()

    def walk(face: int, kept: tuple[int, ...]) -> None:
        if face == 6:
            dice = sum(kept)
            points = kept_score(kept, table) if dice else None
            if points is not None and points > 0:
                found.add((points, dice))
            return
        for k in range(counts[face] + 1):
            walk(face + 1, kept + (k,))

    walk(0, ())
    return frozenset(found)


@lru_cache(maxsize=None)
def _parts(counts: tuple[int, ...], table: ScoringTable) -> dict[int, int]:
    """Dice set aside -> the best score of a scoring part of that many dice."""
    best: dict[int, int] = {}
    for points, dice in _every_part(counts, table):
        best[dice] = max(best.get(dice, 0), points)
    return best


@lru_cache(maxsize=None)
def score_counts(counts: tuple[int, ...], table: ScoringTable = SEED) -> tuple[int, int]:
    """``(score, dice set aside)`` when every scoring die is kept: the highest-scoring
    part, of equal scores the one of more dice (``(0, 0)``: nothing scores)."""
    parts = _parts(counts, table)
    if not parts:
        return 0, 0
    return max((points, dice) for dice, points in parts.items())


def score_all(dice: Sequence[int], table: ScoringTable = SEED) -> tuple[int, list[int]]:
    """``(score, dice set aside)`` of a throw under the keep-all rule."""
    counts = _counts(dice)
    points, used = score_counts(counts, table)
    if not points:
        return 0, []
    # The dice of the best part: the first sub-throw of that size and score.
    aside = _aside(counts, points, used, table)
    return points, [face for face, c in enumerate(aside, start=1) for _ in range(c)]


def _aside(counts, points, used, table) -> tuple[int, ...]:
    def walk(face, kept):
        if face == 6:
            return kept if sum(kept) == used and kept_score(kept, table) == points else None
        for k in range(counts[face], -1, -1):
            found = walk(face + 1, kept + (k,))
            if found:
                return found
        return None

    return walk(0, ())


@lru_cache(maxsize=None)
def keep_options(counts: tuple[int, ...], table: ScoringTable = SEED,
                 every: bool = False) -> tuple[tuple[int, int], ...]:
    """Every ``(score, dice kept)`` of a non-empty scoring part of the throw (rule IV.4),
    sorted.  By default the best score for each number of dice only: a part of as many
    dice and fewer points is dominated where a higher turn total is never worse
    (:meth:`jeopardy.farkle.turn.FarkleRules.every_part` says where that is proved);
    ``every``: each distinct ``(score, dice kept)`` of a part (rule IV.3's exact
    landing, for one, may need the fewer points)."""
    if every:
        return tuple(sorted(_every_part(counts, table)))
    return tuple(sorted((points, dice) for dice, points in _parts(counts, table).items()))


@lru_cache(maxsize=64)
def max_gain(table: ScoringTable = SEED) -> int:
    """The most points one throw of six dice can score under ``table``."""
    from itertools import combinations_with_replacement

    best = 0
    for throw in combinations_with_replacement(range(1, 7), 6):
        best = max(best, score_counts(_counts(list(throw)), table)[0])
    return best
