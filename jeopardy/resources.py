"""How long and how much memory an analysis will take, before it starts.

:func:`estimate` gives ``Estimate(seconds, bytes)`` for an analysis and its
parameters -- a plain function (no side effects) that a sweep can call per
task.  :func:`require` refuses a request past this machine's budget, naming
the estimate and the largest size that fits; every entry point calls it
before allocating anything.  Requests expected to take more than
:data:`NOTICE_SECONDS` raise a :class:`LongRunNotice` warning (the CLI prints
it as one line on stderr).

The budget: ``$JEOPARDY_MEMORY_LIMIT`` bytes (default 8 GB; suffixes K, M, G
accepted) and ``$JEOPARDY_TIME_LIMIT`` seconds (default one hour).

Calibration: timed on the development machine (2 cores shared, 24 GiB)
with the numba kernels warm; each formula keeps the measured scaling
(``goal**3`` for race tables, ``hold**2`` for exact turn distributions) and
rounds its constant up.  Measurements (seconds): race solve of Pig 200 / 400:
0.37 / 3.0 (one pass); two-dice Pig 100 / 200: 0.85 / 8.4 (15 / 19 passes);
simulation, Pig to 100, 2 x 100,000 games: 1.3; exact turn distribution
hold 1,000 / 2,000: 0.10 / 0.34; simultaneous game max_hold 200 / 400: 3.4 /
12.3 (214 MB); expected score, THINK, 10 / 40 turns: 1.2 / 17.5 (420 MB).
An estimate is a planning figure, good to a factor of about two.

This is the one budget: the CLI and the API refuse with it, and a sweep
schedules its Dask tasks with it (``solve``, ``fairness``, ``compare``,
``simultaneous``, ``solitaire`` by goal; :attr:`Estimate.task_bytes` is what a
task allocates beyond the worker process itself).  The solvers above this
layer estimate their own cost and refuse with :func:`require_of`;
:mod:`jeopardy.costs` joins their estimates and this module's into the table
that callers choosing by an analysis's name read.  The array terms count
what each analysis allocates, from the code that allocates them:

* ``race``/``solve`` -- the pair method of :func:`jeopardy.match.solver.solve`
  (:mod:`jeopardy.match.pair`) stores ``P(i, j, 0)``: ``goal**2`` float64, then
  the solution's turn-start table (two more; bounded by three tables: games with
  ``bust_all`` keep two more copies between passes); the residual and kernel
  columns add ``O(goal)``.  A game the pair method does not play (``players``
  other than 2, an ``ending`` other than first to the goal, turn totals that
  fall: :func:`jeopardy.match.pair.plays`) takes the N-player method's own
  estimate, :func:`jeopardy.match.solver.estimate`;
* ``fairness`` -- one solve, plus the head-start row and column (``O(goal)``);
* ``compare`` -- one solve, then three policy tables of ``goal**3`` int8 (the
  optimal one, the named one and the boolean it is built from) and the two
  value tables of the head-to-head (``goal**2`` float64 each); for the
  N-player solver's games, its solve and two policy evaluations, one after
  the other (:func:`jeopardy.match.evaluation.evaluation_cost`);
* ``simultaneous`` -- the exact payoff matrix over hold at ``1-max_hold``: a
  generous 1 KB per entry (Python integers over a common denominator), plus
  the distributions (200 bytes per Fraction over ``max_hold + max_points``
  totals);
* ``solitaire`` -- three ``goal**2`` float64 tables (values, rolled, held), two
  ``goal**2`` int8 policies and the hold-at table it starts from (``goal**2``
  int8, built from a boolean of the same size), plus ``O(goal)`` columns.

``tests/test_sweep.py`` measures the peak of real sweep tasks (tracemalloc)
against ``task_bytes``.
"""
from __future__ import annotations

import math
import os
import warnings
from typing import Callable, NamedTuple

from jeopardy.errors import JeopardyError

NOTICE_SECONDS = 60.0
DEFAULT_MEMORY = 8 * 10 ** 9
DEFAULT_SECONDS = 3600.0
BASE_BYTES = 150 * 10 ** 6  # the interpreter, numpy, numba, the compiled kernels, the task's objects
TASK_BYTES = 4 * 1024 * 1024  # of BASE_BYTES, a task's own objects: model, row, kernel columns


class Estimate(NamedTuple):
    seconds: float
    bytes: int  # the whole process at its peak

    @property
    def task_bytes(self) -> int:
        """What the analysis itself allocates (a sweep task in a running worker)."""
        return max(TASK_BYTES, self.bytes - BASE_BYTES + TASK_BYTES)


class LongRunNotice(UserWarning):
    """A request expected to take longer than :data:`NOTICE_SECONDS`."""


def _race_passes(model) -> float:
    """Passes of the race solver: one, or (``bust_all``) a slowly growing number."""
    return 1.0 if model is None or not model.has_bust_all else 25.0


def _outcome_factor(model) -> float:
    return 1.0 if model is None else max(1.0, len(model.outcomes) / 8)


