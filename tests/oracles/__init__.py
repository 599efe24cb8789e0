"""Reference twins written from the rules texts, sharing no equations with the
solvers they check (``oracles.farkle`` checks ``jeopardy.farkle.core``,
``oracles.race`` checks ``jeopardy.match``)."""
