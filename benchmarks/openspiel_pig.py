"""Peer check: the N-player solver's policy played in OpenSpiel's own ``pig`` engine.

Run by hand from the repository root:
    PYTHONPATH=. python benchmarks/openspiel_pig.py [--goal 100] [--players 3] [--games 100000]

Every player follows the solver's equilibrium policy; OpenSpiel's engine
(``pyspiel.load_game("pig", {"players": N, "winscore": goal})``) rolls the die
and keeps the score.  Each player's win rate must lie within 4 standard errors
of the solver's value.  OpenSpiel's state lists scores by player id and its
turn totals run past the goal (a player must stop to bank); the policy is
read with the scores rotated to the mover first, and a mover whose score
plus turn total reaches the goal stops (that banks the win).
``tests/test_openspiel.py`` runs a small version when ``open_spiel`` is installed.
"""
from __future__ import annotations

import argparse
import math
import re
import time

import numpy as np

ROLL, STOP = 0, 1
STATE = re.compile(r"Scores: ([\d ]+), Turn total: (\d+)")


def play(goal: int = 100, players: int = 3, games: int = 100_000, seed: int = 1):
    """``(solver's chances, wins by player id, seconds)``."""
    import pyspiel

    from jeopardy.match.solver import solve
    from jeopardy.rules import game

    solution = solve(game("pig"), goal, players)
    columns: dict[tuple[int, ...], np.ndarray] = {}
    engine = pyspiel.load_game("pig", {"players": players, "winscore": goal, "horizon": 10 ** 7})
    rng = np.random.default_rng(seed)
    wins = np.zeros(players)
    die = engine.new_initial_state().child(ROLL).chance_outcomes()
    faces = len(die)
    if die != [(a, 1.0 / faces) for a in range(faces)]:
        raise RuntimeError(f"OpenSpiel's die is not the fair d{faces} this check assumes: {die}")
    rolls = iter(())
    started = time.perf_counter()
    for _ in range(games):
        state = engine.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                # OpenSpiel's die is fair (chance_outcomes: each face 1/faces).
                face = next(rolls, None)
                if face is None:
                    rolls = iter(rng.integers(0, faces, 1 << 16).tolist())
                    face = next(rolls)
                state.apply_action(face)
                continue
            mover = state.current_player()
            match = STATE.search(str(state))
            scores = [int(v) for v in match.group(1).split()]
            k = int(match.group(2))
            relative = tuple(scores[(mover + c) % players] for c in range(players))
            if relative[0] + k >= goal:
                state.apply_action(STOP)
                continue
            if relative not in columns:
                columns[relative] = solution.column(relative)[1]
            state.apply_action(ROLL if columns[relative][k] else STOP)
        returns = state.returns()
        wins[int(np.argmax(returns))] += 1
    return solution.win_probabilities, wins, time.perf_counter() - started


def check(chances, wins, games: int, sigmas: float = 4.0) -> list[tuple[float, float, float, bool]]:
    """Per player: (solver, observed, standard error, within ``sigmas``)."""
    rows = []
    for p, w in zip(chances, wins):
        rate = w / games
        error = math.sqrt(p * (1 - p) / games)
        rows.append((p, rate, error, abs(rate - p) <= sigmas * error))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--goal", type=int, default=100)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    chances, wins, seconds = play(args.goal, args.players, args.games, args.seed)
    print(f"OpenSpiel pig, {args.players} players to {args.goal}, {args.games:,} games "
          f"({seconds:.0f} s), every player on the solver's policy:")
    for player, (p, rate, error, ok) in enumerate(check(chances, wins, args.games)):
        print(f"  player {player}: solver {p:.6f}, OpenSpiel {rate:.6f} +- {error:.6f} "
              f"({(rate - p) / error:+.2f} SE) {'ok' if ok else 'OUTSIDE 4 SE'}")


if __name__ == "__main__":
    main()
