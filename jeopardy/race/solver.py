"""Optimal play of two-player race games (Pig and relatives).

``P(i, j, k)`` is the probability that the player to move wins with own
score ``i``, opponent score ``j`` and turn total ``k``, both players playing
optimally:

    P(i, j, k) = max( sum_e p_e * value after e ,  1 - P(j, i + k, 0) )

(roll, hold), with ``P = 1`` once ``i + k >= goal``.  The solver
(:mod:`jeopardy.race.kernels`) goes through score sums in descending order and
solves each pair of swapped states to machine precision.  Games in which a
roll can take banked score away (``bust_all``) repeat whole passes until no
``P(i, j, 0)`` changes by more than ``tolerance`` (at most ``max_passes``).

Only ``P(i, j, 0)`` is stored (``goal**2`` floats); any column
``P(i, j, .)`` and its actions come back from one sweep.  The stopping rule
and the largest Bellman residual over all states are reported.

Turn totals need no cap: a state with ``i + k >= goal`` is a win (the player
holds), so ``k < goal - i`` covers every undecided state exactly, and no
value is truncated.
"""
from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np

from jeopardy import validate
from jeopardy.errors import JeopardyError
from jeopardy.files import write_atomically
from jeopardy.race import kernels
from jeopardy.rules.roll_model import RollModel, from_dict

FORMAT_VERSION = 1
MAX_NEWTON_STEPS = 200


@dataclass(frozen=True)
class RaceSolution:
    """Win probabilities and optimal actions of a race game."""

    model: RollModel
    goal: int
    start_values: np.ndarray = field(repr=False)  # P(i, j, 0)
    max_residual: float
    seconds: float
    passes: int
    sweeps: int
    cached: bool = False

    # ----------------------------------------------------------------- queries
    @property
    def states(self) -> int:
        """Non-terminal states (i, j, k): 0 <= i, j < goal, 0 <= k < goal - i."""
        return self.goal * self.goal * (self.goal + 1) // 2

    def _check(self, i: int, j: int, k: int = 0) -> None:
        g = self.goal
        if not 0 <= i < g:
            raise JeopardyError(f"score must be in 0..{g - 1}; got {i}")
        if not 0 <= j < g:
            raise JeopardyError(f"opponent score must be in 0..{g - 1}; got {j}")
        if k < 0:
            raise JeopardyError(f"turn total must be non-negative; got {k}")

    def column(self, i: int, j: int) -> tuple[np.ndarray, np.ndarray]:
        """``(P(i, j, k), roll?(i, j, k))`` for ``k = 0 .. goal - i - 1``."""
        self._check(i, j)
        kinds, points, probs = self.model.arrays()
        vals = np.empty(self.goal + 1)
        dvals = np.empty(self.goal + 1)
        acts = np.empty(self.goal + 1, dtype=np.int8)
        kernels.sweep(i, j, self.start_values[j, i], self.goal, self.start_values,
                      kernels.MAXIMISE, acts, kinds, points, probs, vals, dvals, acts)
        top = self.goal - i
        return vals[:top].copy(), acts[:top].astype(bool)

    def win_probability(self, i: int = 0, j: int = 0, k: int = 0) -> float:
        self._check(i, j, k)
        if i + k >= self.goal:
            return 1.0
        if k == 0:
            return float(self.start_values[i, j])
        return float(self.column(i, j)[0][k])

    def action(self, i: int, j: int, k: int) -> str:
        self._check(i, j, k)
        if i + k >= self.goal:
            return "hold"
        return "roll" if self.column(i, j)[1][k] else "hold"

    def actions(self, i: int, j: int) -> str:
        """One letter per turn total: ``R`` roll, ``H`` hold."""
        return "".join("R" if a else "H" for a in self.column(i, j)[1])

    def hold_threshold(self, i: int, j: int) -> int | None:
        """The h with "roll iff k < h" at (i, j), or None if not a threshold."""
        acts = self.column(i, j)[1]
        holds = np.flatnonzero(~acts)
        if len(holds) == 0:
            return self.goal - i
        h = int(holds[0])
        return h if not acts[h:].any() else None

    def expand(self) -> tuple[np.ndarray, np.ndarray]:
        """Full arrays ``P[i, j, k]`` and ``roll[i, j, k]`` (``goal**3`` entries)."""
        g = self.goal
        if g > 400:
            raise JeopardyError(f"expanding every state of goal {g} needs {8 * g ** 3 / 1e9:.1f} GB; "
                                "query columns instead")
        P = np.ones((g, g, g))
        roll = np.zeros((g, g, g), dtype=np.int8)
        kinds, points, probs = self.model.arrays()
        kernels.expand(g, self.start_values, kinds, points, probs, P, roll)
        return P, roll.astype(bool)

    def to_dict(self) -> dict:
        return {
            "game": self.model.name,
            "goal": self.goal,
            "win_probability": float(self.start_values[0, 0]),
            "states": self.states,
            "seconds": self.seconds,
            "max_residual": self.max_residual,
            "passes": self.passes,
            "sweeps": self.sweeps,
            "cached": self.cached,
        }

    # ------------------------------------------------------------------ files
    def save(self, path: str | Path) -> Path:
        """Write an ``.npz`` with ``P(i, j, 0)`` and the rules (no pickle)."""
        meta = json.dumps({
            "format": FORMAT_VERSION, "goal": self.goal, "model": self.model.to_dict(),
            "max_residual": self.max_residual, "seconds": self.seconds,
            "passes": self.passes, "sweeps": self.sweeps,
        })

        def write(temporary: str) -> None:
            with open(temporary, "wb") as handle:
                np.savez_compressed(handle, start_values=self.start_values,
                                    meta=np.frombuffer(meta.encode(), dtype=np.uint8))

        return write_atomically(path, write, suffix=".npz")


