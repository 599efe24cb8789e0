"""Optimal play of N-player race games, first-to-goal, equal-turns or one-more-turn.

The one match solver: :func:`solve` serves every player count and ending and
chooses its method (:func:`method_for`): two players first to the goal with
turn totals that never fall by the pair method (:mod:`jeopardy.match.pair`,
the paper's ``P(i, j, 0)``, its result a :class:`PairSolution`), every other
game by the rotation classes below.  Every result is a :class:`MatchSolution`.

Each player maximises its own chance of winning.  With two players that is
the zero-sum optimum of :mod:`jeopardy.match.pair`; with more it is the
equilibrium that value iteration reaches: every player's action at every
state is a best response to everyone's later play (a subgame-perfect
equilibrium of the stochastic game; rolling on ties).  Such equilibria need
not be unique with three or more players; this one is the limit of the
backward, score-sum by score-sum iteration, and the residual reported is the
largest Bellman residual of *every* player's optimality equation, so the
values are an equilibrium to that residual.

Pure best responses need not settle.  With three or more players a player's
switch between roll and hold moves the *other* players' values by a jump, so
the class map can lack a fixed point in pure actions: the class iteration
cycles among a few pure policies (3-player Pig to 62 and beyond).  Such a
class is then settled with mixed actions (:mod:`jeopardy.match.mixing`): a
few contested decisions roll with a probability that makes their mover
indifferent.  ``mixes`` holds those turn starts' actions; the residual
kernel plays them, and ``max_residual`` includes the largest indifference
gap.  A class that cannot be settled keeps its last iterate and is counted
in ``unsettled_classes`` (its residual shows in ``max_residual``).

Equal turns.  The race's turn start is the scores relative to the mover and
the mover's place ``r`` in the round (``W[r, index]``).  A mover that stops
at or past the goal before the end of the round starts the last round: the
players after it in the round play one last turn each, solved once and
before the race (:mod:`jeopardy.match.last_round`, whose docstring states
that phase's state: how many still play, the leader's score, how many are
tied at it, the scores of those still to play).

The cap.  A player who reaches the goal before the end of the round may roll
on to raise the bar, so turn totals are unbounded.  The solver makes such a
player stop once its score plus turn total reaches ``cap`` (a last-turn
player with players after it: ``max(cap, L + 1)``, ``L`` the leader's score),
and then *proves* that the cap changed nothing.  Holding at a total
``f >= cap`` leads alone and loses only if a later player ends its last turn
at ``f`` or above: with one later player, at ``s``, that chance is exactly
``u(f - s) <= u(cap - s)`` (``u(D)`` the last player's chance from ``D``
behind, ties halved, falling in ``D``); with more, at most the sum of
``reach(cap - s)`` over them (``reach(D)``: the chance that a turn rolling
until it has ``D`` gets there; no way of playing does better).  Rolling is
worth at most ``q v + (1 - q)``: ``q`` the chance of a roll that ends the turn
with less than the goal banked (a bust, a bust-all, a ``bust_gain`` that stays
below the goal; any other roll is counted as a win), ``v`` the mover's largest
value after one (the next turn start; 0 in the last round,
where a bust loses).  Where the hold bound beats the roll bound at every turn
start before the end of the round and for every last-turn player with players
after it (the later players' scores at their worst, ``goal - 1``), holding is
optimal at every total past the cap whatever anyone plays later, so the
capped solution solves the uncapped equations.  Otherwise the margin doubles
and the game is solved again.

One more turn (:class:`jeopardy.match.endings.OneMoreTurn`) is equal turns for a round
that never completes: every mover may raise the bar and stops at the cap,
every stop past the goal gives the other player a last turn, and the same
proof holds at every turn start (two players, no places).
Turn totals that fall (``subtract n``: Parker Brothers' tail).  A roll may
lead to a *lower* turn total, so the turn has cycles and one backward pass
over the turn total is no longer exact: each column is solved by repeated
Gauss-Seidel passes (:func:`jeopardy.match.kernels.sweep_from_guess`), which
converge, in at most :func:`fall_passes` passes, for two players; more
players are refused with such a model (see :func:`fall_passes`).  The
cap's proof above holds as it stands: rolling past the cap is still worth at
most ``q v_b + (1 - q)`` whatever the rolls that do not bust lead to.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Callable

import numpy as np

from jeopardy import compilation, convergence, resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.match import kernels, last_round, pair, sums
from jeopardy.match.rules import FIRST_TO_GOAL, MatchRules
from jeopardy.results import Result
from jeopardy.rules import presets
from jeopardy.rules.roll_model import RollModel

MAX_NEWTON_STEPS = 200
ROUNDING_FLOOR = 32 * 2.0 ** -53
STALL_PASSES = 8
STALL_CHANGE = 1e-12
MAX_CAP_DOUBLINGS = 6
# estimate(): a falling column's cost over one pass (Parker Brothers to 100: ~17 CPU s)
FALL_COLUMN_PASSES = 30.0


class StartChances:
    """What a match solution (``rules``; ``values[place, index, m]``, the start at
    place 0, index 0) says of the start: the players and their chances."""

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def win_probabilities(self) -> list[float]:
        """Each player's chance at the start, in turn order from the first to move."""
        return [float(v) for v in self.values[0, 0]]

    @property
    def win_probability(self) -> float:
        return self.win_probabilities[0]


def actions_from(tables: list[np.ndarray], rows: dict) -> kernels.Actions:
    """The kernels' :data:`~jeopardy.match.kernels.Actions`: every place's pure table, and
    the rows of mixed chances by key (:meth:`MatchSolution.mixed_rows`)."""
    keys = sorted(rows)
    mix_tables = np.stack([rows[key] for key in keys]) if keys else np.full((1, 1), -1.0)
    return kernels.Actions(np.stack(tables), np.array(keys, dtype=np.int64), mix_tables)


