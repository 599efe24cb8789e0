"""A twin of Farkle house-rule scoring and of the optimal single turn, written from the
rules text (docs/farkle.md, "House rules") and sharing no code or equations with
jeopardy/farkle/scoring.py, throws.py or turn.py.

It reads a rules file's keys (a dict) directly.  Scoring: every ordered throw of
``n`` dice is listed (``6 ** n`` of them); every non-empty set of positions of a
throw is a candidate set of dice to set aside, scored by trying, die by die, every
combination of the rules text that contains the first remaining die (a single 1 or
5; three or more of a kind; five dice in a row, 1 to 5 or 2 to 6, when the rules score
them; with all six dice, the straight, three pairs, four of a kind and a pair, two
triplets) and keeping the best total.  The turn: plain backward
iteration over turn totals in points, from a top where every state banks.

A hand of ``dice`` (1 to 6) dice starts a turn; when every die thrown is set aside
the whole hand is thrown again (``hot_dice``), or, with ``hot_dice = false``, no die
is left: the player banks if the total may be banked, else the total is lost.

Two players (:func:`two_players`): plain value iteration over both players' banked
scores in points, each turn a backward pass over the turn total, written from the
endings' text: first to reach the goal wins; or (equal turns) after the first
player reaches the goal the second plays one last turn, winning by ending above the
first's score and tying at it.
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
    for start, key in ((1, "low_straight"), (2, "high_straight")):  # five in a row
        points = scoring.get(key, 0)
        run = list(range(start, start + 5))
        if points and first == start and all(face in dice for face in run):
            remaining = list(dice)
            for face in run:
                remaining.remove(face)
            after = set_aside_score(scoring, tuple(remaining), cache)
            if after is not None and (best is None or points + after > best):
                best = points + after
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
                    hand = rules.get("dice", 6) if rules.get("hot_dice", True) else 0
                    left = n - size if size < n else hand  # hot dice: the hand again
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
    hand = rules.get("dice", 6)
    choices = {n: list(throw_choices(rules, n).values()) for n in range(1, hand + 1)}
    choices[0] = []  # no dice left: nothing to throw
    value: dict[tuple[int, int], float] = {}

    def lookup(total: int, n: int) -> float:
        return total if total >= top else value[(total, n)]

    for total in range(top - POINTS_STEP, -1, -POINTS_STEP):
        for n in range(0, hand + 1):
            throw = 0.0
            for probability, options in choices[n]:
                if options:
                    throw += probability * max(lookup(total + p, left) for p, left in options)
            bank = total if total >= minimum and total > 0 else None
            value[(total, n)] = throw if bank is None else max(bank, throw)
    return value[(0, hand)]


def two_players(rules: dict, tolerance: float = 1e-14, far: int | None = None) -> float:
    """The first player's chance (ties count 1/2) under optimal play by both, to
    ``rules["goal"]`` with ``rules["ending"]``.  Equal turns: past the goal the first
    player's turn is kept up to ``far`` points past the goal (default: the most one
    turn can score, finite with hot dice off; a throw past it banks there)."""
    goal, ending = rules["goal"], rules["ending"]
    hand = rules.get("dice", 6)
    entry, low = rules.get("entry", 0), rules["min_bank"]
    choices = {n: list(throw_choices(rules, n).values()) for n in range(1, hand + 1)}
    choices[0] = []
    step = POINTS_STEP

    def least(score: int) -> int:  # the least bank of a player at ``score``
        return max(entry, low) if score == 0 and entry else low

    def turn(score: int, top: int, bank_value, bust: float) -> float:
        """A turn from ``score``: ``bank_value(t)`` the mover's chance after banking ``t``
        (None: may not bank), ``bust`` after losing the total; totals past ``top``
        are banked at ``top``."""
        value: dict[tuple[int, int], float] = {}
        for t in range(top, -1, -step):
            for n in range(0, hand + 1):
                banked = bank_value(t) if t > 0 and t >= least(score) else None
                if t == top and banked is not None:
                    value[(t, n)] = banked
                    continue
                throw = 0.0
                for probability, options in choices[n]:
                    if not options:
                        throw += probability * bust
                    else:
                        throw += probability * max(value[(min(t + p, top), k)] for p, k in options)
                if n == 0:
                    throw = bust
                value[(t, n)] = throw if banked is None else max(banked, throw)
        return value[(0, hand)]

    scores = range(0, goal, step)
    if ending == "first-to-goal":
        V = {(i, j): 0.5 for i in scores for j in scores}
        while True:
            change = 0.0
            for i in scores:
                for j in scores:
                    top = max(goal - i, least(i))
                    new = turn(i, top, lambda t, i=i, j=j: 1.0 if i + t >= goal else
                               1.0 - V[(j, i + t)], 1.0 - V[(j, i)])
                    change = max(change, abs(new - V[(i, j)]))
                    V[(i, j)] = new
            if change < tolerance:
                return V[(0, 0)]
    if far is None:
        far = most_one_turn(rules)
    last: dict[tuple[int, int], float] = {}

    def last_turn(j: int, target: int) -> float:
        """The second player's last turn from ``j``: above ``target`` wins, at it ties."""
        if (j, target) not in last:
            top = max(target - j + step, least(j))
            last[(j, target)] = turn(j, top, lambda t: 1.0 if j + t > target else
                                     0.5 if j + t == target else 0.0, 0.0)
        return last[(j, target)]

    A = {(i, j): 0.5 for i in scores for j in scores}
    B = {(j, i): 0.5 for i in scores for j in scores}
    while True:
        change = 0.0
        for i in scores:
            for j in scores:
                top = goal - i + far
                new = turn(i, top, lambda t, i=i, j=j: 1.0 - last_turn(j, i + t) if i + t >= goal
                           else 1.0 - B[(j, i + t)], 1.0 - B[(j, i)])
                change = max(change, abs(new - A[(i, j)]))
                A[(i, j)] = new
                top = max(goal - j, least(j))
                new = turn(j, top, lambda t, i=i, j=j: 1.0 if j + t >= goal else
                           1.0 - A[(i, j + t)], 1.0 - A[(i, j)])
                change = max(change, abs(new - B[(j, i)]))
                B[(j, i)] = new
        if change < tolerance:
            return A[(0, 0)]


