"""The pair method: two-player first-to-goal games solved over ``P(i, j, 0)``.

:func:`jeopardy.match.solver.solve` chooses it wherever it plays (:func:`plays`:
two players, first to the goal, turn totals that never fall) and returns its
result as a :class:`~jeopardy.match.solver.PairSolution`, a
:class:`~jeopardy.match.solver.MatchSolution` like every other.

``P(i, j, k)`` is the probability that the player to move wins with own
score ``i``, opponent score ``j`` and turn total ``k``, both players playing
optimally:

    P(i, j, k) = max( sum_e p_e * value after e ,  1 - P(j, i + k, 0) )

(roll, hold), with ``P = 1`` once ``i + k >= goal``.  The kernels
(:mod:`jeopardy.match.pair_kernels`) go through score sums in descending order and
solve each pair of swapped states to machine precision.  Games in which a
roll can take banked score away (``bust_all``) repeat whole passes until no
``P(i, j, 0)`` changes by more than ``tolerance`` (at most ``max_passes``).

Only ``P(i, j, 0)`` is stored (``goal**2`` floats); any column
``P(i, j, .)`` and its actions come back from one sweep (:func:`column`).  The
stopping rule and the largest Bellman residual over all states are reported.

Turn totals need no cap: a state with ``i + k >= goal`` is a win (the player
holds), so ``k < goal - i`` covers every undecided state exactly, and no
value is truncated.

Solutions save to an ``.npz`` (:func:`save`, :func:`read`: the table, the rules,
a checksum; no pickle), and the solver's cache keeps them the same way
(:func:`from_cache`, :func:`to_cache`): a file is verified, never trusted.
"""
from __future__ import annotations

import hashlib
import json
import os
import time
import warnings
from pathlib import Path
from typing import Callable, NamedTuple

import numpy as np

from jeopardy import compilation, convergence, resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.files import checked_array, checksum, meta_field, read_npz, write_atomically
from jeopardy.interrupts import chunk_size
from jeopardy.match import pair_kernels, reachability, sums
from jeopardy.rules.roll_model import RollModel, from_dict

FORMAT_VERSION = 1
MAX_NEWTON_STEPS = 200
# The solve's share of the time shown as progress; the Bellman residual over every
# state takes the rest (Pig to 1000: 14.7 s, then 12 s).
SOLVE_SHARE = 0.55
# From this goal on, the pairs of each score sum (and the residual's rows) run in lanes on
# every thread (jeopardy.match.sums.threads); below it a sum takes well under a
# millisecond and starting threads would cost more than they give (Pig to 100: 200
# sums of about 35 microseconds).
THREADED_GOAL = 250
# Values lie in [0, 1]: one rounding is at most 2**-53, and a pass re-solves
# each value from others already rounded, so changes below a few dozen units
# of 2**-53 are noise.  Passes stop there (or when the change stops halving
# for STALL_PASSES passes once below STALL_CHANGE).
ROUNDING_FLOOR = 32 * 2.0 ** -53
STALL_PASSES = 8
STALL_CHANGE = 1e-12
# A solution file stores goal**2 floats: 20,000 is 3.2 GB, beyond any file we write.
MAX_FILE_GOAL = 20_000
MAX_TABLE_GOAL = 400  # a policy table holds goal**3 int8 actions: 64 MB at 400


def check_table_goal(goal: int) -> None:
    """Refuses, before any work, a goal whose policy table (``goal**3`` states) is too big."""
    validate.positive_int(goal, "goal")
    if goal > MAX_TABLE_GOAL:
        raise JeopardyError(f"policy tables hold goal**3 states; goal {goal} is above the "
                            f"supported {MAX_TABLE_GOAL}")