def race_cost(goal: int, model=None, tables: int = 0, **_) -> Estimate:
    """Race solve (or evaluation): ``goal**3`` states per pass, ``goal**2`` floats;
    ``tables`` policy tables of ``goal**3`` bytes each (evaluation, reachability)."""
    g = float(goal)
    seconds = 5e-8 * g ** 3 * _race_passes(model) * _outcome_factor(model)
    return Estimate(seconds, int(BASE_BYTES + 24 * g * g + 64 * (g + 1) + tables * g ** 3))


def _solitaire(goal: int, **_) -> Estimate:
    """Solitaire Pig's fewest expected turns: value and policy tables over ``goal**2``
    score pairs, ``goal**3`` work (about 0.05 s at goal 100)."""
    g = float(goal)
    return Estimate(5e-8 * g ** 3, int(BASE_BYTES + 3 * 8 * g * g + 5 * g * g + 64 * (g + 1)))


def _simulation(games: int, goal: int = 100, **_) -> Estimate:
    """Monte Carlo of a race: about 6.5 microseconds a game at goal 100, games
    played both ways round; the two policy tables dominate memory."""
    g = float(goal)
    return Estimate(2 * games * 6.5e-6 * max(g, 10) / 100, int(BASE_BYTES + 2 * g ** 3))


def _turn(hold: int, **_) -> Estimate:
    """Exact turn distribution: ``hold**2`` fraction operations."""
    h = float(max(hold, 1))
    return Estimate(0.35 * (h / 2000) ** 2, int(BASE_BYTES + 2000 * h))


def _simultaneous(max_hold: int, model=None, **_) -> Estimate:
    """The exact payoff matrix: ``max_hold**2`` entries of about 1 KB, and the
    distributions (200 bytes per Fraction)."""
    h = float(max_hold)
    totals = h + (model.max_points if model is not None else 12)
    return Estimate(12.3 * (h / 400) ** 2, int(BASE_BYTES + 1024 * h * h + 200 * h * totals))


def _expected(turns: int, **_) -> Estimate:
    """Expected score over a fixed number of turns (tables of turns x score x turn total)."""
    t = float(turns)
    return Estimate(2 * 17.5 * (t / 40) ** 2, int(BASE_BYTES + 320e6 * (t / 40) ** 2))


def _think(rounds: int, score_cap: int = 160, turn_cap: int = 160, **_) -> Estimate:
    """THINK played to win: passes over rounds x score_cap**2 x turn_cap states (about
    2.2 s a round at the default caps, 17 s for 5 rounds in all); value cubes of
    7 games and two round-by-score-pair tables."""
    size = float(score_cap + 1)
    cube = size * size * (turn_cap + 1)
    seconds = 4 + 2.2 * rounds * cube / 161 ** 3
    return Estimate(seconds, int(BASE_BYTES + 2 * 7 * cube * 8 + rounds * size * size * 16))


def _farkle_turn(min_bank: int, gain: int = 8_000, **_) -> Estimate:
    """The optimal Ten Thousand turn: a table up to the minimum bank and one throw's best
    score ``gain`` past it (the seed's 8,000 by default; 4.4 s at 1,000,000)."""
    height = min_bank + gain
    return Estimate(0.5 + 4.4e-6 * height, int(BASE_BYTES + 200 * height / 50))


# analysis -> (estimator, the parameter that sets the size): the analyses whose cost this
# module computes itself; the solvers' own estimates join them in jeopardy.costs
ESTIMATORS: dict[str, tuple[Callable[..., Estimate], str]] = {
    "race": (race_cost, "goal"),
    "solitaire": (_solitaire, "goal"),
    "evaluation": (lambda goal, **kw: race_cost(goal, tables=2, **kw), "goal"),
    "policy_table": (lambda goal, **kw: race_cost(goal, tables=3, **kw), "goal"),
    "simulation": (_simulation, "games"),
    "turn": (_turn, "hold"),
    "simultaneous": (_simultaneous, "max_hold"),
    "expected": (_expected, "turns"),
    "think": (_think, "rounds"),
    "farkle_turn": (_farkle_turn, "min_bank"),
}


def estimate(analysis: str, **params) -> Estimate:
    """``(seconds, bytes)`` of ``analysis`` with these parameters on this machine."""
    if analysis not in ESTIMATORS:
        raise JeopardyError(f"no estimate for {analysis!r}; known: {', '.join(ESTIMATORS)}")
    function, _ = ESTIMATORS[analysis]
    return function(**params)


