"""Explicit-state reference solver of N-player race games, from the rules alone.

A twin of :mod:`jeopardy.match.solver` for the tests: it shares no equations
with it.  Players are numbered ``0 .. N-1`` in turn order (player 0 moves
first, so a player's number is also its place in the round), scores are kept
by player number, and every state is a plain tuple:

* ``("play", scores, m, k)``: player ``m`` is in its turn with turn total ``k``;
* ``("last", remaining, L, winners, m, k)`` (ending ``equal-turns`` only):
  a player has banked at least the goal; player ``m`` plays its last turn;
  ``remaining`` are the scores of players ``m .. N-1`` (who still play), ``L``
  the leader's score, ``winners`` the players tied at ``L``.

The rules, each on its own:

* a roll applies one effect (:mod:`jeopardy.rules.effects`): ``add n`` and
  ``double`` change the turn total and the turn goes on; ``bust`` ends the
  turn with the banked score unchanged, ``bust_all`` with score 0, ``bank n``
  with the turn total plus ``n`` banked, ``bust_gain n`` with the turn total
  lost and ``n`` banked;
* holding ends the turn with the turn total banked;
* ``first-to-goal``: a player whose score plus turn total reaches the goal
  holds and wins;
* ``equal-turns``: a player who banks at least the goal makes the rest of the
  round (players after it in the round) play one last turn each; the highest
  score wins, tied players share the win equally, a player level with the
  leader may stop for the tie.  The last player of the round wins at once on
  reaching the goal (nobody is left to play).  A last-turn player who is the
  last of the round stops as soon as it is ahead (a certain win; nothing is
  better).

Truncation (``equal-turns`` only): a player who may raise the bar for later
players (one who reaches the goal before the end of the round, or a last-turn
player with others after it) must stop once its score plus turn total is at
least ``cap`` -- a last-turn player only once it is also ahead of the leader
(its total at least ``max(cap, leader + 1)``: stopping level with or below
the leader would throw the game away, which no rule asks).  This is a different game from the untruncated one whenever
rolling past ``cap`` would be optimal; the tests solve with ``cap`` and with a
doubled cap and see no difference.

Values are vectors of win probabilities by player number; the player to move
takes the action with the larger own component (rolling on ties).  With
``policies`` (policy evaluation) player ``m`` instead rolls with the chance
``policies[m](scores, k)`` in its turns of the normal game (``scores`` relative
to it: its own first, then the others in turn order), a mixed action when the
chance is strictly between 0 and 1; last turns are still played by the larger
own component.  Solved by
Gauss-Seidel sweeps over all states reachable from the start (with either
action) until no component changes by more than ``tolerance``.
"""
from __future__ import annotations

import itertools

from jeopardy.errors import JeopardyError
from jeopardy.rules.effects import ADD, BANK, BUST, BUST_ALL, BUST_GAIN, DOUBLE
from jeopardy.rules.roll_model import RollModel

FIRST_TO_GOAL = "first-to-goal"
EQUAL_TURNS = "equal-turns"


