"""One sweep task: run its analysis, return its row -- never raise.

A row is a flat dict of plain values: the task's parameters, ``value`` (the
analysis's headline number, the one plotted against the goal), the
analysis's other figures, ``residual``, ``seconds``, ``peak_memory_bytes``
(the peak of the allocations Python and numpy make during the task, measured
with :mod:`tracemalloc`; empty when tasks shared a process, as thread
workers do, since the trace covers the whole process), ``estimated_memory_bytes``, ``worker`` and
``error`` (empty, or the one-line reason the task has no values).

``value`` per analysis:

* ``solve`` -- P(the first player wins), every player playing optimally (with
  more than two players, the equilibrium of :mod:`jeopardy.match.solver`);
  ``win_probabilities`` lists every player's chance in turn order;
* ``fairness`` -- the compensation points (:func:`jeopardy.fairness.race_fairness`):
  the head start ``b`` for the second player that brings P(first wins) closest
  to 1/2 (``b < 0``: the first player needs the head start); two players;
* ``compare`` -- P(optimal play beats the named policy), a fair coin deciding
  who starts (exact policy evaluation); two players;
* ``simultaneous`` -- the value of the simultaneous single-turn game over hold
  at ``1..goal`` (its support is the ``support`` column);
* ``solitaire`` -- the fewest expected turns to reach the goal alone
  (:func:`jeopardy.solitaire.expected_turns`).

Every game is solved by :func:`jeopardy.match.solver.solve`, as ``jeopardy
solve`` does (two players first to the goal by its pair method, whose rows
count the paper's states ``(i, j, k)``; the others count turn starts and list
every player's chance).  A task the analysis cannot
do has an error row saying why (:func:`unsupported`); a task past this
machine's budget one with the estimate (:func:`jeopardy.sweeps.resources.refusal`),
both before any work.
"""
from __future__ import annotations

import threading
import time
import tracemalloc
from dataclasses import replace

from jeopardy.errors import JeopardyError
from jeopardy.fairness import race_fairness
from jeopardy.match import policies
from jeopardy.match.endings import pair_game
from jeopardy.match.evaluation import evaluate
from jeopardy.match.evaluation import head_to_head
from jeopardy.match.solver import MatchSolution, PairSolution, solve
from jeopardy.policy_language import race_policy
from jeopardy.rules.roll_model import RollModel
from jeopardy.simultaneous.game import solve_simultaneous
from jeopardy.solitaire import expected_turns
from jeopardy.sweeps.resources import refusal, task_memory
from jeopardy.sweeps.spec import Task


def _solution(model: RollModel, task: Task) -> MatchSolution:
    return solve(model, task.goal, task.players, task.ending)


def _states(solution: MatchSolution) -> int:
    """The row's ``states``: the paper's states ``(i, j, k)`` of the pair method's
    solution, else the turn starts solved."""
    return solution.states if isinstance(solution, PairSolution) else solution.turn_starts


def _solve(model: RollModel, task: Task) -> dict:
    solution = _solution(model, task)
    chances = solution.win_probabilities
    row = {"value": chances[0], "win_probability": chances[0]}
    if not isinstance(solution, PairSolution):  # more players: each one's chance
        row["win_probabilities"] = ",".join(repr(p) for p in chances)
    return {**row, "residual": solution.max_residual, "states": _states(solution)}


def _fairness(model: RollModel, task: Task) -> dict:
    solution = _solution(model, task)
    fairest = race_fairness(solution)
    return {"value": float(fairest.bonus), "compensation_points": fairest.bonus,
            "compensated_win_probability": fairest.win_probability,
            "win_probability": solution.win_probability, "residual": solution.max_residual,
            "states": _states(solution)}


def _compare(model: RollModel, task: Task) -> dict:
    other = race_policy(task.against, model, task.goal, "sweep compare")
    optimal = _solution(model, task)
    if isinstance(optimal, PairSolution):
        result = head_to_head(model, policies.from_solution(optimal), other)
        return {"value": result.fair, "first": result.first, "second": result.second,
                "residual": result.max_residual}
    leading = evaluate(model, task.goal, [optimal, other], task.ending)
    following = evaluate(model, task.goal, [other, optimal], task.ending)
    first, second = leading.win_probabilities[0], following.win_probabilities[1]
    return {"value": (first + second) / 2, "first": first, "second": second,
            "residual": max(optimal.max_residual, leading.max_residual,
                            following.max_residual)}


