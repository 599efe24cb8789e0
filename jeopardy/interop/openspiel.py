"""Race policies and N-player equilibria as OpenSpiel policies and bots for its
``pig`` game.

OpenSpiel's ``pig`` (``pyspiel.load_game("pig", {"winscore": G, "diceoutcomes": d,
"piglet": b, "players": n, "horizon": H})``, ``n`` from 2 to 10) is the game our
``pig`` preset describes (``d = 6``), or ``piglet`` with ``piglet=True,
diceoutcomes=2``, first to the goal.  Its states differ from ours in three
ways, all handled here:

* **Scores by player id.**  OpenSpiel keeps ``scores[0], ..., scores[n-1]``
  and the current player; our turn start is the scores *relative to the
  mover* (its own first, then the others in turn order) and the turn total
  ``k``; with two players ``(i, j, k)``.  :func:`turn_state` maps an
  OpenSpiel state to ``(mover, scores, k)`` (:func:`race_state`: two players'
  ``(mover, i, j, k)``); :func:`openspiel_state` builds a two-player
  OpenSpiel state for ``(mover, i, j, k)`` by replaying a game that reaches it.
* **Turn totals run past the goal.**  In OpenSpiel a player whose
  ``score + turn total`` reaches the goal has not won yet; the engine then
  allows only ``stop``.  Our tables end at ``i + k = goal`` (holding wins).
* **An explicit stop at the goal.**  So a policy answers ``stop`` wherever
  ``i + k >= goal`` (the only legal action there), and its table elsewhere.

A policy is a :class:`~jeopardy.match.policies.RacePolicy` (a table over
``(i, j, k)``; with more than two players ``j`` is the leading opponent's
score, as ``compare`` reads it), a first-to-goal
:class:`~jeopardy.match.solver.MatchSolution` (its equilibrium) or its policy
file (:class:`~jeopardy.match.policy_file.MatchPolicy`).  Where the
equilibrium mixes, :func:`action_probabilities` (and so :func:`policy`)
gives the roll its probability, and :func:`action` (so :func:`bot`,
:func:`play` and :func:`play_seats`) draws it.  Policies act at decision
nodes only: a chance node (where the die is rolled) or a terminal state is
refused by name.  Chance outcomes: action ``a`` of a chance node is the
face ``a + 1`` (face 1 busts); with ``piglet=True`` outcome 0 busts, 1 adds 1.

Needs the optional ``open_spiel`` package (``pip install open_spiel``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from jeopardy import validate
from jeopardy.errors import JeopardyError
from jeopardy.match.policy_file import MatchPolicy
from jeopardy.match.endings import FIRST_TO_GOAL
from jeopardy.match.solver import MatchSolution
from jeopardy.match.policies import RacePolicy
from jeopardy.results import Result

ROLL, STOP = 0, 1  # OpenSpiel pig's action ids
MIN_PLAYERS, MAX_PLAYERS = 2, 10  # OpenSpiel's pig
_STATE = re.compile(r"Scores: ([\d ]+), Turn total: (\d+)\nCurrent player: (\d+)")


def _pyspiel():
    try:
        import pyspiel
    except ImportError:
        raise JeopardyError("OpenSpiel is not installed: pip install open_spiel") from None
    return pyspiel


def game_parameters(model, goal: int, horizon: int = 100_000, players: int = 2) -> dict:
    """The parameters of OpenSpiel's ``pig`` that play the game of ``model`` to ``goal``
    with ``players`` players (2-10).

    Refuses a roll model OpenSpiel's ``pig`` cannot express (anything but one
    fair die whose face 1 busts and whose other faces add their value, or the
    piglet coin).  ``horizon`` is OpenSpiel's cap on moves, after which the game
    is a draw; games that reach it are counted, never hidden (see :func:`play`).
    """
    goal = validate.positive_int(goal, "goal")
    players = validate.integer(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    outcomes = {(e.kind.label, e.points): p for e, p in model.outcomes}
    bust = outcomes.get(("bust", 0), Fraction(0))
    if bust > 0 and bust.numerator == 1:
        faces = bust.denominator
        die = {("bust", 0): Fraction(1, faces)}
        die.update({("add", f): Fraction(1, faces) for f in range(2, faces + 1)})
        if outcomes == die:
            return {"players": players, "winscore": goal, "diceoutcomes": faces,
                    "piglet": False, "horizon": horizon}
        if outcomes == {("bust", 0): bust, ("add", 1): 1 - bust}:
            return {"players": players, "winscore": goal, "diceoutcomes": faces,
                    "piglet": True, "horizon": horizon}
    raise JeopardyError(f"OpenSpiel's pig cannot play {model.name}: it has one fair die whose "
                        "face 1 busts (or the piglet coin)")


def load_game(model, goal: int, horizon: int = 100_000, players: int = 2):
    """``pyspiel.load_game("pig", ...)`` for ``model`` played to ``goal`` by ``players``."""
    return _pyspiel().load_game("pig", game_parameters(model, goal, horizon, players))


def _decision_node(state) -> None:
    """Refuse, by name, a state where no player decides."""
    if state.is_chance_node():
        raise JeopardyError("this OpenSpiel pig state is a chance node (the die is rolled "
                            "there): a policy acts only where a player decides")
    if state.is_terminal():
        raise JeopardyError("this OpenSpiel pig state is terminal (the game is over): a "
                            "policy acts only where a player decides")


def turn_state(state) -> tuple[int, tuple[int, ...], int]:
    """``(mover, scores, k)`` of an OpenSpiel pig state at a decision node: the mover's
    player id, every score relative to the mover (its own first, then the others in
    turn order) and the turn total (which may run past the goal in OpenSpiel)."""
    _decision_node(state)
    text = str(state)
    match = _STATE.match(text)
    if match is None:
        raise JeopardyError(f"not an OpenSpiel pig state: {text!r}")
    scores = [int(x) for x in match.group(1).split()]
    mover = int(match.group(3))
    n = len(scores)
    return mover, tuple(scores[(mover + c) % n] for c in range(n)), int(match.group(2))


def race_state(state) -> tuple[int, int, int, int]:
    """``(mover, i, j, k)`` of a two-player OpenSpiel pig state at a decision node.

    ``i`` and ``j`` are the mover's and the opponent's scores, ``k`` the turn
    total (which may run past the goal in OpenSpiel).
    """
    mover, scores, k = turn_state(state)
    if len(scores) != 2:
        raise JeopardyError(f"race_state is for two players; this state has {len(scores)} "
                            "(turn_state gives every score)")
    return mover, scores[0], scores[1], k


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
                                f"2-{faces}")
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


class _Seat:
    """One policy's roll chances at OpenSpiel's turn starts (cached per turn start)."""

    def __init__(self, policy, game):
        params = game.get_parameters()
        goal, players = params["winscore"], params.get("players", 2)
        if isinstance(policy, (MatchSolution, MatchPolicy)):
            if policy.rules.ending is not FIRST_TO_GOAL:
                raise JeopardyError(f"OpenSpiel's pig is first to the goal; this equilibrium "
                                    f"is for the {policy.rules.ending} ending")
            if policy.players != players:
                raise JeopardyError(f"the equilibrium is for {policy.players} players; the "
                                    f"game has {players}")
            wanted = game_parameters(policy.model, policy.goal, players=players)
            if (wanted["diceoutcomes"], wanted["piglet"]) != \
                    (params["diceoutcomes"], params["piglet"]):
                raise JeopardyError(f"the equilibrium is for {policy.model.name}; the game's "
                                    f"dice differ ({params['diceoutcomes']} outcomes, piglet "
                                    f"{params['piglet']})")
        elif not isinstance(policy, RacePolicy):
            raise JeopardyError(f"a policy for OpenSpiel is a RacePolicy, a MatchSolution or a "
                                f"MatchPolicy; got {type(policy).__name__}")
        if policy.goal != goal:
            raise JeopardyError(f"the policy is for goal {policy.goal}; the game's winscore "
                                f"is {goal}")
        self.policy, self.goal = policy, goal
        self.race = isinstance(policy, RacePolicy)
        self._chances: dict = {}

    def roll_chance(self, scores: tuple[int, ...], k: int) -> float:
        if scores[0] + k >= self.goal:
            return 0.0  # OpenSpiel allows only stop here: banking wins
        if self.race:
            return float(self.policy.rolls(scores[0], max(scores[1:]), k))
        chances = self._chances.get(scores)
        if chances is None:
            if hasattr(self.policy, "decision"):
                chances = self.policy.decision(scores).roll_chances
            else:
                chances = tuple(float(c) for c in self.policy.roll_chances(scores))
            self._chances[scores] = chances
        return chances[k]


def _seat(policy, game) -> _Seat:
    return policy if isinstance(policy, _Seat) else _Seat(policy, game)


def action_probabilities(policy, state, game=None) -> dict[int, float]:
    """``{ROLL: p, STOP: 1 - p}`` of ``policy`` at a decision node of OpenSpiel's pig
    (``{STOP: 1.0}`` where stop is the only legal action); ``p`` is the mixed
    action's probability where the equilibrium mixes.  A chance node or a
    terminal state is refused.  ``game``: the state's game (default: its own)."""
    _, scores, k = turn_state(state)
    seat = _seat(policy, game if game is not None else state.get_game())
    chance = seat.roll_chance(scores, k)
    legal = state.legal_actions()
    if ROLL not in legal:
        return {STOP: 1.0}
    return {ROLL: chance, STOP: 1.0 - chance}


