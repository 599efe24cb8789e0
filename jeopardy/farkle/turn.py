"""The optimal single turn of Ten Thousand: maximise the expected banked score.

``V(t, n)``: expected banked score with turn total ``t`` and ``n`` dice in
hand.  Banking (allowed once ``t >= min_bank``) gives ``t``; throwing gives
the expectation over the throw of ``V(t + score, next dice)``, or 0 if
nothing scores.

Why the table can stop: under *any* play, the expected points still to be
collected from ``n`` dice are at most ``W(n)``, the mean score collected
when throwing until nothing scores (the seed's Table 2; computed here with
the best choice of dice when rule IV.4 applies).  So throwing is worth at most
``(1 - P(n, 0)) t + W(n)`` and banking strictly wins once
``t > W(n) / P(n, 0)``.  Above that cap (plus one maximal throw) every state
banks; with rule IV.1 (no banking with six dice in hand) the six-dice values
above the cap are affine in ``t`` and solved in closed form.
"""
from __future__ import annotations

import dataclasses
from collections import namedtuple
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from jeopardy.errors import JeopardyError
from jeopardy.results import Result
from jeopardy.validate import ParameterError
from jeopardy.rules.turn_process import TurnProcess
from jeopardy.farkle.scoring import POINT_KEYS, SEED, ScoringTable, max_gain
from jeopardy.farkle.throws import option_outcomes, outcomes, stopping_table, throw_table

UNIT = 50
MAX_HAND = 6  # the most dice in a hand (the straight and the six-dice combinations)
# The most points one throw may score (the shipped tables: at most 8,000, six 1s doubled).
# The turn's tables and the round ending's grow with it: a straight of 200,000 made the
# round ending of a goal of 1,000 run for minutes before any estimate.
MAX_THROW_POINTS = 20_000


MAX_PENALTY_FARKLES = 100
MAX_PENALTY_POINTS = 1_000_000


