"""Fixed dice policies in two-player Fast Pig / Hog (first to the goal): their exact
value against each other, and a seeded simulation.

A dice policy is a table ``dice[i, j]``: the number of dice a player throws at
its score ``i`` against the other's ``j``.  Policy words (the policy language,
:mod:`jeopardy.policy_language`): ``optimal`` (the solver's choice, the fewest
dice among equal chances), ``dice:N`` (always ``N`` dice) and ``dice:FORMULA``
(a number formula in ``i``, ``j`` and ``goal``, e.g. ``dice:6 if i < 80 else 3``).

Policy evaluation, not a solver: with both tables fixed, the first player's
chance ``W0[i, j]`` (it moves) and ``W1[i, j]`` (the other moves) at scores
``(i, j)`` depend on higher score sums and on each other through a roll that
scores 0 (Fast Pig's 1s): ``W0 = a + b0 W1``, ``W1 = c + b1 W0``, solved in
closed form down the score sums (``b0 b1 < 1``: a roll of one die scores with
chance at least ``(faces - 1) / faces``).
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from jeopardy.errors import JeopardyError
from jeopardy.fast_pig.analysis import FastPigSolution, dice_table
from jeopardy.policy_language import parse
from jeopardy.race.formula import NUMBER, evaluate
from jeopardy.results import Result
from jeopardy.rules.fast_pig import FastPigRules, roll_points

KINDS = ("optimal", "dice")


def roll_table(rules: FastPigRules) -> np.ndarray:
    """``P[n, k]``: the chance that a roll of ``n`` dice scores ``k`` (row 0 unused)."""
    rolls = {n: roll_points(rules, n) for n in range(1, rules.max_dice + 1)}
    size = max(max(r) for r in rolls.values()) + 1
    table = np.zeros((rules.max_dice + 1, size))
    for n, r in rolls.items():
        for k, p in r.items():
            table[n, k] += float(p)
    return table


def dice_policy(text: str, solution: FastPigSolution, command: str = "compare"
                ) -> tuple[str, np.ndarray]:
    """``(name, dice[i, j])`` of a policy word."""
    rules = solution.rules
    word = parse(text)
    if word.kind == "optimal":
        return "optimal", dice_table(solution)
    if word.kind == "dice" and word.formula is None:
        if not 1 <= word.h <= rules.max_dice:
            raise JeopardyError(f"{text.strip()!r}: {rules.name} throws 1-{rules.max_dice} dice")
        return word.text, np.full((rules.goal, rules.goal), word.h, dtype=np.int64)
    if word.kind == "dice":
        return word.text, _formula_dice(word, rules)
    raise JeopardyError(f"{command} with {rules.name} takes the policies optimal, dice:N and "
                        f"dice:FORMULA; got {text.strip()!r}")


def _formula_dice(word, rules: FastPigRules) -> np.ndarray:
    """``dice[i, j]`` of a ``dice:FORMULA`` word: a whole number 1..max_dice at every
    score pair, or a one-line refusal naming the first pair where it is not."""
    i, j = np.meshgrid(np.arange(rules.goal), np.arange(rules.goal), indexing="ij")
    # k, the turn total, is 0 where the dice are chosen
    values = evaluate(word.formula, {"i": i, "j": j, "k": np.zeros_like(i),
                                     "goal": np.float64(rules.goal)}, NUMBER)
    bad = (values != np.round(values)) | (values < 1) | (values > rules.max_dice)
    if bad.any():
        a, b = (int(x[0]) for x in np.nonzero(bad))
        raise JeopardyError(f"{word.text!r} gives {values[a, b]:g} dice at i={a}, j={b}; "
                            f"{rules.name} throws a whole number of 1-{rules.max_dice} dice")
    return values.astype(np.int64)


def first_player_chance(rules: FastPigRules, first: np.ndarray, second: np.ndarray
                        ) -> np.ndarray:
    """``W0[i, j]``: the first player's chance when it moves at its score ``i``, the
    other's ``j`` (module docstring)."""
    goal = rules.goal
    P = roll_table(rules)
    size = P.shape[1]
    W0 = np.zeros((goal + size, goal + size))
    W1 = np.zeros((goal + size, goal + size))
    W0[goal:, :] = 1.0  # the first player has reached the goal
    W1[goal:, :] = 1.0
    for total in range(2 * goal - 2, -1, -1):
        for i in range(max(0, total - goal + 1), min(goal - 1, total) + 1):
            j = total - i
            pa = P[first[i, j]]
            pb = P[second[j, i]]
            a = float(pa[1:] @ W1[i + 1:i + size, j])
            c = float(pb[1:] @ W0[i, j + 1:j + size])
            W0[i, j] = (a + pa[0] * c) / (1.0 - pa[0] * pb[0])
            W1[i, j] = c + pb[0] * W0[i, j]
    return W0[:goal, :goal]


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

    def to_dict(self) -> dict:
        return {"game": self.game, "goal": self.goal, "a": self.first_name,
                "b": self.second_name, "a_first": self.first, "a_second": self.second,
                "a_fair": self.fair}


