"""A reference of two-player play, first to the goal, with a penalty for busts in a
row, written from the rules (docs/farkle.md, "The penalty") and sharing no code or
equations with jeopardy/match/counters.py.

The rules: each player counts its busts in a row; a bust adds one; the
``limit``-th bust in a row costs ``points`` banked points and the count starts
again at 0; a bank starts it again at 0.  A penalty never takes a banked score
below ``floor``: it stops there.  The first player to bank ``goal`` or more wins.

Every match state is explicit, a dict key ``(mine, my_busts, theirs, their_busts)``
in points; every turn state ``(total, state)`` is solved by recursion on the turn
total from the current match values.  The match values are found by plain
iteration from 1/2 everywhere, each state updated in turn, until no value moves by
more than ``tolerance``.  The turn is given as data by the caller (read from the
rules by another oracle): ``throws[state]`` is a list of ``(probability,
[(points, next state), ...])``, an empty list of choices a bust.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable


def solve(throws: dict, start, goal: int, minimum: Callable[[int], int], limit: int,
          points: int, floor: int, step: int, tolerance: float = 1e-15,
          max_iterations: int = 100_000) -> dict:
    """Every match state's chance for the player to move (dict), by plain iteration."""
    scores = range(floor, goal, step)
    V = {(mine, a, theirs, b): 0.5 for mine in scores for theirs in scores
         for a in range(limit) for b in range(limit)}

    def turn(mine, a, theirs, b) -> float:
        least = minimum(mine)
        if a + 1 < limit:
            bust = 1.0 - V[(theirs, b, mine, a + 1)]
        else:
            bust = 1.0 - V[(theirs, b, max(mine - points, floor), 0)]

        @lru_cache(maxsize=None)
        def value(total: int, state) -> float:
            may_bank = total > 0 and total >= least
            if may_bank and mine + total >= goal:
                return 1.0  # the bank wins; nothing does better
            throw = 0.0
            for probability, choices in throws[state]:
                if choices:
                    throw += probability * max(value(total + p, nxt) for p, nxt in choices)
                else:
                    throw += probability * bust
            if may_bank:
                return max(1.0 - V[(theirs, b, mine + total, 0)], throw)
            return throw

        return value(0, start)

    for _ in range(max_iterations):
        moved = 0.0
        for key in V:
            new = turn(*key)
            moved = max(moved, abs(new - V[key]))
            V[key] = new
        if moved <= tolerance:
            return V
    raise RuntimeError(f"no convergence in {max_iterations} iterations (last move {moved:.1e})")


def pig_throws(sides: int = 6) -> dict:
    """Pig's turn: one state; a 1 busts, any other face adds itself."""
    return {0: [(1.0 / sides, [])] + [(1.0 / sides, [(face, 0)]) for face in range(2, sides + 1)]}


def farkle_throws(rules: dict) -> dict:
    """A house-rules table's turn (states: dice in hand) from the rules-first scorer."""
    from oracles.farkle_house import throw_choices

    out = {}
    for n in range(1, 7):
        merged: dict = {}  # throws offering the same choices, their chances added
        for probability, choices in throw_choices(rules, n).values():
            key = tuple(choices)
            merged[key] = merged.get(key, 0.0) + probability
        out[n] = [(probability, list(key)) for key, probability in merged.items()]
    return out


def solve_rounds(throws: dict, start, goal: int, minimum: Callable[[int], int], limit: int,
                 points: int, floor: int, step: int, far: int, tolerance: float = 1e-15,
                 max_iterations: int = 100_000) -> tuple[dict, dict]:
    """The same game decided by rounds: when the first player of the round banks the
    goal or more, the second plays one last turn and wins by ending strictly higher
    (equal: each 1/2); the second reaching the goal first wins at once.  ``(A, B)``:
    every match state's chance for the first, resp. second, player of the round to
    move.  The first player's turn past the goal banks once its score passes ``goal +
    far`` (the tests double ``far``)."""
    scores = range(floor, goal, step)
    keys = [(mine, a, theirs, b) for mine in scores for theirs in scores
            for a in range(limit) for b in range(limit)]
    A = dict.fromkeys(keys, 0.5)
    B = dict.fromkeys(keys, 0.5)
    last: dict = {}

    def last_turn(mine: int, target: int) -> float:
        """The second player's chance in its last turn from ``mine``, ``target`` to beat."""
        if (mine, target) not in last:
            least = minimum(mine)

            @lru_cache(maxsize=None)
            def value(total: int, state) -> float:
                may_bank = total > 0 and total >= least
                if may_bank and mine + total > target:
                    return 1.0
                throw = 0.0
                for probability, choices in throws[state]:
                    if choices:
                        throw += probability * max(value(total + p, nxt) for p, nxt in choices)
                if may_bank and mine + total == target:
                    return max(0.5, throw)
                return throw

            last[(mine, target)] = value(0, start)
        return last[(mine, target)]

    def after_bust(table, mine, a, theirs, b) -> float:
        if a + 1 < limit:
            return 1.0 - table[(theirs, b, mine, a + 1)]
        return 1.0 - table[(theirs, b, max(mine - points, floor), 0)]

    def turn(first: bool, mine, a, theirs, b) -> float:
        least = minimum(mine)
        other = B if first else A
        bust = after_bust(other, mine, a, theirs, b)

        @lru_cache(maxsize=None)
        def value(total: int, state) -> float:
            may_bank = total > 0 and total >= least
            bank = None
            if may_bank:
                if mine + total < goal:
                    bank = 1.0 - other[(theirs, b, mine + total, 0)]
                elif not first:
                    return 1.0  # the second player reaches the goal: it wins at once
                else:
                    bank = 1.0 - last_turn(theirs, mine + total)
                    if mine + total >= goal + far:
                        return bank
            throw = 0.0
            for probability, choices in throws[state]:
                if choices:
                    throw += probability * max(value(total + p, nxt) for p, nxt in choices)
                else:
                    throw += probability * bust
            return throw if bank is None else max(bank, throw)

        return value(0, start)

    for _ in range(max_iterations):
        moved = 0.0
        for key in keys:
            for table, first in ((A, True), (B, False)):
                new = turn(first, *key)
                moved = max(moved, abs(new - table[key]))
                table[key] = new
        if moved <= tolerance:
            return A, B
    raise RuntimeError(f"no convergence in {max_iterations} iterations (last move {moved:.1e})")
