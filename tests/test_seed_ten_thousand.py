"""The Ten Thousand seed's Tables 1 and 2, cell by cell."""
from fractions import Fraction

import pytest

from jeopardy.farkle.throws import stopping_table, throw_table

# Table 1: (I, K) -> (P(I,K) in %, S(I,K)); K = 0 is P(I, 0).
TABLE_1 = {
    (1, 6): (33.33, 75.00), (1, 0): (66.67, None),
    (2, 1): (44.44, 75.00), (2, 6): (11.11, 150.00), (2, 0): (44.44, None),
    (3, 1): (22.22, 150.00), (3, 2): (44.44, 75.00), (3, 6): (5.56, 362.50), (3, 0): (27.78, None),
    (4, 1): (13.58, 361.36), (4, 2): (29.63, 150.00), (4, 3): (37.04, 75.00),
    (4, 6): (4.01, 553.85), (4, 0): (15.74, None),
    (5, 1): (11.06, 568.60), (5, 2): (21.09, 360.37), (5, 3): (30.86, 150.00),
    (5, 4): (26.23, 75.00), (5, 6): (3.03, 689.62), (5, 0): (7.72, None),
    (6, 1): (9.52, 713.51), (6, 2): (18.65, 584.48), (6, 3): (24.69, 359.38),
    (6, 4): (24.69, 150.00), (6, 5): (15.43, 75.00), (6, 6): (3.94, 1323.53), (6, 0): (3.09, None),
}
# The last column: P(scoring) in % and the mean score of a scoring throw.
TABLE_1_TOTAL = {1: (33.33, 75.00), 2: (55.56, 90.00), 3: (72.22, 120.19), 4: (84.26, 170.33),
                 5: (92.28, 244.67), 6: (96.91, 377.99)}
TABLE_2 = {1: (263.37, 131.68), 2: (246.51, 308.14), 3: (294.62, 766.01), 4: (390.13, 2088.37),
           5: (521.89, 6241.85), 6: (715.10, 22454.28)}

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