def head_to_head(solution: FastPigSolution, a: str, b: str) -> HeadToHead:
    """The exact chances of policy word ``a`` against ``b``."""
    rules = solution.rules
    if solution.players != 2 or solution.ending != "first-to-goal":
        raise JeopardyError("dice policies are compared for two players, first to the goal")
    name_a, A = dice_policy(a, solution)
    name_b, B = dice_policy(b, solution)
    first = float(first_player_chance(rules, A, B)[0, 0])
    second = 1.0 - float(first_player_chance(rules, B, A)[0, 0])
    return HeadToHead(rules.name, rules.goal, name_a, name_b, first, second)


@dataclass(frozen=True, repr=False)
class Simulated(Result):
    game: str
    goal: int
    first_name: str
    second_name: str
    games: int
    seed: int
    first: float
    second: float
    seconds: float

    @property
    def fair(self) -> float:
        return (self.first + self.second) / 2

    def stderr(self, p: float, games: int) -> float:
        return float(np.sqrt(p * (1 - p) / games))

    def to_dict(self) -> dict:
        return {"game": self.game, "goal": self.goal, "a": self.first_name,
                "b": self.second_name, "games": self.games, "seed": self.seed,
                "a_first": self.first, "a_second": self.second, "a_fair": self.fair,
                "a_first_stderr": self.stderr(self.first, self.games),
                "a_second_stderr": self.stderr(self.second, self.games),
                "a_fair_stderr": self.stderr(self.fair, 2 * self.games)}


def _play(rules, P, policies, games, rng) -> float:
    """The share of ``games`` won by the player who moves first (policies[0])."""
    goal = rules.goal
    cdf = np.cumsum(P, axis=1)
    cdf[:, -1] = 1.0
    scores = np.zeros((2, games), dtype=np.int64)
    winner = np.full(games, -1)
    mover = 0
    live = np.arange(games)
    while live.size:
        own, other = scores[mover, live], scores[1 - mover, live]
        dice = policies[mover][own, other]
        u = rng.random(live.size)
        points = _draw(cdf, dice, u)
        scores[mover, live] = own + points
        done = scores[mover, live] >= goal
        winner[live[done]] = mover
        live = live[~done]
        mover = 1 - mover
    return float(np.mean(winner == 0))


def _draw(cdf, dice, u):
    """Points of rolls of ``dice`` dice at uniforms ``u`` (inverse of the CDF)."""
    rows = cdf[dice]
    return np.minimum((rows <= u[:, None]).sum(axis=1), cdf.shape[1] - 1)


def simulate(solution: FastPigSolution, a: str, b: str, games: int, seed: int) -> Simulated:
    """``games`` seeded games each way of policy word ``a`` against ``b``."""
    if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= 10 ** 7:
        raise JeopardyError(f"games must be in 1-10,000,000; got {games!r}")
    rules = solution.rules
    if solution.players != 2 or solution.ending != "first-to-goal":
        raise JeopardyError("dice policies are simulated for two players, first to the goal")
    started = time.perf_counter()
    name_a, A = dice_policy(a, solution, "simulate")
    name_b, B = dice_policy(b, solution, "simulate")
    P = roll_table(rules)
    rng = np.random.default_rng(seed)
    first = _play(rules, P, (A, B), games, rng)
    second = 1.0 - _play(rules, P, (B, A), games, rng)
    return Simulated(rules.name, rules.goal, name_a, name_b, games, seed, first, second,
                     time.perf_counter() - started)
