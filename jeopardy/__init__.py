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
