"""Fast Pig and Hog written from the rules, for the tests (no product code).

The rules (the issue's wording of Fendel et al.'s Fast Pig and of Hog): at a
turn the player chooses how many dice to throw, 1 to the most dice, and throws
them once.  If any die shows a 1 the turn scores ``pig_out`` (Fast Pig: 0;
Hog's Pig Out: 1); otherwise the sum of the dice.  Two players alternate.

* first to the goal: whoever's score reaches the goal first wins.
* equal turns: if the first player reaches the goal, the second plays one
  last turn and wins with a higher score, ties (1/2 each) with an equal one; a
  second player who reaches the goal first (the first one below it) wins.

A roll's points come from listing the dice as multisets with their counts
(``n! / prod(c!)`` orderings each), not from a convolution; the game is
plain value iteration over the explicit states ``(my score, your score,
whose turn)``, the mover's chance of winning kept, until no value moves by
more than 1e-15.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction


def roll(faces: int, dice: int, pig_out: int) -> dict[int, Fraction]:
    """The points of one roll of ``dice`` dice: every multiset of faces, weighted by
    its number of orderings."""
    out: dict[int, Fraction] = {}
    for faces_shown in itertools.combinations_with_replacement(range(1, faces + 1), dice):
        orderings = math.factorial(dice)
        for face in set(faces_shown):
            orderings //= math.factorial(faces_shown.count(face))
        points = pig_out if 1 in faces_shown else sum(faces_shown)
        out[points] = out.get(points, Fraction(0)) + Fraction(orderings, faces ** dice)
    return out


def _rolls(faces, max_dice, pig_out):
    return {n: [(k, float(p)) for k, p in roll(faces, n, pig_out).items()]
            for n in range(1, max_dice + 1)}


def last_turn(rolls, need):
    """The second player's best chance in its last turn, ``need`` points to tie."""
    return max(sum(p for k, p in r if k > need) + 0.5 * sum(p for k, p in r if k == need)
               for r in rolls.values())


def solve(goal: int, faces: int = 6, max_dice: int = 10, pig_out: int = 0,
          equal_turns: bool = False):
    """``(V, best)``: ``V[(i, j, first)]`` the mover's chance at its score ``i``, the
    other's ``j``, ``first``: the mover is the first player of the round;
    ``best[(i, j, first)]`` its best number of dice (the fewest among ties)."""
    rolls = _rolls(faces, max_dice, pig_out)
    last = {}  # need -> the second player's last-turn chance
    V = {(i, j, f): 0.5 for i in range(goal) for j in range(goal) for f in (True, False)}

    def after(i, j, first, k):
        """The mover's chance after its roll scores ``k``."""
        mine = i + k
        if mine >= goal:
            if equal_turns and first:  # the second player gets one last turn
                if mine - j not in last:
                    last[mine - j] = last_turn(rolls, mine - j)
                return 1.0 - last[mine - j]
            return 1.0
        if equal_turns:
            return 1.0 - V[(j, mine, not first)]
        return 1.0 - V[(j, mine, True)]

    while True:
        change = 0.0
        best = {}
        for state in V:
            i, j, first = state
            if not equal_turns and not first:
                continue
            options = [sum(p * after(i, j, first, k) for k, p in rolls[n])
                       for n in range(1, max_dice + 1)]
            value = max(options)
            best[state] = 1 + options.index(value)
            change = max(change, abs(value - V[state]))
            V[state] = value
        if change < 1e-15:
            return V, best


def dice_values(V, goal, faces, max_dice, pig_out, i, j):
    """The mover's chance with each number of dice at ``(i, j)``, first to the goal."""
    rolls = _rolls(faces, max_dice, pig_out)
    return [sum(p * (1.0 if i + k >= goal else 1.0 - V[(j, i + k, True)]) for k, p in rolls[n])
            for n in range(1, max_dice + 1)]


