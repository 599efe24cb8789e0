"""Two players, a fixed number of turns each, the higher total wins.

Brutlag's SKUNK is this game with two-dice Pig dice and five turns each;
Shi's variant has six.  The interface is a roll model and the number of
turns per player; nothing here knows which dice are rolled.

Model
-----
Turns alternate, player A first, ``n`` turns each: global turn ``k = 0 ..
2n - 1``; A moves when ``k`` is even.  ``V_k(x, y, t)`` is the chance that
the player to move wins (a tie counts one half) when the mover has banked
``x``, the other ``y``, and the mover's turn total is ``t``.  With
``W_k(x, y) = V_k(x, y, 0)``,

    hold:        1 - W_{k+1}(y, x + t)
    roll:        sum over effects:  add a  -> V_k(x, y, t + a)
                                    bust   -> 1 - W_{k+1}(y, x)
                                    bust all -> 1 - W_{k+1}(y, 0)
                                    bank a -> 1 - W_{k+1}(y, x + t + a)
                                    bust gain a -> 1 - W_{k+1}(y, x + a)

(each effect applied by :func:`jeopardy.rules.effects.step`)
and ``W_{2n}(x, y)`` is 1, 1/2 or 0 as A's total ``x`` beats, ties or
trails B's ``y`` (at ``k = 2n`` the "mover" is A again).  There are no
cycles: turns go forward and, within a turn, ``t`` only grows (models with
a doubling effect are refused; an ``add 0`` is folded by dividing by the
chance of a roll that changes something).

Why the score cap is safe (a proof, not a heuristic)
----------------------------------------------------
Scores are unbounded: a player far behind may roll for ever, and with a
roll that continues the turn with probability ``q < 1`` there is always a
chance of any total.  Only the difference does *not* suffice (double 1s
cost the whole score, so the level matters).  So the game is truncated at a
cap ``S``: a state whose mover could bank more than ``S`` (``x + t > S``)
is replaced by a terminal payoff ``b`` for player A.

*Sandwich.*  Backward induction is monotone: every step is a max (the
mover), a min (seen from the other player) or an average of successor
values with non-negative weights, all non-decreasing in the successors.
The true value of any truncated state lies in ``[0, 1]``.  So the
truncated game with ``b = 0`` has every value ``<=`` the true game's, and
the one with ``b = 1`` every value ``>=`` it (induction over ``k`` and,
inside a turn, over decreasing ``t``).  The same holds for the evaluation
of a fixed pair of policies (averages only).  The solver solves both games
(and the midpoint ``b = 1/2``, whose decisions are "the optimal policy") in
the same pass, and reports ``lower <= true <= upper``: the gap is a
*computed* error bound, not an estimate.

*The gap vanishes as S grows.*  ``upper - lower`` is at most the chance of
reaching a truncated state under the play of either game.  Any play reaches
mover total ``> S`` only if the ``n`` turns of one player gained more than
``S`` in all, and a turn gains no more than the points of the rolls before
the first roll that ends the turn (holding only stops earlier).  Those
points have generating function ``E z^Y = p_end / (1 - r(z))`` with ``r(z) =
sum_a p_add_a z^a``, so by Chernoff ``P(reach) <= 2 (p_end / (1 - r(z)))^n
/ z^S`` for every ``z > 1`` with ``r(z) < 1``: it falls geometrically in ``S``.
That bound only shows that raising the cap ends; it is far above the gap the
solver computes (SKUNK, 5 turns each, cap 150: the bound exceeds 1, the gap is
0), so the solver reports the computed gap, and without a given cap raises the
cap until that gap is below the tolerance (:func:`solve_fixed_turns`,
:func:`next_cap`).  The tests also double the cap and compare.
"""
from __future__ import annotations

import dataclasses
import math
import time
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from jeopardy.errors import JeopardyError
from jeopardy.resources import budget
from jeopardy.results import Result
from jeopardy.rules.compiled import roll_row, roll_sources, value_of_rolling
from jeopardy.rules.roll_model import RollModel

FOLLOW_OPTIMAL = -1  # a policy table entry meaning "do what the optimal policy does"
CELL_LIMIT = 3_000_000_000  # (state x game) updates; beyond this the request is refused


