"""Ten Thousand's time estimate beside the measured solve (jeopardy.farkle.core.estimate).

Run by hand from the repository root:  python benchmarks/estimates.py [--only TEXT]

Each case runs `jeopardy farkle solve ... --json` as its own child process (warm numba
cache: run one case first after a kernel changed) and prints the estimate the budget
reads (:func:`jeopardy.farkle.core.estimate`), the solve's own seconds, and their ratio.
An estimate is a planning figure (jeopardy.resources: good to a factor of about two),
so a ratio between 0.5 and 2.5 is in line; smaller goals (a second or less) are
dominated by the solve's start and are left out.

The house rules of :data:`HOUSE` are there because the N-player estimate once charged the
seed's cost per turn state to every rule set (2026-11-28: five-cold, 4 players to 750,
123 s against 5.4 s).  It now counts the operations of a sweep from the rules
(jeopardy.match.process_solver.pass_work: the tables' tops, the states that hold a turn
total, each outcome and choice), and their cost per operation still differs by rule
set and ending (jeopardy/farkle/core.py: 0.8 to 1.4 ns under the round, 1.3 to 5 ns
first to reach, 0.1 to 0.6 ns in the last round's tables).
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from jeopardy.farkle import core
from jeopardy.farkle.house import rules_named

FAMILY = "docs/examples/family.toml"
# House rules whose N-player solves the seed's calibration misjudged (written to a
# temporary directory): five dice without hot dice (a turn scores at most 3,000), no least
# bank with any scoring part kept (a new user's trial); the seed without hot dice, and
# with no least bank.
HOUSE = {
    "five-cold.toml": 'name = "five-cold"\ndice = 5\nhot_dice = false\nmin_bank = 100\n'
                      'ending = "equal-turns"\nset_aside = "choice"\n'
                      '[scoring]\nn_of_a_kind = "add"\n',
    "no-minimum.toml": 'name = "no-minimum"\nmin_bank = 0\nending = "equal-turns"\n'
                       'set_aside = "choice"\n[scoring]\nstraight = 0\n',
    "six-cold.toml": 'name = "six-cold"\nhot_dice = false\nending = "equal-turns"\n',
    "min0-all.toml": 'name = "min0-all"\nmin_bank = 0\nending = "equal-turns"\n',
}
CASES = (  # (label, rules name or file, goal, first to reach, players)
    ("seed to 5,000, the round", "ten-thousand", 5000, False, 2),
    ("seed to 10,000, the round", "ten-thousand", 10000, False, 2),
    ("seed to 10,000, first to reach", "ten-thousand", 10000, True, 2),
    ("seed to 20,000, the round", "ten-thousand", 20000, False, 2),
    ("family.toml to 10,000, the round", FAMILY, 10000, False, 2),
    ("seed, 3 players to 1,000, the round", "ten-thousand", 1000, False, 3),
    ("seed, 3 players to 2,000, the round", "ten-thousand", 2000, False, 3),
    ("seed, 3 players to 2,000, first to reach", "ten-thousand", 2000, True, 3),
    ("seed, 4 players to 500, the round", "ten-thousand", 500, False, 4),
    ("five-cold, 4 players to 500, the round", "five-cold.toml", 500, False, 4),
    ("five-cold, 4 players to 750, the round", "five-cold.toml", 750, False, 4),
    ("five-cold, 3 players to 2,000, the round", "five-cold.toml", 2000, False, 3),
    ("five-cold, 3 players to 2,000, first to reach", "five-cold.toml", 2000, True, 3),
    ("no-minimum, 3 players to 500, the round", "no-minimum.toml", 500, False, 3),
    ("no-minimum, 3 players to 750, the round", "no-minimum.toml", 750, False, 3),
    ("no-minimum, 3 players to 1,000, first to reach", "no-minimum.toml", 1000, True, 3),
    ("six-cold, 3 players to 1,000, the round", "six-cold.toml", 1000, False, 3),
    ("six-cold, 3 players to 2,000, first to reach", "six-cold.toml", 2000, True, 3),
    ("six-cold, 4 players to 500, the round", "six-cold.toml", 500, False, 4),
    ("min0-all, 3 players to 500, the round", "min0-all.toml", 500, False, 3),
    ("min0-all, 3 players to 1,000, the round", "min0-all.toml", 1000, False, 3),
)


def measured(rules: str, goal: int, first: bool, players: int) -> float:
    """The solve's own seconds, from the command's JSON."""
    args = [sys.executable, "-m", "jeopardy", "farkle", "solve", "--rules", rules,
            "--goal", str(goal), "--players", str(players), "--json"]
    if first:
        args.append("--first-to-reach")
    out = subprocess.run(args, capture_output=True, text=True, check=True)
    return float(json.loads(out.stdout)["seconds"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="run the cases whose label holds TEXT")
    only = parser.parse_args().only
    folder = Path(tempfile.mkdtemp())
    for name, text in HOUSE.items():
        (folder / name).write_text(text)
    print(f"{'case':45s} {'estimate':>9s} {'measured':>9s} {'ratio':>6s}")
    for label, name, goal, first, players in CASES:
        if only not in label:
            continue
        if name in HOUSE:
            name = str(folder / name)
        rules = dataclasses.replace(rules_named(name).rules, goal=goal)
        guess = core.estimate(rules, first, players)[0]
        took = measured(name, goal, first, players)
        print(f"{label:45s} {guess:8.1f}s {took:8.1f}s {guess / took:6.2f}", flush=True)


if __name__ == "__main__":
    main()
