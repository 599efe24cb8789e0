"""Parker Brothers Pig Dice for two players, from the rules alone.

The reference twin of the match solver (:mod:`jeopardy.match`) on this game,
for the tests: it shares no equations with it (no roll model, no effects, no
columns).  The rules, as the paper's appendix gives them:

* one die has a pig's head in place of the 1, the other a pig's tail in
  place of the 6; the 36 throws are equally likely;
* a head and a tail double the turn total;
* a head alone doubles the other die, which is added to the turn total;
* a tail alone negates the other die: it is taken off the turn total, which
  never drops below 0;
* two numbers totalling 7 end the turn without scoring;
* any other two numbers add their total;
* a player may hold (bank the turn total; the turn passes) or roll again.

Endings (players 0 and 1, player 0 moves first):

* ``first-to-goal``: a player whose score plus turn total reaches the goal
  holds and wins;
* ``equal-turns`` (Scarne's): when player 0 banks at least the goal, player 1
  plays one last turn; when player 1 reaches it first, player 1 wins;
* ``one-more-turn`` (the box's rule as the paper words it: "after a player
  has met or exceeded 100, all other players have one more turn"): whoever
  banks at least the goal first, the other plays one last turn.

A last turn: the trailing player wins as soon as its score plus turn total
passes the leader's (it stops there), may stop level for a tie (worth one
half), and otherwise rolls (stopping short loses; a 7 leaves it at its
score, a tie if that is the leader's).  A player who banks the
goal with a last turn still to come may roll on to raise the bar; the
truncation ``cap`` makes such a player hold once its score plus turn total
is at least ``cap`` (a different game wherever rolling on past ``cap`` would
be better; the tests compare equal caps, and double them).

States are plain tuples: ``("play", a, b, mover, k)`` (scores of players 0
and 1) and ``("last", leader_score, trailing_score, k, leader)`` (the
trailing player's last turn).  A state's value is player 0's chance of
winning.  The mover takes the better action for itself (rolling on ties).  Solved by
Gauss-Seidel sweeps over every state reachable from the start with either
action, until no value changes by more than ``tolerance``.
"""
from __future__ import annotations

from jeopardy.errors import JeopardyError

HEAD, TAIL = "head", "tail"
HEAD_DIE = (HEAD, 2, 3, 4, 5, 6)
TAIL_DIE = (1, 2, 3, 4, 5, TAIL)
ENDINGS = ("first-to-goal", "equal-turns", "one-more-turn")


def throw(turn_total: int, head_face, tail_face) -> int | None:
    """The turn total after one throw, or None when the throw ends the turn (a 7)."""
    if head_face == HEAD and tail_face == TAIL:
        return turn_total * 2
    if head_face == HEAD:
        return turn_total + tail_face * 2
    if tail_face == TAIL:
        return max(turn_total - head_face, 0)
    if head_face + tail_face == 7:
        return None
    return turn_total + head_face + tail_face


