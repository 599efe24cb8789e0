"""Does the game end?  Policies under which nobody may ever win.

Two fixed policies make a race game a finite Markov chain over turn starts
``(mover, i, j)`` (the mover's score ``i``, the other's ``j``).  Win
probabilities are only defined -- and the evaluation's "1 - the
opponent's value" only true -- when the game ends with probability 1, which
holds exactly when *every turn start reachable from the start can reach a
win* (a finite chain is absorbed with probability 1 iff every reachable
state can reach an absorbing one).  Both players holding at turn total 0
("rule:k < 0") breaks it at once; so does a rule that never banks points
at one score pair.

:func:`stuck_state` returns a reachable turn start from which no win is
reachable, or ``None``; :func:`require_ending` refuses such policies.  The
search uses the rules only through the reachable turn totals of one turn,
each roll applied by :func:`jeopardy.rules.effects.step`: a roll that keeps
the turn going moves the turn total (a win once score plus total reaches the
goal); one that ends the turn hands it over with what it banks (or wins);
holding hands it over with ``i + k`` banked.

Both passes (forward reachability from the two starts, backward "can
reach a win" as a Gauss-Seidel fixed point in descending score sums) cost
``O(goal**3 x effects)`` like one solver pass.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from jeopardy.errors import JeopardyError
from jeopardy.rules.compiled import END, roll_result


@njit(cache=True, nogil=True)
def _turn(m, i, j, goal, tables, kinds, points, reach, ends):
    """One turn of player ``m`` from ``(i, j, 0)``: marks in ``ends`` the mover's
    banked scores at the hand-over and returns True if a win is reachable."""
    table = tables[0] if m == 0 else tables[1]
    top = goal - i
    reach[:top] = 0
    ends[:] = 0
    reach[0] = 1
    win = False
    for k in range(top):
        if not reach[k]:
            continue
        if table[i, j, k] == 0:
            ends[i + k] = 1
            continue
        for e in range(kinds.shape[0]):
            banked, after, outcome = roll_result(kinds[e], points[e], i, k)
            if outcome != END and i + after < goal:
                reach[after] = 1
            elif outcome != END or banked >= goal:
                win = True
            else:
                ends[banked] = 1
    return win


@njit(cache=True, nogil=True)
def _search(goal, tables, kinds, points, every_start, out):
    """``out = (mover, i, j)`` of a reachable turn start (of any turn start, with
    ``every_start``) that cannot reach a win; returns False when there is none."""
    reach = np.zeros(goal + 1, dtype=np.int8)
    ends = np.zeros(goal, dtype=np.int8)
    # Backward: can[m, i, j] -- a win is reachable from this turn start.
    can = np.zeros((2, goal, goal), dtype=np.int8)
    changed = True
    while changed:
        changed = False
        for s in range(2 * goal - 2, -1, -1):
            for i in range(max(0, s - goal + 1), min(s, goal - 1) + 1):
                j = s - i
                for m in range(2):
                    if can[m, i, j]:
                        continue
                    found = _turn(m, i, j, goal, tables, kinds, points, reach, ends)
                    if not found:
                        for score in range(goal):
                            if ends[score] and can[1 - m, j, score]:
                                found = True
                                break
                    if found:
                        can[m, i, j] = 1
                        changed = True
    if every_start:
        for m in range(2):
            for i in range(goal):
                for j in range(goal):
                    if not can[m, i, j]:
                        out[0] = m
                        out[1] = i
                        out[2] = j
                        return True
        return False
    # Forward: the turn starts some game reaches, from either player starting at (0, 0).
    seen = np.zeros((2, goal, goal), dtype=np.int8)
    stack = np.empty(2 * goal * goal, dtype=np.int64)
    top = 0
    for m in range(2):
        seen[m, 0, 0] = 1
        stack[top] = m * goal * goal
        top += 1
    while top > 0:
        top -= 1
        node = stack[top]
        m = node // (goal * goal)
        i = (node // goal) % goal
        j = node % goal
        if not can[m, i, j]:
            out[0] = m
            out[1] = i
            out[2] = j
            return True
        _turn(m, i, j, goal, tables, kinds, points, reach, ends)
        for score in range(goal):
            if ends[score] and not seen[1 - m, j, score]:
                seen[1 - m, j, score] = 1
                stack[top] = (1 - m) * goal * goal + j * goal + score
                top += 1
    return False


def stuck_state(model, a, b, every_start: bool = False) -> tuple[int, int, int] | None:
    """``(mover, i, j)`` (mover 0 = A, 1 = B) of a reachable turn start from which
    no one can win when A follows ``a`` and B follows ``b``; None if the game ends.

    ``every_start``: look at every turn start, reachable or not (an exact
    solver that values every state needs them all to end).
    """
    kinds, points, _ = model.arrays()
    tables = (a.roll, b.roll)  # no copy of the goal**3 tables
    out = np.zeros(3, dtype=np.int64)
    if _search(a.goal, tables, kinds, points, every_start, out):
        return int(out[0]), int(out[1]), int(out[2])
    return None


def require_ending(model, a, b, every_start: bool = False) -> None:
    """Refuse policies under which the game may never end (see the module docstring)."""
    state = stuck_state(model, a, b, every_start)
    if state is None:
        return
    refuse(state, a, b)


def refuse(state: tuple[int, int, int], a, b) -> None:
    """The one refusal of a game that may never end, naming the turn start."""
    mover, i, j = state
    who, policy = ("A", a) if mover == 0 else ("B", b)
    other = b if mover == 0 else a
    raise JeopardyError(
        f"the game may never end: with {who} ({policy.name}) to move at score {i} against {j}, "
        f"no sequence of rolls lets anyone win (against {other.name}); no win probability exists")
