"""Dice policies in Fast Pig / Hog: their exact values and a seeded simulation, for
2 to N players, first to the goal or with equal turns.

A dice policy gives the number of dice a player throws at every turn start.
Policy words (the policy language, :mod:`jeopardy.policy_language`): ``optimal``
(the equilibrium: the solver's choice, the fewest dice among equal chances, and
its mixed choices where they settle a class of three or more players),
``dice:N`` (always ``N`` dice) and ``dice:FORMULA`` (a number formula in ``i``,
the mover's score, ``j``, the leading opponent's -- with two players the
opponent's --, and ``goal``, e.g. ``dice:6 if i < 80 else 3``).

Exact values are the match solver's policy evaluation
(:func:`jeopardy.match.process_solver.policy_values`): each seat's numbers of
dice are a table of the turn's decision slots (mode 1), the equilibrium's mixed
choices rows of chances (mode 2).  Under equal turns the last turn is played
as the solver plays it, whatever the policy (its one aim: beat the leader).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from jeopardy import validate
from jeopardy.errors import JeopardyError
from jeopardy.fast_pig.analysis import FastPigSolution, start_chances
from jeopardy.match import kernels, process_last_round, process_solver
from jeopardy.match.evaluation import Evaluation
from jeopardy.match.rules import MatchRules
from jeopardy.match.simulation import SimulatedPlayers
from jeopardy.policy_language import parse
from jeopardy.match.formula import NUMBER, evaluate as evaluate_formula
from jeopardy.match.simulation import SimulatedMatch
from jeopardy.results import Result
from jeopardy.rules.fast_pig import FastPigRules, roll_points, turn_process

KINDS = ("optimal", "dice")
MAX_GAMES = 10 ** 7


@dataclass(frozen=True, repr=False)
class DicePolicy(Result):
    """``dice[place, index]``: the number of dice at every turn start (flat, scores
    relative to the mover; ``place``: the mover's place in the round, one row when
    it does not matter); ``mixes[(place, index)] = (n, chance, m)``: ``n`` dice with
    ``chance``, else ``m`` (the equilibrium's mixed choices)."""

    name: str
    dice: np.ndarray = field(repr=False)
    mixes: dict = field(default_factory=dict, repr=False)

    def at(self, place: int) -> np.ndarray:
        return self.dice[place % self.dice.shape[0]]

    def to_dict(self) -> dict:
        return {"name": self.name, "mixed_turn_starts": len(self.mixes)}


def scores_of(rules: FastPigRules, players: int) -> np.ndarray:
    """``scores[index, m]``: the scores of every flat turn start (the mover's first)."""
    index = np.arange(rules.goal ** players)
    return np.stack([index // rules.goal ** (players - 1 - m) % rules.goal
                     for m in range(players)], axis=1)


def dice_policy(text: str, solution: FastPigSolution, command: str = "compare") -> DicePolicy:
    """The :class:`DicePolicy` of a policy word in the game of ``solution``."""
    rules = solution.rules
    word = parse(text)
    if word.kind == "optimal":
        return _equilibrium(solution)
    size = rules.goal ** solution.players
    if word.kind == "dice" and word.formula is None:
        if not 1 <= word.h <= rules.max_dice:
            raise JeopardyError(f"{text.strip()!r}: {rules.name} throws 1-{rules.max_dice} dice")
        return DicePolicy(word.text, np.full((1, size), word.h, dtype=np.int64))
    if word.kind == "dice":
        return DicePolicy(word.text, _formula_dice(word, rules, solution.players)[None, :])
    raise JeopardyError(f"{command} with {rules.name} takes the policies optimal, dice:N and "
                        f"dice:FORMULA; got {text.strip()!r}")


def _formula_dice(word, rules: FastPigRules, players: int) -> np.ndarray:
    """``dice[index]`` of a ``dice:FORMULA`` word: a whole number 1..max_dice at every
    turn start, or a one-line refusal naming the first scores where it is not."""
    scores = scores_of(rules, players)
    i = scores[:, 0]
    j = scores[:, 1:].max(axis=1)
    values = evaluate_formula(word.formula, {"i": i, "j": j, "goal": np.float64(rules.goal)},
                              NUMBER)
    values = np.broadcast_to(np.asarray(values, dtype=np.float64), i.shape)
    bad = (values != np.round(values)) | (values < 1) | (values > rules.max_dice)
    if bad.any():
        at = int(np.flatnonzero(bad)[0])
        raise JeopardyError(f"{word.text!r} gives {values[at]:g} dice at i={i[at]}, j={j[at]}; "
                            f"{rules.name} throws a whole number of 1-{rules.max_dice} dice")
    return values.astype(np.int64)


def _dice_slot(rules: FastPigRules, dice: int) -> int:
    """The decision slot of ``dice`` dice at turn total 0
    (:func:`jeopardy.match.process_kernels.turn`): one throw slot for each of the
    states bank, 1 .. max dice, choose, the last being the start; then choose's
    choices, one per number of dice."""
    return rules.max_dice + 1 + dice


def _equilibrium(solution: FastPigSolution) -> DicePolicy:
    """The solver's dice at every turn start and place, its mixed choices with their
    chances (a mixed slot: ``n`` dice with its chance, else the best larger number)."""
    rules = solution.rules
    inner = solution.solution
    places = inner.values.shape[0]
    chances = [start_chances(solution, place) for place in range(places)]
    dice = np.stack([1 + np.argmax(c, axis=1) for c in chances]).astype(np.int64)
    mixes = {}
    for (place, index), row in inner.mixes.items():
        mixed = [slot for slot in np.flatnonzero(row >= 0)]
        n = mixed[0] - _dice_slot(rules, 0)
        if len(mixed) != 1 or not 1 <= n < rules.max_dice:
            raise JeopardyError(f"{rules.name}: a mixed action the dice policy cannot play "
                                f"at turn start {index}")
        larger = chances[place][index, n:]
        mixes[(place, index)] = (n, float(row[mixed[0]]), n + 1 + int(np.argmax(larger)))
    return DicePolicy("optimal", dice, mixes)


def _check(solution: FastPigSolution, policies: list, ending: str) -> MatchRules:
    rules = MatchRules(len(policies), ending)
    if not rules.ending.turn_processes:
        raise JeopardyError(f"dice policies are played first to the goal or with equal turns; "
                            f"got {ending!r}")
    if rules.players != solution.players or rules.ending is not solution.ending:
        raise JeopardyError(f"the solution is of {solution.players} players, "
                            f"{solution.ending}; the policies need {rules.players}, {ending}")
    return rules


def policy_values(solution: FastPigSolution, policies: list[DicePolicy]
                  ) -> tuple[np.ndarray, float]:
    """``(values[place, index, m], largest residual)`` when the player at place ``p``
    plays ``policies[p]`` (module docstring)."""
    rules = solution.rules
    match_rules = _check(solution, policies, solution.ending)
    n = match_rules.players
    race = process_solver.bundle(turn_process(rules), rules.goal, match_rules, seated=True)
    size = rules.goal ** n
    width = _dice_slot(rules, rules.max_dice) + 1
    table = np.zeros((n, size, width), dtype=np.int8)
    seats = np.arange(size)
    rows = {}
    for place, policy in enumerate(policies):
        table[place, seats, _dice_slot(rules, 0) + policy.at(place)] = 1
        for (at, index), (dice, chance, other) in policy.mixes.items():
            if at != place % policy.dice.shape[0]:
                continue
            row = np.zeros(width)
            row[_dice_slot(rules, dice)] = chance
            row[_dice_slot(rules, other)] = 1.0
            rows[place * size + index] = row
    keys = sorted(rows)
    mix_tables = np.stack([rows[k] for k in keys]) if keys else np.full((1, 1), -1.0)
    actions = kernels.Actions(table, np.array(keys, dtype=np.int64), mix_tables)
    return process_solver.policy_values(race, actions)


def evaluate(solution: FastPigSolution, words) -> Evaluation:
    """Exact win probabilities when player ``p`` (0 moves first) plays the policy word
    ``words[p]``, in the game (players, ending) of ``solution``."""
    started = time.perf_counter()
    policies = [dice_policy(w, solution) for w in words]
    W, residual = policy_values(solution, policies)
    return Evaluation(tuple(p.name for p in policies), [float(v) for v in W[0, 0]], residual,
                      time.perf_counter() - started)


@dataclass(frozen=True, repr=False)
class HeadToHead(Result):
    """Policy A against policy B: A's chance moving first, second, and by a fair coin."""

    game: str
    goal: int
    first_name: str
    second_name: str
    first: float
    second: float

    @property
    def fair(self) -> float:
        return (self.first + self.second) / 2

    def plot(self, ax=None):
        """A's chance moving first, second and by a fair coin (a matplotlib Figure)."""
        from jeopardy.plots.charts import head_to_head  # matplotlib: on request
        return head_to_head(self, f"{self.game} to {self.goal}", ax=ax)

    def to_dict(self) -> dict:
        return {"game": self.game, "goal": self.goal, "a": self.first_name,
                "b": self.second_name, "first": self.first, "second": self.second,
                "fair": self.fair}


def head_to_head(solution: FastPigSolution, a: str, b: str,
                 command: str = "compare") -> HeadToHead:
    """The exact chances of policy word ``a`` against ``b`` (two players; ``command``:
    the name a refusal of a word gives)."""
    rules = solution.rules
    if solution.players != 2:
        raise JeopardyError("a head-to-head is of two players; evaluate() seats more")
    A, B = dice_policy(a, solution, command), dice_policy(b, solution, command)
    first = float(policy_values(solution, [A, B])[0][0, 0, 0])
    second = float(policy_values(solution, [B, A])[0][0, 0, 1])
    return HeadToHead(rules.name, rules.goal, A.name, B.name, first, second)


def roll_table(rules: FastPigRules) -> np.ndarray:
    """``P[n, k]``: the chance that a roll of ``n`` dice scores ``k`` (row 0 unused)."""
    rolls = {n: roll_points(rules, n) for n in range(1, rules.max_dice + 1)}
    size = max(max(r) for r in rolls.values()) + 1
    table = np.zeros((rules.max_dice + 1, size))
    for n, r in rolls.items():
        for k, p in r.items():
            table[n, k] += float(p)
    return table


def _draw(cdf, dice, u):
    """Points of rolls of ``dice`` dice at uniforms ``u`` (inverse of the CDF)."""
    rows = cdf[dice]
    return np.minimum((rows <= u[:, None]).sum(axis=1), cdf.shape[1] - 1)


def _arrays(policy: DicePolicy, place: int):
    """``(dice, other, chance)`` per turn start: ``dice`` with ``chance``, else ``other``."""
    dice = policy.at(place).copy()
    other = dice.copy()
    chance = np.ones(dice.shape[0])
    for (at, index), (n, p, m) in policy.mixes.items():
        if at == place % policy.dice.shape[0]:
            dice[index], other[index], chance[index] = n, m, p
    return dice, other, chance


def _play(rules, P, policies, games, rng, last_round=None) -> np.ndarray:
    """Wins (in halves: a tie of the last turn is one to each) of every seat over
    ``games`` games, seat 0 moving first; ``last_round`` (equal turns: a
    :class:`LastRound`) plays the last round of each game that reaches it (twice the
    shares of a tie of three or more are counted, not whole halves)."""
    goal = rules.goal
    n = len(policies)
    cdf = np.cumsum(P, axis=1)
    cdf[:, -1] = 1.0
    tables = [_arrays(policy, place) for place, policy in enumerate(policies)]
    mixed = [bool(policy.mixes) for policy in policies]
    scores = np.zeros((n, games), dtype=np.int64)
    halves = np.zeros(n, dtype=np.int64) if last_round is None else np.zeros(n)
    mover = 0
    live = np.arange(games)
    while live.size:
        index = np.zeros(live.size, dtype=np.int64)
        for m in range(n):
            index = index * goal + scores[(mover + m) % n, live]
        dice, other, chance = tables[mover]
        choice = dice[index]
        if mixed[mover]:
            choice = np.where(rng.random(live.size) < chance[index], choice, other[index])
        u = rng.random(live.size)
        points = _draw(cdf, choice, u)
        scores[mover, live] += points
        done = scores[mover, live] >= goal
        if last_round is not None and n == 2 and mover == 0 and done.any():
            ended = live[done]  # the second player's last turn, every game at once
            last = scores[1, ended] + _draw(cdf, last_round.last_dice(scores[:, ended]),
                                            rng.random(ended.size))
            halves[0] += 2 * int(np.sum(last < scores[0, ended])) + \
                int(np.sum(last == scores[0, ended]))
            halves[1] += 2 * int(np.sum(last > scores[0, ended])) + \
                int(np.sum(last == scores[0, ended]))
        elif last_round is not None and mover < n - 1 and done.any():  # the last round
            for game in live[done]:
                halves += 2.0 * last_round.play(scores[:, game], mover, cdf, rng)
        else:
            halves[mover] += 2 * int(np.sum(done))
        live = live[~done]
        mover = (mover + 1) % n
    return halves


class LastRound:
    """The last round of equal turns, played as the solver plays it: each last-turn
    player throws the number of dice of the solved last round
    (:func:`jeopardy.match.process_last_round.last_turn`: the most likely to win it, the
    fewest among equal chances), found once per last-round turn start."""

    def __init__(self, solution: FastPigSolution):
        self.rules = solution.rules
        self.race = solution.solution.race
        n = solution.players
        most = int(self.race.layout[1, 1])
        self.vals = np.empty((most + 1, int(self.race.process.states), n))
        self.work = np.empty((4, n))
        self.found: dict = {}

    def dice(self, players_left: int, leader: int, tied: int, own: int, rest: int) -> int:
        """The dice of the first of ``players_left`` last-turn players (at ``own``; the
        others' scores the flat ``rest``), ``tied`` players at the leader's score."""
        key = (players_left, leader, tied, own, rest)
        if key not in self.found:
            self.found[key] = 1 + int(np.argmax(self.chances(*key)))
        return self.found[key]

    def chances(self, players_left: int, leader: int, tied: int, own: int,
                rest: int) -> np.ndarray:
        """The last-turn player's chance with each number of dice (``[n - 1]``)."""
        process_last_round.last_turn(self.race, players_left, leader, tied, own, rest,
                                     self.vals, self.work)
        return self.vals[0, 1:self.rules.max_dice + 1, 1].copy()

    def last_dice(self, scores: np.ndarray) -> np.ndarray:
        """Two players: the second player's dice in its last turn, for the games of
        ``scores[:, g]`` (the first player at the goal or past it)."""
        width = int(scores[1].max()) + 1
        pairs, where = np.unique(scores[0] * width + scores[1], return_inverse=True)
        dice = [self.dice(1, int(pair // width), 1, int(pair % width), 0) for pair in pairs]
        return np.array(dice, dtype=np.int64)[where.reshape(-1)]

    def play(self, scores: np.ndarray, finisher: int, cdf: np.ndarray, rng) -> np.ndarray:
        """Every seat's share of the win once seat ``finisher`` reached the goal: the seats
        after it throw a last turn each (``scores`` is changed)."""
        n, goal = scores.shape[0], self.rules.goal
        leader, tied = int(scores[finisher]), 1
        for seat in range(finisher + 1, n):
            rest = 0
            for later in range(seat + 1, n):
                rest = rest * goal + int(scores[later])
            dice = self.dice(n - seat, leader, tied, int(scores[seat]), rest)
            scores[seat] += int(_draw(cdf, np.array([dice]), np.array([rng.random()]))[0])
            if scores[seat] > leader:
                leader, tied = int(scores[seat]), 1
            elif scores[seat] == leader:
                tied += 1
        return (scores == leader) / tied


def simulate(solution: FastPigSolution, words, games: int, seed: int, each_way: bool = True):
    """Seeded games of the policy words ``words`` in the game of ``solution``.  Two
    players first to the goal, ``each_way`` (`jeopardy simulate`): ``games`` games each
    way (a :class:`~jeopardy.match.simulation.SimulatedMatch`, A the first word);
    otherwise ``games`` games with player 1 first (a
    :class:`~jeopardy.match.simulation.SimulatedPlayers`, as ``Game.simulate`` gives for
    every game; its first share is the match's ``first``: the same draws)."""
    games = validate.integer(games, "games", 1, MAX_GAMES)
    seed = validate.seed(seed)
    rules = solution.rules
    words = list(words)
    _check(solution, words, solution.ending)
    started = time.perf_counter()
    policies = [dice_policy(w, solution, "simulate") for w in words]
    P = roll_table(rules)
    rng = np.random.default_rng(seed)
    equal_turns = solution.ending.last_round
    if len(words) == 2 and not equal_turns and each_way:
        first = _play(rules, P, policies, games, rng)[0] / (2 * games)
        second = _play(rules, P, policies[::-1], games, rng)[1] / (2 * games)
        return SimulatedMatch(policies[0].name, policies[1].name, games, seed, float(first),
                              float(second), float(np.sqrt(first * (1 - first) / games)),
                              float(np.sqrt(second * (1 - second) / games)),
                              time.perf_counter() - started)
    halves = _play(rules, P, policies, games, rng, LastRound(solution) if equal_turns else None)
    chances = [float(h) / (2 * games) for h in halves]
    return SimulatedPlayers(tuple(p.name for p in policies), games, seed, chances,
                            tuple((p * (1.0 - p) / games) ** 0.5 for p in chances),
                            time.perf_counter() - started)
