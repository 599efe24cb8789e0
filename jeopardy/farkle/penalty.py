"""Farkle with a penalty for farkles in a row, solved on the engine's bust counters.

A rule set's ``[penalty]`` (``farkles`` in a row lose ``points``; banked scores
kept at or above ``floor``) is :class:`jeopardy.match.counters.BustPenalty` in
units of 50 on the rule set's turn process (:func:`jeopardy.farkle.core.turn_process`);
the solve is :func:`jeopardy.match.counters.solve` (two players, first to the
goal: Busche's game; or the round ending, with the second player's last turn and
the first player's bounds of :func:`jeopardy.farkle.ending.penalty_round_ending`).
At the floor a penalty leaves the score at the floor.

Refused in one line (never ignored): the penalty for more than two players (the
counters of the match state are kept for two), with an entry minimum (with the
penalty a score can fall back to 0 or below after the first bank, so "on the
board" needs a state of its own, not modelled), and with rules IV.1, IV.3, IV.5.
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import Callable

from jeopardy import resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.farkle.core import EngineResult, rules_dict, turn_process
from jeopardy.farkle.turn import UNIT, FarkleRules
from jeopardy.match import counters

# Rounds of :func:`jeopardy.match.counters.solve` to expect (measured: 5 at goals 1,000
# to 3,000); the estimate's time scales one round by them
EXPECTED_ROUNDS = 5
# seconds per choice evaluation of a round, on average over the rounds (measured, one
# core, under load: goal 3,000, floor -1,000: 20 s for five rounds of 2.2e9)
SECONDS_PER_CHOICE = 1.9e-9


@dataclass(frozen=True, repr=False)
class PenaltyFarkleSolution(EngineResult):
    """Two-player Farkle, first to the goal or the round ending, with the penalty for
    farkles in a row."""

    rules: FarkleRules
    solution: counters.CounterSolution = field(repr=False)

    @property
    def first_to_reach(self) -> bool:
        return not self.solution.rounds_ending

    def value(self, mine: int, my_farkles: int, theirs: int, their_farkles: int,
              first: bool = True) -> float:
        """The chance of the player to move at banked scores ``mine`` and ``theirs``
        (points) with these farkles in a row (``first``: the first of the round)."""
        for score in (mine, theirs):
            if score % UNIT or not self.rules.penalty.floor <= score < self.rules.goal:
                raise JeopardyError(f"scores must be multiples of {UNIT} in "
                                    f"{self.rules.penalty.floor}..{self.rules.goal - UNIT}")
        for count in (my_farkles, their_farkles):
            if not 0 <= count < self.rules.penalty.farkles:
                raise JeopardyError(f"farkles in a row must be 0..{self.rules.penalty.farkles - 1}")
        return self.solution.value(mine // UNIT, my_farkles, theirs // UNIT, their_farkles,
                                   0 if first or self.first_to_reach else 1)

    def to_dict(self) -> dict:
        p = self.rules.penalty
        return {**rules_dict(self.rules, self.first_to_reach),
                "win_probability": self.win_probability,
                "states": self.states, "seconds": self.seconds,
                "max_residual": self.max_residual, "converged": self.converged,
                "penalty": {"farkles": p.farkles, "points": p.points, "floor": p.floor},
                "rounds": self.solution.rounds, "sweeps": self.solution.sweeps}


def bust_penalty(rules: FarkleRules) -> counters.BustPenalty:
    """The rules' penalty in the engine's units."""
    p = rules.penalty
    return counters.BustPenalty(p.farkles, p.points // UNIT, p.floor // UNIT)


def refuse_unsolved(rules: FarkleRules, first_to_reach: bool) -> None:
    """Refuse, in one line, what the penalty's solve does not model (module docstring)."""
    if rules.penalty is None:
        raise JeopardyError(f"rules {rules.name!r} have no [penalty]")
    if rules.enters:
        raise JeopardyError(f"rules {rules.name!r}: an entry minimum with the penalty is not "
                            "modelled (a penalty can take a player who is on the board back "
                            "to 0 or below)")
    if rules.no_stop_on_six or rules.exact_goal or rules.continue_position:
        raise JeopardyError("the penalty is solved without rules IV.1, IV.3 and IV.5")


