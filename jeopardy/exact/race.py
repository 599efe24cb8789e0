"""Exact rational solution of race games, at full size (Pig to 100).

Only the turn-start values ``P(i, j, 0)`` are kept.  For a fixed policy the
value at any turn total of the column ``(i, j)`` is an affine combination of
``y = P(j, i, 0)`` and turn-start values of higher score sums, with small
exact coefficients (:mod:`jeopardy.exact.columns`).  So, going down the
score sums, each pair ``x = P(i, j, 0)``, ``y = P(j, i, 0)`` satisfies

    x = A + b (1 - y),      y = A' + b' (1 - x)

with ``A``, ``A'`` exact rationals known from higher sums and ``b``, ``b'``
small: a 2 x 2 linear system, solved exactly.  A ``bust_all`` effect points
to ``Z_m = P(m, 0, 0)``, of a *lower* sum: those games go down the sums
twice, first with every value an affine form in the ``goal`` unknowns ``Z``
(which gives one exact ``goal x goal`` system for them), then with ``Z``
known.

The policy comes from the float solver (the pair method of
``jeopardy.match.solver.solve``);
:mod:`jeopardy.exact.verification` proves that every Bellman equation
``P = max(roll, hold)`` holds exactly, the branch of each max included.
Where a branch is not the exact maximum (a near-tie the floats could not
resolve) the action is switched: in games without bust-all each pair is
checked and repaired as soon as it is solved (everything it depends on is
final by then), so one pass suffices; bust-all games repeat whole rounds of
policy iteration.  Each round's policy must end the game from every turn
start (every pair is solved, reachable or not): :mod:`jeopardy.match.termination`
checks it, and refuses a policy that may pass for ever, before any rational
arithmetic.

Arithmetic is in ``gmpy2.mpq`` (GMP rationals).  With this algorithm the
evaluation of Pig to 100 took 5.7 s in ``mpq``, 6.1 s in python-flint's
``fmpq`` and 29.8 s in ``fractions.Fraction`` (measured on the reference
machine when choosing); results become ``Fraction`` only at the edge.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

import numpy as np
from gmpy2 import mpq

from jeopardy import resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.exact import columns
from jeopardy.exact.columns import ONE, ZERO, column_values, combination
from jeopardy.exact.linear import solve as linear_solve
from jeopardy.exact.verification import Checker, check
from jeopardy.match import pair_kernels
from jeopardy.match.policies import RacePolicy
from jeopardy.match.solver import solve
from jeopardy.match.termination import refuse, require_ending
from jeopardy.results import Result
from jeopardy.rules import game, presets
from jeopardy.rules.roll_model import RollModel


# ------------------------------------------------------------------- limits
# Exact solving is refused up front when its estimated time is past
# TIME_LIMIT seconds on the reference 2-core machine.  Time grows as a power
# of the goal (the digits of the rationals grow with the goal, and every
# pair's arithmetic with the digits): benchmarks/exact.py measures each preset
# at rising goals and fits ``CPU seconds = (goal / g1) ** a``.  The fit is
# trusted at most 25% past the largest goal measured (digits can grow faster
# there than the fit knows: Piggy with Sicherman dice has 5,640 digits at 150
# and 58,069 at 187).
TIME_LIMIT = 600.0
EXTRAPOLATION = 1.25

# preset: (g1, a, largest goal measured), from benchmarks/exact.py on 2026-11-22.
TIMINGS: dict[str, tuple[float, float, int]] = {
    "pig": (68.4, 6.32, 150),
    "piglet": (91.1, 4.05, 233),
    "linux-magazin": (55.8, 5.95, 120),
    "two-dice-pig": (50.5, 15.73, 62),
    "big-pig": (80.7, 11.46, 120),
    "frey-pig": (65.3, 9.26, 96),
    "piggy": (97.1, 10.71, 150),
    "piggy-sicherman": (96.1, 5.82, 187),
    "pass-the-pigs": (44.4, 7.96, 62),
}
# Games that are not presets: the fits of the preset with the lowest limit.
FALLBACK = TIMINGS["pass-the-pigs"]
FALLBACK_BUST_ALL = TIMINGS["two-dice-pig"]


def _timing(model: RollModel) -> tuple[float, float, int]:
    """The fit of the preset with the same rules (THINK and SKUNK are two-dice
    Pig under other names), else the fallback."""
    fingerprint = model.fingerprint()
    for name, timing in TIMINGS.items():
        if game(name).fingerprint() == fingerprint:
            return timing
    return FALLBACK_BUST_ALL if model.has_bust_all else FALLBACK


def estimated_seconds(model: RollModel, goal: int) -> float:
    """Estimated CPU time of an exact solve (see TIME_LIMIT)."""
    at_one_second, exponent, _ = _timing(model)
    return (goal / at_one_second) ** exponent


def largest_exact_goal(model: RollModel, seconds: float = TIME_LIMIT) -> int:
    """The largest goal whose estimated solving time is within ``seconds``,
    and at most EXTRAPOLATION times the largest goal measured."""
    at_one_second, exponent, measured = _timing(model)
    return max(1, min(int(at_one_second * seconds ** (1 / exponent)),
                      int(EXTRAPOLATION * measured)))


def states_of(goal: int) -> int:
    return goal * goal * (goal + 1) // 2


def check_size(model: RollModel, goal: int) -> None:
    if goal < 1:
        raise JeopardyError(f"goal must be a positive integer; got {goal}")
    limit = largest_exact_goal(model)
    if goal > limit:
        minutes = estimated_seconds(model, goal) / 60
        raise JeopardyError(
            f"exact solving of {model.name} is limited to goal {limit} (about "
            f"{TIME_LIMIT / 60:.0f} minutes): the rationals grow with the goal, so goal {goal} "
            f"would take about {minutes:,.0f} minutes; use `jeopardy solve` for floats")


def check_state(goal: int, i: int, j: int, k: int) -> None:
    if not (0 <= i < goal and 0 <= j < goal and k >= 0):
        raise JeopardyError(f"state ({i}, {j}, {k}) is not a state of the game to {goal}: "
                            f"scores must be in 0-{goal - 1}, the turn total non-negative")


# ------------------------------------------------------------------ result
def as_fraction(value: mpq) -> Fraction:
    return Fraction(int(value.numerator), int(value.denominator))


@dataclass(frozen=True, repr=False)
class ExactRaceSolution(Result):
    """Exact turn-start values ``P(i, j, 0)`` and the optimal policy.

    Values at other turn totals are recomputed exactly from the turn-start
    values when asked for (:meth:`win_probability_at`).
    """

    model: RollModel
    goal: int
    start: tuple = field(repr=False)  # start[i][j] = P(i, j, 0) as gmpy2.mpq
    policy: np.ndarray = field(repr=False)  # policy[i, j, k] = 1 roll, 0 hold
    iterations: int
    policy_changes: int  # actions switched from the start policy
    exact_comparisons: int  # near-ties the check settled in exact arithmetic
    verified: bool
    seconds: float

    def __repr__(self) -> str:
        return (f"ExactRaceSolution({self.model.name!r}, goal={self.goal}, "
                f"P(0,0,0)~{float(self.start[0][0]):.12f}, verified={self.verified})")

    def _check_state(self, i: int, j: int, k: int) -> None:
        check_state(self.goal, i, j, k)

    def exact_value(self, i: int = 0, j: int = 0, k: int = 0) -> mpq:
        """``P(i, j, k)`` as a ``gmpy2.mpq``."""
        self._check_state(i, j, k)
        if i + k >= self.goal:
            return ONE
        if k == 0:
            return self.start[i][j]
        row = self.start[j]
        combo = combination(columns.outcomes(self.model), self.goal, i, self.policy[i, j], k)
        return combo.value(row[i], lambda t: row[t], row[0])

    def action_values(self, i: int, j: int, k: int) -> tuple[Fraction, Fraction]:
        """Exact ``(roll, hold)``: the two branches of the max at ``(i, j, k)``."""
        self._check_state(i, j, k)
        if i + k >= self.goal:
            return Fraction(1), Fraction(1)
        row = self.start[j]
        roll = combination(columns.outcomes(self.model), self.goal, i, self.policy[i, j], k,
                           first=True).value(row[i], lambda t: row[t], row[0])
        hold = ONE - (row[i] if k == 0 else row[i + k])
        return as_fraction(roll), as_fraction(hold)

    def win_probability_at(self, i: int = 0, j: int = 0, k: int = 0) -> Fraction:
        """Exact ``P(i, j, k)``."""
        return as_fraction(self.exact_value(i, j, k))

    @property
    def win_probability_exact(self) -> Fraction:
        """The first player's exact chance at the start, P(0, 0, 0)."""
        return self.win_probability_at(0, 0, 0)

    @property
    def win_probability(self) -> float:
        """P(0, 0, 0) as a float, as every result's ``win_probability``."""
        return float(self.win_probability_exact)

    @property
    def win_probabilities(self) -> list[float]:
        return [self.win_probability, 1.0 - self.win_probability]

    def action(self, i: int, j: int, k: int) -> str:
        self._check_state(i, j, k)
        if i + k >= self.goal:
            return "hold"
        return self.roll_word if self.policy[i, j, k] else "hold"

    @property
    def roll_word(self) -> str:
        return "flip" if self.model.name == "piglet" else "roll"

    @cached_property
    def values(self) -> dict[tuple[int, int, int], Fraction]:
        """Every ``P(i, j, k)`` (small games: refused past 200,000 states)."""
        if states_of(self.goal) > 200_000:
            raise JeopardyError(f"listing all {states_of(self.goal):,} exact values is refused; "
                                "ask for states one by one")
        rolls = columns.outcomes(self.model)
        out = {}
        for i in range(self.goal):
            for j in range(self.goal):
                column = column_values(rolls, self.goal, i, j, self.policy[i, j],
                                       lambda a, b: self.start[a][b])
                for k, v in enumerate(column):
                    out[(i, j, k)] = as_fraction(v)
        return out

    @property
    def roll(self) -> dict[tuple[int, int, int], bool]:
        """The action of every state (True roll)."""
        g = self.goal
        return {(i, j, k): bool(self.policy[i, j, k])
                for i in range(g) for j in range(g) for k in range(g - i)}

    def to_dict(self) -> dict:
        value = self.start[0][0]
        return {
            "game": self.model.name,
            "goal": self.goal,
            "states": states_of(self.goal),
            "win_probability": float(value),
            "win_probability_exact": exact_text(value),
            "numerator_digits": digits(value.numerator),
            "denominator_digits": digits(value.denominator),
            "decimal": decimals(value),
            "iterations": self.iterations,
            "policy_changes": self.policy_changes,
            "exact_comparisons": self.exact_comparisons,
            "verified": self.verified,
            "seconds": self.seconds,
        }


