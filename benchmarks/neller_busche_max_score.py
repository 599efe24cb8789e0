"""Readings of Neller & Busche's "score maximization play" (ACG 2017) and of their
"~4.7718% win probability advantage" of optimal play over it.

Run by hand from the repository root (single-threaded; at 10,000 about 20 s of CPU an
evaluation, once the game is solved and cached):

    JEOPARDY_THREADS=1 NUMBA_NUM_THREADS=1 python benchmarks/neller_busche_max_score.py \
        [--goal 10000] [--cache DIR] [--only NAME ...] [--self]

The game: the ``neller-busche`` preset, two players, first to the goal, solved by
:func:`jeopardy.farkle.core.solve`; its table ``VF`` is saved under ``--cache`` and read
back on the next run (the evaluations need nothing else of the solution).  Each play
is a :class:`jeopardy.farkle.versus.TablePlay` evaluated exactly against optimal play
by the kernel of :func:`jeopardy.farkle.versus.versus` (:func:`chance_tables`: the
chances at every score pair, so a head start for the second player costs nothing
more).  The advantage is ``1 - 2 P(play wins)``, a fair coin for the first move; the
other readings of "advantage" are :func:`advantages`, with a 200-point head start for
the second player (Neller & Busche's fairest compensation), and with ``--self`` the
per-seat differences to the play against itself.  The plays:

* ``max-score``: the max-expected-score turn at every score
  (:func:`jeopardy.farkle.card.max_score_play`);
* ``max-score at goal``: the same, also banking whenever the bank reaches the goal;
* ``capped``: at its banked score ``i`` the turn maximising ``E[min(i + banked, goal)]``
  (a farkle adds 0), one table per own score (:func:`capped_play`);
* ``forced``: at its banked score ``i`` the turn maximising the expected banked score,
  uncapped, when a bank reaching the goal ends the turn at once (:func:`forced_play`);
* ``fewest turns``: at its banked score ``i`` the turn minimising the expected number
  of turns to reach the goal playing alone (:func:`fewest_turns`).

Results at 10,000 (advantage, fair coin): max-score 5.663044%, max-score at goal
4.945767%, capped 5.272738%, forced 4.960946%, fewest turns 4.211534%; published ~4.7718%.
None of the plays nor readings gives 4.77xx%.
"""
from __future__ import annotations

import argparse
import dataclasses
import time
import warnings
from pathlib import Path
from types import SimpleNamespace

import numpy as np
from numba import njit

from jeopardy.farkle.card import max_score_play
from jeopardy.farkle.house import preset
from jeopardy.farkle.turn import UNIT, FarkleRules
from jeopardy.farkle.versus import (TablePlay, Versus, _evaluate, _minimums, _play_arrays,
                                    height, throw_arrays, versus)


@njit(cache=True)
def _turn(C, vb, u, minimum, D, gs, gp, cs, cp, cn, farkle, V, c, d, bank):
    """One turn whose bank at total ``t`` is worth ``vb[min(t, K)]`` (``K = len(vb) - 1``)
    and whose farkle is worth ``u``; every total from ``C`` up banks at once (the goal).
    Fills ``V[t, n]`` (t = 0 .. K), ``bank[t, n]``, and the value as ``c + d u`` under
    those decisions; banks on ties, never at a total of 0 nor below ``minimum``.
    Returns ``(c, d)`` of a fresh turn (``D`` dice, total 0)."""
    K = len(vb) - 1
    for t in range(K, -1, -1):
        may = t > 0 and t >= minimum
        for n in range(1, D + 1):
            if t >= C and may:
                V[t, n] = vb[t]
                c[t, n] = vb[t]
                d[t, n] = 0.0
                bank[t, n] = True
                continue
            tv = farkle[n] * u
            tc = 0.0
            td = farkle[n]
            for g in range(gs[n], gs[n + 1]):
                p = gp[g]
                best = -1
                worth = -1e300
                for k in range(cs[g], cs[g + 1]):
                    w = V[min(t + cp[k], K), cn[k]]
                    if w > worth:
                        worth = w
                        best = k
                w = min(t + cp[best], K)
                tv += p * V[w, cn[best]]
                tc += p * c[w, cn[best]]
                td += p * d[w, cn[best]]
            if may and vb[t] >= tv:
                V[t, n] = vb[t]
                c[t, n] = vb[t]
                d[t, n] = 0.0
                bank[t, n] = True
            else:
                V[t, n] = tv
                c[t, n] = tc
                d[t, n] = td
                bank[t, n] = False
    return c[0, D], d[0, D]


