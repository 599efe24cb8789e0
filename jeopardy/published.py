"""Numbers the literature publishes, as printed there, with the tolerance we compare at.

One place for them: ``jeopardy reproduce`` sets them beside our results and
the tests compare against them.  Nothing here is computed.  Each scalar is a
:class:`Published` record (value, tolerance, source, and why that tolerance);
the tables below keep the seeds' own layout, with one stated tolerance each.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

NELLER_PRESSER_2004 = "Neller & Presser 2004"
PUZZLE = "single-turn simultaneous Pig puzzle"
LINUX_MAGAZIN = "Linux Magazin blog (goal 50, a 6 busts)"
TEN_THOUSAND = "Ten Thousand analysis"
NELLER_PIG_PAGES = "Neller's Pig pages (cs.gettysburg.edu/~tneller/resources/pig)"
PIG_SOLITAIRE_COURSE = "course solution to Neller's Pig Solitaire exercise"
DURANGO_BILL = "Durango Bill, two-dice Pig statistics (durangobill.com/Pig1Statistics.html)"
PRACTICAL_PLAY = "Neller & Presser 2010, Practical Play of the Dice Game Pig"
TIJMS_2007 = "Tijms 2007, Dice games and stochastic dynamic programming"
BUSCHE_2016 = "Busche, Maximizing Win Probability in the Game of Farkle (mattbusche.org), 2016"
NELLER_BUSCHE_2017 = ("Neller & Busche, Optimal Play of the Farkle Dice Game (Advances in "
                      "Computer Games; its abstract, and its talk's slides)")


@dataclass(frozen=True)
class Published:
    """One published number.

    ``value`` is the number as printed; ours matches when
    ``|ours - value| <= tolerance``.  For a simulated number, ``trials`` is
    the number of simulated games and the tolerance is ``sigmas`` standard
    errors of a proportion (``tolerance_for``).
    """

    value: float
    tolerance: float | None
    source: str
    why: str
    printed: str = ""
    trials: int = 0
    sigmas: float = 0.0

    def tolerance_for(self, ours: float) -> float:
        if self.tolerance is not None:
            return self.tolerance
        return self.sigmas * math.sqrt(ours * (1 - ours) / self.trials)

    def matches(self, ours: float) -> bool:
        return abs(ours - self.value) <= self.tolerance_for(ours)

    @property
    def text(self) -> str:
        return self.printed or repr(self.value)


def _rounded(value: float, decimals: int, source: str, printed: str = "") -> Published:
    """A value printed to ``decimals`` places: half a unit in the last place."""
    return Published(value, 0.5 * 10.0 ** -decimals, source,
                     f"printed to {decimals} decimals: half a unit in the last place", printed)


# Busche 2016: Facebook Farkle, two players, first to 10,000, three farkles in a row
# lose 500, banked scores bounded below at -2,500.
BUSCHE_FIRST_PLAYER = Published(0.53487, 0.000005, BUSCHE_2016,
                                "printed to 3 decimals of a percent: half a unit in the last "
                                "place", "53.487%")
BUSCHE_STATES = Published(423_765_000, 0, BUSCHE_2016, "a count: exact", "423,765,000")

# Neller & Busche 2017: two players, first to 10,000, singles and triples only, any scoring
# part set aside (the neller-busche preset).  The abstract: 200 compensation points for the
# second player are fairest; augmented human play against which optimal play keeps "only a
# small win advantage of 1.7754%".  The talk's slides: optimal play "has ~4.7718% win
# probability advantage over score maximization play".  An advantage is read as the
# difference of the two players' chances with a fair coin for the first move.
NELLER_BUSCHE_COMPENSATION = Published(200, 0, NELLER_BUSCHE_2017,
                                       "a head start in points: exact (our candidates step by "
                                       "50)", "200 points for the second player")
NELLER_BUSCHE_OVER_MAX_SCORE = Published(0.047718, 0.0000005, NELLER_BUSCHE_2017,
                                         "printed to 4 decimals of a percent: half a unit in "
                                         "the last place", "~4.7718%")
NELLER_BUSCHE_OVER_HUMAN = Published(0.017754, 0.0000005, NELLER_BUSCHE_2017,
                                     "printed to 4 decimals of a percent: half a unit in the "
                                     "last place", "1.7754%")

# Neller & Presser 2004.
PIG_FIRST_PLAYER = _rounded(0.5306, 4, NELLER_PRESSER_2004)
PIG_EQUATIONS = Published(505_000, 0, NELLER_PRESSER_2004, "a count: exact", "505,000")
PIG_BEST_REPLY_FIRST = _rounded(0.5874, 4, NELLER_PRESSER_2004, "58.74%")
PIG_HOLD_20_FIRST = _rounded(0.4776, 4, NELLER_PRESSER_2004, "47.76%")
PIG_BEST_REPLY_FAIR = _rounded(0.5549, 4, NELLER_PRESSER_2004, "55.49%")
THINK_TOLERANCE = Published(0.0, 1e-12, NELLER_PRESSER_2004,
                            "printed to 14+ significant digits; 1e-12 allows float summation order")
EIGHT_TURNS = Published(8, 0, NELLER_PRESSER_2004,
                        "a count of turns: exact ('Pig games longer than eight turns')", "> 8 turns")

# Linux Magazin: the optimal bot won 5319 of 10000 games against hold at 16.
LINUX_MAGAZIN_WINS = Published(0.5319, None, LINUX_MAGAZIN,
                               "a simulation of 10,000 games: 4 standard errors", "5319/10000",
                               trials=10_000, sigmas=4)
LINUX_MAGAZIN_MINUTES = Published(101, None, LINUX_MAGAZIN,
                                  "a running time on other hardware: not compared", "101 min")

# Neller's Pig pages and exercises.
HOLD_20_SELF_PLAY = _rounded(0.5347, 4, NELLER_PIG_PAGES, "~0.5347")
# Printed to 6 decimals; the digits are a truncation of ours (0.4654427...,
# which rounds to 0.465443), so the tolerance is one unit in the last place.
PIG_SOLITAIRE_REACH_10 = Published(0.465442, 1e-6, PIG_SOLITAIRE_COURSE,
                                   "6 decimals, truncated not rounded: one unit in the last "
                                   "place")
# Hold-at-20-or-goal solitaire, mean turns to 100 by simulation: the sample
# transcript of Neller's "Average Pig Turns" exercise (1,000,000 games).  The
# standard deviation of the number of turns is about 4.45 (our simulation of
# 200,000 games), so a standard error is 0.00445 and 4 of them 0.018.
HOLD_20_SOLITAIRE_TURNS = Published(12.634906, 0.018, NELLER_PIG_PAGES + ", Average Pig Turns",
                                    "a simulation of 1,000,000 games: 4 standard errors "
                                    "(standard deviation 4.45 turns)", "12.634906")

# Durango Bill: two-dice Pig (a single 1 busts, double 1s lose the score),
# probability in percent of reaching 100 within N = 1..15 turns, optimal play
# for N, by start-of-turn score.  Only the rows the stored page shows in full.
DURANGO_BILL_TOLERANCE = 0.05 + 1e-9  # printed to 0.1 percent
DURANGO_BILL_REACH = {
    99: (69.4, 88.8, 94.2, 95.7, 96.2, 96.4, 96.6, 96.8, 97.0, 97.2, 97.4, 97.7, 97.9, 98.1, 98.3),
    98: (69.4, 88.8, 94.2, 95.7, 96.2, 96.4, 96.6, 96.8, 97.0, 97.2, 97.4, 97.7, 97.9, 98.1, 98.3),
    97: (69.4, 88.8, 94.2, 95.7, 96.2, 96.4, 96.6, 96.8, 97.0, 97.2, 97.4, 97.7, 97.9, 98.1, 98.3),
    96: (69.4, 88.8, 94.2, 95.7, 96.2, 96.4, 96.6, 96.8, 97.0, 97.2, 97.4, 97.7, 97.9, 98.1, 98.3),
    95: (68.6, 88.2, 93.8, 95.5, 96.0, 96.3, 96.4, 96.6, 96.9, 97.1, 97.3, 97.6, 97.8, 98.1, 98.3),
    94: (66.9, 87.1, 93.2, 95.0, 95.7, 96.0, 96.2, 96.4, 96.6, 96.9, 97.1, 97.4, 97.7, 97.9, 98.1),
    93: (64.4, 85.2, 92.0, 94.3, 95.1, 95.5, 95.7, 96.0, 96.2, 96.5, 96.8, 97.1, 97.4, 97.7, 97.9),
    92: (61.0, 82.6, 90.3, 93.1, 94.3, 94.8, 95.1, 95.4, 95.7, 96.0, 96.3, 96.7, 97.0, 97.3, 97.6),
    91: (56.7, 79.0, 87.9, 91.5, 93.2, 94.0, 94.4, 94.7, 95.1, 95.4, 95.8, 96.2, 96.5, 96.9, 97.2),
    90: (53.2, 75.9, 85.6, 90.2, 92.3, 93.3, 93.8, 94.2, 94.5, 94.9, 95.3, 95.7, 96.1, 96.5, 96.9),
    89: (50.4, 73.2, 83.5, 89.0, 91.6, 92.7, 93.3, 93.7, 94.1, 94.5, 94.9, 95.4, 95.8, 96.3, 96.7),
    88: (48.2, 71.0, 81.7, 88.0, 91.0, 92.2, 92.9, 93.3, 93.7, 94.2, 94.6, 95.1, 95.6, 96.0, 96.4),
}

# Single-turn simultaneous Pig puzzle: the distribution of "hold at 20", printed to
# 17 significant digits: ours must be within 2e-16 and the seed's float procedure
# must give every printed digit.
PUZZLE_TOLERANCE = 2e-16
PUZZLE_HOLD_20 = {
    0: "0.62454083420125672", 20: "0.099712986645624821", 21: "0.094990627487340995",
    22: "0.074188848985588224", 23: "0.054196084766465126", 24: "0.035198091574370427",
    25: "0.01717252633935375",
}

# Neller & Presser: Piglet to 2, equations (1); exact fractions, compared exactly.
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

# Ten Thousand tables, printed to 2 decimals: half a unit in the last place.
TEN_THOUSAND_TOLERANCE = "1/200"
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