def estimate(rules: FarkleRules, first_to_reach: bool = True) -> tuple[float, int]:
    """Rough ``(seconds, bytes)`` of :func:`solve`: five Bellman rounds over every turn
    row (goal 10,000, floor -2,500: about 10 min on one core), and the recorded play:
    one float per bank total below the goal, per turn start.  The round ending keeps a
    table per place, the first's rows past the goal to its bound (counted as the goal's
    worth again: about 800 units at 10,000)."""
    penalty = bust_penalty(rules)
    size = rules.goal // UNIT - penalty.floor  # banked scores kept
    rows = size * (size + 3) // 2  # turn rows of one turn start per score (top: goal - own)
    places = 1 if first_to_reach else 2
    if not first_to_reach:
        rows = rows * 2 + size * max(size, 200)
    choices = 900 if rules.keep_choice else 300  # entries of the throw table (845, 254)
    work = rows * size * penalty.limit ** 2 * choices
    seconds = 5 + EXPECTED_ROUNDS * SECONDS_PER_CHOICE * work
    recorded = size * (size - 1) // 2  # bank totals below the goal
    return seconds, places * (8 * recorded * size * penalty.limit ** 2 + 48 * size * size *
                              penalty.limit ** 2) + 100_000_000


def require(rules: FarkleRules, first_to_reach: bool = True) -> None:
    """Refuse, before any work, a solve past this machine's budget (:mod:`jeopardy.resources`);
    warn of a long one."""
    seconds, size = estimate(rules, first_to_reach)
    cost = resources.Estimate(seconds, size)
    limit = resources.budget()
    what = f"goal {rules.goal:,}, floor {rules.penalty.floor:,} (Farkle with the penalty)"
    if not resources.fits(cost, limit):
        over = "time" if cost.seconds > limit.seconds else "memory"
        raise JeopardyError(f"{what} needs {resources.describe(cost)}, past this machine's "
                            f"{over} budget ({resources.duration(limit.seconds)}, "
                            f"{resources.size_text(limit.bytes)}; JEOPARDY_TIME_LIMIT / "
                            "JEOPARDY_MEMORY_LIMIT)")
    if cost.seconds > resources.NOTICE_SECONDS:
        warnings.warn(f"{what}: expect {resources.describe(cost)}", resources.LongRunNotice,
                      stacklevel=3)


def solve(rules: FarkleRules, first_to_reach: bool = True,
          progress: Callable[[float], None] | None = None, tolerance: float = 1e-13,
          strict: bool = True) -> PenaltyFarkleSolution:
    """Solve two-player Farkle with the penalty (``strict``: as
    :func:`jeopardy.match.counters.solve`), first to the goal or with the round ending;
    refused up front past the budget."""
    from jeopardy.farkle.ending import penalty_round_ending

    if not isinstance(rules, FarkleRules):
        raise JeopardyError(f"rules must be a FarkleRules; got {type(rules).__name__}")
    progress = validate.callback(progress)
    first_to_reach = validate.flag(first_to_reach, "first_to_reach")
    strict = validate.flag(strict, "strict")
    refuse_unsolved(rules, first_to_reach)
    require(rules, first_to_reach)
    ending = None if first_to_reach else penalty_round_ending(rules)

    def report(kind: str, count: int, change: float) -> None:
        if progress is not None and kind == "bellman":
            progress(min(count / EXPECTED_ROUNDS, 0.95))

    solution = counters.solve(turn_process(rules), rules.goal // UNIT, bust_penalty(rules),
                              tolerance, progress=report, strict=strict, ending=ending)
    if progress is not None:
        progress(1.0)
    return PenaltyFarkleSolution(rules, solution)
