"""THINK's solver (:mod:`jeopardy.think.solver`) against the kernels it replaced.

The player-alone kernel now classifies each roll once per own score and turn
total and updates the whole row of the other's scores at once; the both-in
kernel classifies each roll once per state instead of once per game.  The
baseline below is the two kernels before that change, run on the same passes;
both must give the same tables to the last bit.

    PYTHONPATH=. python benchmarks/think.py [--rounds 3] [--cap 120]
"""
from __future__ import annotations

import argparse
import time

import numpy as np
from numba import njit

from jeopardy.fixed_turns.analysis import named_policies
from jeopardy.rules import game
from jeopardy.rules.compiled import RISE, STAY, roll_result, value_of_rolling
from jeopardy.think import solver
from jeopardy.think.solver import (BEST_RESPONSE_VS_RULE, EQUILIBRIUM_VS_RULE, MIXED,
                                   MIXED_COUNT, MIXED_COUNT_VS_RULE, MIXED_HIT,
                                   MIXED_HIT_VS_RULE, OPTIMAL)


@njit(cache=True, nogil=True)
def per_state_solo(rules, nxt, cube, kinds_of_games, boundary, table, alone_is_a, caps):
    score_cap, turn_cap = caps
    games = nxt.shape[0]
    size = score_cap + 1
    values = np.empty((games, turn_cap + 1))
    for own in range(size):
        top = min(turn_cap, score_cap - own)
        for other in range(size):
            for t in range(top, -1, -1):
                rolls0 = False
                for g in range(games):
                    b = boundary[g]
                    ended = nxt[g, :, other] if alone_is_a else nxt[g, other, :]  # own score
                    hold = ended[own + t]
                    roll = value_of_rolling(rules, own, t, values[g, :top + 1], ended, b)
                    cube[g, own, other, t] = roll
                    kind_g = kinds_of_games[g]
                    if kind_g == 0:  # optimal: A maximises, B minimises
                        rolls = roll > hold if alone_is_a else roll < hold
                        if g == 0:
                            rolls0 = rolls
                    elif alone_is_a and kind_g == 2:  # A best-responds
                        rolls = roll > hold
                    elif alone_is_a or kind_g == 3 or kind_g == 4:  # as game 0
                        rolls = rolls0
                    else:  # B follows the rule
                        rolls = table[own, t] == 1
                    values[g, t] = roll if rolls else hold


@njit(cache=True, nogil=True)
def per_state_both_in(rules, nxt, out, qa, qb, kinds_of_games, boundary, table, caps, stats,
                      order):
    kinds, points, probs = rules
    score_cap, turn_cap = caps
    games = nxt.shape[0]
    size = score_cap + 1
    values = np.empty((games, turn_cap + 1))
    for x in range(size):
        for y in range(size):
            top = min(turn_cap, score_cap - max(x, y))
            mixed_here = 0
            worth = 0.0
            for t in range(top, -1, -1):
                pa0 = 0.0
                pb0 = 0.0
                mixed = False
                for g in range(games):
                    bnd = boundary[g]
                    a = nxt[g, x + t, y + t]
                    hr = qb[g, y, x + t, t]  # B alone: own y, other x + t
                    rh = qa[g, x, y + t, t]
                    rr = 0.0
                    stay = 0.0
                    for e in range(kinds.shape[0]):
                        p = probs[e]
                        # one roll for both players still in (the turn total is shared)
                        banked_a, after, outcome = roll_result(kinds[e], points[e], x, t)
                        banked_b = roll_result(kinds[e], points[e], y, t)[0]
                        if outcome == STAY:
                            stay += p
                        elif outcome == RISE:
                            rr += p * (values[g, after] if after <= top else bnd)
                        elif max(banked_a, banked_b) > score_cap:
                            rr += p * bnd
                        else:
                            rr += p * nxt[g, banked_a, banked_b]
                    if stay > 0.0:
                        rr /= 1.0 - stay
                    kind_g = kinds_of_games[g]
                    if kind_g == 0:
                        if x == y:  # symmetric state: the value is 1/2 exactly (see above)
                            rr = 0.5
                        v, pa, pb, seeing = solver._matrix(a, hr, rh, rr)
                        if x == y:
                            v = 0.5
                        if g == 0:
                            pa0, pb0 = pa, pb
                            worth = max(worth, seeing)
                            mixed = (MIXED < pa < 1.0 - MIXED) and (MIXED < pb < 1.0 - MIXED)
                    elif kind_g <= 2 or kind_g >= 5:
                        b_rolls = table[y, t] == 1
                        hold_value = hr if b_rolls else a
                        roll_value = rr if b_rolls else rh
                        if kind_g == 2:
                            v = max(hold_value, roll_value)
                        elif kind_g == 6 and mixed:
                            v = 1.0
                        else:
                            v = pa0 * hold_value + (1.0 - pa0) * roll_value
                            if kind_g == 5 and mixed:
                                v += 1.0
                    else:
                        if kind_g == 4 and mixed:
                            v = 1.0
                        else:
                            v = (pa0 * pb0 * a + pa0 * (1.0 - pb0) * hr
                                 + (1.0 - pa0) * pb0 * rh + (1.0 - pa0) * (1.0 - pb0) * rr)
                            if kind_g == 3 and mixed:
                                v += 1.0
                    values[g, t] = v
                if mixed:
                    mixed_here += 1
            stats[x, y] = mixed_here
            order[x, y] = worth
            for g in range(games):
                out[g, x, y] = values[g, 0]


def passes(model, rounds: int, cap: int) -> tuple[float, list[np.ndarray]]:
    """Seconds of analyse's two kinds of pass (equilibrium; against the first named
    rule) and their tables."""
    rule = next(iter(named_policies(model, rounds).values()))
    started = time.perf_counter()
    first = solver.solve_pass(model, rounds, cap, cap,
                              [OPTIMAL, OPTIMAL, OPTIMAL, MIXED_COUNT, MIXED_HIT],
                              [0.5, 0.0, 1.0, 0.0, 0.0])
    second = solver.solve_pass(model, rounds, cap, cap,
                               [OPTIMAL, EQUILIBRIUM_VS_RULE, EQUILIBRIUM_VS_RULE,
                                BEST_RESPONSE_VS_RULE, BEST_RESPONSE_VS_RULE,
                                MIXED_COUNT_VS_RULE, MIXED_HIT_VS_RULE],
                               [0.5, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0], rule)
    seconds = time.perf_counter() - started
    return seconds, [a for p in (first, second)
                     for a in (p.starts, p.mixed_states, p.seeing_first)]


def with_kernels(solo, both_in, *args):
    original = solver._solo, solver._both_in
    solver._solo, solver._both_in = solo, both_in
    try:
        return passes(*args)
    finally:
        solver._solo, solver._both_in = original


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cap", type=int, default=120)
    args = parser.parse_args()
    model = game("think")
    kernels = [(solver._solo, solver._both_in), (per_state_solo, per_state_both_in)]
    for solo, both_in in kernels:  # compile (or load) both first
        with_kernels(solo, both_in, model, 1, model.max_points)
    ours, ours_tables = with_kernels(*kernels[0], model, args.rounds, args.cap)
    base, base_tables = with_kernels(*kernels[1], model, args.rounds, args.cap)
    same = all(np.array_equal(a, b) for a, b in zip(ours_tables, base_tables))
    print(f"THINK, {args.rounds} rounds, caps {args.cap}/{args.cap}, two passes: new kernels "
          f"{ours:.2f} s, per-state kernels {base:.2f} s ({base / ours:.1f}x); same tables to "
          f"the last bit: {same}")


if __name__ == "__main__":
    main()