def play_fixed(goal: int, first_dice, second_dice, faces=6, max_dice=10, pig_out=0):
    """The first player's chance when each player throws a number of dice given by a
    function of (own score, other's score), first to the goal: plain iteration."""
    rolls = _rolls(faces, max_dice, pig_out)
    # W[(i, j, who)]: the first player's chance, scores (first's, second's), who moves
    W = {(i, j, w): 0.5 for i in range(goal) for j in range(goal) for w in (0, 1)}
    while True:
        change = 0.0
        for (i, j, w) in W:
            if w == 0:
                r = rolls[first_dice(i, j)]
                value = sum(p * (1.0 if i + k >= goal else W[(i + k, j, 1)]) for k, p in r)
            else:
                r = rolls[second_dice(j, i)]
                value = sum(p * (0.0 if j + k >= goal else W[(i, j + k, 0)]) for k, p in r)
            change = max(change, abs(value - W[(i, j, w)]))
            W[(i, j, w)] = value
        if change < 1e-15:
            return W[(0, 0, 0)]


def solve_players(goal: int, players: int, faces: int = 6, max_dice: int = 10,
                  pig_out: int = 0):
    """``(V, best)`` for ``players`` players, first to the goal: ``V[scores]`` every
    player's chance, ``scores`` and chances in turn order from the mover's (the
    mover first); ``best[scores]`` the mover's number of dice (the fewest among
    ties).  The mover maximises its own chance; after its roll the next player
    moves, so the scores turn by one.  Plain value iteration over the explicit
    states, highest score sums first, until no chance moves by more than 1e-15
    (pure best responses: where they cycle the iteration would not stop, and
    the caller's small goal has none)."""
    rolls = _rolls(faces, max_dice, pig_out)
    states = sorted(itertools.product(range(goal), repeat=players), key=lambda s: -sum(s))
    V = {s: [1.0 / players] * players for s in states}
    best = {}
    for _ in range(10_000):
        change = 0.0
        for scores in states:
            options = []
            for n in range(1, max_dice + 1):
                chances = [0.0] * players
                for k, p in rolls[n]:
                    mine = scores[0] + k
                    if mine >= goal:  # the mover wins
                        chances[0] += p
                        continue
                    # the next player moves: its scores start with its own
                    after = V[scores[1:] + (mine,)]
                    for m in range(players):
                        chances[m] += p * after[(m - 1) % players]
                options.append(chances)
            top = max(o[0] for o in options)
            n = next(i for i, o in enumerate(options) if o[0] == top)
            best[scores] = n + 1
            value = options[n]
            change = max(change, max(abs(a - b) for a, b in zip(value, V[scores])))
            V[scores] = value
        if change < 1e-15:
            return V, best
    raise RuntimeError("no convergence")


def play_fixed_players(goal: int, policies, faces: int = 6, max_dice: int = 10,
                       pig_out: int = 0, equal_turns: bool = False) -> list[float]:
    """Each seat's chance (seat 0 moves first) when seat ``p`` throws
    ``policies[p](scores, p)`` dice, ``scores`` in turn order from the mover's (the
    mover's first).  Equal turns (two players): once seat 0 reaches the goal, seat 1
    plays one last turn with its best number of dice (:func:`last_turn`).  Plain
    iteration over the explicit states (every seat's score, the mover) until no
    chance moves by more than 1e-15.  Equal turns, more seats: once a seat reaches the
    goal the seats after it in the round throw a last turn each, with their best
    number of dice (:func:`last_round_chances`)."""
    rolls = _rolls(faces, max_dice, pig_out)
    n = len(policies)
    memo: dict = {}
    states = [(scores, mover) for scores in itertools.product(range(goal), repeat=n)
              for mover in range(n)]
    V = {state: [1.0 / n] * n for state in states}
    for _ in range(10_000):
        change = 0.0
        for scores, mover in states:
            seen = tuple(scores[(mover + m) % n] for m in range(n))
            dice = policies[mover](seen, mover)
            value = [0.0] * n
            for k, p in rolls[dice]:
                new = list(scores)
                new[mover] += k
                if new[mover] >= goal:
                    if equal_turns and n == 2 and mover == 0:
                        last = last_turn(rolls, new[0] - new[1])
                        chances = [1.0 - last, last]
                    elif equal_turns:  # the seats after the mover throw a last turn
                        chances = last_round_chances(rolls, tuple(new), mover + 1, memo)
                    else:
                        chances = [1.0 if m == mover else 0.0 for m in range(n)]
                else:
                    chances = V[(tuple(new), (mover + 1) % n)]
                for m in range(n):
                    value[m] += p * chances[m]
            change = max(change, max(abs(a - b) for a, b in zip(value, V[(scores, mover)])))
            V[(scores, mover)] = value
        if change < 1e-15:
            return V[((0,) * n, 0)]
    raise RuntimeError("no convergence")