def plays(model: RollModel | None, rules) -> bool:
    """Whether the pair method solves the game of ``model`` under the match ``rules``:
    two players, an ending it solves (:attr:`jeopardy.match.endings.Ending.pair_solver`:
    first to the goal), turn totals that never fall (a falling total gives the turn
    cycles that only the N-player method iterates).  ``model`` None: any roll model
    of those rules (the estimates before a model is known)."""
    return rules.players == 2 and rules.ending.pair_solver and not (
        model is not None and model.turn_totals_fall)


class Solved(NamedTuple):
    """What the pair method found (or a file or the cache held): ``P(i, j, 0)`` in
    ``values`` and how it was reached."""

    model: RollModel
    goal: int
    values: np.ndarray  # P(i, j, 0), [goal, goal]
    max_residual: float
    seconds: float
    passes: int
    sweeps: int
    cached: bool = False


def iterate(model: RollModel, goal: int, players: pair_kernels.Players, tolerance: float,
            max_passes: int, progress: Callable[[float], None] | None = None) -> tuple[int, int]:
    """Passes over all score sums (in chunks, for progress) until nothing moves.

    One pass is exact when no effect lowers a score sum; with ``bust_all``
    the passes repeat until no turn-start value changes by more than the
    target ``max(tolerance, ROUNDING_FLOOR)`` -- a tolerance below the
    rounding floor of float64 values in [0, 1] can never be met, since each
    pass re-rounds every value.  The passes also stop when the change has
    *stagnated* near that floor (no halving in :data:`STALL_PASSES` passes
    while below :data:`STALL_CHANGE`): rounding noise, not convergence, is
    what is left; the caller reports the Bellman residual reached.  After
    ``max_passes`` passes without either, the solver refuses, giving the
    residual.  Returns ``(passes, sweeps)``.
    """
    rules = model.kernel_rules(goal)
    WA, WB = players.WA, players.WB
    top_sum = 2 * goal - 2
    # One score sum costs about 2.5e-8 goal**2 s (jeopardy.resources); chunks keep
    # interrupts prompt, and at least 100 chunks a pass feed the progress bar.
    chunk = chunk_size(top_sum + 1, 2.5e-8 * goal * goal * max(1, len(rules.kinds) / 8))
    if goal > 300:
        chunk = min(chunk, max(1, (top_sum + 1) // 100))
    count = _threads(goal)
    if count > 1:
        chunk = 1  # a sum at a time, its pairs in lanes on every thread
    sweeps = 0
    passes = 0
    multi_pass = model.has_bust_all
    best_change, best_pass = np.inf, 0

    def lanes_of(first: int, last: int) -> int:
        # one lane per thread (a lane past a short sum's pairs has none: it returns 0)
        return sum(n for n, _ in sums.run_lanes(
            lambda _, lane, lanes: pair_kernels.solve_sums(
                rules, players, first, last, MAX_NEWTON_STEPS, tolerance, lane, lanes),
            None, count, count))

    while True:
        passes += 1
        previous = (WA.copy(), WB.copy()) if multi_pass else None
        s = top_sum
        while s >= 0:
            last = max(0, s - chunk + 1)
            sweeps += lanes_of(s, last)
            s = last - 1
            if progress is not None:
                done = 1 - (s + 1) ** 2 / (top_sum + 1) ** 2 if s >= 0 else 1.0
                progress(done if not multi_pass else min(1.0, (passes - 1 + done) / (passes + 1)))
        if not multi_pass:
            break
        change = float(max(np.max(np.abs(WA - previous[0])), np.max(np.abs(WB - previous[1]))))
        if change <= max(tolerance, ROUNDING_FLOOR):
            break
        if change < best_change / 2:
            best_change, best_pass = change, passes
        elif change < STALL_CHANGE and passes - best_pass >= STALL_PASSES:
            break  # stagnated at the rounding floor
        if passes >= max_passes:
            residual = max_residual(model, goal, players)
            raise JeopardyError(f"race solver: no convergence in {passes} passes (last change "
                                f"{change:.1e}, Bellman residual {residual:.1e})")
    return passes, sweeps


def _threads(goal: int) -> int:
    """The threads the pair method uses at ``goal`` (one below :data:`THREADED_GOAL`)."""
    return sums.threads() if goal >= THREADED_GOAL else 1


def max_residual(model: RollModel, goal: int, players: pair_kernels.Players) -> float:
    """The largest Bellman residual over every state (see pair_kernels.bellman_residual),
    in lanes on every thread from :data:`THREADED_GOAL` (the largest of theirs: the same
    number)."""
    rules = model.kernel_rules(goal)
    count = _threads(goal)
    # lanes of rows i; 8 per thread even out the rows' lengths, each under a second
    return float(max(sums.run_lanes(
        lambda _, lane, lanes: pair_kernels.bellman_residual(rules, players, lane, lanes),
        None, 8 * count if count > 1 else 1, count)))


def warm_up(model: RollModel) -> None:
    """Load the compiled kernels (numba's on-disk cache), or compile them, before a
    clock starts; says so first where they must be compiled
    (:func:`jeopardy.compilation.announce_if_cold`)."""
    rules, players = model.kernel_rules(2), pair_kernels.self_play(np.full((2, 2), 0.5))
    compilation.announce_if_cold((pair_kernels.solve_sums, rules, players, 2, 0, 2, 1e-15, 0, 1),
                                 (pair_kernels.bellman_residual, rules, players, 0, 1))
    pair_kernels.solve_sums(rules, players, 2, 0, 2, 1e-15, 0, 1)
    pair_kernels.bellman_residual(rules, players, 0, 1)


def solve(model: RollModel, goal: int, tolerance: float = 1e-15, max_passes: int = 5000,
          progress: Callable[[float], None] | None = None, cache: bool = False) -> Solved:
    """``P(i, j, 0)`` of the game of ``model`` to ``goal`` (see the module docstring);
    the caller (:func:`jeopardy.match.solver.solve`) has validated its arguments.

    ``progress`` receives the fraction done; with ``cache=True`` a solution
    is read from, and written to, the cache directory
    (``$JEOPARDY_CACHE_DIR`` or ``~/.cache/jeopardy``); one that did not converge
    (:mod:`jeopardy.convergence`) is not cached.
    """
    model.require_rising("the race solver")
    # P(i, j, 0), two copies between bust-all passes, then the turn-start table
    # (turn_start_values): at most three goal**2 tables at once, as race_cost counts
    resources.require("race", "solving the race game", goal=goal, model=model)
    if cache:
        stored = from_cache(model, goal)
        if stored is not None:
            return stored
    warm_up(model)
    started = time.perf_counter()
    values = np.full((goal, goal), 0.5)
    players = pair_kernels.self_play(values)
    # the residual check sweeps every column once more: about as long as the solve
    solving = None if progress is None else (lambda done: progress(SOLVE_SHARE * done))
    passes, sweeps = iterate(model, goal, players, tolerance, max_passes, solving)
    seconds = time.perf_counter() - started
    residual = max_residual(model, goal, players)
    if progress is not None:
        progress(1.0)
    solved = Solved(model, goal, values, residual, seconds, passes, sweeps)
    if cache and convergence.is_converged(residual):
        to_cache(solved)
    return solved


def turn_start_values(values: np.ndarray) -> np.ndarray:
    """``P(i, j, 0)`` in the layout of every match solution, ``[place, index, player]``:
    one place, ``index = i * goal + j``, the mover's chance and the other's."""
    chances = values.reshape(1, -1)
    return np.stack([chances, 1.0 - chances], axis=-1)


# ------------------------------------------------------- queries of a solution
def column(model: RollModel, goal: int, values: np.ndarray, i: int,
           j: int) -> tuple[np.ndarray, np.ndarray]:
    """``(P(i, j, k), roll?(i, j, k))`` for ``k = 0 .. goal - i - 1``: one sweep from the
    turn-start values; ``P(i, j, 0)`` is the stored one (the sweep's agrees within the
    Bellman residual: the solve may move a column along its slope instead of
    sweeping it again)."""
    work = pair_kernels.column(goal)
    pair_kernels.sweep(model.kernel_rules(goal), i, j, values[j, i], values,
                       pair_kernels.MAXIMISE, work.acts, work)
    top = goal - i
    vals = work.vals[:top].copy()
    vals[0] = values[i, j]
    return vals, work.acts[:top].astype(bool)


def policy_table(model: RollModel, goal: int, values: np.ndarray) -> np.ndarray:
    """The optimal actions ``[i, j, k]`` (int8, 1: roll) over every state."""
    roll = np.zeros((goal, goal, goal), dtype=np.int8)
    pair_kernels.actions(model.kernel_rules(goal), values, pair_kernels.MAXIMISE,
                         pair_kernels.no_table(goal), roll)
    return roll


def expand(model: RollModel, goal: int, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Full arrays ``P[i, j, k]`` and ``roll[i, j, k]`` (``goal**3`` entries)."""
    if goal > 400:
        raise JeopardyError(f"expanding every state of goal {goal} needs "
                            f"{8 * goal ** 3 / 1e9:.1f} GB; query columns instead")
    P = np.ones((goal, goal, goal))
    roll = np.zeros((goal, goal, goal), dtype=np.int8)
    pair_kernels.expand(model.kernel_rules(goal), values, P, roll)
    return P, roll.astype(bool)


def cross_section_opponent(goal: int) -> int:
    """The cross-section's default opponent score: 30% of the goal, rounded down (the
    paper's Figure 4: 30 at 100), so that every goal has one (at 10: 3)."""
    return 3 * goal // 10


def plot(solution, figure: str = "boundary", opponent: int | None = None, ax=None):
    """One of the paper's figures (``boundary``, ``cross-section``, ``reachable``,
    ``reachable-roll``, ``contours``) of ``solution``'s optimal policy; a Figure.
    ``opponent``: the cross-section's opponent score (default
    :func:`cross_section_opponent`)."""
    from jeopardy.plots import race as figures  # matplotlib: heavy, drawn on request

    if figure not in figures.FIGURES:
        raise JeopardyError(f"unknown figure {figure!r}; use {', '.join(figures.FIGURES)}")
    table = solution.policy_table()
    roll = table.astype(bool)
    name = f"{solution.model.name} to {solution.goal}"
    if figure == "boundary":
        return figures.boundary_surface(name, roll, ax=ax)
    if figure == "cross-section":
        if opponent is None:
            opponent = cross_section_opponent(solution.goal)
        if not 0 <= opponent < solution.goal:
            raise JeopardyError(f"opponent must be in 0-{solution.goal - 1}; got {opponent}")
        return figures.cross_section(
            name, roll, reachability.reachable_table(solution.model, table, "optimal"), opponent,
            ax=ax)
    if figure == "contours":
        return figures.probability_contours(name, solution.expand()[0], ax=ax)
    reach = reachability.reachable_table(solution.model, table, "optimal")
    if figure == "reachable":
        return figures.state_cloud(name, reach.states, "states reachable by an optimal player",
                                   ax=ax)
    return figures.state_cloud(name, reach.roll, "reachable states where rolling is optimal",
                               ax=ax)


# ------------------------------------------------------------------- files
def save(path: str | Path, solved: Solved) -> Path:
    """Write an ``.npz`` with ``P(i, j, 0)``, the rules and a checksum (no pickle)."""
    meta = json.dumps({
        "format": FORMAT_VERSION, "goal": solved.goal, "model": solved.model.to_dict(),
        "max_residual": solved.max_residual, "seconds": solved.seconds,
        "passes": solved.passes, "sweeps": solved.sweeps,
        "checksum": checksum(solved.values),
    })

    def write(temporary: str) -> None:
        with open(temporary, "wb") as handle:
            np.savez_compressed(handle, start_values=solved.values,
                                meta=np.frombuffer(meta.encode(), dtype=np.uint8))

    return write_atomically(path, write, suffix=".npz")


# Stored values must solve the game to this Bellman residual (the solver reaches
# about 1e-15 even for goal 1,000; an edited value shows as its own size).
TRUSTED_RESIDUAL = 1e-9


def read(path: str | Path) -> Solved:
    """Read a solution written by :func:`save` (no pickle).

    The file is verified, not trusted: the checksum of the table, and the Bellman
    residual recomputed from the rules (the stored one is ignored).
    """
    source = f"solution file {str(path)!r}"
    data = read_npz(path, "jeopardy solution file", ("start_values",))
    if "meta" not in data:
        raise JeopardyError(f"{str(path)!r} is not a jeopardy solution file (no metadata)")
    meta = data["meta"]
    if meta.get("format") != FORMAT_VERSION:
        raise JeopardyError(f"{source} has format {meta.get('format')!r}, expected {FORMAT_VERSION}")
    goal = meta_field(meta, "goal", int, source)
    if not 1 <= goal <= MAX_FILE_GOAL:
        raise JeopardyError(f"{source}: goal {goal} is outside 1-{MAX_FILE_GOAL}")
    values = checked_array(data["start_values"], "start_values", source, (goal, goal),
                           np.float64, 0.0, 1.0)
    stored = meta.get("checksum")
    if stored is not None and stored != checksum(values):
        raise JeopardyError(f"{source}: checksum mismatch (the table was changed or damaged)")
    model = from_dict(meta.get("model"), source).require_rising("the race solver")
    residual = max_residual(model, goal, pair_kernels.self_play(values))
    if not residual <= TRUSTED_RESIDUAL:
        raise JeopardyError(f"{source}: the stored values do not solve the game "
                            f"(Bellman residual {residual:.1e})")
    seconds = meta.get("seconds", 0.0)
    return Solved(model, goal, values, residual,
                  float(seconds) if isinstance(seconds, (int, float)) else 0.0,
                  int(meta.get("passes", 0) or 0), int(meta.get("sweeps", 0) or 0), cached=True)


# ------------------------------------------------------------------- the cache
class CacheWarning(UserWarning):
    """A cache entry was damaged or unusable; it is ignored (and rebuilt)."""


def cache_directory() -> Path:
    """``$JEOPARDY_CACHE_DIR`` if set and not empty, else ``~/.cache/jeopardy``."""
    configured = os.environ.get("JEOPARDY_CACHE_DIR", "").strip()
    return Path(configured) if configured else Path.home() / ".cache" / "jeopardy"


def _cache_path(model: RollModel, goal: int) -> Path:
    """Keyed by the model's full identity (name and rules), the goal and the format."""
    identity = f"{FORMAT_VERSION}|{goal}|{model.name}|{model.fingerprint()}"
    key = hashlib.sha256(identity.encode()).hexdigest()[:24]
    return cache_directory() / f"race-{goal}-{key}.npz"


def from_cache(model: RollModel, goal: int) -> Solved | None:
    """The cached solution of this very game, verified (:func:`read`); None if there is
    none, or (with a :class:`CacheWarning`) if the entry is damaged or holds another game."""
    path = _cache_path(model, goal)
    if not path.exists():
        return None
    try:
        stored = read(path)
    except JeopardyError as error:
        warnings.warn(f"ignoring damaged cache entry {str(path)!r} ({error}); solving again",
                      CacheWarning, stacklevel=4)
        return None
    if stored.model.name != model.name or stored.model.fingerprint() != model.fingerprint() \
            or stored.goal != goal:
        warnings.warn(f"ignoring cache entry {str(path)!r}: it holds another game; solving again",
                      CacheWarning, stacklevel=4)
        return None
    return stored


def to_cache(solved: Solved) -> None:
    """Keep a converged solution in the cache (a cache that cannot be written is not
    an error)."""
    path = _cache_path(solved.model, solved.goal)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        save(path, solved)
    except (OSError, JeopardyError):
        pass