@dataclass(frozen=True)
class MatchSolution(StartChances, convergence.Converging, Result):  # its own short __repr__ below
    """Win probabilities and optimal play of an N-player race game."""

    model: RollModel
    goal: int
    rules: MatchRules
    values: np.ndarray = field(repr=False)  # [place, index, player relative to the mover]
    max_residual: float
    seconds: float
    passes: int
    sweeps: int
    cap: int
    unsettled_classes: int = 0  # rotation classes left off their fixed point
    mixes: dict = field(default_factory=dict, repr=False)  # (place, index) -> mode-2 table
    tolerance: float = 0.0  # the class fixed point's, as asked (convergence.accepted)

    method = "classes"  # how solve() found it (method_for): rotation classes by score sum

    @property
    def column_passes(self) -> int:
        """The proved bound of passes over a turn's column (0: one pass is exact;
        :func:`fall_passes`)."""
        return fall_passes(self.model)

    @property
    def turn_starts(self) -> int:
        return int(self.values.shape[0] * self.values.shape[1])

    def _index(self, scores) -> int:
        scores = validate.integers(scores, "scores", 0, self.goal - 1)
        if len(scores) != self.players:
            raise JeopardyError(f"scores must give {self.players} scores; got {len(scores)}")
        index = 0
        for s in scores:
            index = index * self.goal + s
        return index

    def _place(self, place: int) -> int:
        place = validate.integer(place, "place", 0, self.players - 1)
        return place if self.rules.ending.in_round else 0

    def start_value(self, scores, place: int = 0) -> tuple[float, ...]:
        """Win chances at a turn start; ``scores`` relative to the mover (mover first),
        ``place`` the mover's place in the round (equal turns)."""
        return tuple(float(v) for v in self.values[self._place(place), self._index(scores)])

    def column(self, scores, place: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """``(values[k, m], roll?[k])`` for the turn totals ``k`` below the mover's limit."""
        race = self.race()
        index = self._index(scores)
        place = self._place(place)
        width = race.cap + 1
        vals = np.empty((width + 1, self.players))
        dvals = np.empty(width + 1)
        acts = np.empty(width + 1, dtype=np.int8)
        following = (place + 1) % race.places
        y = self.values[following, kernels.rotation(race, index)]
        mixed = self.mixes.get((place, index))
        if mixed is not None:  # mixed actions: acts says roll where rolling is likelier
            top = kernels.sweep(race, self.values, index, place, y, vals, dvals, acts, 2,
                                kernels.NO_TABLE_ROW, mixed, np.empty((4, self.players)))
        else:
            top = kernels.sweep(race, self.values, index, place, y, vals, dvals, acts, 0,
                                kernels.NO_TABLE_ROW, kernels.NO_MIX, np.empty((4, self.players)))
        return vals[:top].copy(), acts[:top].astype(bool)

    def actions(self, scores, place: int = 0) -> str:
        return "".join("R" if a else "H" for a in self.column(scores, place)[1])

    def leader_boundary(self, others: int = 0, place: int = 0) -> np.ndarray:
        """``h[i, j]``: the first turn total at which the mover, at score ``i``, holds
        when the next player in turn order has ``j`` and every other player
        ``others`` (the leader's score, when ``j >= others``); the mover's limit
        where it never holds."""
        others = validate.integer(others, "others", 0, self.goal - 1)
        heights = np.empty((self.goal, self.goal))
        for i in range(self.goal):
            for j in range(self.goal):
                scores = (i, j) + (others,) * (self.players - 2)
                acts = self.column(scores, place)[1]
                holds = np.flatnonzero(~acts)
                heights[i, j] = holds[0] if len(holds) else len(acts)
        return heights

    def plot(self, figure: str = "boundary", others: int = 0, place: int = 0, ax=None):
        """The mover's hold boundary against the next player, every other player at
        ``others`` (:meth:`leader_boundary`; the one figure drawn for more than two
        players or another ending); a matplotlib Figure."""
        from jeopardy.plots import race as figures  # matplotlib: heavy, drawn on request

        if figure != "boundary":
            raise JeopardyError(f"{self.players} players under {self.rules.ending} draw only "
                                f"the boundary figure; got {figure!r}")
        heights = self.leader_boundary(others, place)
        name = f"{self.model.name} to {self.goal}, {self.players} players, {self.rules.ending}"
        return figures.leader_boundary(name, heights, others if self.players > 2 else None,
                                       ax=ax)

    def decision(self, scores, place: int = 0) -> "Decision":
        """The mover's play at the turn start of ``scores`` (relative to the mover:
        its own first, then the others in turn order) and ``place`` in the round."""
        values, acts = self.column(scores, place)
        actions = "".join("R" if a else "H" for a in acts)
        holds = actions.find("H")  # "roll iff k < h", as PairSolution.hold_threshold
        threshold = len(actions) if holds < 0 else holds if "R" not in actions[holds:] else None
        mixed = self.mixes.get((self._place(place), self._index(scores)))
        return Decision(self.model.name, self.goal, self.players, self.rules.ending,
                        tuple(int(s) for s in scores), self._place(place), actions,
                        [float(v) for v in values[0]], threshold,
                        None if mixed is None else
                        {int(k): float(p) for k, p in enumerate(mixed[:len(actions)]) if p >= 0})

    def race(self) -> kernels.Race:
        """The kernels' bundle of this game (built once: equal turns solves the last round)."""
        return cached_bundle(self)

    def pure_table(self, race: kernels.Race, place: int) -> np.ndarray:
        """``[index, k]``: the equilibrium's pure actions of the player at ``place`` of the
        bundle ``race`` over every turn start and turn total below its limit (where it
        mixes, its rounded action)."""
        size = int(race.goal) ** int(race.players)
        width = int(race.cap) if race.equal else int(race.goal)
        out = np.zeros((size, width), dtype=np.int8)
        kernels.policy_table(self.race(), self.values, place if race.equal else 0, out)
        return out

    def mixed_rows(self, table: np.ndarray, race: kernels.Race, place: int) -> dict:
        """``{key: roll chances}`` of the turn starts where the player at ``place`` mixes
        (key ``place * turn starts + index``; a row is ``table``'s pure actions with the
        equilibrium's chances where it mixes)."""
        size, width = table.shape
        rows = {}
        for (at, index), chances in self.mixes.items():
            if at != (place if race.equal else 0):
                continue
            row = table[index].astype(float)
            chances = chances[:width]
            mixed = chances >= 0
            row[:len(chances)][mixed] = chances[mixed]
            rows[place * size + index] = row
        return rows

    def equilibrium_actions(self) -> kernels.Actions:
        """The equilibrium's actions at every place its bundle keeps (one place first to
        the goal, where every player acts alike; every place under equal turns), its
        mixed actions with their chances."""
        race = self.race()
        tables = [self.pure_table(race, place) for place in range(int(race.places))]
        rows = {}
        for place, table in enumerate(tables):
            rows.update(self.mixed_rows(table, race, place))
        return actions_from(tables, rows)

    def to_dict(self) -> dict:
        chances = self.win_probabilities
        return {
            "game": self.model.name,
            "goal": self.goal,
            "players": self.players,
            "ending": self.rules.ending,
            "win_probabilities": list(chances),
            "win_probability": chances[0],
            "turn_starts": self.turn_starts,
            "cap": self.cap,
            "seconds": self.seconds,
            "max_residual": self.max_residual,
            "converged": self.converged,
            "passes": self.passes,
            "sweeps": self.sweeps,
            "unsettled_classes": self.unsettled_classes,
            "mixed_turn_starts": len(self.mixes),
            "column_passes": self.column_passes,
        }

    def __repr__(self) -> str:
        chances = ", ".join(f"{v:.6f}" for v in self.win_probabilities)
        return (f"MatchSolution({self.model.name} to {self.goal}, {self.rules}: "
                f"[{chances}], residual {self.max_residual:.1e}"
                f"{'' if self.converged else ', NOT CONVERGED'})")


@dataclass(frozen=True, repr=False)
class PairSolution(MatchSolution):
    """A solution of the pair method (:mod:`jeopardy.match.pair`: two players, first to
    the goal): a :class:`MatchSolution` like any other, whose ``values`` hold
    ``P(i, j, 0)`` in the turn-start layout, and which keeps the paper's table
    ``start_values[i, j] = P(i, j, 0)``.  Its columns and pure actions come from the
    pair kernels' sweep of that table, and it answers the paper's queries: ``P(i, j, k)``,
    the action and the hold threshold at a state, the full tables and the figures."""

    start_values: np.ndarray = field(default=None, repr=False)  # P(i, j, 0), [goal, goal]
    cached: bool = False  # read from the solution cache

    method = "pair"
    __repr__ = Result.__repr__  # the scalars of to_dict, as every result's

    @property
    def states(self) -> int:
        """Non-terminal states (i, j, k): 0 <= i, j < goal, 0 <= k < goal - i."""
        return self.goal * self.goal * (self.goal + 1) // 2

    def _check(self, i: int, j: int, k: int = 0) -> tuple[int, int, int]:
        g = self.goal
        i, j, k = validate.integer(i, "i"), validate.integer(j, "j"), validate.integer(k, "k")
        if not 0 <= i < g:
            raise JeopardyError(f"score must be in 0-{g - 1}; got {i}")
        if not 0 <= j < g:
            raise JeopardyError(f"opponent score must be in 0-{g - 1}; got {j}")
        if k < 0:
            raise JeopardyError(f"turn total must be non-negative; got {k}")
        return i, j, k

    def column(self, scores, place: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """As :meth:`MatchSolution.column`, from one sweep of the pair kernels
        (:func:`jeopardy.match.pair.column`): ``values[k]`` holds ``P(i, j, k)`` and the
        other player's chance, ``P(i, j, 0)`` the stored one."""
        i, j = divmod(self._index(scores), self.goal)
        self._place(place)
        chances, acts = pair.column(self.model, self.goal, self.start_values, i, j)
        return np.stack([chances, 1.0 - chances], axis=1), acts

    def pure_table(self, race: kernels.Race, place: int) -> np.ndarray:
        """As :meth:`MatchSolution.pure_table`: the pair kernels' actions, ``[i * goal + j, k]``."""
        table = pair.policy_table(self.model, self.goal, self.start_values)
        return table.reshape(self.goal * self.goal, self.goal)

    def win_probability_at(self, i: int = 0, j: int = 0, k: int = 0) -> float:
        """``P(i, j, k)``: the mover's chance at scores ``i`` (its own), ``j`` and turn total ``k``."""
        i, j, k = self._check(i, j, k)
        if i + k >= self.goal:
            return 1.0
        if k == 0:
            return float(self.start_values[i, j])
        return float(self.column((i, j))[0][k, 0])

    def action(self, i: int, j: int, k: int) -> str:
        i, j, k = self._check(i, j, k)
        if i + k >= self.goal:
            return "hold"
        return "roll" if self.column((i, j))[1][k] else "hold"

    def hold_threshold(self, i: int, j: int) -> int | None:
        """The h with "roll iff k < h" at (i, j), or None if not a threshold."""
        i, j, _ = self._check(i, j)
        return self.decision((i, j)).hold_threshold

    def expand(self) -> tuple[np.ndarray, np.ndarray]:
        """Full arrays ``P[i, j, k]`` and ``roll[i, j, k]`` (``goal**3`` entries)."""
        return pair.expand(self.model, self.goal, self.start_values)

    def policy_table(self) -> np.ndarray:
        """The optimal actions ``[i, j, k]`` (int8, 1: roll) over every state."""
        pair.check_table_goal(self.goal)
        return pair.policy_table(self.model, self.goal, self.start_values)

    def plot(self, figure: str = "boundary", opponent: int | None = None, ax=None):
        """One of the paper's figures (``boundary``, ``cross-section``, ``reachable``,
        ``reachable-roll``, ``contours``) of the optimal policy; a matplotlib Figure
        (``opponent``: the cross-section's, default 30% of the goal)."""
        return pair.plot(self, figure, opponent, ax)

    def to_dict(self) -> dict:
        return {
            "game": self.model.name,
            "goal": self.goal,
            "players": 2,
            "ending": "first-to-goal",
            "win_probabilities": self.win_probabilities,
            "win_probability": self.win_probability,
            "states": self.states,
            "seconds": self.seconds,
            "max_residual": self.max_residual,
            "converged": self.converged,
            "passes": self.passes,
            "sweeps": self.sweeps,
            "cached": self.cached,
        }

    def save(self, path) -> Path:
        """Write an ``.npz`` with ``P(i, j, 0)``, the rules and a checksum (no pickle;
        :func:`jeopardy.match.pair.save`, read by :func:`load`)."""
        return pair.save(path, pair.Solved(self.model, self.goal, self.start_values,
                                           self.max_residual, self.seconds, self.passes,
                                           self.sweeps))


def pair_solution(solved: pair.Solved, tolerance: float = 0.0) -> PairSolution:
    """The :class:`PairSolution` of what the pair method found (or a file held)."""
    return PairSolution(solved.model, solved.goal, MatchRules(2, FIRST_TO_GOAL),
                        pair.turn_start_values(solved.values), solved.max_residual,
                        solved.seconds, solved.passes, solved.sweeps, solved.goal,
                        tolerance=tolerance, start_values=solved.values, cached=solved.cached)


def load(path) -> PairSolution:
    """Read a solution file written by :meth:`PairSolution.save` (``jeopardy solve --out``),
    verified, not trusted (:func:`jeopardy.match.pair.read`)."""
    return pair_solution(pair.read(path))


class EndlessGame(JeopardyError):
    """Some turn start never ends: every player passes around a cycle of turns."""


def _endless() -> EndlessGame:
    return EndlessGame("under these policies some turn start never ends: every player passes "
                       "without banking around a cycle of turns")


# --------------------------------------------------- turn totals that fall
def fall_contraction(model: RollModel) -> Fraction:
    """``rho = p_fall / (p_fall + p_end)``, exactly: the factor by which one column
    pass shrinks the error (:func:`fall_passes`); 0 if the turn total never falls."""
    fall = sum((p for e, p in model.outcomes if e.lowers_turn_total), Fraction(0))
    if fall == 0:
        return Fraction(0)
    return fall / (fall + model.probability_of_ending())


def fall_passes(model: RollModel) -> int:
    """The most Gauss-Seidel passes a column of ``model`` needs (0: the turn total
    never falls, and one backward pass is exact).

    Proof.  Fix a turn start, the value ``y`` after a bust and the solved values
    of the other turn starts.  The column's values solve
    ``V(k) = max(H(k), R(k, V))``: ``H`` (hold) is fixed, and ``R`` (roll) is an
    average over the roll's outcomes with weight ``p_up`` on higher totals of
    the column, ``p_down`` on lower ones (a ``subtract n``, ``n > 0``, at
    ``k > 0``), ``p_end`` on the outcomes that end the turn (bust, bust_all,
    bank: fixed values), the rest on totals past the mover's limit (fixed) or,
    divided out, on ``k`` itself.  A backward pass computes ``V'(k)`` from
    ``V'`` above ``k`` and the previous ``V`` below.  Since
    ``|max(H, a) - max(H, b)| <= |a - b|``, the errors ``e' = |V' - V*|`` and
    ``e = max |V - V*|`` satisfy, at the ``k`` where ``e'`` is largest,
    ``E' (1 - stay - p_up) <= p_down e``, and ``1 - stay - p_up >= p_down + p_end``,
    so ``E' <= rho e`` with ``rho = p_fall / (p_fall + p_end)``
    (:func:`fall_contraction`; ``p_end > 0`` for every valid model).  The
    same holds for fixed (mode 1) and mixed (mode 2) actions, and for the
    last turn of the equal-turns ending (:func:`jeopardy.match.last_round._turn`).
    The values are the mover's chance (the other player's is one minus it,
    two players); the guess lies in ``[0, 1]``, so ``e <= 1`` and after
    ``n`` passes the error is at most ``rho**n``: the least ``n`` with
    ``rho**n <= 2**-53`` brings it below the double's rounding, and one pass
    more shows it (the bound returned).  A pass that changes nothing by more
    than rounding stops earlier.  (The slopes ``d(k)`` obey the same
    contraction once the actions settle; they only steer Newton's step,
    whose residual is checked on the values.)  Parker Brothers Pig Dice:
    ``p_fall = 5/36`` (a tail with a number), ``p_end = 5/36`` (a 7),
    ``rho = 1/2``: 54 passes at most.

    With three or more players the mover's choice moves the other players'
    chances by a jump, so their components need not contract: refused.
    """
    rho = fall_contraction(model)
    if rho == 0:
        return 0
    passes, error = 0, Fraction(1)
    while error > Fraction(1, 2 ** 53):
        passes, error = passes + 1, error * rho
    return passes + 1


@dataclass(frozen=True, repr=False)
class Decision(Result):
    """The mover's play at one turn start: ``actions[k]`` (``R``/``H``) at every turn
    total below its limit, the win probabilities at turn total 0 (the mover's first,
    then the others in turn order), the hold threshold when the actions are one
    (roll below it, hold from it), and the roll probabilities of mixed actions."""

    game: str
    goal: int
    players: int
    ending: str
    scores: tuple[int, ...]
    place: int
    actions: str
    win_probabilities: list[float]
    hold_threshold: int | None
    mixed: dict | None = None

    @property
    def roll_chances(self) -> tuple[float, ...]:
        """The chance of rolling at every turn total below the limit: 1 or 0 where the
        action is pure, the equilibrium's probability where it mixes (``actions``
        shows a mixed action as ``R`` where rolling is the likelier)."""
        mixed = self.mixed or {}
        return tuple(mixed[k] if k in mixed else float(a == "R")
                     for k, a in enumerate(self.actions))

    def rolls(self, k: int, rng=None) -> bool:
        """Whether the mover rolls at turn total ``k``: the pure action, or a mixed one
        drawn with its probability from ``rng`` (anything with ``random()``, e.g.
        :class:`random.Random` or a numpy ``Generator``; default: a fresh one)."""
        k = validate.integer(k, "k", 0, len(self.actions) - 1)
        chance = self.roll_chances[k]
        if 0.0 < chance < 1.0:
            if rng is None:
                import random
                rng = random.Random()
            return bool(rng.random() < chance)
        return chance == 1.0

    def to_dict(self) -> dict:
        return {"game": self.game, "goal": self.goal, "players": self.players,
                "ending": self.ending, "scores": list(self.scores), "place": self.place,
                "actions": self.actions, "win_probabilities": list(self.win_probabilities),
                "win_probability": self.win_probabilities[0],
                "hold_threshold": self.hold_threshold,
                "mixed": None if self.mixed is None else
                {str(k): p for k, p in sorted(self.mixed.items())}}


# ------------------------------------------------------------------ sizes
def table_size(goal: int, rules: MatchRules) -> int:
    """Turn starts stored: ``goal**players`` score tuples (times the places)."""
    places = rules.ending.places(rules.players)
    return places * goal ** rules.players


def estimate(model: RollModel | None, goal: int, rules: MatchRules,
             cap: int | None = None) -> resources.Estimate:
    """Seconds (of CPU) and bytes of :func:`solve`: about two sweeps of up to ``goal``
    turn totals per turn start (one as its class is solved, its class moved along the
    slopes instead of swept again; one for the residual), each reading ``players``
    values per outcome; the table holds ``players`` floats per turn start, plus the
    order of the turn starts (8 bytes each).  Equal turns: the last round's tables at
    ``cap`` (the cap given to :func:`solve`; None: the first cap tried), and sweeps of up
    to ``cap`` turn totals where it exceeds twice the goal.

    Calibration (warm kernels, CPU seconds with the residual check, this machine):
    3-player Pig to 100 7 s (formula: 6.3 s), 4-player Pig to 50 21 s at load 4
    (formula: 26 s), 4-player Pig to 100 746 s (formula: 840 s).  Threads share the
    work (:mod:`jeopardy.match.sums`), so the wall time is lower on more cores; the
    budget is compared with the CPU figure, which holds on one.
    """
    states = float(table_size(goal, rules))
    outcomes = 6.0 if model is None else max(1.0, float(len(model.outcomes)))
    passes = 1.0 if model is None or not model.has_bust_all else 25.0
    n = rules.players
    span = goal * (2.0 if rules.ending.last_round else 0.5)
    if rules.ending.last_round and cap is not None:
        span = max(span, float(cap))
    # A turn total that falls repeats each column's pass (fall_passes; warm guesses
    # settle in a few passes on average).
    column = 1.0 if model is None or not model.turn_totals_fall else FALL_COLUMN_PASSES
    seconds = 7e-9 * states * n * span * outcomes * passes * column
    size = resources.BASE_BYTES + states * (8.0 * n * (2 if passes > 1 else 1) + 12.0)
    if rules.ending.last_round:  # the last round's tables at the cap
        cap = first_cap(goal) if cap is None else cap
        floats = float(last_round.table_floats(model, goal, n, cap))
        seconds += 2e-9 * floats * cap * outcomes
        size += 8.0 * floats
    return resources.Estimate(seconds, int(size))


# The share of a solve's progress the passes take; the rest is the residual's check of every
# turn start (4-player Pig to 100: 356 s of sweeps, then 117 s of checking, which the bar
# showed at 100%).
SWEEPS_SHARE = 0.75


def first_cap(goal: int) -> int:
    """The first cap tried under equal turns (it doubles its margin until proved)."""
    return goal + max(8, goal // 2)


def cap_sequence(goal: int) -> list[int]:
    """The caps tried under equal turns, in order: the margin past the goal doubles."""
    margin = first_cap(goal) - goal
    return [goal + margin * 2 ** d for d in range(MAX_CAP_DOUBLINGS)]


def require(model: RollModel, goal: int, rules: MatchRules, cap: int | None = None) -> None:
    """Refuse up front, with the estimate, a game too big for this machine (``cap``: the
    first cap the solve tries, :func:`estimate`)."""
    capped = "" if cap is None or cap == first_cap(goal) or not rules.ending.last_round \
        else f" with cap {cap:,}"
    resources.refuse_past_budget(f"{rules.players}-player {model.name} to {goal} "
                                 f"({rules.ending}){capped} has {table_size(goal, rules):,} "
                                 f"turn starts and", estimate(model, goal, rules, cap))


# ----------------------------------------------------------------- solving
def cached_bundle(owner) -> kernels.Race:
    """The :func:`bundle` of a frozen object's ``model``, ``goal``, ``rules`` and ``cap``,
    built on first use and kept on the object (a solution, a policy file's tables)."""
    race = owner.__dict__.get("_race")
    if race is None:
        race = bundle(owner.model, owner.goal, owner.rules, owner.cap)
        object.__setattr__(owner, "_race", race)
    return race


def bundle(model: RollModel, goal: int, rules: MatchRules, cap: int,
           places: bool = False) -> kernels.Race:
    """The kernels' bundle; ``places``: keep the mover's place in the round even
    for first-to-goal (players with different policies).  Equal turns: the
    last round's tables are solved here (:mod:`jeopardy.match.last_round`)."""
    kinds, points, probs = model.arrays()
    equal = rules.ending.code
    n = rules.players
    if rules.ending.last_round:
        rows = last_round.layout(model, goal, n, cap)
        table = np.zeros(int(rows[0, last_round.OFFSET]))
    else:
        rows = np.zeros((n, 4), dtype=np.int64)
        table = np.zeros(0)
    race = kernels.Race(kinds, points, probs, np.int64(goal), np.int64(n),
                        np.int64(n if places else rules.ending.places(n)), np.int64(equal),
                        np.int64(cap),
                        table, np.int64(goal ** (n - 1)), rows, np.int64(fall_passes(model)),
                        None)
    if rules.ending.last_round:
        last_round.fill(race)
    return race


def _iterate(model: RollModel, race: kernels.Race, W: np.ndarray, tolerance: float,
             max_passes: int, progress: Callable[[float], None] | None,
             actions: kernels.Actions | None = None, mixes: dict | None = None):
    """Passes over the score sums (see the module docstring); ``actions``: every
    player follows its actions (policy evaluation) instead of maximising.

    Classes whose pure best responses cycle are settled with mixed actions
    (:func:`jeopardy.match.mixing.settle`); their tables go into ``mixes``.
    Returns ``(passes, sweeps, classes left unsettled, largest indifference gap
    of a mixed action)``."""
    if mixes is None:
        mixes = {}
    mode = 0 if actions is None else 1  # None: the kernels compiled for maximising alone
    multi_pass = model.has_bust_all
    passes = sweeps = 0
    best_change, best_pass = np.inf, 0
    while True:
        passes += 1
        previous = W.copy() if multi_pass else None
        mixes.clear()

        def report(s: int, top: int, done: float) -> None:
            progress(done if not multi_pass else min(1.0, (passes - 1 + done) / (passes + 1)))

        swept = sums.solve(race, W, tolerance, MAX_NEWTON_STEPS, mode, actions, mixes,
                           None if progress is None else report, _endless)
        sweeps += swept.sweeps
        unsettled, indifference = swept.unsettled, swept.indifference
        if not multi_pass:
            break
        change = float(np.max(np.abs(W - previous)))
        if change <= max(tolerance, ROUNDING_FLOOR):
            break
        if change < best_change / 2:
            best_change, best_pass = change, passes
        elif change < STALL_CHANGE and passes - best_pass >= STALL_PASSES:
            break
        if passes >= max_passes:
            raise JeopardyError(f"N-player race solver: no convergence in {passes} passes "
                                f"(last change {change:.1e})")
    return passes, sweeps, unsettled, indifference


def mix_arrays(mixes: dict, size: int, width: int) -> tuple[np.ndarray, np.ndarray]:
    """``(sorted keys place * size + index, mode-2 tables)`` of the kernels'
    :data:`~jeopardy.match.kernels.Actions`."""
    keys = sorted(place * size + index for place, index in mixes)
    tables = np.full((max(1, len(keys)), width), -1.0)
    for row, key in enumerate(keys):
        table = mixes[divmod(key, size)]
        tables[row, :min(width, len(table))] = table[:width]
    return np.array(keys, dtype=np.int64), tables


class _CapBound:
    """The bounds of the cap's proof (module docstring) for one bundle."""

    def __init__(self, model: RollModel, race: kernels.Race):
        self.race = race
        self.goal, self.n, self.cap = int(race.goal), int(race.players), int(race.cap)
        # Per own score i: the rolls that end the turn, at the first total past the cap,
        # with less than the goal banked (what a roll banks never falls as the turn
        # total grows, so they are the same at every larger total).
        self.ends = []  # (probability, banked[i] or -1 where that roll is not one)
        for effect, p in model.outcomes:
            banked = np.full(self.goal, -1, dtype=np.int64)
            for i in range(self.goal):
                after, _, ended = effect.apply(i, self.cap - i)
                if ended and after < self.goal:
                    banked[i] = after
            if np.any(banked >= 0):
                self.ends.append((float(p), banked))
        chances = np.zeros(self.goal)
        for p, banked in self.ends:
            chances += p * (banked >= 0)
        self.chances = chances
        self.q = float(chances.min())
        # reach(D) comes from solitaire's one-turn reach, which needs totals that never
        # fall; with a falling total the crudest bound, 1, stands in (two players only
        # read it past the stored last-round table).
        self.reach = (np.ones(self.cap + 1) if model.turn_totals_fall
                      else last_round.reach_chances(model, self.cap + 1))

    def single(self, scores):
        """``u(cap - s)``: the last player's chance from ``cap - s`` behind, alone."""
        rows = self.race.layout[1]
        if self.cap - self.goal >= rows[last_round.SPAN]:  # not stored: the cruder bound
            return self.reach[self.cap - scores]
        at = rows[last_round.OFFSET] + ((self.cap - self.goal) * (self.n - 1) * self.goal
                                        + scores) * 2 + 1
        return self.race.last[at]

    def beaten(self, later):
        """An upper bound of the chance that a later player (scores ``later[c]``)
        ends its last turn at or past a hold at the cap."""
        if later.shape[0] == 1:
            return self.single(later[0])
        return self.reach[self.cap - later].sum(axis=0)

    def possible(self) -> bool:
        """The conditions that need no values: the last round's (a bust there loses:
        a roll is worth at most 1 - q), and before the end of the round with the
        value after a bust at its least (0), the later players at ``goal - 1``."""
        if self.q == 0.0:
            return False
        return all(self.beaten(np.full((R, 1), self.goal - 1))[0] <= self.q - 1e-15
                   for R in range(1, self.n))


def _cap_holds(model: RollModel, race: kernels.Race, W: np.ndarray) -> bool:
    """The proof that the cap is harmless (module docstring), at every turn start
    of a mover before the end of the round, and in the last round."""
    bound = _CapBound(model, race)
    if bound.n == 2:
        return _cap_holds_two(model, race, W, bound)
    if not bound.possible():
        return False
    goal, n = bound.goal, bound.n
    size = goal ** n
    index = np.arange(size)
    scores = np.stack([(index // goal ** (n - 1 - m)) % goal for m in range(n)])
    others = (index % goal ** (n - 1)) * goal  # the next turn start, the mover's score 0
    q = bound.chances[scores[0]]
    for place in range(n - 1):
        # A roll is worth at most q v + 1 - q, v the mover's largest value after a roll
        # that ends the turn below the goal (at the next turn start).
        after = np.zeros(size)
        for _, banked in bound.ends:
            b = banked[scores[0]]
            counted = b >= 0
            value = W[place + 1, others + np.maximum(b, 0), n - 1]
            after = np.where(counted, np.maximum(after, value), after)
        if np.any(bound.beaten(scores[1:n - place]) > q * (1.0 - after) - 1e-15):
            return False
    return True


def _two_player_ends(model: RollModel, race: kernels.Race):
    """Two players, the first of the round, at the first total past the cap: per own
    score ``i`` the rolls that end the turn with less than the cap banked (a bust; a
    ``bust_gain``), as ``(i, banked)`` pairs, and ``q[i]``, their chance."""
    goal, cap = int(race.goal), int(race.cap)
    q = np.zeros(goal)
    ends = []
    for effect, p in model.outcomes:
        for i in range(goal):
            banked, _, ended = effect.apply(i, cap - i)
            if ended and banked < cap:
                q[i] += float(p)
                ends.append((i, banked))
    return q, ends


def _cap_possible_two(model: RollModel, race: kernels.Race) -> bool:
    """The part of :func:`_cap_holds_two` that needs no values: a roll's value after
    one of ``q``'s rolls is at least 0, so the proof fails whatever the values once the
    other player's last-turn bound passes ``q[i]`` for some ``i`` (a falling total:
    Parker Brothers to 100 fails it at its first cap, 0.234 against 0.139)."""
    q, _ = _two_player_ends(model, race)
    beaten = _CapBound(model, race).single(np.arange(int(race.goal)))
    return bool(beaten.max() <= q.min() - 1e-15)


def _cap_holds_two(model: RollModel, race: kernels.Race, W: np.ndarray, bound) -> bool:
    """Two players, the first of the round: ``q`` is the chance of a roll that ends the
    turn with less than the cap banked (:func:`_two_player_ends`), ``v_b`` the largest
    of the mover's values after one (banked at least the goal: the other player has
    one last turn, behind); any other roll is counted as a win."""
    goal = bound.goal
    j = np.arange(goal)
    # W[1, index of (j, b)] is the second of the round to move at (j, b); the first
    # player (score b) is its player 1: that player's value after banking b < goal.
    # (one-more-turn has no places: every mover stops at the cap, W[0] throughout.)
    after = W[race.places - 1].reshape(goal, goal, 2)[:, :, 1]  # [j, b]
    worst = np.zeros((goal, goal))  # [i, j]
    rows = race.layout[1]
    q, ends = _two_player_ends(model, race)
    for i, banked in ends:
        if banked < goal:
            value = after[:, banked]
        else:  # u(banked - j): the other player's last turn
            at = rows[last_round.OFFSET] + ((banked - goal) * goal + j) * 2 + 1
            value = 1.0 - race.last[at]
        worst[i] = np.maximum(worst[i], value)
    beaten = bound.single(j)
    return bool(np.all(beaten[None, :] <= q[:, None] * (1.0 - worst) - 1e-15))


def warm_up(model: RollModel, rules: MatchRules) -> None:
    """Load the compiled kernels (numba's on-disk cache), or compile them, before a
    clock starts; says so first where they must be compiled
    (:func:`jeopardy.compilation.announce_if_cold`)."""
    race = bundle(model, 2, rules, 3)
    W = np.full((race.places, 2 ** rules.players, rules.players), 1.0 / rules.players)
    found = np.zeros((1, 2), dtype=np.int64)
    ints = np.zeros(1, dtype=np.int64)
    compilation.announce_if_cold(
        (kernels.solve_sums, race, W, ints, ints, rules.players, 0, 2, 1e-15, 0, None, found, 0,
         1))
    order, starts = kernels.order_by_sum(race)
    kernels.solve_sums(race, W, order, starts, rules.players, 0, 2, 1e-15, 0, None, found, 0, 1)
    kernels.bellman_residual(race, W, 0, None)
    if rules.ending.last_round and not model.turn_totals_fall:
        last_round.reach_chances(model, 4)


METHODS = ("auto", "pair", "classes")


def method_for(model: RollModel, rules: MatchRules, method: str = "auto") -> str:
    """The method :func:`solve` uses: ``"pair"`` (:mod:`jeopardy.match.pair`) where it
    plays (:func:`jeopardy.match.pair.plays`: two players, first to the goal, turn totals
    that never fall) unless ``"classes"`` is asked for, else ``"classes"`` (the rotation
    classes by score sum of this module: every game)."""
    if method not in METHODS:
        raise validate.ParameterError("method", f"must be one of {', '.join(METHODS)}; "
                                                f"got {method!r}")
    if method == "pair" and not pair.plays(model, rules):
        model.require_rising("the race solver")  # the words every two-player command refuses with
        raise JeopardyError(f"the pair method solves two players first to the goal; "
                            f"this game is {rules}")
    return "pair" if method != "classes" and pair.plays(model, rules) else "classes"


def solve(model: RollModel, goal: int = 100, players: int = 2, ending: str = FIRST_TO_GOAL,
          tolerance: float = 1e-15, max_passes: int = 5000,
          progress: Callable[[float], None] | None = None,
          cap: int | None = None, strict: bool = True, method: str = "auto",
          cache: bool = False) -> MatchSolution:
    """Solve the race game of ``model`` to ``goal`` for ``players`` players.

    ``method`` (:func:`method_for`): by default the pair method where it plays (a
    :class:`PairSolution`), else this module's rotation classes; ``"classes"`` asks
    for the latter for every game (the tests hold the two against each other).
    ``cache`` (the pair method): read the solution from, and write it to, the cache
    directory (``$JEOPARDY_CACHE_DIR`` or ``~/.cache/jeopardy``; verified, never
    trusted).  ``cap`` (equal turns) fixes the cap instead of choosing and proving one
    (the tests use it to compare with the reference solver); a given cap is
    not checked.  A solution that did not converge raises
    :class:`~jeopardy.errors.NotConverged` (carrying it), unless ``strict`` is
    off (:mod:`jeopardy.convergence`).
    """
    model = presets.resolve(model)
    goal = validate.positive_int(goal, "goal")
    rules = MatchRules(players, ending)
    tolerance = validate.tolerance(tolerance)
    progress = validate.callback(progress)
    max_passes = validate.positive_int(max_passes, "max_passes")
    strict, cache = validate.flag(strict, "strict"), validate.flag(cache, "cache")
    if cap is not None and not rules.ending.last_round:
        raise validate.ParameterError("cap", f"is the last round's cap (equal turns, one more "
                                             f"turn); {rules.ending} has no last round")
    if method_for(model, rules, method) == "pair":
        solved = pair.solve(model, goal, tolerance, max_passes, progress, cache)
        return convergence.settled(pair_solution(solved, tolerance), f"{model.name} to {goal}",
                                   strict)
    if rules.players > 2:  # a falling column converges for two players (fall_passes)
        model.require_rising("the match solver with more than two players")
    rules.ending.require_players(rules.players)
    if not rules.ending.last_round:
        caps = [goal]
    elif cap is not None:
        caps = [validate.integer(cap, "cap", goal)]
    else:
        caps = cap_sequence(goal)
    require(model, goal, rules, caps[0])
    warm_up(model, rules)
    started = time.perf_counter()
    for attempt in caps:
        race = bundle(model, goal, rules, attempt)
        if len(caps) > 1 and attempt != caps[-1] and not (
                _CapBound(model, race).possible() if rules.players > 2
                else _cap_possible_two(model, race)):
            continue  # this cap fails its proof whatever the values: do not solve with it
        W = np.full((race.places, goal ** rules.players, rules.players), 1.0 / rules.players)
        mixes: dict = {}
        try:
            passes, sweeps, unsettled, indifference = _iterate(
                model, race, W, tolerance, max_passes,
                None if progress is None else lambda done: progress(SWEEPS_SHARE * done),
                mixes=mixes)
        except EndlessGame:
            # One more turn: where the cap keeps a first arrival's lead too small, both
            # players may rather pass forever; a larger cap is a different game.
            if len(caps) > 1 and attempt != caps[-1]:
                continue
            raise
        if not rules.ending.last_round or cap is not None or _cap_holds(model, race, W):
            break
    else:
        raise JeopardyError(f"{rules.ending}: could not prove a cap up to {caps[-1]} harmless "
                            f"for {model.name} to {goal}")
    played = kernels.Actions(kernels.NO_ACTIONS.table,
                             *mix_arrays(mixes, W.shape[1], race.cap + 2)) if mixes else None
    residual = max(sums.residual(race, W, 0, played, None if progress is None else
                                 lambda done: progress(SWEEPS_SHARE + (1 - SWEEPS_SHARE) * done)),
                   indifference)
    seconds = time.perf_counter() - started
    if progress is not None:
        progress(1.0)
    solution = MatchSolution(model, goal, rules, W, residual, seconds, passes, sweeps,
                             int(race.cap), unsettled, mixes, tolerance)
    object.__setattr__(solution, "_race", race)
    return convergence.settled(solution, f"{model.name} to {goal}, {rules}", strict)
