"""Farkle with the three-farkle penalty (jeopardy.match.counters): the floor's effect
and the time of the solve as it grows.

Run by hand from the repository root:  PYTHONPATH=. python benchmarks/penalty.py [--full]

* the facebook preset to 1,000 with the floor lowered from 0 to -2,500: the first
  player's chance, its change from the floor before, the residual, the Bellman
  rounds, the seconds (wall and CPU) and the peak memory of each solve (each its own
  child process: ``jeopardy farkle solve --json`` under /usr/bin/time);
* ``--full``: Busche's case, goal 10,000 and floor -2,500 (about 10 min of one core
  by the estimate; Busche 2016: 53.487 %).

The machine is shared: the CPU seconds are the figure to compare.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

from jeopardy.rules.farkle_presets import PRESETS

FLOORS = (0, -250, -500, -1000, -1500, -2000, -2500)


def facebook_toml(goal: int, floor: int) -> str:
    """The facebook preset (jeopardy.rules.farkle_presets) as a rules file, with this goal
    and floor."""
    data = dict(PRESETS["facebook"], goal=goal)
    data["penalty"] = dict(data["penalty"], floor=floor)

    def value(v) -> str:
        return json.dumps(v)  # TOML's strings, integers and booleans are JSON's

    lines = [f"{k} = {value(v)}" for k, v in data.items() if not isinstance(v, dict)]
    for table in ("scoring", "penalty"):
        lines += [f"[{table}]"] + [f"{k} = {value(v)}" for k, v in data[table].items()]
    return "\n".join(lines) + "\n"


def run(goal: int, floor: int) -> tuple[dict, float, float, float]:
    """(JSON, wall seconds, CPU seconds, peak GB) of one `farkle solve` of the facebook
    preset with this goal and floor."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "rules.toml")
        with open(path, "w") as handle:
            handle.write(facebook_toml(goal, floor))
        started = time.perf_counter()
        out = subprocess.run(["/usr/bin/time", "-f", "%M %U", sys.executable, "-m", "jeopardy",
                              "farkle", "solve", "--rules", path, "--json"],
                             capture_output=True, text=True)
    wall = time.perf_counter() - started
    memory, cpu = out.stderr.strip().splitlines()[-1].split()
    return json.loads(out.stdout), wall, float(cpu), int(memory) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="also goal 10,000, floor -2,500")
    parser.add_argument("--goal", type=int, default=1000)
    args = parser.parse_args()
    print(f"facebook preset to {args.goal}, three farkles lose 500")
    print(f"{'floor':>7} {'first player':>16} {'change':>9} {'residual':>9} {'rounds':>6} "
          f"{'wall s':>7} {'CPU s':>7} {'peak GB':>7}")
    before = None
    for floor in FLOORS:
        data, wall, cpu, peak = run(args.goal, floor)
        value = data["win_probability"]
        change = f"{abs(value - before):.1e}" if before is not None else ""
        print(f"{floor:>7} {value:>16.12f} {change:>9} {data['max_residual']:>9.1e} "
              f"{data['rounds']:>6} {wall:>7.1f} {cpu:>7.1f} {peak:>7.2f}", flush=True)
        before = value
    if args.full:
        data, wall, cpu, peak = run(10_000, -2500)
        print(f"goal 10,000, floor -2,500: {data['win_probability']:.6f} (Busche: 0.53487), "
              f"residual {data['max_residual']:.1e}, {wall:.0f} s wall, {cpu:.0f} s CPU, "
              f"{peak:.2f} GB")


if __name__ == "__main__":
    main()