def _simultaneous(model: RollModel, task: Task) -> dict:
    solution = solve_simultaneous(model, max_hold=task.goal)
    equilibrium = solution.equilibrium
    support = ",".join(str(w.rule.hold) for w in equilibrium.strategy)
    return {"value": float(equilibrium.value), "support": support,
            "verified": bool(equilibrium.verified), "residual": 0.0 if equilibrium.verified else None}


def _solitaire(model: RollModel, task: Task) -> dict:
    result = expected_turns(model, task.goal)
    return {"value": result.expected_turns, "residual": result.residual}


ANALYSES = {"solve": _solve, "fairness": _fairness, "compare": _compare,
            "simultaneous": _simultaneous, "solitaire": _solitaire}


def _prepare(task: Task) -> None:
    """Import the analysis's modules and load (on a cold numba cache, compile) every
    kernel it uses, off the clock: the analysis itself, on a tiny game.  Compiling
    allocates more than a small analysis (10 MB against a 6.7 MB estimate for compare at
    goal 90), which the task's measured peak would otherwise count.  A compare task plays
    hold:1 there: its own policy is read in the analysis, where a bad one is the row's
    (timed) error."""
    tiny = replace(task, goal=_TINY_GOAL, against="hold:1" if task.against else "")
    ANALYSES[task.analysis](task.model, tiny)


_TINY_GOAL = 3


ONE_GAME = {  # analyses whose game has no players or ending to choose
    "simultaneous": "one turn each for two players",
    "solitaire": "one player alone",
}


def unsupported(task: Task) -> str | None:
    """Why ``task``'s analysis does not apply to its players or ending, or None."""
    if task.analysis in ONE_GAME and not pair_game(task.players, task.ending):
        return (f"{task.analysis}: {ONE_GAME[task.analysis]}; players and ending do not "
                "apply (see its 2-player first-to-goal rows)")
    if task.analysis == "fairness" and task.players != 2:
        return (f"fairness: compensation points are one head start between two players; "
                f"{task.players} players would need one per later seat")
    if task.analysis == "compare" and task.players != 2:
        return (f"compare: optimal play against one policy is a two-player head-to-head; "
                f"seat {task.players} policies with jeopardy compare --players {task.players}")
    return None


def _one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    message = text[0] if text else ""
    if isinstance(error, JeopardyError):
        return message or type(error).__name__
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


def _worker() -> str:
    import sys

    if "distributed" in sys.modules:
        try:
            from distributed import get_worker

            return get_worker().address
        except ValueError:
            pass
    return "in-process"


_lock = threading.Lock()
_running = 0
_starts = 0
_started_tracing = False


def _begin_measuring() -> int | None:
    """Start tracing allocations; returns this task's start number, or None
    if another task of this process (a thread worker) is running already."""
    global _running, _starts, _started_tracing
    with _lock:
        _running += 1
        _starts += 1
        if _running == 1:
            if not tracemalloc.is_tracing():
                tracemalloc.start()
                _started_tracing = True
            tracemalloc.reset_peak()
            return _starts
        return None


def _end_measuring(start: int | None) -> int | None:
    """The task's peak traced memory, or None when tasks overlapped in this
    process (tracemalloc counts a whole process, so the peak is not this task's)."""
    global _running, _started_tracing
    with _lock:
        peak = tracemalloc.get_traced_memory()[1]
        alone = start is not None and _starts == start and _running == 1
        _running -= 1
        if _running == 0 and _started_tracing:
            tracemalloc.stop()
            _started_tracing = False
        return peak if alone else None


def run_task(task: Task) -> dict:
    """The row of one task (see the module docstring); errors become the ``error`` field."""
    row = task.parameters()
    row.update(value=None, residual=None, seconds=None, peak_memory_bytes=None,
               estimated_memory_bytes=task_memory(task),
               worker=_worker(), error="")
    reason = unsupported(task) or refusal(task)
    if reason is not None:
        row["error"] = reason
        return row
    try:
        _prepare(task)
    except Exception as error:
        row["error"] = _one_line(error)
        return row
    alone = _begin_measuring()
    started = time.perf_counter()
    try:
        row.update(ANALYSES[task.analysis](task.model, task))
    except MemoryError:
        row["error"] = "out of memory"
    except Exception as error:  # a task's failure is its row, never the sweep's
        row["error"] = _one_line(error)
    finally:
        row["seconds"] = time.perf_counter() - started
        row["peak_memory_bytes"] = _end_measuring(alone)
    if row["error"]:
        row["value"] = None
    return row
