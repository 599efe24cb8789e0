"""A twin of Farkle house-rule scoring and of the optimal single turn, written from the
rules text (docs/farkle.md, "House rules") and sharing no code or equations with
jeopardy/farkle/scoring.py, throws.py or turn.py.

It reads a rules file's keys (a dict) directly.  Scoring: every ordered throw of
``n`` dice is listed (``6 ** n`` of them); every non-empty set of positions of a
throw is a candidate set of dice to set aside, scored by trying, die by die, every
combination of the rules text that contains the first remaining die (a single 1 or
5; three or more of a kind; with all six dice, the straight, three pairs, four of a
kind and a pair, two triplets) and keeping the best total.  The turn: plain backward
iteration over turn totals in points, from a top where every state banks.
"""
from __future__ import annotations

import itertools
from collections import Counter

POINTS_STEP = 50


def _of_a_kind(scoring: dict, face: int, n: int) -> int:
    """n >= 3 dice showing ``face`` as one combination (0: not a combination)."""
    triple = scoring["three_ones"] if face == 1 else scoring["three_of_a_kind"] * face
    if n == 3:
        return triple
    rule = scoring["n_of_a_kind"]
    if rule == "double":  # each die past three doubles the score
        value = triple
        for _ in range(n - 3):
            value = value + value
        return value
    if rule == "add":  # each die past three adds the triple once more
        value = triple
        for _ in range(n - 3):
            value = value + triple
        return value
    if rule == "flat":
        return {4: 1000, 5: 2000, 6: 3000}[n]
    return 0  # "none": no such combination


def _six_dice(scoring: dict, dice: tuple[int, ...]) -> list[int]:
    """Scores of the six-dice combinations these six dice form."""
    found = []
    counts = sorted(Counter(dice).values())
    if sorted(dice) == [1, 2, 3, 4, 5, 6] and scoring["straight"]:
        found.append(scoring["straight"])
    if counts == [2, 2, 2] and scoring["three_pairs"]:
        found.append(scoring["three_pairs"])
    if counts == [2, 4] and scoring["four_and_a_pair"]:
        found.append(scoring["four_and_a_pair"])
    if counts == [3, 3] and scoring["two_triplets"]:
        found.append(scoring["two_triplets"])
    return found


def set_aside_score(scoring: dict, dice: tuple[int, ...], cache: dict | None = None):
    """Best score of setting aside exactly ``dice`` (sorted faces), or None if some die
    cannot be part of a scoring combination."""
    if cache is None:
        cache = {}
    if dice in cache:
        return cache[dice]
    if not dice:
        return 0
    best = None
    if len(dice) == 6:
        for points in _six_dice(scoring, dice):
            best = points if best is None else max(best, points)
    first = dice[0]
    rest = list(dice[1:])
    single = scoring["single_one"] if first == 1 else scoring["single_five"] if first == 5 else 0
    if single:
        after = set_aside_score(scoring, tuple(rest), cache)
        if after is not None and (best is None or single + after > best):
            best = single + after
    same = dice.count(first)
    for n in range(3, same + 1):
        points = _of_a_kind(scoring, first, n)
        if not points:
            continue
        remaining = list(dice)
        for _ in range(n):
            remaining.remove(first)
        after = set_aside_score(scoring, tuple(remaining), cache)
        if after is not None and (best is None or points + after > best):
            best = points + after
    cache[dice] = best
    return best


def throw_choices(rules: dict, n: int) -> dict[tuple[int, ...], tuple[float, list[tuple[int, int]]]]:
    """Per sorted throw of ``n`` dice: (probability, [(points, dice left to throw), ...]).
    Under set_aside "all" one choice: the best score, of equal scores the most dice."""
    scoring = rules["scoring"]
    cache: dict = {}
    tally = Counter(tuple(sorted(throw)) for throw in itertools.product(range(1, 7), repeat=n))
    out = {}
    for throw, count in tally.items():
        options = []
        for size in range(1, n + 1):
            for positions in itertools.combinations(range(n), size):
                kept = tuple(sorted(throw[p] for p in positions))
                points = set_aside_score(scoring, kept, cache)
                if points:
                    left = n - size if size < n else 6  # hot dice: all six again
                    options.append((points, left, size))
        if rules["set_aside"] == "all" and options:
            points, left, size = max(options, key=lambda o: (o[0], o[2]))
            options = [(points, left, size)]
        out[throw] = (count / 6 ** n, sorted({(p, left) for p, left, _ in options}))
    return out


def optimal_turn(rules: dict, minimum: int | None = None, top: int = 30_000) -> float:
    """Expected banked score of the optimal turn from six dice; ``minimum``: the least
    bank (default ``rules["min_bank"]``); totals at or past ``top`` bank."""
    minimum = rules["min_bank"] if minimum is None else minimum
    choices = {n: list(throw_choices(rules, n).values()) for n in range(1, 7)}
    value: dict[tuple[int, int], float] = {}

    def lookup(total: int, n: int) -> float:
        return total if total >= top else value[(total, n)]

    for total in range(top - POINTS_STEP, -1, -POINTS_STEP):
        for n in range(1, 7):
            throw = 0.0
            for probability, options in choices[n]:
                if options:
                    throw += probability * max(lookup(total + p, left) for p, left in options)
            bank = total if total >= minimum and total > 0 else None
            value[(total, n)] = throw if bank is None else max(bank, throw)
    return value[(0, 6)]