def most_one_turn(rules: dict) -> int:
    """The most points one turn can score with hot dice off (every throw sets aside at
    least one die, so a turn throws at most ``dice`` times): by trying every sequence."""
    if rules.get("hot_dice", True):
        raise ValueError("with hot dice a turn's score has no bound")
    hand = rules.get("dice", 6)
    best = {0: 0}
    for n in range(1, hand + 1):
        best[n] = max((p + best[k] for _, options in throw_choices(rules, n).values()
                       for p, k in options), default=0)
    return best[hand]


def n_players(rules: dict, players: int, tolerance: float = 1e-14) -> list[float]:
    """Each player's chance, in turn order, first to reach ``rules["goal"]`` wins, every
    player maximising its own chance (plain value iteration over every player's banked
    score; a turn is a backward pass over its total, each value a vector of chances in
    turn order from the mover; ties between throwing and banking go to banking)."""
    goal = rules["goal"]
    hand = rules.get("dice", 6)
    entry, low = rules.get("entry", 0), rules["min_bank"]
    choices = {n: list(throw_choices(rules, n).values()) for n in range(1, hand + 1)}
    choices[0] = []
    step = POINTS_STEP

    def least(score: int) -> int:
        return max(entry, low) if score == 0 and entry else low

    def after(V, scores: tuple[int, ...]) -> list[float]:
        """Chances from the mover of ``scores`` once the turn passes to the next player."""
        following = V[scores[1:] + scores[:1]]
        return [following[-1]] + list(following[:-1])

    every = list(itertools.product(range(0, goal, step), repeat=players))
    V = {scores: [1.0 / players] * players for scores in every}
    won = [1.0] + [0.0] * (players - 1)
    while True:
        change = 0.0
        for scores in every:
            own = scores[0]
            top = max(goal - own, least(own))
            bust = after(V, scores)
            value: dict[tuple[int, int], list[float]] = {}
            for t in range(top, -1, -step):
                for n in range(0, hand + 1):
                    banked = None
                    if t > 0 and t >= least(own):
                        banked = won if own + t >= goal else after(V, (own + t,) + scores[1:])
                    if t == top and banked is not None:
                        value[(t, n)] = banked
                        continue
                    throw = [0.0] * players
                    for probability, options in choices[n]:
                        if not options:
                            best = bust
                        else:
                            best = max((value[(min(t + p, top), k)] for p, k in options),
                                       key=lambda v: v[0])
                        throw = [a + probability * b for a, b in zip(throw, best)]
                    if n == 0:
                        throw = bust
                    value[(t, n)] = banked if banked is not None and banked[0] >= throw[0] else throw
            new = value[(0, hand)]
            change = max(change, max(abs(a - b) for a, b in zip(new, V[scores])))
            V[scores] = new
        if change < tolerance:
            return V[tuple([0] * players)]