def action(policy, state, rng=None) -> int:
    """The action (``ROLL`` or ``STOP``) of ``policy`` in an OpenSpiel pig state; a
    mixed action drawn from ``rng`` (anything with ``random()``; default: a fresh
    numpy generator).  A chance node or a terminal state is refused."""
    _, scores, k = turn_state(state)
    seat = policy if isinstance(policy, _Seat) else _Seat(policy, state.get_game())
    chance = seat.roll_chance(scores, k)
    if 0.0 < chance < 1.0:
        if rng is None:
            import numpy as np
            rng = np.random.default_rng()
        return ROLL if rng.random() < chance else STOP
    return ROLL if chance == 1.0 else STOP


def policy(race_policy, game):
    """An ``open_spiel.python.policy.Policy`` playing ``race_policy`` (a RacePolicy, a
    first-to-goal MatchSolution or MatchPolicy) in every seat, mixed actions with
    their probabilities."""
    from open_spiel.python import policy as openspiel_policy

    seat = _Seat(race_policy, game)

    class RacePolicyForOpenSpiel(openspiel_policy.Policy):
        def __init__(self):
            super().__init__(game, list(range(game.num_players())))
            self.race_policy = race_policy

        def action_probabilities(self, state, player_id=None):
            return action_probabilities(seat, state)

    return RacePolicyForOpenSpiel()


