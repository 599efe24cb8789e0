"""One result shape: the common base of every analysis result.

A result is a frozen dataclass declared ``@dataclass(frozen=True, repr=False)``
that derives from :class:`Result` and writes one method, ``to_dict()`` (the
JSON vocabulary: a float ``"x"`` beside its exact ``"x_exact": "p/q"``).  The
base derives everything else from it:

* ``__repr__`` -- one short line: the class and its scalar entries, each cut to
  a few dozen characters (an exact Pig solution's repr is not its 500,000
  digits);
* attributes -- each scalar the repr names is readable by that name: a key the
  class does not hold itself is read from ``to_dict()``; a name it holds keeps
  its own value, the same number (or its exact Fraction, or the rule or policy
  the text names) or a fuller view of it (an array, a tuple of rows);
* ``_repr_html_`` -- the same as an HTML table in Jupyter, followed by the
  first rows of ``to_frame()`` for tabular results;
* ``to_json()`` -- ``to_dict()`` as JSON text;
* ``to_frame()`` -- a pandas DataFrame of the rows ``_rows()`` returns, for
  results that are tables (others refuse in one line);
* ``plot(ax=None)`` -- for results with a figure: a matplotlib Figure.

:func:`exact_pair` writes a Fraction the one way every command does.
"""
from __future__ import annotations

import html
import json
import threading
from fractions import Fraction
from typing import Any

REPR_VALUE = 40  # characters of one value in a repr
REPR_ITEMS = 8  # entries in a repr
_MISSING = object()
_LOOKING_UP = threading.local()  # .names: (result, name) whose to_dict() __getattr__ runs


def exact_pair(name: str, value) -> dict[str, Any]:
    """``{name: float, name_exact: "p/q"}`` for an exact value, ``{name: float}`` else."""
    if isinstance(value, Fraction):
        return {name: float(value), f"{name}_exact": str(value)}
    return {name: None if value is None else float(value)}


def count(n: int, noun: str) -> str:
    """``1 game``, ``2,000 games``: a number and its noun, singular for one."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def distribution_pair(name: str, distribution: dict) -> dict[str, Any]:
    """``{name: {n: float}, name_exact: {n: "p/q"}}`` of an exact distribution."""
    items = sorted(distribution.items())
    return {name: {str(n): float(p) for n, p in items},
            f"{name}_exact": {str(n): str(p) for n, p in items}}


def _short(value: Any) -> str:
    if isinstance(value, float):
        text = f"{value:.10g}"
    elif isinstance(value, str):
        text = repr(value)
    else:
        text = str(value)
    return text if len(text) <= REPR_VALUE else text[:REPR_VALUE - 3] + "..."


def _scalars(data: dict) -> list[tuple[str, Any]]:
    return [(k, v) for k, v in data.items()
            if isinstance(v, (bool, int, float, str)) or v is None]


class Result:
    """Mixin of analysis results: short repr, HTML, JSON and DataFrame from ``to_dict()``."""

    __slots__ = ()

    def to_dict(self) -> dict:  # pragma: no cover - every result writes its own
        raise NotImplementedError

    def to_json(self, indent: int | None = 2) -> str:
        """``to_dict()`` as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    def _rows(self) -> list[dict] | None:
        """The rows of a tabular result (``None``: not a table)."""
        return None

    def to_frame(self):
        """A pandas DataFrame of the result's table."""
        from jeopardy.errors import JeopardyError

        rows = self._rows()
        if rows is None:
            raise JeopardyError(f"{type(self).__name__} is not a table; use to_dict()")
        import pandas as pd

        return pd.DataFrame(rows)

    def __getattr__(self, name: str):
        """A scalar the repr shows (a ``to_dict()`` key) that the class does not hold
        itself, read from ``to_dict()``: ``solution.game``, ``decision.win_probability``
        are the names the repr and ``--json`` use.  Python calls this only where ordinary
        lookup failed: a name the class holds (a field, or a property, whose own error is
        raised as it is) is never replaced; private names and a key ``to_dict()`` itself
        is looking up fail as usual."""
        if not name.startswith("_") and hasattr(type(self), name):
            object.__getattribute__(self, name)  # a property that failed: its own error
        looking = _LOOKING_UP.__dict__.setdefault("names", set())
        if name.startswith("_") or (id(self), name) in looking:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        looking.add((id(self), name))
        try:
            data = self.to_dict()
        finally:
            looking.discard((id(self), name))
        value = data.get(name, _MISSING)
        if value is _MISSING or not isinstance(value, (bool, int, float, str, type(None))):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        return value

    def __dir__(self):
        try:
            keys = [k for k, _ in _scalars(self.to_dict())]
        except Exception:  # noqa: BLE001 - dir() must never raise
            keys = []
        return sorted(set(super().__dir__()) | set(keys))

    def __repr__(self) -> str:
        try:
            items = _scalars(self.to_dict())
        except Exception as error:  # noqa: BLE001 - a repr must never raise
            return f"<{type(self).__name__} ({type(error).__name__} in to_dict)>"
        shown = ", ".join(f"{k}={_short(v)}" for k, v in items[:REPR_ITEMS])
        more = ", ..." if len(items) > REPR_ITEMS else ""
        return f"{type(self).__name__}({shown}{more})"

    def _repr_html_(self) -> str:
        items = _scalars(self.to_dict())
        cells = "".join(f"<tr><th style='text-align:left'>{html.escape(k)}</th>"
                        f"<td style='text-align:left'>{html.escape(_short(v))}</td></tr>"
                        for k, v in items)
        out = (f"<div><strong>{html.escape(type(self).__name__)}</strong>"
               f"<table>{cells}</table>")
        if self._rows() is not None:
            out += self.to_frame().head(20).to_html(index=False)
        return out + "</div>"
