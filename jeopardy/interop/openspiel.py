"""Race policies as OpenSpiel policies and bots for its ``pig`` game.

OpenSpiel's ``pig`` (``pyspiel.load_game("pig", {"winscore": G, "diceoutcomes": d,
"piglet": b, "players": n, "horizon": H})``) is the game our ``pig`` preset
describes (``d = 6``), or ``piglet`` with ``piglet=True, diceoutcomes=2``.  Its
states differ from ours in three ways, all handled here:

* **Scores by player id.**  OpenSpiel keeps ``scores[0], scores[1]`` and the
  current player; our state ``(i, j, k)`` is the *mover's* score ``i``, the
  opponent's ``j`` and the turn total ``k``.  :func:`race_state` maps an
  OpenSpiel state to ``(mover, i, j, k)``; :func:`openspiel_state` builds an
  OpenSpiel state for ``(mover, i, j, k)`` by replaying a game that reaches it.
* **Turn totals run past the goal.**  In OpenSpiel a player whose
  ``score + turn total`` reaches the goal has not won yet; the engine then
  allows only ``stop``.  Our tables end at ``i + k = goal`` (holding wins).
* **An explicit stop at the goal.**  So the policy answers ``stop`` wherever
  ``i + k >= goal`` (the only legal action there), and the table elsewhere.

Two players only (our :class:`~jeopardy.race.policies.RacePolicy` is a table
over ``(i, j, k)``).  Chance outcomes: action ``a`` of a chance node is the
face ``a + 1`` (face 1 busts); with ``piglet=True`` outcome 0 busts, 1 adds 1.

Needs the optional ``open_spiel`` package (``pip install open_spiel``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from jeopardy.errors import JeopardyError
from jeopardy.results import Result

ROLL, STOP = 0, 1  # OpenSpiel pig's action ids
_STATE = re.compile(r"Scores: ([\d ]+), Turn total: (\d+)\nCurrent player: (\d+)")


def _pyspiel():
    try:
        import pyspiel
    except ImportError:
        raise JeopardyError("OpenSpiel is not installed: pip install open_spiel") from None
    return pyspiel


def game_parameters(model, goal: int, horizon: int = 100_000) -> dict:
    """The parameters of OpenSpiel's ``pig`` that play the game of ``model`` to ``goal``.

    Refuses a roll model OpenSpiel's ``pig`` cannot express (anything but one
    fair die whose face 1 busts and whose other faces add their value, or the
    piglet coin).  ``horizon`` is OpenSpiel's cap on moves, after which the game
    is a draw; games that reach it are counted, never hidden (see :func:`play`).
    """
    from jeopardy import validate

    goal = validate.positive_int(goal, "goal")
    outcomes = {(e.kind.label, e.points): p for e, p in model.outcomes}
    bust = outcomes.get(("bust", 0), Fraction(0))
    if bust > 0 and bust.numerator == 1:
        faces = bust.denominator
        die = {("bust", 0): Fraction(1, faces)}
        die.update({("add", f): Fraction(1, faces) for f in range(2, faces + 1)})
        if outcomes == die:
            return {"players": 2, "winscore": goal, "diceoutcomes": faces, "piglet": False,
                    "horizon": horizon}
        if outcomes == {("bust", 0): bust, ("add", 1): 1 - bust}:
            return {"players": 2, "winscore": goal, "diceoutcomes": faces, "piglet": True,
                    "horizon": horizon}
    raise JeopardyError(f"OpenSpiel's pig cannot play {model.name}: it has one fair die whose "
                        "face 1 busts (or the piglet coin)")


def load_game(model, goal: int, horizon: int = 100_000):
    """``pyspiel.load_game("pig", ...)`` for ``model`` played to ``goal``."""
    return _pyspiel().load_game("pig", game_parameters(model, goal, horizon))


def race_state(state) -> tuple[int, int, int, int]:
    """``(mover, i, j, k)`` of a two-player OpenSpiel pig state at a decision node.

    ``i`` and ``j`` are the mover's and the opponent's scores, ``k`` the turn
    total (which may run past the goal in OpenSpiel).
    """
    text = str(state)
    match = _STATE.match(text)
    if match is None:
        raise JeopardyError(f"not an OpenSpiel pig state: {text!r}")
    scores = [int(x) for x in match.group(1).split()]
    if len(scores) != 2:
        raise JeopardyError(f"race policies are for two players; this state has {len(scores)}")
    mover = int(match.group(3))
    return mover, scores[mover], scores[1 - mover], int(match.group(2))

def openspiel_state(game, mover: int, i: int, j: int, k: int):
    """An OpenSpiel state where player ``mover`` has ``i``, the other ``j``, turn total ``k``.

    Built by replaying a game that reaches it: each player in turn rolls faces
    summing to their score and stops, and a player with nothing to bank busts.
    Refuses a state the dice cannot reach (e.g. score 1 with faces 2..6).
    """
    params = game.get_parameters()
    goal, faces, piglet = params["winscore"], params["diceoutcomes"], params["piglet"]
    if mover not in (0, 1):
        raise JeopardyError(f"mover must be 0 or 1; got {mover}")
    if not (0 <= i < goal and 0 <= j < goal and k >= 0):
        raise JeopardyError(f"state ({i},{j},{k}) is outside goal {goal}")
    scores = (i, j) if mover == 0 else (j, i)

    def chance_actions(total: int) -> list[int]:
        if piglet:
            return [1] * total
        if total == 1 or (total and faces < 3 and total % 2):
            raise JeopardyError(f"a turn total of {total} cannot be rolled with faces "
                                f"2..{faces}")
        actions = []
        while total:
            face = min(faces, total if total <= faces else min(faces, total - 2))
            actions.append(face - 1)
            total -= face
        return actions

    state = game.new_initial_state()

    def roll_to(total: int) -> None:
        for outcome in chance_actions(total):
            state.apply_action(ROLL)
            state.apply_action(outcome)

    def end_turn(total: int) -> None:
        if total:
            roll_to(total)
            state.apply_action(STOP)
        else:
            state.apply_action(ROLL)
            state.apply_action(0)  # face 1 (or the coin's bust): the turn ends with nothing

    end_turn(scores[0])  # player 0 banks its score
    end_turn(scores[1])  # player 1 banks its score
    if mover == 1:
        end_turn(0)  # player 0 busts: player 1 moves
    roll_to(k)
    got = race_state(state)
    if got != (mover, i, j, k):  # pragma: no cover - a bug here must not pass silently
        raise JeopardyError(f"replay reached {got}, not {(mover, i, j, k)}")
    return state


def action(policy, state) -> int:
    """The action (``ROLL`` or ``STOP``) of a race policy in an OpenSpiel pig state."""
    _, i, j, k = race_state(state)
    if i + k >= policy.goal:
        return STOP  # OpenSpiel allows only stop here: banking wins
    return ROLL if policy.rolls(i, j, k) else STOP


def policy(race_policy, game):
    """An ``open_spiel.python.policy.Policy`` playing ``race_policy`` for both seats."""
    from open_spiel.python import policy as openspiel_policy

    _check_goal(race_policy, game)

    class RacePolicyForOpenSpiel(openspiel_policy.Policy):
        def __init__(self):
            super().__init__(game, list(range(game.num_players())))
            self.race_policy = race_policy

        def action_probabilities(self, state, player_id=None):
            chosen = action(self.race_policy, state)
            return {a: float(a == chosen) for a in state.legal_actions()}

    return RacePolicyForOpenSpiel()


def bot(race_policy, game):
    """A ``pyspiel.Bot`` that plays ``race_policy`` (for ``pyspiel``'s match runners)."""
    pyspiel = _pyspiel()
    _check_goal(race_policy, game)

    class RaceBot(pyspiel.Bot):
        def __init__(self):
            pyspiel.Bot.__init__(self)
            self.race_policy = race_policy

        def step(self, state):
            return action(self.race_policy, state)

        def restart_at(self, state):
            pass

    return RaceBot()


def _check_goal(race_policy, game) -> None:
    goal = game.get_parameters()["winscore"]
    if race_policy.goal != goal:
        raise JeopardyError(f"the policy is for goal {race_policy.goal}; the game's winscore "
                            f"is {goal}")


@dataclass(frozen=True, repr=False)
class OpenSpielMatch(Result):
    """Games played in OpenSpiel's engine: A's wins with each seat moving first."""

    games: int
    first_wins: int  # A's wins in the games A moved first (seat 0)
    second_wins: int  # A's wins in the games B moved first
    draws: int  # games that hit OpenSpiel's horizon
    seconds: float

    @property
    def win_probability(self) -> float:
        """A's winning frequency with a fair coin for who moves first."""
        return (self.first_wins + self.second_wins) / self.games

    @property
    def stderr(self) -> float:
        half = self.games // 2
        p1, p2 = self.first_wins / half, self.second_wins / (self.games - half)
        return 0.5 * (p1 * (1 - p1) / half + p2 * (1 - p2) / (self.games - half)) ** 0.5

    def to_dict(self) -> dict:
        return {"games": self.games, "first_wins": self.first_wins,
                "second_wins": self.second_wins, "draws": self.draws,
                "win_probability": self.win_probability, "stderr": self.stderr,
                "seconds": self.seconds}


def play(a, b, game, games: int, seed: int = 0) -> OpenSpielMatch:
    """Play ``games`` games of race policy ``a`` against ``b`` in OpenSpiel's engine.

    ``a`` moves first (OpenSpiel's player 0) in the first half of the games and
    second in the rest.  Chance outcomes are drawn by a seeded numpy generator
    from the engine's own ``chance_outcomes()``; actions come from
    :func:`action` on the engine's states, so every rule of the game (busting,
    banking, the explicit stop at the goal, the end of the game) is OpenSpiel's.
    """
    import time

    import numpy as np

    from jeopardy import validate

    games = validate.positive_int(games, "games")
    if games < 2:
        raise JeopardyError("play at least 2 games (one with each player moving first)")
    _check_goal(a, game)
    _check_goal(b, game)
    rng = np.random.default_rng(seed)
    started = time.perf_counter()
    half = games // 2
    wins = [0, 0]
    draws = 0
    chance = None  # (outcomes, cumulative probabilities): the same at every chance node
    draws_left, uniforms = 0, None
    for n in range(games):
        a_seat = 0 if n < half else 1
        seats = (a, b) if a_seat == 0 else (b, a)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                if chance is None:
                    outcomes = state.chance_outcomes()
                    chance = ([o for o, _ in outcomes], np.cumsum([p for _, p in outcomes]))
                    chance[1][-1] = 1.0
                if not draws_left:
                    draws_left = 1 << 16
                    uniforms = np.searchsorted(chance[1], rng.random(draws_left), side="right")
                draws_left -= 1
                state.apply_action(chance[0][uniforms[draws_left]])
            else:
                state.apply_action(action(seats[state.current_player()], state))
        returns = state.returns()
        if returns[a_seat] > 0:
            wins[a_seat] += 1
        elif returns[1 - a_seat] <= 0:
            draws += 1
    return OpenSpielMatch(games, wins[0], wins[1], draws, time.perf_counter() - started)
