"""The Ten Thousand seed's Tables 1 and 2, cell by cell."""
from fractions import Fraction

import pytest

from jeopardy.farkle.throws import stopping_table, throw_table
from jeopardy.published import TEN_THOUSAND_TABLE_1 as TABLE_1
from jeopardy.published import TEN_THOUSAND_TABLE_1_TOTAL as TABLE_1_TOTAL
from jeopardy.published import TEN_THOUSAND_TABLE_2 as TABLE_2

ROWS = {row.dice: row for row in throw_table()}


def _rounds_to(value: Fraction, printed: float, places: int = 2) -> bool:
    """Exact value rounds to the printed one (half a unit in the last place)."""
    return abs(value - Fraction(str(printed))) <= Fraction(1, 2 * 10 ** places)


@pytest.mark.parametrize("cell", list(TABLE_1), ids=[f"I{i}-K{k}" for i, k in TABLE_1])
def test_table_1_cell(cell):
    dice, k = cell
    percent, mean = TABLE_1[cell]
    row = ROWS[dice]
    probability = row.bust if k == 0 else row.next_probability[k]
    assert _rounds_to(100 * probability, percent)
    if mean is not None:
        assert _rounds_to(row.next_mean_score[k], mean)
    if k:
        assert set(row.next_probability) == {kk for ii, kk in TABLE_1 if ii == dice and kk}


@pytest.mark.parametrize("dice", list(TABLE_1_TOTAL))
def test_table_1_totals(dice):
    percent, mean = TABLE_1_TOTAL[dice]
    assert _rounds_to(100 * ROWS[dice].score_probability, percent)
    assert _rounds_to(ROWS[dice].mean_score_if_scoring, mean)


@pytest.mark.parametrize("dice", list(TABLE_2))
def test_table_2_row(dice):
    table = stopping_table()
    w, critical = TABLE_2[dice]
    assert _rounds_to(table.W[dice - 1], w)
    assert _rounds_to(table.critical[dice - 1], critical)


def test_probabilities_sum_to_one():
    for row in ROWS.values():
        assert row.bust + sum(row.next_probability.values()) == 1
