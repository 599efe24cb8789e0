"""Survey of every preset: first-player advantage and the value of playing optimally.

    python analyses/preset_survey.py

For each game at its customary goal: P(0,0,0) under optimal play, and the
fair-coin win rate of the optimal policy against the best fixed "hold at h"
(the h that does best against optimal play) — how much optimal play is worth
over the best simple rule.
"""
from jeopardy.match.evaluation import head_to_head
from jeopardy.match.policies import from_solution, hold_at
from jeopardy.match.solver import solve
from jeopardy.rules import PRESETS, game


def main() -> None:
    print(f"{'game':16} {'goal':>4} {'P(0,0,0)':>10} {'best hold':>9} {'optimal vs it':>13} "
          f"{'solve ms':>8}")
    for name, preset in PRESETS.items():
        if name in ("think", "skunk"):
            continue
        model = game(name)
        goal = preset.goal
        solution = solve(model, goal)
        optimal = from_solution(solution)
        best_h, best_value = None, 1.0
        for h in range(2, min(goal, 60)):
            value = head_to_head(model, optimal, hold_at(goal, h)).fair
            if value < best_value:
                best_h, best_value = h, value
        print(f"{name:16} {goal:4d} {solution.win_probability:10.6f} {best_h:9d} "
              f"{best_value:13.6f} {solution.seconds * 1000:8.1f}")


if __name__ == "__main__":
    main()
