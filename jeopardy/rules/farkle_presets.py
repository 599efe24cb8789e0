"""The Farkle rule sets shipped with jeopardy, as the data of a rules file.

Each preset is a dict in the keys of a rules file (docs/farkle.md, "House rules";
:func:`jeopardy.farkle.house.house_rules` reads and checks it), with its source;
:data:`SUMMARIES` says each in a line for `jeopardy games`.  Kept in the rules
layer so that the one registry of games (:mod:`jeopardy.rules.registry`) lists
them beside the dice games.
"""
from __future__ import annotations

# Each preset with where its rules are read (docs/farkle.md gives the sources and readings).
PRESETS: dict[str, dict] = {
    "ten-thousand": {  # the seed (sections II-III): every scoring die set aside
        "name": "ten-thousand", "dice": 6, "goal": 10_000, "ending": "equal-turns",
        "min_bank": 350, "entry": 0, "hot_dice": True, "set_aside": "all",
        "scoring": {"single_one": 100, "single_five": 50, "three_ones": 1000,
                    "three_of_a_kind": 100, "n_of_a_kind": "double", "three_pairs": 0,
                    "straight": 2000, "four_and_a_pair": 0, "two_triplets": 0,
                    "low_straight": 0, "high_straight": 0}},
    # Busche 2016 (mattbusche.org: rules.php, scoring.php).  Four of a kind and a pair is
    # not three pairs: his scoring page leaves it open ("some game variants don't allow
    # [it]"), and only this reading gives his 53.487% (0.5348702618; counted as three
    # pairs, 0.5348185963: docs/farkle.md, The penalty).
    "facebook": {
        "name": "facebook", "dice": 6, "goal": 10_000, "ending": "first-to-goal",
        "min_bank": 300, "entry": 0, "hot_dice": True, "set_aside": "choice",
        "scoring": {"single_one": 100, "single_five": 50, "three_ones": 1000,
                    "three_of_a_kind": 100, "n_of_a_kind": "add", "three_pairs": 750,
                    "straight": 1500, "four_and_a_pair": 0, "two_triplets": 0},
        "penalty": {"farkles": 3, "points": 500, "floor": -2500}},
    "neller-busche": {  # ACG 2017, Table 1: singles and triples only (docs/farkle.md)
        "name": "neller-busche", "dice": 6, "goal": 10_000, "ending": "first-to-goal",
        "min_bank": 0, "entry": 0, "hot_dice": True, "set_aside": "choice",
        "scoring": {"single_one": 100, "single_five": 50, "three_ones": 1000,
                    "three_of_a_kind": 100, "n_of_a_kind": "none", "three_pairs": 0,
                    "straight": 0, "four_and_a_pair": 0, "two_triplets": 0}},
    "reference-com": {  # reference.com, "How does scoring work in Farkle?"
        "name": "reference-com", "dice": 6, "goal": 10_000, "ending": "equal-turns",
        "min_bank": 0, "entry": 500, "hot_dice": True, "set_aside": "choice",
        "scoring": {"single_one": 100, "single_five": 50, "three_ones": 300,
                    "three_of_a_kind": 100, "n_of_a_kind": "flat", "three_pairs": 1500,
                    "straight": 1500, "four_and_a_pair": 1500, "two_triplets": 2500}},
    "everything2": {  # everything2.com, "Farkle" (a typical scoring pattern)
        "name": "everything2", "dice": 6, "goal": 10_000, "ending": "equal-turns",
        "min_bank": 550, "entry": 0, "hot_dice": True, "set_aside": "choice",
        "scoring": {"single_one": 100, "single_five": 50, "three_ones": 1000,
                    "three_of_a_kind": 100, "n_of_a_kind": "none", "three_pairs": 1000,
                    "straight": 1000, "four_and_a_pair": 0, "two_triplets": 0}},
}

SUMMARIES = {
    "ten-thousand": "six dice, the seed's table, every scoring die set aside, 350 to bank; equal turns",
    "facebook": "Facebook Farkle (Busche 2016): any part kept, three farkles in a row lose 500",
    "neller-busche": "Neller & Busche (ACG 2017): singles and triples only, any part kept",
    "reference-com": "reference.com's table: flat four to six of a kind, 500 to get on the board",
    "everything2": "everything2.com's table: three pairs and the straight 1,000, 550 to bank",
}
