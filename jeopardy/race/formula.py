"""Policy formulas: a small, safe expression language evaluated on numpy arrays.

A formula says when to *roll*, in the variables ``i`` (own score), ``j``
(opponent score), ``k`` (turn total) and ``goal``; for example the "keep pace
and end race" rule::

    max(i, j) >= 71 or k < 21 + (j - i) / 8

Allowed: numbers, the four variables, ``+ - * / // % **``, comparisons
(chains too), ``and or not``, ``if``-expressions, and the functions
``min max abs round floor ceil``.  Nothing else is evaluated (no names, no
attribute access, no calls of other functions).

Arithmetic is float64 (exact for the integers of any game this program
solves) with every floating-point exception raised: a formula that
overflows (``9**9**9``), divides by zero (``k/0``, or ``k/(j - i)`` where
``i == j``) or is undefined somewhere is refused, naming the problem,
instead of silently rolling or holding there.
"""
from __future__ import annotations

import ast

import numpy as np

from jeopardy.errors import JeopardyError

_BINARY = {
    ast.Add: np.add, ast.Sub: np.subtract, ast.Mult: np.multiply, ast.Div: np.true_divide,
    ast.FloorDiv: np.floor_divide, ast.Mod: np.mod, ast.Pow: np.power,
}
_COMPARE = {
    ast.Lt: np.less, ast.LtE: np.less_equal, ast.Gt: np.greater, ast.GtE: np.greater_equal,
    ast.Eq: np.equal, ast.NotEq: np.not_equal,
}
_FUNCTIONS = {
    "min": lambda *a: _reduce(np.minimum, a), "max": lambda *a: _reduce(np.maximum, a),
    "abs": np.abs, "round": np.round, "floor": np.floor, "ceil": np.ceil,
}
VARIABLES = ("i", "j", "k", "goal")


def _reduce(function, args):
    if len(args) < 2:
        raise JeopardyError("min/max need at least two arguments")
    out = args[0]
    for a in args[1:]:
        out = function(out, a)
    return out


MAX_LENGTH = 2000


def evaluate(text: str, variables: dict[str, np.ndarray]) -> np.ndarray:
    """Evaluate ``text`` with the given arrays; returns a boolean array."""
    if not isinstance(text, str):
        raise JeopardyError(f"a formula must be text; got {text!r}")
    if len(text) > MAX_LENGTH:
        raise JeopardyError(f"formula is longer than {MAX_LENGTH} characters")
    try:
        tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
        raise JeopardyError(f"cannot read formula {text[:60]!r}: "
                            f"{getattr(error, 'msg', None) or type(error).__name__}") from None
    variables = {name: np.asarray(value, dtype=np.float64) for name, value in variables.items()}

    def ev(node):
        if isinstance(node, ast.Expression):
            return ev(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) \
                and not isinstance(node.value, bool):
            try:
                value = np.float64(node.value)
            except OverflowError:
                value = np.float64(np.inf)
            if not np.isfinite(value):
                raise JeopardyError(f"formula {text[:60]!r}: the number {node.value:.3g} is too large")
            return value
        if isinstance(node, ast.Name):
            if node.id not in variables:
                raise JeopardyError(f"formula {text!r}: unknown name {node.id!r} "
                                    f"(use {', '.join(VARIABLES)})")
            return variables[node.id]
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            return _BINARY[type(node.op)](ev(node.left), ev(node.right))
        if isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.USub):
                return np.negative(ev(node.operand))
            if isinstance(node.op, ast.UAdd):
                return ev(node.operand)
            if isinstance(node.op, ast.Not):
                return np.logical_not(ev(node.operand))
        if isinstance(node, ast.BoolOp):
            values = [ev(v) for v in node.values]
            function = np.logical_and if isinstance(node.op, ast.And) else np.logical_or
            return _reduce(function, values) if len(values) > 1 else values[0]
        if isinstance(node, ast.Compare):
            left = ev(node.left)
            result = True
            for op, right_node in zip(node.ops, node.comparators):
                if type(op) not in _COMPARE:
                    raise JeopardyError(f"formula {text!r}: comparison not allowed")
                right = ev(right_node)
                result = np.logical_and(result, _COMPARE[type(op)](left, right))
                left = right
            return result
        if isinstance(node, ast.IfExp):
            return np.where(ev(node.test), ev(node.body), ev(node.orelse))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in _FUNCTIONS and not node.keywords:
            return _FUNCTIONS[node.func.id](*[ev(a) for a in node.args])
        raise JeopardyError(f"formula {text!r}: {type(node).__name__} is not allowed")

    try:
        with np.errstate(all="raise"):
            result = ev(tree)
    except FloatingPointError as error:
        problem = {"overflow": "overflows", "divide by zero": "divides by zero",
                   "invalid value": "is undefined (0/0, inf - inf or the like)"}
        words = next((v for k, v in problem.items() if k in str(error)), "fails")
        raise JeopardyError(f"formula {text[:60]!r} {words} at some state") from None
    except RecursionError:
        raise JeopardyError(f"formula {text[:60]!r} is nested too deeply") from None
    return np.asarray(result, dtype=bool)
