"""Two-player Ten Thousand solved by the match solver: its turn as a turn process.

The turn states are the dice in hand (1 to 6, a fresh turn starts with six);
a throw's outcomes are the seed's scoring (:mod:`jeopardy.farkle.throws`):
under the keep-all rule one choice (all scoring dice set aside), under rule
IV.4 every scoring part, or the best of each size where that is proved
(:meth:`FarkleRules.every_part`); hot dice bring six dice back.  Banking
needs the minimum turn score (rule IV.2: a higher one above ``high_score``)
in every turn; rule IV.1 forbids it with six dice in hand; rule IV.3 makes
a bank land exactly on the goal.

The endings are the match solver's: "first to reach" is ``first-to-goal``;
the seed's round rule (section III) is ``equal-turns`` for two players: a
first player who banks ``T >= goal`` leaves the second one last turn, won by
ending above ``T``, tied at ``T``.  Its chances ``Q(d)`` (``d`` behind) and the
bounds ``dstar`` and ``R`` come from :func:`jeopardy.farkle.ending.round_ending`,
whose module carries the proofs of the caps:

* first to reach, and the second player of the round: past
  ``max(goal - i, M_i)`` a throw lands where banking is allowed and wins;
* the first player of the round: a bust is worth ``1 - y`` to it with
  ``y >= L(j)`` (the second player reaches the goal in its next turn), so a
  throw is worth at most ``1 - b L(j)`` (``b``: the smallest bust chance) and
  banking, worth ``1 - Q(T - j)``, is optimal once ``Q(T - j) <= b L(j)``;
* rule IV.1: past the top six dice throw on until they leave six, a
  geometric sum, with ``R`` the second player's chance after it;
* rule IV.3: totals past the goal are lost; the table ends at the goal.

* rule IV.5 (continue the previous player's position): a bank at ``(t, n)``
  offers the position to the next player, worth ``max(fresh turn, its throw
  value at (t, n))`` to it, so every turn start's throw values are stored (the
  process's ``takeover``).  Past the goal the round's last player may take the
  first one's position over too, winning with chance ``C(r, n)`` (``r = i - j``)
  against ``Q(d)`` afresh; once ``Q(d) <= min_n C(r, n)`` (``t >= d*(r) - r``, ``Q``
  non-increasing) and past the goal and the minimum, the first player's bank is
  worth ``1 - C(r, n)`` whatever ``t``: the turn is *settled*, a six-state
  stopping problem in the dice alone, solved exactly by policy iteration
  (:func:`jeopardy.match.process_kernels.settle`).  No truncation there either.
  IV.5 is solved alone (not with IV.1-IV.4), as the reference reads it.

``cap_scale=2`` doubles every cap (the tests get the same values to 1e-13).
"""
from __future__ import annotations

import dataclasses
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np

from jeopardy import resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.files import write_atomically
from jeopardy.farkle.ending import round_ending
from jeopardy.farkle.scoring import SEED
from jeopardy.farkle.turn import UNIT, FarkleRules, state_of, turn_process
from jeopardy.match import process_last_round, process_solver
from jeopardy.match.process_solver import NO_ENDING
from jeopardy.match.endings import EQUAL_TURNS, FIRST_TO_GOAL, Ending
from jeopardy.match.rules import MatchRules
from jeopardy.results import Result