def load(path: str | Path) -> RaceSolution:
    """Read a solution written by :meth:`RaceSolution.save` (no pickle)."""
    path = Path(path)
    try:
        with np.load(path, allow_pickle=False) as data:
            values = data["start_values"]
            meta = json.loads(bytes(data["meta"]).decode())
    except FileNotFoundError:
        raise JeopardyError(f"cannot read solution file {str(path)!r}: no such file") from None
    except (OSError, ValueError, KeyError, json.JSONDecodeError) as error:
        raise JeopardyError(f"{str(path)!r} is not a jeopardy solution file ({error})") from None
    if meta.get("format") != FORMAT_VERSION:
        raise JeopardyError(f"{str(path)!r} has format {meta.get('format')}, expected {FORMAT_VERSION}")
    goal = int(meta["goal"])
    if values.shape != (goal, goal) or values.dtype != np.float64:
        raise JeopardyError(f"{str(path)!r}: table shape {values.shape} does not match goal {goal}")
    if not np.all((values >= 0) & (values <= 1)):
        raise JeopardyError(f"{str(path)!r}: win probabilities outside [0, 1]")
    model = from_dict(meta["model"], f"solution file {str(path)!r}")
    return RaceSolution(model, goal, values, float(meta["max_residual"]), float(meta["seconds"]),
                        int(meta["passes"]), int(meta["sweeps"]), cached=True)


# ------------------------------------------------------------------- solving
def _cache_path(model: RollModel, goal: int) -> Path:
    root = Path(os.environ.get("JEOPARDY_CACHE_DIR", Path.home() / ".cache" / "jeopardy"))
    key = hashlib.sha256(f"{FORMAT_VERSION}|{goal}|{model.fingerprint()}".encode()).hexdigest()[:20]
    return root / f"race-{goal}-{key}.npz"


