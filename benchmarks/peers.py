"""Our results beside peer tools' (run by hand; ``pip install -e .[peers]``).

    python benchmarks/peers.py [--max-hold 100] [--games 20000] [--goal 100]

1. Gambit: the simultaneous single-turn game over hold at 1-H is written as
   an .nfg file (``jeopardy simultaneous --nfg``) and solved by pygambit's
   exact LP (``lp_solve(rational=True)``); its equilibrium is compared
   fraction for fraction with ours (exact LP support + rational certificate).
2. nashpy: the float matrix solved by ``Game.linear_program()``; the largest
   difference from our exact weights is printed.
3. OpenSpiel: our optimal policy against hold at 20 played ``--games`` times
   in pyspiel's ``pig`` engine (:mod:`jeopardy.interop.openspiel`), beside our
   exact policy evaluation and our own seeded simulation of as many games.

Each peer that is not installed is reported as such and skipped.  Times are
wall-clock seconds of one run, measured here; the machine is shared, so they
are indications, not benchmarks to assert.
"""
from __future__ import annotations

import argparse
import tempfile
import time
from fractions import Fraction
from pathlib import Path


def timed(function, *args, **kwargs):
    started = time.perf_counter()
    result = function(*args, **kwargs)
    return result, time.perf_counter() - started


def gambit_and_nashpy(max_hold: int) -> None:
    from jeopardy.interop.gambit import pygambit_lp, write_nfg
    from jeopardy.rules.presets import game
    from jeopardy.simultaneous.game import solve_simultaneous

    import cvxpy  # noqa: F401  (its import is not the solver's time)

    pig = game("pig")
    solution, ours = timed(solve_simultaneous, pig, max_hold)
    q = solution.weights()
    print(f"simultaneous game, pig, hold at 1-{max_hold}: ours {ours:.2f} s "
          f"(exact matrix, LP, rational certificate; verified {solution.equilibrium.verified})")
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "pig.nfg"
        _, write_seconds = timed(write_nfg, solution, path)
        print(f"  .nfg written in {write_seconds:.2f} s ({path.stat().st_size / 1e3:,.0f} kB)")
        try:
            import pygambit  # noqa: F401
        except ImportError:
            print("  Gambit: pygambit is not installed (pip install pygambit); skipped")
        else:
            (first, second), seconds = timed(pygambit_lp, path)
            same = first == q and second == q
            print(f"  Gambit lp_solve(rational=True): {seconds:.2f} s; equilibrium "
                  f"{'identical to ours, fraction for fraction' if same else 'differs from ours'}")
            if not same:
                n = len(q)
                a = solution.matrix
                worst = min(sum((first[r] * a[r, c] for r in range(n)), Fraction(0))
                            for c in range(n))
                print(f"    Gambit's player-1 mix guarantees {worst} (the value is 0); "
                      f"support {[solution.labels[i] for i, x in enumerate(first) if x]}")
    try:
        import nashpy
    except ImportError:
        print("  nashpy: not installed (pip install nashpy); skipped")
        return
    import numpy as np

    a = solution.matrix.to_float()
    (row, column), seconds = timed(nashpy.Game(a, -a).linear_program)
    ours_float = np.array([float(x) for x in q])
    print(f"  nashpy linear_program: {seconds:.2f} s; largest difference from our exact "
          f"weights: row {np.max(np.abs(row - ours_float)):.1e}, column "
          f"{np.max(np.abs(column - ours_float)):.1e}")


def openspiel(goal: int, games: int) -> None:
    from jeopardy.match import policies
    from jeopardy.match.evaluation import head_to_head
    from jeopardy.match.simulation import simulate_head_to_head as simulate
    from jeopardy.match.solver import solve
    from jeopardy.rules.presets import game

    pig = game("pig")
    optimal = policies.from_solution(solve(pig, goal, cache=False))
    hold20 = policies.hold_at(goal, 20)
    exact, exact_seconds = timed(head_to_head, pig, optimal, hold20)
    simulate(pig, optimal, hold20, 10, 0)  # compile
    ours, ours_seconds = timed(simulate, pig, optimal, hold20, games // 2, 1)
    print(f"race game, pig to {goal}: optimal against hold at 20, A's chance with a fair coin "
          "for who moves first")
    print(f"  ours, exact policy evaluation: {exact.fair:.6f} in {exact_seconds:.2f} s")
    print(f"  ours, simulated ({games:,} games): {ours.fair:.5f} +- {ours.stderr:.5f} "
          f"in {ours_seconds:.2f} s")
    try:
        from jeopardy.interop import openspiel as osp

        engine = osp.load_game(pig, goal)
    except Exception as error:  # noqa: BLE001 - report any failure to load the peer
        print(f"  OpenSpiel: {error}; skipped")
        return
    result = osp.play(optimal, hold20, engine, games, seed=2026)
    z = (result.win_probability - exact.fair) / result.stderr
    print(f"  OpenSpiel pig engine ({games:,} games): {result.win_probability:.5f} "
          f"+- {result.stderr:.5f} in {result.seconds:.2f} s; {z:+.2f} standard errors "
          f"from the exact value; {result.draws} draws at the horizon")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-hold", type=int, default=100)
    parser.add_argument("--goal", type=int, default=100)
    parser.add_argument("--games", type=int, default=20_000)
    args = parser.parse_args()
    gambit_and_nashpy(args.max_hold)
    openspiel(args.goal, args.games)


if __name__ == "__main__":
    main()
