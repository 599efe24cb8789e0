"""Maximise the expected final score over a fixed number of turns.

``F(r, s, t)`` is the expected final score at turn ``r`` (1..n) with banked
score ``s`` and turn total ``t``; ``F(n + 1, s, 0) = s`` and

    F(r, s, t) = max( F(r + 1, s + t, 0),                       (hold)
                      sum_e p_e * F(state after e) )            (roll)

where a bust leads to ``F(r + 1, s, 0)`` and a bust-all to ``F(r + 1, 0, 0)``.
The state space has no cycles, so one backward pass over turns (and, within a
turn, over decreasing ``t``) solves it.  The paper's ``E(r, s, t)`` (expected
future gain) is ``F(r, s, t) - s - t``.

Why the turn-total cap is exact
-------------------------------
Let ``g`` be the expected points one roll adds, ``p_end`` the probability a
roll ends the turn, ``p_cont = 1 - p_end`` and ``p_lose`` the probability a
roll ends it without banking the turn total (bust, bust-all, bust-gain; its
points count in ``g``).
Write ``G(r, s) = F(r, s, 0) - s >= 0`` (holding at once is allowed).

1. ``G(r, s) <= G(r, 0)``: a player with nothing banked can copy the moves of
   one with ``s`` banked; they gain the same points and lose no more.
2. Within a turn the expected gross gain of any play is at most
   ``g / p_end`` (at most ``1 / p_end`` rolls are expected).
3. Hence ``F(r, s', t') <= s' + t' + g / p_end + G(r + 1, 0)`` mid-turn, and

       roll - hold <= g + p_cont g / p_end + G(r + 1, 0) - p_lose t - p_all s.

So holding is strictly better whenever ``t > t_cap(r) = (g + p_cont g / p_end
+ G(r + 1, 0)) / p_lose``.  The solver forces a hold above a cap ``T``, then
checks ``t_cap(r) <= T`` for every turn with the ``G(r + 1, 0)`` it computed
(backwards induction makes each of those exact); if the check fails, ``T``
grows and the pass is repeated.  Banked scores then never exceed
``(r - 1) (T + max points)``, which bounds the table.

Bounded scores
--------------
With ``score_cap=S`` a final score counts as ``min(score, S)``: the reading
of a DP whose score table ends at ``S``.  Then no value exceeds ``S`` and a
state with ``s + t >= S`` reaches ``S`` by holding, so forcing a hold above
``T = S`` is exact (no certificate needed).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from jeopardy import resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.expected.policies import HOLD_AT, LINEAR_LE, LINEAR_LT, ScorePolicy, roll_gain
from jeopardy.results import Result
from jeopardy.rules import presets
from jeopardy.rules.compiled import END, roll_result, value_of_rolling
from jeopardy.rules.roll_model import RollModel



def check_model(model: RollModel) -> None:
    model.require_rising("the expected-score solver")
    if model.has_double:
        raise JeopardyError("expected-score games with a doubling effect have no bounded "
                            "turn total; not supported")
    if model.probability_of_losing() == 0:
        raise JeopardyError("expected-score games need a roll that loses the turn total")


@njit(cache=True, nogil=True)
def _column(rules, policy, following, s, cap, t_top, scratch, flags):
    """One banked score ``s`` of one turn, backwards over ``t``: the value of rolling and
    of holding, the policy's decision and the resulting value.  The bundles:
    ``rules = (kinds, points, probs)`` (the roll model's arrays); ``policy = (kind, a, b,
    c)`` (:meth:`ScorePolicy.numba_parameters`); ``following = (next_start, collapsed,
    g_next)``, the next turn's ``F(r + 1, x, 0)`` (collapsed: ``x + g_next``);
    ``scratch = (vals, rolls, holds)``, filled over ``t = 0 .. t_top``."""
    next_start, collapsed, g_next = following
    policy_kind, a, b, c = policy
    vals, rolls, holds = scratch
    # F(r + 1, x, 0) for the scores x this column can bank (x <= s + t_top)
    ended = np.arange(s + t_top + 1) + g_next if collapsed else next_start
    for t in range(t_top, -1, -1):
        hold = ended[s + t]
        holds[t] = hold
        if t > cap:
            vals[t] = hold
            rolls[t] = -np.inf
            continue
        roll = value_of_rolling(rules, s, t, vals, ended, np.nan)  # no roll passes t_top
        rolls[t] = roll
        if policy_kind == 0:  # optimal, ties hold
            decision = roll > hold + 1e-12 * (1.0 + abs(hold))
        elif policy_kind == 4:  # optimal, ties roll
            decision = roll >= hold - 1e-12 * (1.0 + abs(hold))
        elif policy_kind == 1:
            decision = a * s + b * t <= c
        elif policy_kind == 2:
            decision = a * s + b * t < c
        else:
            decision = t < c
        vals[t] = roll if decision else hold
        flags[t] = 1 if decision else 0


@njit(cache=True, nogil=True)
def _turn(rules, policy, following, s_top, cap, t_top, out_start, roll_flags):
    """One turn backwards: ``F(r, s, 0)`` for ``s = 0 .. s_top`` and the roll decisions
    (the bundles as :func:`_column`'s)."""
    scratch = (np.empty(t_top + 1), np.empty(t_top + 1), np.empty(t_top + 1))
    for s in range(s_top + 1):
        _column(rules, policy, following, s, cap, t_top, scratch, roll_flags[s])
        out_start[s] = scratch[0][0]


@njit(cache=True, nogil=True)
def _reach_turn(start_mask, roll_flags, kinds, points, collapsed, cap, t_top, next_mask, reach):
    """States reachable in one turn from the start scores in ``start_mask``."""
    s_count = start_mask.shape[0]
    for s in range(s_count):
        if not start_mask[s]:
            continue
        reach[s, 0] = 1
        for t in range(t_top + 1):
            if not reach[s, t]:
                continue
            row = 0 if collapsed else s
            rolls = t <= cap and roll_flags[row, t] == 1
            if not rolls:
                next_mask[s + t] = 1
                continue
            for e in range(kinds.shape[0]):
                banked, after, outcome = roll_result(kinds[e], points[e], s, t)
                if outcome == END:
                    next_mask[banked] = 1
                else:
                    reach[s, after] = 1


@dataclass(frozen=True, repr=False)
class ScoreSolution(Result):
    """Values and decisions of one policy in the n-turn expected-score game."""

    model: RollModel
    turns: int
    policy: ScorePolicy
    expected: float  # F(1, 0, 0)
    cap: int  # turn totals above it are holds (certified for the optimal policy)
    collapsed: bool  # True when values do not depend on s beyond adding it
    starts: list = field(repr=False)  # starts[r - 1][s] = F(r, s, 0)
    roll_flags: list = field(repr=False)  # roll_flags[r - 1][s, t]
    seconds: float = 0.0
    cap_rounds: int = 1
    score_cap: int | None = None  # final scores count as min(score, score_cap)

    def to_dict(self) -> dict:
        return {"game": self.model.name, "turns": self.turns, "policy": str(self.policy),
                "policy_rule": self.policy.to_dict(), "expected": self.expected,
                "score_cap": self.score_cap, "cap": self.cap, "cap_rounds": self.cap_rounds,
                "seconds": self.seconds}

    def _rows(self) -> list[dict]:
        """``F(r, s, 0)``: the expected final score at the start of turn ``r`` with ``s``
        banked (collapsed solutions, where ``F(r, s, 0) = s + F(r, 0, 0)``, give ``s = 0``)."""
        return [{"turn": r, "score": s, "expected_final_score": float(v)}
                for r, start in enumerate(self.starts, start=1) for s, v in enumerate(start)]

    def final_values(self, size: int) -> np.ndarray:
        """``F(n + 1, s, 0)`` for s = 0..size-1: the score, capped if the game is bounded."""
        values = np.arange(size, dtype=np.float64)
        return values if self.score_cap is None else np.minimum(values, float(self.score_cap))

    @property
    def max_points(self) -> int:
        return max(e.points for e, _ in self.model.outcomes)

    @property
    def t_top(self) -> int:
        return self.cap + self.max_points

    def rolls(self, r: int, s: int, t: int) -> bool:
        if t > self.cap:
            return False
        flags = self.roll_flags[r - 1]
        return bool(flags[0 if self.collapsed else s, t])

    def reachable(self) -> list[np.ndarray]:
        """For each turn, a boolean array ``[s, t]`` of states reachable from (1, 0, 0)."""
        kinds, points, _ = self.model.arrays()
        masks = []
        start = np.zeros(1, dtype=np.int8)
        start[0] = 1
        for r in range(1, self.turns + 1):
            s_count = start.shape[0]
            reach = np.zeros((s_count, self.t_top + 1 + self.max_points), dtype=np.int8)
            nxt = np.zeros(s_count + self.t_top + self.max_points + 1, dtype=np.int8)
            _reach_turn(start, self.roll_flags[r - 1], kinds, points, self.collapsed, self.cap,
                        self.t_top, nxt, reach)
            masks.append(reach[:, : self.t_top + 1].astype(bool))
            start = nxt
        return masks


def solve_expected(model: RollModel, turns: int, policy: ScorePolicy, cap: int | None = None,
                   max_rounds: int = 12, collapse: bool = True,
                   score_cap: int | None = None) -> ScoreSolution:
    """Expected final score of ``policy`` (or the optimum) over ``turns`` turns.

    ``score_cap``: final scores count as ``min(score, score_cap)`` (a bounded
    score table); the turn-total cap is then ``score_cap`` itself (see the
    module docstring).
    """
    model = presets.resolve(model)
    check_model(model)
    turns = validate.positive_int(turns, "turns")
    collapse = validate.flag(collapse, "collapse")
    if cap is not None:
        cap = validate.positive_int(cap, "cap")
    if score_cap is not None:
        score_cap = validate.positive_int(score_cap, "score_cap")
    if not isinstance(policy, ScorePolicy):
        raise validate.ParameterError("policy", f"must be a ScorePolicy (jeopardy.score_policies);"
                                                f" got {type(policy).__name__}")
    resources.require("expected", "the expected-score solver", turns=turns)
    if policy.kind in (LINEAR_LE, LINEAR_LT):
        if policy.a < 0 or policy.b <= 0:
            raise JeopardyError("a linear rule A*s + B*t <= C needs A >= 0 and B > 0 "
                                "(otherwise it may never stop)")
    if score_cap is not None:
        if score_cap < 1:
            raise JeopardyError(f"score cap must be a positive integer; got {score_cap}")
        started = time.perf_counter()
        policy_cap = int(policy.c / policy.b) + 1 if policy.kind in (LINEAR_LE, LINEAR_LT) else (
            int(policy.c) if policy.kind == HOLD_AT else 0)
        solution, _ = _solve_with_cap(model, turns, policy, max(score_cap, policy_cap), 0.0, 0.0,
                                      1.0, 1.0, collapse=False, score_cap=score_cap)
        return ScoreSolution(**{**solution.__dict__, "seconds": time.perf_counter() - started})
    started = time.perf_counter()
    p_end = float(model.probability_of_ending())
    p_lose = float(model.probability_of_losing())
    g = float(roll_gain(model))
    p_cont = 1.0 - p_end
    policy_cap = 0
    if policy.kind in (LINEAR_LE, LINEAR_LT):
        policy_cap = int(policy.c / policy.b) + 1
    elif policy.kind == HOLD_AT:
        policy_cap = int(policy.c)
    T = cap if cap is not None else max(16, policy_cap, int(2 * (g + p_cont * g / p_end) / p_lose))
    for rounds in range(1, validate.positive_int(max_rounds, "max_rounds") + 1):
        solution, needed = _solve_with_cap(model, turns, policy, T, g, p_cont, p_end, p_lose,
                                           collapse)
        if not policy.is_optimal:
            needed = policy_cap
        if needed <= T:
            return ScoreSolution(**{**solution.__dict__, "seconds": time.perf_counter() - started,
                                    "cap_rounds": rounds})
        if cap is not None:
            raise JeopardyError(f"cap {cap} is below the certified bound {needed}")
        T = max(2 * T, needed + 1)
    raise JeopardyError("could not certify a turn-total cap")


def table_cost(turns: int, T: int, max_points: int, outcomes: int,
               collapsed: bool) -> resources.Estimate:
    """``(seconds, bytes)`` of :func:`_solve_with_cap` at turn-total cap ``T``: per turn
    ``r`` a table of ``s_top + 1`` start scores by ``T + 1`` turn totals (``s_top`` 0
    collapsed, else ``(r - 1) (T + max_points)``), one int8 action and a read of each
    outcome per cell, and the next turn's float64 start values over ``turns (T +
    max_points)`` scores (twice: the array and its copy).  Calibration (this machine,
    warm): Pig, 10 turns of a linear rule at cap 2,000, 1.8e8 cells in 3.2 s; 5 turns
    collapsed at cap 200,000 in 0.07 s."""
    t_top = T + max_points
    rows = sum(1 + (0 if collapsed else (r - 1) * t_top) for r in range(1, turns + 1))
    cells = float(rows) * (T + 1)
    seconds = 3e-9 * cells * max(outcomes, 1) + 6e-8 * turns * t_top
    return resources.Estimate(seconds, int(resources.BASE_BYTES + cells + 8 * rows
                                           + 16 * turns * t_top))


def _solve_with_cap(model, turns, policy, T, g, p_cont, p_end, p_lose, collapse=True,
                    score_cap=None):
    rules = model.arrays()  # (kinds, points, probs)
    max_points = int(rules[1].max())
    collapsed = collapse and not model.has_bust_all and (
        policy.is_optimal or policy.kind == HOLD_AT or policy.a == 0)
    # the cap (given, certified, the score cap or the policy's hold) sizes every table
    resources.refuse_past_budget(
        f"the expected score of {model.name} over {turns} turns with turn totals to {T:,}",
        table_cost(turns, T, max_points, len(rules[0]), collapsed))
    t_top = T + max_points
    parameters = policy.numba_parameters()
    starts = [None] * turns
    flags = [None] * turns
    next_start = np.arange(turns * t_top + 1, dtype=np.float64)  # F(n + 1, s, 0) = s
    if score_cap is not None:
        next_start = np.minimum(next_start, float(score_cap))
    g_next = 0.0
    needed = 0
    for r in range(turns, 0, -1):
        # Certified cap for turn r uses G(r + 1, 0), exact by backwards induction.
        bound = (g + p_cont * g / p_end + g_next) / p_lose
        needed = max(needed, int(np.floor(bound)) + 1)
        s_top = 0 if collapsed else (r - 1) * t_top
        out = np.empty(s_top + 1)
        roll_flags = np.zeros((s_top + 1, T + 1), dtype=np.int8)
        _turn(rules, parameters, (next_start, collapsed, g_next), s_top, T, t_top, out,
              roll_flags)
        starts[r - 1] = out
        flags[r - 1] = roll_flags
        if collapsed:
            g_next = out[0]
        else:
            next_start = out
            g_next = out[0]  # G(r, 0) = F(r, 0, 0)
    expected = float(starts[0][0])
    return ScoreSolution(model, turns, policy, expected, T, collapsed, starts, flags,
                         score_cap=score_cap), needed