class ReferencePigDice:
    """The explicit game; :meth:`solve` fills ``values``."""

    def __init__(self, goal: int, ending: str = "equal-turns", cap: int | None = None):
        if ending not in ENDINGS:
            raise JeopardyError(f"unknown ending {ending!r}")
        self.goal = goal
        self.ending = ending
        self.cap = goal if cap is None else cap
        self.values: dict[tuple, float] = {}
        self.sweeps = 0

    # ------------------------------------------------------------ the rules
    def _last_turn_for_other(self, mover: int) -> bool:
        if self.ending == "first-to-goal":
            return False
        if self.ending == "equal-turns":
            return mover == 0
        return True

    def _after_banking(self, state: tuple, total: int):
        """What follows when the mover of a "play" state banks ``total`` as its score:
        a state, or player 0's chance at the end."""
        _, a, b, mover, _ = state
        if total >= self.goal:
            if not self._last_turn_for_other(mover):
                return 1.0 if mover == 0 else 0.0
            trailing = b if mover == 0 else a
            return ("last", total, trailing, 0, mover)
        if mover == 0:
            return ("play", total, b, 1, 0)
        return ("play", a, total, 0, 0)

    def _choices(self, state: tuple) -> tuple[list, list | None]:
        """``(hold, roll)``: each a list of ``(chance, next state or player 0's chance)``;
        ``roll`` is None where the mover holds (stops)."""
        p = 1.0 / 36.0
        if state[0] == "play":
            _, a, b, mover, k = state
            own = a if mover == 0 else b
            hold = [(1.0, self._after_banking(state, own + k))]
            must_stop = own + k >= (self.cap if self._last_turn_for_other(mover) else self.goal)
            if must_stop:
                return hold, None
            roll = []
            for head_face in HEAD_DIE:
                for tail_face in TAIL_DIE:
                    after = throw(k, head_face, tail_face)
                    if after is None:  # the turn ends, nothing banked
                        roll.append((p, self._after_banking(state, own)))
                    else:
                        roll.append((p, ("play", a, b, mover, after)))
            return hold, roll
        _, leader, trailing, k, first = state
        total = trailing + k
        winner_first = 1.0 if first == 0 else 0.0  # player 0's chance if the leader wins
        if total > leader:
            return [(1.0, 1.0 - winner_first)], None
        hold = [(1.0, 0.5 if total == leader else winner_first)]
        roll = []
        for head_face in HEAD_DIE:
            for tail_face in TAIL_DIE:
                after = throw(k, head_face, tail_face)
                if after is None:  # the trailing player keeps its score
                    roll.append((p, 0.5 if trailing == leader else winner_first))
                else:
                    roll.append((p, ("last", leader, trailing, after, first)))
        return hold, roll

    def _maximises_player0(self, state: tuple) -> bool:
        if state[0] == "play":
            return state[3] == 0
        return state[4] == 1  # the trailing player of a last turn is player 0 if 1 led

    def start(self) -> tuple:
        return ("play", 0, 0, 0, 0)

    # ------------------------------------------------------------- solving
    def _states(self, start: tuple) -> list[tuple]:
        seen = {start}
        stack = [start]
        while stack:
            state = stack.pop()
            hold, roll = self._choices(state)
            for _, nxt in hold + (roll or []):
                if isinstance(nxt, tuple) and nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return sorted(seen, key=self._order)

    @staticmethod
    def _order(state: tuple):
        """Sweep later stages first (a heuristic for speed only)."""
        if state[0] == "last":
            return (0, -state[3])
        return (1, -(state[1] + state[2]), -state[4])

    def solve(self, tolerance: float = 1e-13, max_sweeps: int = 100_000,
              start: tuple | None = None) -> float:
        """Player 0's chance from ``start`` (the game's start by default)."""
        start = self.start() if start is None else start
        states = self._states(start)
        where = {state: n for n, state in enumerate(states)}
        values = [0.5] * len(states)
        plans = []  # per state: maximiser?, (constant, [(chance, index)]) to hold, to roll
        for state in states:
            hold, roll = self._choices(state)
            plans.append((self._maximises_player0(state), self._linear(hold, where),
                          None if roll is None else self._linear(roll, where)))
        while True:
            self.sweeps += 1
            change = 0.0
            for n, (maximiser, hold, roll) in enumerate(plans):
                value = hold[0] + sum(c * values[i] for c, i in hold[1])
                if roll is not None:
                    rolled = roll[0] + sum(c * values[i] for c, i in roll[1])
                    if (rolled >= value) if maximiser else (rolled <= value):
                        value = rolled
                change = max(change, abs(value - values[n]))
                values[n] = value
            if change <= tolerance:
                self.values = dict(zip(states, values))
                return self.values[start]
            if self.sweeps >= max_sweeps:
                raise JeopardyError(f"reference Pig Dice: no convergence in {max_sweeps} sweeps")

    @staticmethod
    def _linear(outcomes, where) -> tuple[float, list]:
        """``(sum of chance x final value, [(chance, state index)])``, equal states merged."""
        constant = 0.0
        chances: dict[int, float] = {}
        for chance, nxt in outcomes:
            if isinstance(nxt, tuple):
                chances[where[nxt]] = chances.get(where[nxt], 0.0) + chance
            else:
                constant += chance * nxt
        return constant, [(c, i) for i, c in chances.items()]
