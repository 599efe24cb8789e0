"""Published numbers of the single-turn simultaneous Pig puzzle (seed)."""
from decimal import Decimal, getcontext

import pytest

from jeopardy.published import PUZZLE_HOLD_20 as PRINTED  # the seed's seven printed values
from jeopardy.rules import game
from jeopardy.turn.distribution import float_generating_function_distribution, turn_distribution

getcontext().prec = 40

@pytest.mark.parametrize("score", list(PRINTED), ids=[f"P({n})" for n in PRINTED])
def test_seed_float_procedure_prints_the_same_digits(score):
    """The seed's own float procedure reproduces every printed digit."""
    printed = float_generating_function_distribution(game("pig"), 20)
    assert f"{printed[score]:.17g}" == PRINTED[score]


@pytest.mark.parametrize("score", list(PRINTED), ids=[f"P({n})" for n in PRINTED])
def test_exact_values_agree_with_printed_within_float_rounding(score):
    """Tolerance 2e-16: the seed's digits past the 16th are float rounding
    (P(0) = 1 - sum, about six additions of values below 1)."""
    exact = turn_distribution(game("pig"), 20).probabilities[score]
    value = Decimal(exact.numerator) / Decimal(exact.denominator)
    assert abs(value - Decimal(PRINTED[score])) < Decimal("2e-16")
    # ...and to the 16 significant digits a double carries:
    assert f"{float(exact):.15e}" == f"{float(PRINTED[score]):.15e}" or abs(
        float(exact) - float(PRINTED[score])) <= 2 * abs(float(exact)) * 2 ** -52
