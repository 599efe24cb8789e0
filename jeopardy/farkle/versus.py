"""A fixed Farkle play against optimal play: both players' exact chances (two players,
first to the goal).

A *play* says what a player does in every turn, as data (:class:`TablePlay`):

* ``situation[i, j]``: which of its tables the player reads at its banked score ``i``
  against the other's ``j`` (units of 50);
* ``bank[s, t, n]``: bank (True) or throw at turn total ``t`` (units) with ``n`` dice in
  hand (column 0: no dice left, hot dice off);
* ``prefer[s, t, m]``: after a throw the player sets aside the scoring part whose next
  state ``(t + points, m dice)`` has the largest ``prefer`` (the first of equals, in
  the order of :func:`jeopardy.farkle.throws.option_outcomes`);
* ``bank_at_goal``: bank as soon as the banked score would reach the goal.

A turn starts by throwing (a total of 0 is never banked) and banks only from the rules'
minimum (the entry minimum at a score of 0).

*Optimal play* is the solution's (:func:`jeopardy.farkle.core.solve`): at its turn start
``(i, j)`` it values a bank of ``g`` at ``1 - W[j, i + g]`` (1 at the goal) and a farkle
at ``1 - W[j, i]``, ``W`` the solved chances of the mover; it throws where the throw is
worth more than the bank, and sets aside the part of most worth.  These are the
solution's decisions whoever the other player is.

The evaluation: with both plays fixed, a turn of the player at ``i`` against ``j`` ends
in a bank (scores higher up, known) or a farkle, which hands the other player the same
scores.  So the mover's chance ``x`` at ``(i, j)`` is ``a + p (1 - y)``, ``y`` the
other's chance moving at ``(j, i)``, and ``y = b + q (1 - x)``: solved in closed form
(``p q < 1``: every throw of six dice scores with chance above 0) down the score sums
from the top, as :mod:`jeopardy.fast_pig.evaluation` does for Fast Pig.  Each turn's
``(a, p)`` is a backward pass over the turn totals carrying the value as
``c + d u`` (``u`` the farkle's value).  No iteration, no simulation.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from jeopardy.errors import JeopardyError
from jeopardy.farkle.turn import UNIT, FarkleRules, bank_caps, rules_throws
from jeopardy.results import Result


@dataclass(frozen=True, repr=False)
class TablePlay(Result):
    """A fixed play (module docstring); ``name`` is shown in results."""

    name: str
    situation: np.ndarray = field(repr=False)  # int64 [goal, goal] (units)
    bank: np.ndarray = field(repr=False)  # bool [situations, height, dice + 1]
    prefer: np.ndarray = field(repr=False)  # float64 [situations, height, dice + 1]
    bank_at_goal: bool = True

    def to_dict(self) -> dict:
        return {"name": self.name, "situations": int(self.bank.shape[0]),
                "height": int(self.bank.shape[1]), "bank_at_goal": self.bank_at_goal}


@dataclass(frozen=True, repr=False)
class Versus(Result):
    """Play A against play B: A's chance when it moves first, second, and by a fair coin."""

    game: str
    goal: int
    a: str
    b: str
    a_first: float
    a_second: float
    seconds: float

    @property
    def a_fair(self) -> float:
        return (self.a_first + self.a_second) / 2

    def to_dict(self) -> dict:
        return {"game": self.game, "goal": self.goal, "a": self.a, "b": self.b,
                "a_first": self.a_first, "a_second": self.a_second, "a_fair": self.a_fair,
                "seconds": self.seconds}


def height(rules: FarkleRules) -> int:
    """Turn totals (units) a play's tables must cover: past the goal, the largest bank
    cap and one throw (every total above the caps banks under any sensible play)."""
    return rules.goal // UNIT + max(bank_caps(rules)) + rules.max_gain + 2


def throw_arrays(rules: FarkleRules) -> tuple[np.ndarray, ...]:
    """``(group_start, group_probability, choice_start, choice_points, choice_next,
    farkle)``: the scoring throws of ``n`` dice are groups ``group_start[n] ..
    group_start[n + 1]``, each with its scoring parts ``choice_start[g] .. choice_start[g
    + 1]`` (points in units, next dice); ``farkle[n]`` the chance they score nothing
    (:func:`jeopardy.farkle.turn.rules_throws`).  Keep-all rules offer one part a throw."""
    throws = rules_throws(rules)
    return (throws.pattern_offsets, throws.pattern_probs, throws.choice_offsets,
            throws.choice_scores, throws.choice_nexts, throws.bust)


# The play that is optimal (``_turn``'s ``optimal`` and ``at_goal``), a bool and not the
# literal True: numba compiled ``_turn`` once more for Literal[bool](True)
OPTIMAL = np.bool_(True)


