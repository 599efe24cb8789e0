"""When a solve counts as converged, and what happens when it does not.

A solver stops when its own iteration settles; the *residual* it reports is
then measured afresh: the largest change one more Bellman sweep makes to any
stored value (every player's optimality equation; at a mixed decision also
the mover's indifference gap).  A result is **converged** when

* its largest residual is at most :data:`ACCEPTED_RESIDUAL` (or the tolerance
  the caller asked for, where that is looser), and
* no rotation class of the N-player solver was left off its fixed point
  (``unsettled_classes == 0``).

Every published solve of this package ends below 1e-12 (the largest in the
docs is 9.4e-13, Ten Thousand's round ending), so :data:`ACCEPTED_RESIDUAL`
leaves a factor of ten for rounding on other machines, and a residual of
1e-2 (4-player Pig to 100 before its classes were settled) is far outside it.

A result that did not converge is never built on silently: the solvers
raise :class:`~jeopardy.errors.NotConverged` (which carries the result, as
``error.result``), unless the caller asks for the result as it stands
(``strict=False``: the ``solve`` commands print it, say so on stderr in one
line with the residual, and exit with status 3).  Every result's ``to_dict``
carries ``"converged"``.
"""
from __future__ import annotations

from jeopardy.errors import NotConverged

ACCEPTED_RESIDUAL = 1e-11


def accepted(tolerance: float = 0.0) -> float:
    """The largest residual accepted of a solve asked for ``tolerance``."""
    return max(ACCEPTED_RESIDUAL, float(tolerance))


def is_converged(residual: float, unsettled: int = 0, tolerance: float = 0.0) -> bool:
    """Whether a result with this residual and count of unsettled classes converged
    (a NaN residual never does)."""
    return unsettled == 0 and residual <= accepted(tolerance)


def reason(residual: float, unsettled: int = 0, tolerance: float = 0.0) -> str:
    """The one line that says why a result did not converge."""
    text = f"largest residual {residual:.1e}, above the accepted {accepted(tolerance):.0e}"
    if unsettled:
        text += f"; {unsettled:,} rotation class{'es' if unsettled != 1 else ''} left unsettled"
    return text


def held(result, name: str, default):
    """``result``'s own attribute ``name`` (a field or property), else ``default``: not a
    name :class:`jeopardy.results.Result` would read from ``to_dict()``."""
    try:
        return object.__getattribute__(result, name)
    except AttributeError:
        return default


class Converging:
    """Mixin of results with ``max_residual`` (and optionally ``unsettled_classes``
    and ``tolerance``): the ``converged`` flag."""

    __slots__ = ()

    @property
    def converged(self) -> bool:
        return is_converged(self.max_residual, held(self, "unsettled_classes", 0),
                            held(self, "tolerance", 0.0))


def settled(result, what: str, strict: bool = True):
    """``result`` where it converged (or ``strict`` is off); otherwise raise
    :class:`~jeopardy.errors.NotConverged` naming ``what`` and the residual."""
    if strict and not result.converged:
        raise NotConverged(
            f"{what} did not converge: "
            + reason(result.max_residual, held(result, "unsettled_classes", 0),
                     held(result, "tolerance", 0.0))
            + "; its chances are not reliable past the residual", result)
    return result