def _limit(variable: str, default: float) -> float:
    text = os.environ.get(variable, "").strip()
    if not text:
        return default
    scale = {"K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12}.get(text[-1].upper(), 1)
    try:
        value = float(text[:-1] if scale != 1 else text) * scale
    except ValueError:
        raise JeopardyError(f"${variable} must be a number; got {text!r}") from None
    if not value > 0 or not math.isfinite(value):
        raise JeopardyError(f"${variable} must be positive; got {text!r}")
    return value


def budget() -> Estimate:
    """This machine's budget: ``($JEOPARDY_TIME_LIMIT, $JEOPARDY_MEMORY_LIMIT)``."""
    return Estimate(_limit("JEOPARDY_TIME_LIMIT", DEFAULT_SECONDS),
                    int(_limit("JEOPARDY_MEMORY_LIMIT", DEFAULT_MEMORY)))


def fits(cost: Estimate, limit: Estimate | None = None) -> bool:
    limit = limit or budget()
    return cost.seconds <= limit.seconds and cost.bytes <= limit.bytes


# The unit of a size parameter other than 1: a Farkle least bank is a multiple of 50
# points (jeopardy.costs adds the solvers' own).
STEPS = {"farkle_turn": 50}
# Other parameters the user sets that size an analysis too: where no value of the size
# parameter fits, the refusal blames the one of them furthest over what fits (THINK's caps).
ALSO_SIZES = {"think": ("score_cap", "turn_cap")}


def largest(analysis: str, **params) -> int:
    """The largest value of the analysis's size parameter that fits the budget (0: none)."""
    return largest_of(*ESTIMATORS[analysis], STEPS.get(analysis, 1), **params)


def largest_of(function: Callable[..., Estimate], size: str, step: int = 1, **params) -> int:
    """The largest multiple of ``step`` for ``size`` at which ``function(**params)`` fits
    the budget (0: none); ``step``: the size's unit (a Farkle goal's 50 points)."""
    limit = budget()

    def fit(count: int) -> bool:
        return fits(function(**{**params, size: count * step}), limit)

    low, high = 0, 1
    while high < 2 ** 62 // step and fit(high):
        low, high = high, high * 2
    while high - low > 1:
        middle = (low + high) // 2
        if fit(middle):
            low = middle
        else:
            high = middle
    return low * step


def refuse_past_budget(what: str, cost: Estimate) -> None:
    """Refuse ``what`` (the request, with its size) in one line when ``cost`` is past the
    budget: the estimate and the budget, and the variables that set it."""
    limit = budget()
    if not fits(cost, limit):
        raise JeopardyError(f"{what} needs {describe(cost)}, past this machine's budget "
                            f"{budget_text(limit)}")


def budget_text(limit: Estimate) -> str:
    """``(60 minutes, 8.0 GB; JEOPARDY_TIME_LIMIT / JEOPARDY_MEMORY_LIMIT)``: the budget
    and the variables that set it, as every refusal gives them."""
    return (f"({duration(limit.seconds)}, {size_text(limit.bytes)}; "
            f"JEOPARDY_TIME_LIMIT / JEOPARDY_MEMORY_LIMIT)")


def describe(cost: Estimate) -> str:
    return f"about {duration(cost.seconds)} and {size_text(cost.bytes)}"


def duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} hours"
    if seconds < 3e9:
        return f"{seconds / 86400:,.0f} days"
    return "centuries"


def size_text(count: float) -> str:
    for unit, scale in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6)):
        if count >= scale:
            return f"{count / scale:,.1f} {unit}" if count < 1e15 else "far more than any machine has"
    return f"{count / 1e3:.0f} kB"


def require(analysis: str, what: str | None = None, **params) -> Estimate:
    """The estimate, if it fits the budget; else a refusal naming the largest size that does.

    ``what`` names the request in the message (default: the analysis).
    """
    return require_of(*ESTIMATORS[analysis], what or analysis, STEPS.get(analysis, 1),
                      ALSO_SIZES.get(analysis, ()), **params)


def require_of(function: Callable[..., Estimate], size: str, what: str, step: int = 1,
               others: tuple[str, ...] = (), **params) -> Estimate:
    """:func:`require` with the estimator ``function`` and its size parameter ``size`` (a
    solver's own estimate, which this module does not import: the solvers import it);
    the size a refusal suggests is a multiple of ``step``.  Where no ``size`` fits, the
    refusal names the parameter of ``others`` (whole numbers, step 1) furthest over the
    largest value that fits with the rest as given."""
    cost = function(**params)
    limit = budget()
    if not fits(cost, limit):
        from jeopardy.validate import ParameterError

        best = largest_of(function, size, step, **params)
        lowered = {other: largest_of(function, other, 1, **params)
                   for other in others if not best}  # lowering one alone: how far it fits
        lowered = {other: value for other, value in lowered.items() if value}
        fitting = "nothing fits"
        if lowered:
            size = max(lowered, key=lambda other: params[other] / lowered[other])
            best = lowered[size]
        elif not best and any(other in params for other in others):
            # no one size fits lowered alone: name the largest given, and the rest with it
            given = [other for other in (size, *others) if other in params]
            size = max(given, key=lambda other: params[other])
            what = f"{what}, with " + " and ".join(f"{other} {params[other]:,}"
                                                   for other in given if other != size)
            fitting = "no one of them fits lowered alone"
        over = "time" if cost.seconds > limit.seconds else "memory"
        if best:
            fitting = f"the largest that fits is {best:,}"
        raise ParameterError(size, (
            f"{params[size]:,} ({what}) needs {describe(cost)}, past this machine's "
            f"{over} budget {budget_text(limit)}; {fitting}"))
    if cost.seconds > NOTICE_SECONDS:
        warnings.warn(f"{what} with {size} {params[size]:,}: expect {describe(cost)}",
                      LongRunNotice, stacklevel=3)
    return cost
