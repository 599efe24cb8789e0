"""Hypothesis strategies: random small roll models."""
from fractions import Fraction

from hypothesis import strategies as st

from jeopardy.rules import add, bank, bust, bust_all, double, roll_model


@st.composite
def roll_models(draw, allow_bust_all=True, allow_bank=True, allow_double=False, max_points=6):
    n_adds = draw(st.integers(1, 3))
    effects = [add(draw(st.integers(1, max_points))) for _ in range(n_adds)]
    effects.append(bust)
    if allow_bust_all and draw(st.booleans()):
        effects.append(bust_all)
    if allow_bank and draw(st.booleans()):
        effects.append(bank(draw(st.integers(1, max_points))))
    if allow_double and draw(st.booleans()):
        effects.append(double)
    weights = [draw(st.integers(1, 6)) for _ in effects]
    total = sum(weights)
    table = {}
    for e, w in zip(effects, weights):
        table[e] = table.get(e, Fraction(0)) + Fraction(w, total)
    return roll_model("random", table)