def float_difference(solution: ExactRaceSolution) -> float:
    """Largest |exact - float solver| over the turn-start values ``P(i, j, 0)``."""
    floats = solve(solution.model, solution.goal, method="pair").start_values
    return max(abs(float(v) - floats[i, j]) for i, row in enumerate(solution.start)
               for j, v in enumerate(row))


def digits(n) -> int:
    """Decimal digits of a non-negative integer (0 has one)."""
    from gmpy2 import mpz

    return len(mpz(n).digits(10))


def exact_text(value) -> str:
    """``"p/q"`` of a rational of any size (gmpy2 prints without Python's
    limit on int-to-string conversion)."""
    from gmpy2 import mpz

    q = mpq(value)
    if q.denominator == 1:
        return mpz(q.numerator).digits(10)
    return f"{mpz(q.numerator).digits(10)}/{mpz(q.denominator).digits(10)}"


def decimals(value, places: int = 40) -> str:
    """The first ``places`` decimals of a value in [0, 1], truncated (not rounded)."""
    from gmpy2 import mpz

    q = mpq(value)
    scaled = mpz(q.numerator) * mpz(10) ** places // mpz(q.denominator)
    whole, fraction = divmod(scaled, mpz(10) ** places)
    return f"{whole.digits(10)}.{fraction.digits(10).zfill(places)}"