@njit(cache=True)
def _exit(W, i, j, g, G):
    """The mover's chance after banking ``g`` at (i, j): the goal wins, else the other
    moves at (j, i + g)."""
    if i + g >= G:
        return 1.0
    return 1.0 - W[j, i + g]


@njit(cache=True, inline='always')
def _scratch(game):
    """:func:`_turn`'s tables over ``(t, n)``: ``(c, d, dec, act)``."""
    _, D, _, _, top = game
    return (np.zeros((top + 1, D + 1)), np.zeros((top + 1, D + 1)), np.zeros((top + 1, D + 1)),
            np.zeros((top + 1, D + 1), dtype=np.int8))


@njit(cache=True, inline='always')
def _optimal_play():
    """The play bundle of optimal play (:func:`_play_arrays` of None)."""
    pref = np.zeros((1, 1, 1))
    return (OPTIMAL, np.zeros((1, 1), dtype=np.int64), np.zeros((1, 1, 1), dtype=np.bool_),
            pref, OPTIMAL, pref)


@njit(cache=True)
def _turn(i, j, minimum, game, throws, play, Wopt, Wother, scratch):
    """``(a, p)`` of the mover at (i, j): its chance is ``a + p u``, ``u`` the value of a
    farkle (``Wother``: the other player's evaluated chances).  ``play``
    (:func:`_play_arrays`): ``optimal``, decisions from ``Wopt`` (the track ``dec``),
    else from the play's tables; ``act[t, n]``: 1 where the mover banks.  Past the goal
    a play that does not bank at once wins with its chance ``sure`` of banking before a
    farkle (:func:`_sure`).  ``game``: :func:`_game`; ``throws``: :func:`throw_arrays`;
    ``scratch``: ``(c, d, dec, act)``, tables over ``(t, n)``."""
    G, D, min_table, _, top = game
    gs, gp, cs, cp, cn, farkle = throws
    optimal, sit, bank, prefer, at_goal, sure = play
    c, d, dec, act = scratch
    s = 0 if optimal else sit[i, j]
    lost = 1.0 - Wopt[j, i]  # optimal play's value of a farkle
    for t in range(top, -1, -1):
        may = t > 0 and t >= minimum
        for n in range(D + 1):
            act[t, n] = 0
            if n == 0 and D > 0 and t == 0:
                c[t, n] = 0.0
                d[t, n] = 1.0
                dec[t, n] = 0.0
                continue
            if not optimal and not at_goal and i + t >= G and t >= min_table:
                c[t, n] = sure[s, t, n]
                d[t, n] = 1.0 - sure[s, t, n]
                continue
            banked = _exit(Wother, i, j, t, G)
            if may and i + t >= G and (optimal or at_goal):
                act[t, n] = 1
                c[t, n] = 1.0
                d[t, n] = 0.0
                dec[t, n] = 1.0
                continue
            if t == top or n == 0:
                if may:
                    act[t, n] = 1
                    c[t, n] = banked
                    d[t, n] = 0.0
                    dec[t, n] = _exit(Wopt, i, j, t, G) if optimal else 0.0
                else:
                    c[t, n] = 0.0
                    d[t, n] = 1.0
                    dec[t, n] = lost
                continue
            tc = 0.0
            td = farkle[n]
            tv = farkle[n] * lost
            for g in range(gs[n], gs[n + 1]):
                p = gp[g]
                best = -1
                worth = -1e300
                for k in range(cs[g], cs[g + 1]):
                    u = min(t + cp[k], top)
                    w = dec[u, cn[k]] if optimal else prefer[s, u, cn[k]]
                    if w > worth:
                        worth = w
                        best = k
                u = min(t + cp[best], top)
                tc += p * c[u, cn[best]]
                td += p * d[u, cn[best]]
                if optimal:
                    tv += p * dec[u, cn[best]]
            if optimal:
                if may and _exit(Wopt, i, j, t, G) >= tv:
                    act[t, n] = 1
                    c[t, n] = banked
                    d[t, n] = 0.0
                    dec[t, n] = _exit(Wopt, i, j, t, G)
                else:
                    c[t, n] = tc
                    d[t, n] = td
                    dec[t, n] = tv
            elif may and bank[s, t, n]:
                act[t, n] = 1
                c[t, n] = banked
                d[t, n] = 0.0
            else:
                c[t, n] = tc
                d[t, n] = td
    return c[0, D], d[0, D]


