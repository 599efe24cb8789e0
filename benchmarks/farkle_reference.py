"""Ten Thousand reference twin: time and memory of the solve, and of 10^6 simulated games.

    python benchmarks/farkle_reference.py [GOAL ...]     (default 2000 10000)

Prints, per goal and ending: the first player's chance with its certified
bracket, wall and CPU seconds, peak memory; then 10^6 games of "bank at 350"
against "bank at 350 with at most two dice" (CPU seconds).
"""
import resource
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test oracles

from oracles.farkle import ReferenceRules, solve  # noqa: E402
from oracles.farkle_policies import bank_at  # noqa: E402
from oracles.farkle_simulation import simulate  # noqa: E402

warnings.simplefilter("ignore")


def main(goals):
    for goal in goals:
        for first_to_reach in (False, True):
            rules = ReferenceRules(goal=goal, first_to_reach=first_to_reach)
            cpu = time.process_time()
            result = solve(rules)
            print(f"goal {goal:>6} {'first-to-reach' if first_to_reach else 'round':>14}: "
                  f"{result.win_probability:.15f} [{result.lower:.15f}, {result.upper:.15f}] "
                  f"D={result.settle_margin} wall {result.seconds:.1f}s cpu {time.process_time() - cpu:.1f}s "
                  f"peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB", flush=True)
            cpu = time.process_time()
            played = simulate(rules, bank_at(350, goal), bank_at(350, goal, most_dice=2), 10 ** 6, seed=1)
            print(f"    10^6 games: {played.win_probability:.5f} ± {played.standard_error:.5f}, "
                  f"cpu {time.process_time() - cpu:.1f}s", flush=True)


if __name__ == "__main__":
    main([int(g) for g in sys.argv[1:]] or [2000, 10000])