def iterate(model: RollModel, goal: int, WA: np.ndarray, WB: np.ndarray, mode_a: int,
            table_a: np.ndarray, mode_b: int, table_b: np.ndarray, symmetric: bool,
            tolerance: float, max_passes: int,
            progress: Callable[[float], None] | None = None) -> tuple[int, int]:
    """Passes over all score sums (in chunks, for progress) until nothing moves.

    One pass is exact when no effect lowers a score sum; with ``bust_all``
    the passes repeat until no turn-start value changes by more than
    ``tolerance`` (at most ``max_passes``).  Returns ``(passes, sweeps)``.
    """
    kinds, points, probs = model.arrays()
    top_sum = 2 * goal - 2
    chunk = top_sum + 1 if goal <= 300 else max(1, (top_sum + 1) // 100)
    sweeps = 0
    passes = 0
    multi_pass = model.has_bust_all
    while True:
        passes += 1
        previous = (WA.copy(), WB.copy()) if multi_pass else None
        s = top_sum
        while s >= 0:
            last = max(0, s - chunk + 1)
            n, _ = kernels.solve_sums(goal, s, last, WA, WB, mode_a, table_a, mode_b, table_b,
                                      symmetric, kinds, points, probs, MAX_NEWTON_STEPS, tolerance)
            sweeps += n
            s = last - 1
            if progress is not None:
                done = 1 - (s + 1) ** 2 / (top_sum + 1) ** 2 if s >= 0 else 1.0
                progress(done if not multi_pass else min(1.0, (passes - 1 + done) / (passes + 1)))
        if not multi_pass:
            break
        change = float(max(np.max(np.abs(WA - previous[0])), np.max(np.abs(WB - previous[1]))))
        if change <= tolerance:
            break
        if passes >= max_passes:
            raise JeopardyError(f"race solver: {passes} passes without convergence "
                                f"(last change {change:.2e})")
    return passes, sweeps


def max_residual(model: RollModel, goal: int, WA: np.ndarray, WB: np.ndarray, mode_a: int,
                 table_a: np.ndarray, mode_b: int, table_b: np.ndarray, symmetric: bool) -> float:
    """The largest Bellman residual over every state (see kernels.bellman_residual)."""
    kinds, points, probs = model.arrays()
    return float(kernels.bellman_residual(goal, WA, WB, mode_a, table_a, mode_b, table_b,
                                          symmetric, kinds, points, probs))


def warm_up(model: RollModel) -> None:
    """Load the compiled kernels (numba's on-disk cache) before a clock starts."""
    kinds, points, probs = model.arrays()
    tiny = np.full((2, 2), 0.5)
    table = kernels.no_table(2)
    kernels.solve_sums(2, 2, 0, tiny, tiny, kernels.MAXIMISE, table, kernels.MAXIMISE, table, True,
                       kinds, points, probs, 2, 1e-15)


def solve(model: RollModel, goal: int = 100, tolerance: float = 1e-15, max_passes: int = 5000,
          progress: Callable[[float], None] | None = None, cache: bool = False) -> RaceSolution:
    """Solve the race game of ``model`` to ``goal`` (see the module docstring).

    ``progress`` receives the fraction done; with ``cache=True`` a solution
    is read from, and written to, the cache directory
    (``$JEOPARDY_CACHE_DIR`` or ``~/.cache/jeopardy``).
    """
    model = validate.roll_model(model)
    goal = validate.positive_int(goal, "goal")
    tolerance = validate.tolerance(tolerance)
    max_passes = validate.positive_int(max_passes, "max_passes")
    if cache:
        path = _cache_path(model, goal)
        if path.exists():
            try:
                solution = load(path)
                if solution.model.fingerprint() == model.fingerprint():
                    return solution
            except JeopardyError:
                pass
    warm_up(model)
    started = time.perf_counter()
    values = np.full((goal, goal), 0.5)
    table = kernels.no_table(goal)
    players = (values, values, kernels.MAXIMISE, table, kernels.MAXIMISE, table, True)
    passes, sweeps = iterate(model, goal, *players, tolerance, max_passes, progress)
    seconds = time.perf_counter() - started
    residual = max_residual(model, goal, *players)
    if progress is not None:
        progress(1.0)
    solution = RaceSolution(model, goal, values, residual, seconds, passes, sweeps)
    if cache:
        path = _cache_path(model, goal)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            solution.save(path)
        except (OSError, JeopardyError):
            pass  # a cache that cannot be written is not an error
    return solution