@njit(cache=True)
def _sure(D, minimum, top, throws, bank, prefer, out):
    """``out[s, t, n]``: the chance that a play in situation ``s`` banks before a farkle
    from turn total ``t`` with ``n`` dice (every bank wins past the goal)."""
    gs, gp, cs, cp, cn, _ = throws
    for s in range(bank.shape[0]):
        for t in range(top, -1, -1):
            may = t > 0 and t >= minimum
            for n in range(D + 1):
                if may and (t == top or bank[s, t, n] or n == 0):
                    out[s, t, n] = 1.0
                    continue
                if n == 0 or t == top:
                    out[s, t, n] = 0.0
                    continue
                total = 0.0
                for g in range(gs[n], gs[n + 1]):
                    best = -1
                    worth = -1e300
                    for k in range(cs[g], cs[g + 1]):
                        w = prefer[s, min(t + cp[k], top), cn[k]]
                        if w > worth:
                            worth = w
                            best = k
                    total += gp[g] * out[s, min(t + cp[best], top), cn[best]]
                out[s, t, n] = total


@njit(cache=True)
def _evaluate(game, throws, Wopt, play_a, play_b, WA, WB):
    """Fill ``WA[i, j]`` (A moves at its i against B's j) and ``WB[j, i]``, down the sums
    (``play_a``, ``play_b``: :func:`_play_arrays`)."""
    G, _, min_low, min_first, _ = game
    scratch = _scratch(game)
    for total in range(2 * G - 2, -1, -1):
        for i in range(max(0, total - G + 1), min(G - 1, total) + 1):
            j = total - i
            mi = min_first if i == 0 else min_low
            mj = min_first if j == 0 else min_low
            a, p = _turn(i, j, mi, game, throws, play_a, Wopt, WB, scratch)
            b, q = _turn(j, i, mj, game, throws, play_b, Wopt, WA, scratch)
            x = (a + p * (1.0 - b - q)) / (1.0 - p * q)
            WA[i, j] = x
            WB[j, i] = b + q * (1.0 - x)


@njit(cache=True)
def _first_banks(game, throws, Wopt, out):
    """``out[i, j, n]``: the lowest turn total (units) at which optimal play banks with
    ``n`` dice at (i, j) (``top``: it never banks below the table's top)."""
    G, D, min_low, min_first, top = game
    scratch = _scratch(game)
    act = scratch[3]
    play = _optimal_play()
    for i in range(G):
        for j in range(G):
            m = min_first if i == 0 else min_low
            _turn(i, j, m, game, throws, play, Wopt, Wopt, scratch)
            for n in range(1, D + 1):
                out[i, j, n] = top
                for t in range(1, top + 1):
                    if act[t, n]:
                        out[i, j, n] = t
                        break


@njit(cache=True)
def _gains(D, top, throws, dec, act, mass, gain):
    """The mover's turn under the decisions ``act`` / ``dec`` of :func:`_turn`:
    ``gain[t]`` the chance it banks ``t`` (a bank at the goal included); returns the
    chance of a farkle."""
    gs, gp, cs, cp, cn, farkle = throws
    mass[:, :] = 0.0
    gain[:] = 0.0
    mass[0, D] = 1.0
    lost = 0.0
    for t in range(top + 1):
        for n in range(D + 1):
            m = mass[t, n]
            if m == 0.0:
                continue
            if act[t, n]:
                gain[t] += m
                continue
            if n == 0:
                lost += m
                continue
            lost += m * farkle[n]
            for g in range(gs[n], gs[n + 1]):
                p = gp[g]
                best = -1
                worth = -1e300
                for k in range(cs[g], cs[g + 1]):
                    w = dec[min(t + cp[k], top), cn[k]]
                    if w > worth:
                        worth = w
                        best = k
                mass[min(t + cp[best], top), cn[best]] += m * p
    return lost


@njit(cache=True)
def _met(game, throws, Wopt, visits):
    """``visits[i, j]``: how often, on average, a turn starts at the mover's ``i`` against
    ``j`` in a game of optimal play by both from (0, 0), up the score sums."""
    G, D, min_low, min_first, top = game
    scratch_a = _scratch(game)
    c, d, dec_a, act_a = scratch_a
    scratch_b = (c, d, np.zeros((top + 1, D + 1)), np.zeros((top + 1, D + 1), dtype=np.int8))
    dec_b, act_b = scratch_b[2], scratch_b[3]
    mass = np.zeros((top + 1, D + 1))
    gain_a = np.zeros(top + 1)
    gain_b = np.zeros(top + 1)
    play = _optimal_play()
    inflow = np.zeros((G, G))
    inflow[0, 0] = 1.0
    for total in range(2 * G - 1):
        for i in range(max(0, total - G + 1), min(G - 1, total) + 1):
            j = total - i
            if i > j:
                continue
            mi = min_first if i == 0 else min_low
            _turn(i, j, mi, game, throws, play, Wopt, Wopt, scratch_a)
            fa = _gains(D, top, throws, dec_a, act_a, mass, gain_a)
            if i == j:
                ra = inflow[i, j] / (1.0 - fa)
                visits[i, j] = ra
                for t in range(1, G - i):
                    inflow[j, i + t] += ra * gain_a[t]
                continue
            mj = min_first if j == 0 else min_low
            _turn(j, i, mj, game, throws, play, Wopt, Wopt, scratch_b)
            fb = _gains(D, top, throws, dec_b, act_b, mass, gain_b)
            ra = (inflow[i, j] + fb * inflow[j, i]) / (1.0 - fa * fb)
            rb = inflow[j, i] + fa * ra
            visits[i, j] = ra
            visits[j, i] = rb
            for t in range(1, G - i):
                inflow[j, i + t] += ra * gain_a[t]
            for t in range(1, G - j):
                inflow[i, j + t] += rb * gain_b[t]


