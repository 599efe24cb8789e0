"""The last round of the equal-turns ending for a turn process, any number of players.

The rule and the state are :mod:`jeopardy.match.last_round`'s: once a player
banks at least the goal, every player after it in the round plays one last
turn; the highest score wins and tied players share.  A last-round turn start
is ``E_R(L, t, s_1 .. s_R)`` (``R`` players still to play, the first of them
moving; ``L`` the leader's score; ``t`` players tied at it; the scores of those
still to play), its value the vector ``[each leader's share, p_1 .. p_R]``, and
it is stored in that module's layout, so the race reads it with the same
:func:`~jeopardy.match.last_round.stop_value` (:mod:`jeopardy.match.process_kernels`).

Only the last turn is the process's.  The mover plays its turn in turn states
``(k, s)`` (turn total, state) from the process's start: a bank (where the
process allows one: ``k > 0``, ``k`` at least its minimum, a state with a
bank) ends it with ``own + k``; a bust, or a state without a throw where no
bank is allowed, ends it with ``own``, below the leader: it has lost.  What
follows a stop is :func:`~jeopardy.match.last_round._after_stop`'s.  The mover
maximises its own chance; it banks where banking is worth at least as much as
throwing (the race's rule for turn processes), and of an outcome's choices it
takes the first best.

No cap.  This is solved for processes whose turn collects a bounded number of
points: the most, ``M`` (:func:`most_points`), is the longest path of the
choices' points from the start state, finite exactly when no cycle of choices
collects points (Fast Pig and Hog: one roll, ``M`` the largest roll; Ten
Thousand without hot dice: every throw sets dice aside).  A reachable ``(k, s)``
has ``k`` plus the most that ``s`` can still collect at most ``M``, so the table
of ``k = 0 .. M`` holds every turn total a turn can reach and each reachable
state reads only reachable ones: the last turn is exact.  Every turn starts
below the goal, so every bank is at most ``goal - 1 + M``: each layer stores
the leaders ``goal .. goal + M - 1`` (span ``M``), and no look-up passes it.
The race's movers before the end of the round get a table of every total they
can reach too (``top >= M``, :func:`race_bounds`), so nothing there is cut
either.  A process whose turn can collect points without bound (a cycle: Ten
Thousand's hot dice) is refused in one line.

The mover's turn is ``(M + 1) * states`` cells, each an outcome sweep; a layer
holds ``M (N - R) goal**R`` vectors of ``R + 1`` floats (:func:`table_floats`).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from jeopardy.errors import JeopardyError
from jeopardy.match.last_round import OFFSET, PLAYERS_SIZE, SPAN, _after_stop, _entry
from jeopardy.rules.turn_process import TurnProcess


def most_points(process: TurnProcess) -> int | None:
    """The most points one turn of ``process`` can collect from its start state, or
    None where a cycle of choices collects points (no bound).  Longest paths by
    relaxation: with ``S`` states every longest path has at most ``S - 1`` edges,
    so values still rising after ``S`` rounds mean a cycle with points."""
    size = len(process.states)
    best = [0] * size  # the most points still to collect from each state
    for _ in range(size + 1):
        changed = False
        for state, outcomes in enumerate(process.throws):
            for _, choices in outcomes:
                for points, nxt in choices:
                    if points + best[nxt] > best[state]:
                        best[state] = points + best[nxt]
                        changed = True
        if not changed:
            return best[process.start]
    return None


def require_bounded(process: TurnProcess, players: int) -> int:
    """``M`` (:func:`most_points`), or a one-line refusal of a process the last round
    cannot bound, or whose rules it does not play."""
    what = f"{process.name}: the equal-turns ending for {players} players"
    if process.exact_goal:
        raise JeopardyError(f"{what} is not solved with a bank that must land exactly on "
                            f"the goal")
    if process.takeover:
        raise JeopardyError(f"{process.name}: taking the previous player's position over is "
                            f"solved for two players")
    most = most_points(process)
    if most is None:
        raise JeopardyError(f"{what} is solved where a turn's points are bounded; this turn "
                            f"can collect points without end (a cycle of throws, such as hot "
                            f"dice)")
    if most < 1:
        raise JeopardyError(f"{process.name}: no turn can score")
    if max(process.minimum, process.high_minimum or 0) > most:
        raise JeopardyError(f"{what} is not solved with a minimum bank above the most one "
                            f"turn collects ({most})")
    return most


def layout(goal: int, players: int, most: int) -> np.ndarray:
    """``[R, (offset, span, goal**R, goal**(N-1-R))]`` of the layers ``R = 1 .. N-1``
    (:func:`jeopardy.match.last_round.layout`'s rows; every span ``most``)."""
    rows = np.zeros((players, 4), dtype=np.int64)
    offset = 0
    for R in range(1, players):
        rows[R] = (offset, most, goal ** R, goal ** (players - 1 - R))
        offset += most * (players - R) * goal ** R * (R + 1)
    rows[0, OFFSET] = offset
    return rows


def table_floats(goal: int, players: int, most: int) -> int:
    """Floats the last-round tables hold."""
    return int(layout(goal, players, most)[0, OFFSET])


def race_bounds(goal: int, most: int) -> np.ndarray:
    """``dstar[j]`` that makes the table of a race mover before the end of the round
    reach ``goal - 1 + M - own >= M`` (:func:`jeopardy.match.process_kernels.turn_top`:
    ``top >= dstar[j] + j - own``): every turn total its turn can reach."""
    return (most + goal - 1 - np.arange(goal)).astype(np.int64)


@njit(cache=True, nogil=True)
def fill(race):
    """Every layer's table into ``race.last``, ``R = 1 .. N-1`` (each reads the one
    below); ``race.process`` the process bundle (:data:`~jeopardy.match.process_kernels.Process`)."""
    n = race.players
    goal = race.goal
    most = race.layout[1, SPAN]
    vals = np.empty((most + 1, race.process.states, n))
    work = np.empty((4, n))
    start = race.process.start
    for R in range(1, n):
        rests = race.layout[R, PLAYERS_SIZE] // goal
        for li in range(race.layout[R, SPAN]):
            L = goal + li
            for t in range(1, n - R + 1):
                for rest in range(rests):
                    for own in range(goal):
                        last_turn(race, R, L, t, own, rest, vals, work)
                        pos = _entry(race, R, L, t, own * rests + rest)
                        for c in range(R + 1):
                            race.last[pos + c] = vals[0, start, c]


@njit(cache=True, nogil=True)
def last_turn(race, R, L, t, own, rest, vals, work):
    """The last turn of the layer-``R`` mover from ``own`` (module docstring):
    ``vals[k, s, 0 .. R]`` for ``k = M .. 0``; ``work`` of shape ``(4, N)``."""
    process = race.process
    most = race.layout[1, SPAN]
    states = process.states
    bankable = process.bankable
    above_zero = process.above_zero
    bust = process.bust
    probs = process.pattern_probs
    pattern_offsets = process.pattern_offsets
    offsets = process.choice_offsets
    points = process.choice_points
    nexts = process.choice_nexts
    least = process.min_high if own > process.high_score else process.min_low
    lost = work[0]
    hold = work[1]
    throw = work[2]
    _after_stop(race, R, L, t, rest, own, lost)
    for k in range(most, -1, -1):
        for s in range(states):
            if k > 0 and above_zero[s] == 0:
                continue
            allowed = k > 0 and k >= least and bankable[s] >= 1
            if allowed:
                _after_stop(race, R, L, t, rest, own + k, hold)
            if bankable[s] == 2:  # no throw: bank where allowed, else the total is lost
                for c in range(R + 1):
                    vals[k, s, c] = hold[c] if allowed else lost[c]
                continue
            for c in range(R + 1):
                throw[c] = bust[s] * lost[c]
            for e in range(pattern_offsets[s], pattern_offsets[s + 1]):
                chosen = -1
                best = -1.0
                for choice in range(offsets[e], offsets[e + 1]):
                    u = k + points[choice]
                    if u <= most and vals[u, nexts[choice], 1] > best:
                        best = vals[u, nexts[choice], 1]
                        chosen = choice
                if chosen < 0:  # past M: (k, s) is not reachable, nothing reads it
                    for c in range(R + 1):
                        throw[c] += probs[e] * lost[c]
                    continue
                u = k + points[chosen]
                for c in range(R + 1):
                    throw[c] += probs[e] * vals[u, nexts[chosen], c]
            banks = allowed and hold[1] >= throw[1]
            for c in range(R + 1):
                vals[k, s, c] = hold[c] if banks else throw[c]
