"""The system of equations of a race game, written as the paper writes it.

For every non-terminal state::

    P[i,j,k] = max{ roll expression, hold expression }

with ``P = 1`` substituted where the player has reached the goal.  The system
is returned as plain text, as LaTeX, and as sympy expressions; the sympy form
gives an independent exact check of a solution (substitute and compare).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from jeopardy.rules.roll_model import RollModel


@dataclass(frozen=True)
class Term:
    """``1 - P(a, b, c)`` when ``complement``, else ``P(a, b, c)``; ``None`` state = 1."""

    state: tuple[int, int, int] | None
    complement: bool

    def text(self) -> str:
        if self.state is None:
            return "0" if self.complement else "1"
        p = "P[{},{},{}]".format(*self.state)
        return f"(1 - {p})" if self.complement else p

    def latex(self) -> str:
        if self.state is None:
            return "0" if self.complement else "1"
        p = "P_{{{},{},{}}}".format(*self.state)
        return f"(1 - {p})" if self.complement else p

    def sympy(self, symbol):
        if self.state is None:
            return 0 if self.complement else 1
        s = symbol(*self.state)
        return 1 - s if self.complement else s


def _roll_terms(model: RollModel, goal: int, i: int, j: int, k: int) -> list[tuple[Fraction, Term]]:
    def own(t: int) -> Term:
        return Term(None if i + t >= goal else (i, j, t), False)

    terms = []
    for e, p in model.outcomes:
        banked, t, ended = e.apply(i, k)
        if not ended:
            terms.append((p, own(t)))
        else:  # the opponent's turn starts at (j, banked), or the player has won
            terms.append((p, Term(None if banked >= goal else (j, banked, 0), banked < goal)))
    # Paper's order: the losing outcome first, then gains.
    terms.sort(key=lambda pt: (not pt[1].complement, pt[1].state or (goal, goal, goal)))
    return terms


def _hold_term(goal: int, i: int, j: int, k: int) -> Term:
    return Term(None if i + k >= goal else (j, i + k, 0), True) if i + k < goal else Term(None, False)


def _states(goal: int):
    for i in range(goal):
        for j in range(goal):
            for k in range(goal - i):
                yield i, j, k


def _combine(terms, fmt, fraction_fmt, open_, close):
    probabilities = {p for p, _ in terms}
    if len(probabilities) == 1:
        (p,) = probabilities
        return f"{fraction_fmt(p)}{open_}" + " + ".join(fmt(t) for _, t in terms) + close
    return " + ".join(f"{fraction_fmt(p)} {fmt(t)}" for p, t in terms)


def equations_text(model: RollModel, goal: int) -> list[str]:
    lines = []
    for i, j, k in _states(goal):
        roll = _combine(_roll_terms(model, goal, i, j, k), Term.text, lambda p: f"{p}", "[", "]")
        hold = _hold_term(goal, i, j, k).text()
        if hold.startswith("(") and hold.endswith(")"):
            hold = hold[1:-1]
        lines.append(f"P[{i},{j},{k}] = max{{ {roll}, {hold} }}")
    return lines


def equations_latex(model: RollModel, goal: int) -> str:
    def frac(p: Fraction) -> str:
        return f"\\frac{{{p.numerator}}}{{{p.denominator}}}" if p.denominator != 1 else str(p)

    rows = []
    for i, j, k in _states(goal):
        roll = _combine(_roll_terms(model, goal, i, j, k), Term.latex, frac, "\\left[", "\\right]")
        hold = _hold_term(goal, i, j, k).latex()
        if hold.startswith("(") and hold.endswith(")"):
            hold = hold[1:-1]
        rows.append(f"P_{{{i},{j},{k}}} &= \\max \\left\\{{ {roll}, {hold} \\right\\}}")
    return "\\begin{aligned}\n" + " \\\\\n".join(rows) + "\n\\end{aligned}"


def sympy_system(model: RollModel, goal: int):
    """``[(symbol, rhs)]`` with sympy ``Max`` right-hand sides, and the symbol function."""
    import sympy as sp

    cache = {}

    def symbol(i, j, k):
        key = (i, j, k)
        if key not in cache:
            cache[key] = sp.Symbol(f"P_{i}_{j}_{k}")
        return cache[key]

    system = []
    for i, j, k in _states(goal):
        roll = sp.Add(*[sp.Rational(p.numerator, p.denominator) * t.sympy(symbol)
                        for p, t in _roll_terms(model, goal, i, j, k)])
        hold = _hold_term(goal, i, j, k).sympy(symbol)
        system.append((symbol(i, j, k), sp.Max(roll, hold)))
    return system, symbol


def sympy_check(model: RollModel, goal: int, values: dict) -> bool:
    """Substitute exact values into the sympy system; every equation must hold."""
    import sympy as sp

    system, symbol = sympy_system(model, goal)
    substitution = {symbol(*s): sp.Rational(v.numerator, v.denominator) for s, v in values.items()}
    return all(sp.simplify(rhs.xreplace(substitution) - lhs.xreplace(substitution)) == 0
               for lhs, rhs in system)
