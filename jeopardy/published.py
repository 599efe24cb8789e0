"""Numbers the seed documents publish, as printed there.

One place for them: ``jeopardy reproduce`` sets them beside our results and
the seed tests compare against them.  Nothing here is computed.
"""
from __future__ import annotations

# Single-turn simultaneous Pig puzzle: the distribution of "hold at 20".
PUZZLE_HOLD_20 = {
    0: "0.62454083420125672", 20: "0.099712986645624821", 21: "0.094990627487340995",
    22: "0.074188848985588224", 23: "0.054196084766465126", 24: "0.035198091574370427",
    25: "0.01717252633935375",
}

# Neller & Presser: Piglet to 2, equations (1).
PIGLET_2 = {(0, 0, 0): "4/7", (0, 0, 1): "5/7", (0, 1, 0): "2/5", (0, 1, 1): "3/5",
            (1, 0, 0): "4/5", (1, 1, 0): "2/3"}

# Neller & Presser: solitaire THINK, (turns, policy, expected final score).
THINK = [
    (5, "optimal", 36.29153313960543),
    (5, "odds", 36.29151996719233),
    (5, "odds-strict", 36.29132666694349),
    (20, "optimal", 104.78360865008132),
    (20, "odds", 104.72378302093477),
]

# Ten Thousand, Table 1: (I, K) -> (P(I,K) in %, S(I,K)); K = 0 is P(I, 0).
TEN_THOUSAND_TABLE_1 = {
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
# Table 1, last column: P(scoring) in % and the mean score of a scoring throw.
TEN_THOUSAND_TABLE_1_TOTAL = {1: (33.33, 75.00), 2: (55.56, 90.00), 3: (72.22, 120.19),
                              4: (84.26, 170.33), 5: (92.28, 244.67), 6: (96.91, 377.99)}
# Table 2: I -> (W(I), Cs(I)).
TEN_THOUSAND_TABLE_2 = {1: (263.37, 131.68), 2: (246.51, 308.14), 3: (294.62, 766.01),
                        4: (390.13, 2088.37), 5: (521.89, 6241.85), 6: (715.10, 22454.28)}
