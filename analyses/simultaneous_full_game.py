"""The simultaneous single-turn game over all stopping rules, for several dice.

    python analyses/simultaneous_full_game.py

For each game: the hold-at-h equilibrium (verified exactly), how much the best
stopping rule gains against it, and the full-game equilibrium (verified
exactly). Writes CSVs to analyses/out/.
"""
from pathlib import Path

from jeopardy.rules import game
from jeopardy.simultaneous.export import write_payoff_csv, write_strategy_csv
from jeopardy.simultaneous.game import solve_simultaneous

OUT = Path(__file__).parent / "out"


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, options in [("pig", {}), ("linux-magazin", {}), ("piggy", {}), ("two-dice-pig", {})]:
        model = game(name)
        solution = solve_simultaneous(model, 100, all_stopping_rules=True)
        restricted = solution.restricted
        top = max(restricted.strategy, key=lambda w: w.probability)
        print(f"{name}: hold-at-h equilibrium over {len(restricted.strategy)} holds, heaviest "
              f"hold at {top.rule.hold} ({float(top.probability):.4f}), verified {restricted.verified}")
        print(f"  best stopping rule against it: {solution.full_best_rule} gains "
              f"{float(solution.full_gain):.3e}")
        full = solution.full
        non_threshold = sum(float(w.probability) for w in full.strategy if w.rule.hold is None)
        print(f"  full game: {len(full.strategy)} rules, {non_threshold:.1%} of the weight on "
              f"non-threshold rules, {solution.oracle_iterations} double-oracle rounds, "
              f"verified {full.verified}")
        write_payoff_csv(solution, OUT / f"{name}-payoff.csv", exact=False)
        write_strategy_csv(full, OUT / f"{name}-full-equilibrium.csv")


if __name__ == "__main__":
    main()
