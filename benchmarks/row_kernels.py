"""The fixed-turns and THINK kernels against the code before they were made row kernels.

The fixed-turns kernel and THINK's player-alone kernel classify each roll once
per (score, turn total) and update the whole row of the other's scores at once
(:func:`jeopardy.rules.compiled.roll_sources`, :func:`~jeopardy.rules.compiled.roll_row`);
THINK's both-in kernel classifies each roll once per state instead of once per
game.  This script runs the same solves in this checkout and in commit
``4dc3d01`` (the code before; its ``jeopardy`` package extracted to ``/tmp`` on
first use), each in its own child process warmed up by a small solve, and
checks that both give the same tables to the last bit.

    python benchmarks/row_kernels.py [--cap 250] [--think-cap 120]
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

BASELINE_COMMIT = "4dc3d01"
BASELINE = Path(f"/tmp/jeopardy-baseline-{BASELINE_COMMIT}")
HERE = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, sys, time
import numpy as np
from jeopardy.fixed_turns.analysis import named_policies
from jeopardy.fixed_turns.solver import solve_fixed_turns
from jeopardy.rules import game
from jeopardy.think import solver as think

cap, think_cap, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
shi, model = game("shi"), game("think")


def think_passes(rounds, caps):
    rule = next(iter(named_policies(model, rounds).values()))
    first = think.solve_pass(model, rounds, caps, caps, [0, 0, 0, think.MIXED_COUNT,
                             think.MIXED_HIT], [0.5, 0.0, 1.0, 0.0, 0.0])
    second = think.solve_pass(model, rounds, caps, caps, [0, 1, 1, 2, 2, 5, 6],
                              [0.5, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0], rule)
    return [a for p in (first, second) for a in (p.starts, p.mixed_states, p.seeing_first)]


solve_fixed_turns(shi, 1, cap=shi.max_points)  # compile, or load the compiled kernels
think_passes(1, model.max_points)
started = time.perf_counter()
starts = solve_fixed_turns(shi, 6, cap=cap).starts
shi_seconds = time.perf_counter() - started
started = time.perf_counter()
tables = think_passes(3, think_cap)
think_seconds = time.perf_counter() - started
np.savez(out, shi=starts, *tables)
print(json.dumps({"shi": shi_seconds, "think": think_seconds}))
"""


def baseline() -> Path:
    """The baseline commit's package, extracted once (no git worktree needed)."""
    if not (BASELINE / "jeopardy").exists():
        BASELINE.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "archive", BASELINE_COMMIT, "jeopardy"], cwd=HERE,
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(BASELINE)], input=archive, check=True)
    return BASELINE


def run(checkout: Path, cap: int, think_cap: int, out: Path) -> dict:
    result = subprocess.run([sys.executable, "-c", CHILD, str(cap), str(think_cap), str(out)],
                            cwd=checkout, env={"PYTHONPATH": str(checkout), "PATH": "/usr/bin"},
                            check=True, capture_output=True, text=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=int, default=250, help="Shi's variant's score cap")
    parser.add_argument("--think-cap", type=int, default=120, help="THINK's caps")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        ours = run(HERE, args.cap, args.think_cap, Path(folder) / "ours.npz")
        base = run(baseline(), args.cap, args.think_cap, Path(folder) / "base.npz")
        a, b = np.load(Path(folder) / "ours.npz"), np.load(Path(folder) / "base.npz")
        same = all(np.array_equal(a[name], b[name]) for name in a.files)
    print(f"Shi's variant, 6 turns each, cap {args.cap}: {ours['shi']:.2f} s against "
          f"{base['shi']:.2f} s before ({base['shi'] / ours['shi']:.1f}x)")
    print(f"THINK, 3 rounds, caps {args.think_cap}, analyse's two kinds of pass: "
          f"{ours['think']:.2f} s against {base['think']:.2f} s before "
          f"({base['think'] / ours['think']:.1f}x)")
    print(f"same tables to the last bit: {same}")


if __name__ == "__main__":
    main()