def solve_equal_turns(goal: int, players: int, faces: int = 6, max_dice: int = 10,
                      pig_out: int = 0):
    """``(V, best)`` for ``players`` players with equal turns, written from the rule:
    once a player's score reaches the goal, every player after it in the round
    (seats in turn order, seat 0 first) throws one last turn; the highest score wins
    and tied players share the win equally (a seat that is last in the round and
    reaches the goal first wins at once: nobody is left to play).

    ``V[(scores, mover)]``: every seat's chance (absolute seats) with ``scores``
    (every seat's, all below the goal) and ``mover`` to throw; ``best`` the mover's
    number of dice (the fewest among equal chances).  The last round is a plain
    recursion over the explicit states (every seat's score, the next seat to throw),
    each last-turn player choosing the dice that give it the largest share; the race
    is plain value iteration, highest score sums first, until no chance moves by more
    than 1e-15 (pure best responses: the caller's small goal has no cycle)."""
    rolls = _rolls(faces, max_dice, pig_out)
    n = players
    memo: dict = {}

    def last_round(scores, mover):
        return last_round_chances(rolls, scores, mover, memo)

    states = sorted(((scores, mover) for scores in itertools.product(range(goal), repeat=n)
                     for mover in range(n)), key=lambda state: -sum(state[0]))
    V = {state: [1.0 / n] * n for state in states}
    best = {}
    for _ in range(10_000):
        change = 0.0
        for scores, mover in states:
            options = []
            for dice in range(1, max_dice + 1):
                chances = [0.0] * n
                for k, p in rolls[dice]:
                    new = list(scores)
                    new[mover] += k
                    new = tuple(new)
                    if new[mover] >= goal:
                        after = last_round(new, mover + 1)  # mover n - 1: shares at once
                    else:
                        after = V[(new, (mover + 1) % n)]
                    for m in range(n):
                        chances[m] += p * after[m]
                options.append(chances)
            top = max(o[mover] for o in options)
            dice = next(d for d, o in enumerate(options, start=1) if o[mover] == top)
            best[(scores, mover)] = dice
            value = options[dice - 1]
            change = max(change, max(abs(a - b) for a, b in zip(value, V[(scores, mover)])))
            V[(scores, mover)] = value
        if change < 1e-15:
            return V, best
    raise RuntimeError("no convergence")


def _shares(scores):
    """Every seat's share of the win: the highest score wins, ties share equally."""
    top = max(scores)
    winners = [m for m in range(len(scores)) if scores[m] == top]
    return [1.0 / len(winners) if m in winners else 0.0 for m in range(len(scores))]


def last_round_chances(rolls, scores, mover, memo):
    """Every seat's chance when seat ``mover`` and the seats after it still throw one
    last turn each, in turn order, every one choosing the dice that give it the
    largest share (the fewest among equal ones); ``mover == len(scores)``: the round
    is over and :func:`_shares` decides.  A plain recursion over the explicit states
    (every seat's score, the next to throw), memoised in ``memo``."""
    n = len(scores)
    if mover == n:
        return _shares(scores)
    key = (scores, mover)
    if key not in memo:
        options = []
        for dice in sorted(rolls):
            chances = [0.0] * n
            for k, p in rolls[dice]:
                new = list(scores)
                new[mover] += k
                after = last_round_chances(rolls, tuple(new), mover + 1, memo)
                for m in range(n):
                    chances[m] += p * after[m]
            options.append(chances)
        top = max(o[mover] for o in options)
        memo[key] = next(o for o in options if o[mover] == top)
    return memo[key]
