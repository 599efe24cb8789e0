"""Validation of the Python API's inputs: one place, one message style.

Every public entry point checks its arguments with these functions before
any work starts.  A refusal raises :class:`ParameterError`, a
:class:`~jeopardy.errors.JeopardyError` that names the *Python* parameter
(``goal must be a positive integer; got 2.5``); the CLI rewrites the name into
its flag (``--goal``) in one place (:class:`jeopardy.cli.common.ErrorReportingGroup`).

Integers are Python or numpy integers, or floats with an integral value
(``1e6``); ``bool`` is refused everywhere a number is expected.
"""
from __future__ import annotations

import math
import numbers
import re
from fractions import Fraction
from typing import Iterable

import numpy as np

from jeopardy.errors import JeopardyError

# numba's int64 and numpy's seeding both stop here; larger values are refused
# up front rather than overflowing inside a kernel.
INT64_MAX = 2 ** 63 - 1
SEED_LIMIT = 2 ** 32  # np.random.seed (also inside numba) takes a uint32


class ParameterError(JeopardyError):
    """A bad value of one named parameter; ``parameter`` is its Python name."""

    def __init__(self, parameter: str, message: str) -> None:
        super().__init__(f"{parameter} {message}")
        self.parameter = parameter
        self.detail = message


def shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def integer(value, name: str, minimum: int | None = None, maximum: int | None = None) -> int:
    """``value`` as a Python int within ``[minimum, maximum]`` (either may be None)."""
    if isinstance(value, (bool, np.bool_)):
        raise ParameterError(name, f"must be an integer; got {shown(value)}")
    if isinstance(value, (int, np.integer)):
        number = int(value)
    elif isinstance(value, (float, np.floating)) and math.isfinite(value) and float(value).is_integer():
        number = int(value)
    else:
        raise ParameterError(name, f"must be an integer; got {shown(value)}")
    low = minimum if minimum is not None else -INT64_MAX
    high = maximum if maximum is not None else INT64_MAX
    if number < low or number > high:
        if minimum is not None and maximum is not None:
            raise ParameterError(name, f"must be in {minimum}-{maximum}; got {number}")
        if minimum is not None and number < minimum:
            word = {0: "non-negative", 1: "positive"}.get(minimum, f"at least {minimum}")
            raise ParameterError(name, f"must be {word}; got {number}")
        raise ParameterError(name, f"must be at most {high}; got {number}")
    return number


def positive_int(value, name: str, maximum: int | None = None) -> int:
    return integer(value, name, 1, maximum)


def non_negative_int(value, name: str, maximum: int | None = None) -> int:
    return integer(value, name, 0, maximum)


def flag(value, name: str) -> bool:
    """``True`` or ``False`` (numpy's bool too); a string such as ``"no"`` is refused, not
    read as true."""
    if not isinstance(value, (bool, np.bool_)):
        raise ParameterError(name, f"must be True or False; got {shown(value)}")
    return bool(value)


# The largest decimal exponent, and the most digits, of an exact number written as text:
# Fraction("1e-999999999") builds 10**999999999 (it hung), and Python turns an integer of
# more than 4,300 digits into text only with an error (10**4300 has 4,301).
MAX_EXPONENT = 4000
MAX_DIGITS = 4000
_EXPONENT = re.compile(r"[eE]\s*([+-]?[0-9_]+)")  # Fraction reads 1e1_000 too


def exact_text(text: str, what: str) -> Fraction:
    """The exact value of a number written as text (``"1/6"``, ``"0.25"``, ``"1e-3"``); one
    line naming ``what`` where it is not one, or its exponent or digits are past what a
    number of this toolkit can need (:data:`MAX_EXPONENT`, :data:`MAX_DIGITS`)."""
    shown_text = text if len(text) <= 40 else text[:37] + "..."
    exponent = _EXPONENT.search(text)
    if exponent is not None:
        digits = exponent.group(1).lstrip("+-").replace("_", "")
        if digits and (len(digits) > 5 or int(digits) > MAX_EXPONENT):
            raise JeopardyError(f"{what} {shown_text!r}: its exponent is past "
                                f"{MAX_EXPONENT:,}")
    if sum(ch.isdigit() for ch in text) > MAX_DIGITS:
        raise JeopardyError(f"{what} {shown_text!r}: more than {MAX_DIGITS:,} digits")
    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise JeopardyError(f"{what} {shown_text!r} is not a number like '1/6'") from None