FORMAT_VERSION = 3  # 2: the files of the solver before the match core (tables VF, VS)
# The largest goal solved: time grows like goal^2.5 (10,000: about 4 s), memory like goal^2.
MAX_GOAL = 30_000
MAX_PLAYERS = 6
# Two players, the seed's table, to 10,000 (quiet 2-core machine, the solve's own seconds,
# 2026-11-27): 3.9 s under the round ending, 1.65 s to the first to reach; 0.79 s and 22.6 s
# at 5,000 and 20,000 (goal^2.3 to goal^2.5).  Charged with a quarter for margin.
ROUND_AT_10000 = 5.0
FIRST_AT_10000 = 2.2
GOAL_POWER = 2.5
# Keeping any scoring part (IV.4, docs/examples/family.toml) against the seed's table, the
# round: 9.6 s against 3.9 s at 10,000, 1.8 s against 0.79 s at 5,000 (2.3x-2.5x).
KEEP_CHOICE_SLOWER = 2.5
# Three or more players (process_solver.pass_work counts the operations): the sweeps a
# solve makes of each turn start (each class member's Newton steps, its residual), and
# seconds per operation of a sweep and of the last round's tables.  Measured 2026-11-28
# (warm, in-process; benchmarks/estimates.py, 16 cases: the seed's table, five and six
# dice without hot dice, any part kept, no least bank): 2.1 to 2.6 sweeps; 0.8 to 1.4 ns
# an operation under the round ending, 1.3 to 5 ns first to reach (tops are low, so a
# turn start's fixed cost weighs more), 0.1 to 0.6 ns for the last round's (it sweeps
# fewer totals than counted).
N_PLAYER_PASSES = 2.5
ROUND_OPERATION_SECONDS = 1.2e-9
FIRST_OPERATION_SECONDS = 3e-9
LAST_ROUND_OPERATION_SECONDS = 0.2e-9


def ending_of(first_to_reach: bool) -> Ending:
    """The match ending of Ten Thousand's rule: whoever banks the goal first wins at
    once (``first_to_reach``), or the round is played out (Scarne's equal turns)."""
    return FIRST_TO_GOAL if first_to_reach else EQUAL_TURNS


@dataclass(frozen=True, repr=False)
class EngineResult(Result):
    """What a Farkle solution hands on from the engine's solution (``self.solution``):
    the chances, convergence, residual, states and time.  A frozen dataclass with no
    fields of its own, so that its subclasses are frozen dataclasses like every result."""

    @property
    def win_probability(self) -> float:
        return self.solution.win_probability

    @property
    def win_probabilities(self) -> list[float]:
        """Each player's chance, the first to move first (a tie counts 1/2 to each)."""
        return list(self.solution.win_probabilities)

    @property
    def converged(self) -> bool:
        return self.solution.converged

    @property
    def max_residual(self) -> float:
        return self.solution.max_residual

    @property
    def states(self) -> int:
        return self.solution.states

    @property
    def seconds(self) -> float:
        return self.solution.seconds