def bot(race_policy, game, seed: int | None = None):
    """A ``pyspiel.Bot`` that plays ``race_policy`` (for ``pyspiel``'s match runners),
    drawing mixed actions from a numpy generator seeded with ``seed``."""
    import numpy as np

    pyspiel = _pyspiel()
    seat = _Seat(race_policy, game)
    rng = np.random.default_rng(seed)

    class RaceBot(pyspiel.Bot):
        def __init__(self):
            pyspiel.Bot.__init__(self)
            self.race_policy = race_policy

        def step(self, state):
            return action(seat, state, rng)

        def restart_at(self, state):
            pass

    return RaceBot()


def _stderr(count: int, games: int) -> float:
    p = count / games
    return (p * (1.0 - p) / games) ** 0.5


@dataclass(frozen=True, repr=False)
class OpenSpielMatch(Result):
    """Games of A against B played in OpenSpiel's engine, A moving first in
    ``first_games`` of them and second in the rest: A's wins and draws (games that hit
    OpenSpiel's horizon) in each seat; the rest are A's losses.

    ``win_probability`` (and ``draw_probability``, ``loss_probability``) is the
    fair-coin estimate, the average of the two seats' frequencies, and ``stderr`` is
    that average's standard error, ``sqrt(v1 / n1 + v2 / n2) / 2`` with ``v = f (1 -
    f)`` each seat's; ``first_stderr`` and ``second_stderr`` are each seat's own."""

    games: int
    first_games: int
    first_wins: int
    first_draws: int
    second_wins: int
    second_draws: int
    seconds: float

    @property
    def second_games(self) -> int:
        return self.games - self.first_games

    @property
    def draws(self) -> int:
        return self.first_draws + self.second_draws

    @property
    def first_losses(self) -> int:
        return self.first_games - self.first_wins - self.first_draws

    @property
    def second_losses(self) -> int:
        return self.second_games - self.second_wins - self.second_draws

    def _fair(self, first: int, second: int) -> float:
        return 0.5 * (first / self.first_games + second / self.second_games)

    @property
    def win_probability(self) -> float:
        """A's winning frequency with a fair coin for who moves first (seat average)."""
        return self._fair(self.first_wins, self.second_wins)

    @property
    def draw_probability(self) -> float:
        return self._fair(self.first_draws, self.second_draws)

    @property
    def loss_probability(self) -> float:
        return self._fair(self.first_losses, self.second_losses)

    @property
    def first_win_probability(self) -> float:
        return self.first_wins / self.first_games

    @property
    def second_win_probability(self) -> float:
        return self.second_wins / self.second_games

    @property
    def first_stderr(self) -> float:
        return _stderr(self.first_wins, self.first_games)

    @property
    def second_stderr(self) -> float:
        return _stderr(self.second_wins, self.second_games)

    @property
    def stderr(self) -> float:
        """The standard error of :attr:`win_probability` (the seat average)."""
        return 0.5 * (self.first_stderr ** 2 + self.second_stderr ** 2) ** 0.5

    def to_dict(self) -> dict:
        return {"games": self.games, "first_games": self.first_games,
                "second_games": self.second_games,
                "first_wins": self.first_wins, "first_draws": self.first_draws,
                "first_losses": self.first_losses, "second_wins": self.second_wins,
                "second_draws": self.second_draws, "second_losses": self.second_losses,
                "draws": self.draws, "win_probability": self.win_probability,
                "draw_probability": self.draw_probability,
                "loss_probability": self.loss_probability, "stderr": self.stderr,
                "first_win_probability": self.first_win_probability,
                "first_stderr": self.first_stderr,
                "second_win_probability": self.second_win_probability,
                "second_stderr": self.second_stderr, "seconds": self.seconds}