# ----------------------------------------------------------------- solving
def solve_exact(model: RollModel, goal: int, start: dict | str = "float",
                max_iterations: int = 100, progress=None, refuse_large: bool = True
                ) -> ExactRaceSolution:
    """Solve exactly by policy iteration (see the module docstring).

    ``start`` is ``"float"`` (the float solver's policy), ``"roll"`` (roll
    everywhere), ``"hold"`` or a dict ``{(i, j, k): roll?}``.  ``progress``,
    if given, is called as ``progress(stage, fraction)``.  Goals whose
    estimated time is past TIME_LIMIT are refused unless ``refuse_large``
    is false (benchmarks/exact.py measures past the limit).
    """
    model = presets.resolve(model)

    model.require_rising("the exact race solver")
    max_iterations = validate.positive_int(max_iterations, "max_iterations")
    progress = validate.callback(progress)
    refuse_large = validate.flag(refuse_large, "refuse_large")
    if refuse_large:
        check_size(model, goal)
    else:  # past the time limit on request, never past memory: the two int8 roll tables
        goal = validate.positive_int(goal, "goal")
        limit, tables = resources.budget(), resources.BASE_BYTES + 2 * goal ** 3
        if tables > limit.bytes:
            raise JeopardyError(f"exact solving of {model.name} to {goal:,} needs at least "
                                f"{resources.size_text(tables)} for its tables, past this "
                                f"machine's budget {resources.budget_text(limit)}; "
                                f"refuse_large=False lifts the time limit only")
    started = time.perf_counter()
    policy = start_policy(model, goal, start)
    first = policy.copy()
    rolls = columns.outcomes(model)
    for iteration in range(1, max_iterations + 1):
        evaluating = _stage(progress, "solving" if model.has_bust_all else "solving and checking",
                            iteration)
        table = RacePolicy("the start policy" if iteration == 1 else
                           f"the policy of round {iteration}", goal, policy)
        # Every pair is solved, reachable or not: every turn start must reach a win.
        require_ending(model, table, table, every_start=True)
        try:
            if model.has_bust_all:
                values, branches, resets = evaluate(model, goal, policy, rolls, evaluating)
                result = check(model, goal, policy, values, branches, rolls,
                               _stage(progress, "checking", iteration), resets)
            else:
                checker = Checker(model, goal, None, rolls)
                values, branches, _ = evaluate(model, goal, policy, rolls, evaluating, checker)
                result = checker.result
        except _Endless as stuck:  # a repair within the round made a pair pass for ever
            refuse((0, *stuck.pair), table, table)
        if result.better:  # bust-all games only (others repair each pair as they go):
            continue  # the check switched the actions in policy; evaluate it again
        changes = int(sum(int(np.count_nonzero(policy[i, :, :goal - i] != first[i, :, :goal - i]))
                          for i in range(goal)))
        return ExactRaceSolution(model, goal, tuple(tuple(row) for row in values), policy,
                                 iteration, changes, result.exact_comparisons, result.verified,
                                 time.perf_counter() - started)
    raise JeopardyError(f"exact policy iteration did not settle in {max_iterations} rounds")