@dataclass(frozen=True)
class Penalty:
    """``farkles`` farkles in a row lose ``points`` banked points; ``floor``: the lowest
    banked score a model keeps (Busche 2016: -2,500).  Carried by the rules so that it
    is never ignored: the single turn reports it apart; two players first to the goal
    are solved with it by :mod:`jeopardy.farkle.penalty` (the engine's per-player
    counters of busts in a row, :mod:`jeopardy.match.counters`)."""

    farkles: int = 3
    points: int = 500
    floor: int = -2500

    def __post_init__(self) -> None:
        for name in ("farkles", "points", "floor"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise JeopardyError(f"penalty.{name} must be a whole number; got {value!r}")
        # Bounds past any table: each farkle in a row is a counter state of every player,
        # and the floor's points are rows of scores (both estimated before a solve); past
        # int64 the kernels' refusal named "limit" and "points", not the penalty's keys.
        if not 1 <= self.farkles <= MAX_PENALTY_FARKLES:
            raise JeopardyError(f"penalty.farkles must be in 1-{MAX_PENALTY_FARKLES}; got "
                                f"{self.farkles:,}")
        if not 0 <= self.points <= MAX_PENALTY_POINTS:
            raise JeopardyError(f"penalty.points must be in 0-{MAX_PENALTY_POINTS:,}; got "
                                f"{self.points:,}")
        if not -MAX_PENALTY_POINTS <= self.floor <= 0:
            raise JeopardyError(f"penalty.floor must be in -{MAX_PENALTY_POINTS:,}-0; got "
                                f"{self.floor:,}")


@dataclass(frozen=True)
class FarkleRules:
    """The seed's rules and the optional rules of section IV as switches; a house
    table (:mod:`jeopardy.farkle.house`) adds its ``name``, ``scoring``, ``entry``
    and ``penalty``.

    ``entry`` (the least points of a player's first bank) needs no new state:
    without the penalty banked scores never fall, and a first bank of at least
    ``entry > 0`` leaves a positive score, so "on the board" is exactly "banked
    score above 0".  The minimum bank is then ``max(entry, min_bank)`` at score 0
    and ``min_bank`` above it: the score-dependent minimum of rule IV.2 with the
    threshold at 0 (:meth:`in_units`), solved by the same kernels.  (A head start
    from the fairness analysis counts as being on the board.)  It cannot be
    combined with IV.2, nor with the penalty in the race.
    """

    min_bank: int = 350
    no_stop_on_six: bool = False  # IV.1: may not bank when the next throw would use six dice
    keep_choice: bool = False  # IV.4: set aside any non-empty scoring part, not all of it
    goal: int = 10_000
    high_min_bank: int | None = None  # IV.2: minimum turn score once the banked score is
    high_score: int = 5_000           # above high_score (e.g. 500 above 5,000)
    exact_goal: bool = False  # IV.3: land exactly on the goal; no minimum for that bank
    continue_position: bool = False  # IV.5: start from the previous player's position
    name: str = "ten-thousand"
    scoring: ScoringTable = SEED
    entry: int = 0  # the least points of a player's first bank (0: none)
    penalty: Penalty | None = None
    dice: int = 6  # dice in a full hand: a turn starts with them, hot dice bring them back
    hot_dice: bool = True  # False: every die scored ends the throwing; the turn must bank

    def __post_init__(self) -> None:
        from jeopardy import validate

        for name in ("min_bank", "goal", "high_score") + (
                ("high_min_bank",) if self.high_min_bank is not None else ()):
            object.__setattr__(self, name, validate.integer(getattr(self, name), name))
        for name in ("no_stop_on_six", "keep_choice", "exact_goal", "continue_position"):
            if not isinstance(getattr(self, name), (bool, np.bool_)):
                raise ParameterError(name, f"must be True or False; got {getattr(self, name)!r}")
        if self.min_bank < 0 or self.min_bank % UNIT:
            raise ParameterError("min_bank", f"must be a non-negative multiple of {UNIT}; got {self.min_bank}")
        if self.goal <= 0 or self.goal % UNIT:
            raise ParameterError("goal", f"must be a positive multiple of {UNIT}; got {self.goal}")
        for name in ("high_min_bank", "high_score"):  # rule IV.2's minimum and its threshold
            value = getattr(self, name)
            if value is not None and (value < 0 or value % UNIT):
                raise ParameterError(name, f"must be a non-negative multiple of {UNIT}; got {value:,}")

        if self.no_stop_on_six and self.keep_choice:
            raise JeopardyError("rules IV.1 and IV.4 together are not supported")
        if not isinstance(self.scoring, ScoringTable):
            raise ParameterError("scoring", f"must be a ScoringTable; got {type(self.scoring).__name__}")
        if self.penalty is not None and not isinstance(self.penalty, Penalty):
            raise ParameterError("penalty", f"must be a Penalty or None; got {type(self.penalty).__name__}")
        if not isinstance(self.name, str) or not self.name:
            raise ParameterError("name", f"must be a non-empty string; got {self.name!r}")
        object.__setattr__(self, "entry", validate.integer(self.entry, "entry"))
        if self.entry < 0 or self.entry % UNIT:
            raise ParameterError("entry", f"must be a non-negative multiple of {UNIT}; got {self.entry}")
        if self.entry and self.high_min_bank is not None:
            raise JeopardyError("an entry minimum and rule IV.2 together are not supported")
        for field_name in POINT_KEYS:
            if getattr(self.scoring, field_name) > MAX_THROW_POINTS:
                raise JeopardyError(f"scoring.{field_name} must be at most "
                                    f"{MAX_THROW_POINTS:,}; got {getattr(self.scoring, field_name):,}")
            if getattr(self.scoring, field_name) % UNIT:
                raise JeopardyError(f"scoring.{field_name} must be a multiple of {UNIT} (the "
                                    f"solvers count in units of {UNIT}); got "
                                    f"{getattr(self.scoring, field_name)}")
        if max_gain(self.scoring) > MAX_THROW_POINTS:
            raise JeopardyError(f"scoring: one throw scores up to {max_gain(self.scoring):,} "
                                f"points; the solvers take tables whose best throw scores at "
                                f"most {MAX_THROW_POINTS:,}")
        if self.penalty is not None and (self.penalty.points % UNIT or self.penalty.floor % UNIT):
            raise JeopardyError(f"penalty points and floor must be multiples of {UNIT}")
        object.__setattr__(self, "dice", validate.integer(self.dice, "dice"))
        if not 1 <= self.dice <= MAX_HAND:
            raise ParameterError("dice", f"must be 1 to {MAX_HAND} (the scoring table's "
                                 f"combinations are defined for throws of at most six dice); "
                                 f"got {self.dice}")
        if not isinstance(self.hot_dice, (bool, np.bool_)):
            raise ParameterError("hot_dice", f"must be True or False; got {self.hot_dice!r}")
        if (self.dice != MAX_HAND or not self.hot_dice) and (
                self.no_stop_on_six or self.continue_position):
            raise JeopardyError("rules IV.1 and IV.5 are solved with six dice and hot dice only")

    @property
    def fresh(self) -> int:
        """Dice thrown after every die scored: the full hand, or 0 with hot dice off (the
        turn holds no dice and must bank)."""
        return self.dice if self.hot_dice else 0

    @property
    def hand_states(self) -> tuple[int, ...]:
        """The dice-in-hand counts a turn passes through: 1 to ``dice``, and 0 with hot
        dice off (every die set aside: bank or lose the turn total)."""
        return tuple(range(0 if not self.hot_dice else 1, self.dice + 1))

    @property
    def enters(self) -> bool:
        """Whether a player's first bank needs more than the minimum (:attr:`entry`)."""
        return self.entry > self.min_bank

    def every_part(self, players: int = 2) -> bool:
        """Whether rule IV.4 offers every scoring part of a throw to a game of
        ``players``, not only the best score for each number of dice kept
        (:func:`~jeopardy.farkle.scoring.keep_options`).

        Dropping a part of as many dice and fewer points needs the mover's chance to be
        nondecreasing in its turn total (same dice in hand).  Proved for two players
        (a zero-sum game) without rules IV.2 and IV.3: a mover with the higher total
        copies the other's play, the same dice set aside and the same banks.  Its
        total and then its banked score stay at least the other's; every bank the
        other may make it may make too (the minimum bank falls, or stays, as the
        banked score grows: the entry minimum applies at 0 only); the penalty takes
        the same points from both and the floor keeps their order.  Where its bank
        reaches the goal and the other's does not, first to the goal it wins; under
        equal turns the opponent then has one last turn to pass its score, and every
        way of playing that turn passes the other's lower score too, from which the
        other would at best go on.  The opponent's replies carry over move by move,
        so the copier's chance is at least the other's against each.  Not proved:
        IV.2 (a higher score may need a higher minimum, so the copy may not bank)
        and IV.3 (the fewer points may land on the goal: at 9,800 three 2s win where
        1-1-5 pass it), nor IV.5 (a bank hands its total to the next player); nor for
        three or more players, whose game is not zero-sum.  There every part is
        offered."""
        if not self.keep_choice:
            return False
        return (players > 2 or self.exact_goal or self.high_min_bank is not None
                or self.continue_position)

    def in_units(self) -> tuple[int, int, int]:
        """``(minimum bank, minimum bank above high_score, high_score)`` in units
        of 50, as the kernels use them (no IV.2: the high minimum is the minimum
        and no score is above ``high_score``; an entry minimum is the minimum at
        score 0 and ``min_bank`` above it: class docstring)."""
        if self.enters:
            return self.entry // UNIT, self.min_bank // UNIT, 0
        if self.high_min_bank is None:
            return self.min_bank // UNIT, self.min_bank // UNIT, 10 ** 9
        return self.min_bank // UNIT, self.high_min_bank // UNIT, self.high_score // UNIT

    def bank_rule(self) -> str:
        """``minimum bank 350``, with an entry minimum ``, first bank at least 500`` (the
        headers of `farkle solve` and `play`)."""
        entry = f", first bank at least {self.entry}" if self.enters else ""
        return f"minimum bank {self.min_bank}{entry}"

    def bank_past(self, goal: int) -> tuple[str, int] | None:
        """``(key, points)`` of the first least bank above ``goal`` (``min_bank``,
        ``high_min_bank``, ``entry``): a bank no turn needs to win; None where none is.
        The one check of a goal against the least banks (a rules file, `--goal`,
        ``Game(goal=...)``), each caller refusing in its own words."""
        for key in ("min_bank", "high_min_bank", "entry"):
            value = getattr(self, key) or 0
            if value > goal:
                return key, value
        return None

    def min_bank_at(self, banked: int) -> int:
        if self.enters:
            return self.entry if banked <= 0 else self.min_bank
        if self.high_min_bank is not None and banked > self.high_score:
            return self.high_min_bank
        return self.min_bank

    @property
    def max_gain(self) -> int:
        """The most points one throw scores (units)."""
        return max_gain(self.scoring) // UNIT

    def to_dict(self) -> dict:
        """The rules as JSON data (:meth:`from_dict` reads it back)."""
        data = dataclasses.asdict(self)
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "FarkleRules":
        data = dict(data)
        if isinstance(data.get("scoring"), dict):
            data["scoring"] = ScoringTable(**data["scoring"])
        if isinstance(data.get("penalty"), dict):
            data["penalty"] = Penalty(**data["penalty"])
        return cls(**data)


def gain_bound(rules: FarkleRules) -> list[float]:
    """``W(n)``, n = 1 .. dice (with the best keep choices under IV.4): the most any play
    can expect to collect."""
    if not rules.keep_choice:
        return [float(w) for w in stopping_table(rules.scoring, rules.dice, rules.fresh).W]
    W = np.zeros(rules.dice + 1)  # W[0] = 0: no dice left, nothing more to collect
    process = turn_process(rules)
    for _ in range(100_000):
        new = np.zeros(rules.dice + 1)
        for n in range(1, rules.dice + 1):
            new[n] = process.throw_value(state_of(rules, n), lambda points, nxt: (
                points * UNIT + W[dice_of(rules, nxt)]))
        if np.max(np.abs(new - W)) < 1e-9:
            return list(new[1:] + 1e-6)
        W = new
    raise JeopardyError("gain bound did not converge")


def state_of(rules: FarkleRules, dice: int) -> int:
    """The turn process's state holding ``dice`` in hand: ``dice - 1``; 0 dice (hot dice
    off, every die set aside) is the last state."""
    return dice - 1 if dice else rules.dice


def turn_process(rules: FarkleRules = FarkleRules(), players: int = 2) -> TurnProcess:
    """Ten Thousand's turn: state ``n - 1`` holds ``n`` dice (``n = 1 .. rules.dice``);
    with hot dice off a last state holds none: it may bank, and throwing there loses
    the turn total (nothing is left to throw).  Points in units of 50.  Under IV.4 the
    parts a game of ``players`` offers (:meth:`FarkleRules.every_part`)."""
    throws = []
    every = rules.every_part(players)
    for dice in range(1, rules.dice + 1):
        if rules.keep_choice:
            groups = [(p, tuple((s // UNIT, state_of(rules, m)) for s, m in choices))
                      for p, choices in option_outcomes(dice, rules.scoring, rules.fresh,
                                                        every)]
        else:
            groups = [(p, ((s // UNIT, state_of(rules, m)),) if s else ())
                      for s, m, p in outcomes(dice, rules.scoring, rules.fresh)]
        throws.append(tuple(groups))
    names = [f"{n} dice" for n in range(1, rules.dice + 1)]
    bankable = [not (rules.no_stop_on_six and dice == MAX_HAND)
                for dice in range(1, rules.dice + 1)]
    if not rules.hot_dice:
        throws.append(((Fraction(1), ()),))
        names.append("no dice")
        bankable.append(True)
    low, high_min, high = rules.in_units()
    iv2 = rules.high_min_bank is not None
    iv2 = iv2 or rules.enters  # the entry minimum: IV.2's kernels with the threshold at 0
    return TurnProcess(rules.name, tuple(names), rules.dice - 1, tuple(throws), tuple(bankable),
                       low, high_min if iv2 else None, high if iv2 else 10 ** 9,
                       rules.exact_goal, UNIT, rules.continue_position)


# A rule set's throws by dice in hand, for the kernels that index their tables so (the
# last turn of farkle/ending, the plays of farkle/versus, the simulation):
# ``pattern_offsets[n] .. [n + 1]`` are the scoring throws of ``n`` dice, each with its
# ``choices`` (points in units, next dice); ``bust[n]``: the chance that they score
# nothing.  Column 0 holds no dice (hot dice off, every die set aside): no throw there,
# only a bank.  ``hot``, ``cold``: rule IV.1's chances that six dice score and stay six,
# or score and leave (0 without the rule); ``dice``: a full hand.
Throws = namedtuple("Throws", "pattern_offsets pattern_probs choice_offsets choice_scores "
                              "choice_nexts bust hot cold dice")


def rules_throws(rules: FarkleRules, players: int = 2) -> Throws:
    """The throws of the turn process (:meth:`TurnProcess.arrays`, the parts a game of
    ``players`` offers) by dice in hand: state ``n - 1`` is column ``n``, the state
    without dice (:func:`state_of`) column 0."""
    process = turn_process(rules, players)
    arrays = process.arrays()
    dice = rules.dice
    _, hot, cold = process.lock()
    return Throws(np.concatenate(([0], arrays.pattern_offsets[:dice + 1])),
                  arrays.pattern_probs, arrays.choice_offsets, arrays.choice_points,
                  np.where(arrays.choice_nexts < dice, arrays.choice_nexts + 1, 0),
                  np.concatenate(([1.0], arrays.bust[:dice])), hot, cold, np.int64(dice))


def bank_caps(rules: FarkleRules) -> list[int]:
    """Per dice count 1 .. dice, a turn total (in units) above which banking is strictly optimal."""
    W = gain_bound(rules)
    bust = [float(row.bust) for row in throw_table(rules.scoring, rules.dice, rules.fresh)]
    return [int(np.floor(w / b / UNIT)) + 1 for w, b in zip(W, bust)]


@dataclass(frozen=True, repr=False)
class TurnSolution(Result):
    """The values and bank decisions of one Ten Thousand turn, by turn total and dice in hand."""

    rules: FarkleRules
    values: np.ndarray  # [t_units, n]  (n = 1..dice in columns 1..dice; 0: no dice left)
    bank: np.ndarray  # bool [t_units, n]
    top: int  # largest t (units) in the table
    banked: int = 0  # the player's banked score (an entry minimum applies at 0)

    def to_dict(self) -> dict:
        return {"game": self.rules.name, "banked": self.banked,
                "min_bank": self.rules.min_bank_at(self.banked), "expected": self.expected,
                "thresholds": self.thresholds(),
                "threshold_rule": [self.is_threshold(n) for n in range(1, self.rules.dice + 1)]}

    def _rows(self) -> list[dict]:
        """One row per turn total (points) and dice in hand: the value and the decision."""
        return [{"turn_total": t * UNIT, "dice": n, "value": float(self.values[t, n]),
                 "action": "bank" if self.bank[t, n] else "throw"}
                for t in range(self.top + 1) for n in self.rules.hand_states]

    @property
    def expected(self) -> float:
        return float(self.values[0, self.rules.dice])

    def thresholds(self) -> list[int | None]:
        """Per n = 1..dice: the smallest total from which banking is optimal at every larger total."""
        out = []
        for n in range(1, self.rules.dice + 1):
            column = self.bank[:, n]
            if not column[-1]:
                out.append(None)
                continue
            throws = np.flatnonzero(~column)
            first = int(throws[-1]) + 1 if len(throws) else 0
            out.append(first * UNIT)
        return out

    def is_threshold(self, n: int) -> bool:
        column = self.bank[:, n]
        first_bank = np.argmax(column)
        return bool(column[first_bank:].all())


def dice_of(rules: FarkleRules, state: int) -> int:
    """The dice in hand in a state of :func:`turn_process` (:func:`state_of` undone)."""
    return state + 1 if state < rules.dice else 0


def _throw_value(process, values, t, n, rules, top, columns):
    """Throwing ``n`` dice at turn total ``t`` (units), ``values[t, dice]`` above ``t``
    (``columns[state]``: the dice in hand in a state)."""
    return process.throw_value(state_of(rules, n), lambda points, nxt: values[
        min(t + points, top), columns[nxt]])


def solve_turn(rules: FarkleRules = FarkleRules(), policy: str = "optimal",
               banked: int = 0) -> TurnSolution:
    """Optimal (or the seed's ``Cs`` rule, ``policy="seed"``) single turn."""
    from jeopardy import resources, validate

    if not isinstance(rules, FarkleRules):
        raise ParameterError("rules", f"must be a FarkleRules; got {type(rules).__name__}")
    if policy not in ("optimal", "seed"):
        raise ParameterError("policy", f"must be 'optimal' or 'seed'; got {policy!r}")
    banked = validate.integer(banked, "banked", 0)

    # the table reaches the largest least bank (the entry minimum too) and one throw past it;
    # the banked score only picks which least bank applies (min_bank_at), so it sizes nothing
    resources.require("farkle_turn", "the Ten Thousand turn",
                      min_bank=max(rules.min_bank, rules.high_min_bank or 0, rules.entry),
                      gain=rules.max_gain * UNIT)
    caps = bank_caps(rules)
    critical = [float(c) for c in stopping_table(rules.scoring, rules.dice, rules.fresh).critical]
    minimum = rules.min_bank_at(banked) // UNIT
    cap = max(max(caps), int(max(critical) / UNIT) + 1 if policy == "seed" else 0, minimum)
    top = cap + rules.max_gain + 1
    process = turn_process(rules)
    columns = [dice_of(rules, state) for state in range(len(process.states))]
    values = np.zeros((top + 1, rules.dice + 1))
    bank = np.zeros((top + 1, rules.dice + 1), dtype=bool)
    # Above the cap everything banks; with IV.1 six dice must throw: affine tail.
    tail_slope = tail_intercept = None
    if rules.no_stop_on_six:
        hot = sum(float(p) for s, m, p in outcomes(6, rules.scoring) if m == 6)
        cold = sum(float(p) for s, m, p in outcomes(6, rules.scoring) if m and m != 6)
        hot_mean = sum(float(p) * s for s, m, p in outcomes(6, rules.scoring) if m == 6)
        cold_mean = sum(float(p) * s for s, m, p in outcomes(6, rules.scoring) if m and m != 6)
        tail_slope = cold / (1 - hot)
        tail_intercept = (cold_mean + tail_slope * hot_mean) / (1 - hot)
    for t in range(top, -1, -1):
        for n in rules.hand_states:
            points = t * UNIT
            may_bank = t >= minimum and not (rules.no_stop_on_six and n == 6 and t > 0)
            if n == 0:  # every die set aside, hot dice off: bank, or lose the total
                values[t, 0] = points if may_bank else 0.0
                bank[t, 0] = may_bank
                continue
            if t > cap or t == top:
                if may_bank:
                    values[t, n] = points
                    bank[t, n] = True
                elif rules.no_stop_on_six and n == 6:
                    values[t, n] = tail_slope * points + tail_intercept
                else:
                    values[t, n] = points
                    bank[t, n] = True
                continue
            throw = _throw_value(process, values, t, n, rules, top, columns) if t < top else 0.0
            if policy == "seed":
                keep_throwing = points <= critical[n - 1] or not may_bank
                values[t, n] = throw if keep_throwing else points
                bank[t, n] = not keep_throwing
            elif may_bank and points >= throw:
                values[t, n] = points
                bank[t, n] = True
            else:
                values[t, n] = throw
    return TurnSolution(rules, values, bank, top, banked)


def exact_turn_value(rules: FarkleRules = FarkleRules(), policy: str = "optimal") -> Fraction:
    """The expected banked score from a fresh turn in exact rationals (keep-all rule),
    following the float solution's decisions."""
    if rules.keep_choice or rules.no_stop_on_six:
        raise JeopardyError("exact turn values cover the default keep-all rules")
    solution = solve_turn(rules, policy)
    top = solution.top
    values: dict[tuple[int, int], Fraction] = {}

    def value(t: int, n: int) -> Fraction:
        return values[(min(t, top), n)]

    process = turn_process(rules)
    for t in range(top, -1, -1):
        for n in rules.hand_states:
            if solution.bank[t, n] or t == top:
                values[(t, n)] = Fraction(t * UNIT)
            else:
                values[(t, n)] = process.throw_value(
                    state_of(rules, n), lambda points, nxt: value(t + points, dice_of(rules, nxt)),
                    Fraction(0), Fraction)
    return values[(0, rules.dice)]