@njit(cache=True, nogil=True)
def _turn(rules, nxt, out, boundary, tables):
    """One turn backwards for every (x, y).

    ``rules`` = (kinds, points, probs); ``nxt[g]`` = W_{k+1} of game ``g`` from
    the next mover's side; games 0..2 are the optimal games with boundary
    payoffs ``boundary[0..2]`` (lower, midpoint, upper), games 3.. come in
    pairs (lower, upper) evaluating the policy pair whose mover table for this
    turn is ``tables[m]`` (entries 0 hold, 1 roll, -1 as the midpoint optimum).
    ``out[g]`` receives W_k.  Returns nothing; values only.

    A roll's outcome depends on the mover's score ``x`` and turn total ``t``
    only, not on the other's score ``y``: each (x, t) is classified once
    (:func:`jeopardy.rules.compiled.roll_sources`) and the values of all ``y`` are
    updated together (:func:`jeopardy.rules.compiled.roll_row`), the
    inner loop running over ``y`` (the arithmetic per state, and its order, is
    :func:`jeopardy.rules.compiled.value_of_rolling`'s).
    """
    games = nxt.shape[0]
    size = nxt.shape[1]
    cap = size - 1
    effects = rules[0].shape[0]
    # mover[g, s, y]: W_{k+1} of game g from this mover's side, banked score s
    # (element by element, here and into ``out``: an array assigned to a slice compiles
    # numba's shape-mismatch message, string formatting included: 3.4 s of the cold first
    # SKUNK solve)
    mover = np.empty((games, size, size))
    for g in range(games):
        for s in range(size):
            for y in range(size):
                mover[g, s, y] = 1.0 - nxt[g, y, s]
    values = np.empty((games, size, size))  # values[g, t, y] at the current x
    roll = np.empty(size)
    midpoint_rolls = np.zeros(size, dtype=np.bool_)
    targets = np.empty(effects, dtype=np.int8)
    sources = np.empty(effects, dtype=np.int64)
    for x in range(size):
        top = cap - x
        for t in range(top, -1, -1):
            scale = roll_sources(rules, x, t, top + 1, size, targets, sources)
            for g in range(games):
                b = boundary[g] if g < 3 else boundary[0 if (g - 3) % 2 == 0 else 2]
                roll_row(targets, sources, rules[2], values[g], mover[g], b, roll)
                hold = mover[g, x + t]
                if g < 3:
                    for y in range(size):
                        r = roll[y] / scale
                        rolls = r > hold[y]
                        if g == 1:
                            midpoint_rolls[y] = rolls
                        values[g, t, y] = r if rolls else hold[y]
                else:
                    choice = tables[(g - 3) // 2, x, t]
                    for y in range(size):
                        r = roll[y] / scale
                        rolls = midpoint_rolls[y] if choice < 0 else choice == 1
                        values[g, t, y] = r if rolls else hold[y]
        for g in range(games):
            for y in range(size):
                out[g, x, y] = values[g, 0, y]


def _terminal(size: int, games: int) -> np.ndarray:
    x = np.arange(size)
    final = np.where(x[:, None] > x[None, :], 1.0, np.where(x[:, None] == x[None, :], 0.5, 0.0))
    return np.repeat(final[None, :, :], games, axis=0)


def check_model(model: RollModel) -> None:
    model.require_rising("the fixed-turns solver")
    if model.has_double:
        raise JeopardyError(f"{model.name}: fixed-turn games with a doubling effect are not "
                            "supported (the turn total would not only grow by bounded steps)")


@dataclass(frozen=True, repr=False)
class Matchup(Result):
    """Player A's policy against player B's, evaluated exactly (sandwiched)."""

    first: str
    second: str
    lower: float
    upper: float

    @property
    def first_wins(self) -> float:
        """Player A's chance of winning (ties count one half), midpoint of the sandwich."""
        return 0.5 * (self.lower + self.upper)

    def to_dict(self) -> dict:
        return {"first": self.first, "second": self.second, "first_wins": self.first_wins,
                "bound": 0.5 * (self.upper - self.lower)}


@dataclass(frozen=True, repr=False)
class FixedTurnsSolution(Result):
    """The optimal first-player chance of a fixed-turns game, certified by a sandwich."""

    model: RollModel
    turns: int
    cap: int
    lower: float
    value: float  # the midpoint game's value (b = 1/2)
    upper: float
    matchups: tuple[Matchup, ...]
    seconds: float
    starts: np.ndarray = field(repr=False)  # starts[k, x, y] = W_k of the midpoint game
    # the bound the growing cap aimed at (None: the cap was given), and why it stopped
    # short of it ("": it did not)
    tolerance: float | None = None
    stopped: str = ""

    @property
    def bound(self) -> float:
        """A proved bound on |value - true value|."""
        return max(self.upper - self.value, self.value - self.lower)

    @property
    def worst_bound(self) -> float:
        """The largest proved bound of any figure: the value's and each matchup's."""
        return max([self.bound] + [(m.upper - m.lower) / 2 for m in self.matchups])

    @property
    def converged(self) -> bool:
        """Whether every figure's proved bound is within the tolerance the cap grew for
        (always, for a cap given: its bound is what was asked)."""
        return self.tolerance is None or self.worst_bound <= self.tolerance

    def to_dict(self) -> dict:
        return {"game": self.model.name, "turns": self.turns, "cap": self.cap,
                "win_probability": self.value, "lower": self.lower, "upper": self.upper,
                "bound": self.bound, "converged": self.converged, "seconds": self.seconds,
                "matchups": [m.to_dict() for m in self.matchups]}

    def __repr__(self) -> str:
        return (f"FixedTurnsSolution({self.model.name}, {self.turns} turns each: first player "
                f"wins {self.value:.12f} +- {self.bound:.1e})")


def solve_fixed_turns(model: RollModel, turns: int, cap: int | None = None,
                      matchups=(), progress=None, tolerance: float = 1e-13) -> FixedTurnsSolution:
    """Solve the game of ``turns`` turns each, and evaluate policy pairs.

    ``matchups`` is a sequence of ``(first, second)`` policies from
    :mod:`jeopardy.fixed_turns.policies`; each is evaluated against the other,
    player A being ``first``.  Without a ``cap``, the cap starts at 150 and
    grows (:func:`next_cap`: by half at most) until the proved bound of every figure is
    below ``tolerance``, or until the next cap would exceed the work limit or the time budget
    (:func:`jeopardy.resources.budget`; the next solve's time is the last one's
    scaled by the work): then the last solution is returned with the bound it
    proves (``solution.bound``, ``Matchup.lower`` and ``upper``), not converged
    (``solution.converged`` False, ``solution.stopped`` says why), which callers say.
    """
    if cap is not None:
        return _solve_with_cap(model, turns, cap, matchups, progress)
    size = 150
    games = 3 + 2 * len(matchups)
    previous = None  # (cap, bound) of the solve before
    while True:
        solution = _solve_with_cap(model, turns, size, matchups, progress)
        worst = solution.worst_bound
        following = next_cap(size, worst, previous, tolerance)
        work, next_work = _work(turns, size + 1, games), _work(turns, following + 1, games)
        needs = solution.seconds * next_work / work
        stopped = ""
        if worst > tolerance and next_work > CELL_LIMIT:
            stopped = (f"the next cap, {following}, needs ~{next_work:.1e} state updates "
                       f"(limit {CELL_LIMIT:.0e})")
        elif worst > tolerance and needs > budget().seconds:
            stopped = (f"the next cap, {following}, needs ~{needs:,.0f} s, past the time "
                       f"budget of {budget().seconds:,.0f} s ($JEOPARDY_TIME_LIMIT)")
        if worst <= tolerance or stopped:
            return dataclasses.replace(solution, tolerance=tolerance, stopped=stopped)
        previous, size = (size, worst), following
        if progress is not None:
            progress(f"bound {worst:.1e} above {tolerance:.0e}; cap raised to {size}")


def next_cap(size: int, bound: float, previous: tuple[int, float] | None,
             tolerance: float) -> int:
    """The cap after ``size`` whose proved ``bound`` is above ``tolerance``: half as much
    again, or less where the last two bounds show where the bound meets the tolerance.
    The bound is the chance of reaching the cap, a tail that has fallen faster than
    geometrically as the cap grew in every game measured, so the line through the last
    two ``(cap, log bound)`` points tends to meet ``log tolerance`` at or beyond the cap
    that suffices; a guess that falls short costs one more solve, never a wrong bound
    (each solve proves its own).  Shi's six turns: 150, 225, 337 and 505
    before; 150, 225, 337 and 436 now (the solve at the last cap: 3.6-4.1 s CPU against
    5.7-6.1 s)."""
    grown = int(size * 1.5)
    if previous is None or not 0.0 < bound < previous[1]:
        return grown
    last, before = previous
    slope = (math.log(bound) - math.log(before)) / (size - last)  # negative
    needed = size + (math.log(tolerance) - math.log(bound)) / slope
    return int(min(grown, max(size + 1, math.ceil(needed))))


def _work(turns: int, size: int, games: int) -> int:
    """State updates of one solve: turns x (x, y) pairs x turn totals x games."""
    return 2 * turns * size * size * (size // 2 + 1) * games


def _solve_with_cap(model, turns, cap, matchups, progress) -> FixedTurnsSolution:
    check_model(model)
    if turns < 1:
        raise JeopardyError(f"number of turns must be at least 1; got {turns}")
    if cap < 1:
        raise JeopardyError(f"score cap must be at least 1; got {cap}")
    if cap < model.max_points:
        raise JeopardyError(f"score cap {cap} is below one roll's points ({model.max_points})")
    games = 3 + 2 * len(matchups)
    size = cap + 1
    work = _work(turns, size, games)
    if work > CELL_LIMIT:
        raise JeopardyError(f"{turns} turns with cap {cap} and {len(matchups)} matchups is "
                            f"~{work:.1e} state updates (limit {CELL_LIMIT:.0e}); "
                            "lower the cap or the turns")
    started = time.perf_counter()
    kinds, points, probs = model.arrays()
    rules = (kinds, points, probs)
    nxt = _terminal(size, games)
    starts = np.empty((2 * turns + 1, size, size))
    starts[2 * turns] = nxt[1]
    tables = np.full((max(1, len(matchups)), size, size), FOLLOW_OPTIMAL, dtype=np.int8)
    for k in range(2 * turns - 1, -1, -1):
        a_moves = k % 2 == 0
        boundary = np.array([0.0, 0.5, 1.0]) if a_moves else np.array([1.0, 0.5, 0.0])
        for index, (first, second) in enumerate(matchups):
            policy = first if a_moves else second
            tables[index] = policy.table(k // 2 + 1, size)
        out = np.empty_like(nxt)
        _turn(rules, nxt, out, boundary, tables)
        nxt = out
        starts[k] = out[1]
        if progress is not None:
            progress(f"turn {k + 1} of {2 * turns} solved")
    lower, value, upper = float(nxt[0, 0, 0]), float(nxt[1, 0, 0]), float(nxt[2, 0, 0])
    results = tuple(Matchup(str(first), str(second), float(nxt[3 + 2 * i, 0, 0]),
                            float(nxt[4 + 2 * i, 0, 0]))
                    for i, (first, second) in enumerate(matchups))
    return FixedTurnsSolution(model, turns, cap, lower, value, upper, results,
                              time.perf_counter() - started, starts)


def column(solution: FixedTurnsSolution, k: int, x: int, y: int) -> tuple[np.ndarray, np.ndarray]:
    """Roll and hold values of the midpoint game over ``t`` at global turn ``k``
    (0-based), mover score ``x``, other score ``y``, from the stored turn-start
    values ``W_{k+1}`` (one column of :func:`_turn`'s midpoint game)."""
    if not 0 <= k < 2 * solution.turns:
        raise JeopardyError(f"turn index must be in 0-{2 * solution.turns - 1}; got {k}")
    if not (0 <= x <= solution.cap and 0 <= y <= solution.cap):
        raise JeopardyError(f"scores must be in 0-{solution.cap}; got {x}, {y}")
    rules = solution.model.arrays()
    mover = 1.0 - solution.starts[k + 1][y]  # the mover's chance once the other moves at (y, .)
    top = solution.cap - x
    values = np.empty(top + 1)
    rolls = np.empty(top + 1)
    holds = np.empty(top + 1)
    for t in range(top, -1, -1):
        holds[t] = mover[x + t]
        rolls[t] = value_of_rolling(rules, x, t, values, mover, 0.5)
        values[t] = max(rolls[t], holds[t]) if rolls[t] > holds[t] else holds[t]
    return rolls, holds


def first_hold(solution: FixedTurnsSolution, k: int, x: int, y: int) -> int | None:
    """The least turn total at which the optimal mover holds at (k, x, y), or
    None if it rolls all the way to the cap."""
    rolls, holds = column(solution, k, x, y)
    holding = np.flatnonzero(rolls <= holds)
    return int(holding[0]) if holding.size else None
