"""jeopardy: game-theoretic analysis of jeopardy dice games.

Layers point down only: ``rules`` (roll models, presets) -> analyses
(``turn``, ``simultaneous``, ``race``, ``exact``, ``expected``, ``farkle``)
-> presentation (``cli``, ``plots``, exports).
"""

__version__ = "0.1.0"
