"""jeopardy: game-theoretic analysis of jeopardy dice games.

Layers point down only: ``rules`` (roll models, presets) -> analyses
(``turn``, ``simultaneous``, ``race``, ``exact``, ``expected``, ``solitaire``, ``farkle``)
-> presentation (``cli``, ``plots``, exports).
"""

import sys

__version__ = "0.1.0"

# Exact results (Fractions) routinely have more than the default 4,300 digits.
if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)


def sweep(spec, **options):
    """Run a sweep (a TOML path or a dict) and return its pandas DataFrame.

    See :func:`jeopardy.sweeps.engine.sweep` for the options and
    :mod:`jeopardy.sweeps.spec` for the grid.
    """
    from jeopardy.sweeps.engine import sweep as run

    return run(spec, **options)