class ReferenceRace:
    """The explicit game: states, moves, and values after :meth:`solve`."""

    def __init__(self, model: RollModel, goal: int, players: int = 2,
                 ending: str = FIRST_TO_GOAL, cap: int | None = None, policies=None):
        if ending not in (FIRST_TO_GOAL, EQUAL_TURNS):
            raise JeopardyError(f"unknown ending {ending!r}")
        if players < 2:
            raise JeopardyError("a race needs at least two players")
        self.model = model
        self.outcomes = [(effect, float(p)) for effect, p in model.outcomes]
        self.goal = goal
        self.players = players
        self.ending = ending
        self.cap = goal if cap is None else cap
        if ending == EQUAL_TURNS and self.cap < goal:
            raise JeopardyError("cap must be at least the goal")
        if policies is not None and len(policies) != players:
            raise JeopardyError("one policy per player")
        self.policies = policies
        self.values: dict[tuple, tuple[float, ...]] = {}
        self.sweeps = 0

    # ------------------------------------------------------------ the rules
    def _win_vector(self, winners) -> tuple[float, ...]:
        share = 1.0 / len(winners)
        return tuple(share if p in winners else 0.0 for p in range(self.players))

    def start(self) -> tuple:
        return ("play", (0,) * self.players, 0, 0)

    def turn_start(self, scores: tuple[int, ...], mover: int) -> tuple:
        return ("play", tuple(scores), mover, 0)

    def _end_turn(self, state: tuple, banked: int):
        """What follows when the mover ends its turn with ``banked`` points as its score:
        a state or a terminal value vector."""
        n = self.players
        if state[0] == "play":
            _, scores, m, _ = state
            if banked >= self.goal:
                if self.ending == FIRST_TO_GOAL or m == n - 1:
                    return self._win_vector({m})
                return ("last", scores[m + 1:], banked, frozenset({m}), m + 1, 0)
            new = list(scores)
            new[m] = banked
            return ("play", tuple(new), (m + 1) % n, 0)
        _, remaining, leader, winners, m, _ = state
        if banked > leader:
            leader, winners = banked, frozenset({m})
        elif banked == leader:
            winners = winners | {m}
        if m == n - 1:
            return self._win_vector(winners)
        return ("last", remaining[1:], leader, winners, m + 1, 0)

    def _own(self, state: tuple) -> tuple[int, int, int]:
        """(mover, banked score, turn total)."""
        if state[0] == "play":
            _, scores, m, k = state
            return m, scores[m], k
        _, remaining, _, _, m, k = state
        return m, remaining[0], k

    def _forced(self, state: tuple):
        """``"hold"`` where the mover must (or, winning outright, will) stop; else None."""
        m, score, k = self._own(state)
        total = score + k
        n = self.players
        if state[0] == "play":
            if total >= self.goal and (self.ending == FIRST_TO_GOAL or m == n - 1):
                return "hold"
            if total >= self.cap:
                return "hold"
            return None
        leader = state[2]
        if m == n - 1:
            return "hold" if total > leader else None
        # Past the cap, but never below (or at) the leader: a stop there would lose.
        return "hold" if total >= max(self.cap, leader + 1) else None

    def _with_turn_total(self, state: tuple, k: int) -> tuple:
        return state[:-1] + (k,)

    def hold(self, state: tuple):
        m, score, k = self._own(state)
        return self._end_turn(state, score + k)

    def roll(self, state: tuple) -> list[tuple[float, object]]:
        """``[(probability, next state or value vector)]`` of one roll."""
        m, score, k = self._own(state)
        moves = []
        for effect, p in self.outcomes:
            if effect.kind == ADD:
                moves.append((p, self._with_turn_total(state, k + effect.points)))
            elif effect.kind == DOUBLE:
                moves.append((p, self._with_turn_total(state, 2 * k)))
            elif effect.kind == BUST:
                moves.append((p, self._end_turn(state, score)))
            elif effect.kind == BUST_ALL:
                moves.append((p, self._end_turn(state, 0)))
            elif effect.kind == BANK:
                moves.append((p, self._end_turn(state, score + k + effect.points)))
            elif effect.kind == BUST_GAIN:
                # Boyan: "a roll of 1 ends the turn with a one-point gain": the turn
                # total is lost, the points are added to the score.
                moves.append((p, self._end_turn(state, score + effect.points)))
            else:
                raise JeopardyError(f"unknown effect {effect.kind!r}")
        return moves

    # ------------------------------------------------------------- solving
    def states(self) -> list[tuple]:
        """Every state reachable from the start (either action), and every turn start."""
        seen = set()
        stack = [self.start()]
        for scores in itertools.product(range(self.goal), repeat=self.players):
            for m in range(self.players):
                stack.append(self.turn_start(scores, m))
        while stack:
            state = stack.pop()
            if state in seen:
                continue
            seen.add(state)
            following = [self.hold(state)]
            if self._forced(state) is None:
                following += [s for _, s in self.roll(state)]
            stack.extend(s for s in following if isinstance(s, tuple) and isinstance(s[0], str)
                         and s not in seen)
        return sorted(seen, key=self._order)

    def _order(self, state: tuple):
        # Solve late states first: last turns (later players first), then higher scores.
        if state[0] == "last":
            _, remaining, leader, _, m, k = state
            return (0, -m, -leader, -(remaining[0] + k))
        _, scores, m, k = state
        return (1, -sum(scores) - k, m)

    def _value(self, outcome) -> tuple[float, ...]:
        if isinstance(outcome[0], str):
            return self.values[outcome]
        return outcome

    def solve(self, tolerance: float = 1e-14, max_sweeps: int = 100_000) -> "ReferenceRace":
        states = self.states()
        uniform = (1.0 / self.players,) * self.players
        self.values = {s: uniform for s in states}
        n = self.players
        rolls = {s: self.roll(s) for s in states if self._forced(s) is None}
        holds = {s: self.hold(s) for s in states}
        for sweep in range(1, max_sweeps + 1):
            change = 0.0
            for state in states:
                hold = self._value(holds[state])
                if state in rolls:
                    roll = [0.0] * n
                    for p, outcome in rolls[state]:
                        v = self._value(outcome)
                        for q in range(n):
                            roll[q] += p * v[q]
                    m = self._own(state)[0]
                    if self.policies is not None and state[0] == "play":
                        _, scores, _, k = state
                        w = self.policies[m](scores[m:] + scores[:m], k)
                        new = tuple(w * r + (1.0 - w) * h for r, h in zip(roll, hold))
                    else:
                        new = tuple(roll) if roll[m] >= hold[m] else hold
                else:
                    new = hold
                old = self.values[state]
                change = max(change, max(abs(a - b) for a, b in zip(new, old)))
                self.values[state] = new
            if change <= tolerance:
                self.sweeps = sweep
                return self
        raise JeopardyError(f"reference solver did not converge in {max_sweeps} sweeps")

    # ------------------------------------------------------------- queries
    def value(self, scores: tuple[int, ...], mover: int = 0, k: int = 0) -> tuple[float, ...]:
        """Win probabilities by player number at a turn of the normal game."""
        state = ("play", tuple(scores), mover, k)
        if self._forced(state) == "hold" and k > 0:
            return self._value(self.hold(state))
        return self.values[state]

    def action(self, scores: tuple[int, ...], mover: int, k: int) -> str:
        state = ("play", tuple(scores), mover, k)
        if self._forced(state) is not None:
            return "hold"
        hold = self._value(self.hold(state))[mover]
        roll = sum(p * self._value(o)[mover] for p, o in self.roll(state))
        return "roll" if roll >= hold else "hold"


def solve(model: RollModel, goal: int, players: int = 2, ending: str = FIRST_TO_GOAL,
          cap: int | None = None, tolerance: float = 1e-14, policies=None) -> ReferenceRace:
    """Solve the game of ``model`` to ``goal`` for ``players`` players (see the module);
    ``policies``: evaluate them instead (their normal-game turns)."""
    return ReferenceRace(model, goal, players, ending, cap, policies).solve(tolerance)


__all__ = ["FIRST_TO_GOAL", "EQUAL_TURNS", "ReferenceRace", "solve"]