_WHOLE = re.compile(r"\s*-?[0-9]+\s*")


def whole(text: str) -> int:
    """A whole number written in ASCII digits (a sign and spaces around allowed);
    ``ValueError`` otherwise (the caller names the option).  ``int()`` alone read "1_0" as
    10 and an Arabic-Indic "٣" as 3."""
    if not _WHOLE.fullmatch(text):
        raise ValueError(f"not a whole number: {text!r}")
    return int(text)


def whole_numbers(text: str) -> tuple[int, ...]:
    """``"41, 49"`` -> ``(41, 49)``: :func:`whole` numbers separated by commas."""
    return tuple(whole(part) for part in text.split(","))


def seed(value, name: str = "seed") -> int:
    """A random seed: an integer in ``0 .. 2**32 - 1`` (what numpy and numba accept)."""
    return integer(value, name, 0, SEED_LIMIT - 1)


def real(value, name: str, minimum: float | None = None, maximum: float | None = None,
         open_minimum: bool = False) -> float:
    """A finite float within the bounds (``open_minimum``: strictly above ``minimum``)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise ParameterError(name, f"must be a number; got {shown(value)}")
    number = float(value)
    if not math.isfinite(number):
        raise ParameterError(name, f"must be finite; got {number}")
    if minimum is not None and (number <= minimum if open_minimum else number < minimum):
        word = "above" if open_minimum else "at least"
        raise ParameterError(name, f"must be {word} {minimum}; got {number}")
    if maximum is not None and number > maximum:
        raise ParameterError(name, f"must be at most {maximum}; got {number}")
    return number


def probability(value, name: str) -> float:
    return real(value, name, 0.0, 1.0)


def tolerance(value, name: str = "tolerance") -> float:
    """A convergence tolerance: positive and below 1."""
    return real(value, name, 0.0, 1.0, open_minimum=True)


def callback(value, name: str = "progress"):
    """None or a function (a progress callback)."""
    if value is not None and not callable(value):
        raise ParameterError(name, f"must be a function (a progress callback) or None; "
                                   f"got {shown(value)}")
    return value


def choice(value, name: str, options: Iterable[str]) -> str:
    options = tuple(options)
    if not isinstance(value, str) or value not in options:
        raise ParameterError(name, f"must be one of {', '.join(options)}; got {shown(value)}")
    return value


def integers(values, name: str, minimum: int | None = None, maximum: int | None = None) -> tuple[int, ...]:
    """A sequence of integers (a single integer is refused: give a tuple)."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise ParameterError(name, f"must be a sequence of integers; got {shown(values)}")
    return tuple(integer(v, name, minimum, maximum) for v in values)


def table(value, name: str, shape: tuple[int, ...]) -> np.ndarray:
    """A 0/1 decision table of the given shape, as a C-contiguous int8 array."""
    try:
        array = np.asarray(value)
    except Exception:  # noqa: BLE001 - anything numpy cannot read is refused here
        raise ParameterError(name, "must be an array of 0/1 (or bool) decisions") from None
    if array.shape != tuple(shape):
        raise ParameterError(name, f"must have shape {tuple(shape)}; got {array.shape}")
    if array.dtype == np.bool_:
        return np.ascontiguousarray(array, dtype=np.int8)
    if not np.issubdtype(array.dtype, np.number):
        raise ParameterError(name, f"must hold 0/1 decisions; got dtype {array.dtype}")
    # min/max and one int8 copy: no temporaries of the table's size in int64
    if array.size and not (array.min() >= 0 and array.max() <= 1):
        raise ParameterError(name, "must hold only 0 (hold) and 1 (roll)")
    table = np.ascontiguousarray(array, dtype=np.int8)
    if not np.issubdtype(array.dtype, np.integer) and not np.array_equal(table, array):
        raise ParameterError(name, "must hold only 0 (hold) and 1 (roll)")
    return table