def n_players_rounds(rules: dict, players: int, far: int, tolerance: float = 1e-14):
    """Equal turns for ``players`` players, from the rules text.  The seats play in turn,
    seat 0 first; when a player ends its turn with at least the goal, every seat after
    it in the round plays one last turn (the round is finished), then the highest score
    wins and tied players share (a finisher in the last seat ends the game at once).
    Every player maximises its own chance; between throwing and banking a tie goes to
    banking; of an outcome's choices the first best is kept.  A turn whose score plus
    total reaches ``goal + far`` (or, in the last round, ``far`` past the leader) banks
    there; the tests double ``far``.

    Returns ``{(scores, seat): chances}``: every state of the race (every score below the
    goal, ``seat`` to move), each player's chance by seat."""
    goal = rules["goal"]
    hand = rules.get("dice", 6)
    entry, low = rules.get("entry", 0), rules["min_bank"]
    choices = {n: list(throw_choices(rules, n).values()) for n in range(1, hand + 1)}
    choices[0] = []
    step = POINTS_STEP

    def least(score: int) -> int:
        return max(entry, low) if score == 0 and entry else low

    def turn(score: int, top: int, bank_value, bust: list[float], mover: int) -> list[float]:
        """One turn from ``score``: ``bank_value(t)`` the chances after banking ``t``;
        ``bust`` after losing the total; at ``t >= top`` (where a bank is allowed) the
        turn banks."""
        value: dict[tuple[int, int], list[float]] = {}
        highest = top + max(p for n in choices for _, options in choices[n] for p, _ in options)

        def at(t: int, n: int) -> list[float]:
            if t >= top and t > 0 and t >= least(score):
                return bank_value(t)
            return value[(t, n)]

        for t in range(highest, -1, -step):
            for n in range(0, hand + 1):
                may_bank = t > 0 and t >= least(score)
                if t >= top and may_bank:
                    continue  # read through at()
                throw = [0.0] * players
                for probability, options in choices[n]:
                    if not options:
                        best = bust
                    else:
                        best = None
                        for p, k in options:
                            candidate = at(t + p, k)
                            if best is None or candidate[mover] > best[mover]:
                                best = candidate
                    throw = [a + probability * b for a, b in zip(throw, best)]
                if n == 0:
                    throw = list(bust)
                banked = bank_value(t) if may_bank else None
                value[(t, n)] = banked if banked is not None and banked[mover] >= throw[mover] \
                    else throw
        return at(0, hand)

    def final(scores: tuple[int, ...]) -> list[float]:
        top = max(scores)
        winners = [s for s in range(players) if scores[s] == top]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]

    ends: dict = {}

    def last_round(scores: tuple[int, ...], seat: int) -> list[float]:
        """Seat ``seat`` and those after it play one last turn each."""
        if seat == players:
            return final(scores)
        key = (scores, seat)
        if key not in ends:
            own = scores[seat]
            leader = max(scores)

            def after(t: int, own=own, seat=seat) -> list[float]:
                new = list(scores)
                new[seat] = own + t
                return last_round(tuple(new), seat + 1)

            top = max(goal + far, leader + step) - own
            ends[key] = turn(own, top, after, after(0), seat)
        return ends[key]

    every = list(itertools.product(range(0, goal, step), repeat=players))
    V = {(scores, seat): [1.0 / players] * players for scores in every for seat in range(players)}
    while True:
        change = 0.0
        for scores in every:
            for seat in range(players):
                own = scores[seat]

                def after(t: int, scores=scores, seat=seat, own=own) -> list[float]:
                    new = list(scores)
                    new[seat] = own + t
                    new = tuple(new)
                    if own + t >= goal:
                        return last_round(new, seat + 1)
                    return V[(new, (seat + 1) % players)]

                top = goal + far - own if seat < players - 1 else max(goal - own, least(own))
                new = turn(own, top, after, V[(scores, (seat + 1) % players)], seat)
                change = max(change, max(abs(a - b) for a, b in zip(new, V[(scores, seat)])))
                V[(scores, seat)] = new
        if change < tolerance:
            return V