@dataclass(frozen=True, repr=False)
class OpenSpielSeats(Result):
    """``games`` games in OpenSpiel's engine, seat ``p`` (player id ``p``, 0 moving
    first) following ``policies[p]``: each seat's wins, the draws (games that hit
    OpenSpiel's horizon: a draw for every seat) and each seat's losses, with each
    seat's frequency and its standard error ``sqrt(f (1 - f) / games)``."""

    games: int
    wins: tuple[int, ...]
    draws: int
    seconds: float

    @property
    def losses(self) -> tuple[int, ...]:
        return tuple(self.games - w - self.draws for w in self.wins)

    @property
    def win_probabilities(self) -> tuple[float, ...]:
        return tuple(w / self.games for w in self.wins)

    @property
    def stderrs(self) -> tuple[float, ...]:
        return tuple(_stderr(w, self.games) for w in self.wins)

    def to_dict(self) -> dict:
        return {"games": self.games, "wins": list(self.wins), "draws": self.draws,
                "losses": list(self.losses), "win_probabilities": list(self.win_probabilities),
                "stderrs": list(self.stderrs), "seconds": self.seconds}

    def _rows(self) -> list[dict]:
        return [{"seat": p, "wins": w, "draws": self.draws, "losses": l,
                 "win_probability": f, "stderr": e}
                for p, (w, l, f, e) in enumerate(zip(self.wins, self.losses,
                                                     self.win_probabilities, self.stderrs))]


