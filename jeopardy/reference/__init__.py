"""Reference twins written from the rules texts, sharing no equations with the
solvers they check (``jeopardy.reference.farkle`` checks ``jeopardy.farkle.core``,
``jeopardy.reference.race`` checks ``jeopardy.match``)."""