def _stage(progress, name: str, iteration: int):
    if progress is None:
        return None
    label = name if iteration == 1 else f"{name} (round {iteration})"
    return lambda fraction: progress(label, fraction)


def start_policy(model: RollModel, goal: int, start) -> np.ndarray:
    """``policy[i, j, k]``: 1 roll, 0 hold, for ``k < goal - i`` (the rest unused)."""
    policy = np.zeros((goal, goal, goal), dtype=np.int8)
    if isinstance(start, dict):
        for i in range(goal):
            for j in range(goal):
                for k in range(goal - i):
                    policy[i, j, k] = bool(start.get((i, j, k), True))
        return policy
    if start == "roll":
        policy[:] = 1
        return policy
    if start == "hold":
        policy[:, :, 0] = 1  # hold everywhere but k = 0
        return policy
    if start == "float":
        solution = solve(model, goal, method="pair")
        pair_kernels.actions(model.kernel_rules(goal), solution.start_values,
                             pair_kernels.MAXIMISE, pair_kernels.no_table(goal), policy)
        return policy
    raise JeopardyError(f"unknown start policy {start!r}")


class _Forms:
    """Values as affine forms in the reset unknowns ``Z`` (bust-all games), or
    plain rationals.  A form is an object array ``[c, z_0, ..., z_{goal-1}]``
    meaning ``c + sum z_m Z_m``."""

    def __init__(self, goal: int, resets: bool) -> None:
        self.goal = goal
        self.resets = resets

    def constant(self, c):
        if not self.resets:
            return c
        form = np.full(self.goal + 1, ZERO, dtype=object)
        form[0] = c
        return form

    def unknown(self, m: int):
        form = np.full(self.goal + 1, ZERO, dtype=object)
        form[m + 1] = ONE
        return form


def _branch(forms: _Forms, combo, j: int, row, resets):
    """``A`` of ``x = A + b (1 - y)`` (``row[t]``: ``P(j, t, 0)``).  With
    ``forms.resets`` the values are forms and a reset points to the unknown
    ``Z_j``; otherwise resets, if any, are known: ``resets[j]``."""
    if not forms.resets:
        return combo.known(lambda t: row[t], None if resets is None else resets[j])
    total = forms.constant(combo.win + combo.reset + sum(combo.hold.values(), ZERO))
    for t, c in combo.hold.items():
        total = total - c * row[t]
    if combo.reset:
        total = total - combo.reset * forms.unknown(j)
    return total