def _tables(rules: FarkleRules):
    G, D, H = rules.goal // UNIT, rules.dice, height(rules)
    bank = np.ones((G, H, D + 1), dtype=bool)  # past the turn's cap: bank
    prefer = np.zeros((G, H, D + 1))
    return G, D, H, bank, prefer


def _fill(bank, prefer, i, V, B):
    """Row ``i`` of a play's tables from a turn solved up to ``K = len(V) - 1``: above it,
    bank, worth ``V[K]``."""
    K = min(len(V), bank.shape[1]) - 1
    bank[i, :K + 1, 1:] = B[:K + 1, 1:]
    prefer[i, :K + 1, 1:] = V[:K + 1, 1:]
    prefer[i, K + 1:, :] = V[K, 1]
    prefer[i, :K + 1, 0] = V[:K + 1, 1]  # no dice left: unused with hot dice


def capped_play(rules: FarkleRules) -> TablePlay:
    """At its banked score ``i`` (units) the turn maximising ``E[min(i + banked, goal)]``,
    a farkle adding 0: the max-expected-score turn with every bank from ``goal - i`` up
    worth ``goal - i``, so it banks at the goal and is cautious near it."""
    G, D, H, bank, prefer = _tables(rules)
    arrays = throw_arrays(rules)
    minimum = rules.min_bank // UNIT
    for i in range(G):
        C = G - i
        vb = np.minimum(np.arange(C + 1), C).astype(np.float64) * UNIT
        V, c, d = (np.zeros((C + 1, D + 1)) for _ in range(3))
        B = np.zeros((C + 1, D + 1), dtype=np.bool_)
        _turn(C, vb, 0.0, minimum, D, *arrays, V, c, d, B)
        _fill(bank, prefer, i, V, B)
    return TablePlay("capped max-score", np.repeat(np.arange(G)[:, None], G, axis=1),
                     bank, prefer, True)


def forced_play(rules: FarkleRules) -> TablePlay:
    """At its banked score ``i`` the turn maximising the expected banked score (uncapped)
    when the turn must bank as soon as the bank reaches the goal (the game ends there):
    the max-expected-score turn of a player who knows the game stops at the goal."""
    G, D, H, bank, prefer = _tables(rules)
    arrays = throw_arrays(rules)
    minimum = rules.min_bank // UNIT
    for i in range(G):
        C = G - i
        vb = np.arange(C + rules.max_gain + 1, dtype=np.float64) * UNIT
        V, c, d = (np.zeros((len(vb), D + 1)) for _ in range(3))
        B = np.zeros((len(vb), D + 1), dtype=np.bool_)
        _turn(C, vb, 0.0, minimum, D, *arrays, V, c, d, B)
        _fill(bank, prefer, i, V, B)
    return TablePlay("max-score, forced bank at the goal",
                     np.repeat(np.arange(G)[:, None], G, axis=1), bank, prefer, True)


def fewest_turns(rules: FarkleRules):
    """``(E, play)``: ``E[i]`` the least expected number of turns to reach the goal from a
    banked score ``i`` (units) playing alone, and the play that does it (policy
    iteration on each score's own farkle value, from the top)."""
    G, D, H, bank, prefer = _tables(rules)
    arrays = throw_arrays(rules)
    minimum = rules.min_bank // UNIT
    E = np.zeros(G + 1)
    for i in range(G - 1, -1, -1):
        C = G - i
        vb = -E[i:]  # a bank of t: -E[i + t]; from the goal up, 0
        V, c, d = (np.zeros((C + 1, D + 1)) for _ in range(3))
        B = np.zeros((C + 1, D + 1), dtype=np.bool_)
        x = E[i + 1] + 1.0
        for _ in range(200):
            cc, dd = _turn(C, vb, -x, minimum, D, *arrays, V, c, d, B)
            new = (1.0 - cc) / (1.0 - dd)
            if abs(new - x) <= 1e-13 * max(1.0, x):
                x = new
                break
            x = new
        E[i] = x
        _turn(C, vb, -x, minimum, D, *arrays, V, c, d, B)
        _fill(bank, prefer, i, V, B)
    play = TablePlay("fewest turns", np.repeat(np.arange(G)[:, None], G, axis=1),
                     bank, prefer, True)
    return E, play