class _Engine:
    """Plays games in OpenSpiel's engine: chance outcomes and mixed actions drawn from
    one seeded numpy generator (the chance outcomes in batches, from the engine's own
    ``chance_outcomes()``)."""

    def __init__(self, game, seed: int):
        import numpy as np

        self.game = game
        self.rng = np.random.default_rng(seed)
        self.np = np
        self.chance = None
        self.left = 0
        self.uniforms = None

    def outcome(self, state) -> int:
        np = self.np
        if self.chance is None:  # the same at every chance node of pig
            outcomes = state.chance_outcomes()
            self.chance = ([o for o, _ in outcomes], np.cumsum([p for _, p in outcomes]))
            self.chance[1][-1] = 1.0
        if not self.left:
            self.left = 1 << 16
            self.uniforms = np.searchsorted(self.chance[1], self.rng.random(self.left),
                                            side="right")
        self.left -= 1
        return self.chance[0][self.uniforms[self.left]]

    def returns(self, seats) -> list[float]:
        """One game, player id ``p`` following ``seats[p]``: OpenSpiel's returns."""
        state = self.game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(self.outcome(state))
            else:
                state.apply_action(action(seats[state.current_player()], state, self.rng))
        return state.returns()


def play(a, b, game, games: int, seed: int = 0) -> OpenSpielMatch:
    """Play ``games`` two-player games of policy ``a`` against ``b`` in OpenSpiel's engine.

    ``a`` moves first (OpenSpiel's player 0) in the first half of the games
    (``games // 2``) and second in the rest.  Chance outcomes and mixed actions
    are drawn by a seeded numpy generator, the chance outcomes from the engine's
    own ``chance_outcomes()``; actions come from :func:`action` on the engine's
    states, so every rule of the game (busting, banking, the explicit stop at the
    goal, the end of the game) is OpenSpiel's.  A game that hits OpenSpiel's
    horizon is a draw (every return 0), counted as such.
    """
    import time


    games = validate.positive_int(games, "games")
    if games < 2:
        raise JeopardyError("play at least 2 games (one with each player moving first)")
    if game.num_players() != 2:
        raise JeopardyError(f"play is A against B in a two-player game; this game has "
                            f"{game.num_players()} players (play_seats seats N policies)")
    seats_a, seats_b = _Seat(a, game), _Seat(b, game)
    engine = _Engine(game, seed)
    started = time.perf_counter()
    half = games // 2
    wins, draws = [0, 0], [0, 0]
    for n in range(games):
        a_seat = 0 if n < half else 1
        returns = engine.returns((seats_a, seats_b) if a_seat == 0 else (seats_b, seats_a))
        if returns[a_seat] > returns[1 - a_seat]:
            wins[a_seat] += 1
        elif returns[a_seat] == returns[1 - a_seat]:
            draws[a_seat] += 1
    return OpenSpielMatch(games, half, wins[0], draws[0], wins[1], draws[1],
                          time.perf_counter() - started)


def play_seats(policies, game, games: int, seed: int = 0) -> OpenSpielSeats:
    """Play ``games`` games in OpenSpiel's engine, player id ``p`` (``0`` moves first)
    following ``policies[p]`` (one per player of ``game``; drawn as in :func:`play`).
    A game that hits the horizon is a draw for every seat; a winner has the largest
    return."""
    import time


    games = validate.positive_int(games, "games")
    policies = list(policies)
    if len(policies) != game.num_players():
        raise JeopardyError(f"the game has {game.num_players()} players; got "
                            f"{len(policies)} policies")
    seats = [_Seat(p, game) for p in policies]
    engine = _Engine(game, seed)
    started = time.perf_counter()
    wins = [0] * len(seats)
    draws = 0
    for _ in range(games):
        returns = engine.returns(seats)
        best = max(returns)
        if best <= 0.0 and min(returns) == best:  # the horizon: every return 0
            draws += 1
        else:
            wins[returns.index(best)] += 1
    return OpenSpielSeats(games, tuple(wins), draws, time.perf_counter() - started)