def evaluate(model: RollModel, goal: int, policy: np.ndarray, rolls=None, progress=None,
             checker=None, max_rounds: int = 50):
    """Exact ``P(i, j, 0)`` of a policy used by both players.

    Returns ``(start, branches, resets)``: ``start[i][j] = P(i, j, 0)``;
    ``branches[(i, j)] = (combination, A)``, the unrolled ``k = 0`` branch of
    every column and the exact ``A`` of ``x = A + b (1 - y)``; ``resets[m] =
    P(m, 0, 0)`` as solved from the reset system (bust-all games; else None).
    Bust-all games take two passes down the score sums: one with affine forms
    in the unknown resets, which gives their ``goal x goal`` system, and one
    with the solved resets as known numbers.

    With a :class:`~jeopardy.exact.verification.Checker` (games without
    bust-all only), each pair is checked as soon as it is solved, and where
    the other branch is strictly better the action is switched in ``policy``
    and the pair solved again (policy iteration on the pair, at most
    ``max_rounds`` rounds): everything a pair depends on is final by then, so
    one pass gives the optimal policy.
    """
    rolls = rolls or columns.outcomes(model)
    combos = {(i, j): combination(rolls, goal, i, policy[i, j])
              for i in range(goal) for j in range(goal)}
    resets = None
    if model.has_bust_all:
        forms, _ = _pass(goal, combos, _Forms(goal, True), None, progress, 0.0, 0.5)
        matrix = [[(ONE if m == n else ZERO) - forms[m][0][n + 1] for n in range(goal)]
                  for m in range(goal)]
        resets = _solve_resets(matrix, [forms[m][0][0] for m in range(goal)])
        del forms
    repair = None
    start = [[None] * goal for _ in range(goal)]
    if checker is not None:
        checker.start = start

        def repair(i, j, known):
            """Check the pair's columns; switch the actions found wrong."""
            checker.round_value(i, j)
            checker.round_value(j, i)
            wrong = []
            for a, b in {(i, j), (j, i)}:
                wrong += checker.column(a, b, policy[a, b], (combos[(a, b)], known[(a, b)]))
            for a, b in {(a, b) for a, b, _ in wrong}:  # the check switched them in policy
                combos[(a, b)] = combination(rolls, goal, a, policy[a, b])
            return bool(wrong)

    start, known = _pass(goal, combos, _Forms(goal, False), resets, progress,
                         0.5 if resets else 0.0, 1.0, repair, max_rounds, start)
    return start, {key: (combo, known[key]) for key, combo in combos.items()}, resets


def _pass(goal: int, combos, forms: _Forms, resets, progress, low: float, high: float,
          repair=None, max_rounds: int = 1, start=None):
    """Down the score sums, solving each pair's 2 x 2 system exactly."""
    start = start if start is not None else [[None] * goal for _ in range(goal)]
    known = {}
    # Progress by work, not by pairs: the digits, and so the cost of a pair,
    # grow as the score sums go down (about as the cube of the sums below).
    weights = [(2 * goal - 1 - s) ** 3 * (min(s, 2 * goal - 2 - s) // 2 + 1)
               for s in range(2 * goal - 1)]
    total_work = sum(weights)
    work = 0
    for s in range(2 * goal - 2, -1, -1):
        for i in range(max(0, s - goal + 1), s // 2 + 1):
            j = s - i
            for _ in range(max_rounds):
                _solve_pair(i, j, goal, combos, forms, resets, start, known)
                if repair is None or not repair(i, j, known):
                    break
            else:
                raise JeopardyError(f"exact policy iteration on the pair ({i}, {j}) did not "
                                    f"settle in {max_rounds} rounds")
        work += weights[s]
        if progress is not None:
            progress(low + (high - low) * work / total_work)
    return start, known


class _Endless(Exception):
    """A pair whose players pass for ever (turned into termination's refusal)."""

    def __init__(self, pair: tuple[int, int]) -> None:
        super().__init__(pair)
        self.pair = pair


def _solve_pair(i: int, j: int, goal: int, combos, forms: _Forms, resets, start, known) -> None:
    cx = combos[(i, j)]
    ax, bx = _branch(forms, cx, j, start[j], resets), cx.bust
    known[(i, j)] = ax
    if i == j:
        start[i][i] = (ax + forms.constant(bx)) / (ONE + bx)
        return
    cy = combos[(j, i)]
    ay, by = _branch(forms, cy, i, start[i], resets), cy.bust
    known[(j, i)] = ay
    det = ONE - bx * by
    if det == 0:  # both hold at turn total 0: jeopardy.match.termination's refusal
        raise _Endless((i, j))
    x = (ax - bx * ay + forms.constant(bx - bx * by)) / det
    start[i][j] = x
    start[j][i] = ay - by * x + forms.constant(by)


def _solve_resets(matrix, rhs) -> list[mpq]:
    """The exact solution of the reset system ``matrix @ Z = rhs``."""
    return linear_solve(matrix, rhs, number=mpq)