@dataclass(frozen=True, repr=False)
class CoreFarkleSolution(EngineResult):
    """Optimal two-player Ten Thousand from the match solver."""

    rules: FarkleRules
    first_to_reach: bool
    solution: process_solver.ProcessSolution = field(repr=False)

    @property
    def unsettled_classes(self) -> int:
        """Classes of turn starts whose fixed point did not settle (N players)."""
        return self.solution.unsettled_classes

    @property
    def tolerance(self) -> float:
        return self.solution.tolerance

    @property
    def players(self) -> int:
        return self.solution.rules.players

    def _two_players(self, what: str) -> None:
        if self.players != 2:
            raise JeopardyError(f"{what} is kept for two players; this solution has {self.players}")

    @property
    def goal_units(self) -> int:
        return self.rules.goal // UNIT

    def place(self, first: bool) -> int:
        """The place in the round of the first (A) or second (B) player."""
        return 0 if first or self.first_to_reach else 1

    def index(self, i: int, j: int) -> int:
        """The flat turn start of the mover at ``i`` against ``j`` (units)."""
        return i * self.goal_units + j

    def column(self, i: int, j: int, first: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """``(values[t, n], throw?[t, n])`` at scores (i, j) in points; ``n`` is the dice
        in hand (column 0 unused), ``t`` the turn total in units up to the table's top."""
        self._two_players("the policy table")
        if (isinstance(i, bool) or isinstance(j, bool) or i % UNIT or j % UNIT
                or not (0 <= i < self.rules.goal and 0 <= j < self.rules.goal)):
            raise JeopardyError(f"scores must be multiples of {UNIT} in 0..{self.rules.goal - UNIT}")
        values, throws = self.solution.column(self.index(i // UNIT, j // UNIT), self.place(first))
        hand = self.rules.dice
        out = np.zeros((values.shape[0], hand + 1))
        acts = np.zeros((values.shape[0], hand + 1), dtype=bool)
        out[:, 1:] = values[:, :hand, 0]
        acts[:, 1:] = throws[:, :hand]
        if not self.rules.hot_dice:  # column 0: no dice left
            out[:, 0] = values[:, hand, 0]
            acts[:, 0] = throws[:, hand]
        return out, acts

    def banking(self, i: int, j: int, first: bool = True) -> dict[int, list[list[int]]]:
        """Per dice count, the turn totals (points) at which to bank, as runs
        ``[from, to]``; the last run ends at ``None`` when banking goes on above
        the table (every larger total banks).  Under rule IV.3 the table ends at the
        total that lands on the goal (a larger one is lost), and so do the runs."""
        return bank_runs(self.column(i, j, first)[1], open_end=not self.rules.exact_goal)

    def advice(self, i: int, j: int, first: bool, t: int, dice: int) -> tuple[float, float | None]:
        """``(P(win | throw), P(win | bank) or None)`` at scores ``(i, j)``, turn total
        ``t`` (units) and ``dice`` in hand."""
        return self.solution.advice(self.index(i, j), self.place(first), t,
                                    state_of(self.rules, dice))

    def save(self, path) -> "Path":
        self._two_players("a solution file")
        meta = json.dumps({"format": FORMAT_VERSION, "engine": "core", "rules": self.rules.to_dict(),
                           "first_to_reach": self.first_to_reach, "seconds": self.seconds,
                           "max_residual": self.max_residual, "states": self.states,
                           "sweeps": self.sweeps})

        def write(temporary: str) -> None:
            with open(temporary, "wb") as handle:
                np.savez_compressed(handle, values=self.solution.values,
                                    meta=np.frombuffer(meta.encode(), dtype=np.uint8))

        return write_atomically(path, write, suffix=".npz")

    @property
    def VF(self) -> np.ndarray:
        """``VF[i, j]``: the first player of the round to move at (i, j) (units)."""
        g = self.solution.goal
        return self.solution.values[0, :, 0].reshape(g, g)

    @property
    def VS(self) -> np.ndarray:
        """``VS[j, i]``: the second player of the round to move at (j, i)."""
        g = self.solution.goal
        return self.solution.values[-1, :, 0].reshape(g, g)

    @property
    def sweeps(self) -> int:
        return self.solution.sweeps

    def to_dict(self) -> dict:
        return solution_dict(self)


def estimate(rules: FarkleRules, first_to_reach: bool = False,
             players: int = 2) -> tuple[float, int]:
    """Rough ``(seconds, bytes)`` of :func:`solve` on this machine, good to a factor of
    about two from goal 3,000 (below it a solve takes a second or less, mostly its
    start): goal 10,000 takes about 4 s under the round ending and 2 s to the first to
    reach, growing like goal^2.5 (``ROUND_AT_10000``, ``FIRST_AT_10000``,
    ``GOAL_POWER``; the measurements beside them).  Keeping any scoring part (IV.4,
    ``set_aside = "choice"``) offers several choices a throw: ``KEEP_CHOICE_SLOWER``
    times the seed's time.  Rule
    IV.5 keeps every turn state's throw value (8 bytes each): at most ``10 g^3``
    states in ``g`` units (measured: 9.6 g^3 at goal 1,000, 6.7 g^3 at 3,000).
    ``players`` above 2: the operations of a sweep of every turn start, counted from
    the rules (:func:`jeopardy.match.process_solver.pass_work`: the tables' tops,
    which states hold a turn total, the outcomes and choices of each), times
    ``N_PLAYER_PASSES`` sweeps and the seconds of an operation (constants beside them),
    and the last round's; ``g^players`` turn starts a value per player, under the
    round ending a table per place and the last round's tables
    (:mod:`jeopardy.match.process_last_round`).
    ``benchmarks/estimates.py`` prints each estimate beside the measured solve."""
    g = rules.goal // UNIT
    first_to_reach = validate.flag(first_to_reach, "first_to_reach")
    at_10000 = FIRST_AT_10000 if first_to_reach else ROUND_AT_10000
    slower = KEEP_CHOICE_SLOWER if rules.keep_choice else 1.0
    if players > 2:
        process = turn_process(rules, players)
        match = MatchRules(players, ending_of(first_to_reach))
        work = process_solver.pass_work(process, g, match)
        per = FIRST_OPERATION_SECONDS if first_to_reach else ROUND_OPERATION_SECONDS
        seconds = (N_PLAYER_PASSES * per * work.operations
                   + LAST_ROUND_OPERATION_SECONDS * work.last_round)
        starts = float(g) ** players
        memory = 8 * players * starts * 2 + 50_000_000
        if not first_to_reach:  # a table per place, and the last round's
            memory += 8 * players * starts * (players - 1) + 8 * work.floats
        return seconds, int(memory)
    seconds = at_10000 * (g / 200) ** GOAL_POWER * slower
    store = 8 * 10 * g ** 3 if rules.continue_position else 0
    return seconds, 16 * g * g + store + 50_000_000


def cost(goal: int, keep_choice: bool = False, first_to_reach: bool = False,
         continue_position: bool = False, players: int = 2, rules: FarkleRules | None = None,
         **_) -> resources.Estimate:
    """:func:`estimate` as the budget reads it (:mod:`jeopardy.resources`; the goal rounded
    to its unit), by the size that matters: the goal.  ``rules``: a house-rules file's
    (its hand, hot dice and minimum bank shape the turn; the goal is the one given),
    else the seed's with ``keep_choice`` and ``continue_position``."""
    goal = max(UNIT, goal - goal % UNIT)
    if rules is None:
        rules = FarkleRules(keep_choice=keep_choice, continue_position=continue_position)
    seconds, size = estimate(dataclasses.replace(rules, goal=goal), first_to_reach, players)
    return resources.Estimate(seconds, int(size))


def refuse_unsolved(rules: FarkleRules) -> None:
    """Refuse, in one line, a house rule the race does not model (never ignore it)."""
    if rules.penalty is not None:
        p = rules.penalty
        raise JeopardyError(
            f"rules {rules.name!r}: the penalty ({p.farkles} farkles in a row lose {p.points}) "
            "is solved by `farkle solve` (and Game(...).solve()) only, not here")
    if rules.continue_position and rules.scoring != SEED:
        raise JeopardyError("rule IV.5 (continue from the previous player's position) is "
                            "solved with the seed's scoring table only")


def refuse_too_big(rules: FarkleRules, first_to_reach: bool, cap_scale: int,
                   players: int = 2) -> None:
    """Refuse, before any work, a goal past this machine or a cap scale below 1."""
    if rules.goal > MAX_GOAL:
        seconds, _ = estimate(rules, first_to_reach, players)
        raise JeopardyError(f"goal {rules.goal} would take about {resources.duration(seconds)}; "
                            f"the largest goal solved is {MAX_GOAL}")
    game = "Ten Thousand" if rules.name == "ten-thousand" else f"Farkle ({rules.name})"
    what = f"solving {game}" + (f" for {players} players" if players > 2 else "")
    resources.require_of(cost, "goal", what, UNIT, goal=rules.goal,
                         first_to_reach=first_to_reach, players=players, rules=rules)
    if cap_scale < 1:
        raise JeopardyError(f"cap_scale must be at least 1; got {cap_scale}")


def warm_up(rules: FarkleRules, first_to_reach: bool = False, players: int = 2) -> None:
    """Load every kernel of :func:`solve` (numba's on-disk cache), or compile it, before
    its clock starts: the same rules solved to 200 (any goal's bundle has the same
    types).  Says so first where a kernel must be compiled (:mod:`jeopardy.compilation`)."""
    from jeopardy import compilation
    from jeopardy.farkle import ending

    small = dataclasses.replace(rules, goal=min(rules.goal, 4 * UNIT))
    announced = compilation.announce_if_cold((ending._last_turn,), (process_last_round._reach,))
    data = round_ending(small, first_to_reach) if players == 2 else NO_ENDING
    process_solver.warm_up(turn_process(small, players), small.goal // UNIT,
                           MatchRules(players, ending_of(first_to_reach)), data, announced)


def solve(rules: FarkleRules = FarkleRules(), first_to_reach: bool = False,
          progress: Callable[[float], None] | None = None, tolerance: float = 1e-15,
          cap_scale: int = 1, strict: bool = True, players: int = 2) -> CoreFarkleSolution:
    """Solve Ten Thousand to ``rules.goal`` with the match solver (``strict``: as
    :func:`jeopardy.match.process_solver.solve`).  ``players`` above 2: the N-player
    equilibrium of the match solver, whose convergence the solution reports; under the
    round ending the last round is the engine's (:mod:`jeopardy.match.process_last_round`:
    every total a turn reaches with hot dice off, a proved cap with hot dice)."""
    players = validate.integer(players, "players", 2, MAX_PLAYERS)

    if not isinstance(rules, FarkleRules):
        raise validate.ParameterError("rules", f"must be a FarkleRules; got {type(rules).__name__}")
    first_to_reach = validate.flag(first_to_reach, "first_to_reach")
    validate.integer(cap_scale, "cap_scale", 1, 64)
    strict = validate.flag(strict, "strict")
    progress = validate.callback(progress)
    refuse_unsolved(rules)
    if rules.continue_position and (rules.no_stop_on_six or rules.keep_choice or
                                    rules.exact_goal or rules.high_min_bank is not None):
        raise JeopardyError("rule IV.5 (continue from the previous player's position) is solved "
                            "on its own, not together with rules IV.1-IV.4")
    if players > 2 and rules.continue_position:
        raise JeopardyError("rule IV.5 (continue from the previous player's position) is solved "
                            "for two players")
    if players > 2 and not first_to_reach and rules.no_stop_on_six:
        raise JeopardyError(f"rule IV.1 (no bank with six dice in hand) is solved for two "
                            f"players under the round ending: with {players} the last "
                            f"round's cap needs a bank at every total past it")
    refuse_too_big(rules, first_to_reach, cap_scale, players)
    warm_up(rules, first_to_reach, players)
    started = time.perf_counter()
    # three or more players: the last round is the match solver's, from the turn process
    data = round_ending(rules, first_to_reach, cap_scale) if players == 2 else NO_ENDING
    solution = process_solver.solve(turn_process(rules, players), rules.goal // UNIT, players,
                                    ending_of(first_to_reach), data,
                                    tolerance, progress, cap_scale, strict)
    solution = dataclasses.replace(solution, seconds=time.perf_counter() - started)
    return CoreFarkleSolution(rules, first_to_reach, solution)


def bank_runs(throws: np.ndarray, open_end: bool = True) -> dict[int, list[list[int]]]:
    """Per dice count, the runs ``[from, to]`` (points) of turn totals that bank in a
    column of throw flags ``[t, n]`` (``to`` None: the run goes on past the table, where
    ``open_end``; without it the table's last row is the last total there is)."""
    out = {}
    for n in range(1, throws.shape[1]):
        bank = ~throws[:, n]
        bank[0] = False
        runs = []
        t = 0
        while t < len(bank):
            if bank[t]:
                start = t
                while t + 1 < len(bank) and bank[t + 1]:
                    t += 1
                runs.append([start * UNIT,
                             None if open_end and t == len(bank) - 1 else t * UNIT])
            t += 1
        out[n] = runs
    return out


def describe_banking(runs: list[list[int]]) -> str:
    """``[[550, 850], [1000, None]]`` -> ``"bank at 550-850, 1000 and above"`` (None: no end)."""
    if not runs:
        return "never bank"
    return "bank at " + ", ".join(
        f"{a} and above" if b is None else (f"{a}" if a == b else f"{a}-{b}") for a, b in runs)


def rules_dict(rules: FarkleRules, first_to_reach: bool) -> dict:
    """The rules a solution played, as its `--json` opens: the keys of a rules file that
    the numbers depend on (dice, hot dice, the scoring table), and the seed's options."""
    return {"game": rules.name, "goal": rules.goal, "min_bank": rules.min_bank,
            "entry": rules.entry, "dice": rules.dice, "hot_dice": rules.hot_dice,
            "scoring": dataclasses.asdict(rules.scoring),
            "ending": ending_of(first_to_reach).name, "first_to_reach": first_to_reach,
            "rules": rule_names(rules)}


def solution_dict(solution: CoreFarkleSolution) -> dict:
    """The JSON of a solved Ten Thousand."""
    return {**rules_dict(solution.rules, solution.first_to_reach),
            "win_probability": solution.win_probability, "states": solution.states,
            "seconds": solution.seconds, "max_residual": solution.max_residual,
            "converged": solution.converged,
            **({"players": solution.players, "win_probabilities": solution.win_probabilities,
                "unsettled_classes": solution.solution.unsettled_classes}
               if solution.players > 2 else {})}


def rule_names(rules: FarkleRules) -> list[str]:
    """The seed's options (section IV) a rule set plays, as `--json` lists them."""
    names = []
    if rules.no_stop_on_six:
        names.append("IV.1")
    if rules.high_min_bank is not None:
        names.append("IV.2")
    if rules.exact_goal:
        names.append("IV.3")
    if rules.keep_choice:
        names.append("IV.4")
    return names


def rules_from_meta(path: str | Path, meta: dict) -> tuple[FarkleRules, bool]:
    """``(rules, first_to_reach)`` of a solution file's metadata, or a one-line refusal."""
    try:
        return FarkleRules.from_dict(meta["rules"]), bool(meta["first_to_reach"])
    except (TypeError, KeyError, ValueError, AttributeError, JeopardyError) as error:
        raise JeopardyError(f"{str(path)!r}: damaged rules ({error})") from None


def load(path):
    """Read a solution written by :meth:`CoreFarkleSolution.save` (no pickle), or by
    the solver before the match core (format 2: tables ``VF``, ``VS`` of the first
    and the second player of the round); the bundle is rebuilt from the rules and
    the residual recomputed, not trusted."""
    from jeopardy.files import read_npz
    from jeopardy.match import kernels, process_kernels

    meta = read_npz(path, "Farkle solution file", ()).get("meta")
    if not isinstance(meta, dict) or meta.get("format") not in (2, FORMAT_VERSION):
        raise JeopardyError(f"{str(path)!r} is not a Farkle solution file of format {FORMAT_VERSION}")
    rules, first_to_reach = rules_from_meta(path, meta)
    g = rules.goal // UNIT
    places = 1 if first_to_reach else 2
    if meta["format"] == 2:
        data = read_npz(path, "Farkle solution file", ("VF", "VS"))
        tables = [data["VF"], data["VS"]][:places]
        if any(table.shape != (g, g) or table.dtype != np.float64 for table in tables):
            raise JeopardyError(f"{str(path)!r}: the table of values is damaged")
        values = np.stack([np.stack([table.ravel(), 1.0 - table.ravel()], axis=1)
                           for table in tables])
    else:
        values = read_npz(path, "Farkle solution file", ("values",))["values"]
    if (values.shape != (places, g * g, 2) or values.dtype != np.float64
            or not np.all((values >= 0) & (values <= 1))):
        raise JeopardyError(f"{str(path)!r}: the table of values is damaged")
    ending = ending_of(first_to_reach)
    process = turn_process(rules)
    race = process_solver.bundle(process, g, MatchRules(2, ending),
                                 round_ending(rules, first_to_reach))
    if process.takeover:  # the positions offered, rebuilt down the score sums
        process_kernels.replay(race, values, *kernels.order_by_sum(race))
    residual = float(kernels.bellman_residual(race, values, 0, None))
    if residual > 1e-9:
        raise JeopardyError(f"{str(path)!r}: the stored values do not solve the game "
                            f"(Bellman residual {residual:.1e}): a damaged file, or one "
                            f"saved by a version that solved these rules otherwise (rules "
                            f"IV.3 with IV.4 before 2026-11-28); solve again")
    seconds, sweeps = meta.get("seconds", 0.0), meta.get("sweeps", 0)
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or \
            isinstance(sweeps, bool) or not isinstance(sweeps, int):
        raise JeopardyError(f"{str(path)!r}: its seconds and sweeps are damaged")
    solution = process_solver.ProcessSolution(
        process, g, MatchRules(2, ending), values, race, residual, float(seconds), sweeps,
        int(process_kernels.table_size(race)[1]))
    return CoreFarkleSolution(rules, first_to_reach, solution)
