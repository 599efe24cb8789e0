"""Time and peak memory of exact solving against the goal (run by hand).

    python benchmarks/exact.py                         # Pig at 40, 60, 80, 100
    python benchmarks/exact.py --game piglet --goals 50,100,150
    python benchmarks/exact.py --game piggy --ladder   # goals up by 1.25x until a run passes 60 s

Every solve runs in a fresh process (so its peak memory is its own), with the
float policy, the exact evaluation and the full check of every equation, as
``jeopardy exact`` does.  The machine is shared, so the fit uses CPU seconds
(wall seconds are shown beside them; alone on the machine they are close).
The exponent ``a`` of ``seconds ~ goal**a`` is fitted by least squares on
log-log over the measured goals from 10 s up (the last two if fewer take that
long); the goals solved in one and ten minutes follow from it:
"interpolated" when a measured run took at least that long, "extrapolated"
otherwise.  These fits give ``TIMINGS`` in ``jeopardy/exact/race.py``.
"""
from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys

CHILD = r"""
import json, resource, sys, time
from jeopardy.exact.race import digits, solve_exact
from jeopardy.rules import game
name, goal = sys.argv[1], int(sys.argv[2])
started, cpu = time.perf_counter(), time.process_time()
solution = solve_exact(game(name), goal, refuse_large=False)
seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
value = solution.start[0][0]
print(json.dumps({"goal": goal, "seconds": seconds, "cpu_seconds": cpu,
                  "verified": solution.verified, "policy_changes": solution.policy_changes,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "numerator_digits": digits(value.numerator),
                  "denominator_digits": digits(value.denominator),
                  "float": float(value)}))
"""


def measure(name: str, goal: int) -> dict:
    result = subprocess.run([sys.executable, "-c", CHILD, name, str(goal)], capture_output=True,
                            text=True, check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


def fit(rows: list[dict]) -> tuple[float, float]:
    """``(goal solved in one second, exponent)`` of ``seconds = (goal / g1) ** a``."""
    usable = [r for r in rows if r["cpu_seconds"] >= 10]
    if len(usable) < 2:
        usable = rows[-2:]
    xs = [math.log(r["goal"]) for r in usable]
    ys = [math.log(r["cpu_seconds"]) for r in usable]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    a = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    g1 = math.exp(mx - my / a)
    return g1, a


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="pig")
    parser.add_argument("--goals", default="40,60,80,100")
    parser.add_argument("--ladder", action="store_true",
                        help="from the first goal, up by --factor until a run passes --stop CPU seconds")
    parser.add_argument("--stop", type=float, default=60.0)
    parser.add_argument("--factor", type=float, default=1.25, help="ladder step")
    args = parser.parse_args()
    goals = [int(g) for g in args.goals.split(",")]
    rows = []
    print(f"{args.game}: exact solve (float policy, evaluation, full check), one process each")
    print(f"{'goal':>6} {'CPU s':>8} {'wall s':>8} {'peak MB':>8} {'num digits':>11} "
          f"{'den digits':>11}  verified  P(0,0,0)")

    def run(goal: int) -> dict:
        row = measure(args.game, goal)
        rows.append(row)
        print(f"{goal:6d} {row['cpu_seconds']:8.2f} {row['seconds']:8.2f} {row['peak_mb']:8.0f} "
              f"{row['numerator_digits']:11,d} "
              f"{row['denominator_digits']:11,d}  {str(row['verified']):8}  {row['float']:.12f}",
              flush=True)
        return row

    if args.ladder:
        goal = goals[0]
        while run(goal)["cpu_seconds"] < args.stop:
            goal = max(goal + 1, int(goal * args.factor))
    else:
        for goal in goals:
            run(goal)
    g1, a = fit(rows)
    print(f"fit: CPU seconds = (goal / {g1:.1f}) ** {a:.2f}")
    longest = max(r["cpu_seconds"] for r in rows)
    for limit, label in [(60, "one minute"), (600, "ten minutes")]:
        goal = int(g1 * limit ** (1 / a))
        how = "interpolated" if longest >= limit else "extrapolated"
        print(f"largest goal in {label}: {goal} ({how})")
    print(json.dumps({"game": args.game, "goal_at_one_second": round(g1, 1), "exponent": round(a, 2),
                      "rows": rows}))


if __name__ == "__main__":
    main()