def chance_tables(solution, a: TablePlay | None, b: TablePlay | None = None):
    """``(WA, WB)`` of :func:`jeopardy.farkle.versus.versus` at every score pair: ``WA[i, j]``
    play A's chance moving at its ``i`` against B's ``j``, ``WB[j, i]`` B's."""
    rules, W = solution.rules, np.ascontiguousarray(solution.VF)
    G, top = rules.goal // UNIT, height(rules) - 1
    arrays = throw_arrays(rules)
    low, first = _minimums(rules)
    WA, WB = np.zeros((G, G)), np.zeros((G, G))
    _evaluate(G, rules.dice, low, first, top, *arrays, W, *_play_arrays(a, rules, top, arrays),
              *_play_arrays(b, rules, top, arrays), WA, WB)
    return WA, WB


def head_start_advantage(WA, WB, start: int) -> float:
    """``1 - 2 P(A wins)`` against B (optimal) when the second player starts with ``start``
    points and a fair coin decides who moves first."""
    h = start // UNIT
    a_first, a_second = WA[0, h], 1.0 - WB[0, h]
    return 1.0 - a_first - a_second


def load_solution(rules: FarkleRules, cache: Path | None):
    """What :func:`versus` needs of the solved game; ``VF`` from ``cache`` if there (None:
    solved each run)."""
    path = cache / f"VF_{rules.goal}.npy" if cache is not None else None
    if path is not None and path.exists():
        VF = np.load(path)
    else:
        from jeopardy.farkle.core import solve
        with warnings.catch_warnings(record=True) as notices:  # one line each, not a warning
            warnings.simplefilter("always")
            VF = np.ascontiguousarray(solve(rules, True).VF)
        for notice in notices:
            print(f"note: {notice.message}", flush=True)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            np.save(path, VF)
    return SimpleNamespace(rules=rules, first_to_reach=True, players=2, VF=VF,
                           win_probability=float(VF[0, 0]))


def advantages(v: Versus, w0: float) -> dict[str, float]:
    """Readings of optimal play's advantage over play A (``v``: A against optimal; ``w0``
    the first player's chance under optimal play by both).  ``1 - 2 P(A wins)`` is also
    P(optimal first wins) - P(A first wins)."""
    return {
        "1 - 2 P(A wins), fair coin": 1 - 2 * v.a_fair,
        "P(optimal wins) - 1/2, fair coin": 0.5 - v.a_fair,
        "optimal first: (1 - a_second) - w0": 1 - v.a_second - w0,
        "optimal second: w0 - a_first": w0 - v.a_first,
        "optimal first: P(optimal wins) - P(A wins), 1 - 2 a_second": 1 - 2 * v.a_second,
        "optimal second: 1 - 2 a_first": 1 - 2 * v.a_first,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--goal", type=int, default=10_000)
    parser.add_argument("--cache", type=Path, default=None,
                        help="a folder to keep the solved table VF_<goal>.npy in (default: "
                             "solve each run)")
    parser.add_argument("--only", nargs="*", default=None, help="plays to evaluate")
    parser.add_argument("--self", action="store_true", help="also each play against itself")
    args = parser.parse_args()
    rules = dataclasses.replace(preset("neller-busche").rules, goal=args.goal)
    started = time.process_time()
    solution = load_solution(rules, args.cache)
    w0 = solution.win_probability
    print(f"{rules.name} to {rules.goal:,}: first player wins {w0:.9f} under optimal play",
          flush=True)
    plays = {"max-score": lambda: max_score_play(rules),
             "max-score at goal": lambda: max_score_play(rules, True),
             "capped": lambda: capped_play(rules),
             "forced": lambda: forced_play(rules),
             "fewest turns": lambda: fewest_turns(rules)[1]}
    for name, make in plays.items():
        if args.only and name not in args.only:
            continue
        play = make()
        clock = time.process_time()
        WA, WB = chance_tables(solution, play, None)
        v = Versus(rules.name, rules.goal, name, "optimal", float(WA[0, 0]),
                   float(1.0 - WB[0, 0]), time.process_time() - clock)
        print(f"{name}: a_first {v.a_first:.9f} a_second {v.a_second:.9f} "
              f"advantage {1 - 2 * v.a_fair:.6%} ({v.seconds:.0f} s)", flush=True)
        for reading, value in advantages(v, w0).items():
            print(f"    {reading}: {value:.6%}")
        print(f"    1 - 2 P(A wins), the second player starting with 200: "
              f"{head_start_advantage(WA, WB, 200):.6%}")
        if args.self:
            mirror = versus(solution, play, play).a_first
            print(f"    {name} against itself: first wins {mirror:.9f}; opt first vs A - A "
                  f"first vs A: {1 - v.a_second - mirror:.6%}; as second: "
                  f"{mirror - v.a_first:.6%}", flush=True)
    print(f"CPU {time.process_time() - started:.0f} s")


if __name__ == "__main__":
    main()
