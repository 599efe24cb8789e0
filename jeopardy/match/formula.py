"""Policy formulas: a small expression language of its own, evaluated on numpy arrays.

A formula says when to *roll*, in the variables ``i`` (own score), ``j``
(opponent score), ``k`` (turn total) and ``goal``; for example the "keep pace
and end race" rule::

    max(i, j) >= 71 or k < 21 + (j - i) / 8

The grammar (:func:`parse` reads it into the small tree of :class:`Node`
classes below; nothing of Python's grammar or numpy's signatures is reachable)::

    formula    := choice
    choice     := either [ "if" either "else" choice ]
    either     := both { "or" both }
    both       := negation { "and" negation }
    negation   := "not" negation | comparison
    comparison := sum { ("<" | "<=" | ">" | ">=" | "==" | "!=") sum }
    sum        := product { ("+" | "-") product }
    product    := sign { ("*" | "/" | "//" | "%") sign }
    sign       := ("-" | "+") sign | power
    power      := atom [ "**" sign ]
    atom       := NUMBER | NAME | FUNCTION "(" sum-or-choice { "," ... } ")" | "(" choice ")"

Every node has a type, checked as it is read: arithmetic, comparisons and the
functions take numbers; ``and``, ``or``, ``not`` take conditions (comparisons);
the formula as a whole is a condition.  The functions and their arities are a
fixed table (:data:`FUNCTIONS`): ``min`` and ``max`` of two or more numbers,
``abs``, ``round`` (halves to even), ``floor`` and ``ceil`` of one.  A call
with another number of arguments is refused, so no argument ever reaches a
numpy parameter it was not meant for.

Arithmetic is float64 (exact for the integers of any game this program
solves) with every floating-point exception raised: a formula that
overflows (``9**9**9``), divides by zero (``k/0``, or ``k/(j - i)`` where
``i == j``) or is undefined somewhere is refused, naming the problem,
instead of silently rolling or holding there.  Every refusal is one line.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import reduce

import numpy as np

from jeopardy.errors import JeopardyError

VARIABLES = ("i", "j", "k", "goal")
# Fast Pig's dice:FORMULA is read where the dice are chosen, at the turn's start: no k
DICE_VARIABLES = ("i", "j", "goal")
MAX_LENGTH = 2000
MAX_DEPTH = 40  # nested parentheses, signs, powers and nots
MAX_ARGUMENTS = 20

NUMBER, CONDITION = "number", "condition"


def _fold(function):
    return lambda *values: reduce(function, values)


# name -> (fewest arguments, most arguments, the function of exactly that many arrays)
FUNCTIONS = {
    "min": (2, MAX_ARGUMENTS, _fold(np.minimum)),
    "max": (2, MAX_ARGUMENTS, _fold(np.maximum)),
    "abs": (1, 1, lambda x: np.abs(x)),
    "round": (1, 1, lambda x: np.round(x)),
    "floor": (1, 1, lambda x: np.floor(x)),
    "ceil": (1, 1, lambda x: np.ceil(x)),
}
ARITHMETIC = {"+": np.add, "-": np.subtract, "*": np.multiply, "/": np.true_divide,
              "//": np.floor_divide, "%": np.mod, "**": np.power}
COMPARISONS = {"<": np.less, "<=": np.less_equal, ">": np.greater, ">=": np.greater_equal,
               "==": np.equal, "!=": np.not_equal}
KEYWORDS = ("and", "or", "not", "if", "else")
# A number's digits are ASCII ([0-9]): Python's \d also matches an Arabic-Indic "٣",
# which float() reads as 3, so "dice:٣" was read as three dice (validate.whole refuses
# it).  Only the digits: re.ASCII would also narrow \s, refusing a formula with a
# no-break space that reads today.
_TOKEN = re.compile(r"\s*(?:(?P<number>(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)"
                    r"|(?P<name>[A-Za-z_][A-Za-z_0-9]*)"
                    r"|(?P<operator>\*\*|//|<=|>=|==|!=|[-+*/%<>(),]))")


# ------------------------------------------------------------------ the tree
@dataclass(frozen=True)
class Node:
    kind: str  # NUMBER or CONDITION


@dataclass(frozen=True)
class Constant(Node):
    value: float

    def evaluate(self, variables):
        return np.float64(self.value)


@dataclass(frozen=True)
class Variable(Node):
    name: str

    def evaluate(self, variables):
        return variables[self.name]


@dataclass(frozen=True)
class Negative(Node):
    operand: Node

    def evaluate(self, variables):
        return np.negative(self.operand.evaluate(variables))


@dataclass(frozen=True)
class Arithmetic(Node):
    """``first op operand op operand ...``, left to right (``**``: one pair)."""

    first: Node
    rest: tuple[tuple[str, Node], ...]

    def evaluate(self, variables):
        value = self.first.evaluate(variables)
        for operator, operand in self.rest:
            value = ARITHMETIC[operator](value, operand.evaluate(variables))
        return value


@dataclass(frozen=True)
class Call(Node):
    function: str
    arguments: tuple[Node, ...]

    def evaluate(self, variables):
        values = [argument.evaluate(variables) for argument in self.arguments]
        return FUNCTIONS[self.function][2](*values)


@dataclass(frozen=True)
class Comparison(Node):
    """``a < b <= c``: every neighbouring pair holds."""

    first: Node
    rest: tuple[tuple[str, Node], ...]

    def evaluate(self, variables):
        left = self.first.evaluate(variables)
        result = None
        for operator, operand in self.rest:
            right = operand.evaluate(variables)
            holds = COMPARISONS[operator](left, right)
            result = holds if result is None else np.logical_and(result, holds)
            left = right
        return result


@dataclass(frozen=True)
class Logic(Node):
    operator: str  # "and" or "or"
    operands: tuple[Node, ...]

    def evaluate(self, variables):
        function = np.logical_and if self.operator == "and" else np.logical_or
        return reduce(function, [operand.evaluate(variables) for operand in self.operands])


@dataclass(frozen=True)
class Not(Node):
    operand: Node

    def evaluate(self, variables):
        return np.logical_not(self.operand.evaluate(variables))


@dataclass(frozen=True)
class Choice(Node):
    """``body if test else otherwise``."""

    test: Node
    body: Node
    otherwise: Node

    def evaluate(self, variables):
        return np.where(self.test.evaluate(variables), self.body.evaluate(variables),
                        self.otherwise.evaluate(variables))


# ------------------------------------------------------------------ reading
class _Parser:
    def __init__(self, text: str, names: tuple[str, ...] = VARIABLES):
        self.text = text
        self.names = names
        self.tokens = self._tokens(text)
        self.position = 0
        self.depth = 0

    def fail(self, message: str):
        raise JeopardyError(f"formula {_short(self.text)}: {message}")

    def _tokens(self, text: str) -> list[str]:
        tokens, at = [], 0
        while at < len(text):
            match = _TOKEN.match(text, at)
            if match is None or match.end() == at:
                rest = text[at:].strip()
                if not rest:
                    break
                self.fail(f"cannot read {rest[:12]!r} (use numbers, {', '.join(self.names)}, "
                          "+ - * / // % **, comparisons, and/or/not, if/else and "
                          f"{', '.join(FUNCTIONS)})")
            tokens.append(match.group(match.lastgroup))
            at = match.end()
        return tokens

    def peek(self) -> str | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        token = self.peek()
        if token is None:
            self.fail("ends too early" + (f" (expected {expected!r})" if expected else ""))
        if expected is not None and token != expected:
            self.fail(f"expected {expected!r}, got {token!r}")
        self.position += 1
        return token

    def deeper(self):
        self.depth += 1
        if self.depth > MAX_DEPTH:
            self.fail(f"nested more than {MAX_DEPTH} deep")

    def require(self, node: Node, kind: str, where: str) -> Node:
        if node.kind != kind:
            wanted = "a number" if kind == NUMBER else "a condition (a comparison)"
            self.fail(f"{where} takes {wanted}")
        return node

    def formula(self, kind: str = CONDITION) -> Node:
        if not self.tokens:
            self.fail("is empty")
        node = self.choice()
        if self.peek() is not None:
            self.fail(f"unexpected {self.peek()!r}")
        return self.require(node, kind, "a rule" if kind == CONDITION else "a number formula")

    def choice(self) -> Node:
        self.deeper()
        body = self.either()
        if self.peek() == "if":
            self.take()
            test = self.require(self.either(), CONDITION, "'if'")
            self.take("else")
            otherwise = self.choice()
            if otherwise.kind != body.kind:
                self.fail("both branches of an if/else must be numbers, or both conditions")
            body = Choice(body.kind, test, body, otherwise)
        self.depth -= 1
        return body

    def _logic(self, word: str, inner) -> Node:
        operands = [inner()]
        while self.peek() == word:
            self.take()
            operands.append(inner())
        if len(operands) == 1:
            return operands[0]
        for operand in operands:
            self.require(operand, CONDITION, f"'{word}'")
        return Logic(CONDITION, word, tuple(operands))

    def either(self) -> Node:
        return self._logic("or", self.both)

    def both(self) -> Node:
        return self._logic("and", self.negation)

    def negation(self) -> Node:
        if self.peek() != "not":
            return self.comparison()
        self.take()
        self.deeper()
        node = Not(CONDITION, self.require(self.negation(), CONDITION, "'not'"))
        self.depth -= 1
        return node

    def comparison(self) -> Node:
        first = self.sum()
        rest = []
        while self.peek() in COMPARISONS:
            operator = self.take()
            rest.append((operator, self.require(self.sum(), NUMBER, f"{operator!r}")))
        if not rest:
            return first
        self.require(first, NUMBER, f"{rest[0][0]!r}")
        return Comparison(CONDITION, first, tuple(rest))

    def _chain(self, operators, inner) -> Node:
        first = inner()
        rest = []
        while self.peek() in operators:
            operator = self.take()
            rest.append((operator, self.require(inner(), NUMBER, f"{operator!r}")))
        if not rest:
            return first
        self.require(first, NUMBER, f"{rest[0][0]!r}")
        return Arithmetic(NUMBER, first, tuple(rest))

    def sum(self) -> Node:
        return self._chain(("+", "-"), self.product)

    def product(self) -> Node:
        return self._chain(("*", "/", "//", "%"), self.sign)

    def sign(self) -> Node:
        if self.peek() not in ("-", "+"):
            return self.power()
        operator = self.take()
        self.deeper()
        operand = self.require(self.sign(), NUMBER, f"{operator!r}")
        self.depth -= 1
        return Negative(NUMBER, operand) if operator == "-" else operand

    def power(self) -> Node:
        base = self.atom()
        if self.peek() != "**":
            return base
        self.take()
        self.require(base, NUMBER, "'**'")
        self.deeper()
        exponent = self.require(self.sign(), NUMBER, "'**'")
        self.depth -= 1
        return Arithmetic(NUMBER, base, (("**", exponent),))

    def atom(self) -> Node:
        token = self.take()
        if token == "(":
            node = self.choice()
            self.take(")")
            return node
        if token[0].isdigit() or token[0] == ".":
            value = float(token)
            if not math.isfinite(value):
                self.fail(f"the number {token[:20]} is too large")
            return Constant(NUMBER, value)
        if token[0].isalpha() or token[0] == "_":
            if token in KEYWORDS:
                self.fail(f"unexpected {token!r}")
            if self.peek() == "(":
                return self.call(token)
            if token in self.names:
                return Variable(NUMBER, token)
            if token in FUNCTIONS:
                self.fail(f"{token} is a function; write {token}(...)")
            self.fail(f"unknown name {token[:30]!r} (use {', '.join(self.names)})")
        self.fail(f"unexpected {token!r}")

    def call(self, name: str) -> Node:
        if name not in FUNCTIONS:
            self.fail(f"unknown function {name[:30]!r} (use {', '.join(FUNCTIONS)})")
        self.take("(")
        self.deeper()
        arguments = []
        if self.peek() != ")":
            while True:
                arguments.append(self.require(self.choice(), NUMBER, f"{name}()"))
                if self.peek() != ",":
                    break
                self.take(",")
        self.take(")")
        self.depth -= 1
        low, high, _ = FUNCTIONS[name]
        if not low <= len(arguments) <= high:
            wanted = f"{low}" if low == high else f"{low} to {high}"
            self.fail(f"{name}() takes {wanted} argument{'s' if high > 1 else ''}; "
                      f"got {len(arguments)}")
        return Call(NUMBER, name, tuple(arguments))


def _short(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:57] + "...")


def parse(text: str, kind: str = CONDITION, names: tuple[str, ...] = VARIABLES) -> Node:
    """The tree of a formula (a condition, or with ``kind`` NUMBER a number: Fast Pig's
    number of dice) in the variables ``names``, or a one-line :class:`JeopardyError`."""
    if not isinstance(text, str):
        raise JeopardyError(f"a formula must be text; got {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise JeopardyError(f"formula is longer than {MAX_LENGTH} characters")
    return _Parser(text, names).formula(kind)


def evaluate(text: str, variables: dict[str, np.ndarray], kind: str = CONDITION) -> np.ndarray:
    """Evaluate ``text`` with the given arrays; returns a boolean array (with ``kind``
    NUMBER: a float array).  The formula may use only the variables given."""
    tree = parse(text, kind, tuple(variables))
    variables = {name: np.asarray(value, dtype=np.float64) for name, value in variables.items()}
    try:
        with np.errstate(all="raise"):
            result = tree.evaluate(variables)
    except FloatingPointError as error:
        problem = {"overflow": "overflows", "divide by zero": "divides by zero",
                   "invalid value": "is undefined (0/0, inf - inf or the like)"}
        words = next((v for k, v in problem.items() if k in str(error)), "fails")
        raise JeopardyError(f"formula {_short(text)} {words} at some state") from None
    if kind == NUMBER:
        return np.broadcast_to(np.asarray(result, dtype=np.float64),
                               np.broadcast_shapes(*(v.shape for v in variables.values())))
    return np.asarray(result, dtype=bool)