def turn_starts_met(solution) -> np.ndarray:
    """``[i, j]`` (units): the expected number of turns begun at the mover's ``i`` against
    ``j`` when both play optimally from (0, 0) (the weights of the card's medians)."""
    rules, W = _check(solution)
    G, D = rules.goal // UNIT, rules.dice
    top = height(rules) - 1
    low, first = _minimums(rules)
    visits = np.zeros((G, G))
    _met((G, D, low, first, top), throw_arrays(rules), W, visits)
    return visits


def _check(solution) -> tuple[FarkleRules, np.ndarray]:
    rules = solution.rules
    if not solution.first_to_reach or solution.players != 2:
        raise JeopardyError("plays are evaluated for two players, first to the goal")
    if rules.penalty is not None or rules.high_min_bank is not None or rules.exact_goal \
            or rules.no_stop_on_six or rules.continue_position:
        raise JeopardyError("plays are evaluated under house rules without the penalty and "
                            "without rules IV.1-IV.3 and IV.5")
    return rules, np.ascontiguousarray(solution.VF)


def _minimums(rules: FarkleRules) -> tuple[int, int]:
    """``(minimum bank on the board, minimum of a player's first bank)`` in units."""
    low = rules.min_bank // UNIT
    return low, (rules.entry // UNIT if rules.enters else low)


def _play_arrays(play, rules: FarkleRules, top: int, arrays):
    if play is None:  # optimal
        return (True, np.zeros((1, 1), dtype=np.int64), np.zeros((1, 1, 1), dtype=np.bool_),
                np.zeros((1, 1, 1)), True, np.zeros((1, 1, 1)))
    G = rules.goal // UNIT
    if play.situation.shape != (G, G) or play.bank.shape[1:] != (top + 1, rules.dice + 1) \
            or play.prefer.shape != play.bank.shape:
        raise JeopardyError(f"play {play.name!r} does not fit {rules.name} to {rules.goal}")
    if play.situation.min() < 0 or play.situation.max() >= play.bank.shape[0]:
        raise JeopardyError(f"play {play.name!r}: a situation has no table")
    bank = np.ascontiguousarray(play.bank, dtype=np.bool_)
    prefer = np.ascontiguousarray(play.prefer, dtype=np.float64)
    sure = np.zeros(bank.shape)
    _sure(rules.dice, rules.min_bank // UNIT, top, arrays, bank, prefer, sure)
    return (False, np.ascontiguousarray(play.situation, dtype=np.int64), bank, prefer,
            bool(play.bank_at_goal), sure)


def versus(solution, a: TablePlay | None, b: TablePlay | None = None) -> Versus:
    """Exact chances of play ``a`` against play ``b`` (None: the solution's optimal play)
    in the solved game (``solution``: :class:`jeopardy.farkle.core.CoreFarkleSolution`,
    two players, first to the goal)."""
    started = time.perf_counter()
    rules, W = _check(solution)
    G, D = rules.goal // UNIT, rules.dice
    top = height(rules) - 1
    arrays = throw_arrays(rules)
    low, first = _minimums(rules)
    WA = np.zeros((G, G))
    WB = np.zeros((G, G))
    _evaluate((G, D, low, first, top), arrays, W, _play_arrays(a, rules, top, arrays),
              _play_arrays(b, rules, top, arrays), WA, WB)
    name = (lambda play: "optimal" if play is None else play.name)
    return Versus(rules.name, rules.goal, name(a), name(b), float(WA[0, 0]),
                  float(1.0 - WB[0, 0]), time.perf_counter() - started)


def optimal_first_banks(solution) -> np.ndarray:
    """``[i, j, n]`` (units): the lowest turn total at which optimal play banks with ``n``
    dice at its score ``i`` against ``j`` (the table's top where it never banks)."""
    rules, W = _check(solution)
    G, D = rules.goal // UNIT, rules.dice
    top = height(rules) - 1
    low, first = _minimums(rules)
    out = np.zeros((G, G, D + 1), dtype=np.int64)
    _first_banks((G, D, low, first, top), throw_arrays(rules), W, out)
    return out
