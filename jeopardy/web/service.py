"""The browser app's numbers, from the library's own analyses (no web framework here).

Every number the pages show comes from the functions the CLI calls:
``jeopardy solve`` (:func:`jeopardy.match.solver.solve`, which chooses its
method), ``jeopardy policy`` (the solution's
column), ``jeopardy compare`` (:func:`jeopardy.match.evaluation.head_to_head`
over :func:`jeopardy.policy_language.race_policy`), ``jeopardy simultaneous``
(:func:`jeopardy.simultaneous.game.solve_simultaneous`) and ``jeopardy play``
(:class:`jeopardy.match.play.Match` and its coach,
:func:`jeopardy.match.play.action_values`).

Sizes: a request is refused before any work when the CLI's estimate
(:mod:`jeopardy.resources`) is past this machine's budget or past the app's own
(:data:`WEB_SECONDS`, :data:`WEB_BYTES`: what a person waits for in a browser).
Solves run in at most :data:`SOLVE_SLOTS` threads at once; the solutions are
kept in a small cache shared by all requests behind one lock, and two requests
for the same solve wait for one computation.

Games: the server keeps no sessions.  A game is its rules, its seed and the
person's moves (``r`` roll, ``h`` hold); :func:`replay` plays it again from the
start (the computer's moves and the dice follow from the seed), so any state,
its coach and the review come back from the same four values -- which is also
the shareable URL.
"""
from __future__ import annotations

import functools
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from jeopardy import costs, resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.match import endings
from jeopardy.match import solver
from jeopardy.match.endings import FIRST_TO_GOAL
from jeopardy.match.rules import MatchRules
from jeopardy.rules import presets

WEB_SECONDS = 30.0  # the longest solve a browser request may start (the CLI's estimate)
WEB_BYTES = 2 * 10 ** 9
SOLVE_SLOTS = 2  # solves running at once; the machine's cores
SLOT_WAIT = 60.0  # seconds a request waits for a free slot before it is refused
CACHE_ENTRIES = 24
CACHE_BYTES = 3 * 10 ** 9  # what the kept entries may hold, by the CLI's estimates
MAX_MOVES = 5000  # moves of one game in a request (a Pig game to 100 takes about 100)
MAX_MAP_GOAL = 200  # policy maps expand goal**3 states
MAX_COMPARE_GOAL = 200
MAX_SIMULTANEOUS_HOLD = 100
MAX_VARIANT_FACES = 20
MAX_VARIANT_POINTS = 1000
MAX_SCORES = 10
ANSWER_BYTES = 32 * 10 ** 6  # serialized policy answers kept (about 2 kB each at goal 100)


class Refused(JeopardyError):
    """A request past the app's size budget; carries the CLI's estimate."""

    def __init__(self, message: str, cost: resources.Estimate | None = None):
        super().__init__(message)
        self.cost = cost


class Busy(JeopardyError):
    """Every solve slot stayed busy for :data:`SLOT_WAIT` seconds."""


# --------------------------------------------------------------------- sizes
def check_size(analysis: str, what: str, **params) -> resources.Estimate:
    """The CLI's estimate of ``analysis``, refused if past the app's or the machine's budget."""
    from jeopardy.validate import ParameterError

    cost = costs.estimate(analysis, **params)
    if cost.seconds > WEB_SECONDS or cost.bytes > WEB_BYTES:
        raise Refused(f"{what} needs {resources.describe(cost)} (the CLI's estimate); the browser "
                      f"app starts solves of up to {resources.duration(WEB_SECONDS)} and "
                      f"{resources.size_text(WEB_BYTES)}: use the command line for this one",
                      cost)
    try:
        return costs.require(analysis, what, **params)
    except ParameterError as error:  # a budget set lower than the app's
        raise Refused(str(error), cost) from None


# --------------------------------------------------------------------- cache
class SolutionCache:
    """Solutions by key, shared by every request: one lock guards the entries, a
    request for a solve in progress waits for it, and at most ``slots`` solves
    run at once (a bounded pool of slots; a request that finds none free within
    ``wait`` seconds is refused with :class:`Busy`).  The least recently used
    entries go while more than ``capacity`` are kept or they hold more than
    ``max_bytes`` (each entry's size is the estimate its request was admitted with;
    the newest entry always stays)."""

    def __init__(self, capacity: int = CACHE_ENTRIES, slots: int = SOLVE_SLOTS,
                 wait: float = SLOT_WAIT, max_bytes: int = CACHE_BYTES):
        self._lock = threading.Lock()
        self._entries: OrderedDict = OrderedDict()
        self._sizes: dict = {}
        self.max_bytes = max_bytes
        self._pending: dict = {}
        self._slots = threading.BoundedSemaphore(slots)
        self._wait = wait
        self.capacity = capacity
        self.solves = 0
        self.hits = 0

    def get(self, key, compute: Callable[[], object], size: int = 0):
        while True:
            with self._lock:
                if key in self._entries:
                    self._entries.move_to_end(key)
                    self.hits += 1
                    return self._entries[key]
                done = self._pending.get(key)
                if done is None:
                    done = self._pending[key] = threading.Event()
                    break
            if not done.wait(self._wait):  # another request is solving it
                raise Busy("the server is busy solving; try again in a minute")
        try:
            if not self._slots.acquire(timeout=self._wait):
                raise Busy(f"all {SOLVE_SLOTS} solve slots are busy; try again in a minute")
            try:
                value = compute()
            finally:
                self._slots.release()
            with self._lock:
                self.solves += 1
                self._entries[key] = value
                self._sizes[key] = size
                while len(self._entries) > 1 and (len(self._entries) > self.capacity or
                                                  self.bytes > self.max_bytes):
                    oldest, _ = self._entries.popitem(last=False)
                    self._sizes.pop(oldest, None)
            return value
        finally:
            with self._lock:
                self._pending.pop(key, None)
            done.set()

    def peek(self, key):
        """The kept entry (marked as just used), or None: never solves, never waits."""
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
                self.hits += 1
            return value

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    @property
    def bytes(self) -> int:
        """The kept entries' sizes (call with the lock held, or for a report)."""
        return sum(self._sizes.values())

    def __contains__(self, key) -> bool:
        with self._lock:
            return key in self._entries


CACHE = SolutionCache()


class AnswerCache:
    """Serialized answers (JSON bytes) by key, shared by every request behind one lock;
    the least recently used go while they hold more than ``max_bytes``."""

    def __init__(self, max_bytes: int = ANSWER_BYTES):
        self._lock = threading.Lock()
        self._entries: OrderedDict = OrderedDict()
        self.max_bytes = max_bytes
        self.bytes = 0

    def get(self, key) -> bytes | None:
        with self._lock:
            body = self._entries.get(key)
            if body is not None:
                self._entries.move_to_end(key)
            return body

    def put(self, key, body: bytes) -> None:
        with self._lock:
            old = self._entries.pop(key, None)
            self.bytes += len(body) - (len(old) if old is not None else 0)
            self._entries[key] = body
            while self.bytes > self.max_bytes and len(self._entries) > 1:
                _, gone = self._entries.popitem(last=False)
                self.bytes -= len(gone)

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)


ANSWERS = AnswerCache()


# --------------------------------------------------------------------- games
TEN_THOUSAND = "ten-thousand"
TEN_THOUSAND_GOAL = 5000  # the app's default: the customary 10,000 is past WEB_SECONDS


def games() -> list[dict]:
    """The preset games: name, customary goal, summary, and what the app can do with it
    (``farkle``: Ten Thousand, played on the Play page only)."""
    from jeopardy.rules.presets import FALLING_PRESETS, PRESETS

    return [{"name": p.name, "goal": p.goal, "summary": p.summary, "one_die": p.one_die,
             "falling": p.name in FALLING_PRESETS, "farkle": False}
            for p in [*PRESETS.values(), *FALLING_PRESETS.values()]] + [
        {"name": TEN_THOUSAND, "goal": TEN_THOUSAND_GOAL, "one_die": False, "falling": False,
         "farkle": True, "summary": "six dice, scoring dice set aside (jeopardy play --game "
                                    "ten-thousand; the app's goal 5,000 solves in seconds)"}]


@functools.lru_cache(maxsize=64)
def model_of(game: str, faces: int | None = None, bad_face: int | None = None):
    """The roll model of a preset (``faces``/``bad_face`` for one-die games), as ``--game``
    (roll models are immutable: one per request's parameters is built once)."""
    from jeopardy.rules import game as preset

    return preset(game, faces, bad_face)


def goal_of(game: str, goal: int | None) -> int:
    return presets.goal_or_default(goal, game)


def game_solution(model, goal: int, players: int = 2, ending: str = FIRST_TO_GOAL,
                  method: str = "auto"):
    """The solution of ``jeopardy solve`` (:func:`jeopardy.match.solver.solve`, which
    chooses its method; its disk cache as the CLI's), kept in :data:`CACHE`;
    ``method="pair"``: the paper's tables, or a one-line refusal."""
    key = solution_key(model, goal, players, ending)
    kept = CACHE.peek(key)  # solved: no estimate to make again
    if kept is not None:
        return kept
    game = f"{model.name} to {goal}" if (players, ending) == (2, FIRST_TO_GOAL) else \
        f"{model.name} to {goal}, {players} players"
    cost = check_size("solve", f"solving {game}", goal=goal, model=model, players=players,
                      ending=ending)
    return CACHE.get(key, lambda: solver.solve(model, goal, players, ending, cache=True,
                                               method=method), cost.task_bytes)


def race_solution(model, goal: int):
    """The two-player first-to-goal solution with the paper's tables ``P(i, j, k)`` (the
    pair method's), which the two-player replay and policy words read."""
    return game_solution(model, goal, method="pair")


def solve(model, goal: int, players: int = 2, ending: str = FIRST_TO_GOAL) -> dict:
    """The keys of ``jeopardy solve --json``."""
    if not 2 <= players <= MAX_SCORES:
        raise JeopardyError(f"players must be in 2-{MAX_SCORES}; got {players}")
    if endings.find(ending) is None:
        raise JeopardyError(f"ending must be {endings.spelled()}; got {ending!r}")
    return game_solution(model, goal, players, ending).to_dict()


def parse_scores(text: str, goal: int) -> tuple[int, ...]:
    try:
        scores = validate.whole_numbers(text)
    except ValueError:
        raise JeopardyError(f"scores must be integers separated by commas; got {text!r}") \
            from None
    if not 2 <= len(scores) <= MAX_SCORES:
        raise JeopardyError(f"scores must give 2-{MAX_SCORES} scores (the mover's first)")
    for s in scores:
        if not 0 <= s < goal:
            raise JeopardyError(f"scores must be in 0-{goal - 1}; got {s}")
    return scores


def solution_key(model, goal: int, players: int = 2, ending: str = FIRST_TO_GOAL) -> tuple:
    """The cache key of a game's solution (:func:`game_solution`)."""
    return ("solve", model, goal, players, ending)


def _check_place(scores: tuple[int, ...], ending: str, place: int) -> None:
    """``place`` is a place in the round of equal turns, one of the scores' (the CLI's
    --place rule): the pair's answer took any place and answered for place 0."""
    if place != 0 and not MatchRules(len(scores), ending).ending.in_round:
        raise JeopardyError(f"place applies only with the equal-turns ending (the mover's "
                            f"place in the round); got place {place} with {ending}")
    if not 0 <= place < len(scores):
        raise JeopardyError(f"place must be in 0-{len(scores) - 1}; got {place}")


def policy(model, goal: int, scores: tuple[int, ...], ending: str = FIRST_TO_GOAL,
           place: int = 0) -> dict:
    """Two scores, first to the goal: the keys of ``jeopardy policy --score A --opponent B
    --json``; else those of ``jeopardy policy --scores A,B,C --json`` (the place checked by
    :func:`policy_answer`, its one caller)."""
    if solver.method_for(model, MatchRules(len(scores), ending)) == "pair":
        return _answer(game_solution(model, goal), True, scores, place)
    return _answer(game_solution(model, goal, len(scores), ending), False, scores, place)


def _answer(solution, race: bool, scores: tuple[int, ...], place: int) -> dict:
    if not race:  # the N-player solver's decision
        return solution.decision(scores, place).to_dict()
    score, opponent = scores
    values, acts = solution.column((score, opponent))
    values = values[:, 0]  # the mover's chances
    # the hold threshold of PairSolution.hold_threshold, from the column already swept
    holds = np.flatnonzero(~acts)
    threshold = (solution.goal - score if len(holds) == 0 else
                 None if acts[holds[0]:].any() else int(holds[0]))
    return {"game": solution.model.name, "goal": solution.goal, "score": score,
            "opponent": opponent, "actions": "".join("R" if a else "H" for a in acts),
            "win_probability": float(values[0]),
            "win_probability_by_turn_total": values.tolist(),
            "hold_threshold": threshold}


def policy_answer(model, goal: int, scores: tuple[int, ...], ending: str = FIRST_TO_GOAL,
                  place: int = 0, key=None, solved_only: bool = False) -> bytes | None:
    """:func:`policy` as JSON bytes (the form a response sends), kept in :data:`ANSWERS`
    under ``(key, goal, scores, ending, place)`` when ``key`` names the game (a value that
    determines ``model``: the request's game parameters).  ``solved_only``: None unless
    the solution is already kept (no solve, no wait, on the caller's thread)."""
    _check_place(scores, ending, place)
    full = None if key is None else (key, goal, scores, ending, place)
    if full is not None:
        body = ANSWERS.get(full)
        if body is not None:
            return body
    if solved_only:
        solved = CACHE.peek(solution_key(model, goal, len(scores), ending))
        if solved is None:
            return None
        data = _answer(solved, isinstance(solved, solver.PairSolution), scores, place)
    else:
        data = policy(model, goal, scores, ending, place)
    body = json.dumps(data, ensure_ascii=False, allow_nan=False,
                      separators=(",", ":")).encode()
    if full is not None:
        ANSWERS.put(full, body)
    return body


# ------------------------------------------------------------- policy maps
def _thresholds(roll, goal: int) -> tuple[list[list[int | None]], list[list[int]]]:
    """``(threshold, first hold)`` at each (i, j) of a roll table: the h with "roll iff
    k < h" (None: not a single threshold), and the first turn total the policy holds at
    (``goal - i`` when it rolls to the goal) -- where a turn from 0 stops."""
    import numpy as np

    thresholds, first_holds = [], []
    for i in range(goal):
        acts = roll[i, :, :goal - i].astype(bool)  # [j, k]
        holds = ~acts
        first = np.where(holds.any(axis=1), holds.argmax(axis=1), goal - i)
        later = [bool(acts[j, first[j]:].any()) for j in range(goal)]
        thresholds.append([None if later[j] else int(first[j]) for j in range(goal)])
        first_holds.append([int(h) for h in first])
    return thresholds, first_holds


def named_policy(model, goal: int, spec: str, other: str | None = None):
    """A :class:`~jeopardy.match.policies.RacePolicy` from compare's policy language
    (no policy files: no request names a server path)."""
    from jeopardy.policy_language import parse, race_policy

    word = parse(spec)
    if word.kind == "file":
        raise JeopardyError(f"policy {spec!r}: the browser app takes policy words "
                            "(optimal, hold:N, rule:..., ...), not files")
    if goal > MAX_COMPARE_GOAL:
        raise Refused(f"policies over goal {goal} need {goal ** 3 * 3 / 1e6:,.0f} MB of tables; "
                      f"the browser app compares up to goal {MAX_COMPARE_GOAL}")
    table = goal ** 3  # one int8 roll table (the solve it may need is kept on its own)
    key = ("policy", model, goal, spec.strip(), None if other is None else other.strip())
    check_size("compare", f"comparing policies to {goal}", goal=goal, model=model)
    solution = None
    if {word.kind, parse(other).kind if other else None} & {"optimal", "best-response"}:
        # solved first, outside this entry's solve slot: a policy waiting in a slot for
        # a solve that waits for a slot could hold both slots at once
        solution = race_solution(model, goal)
    return CACHE.get(key, lambda: race_policy(spec, model, goal, "serve", other,
                                               optimal=lambda: solution), table)


def policy_map(model, goal: int, spec: str = "optimal") -> dict:
    """The hold threshold over (your score, opponent's score) of a policy."""
    if goal > MAX_MAP_GOAL:
        raise Refused(f"the policy map of goal {goal} expands {goal ** 3:,} states; the "
                      f"browser app draws maps up to goal {MAX_MAP_GOAL}")
    chosen = named_policy(model, goal, spec)
    thresholds, first_holds = CACHE.get(("map", model, goal, spec.strip()),
                                        lambda: _thresholds(chosen.roll, goal))
    return {"game": model.name, "goal": goal, "policy": chosen.name, "thresholds": thresholds,
            "first_hold": first_holds}


def compare(model, goal: int, a: str, b: str) -> dict:
    """The keys of ``jeopardy compare A B --json`` (exact policy evaluation)."""
    from jeopardy.match.evaluation import head_to_head

    first = named_policy(model, goal, a, b)
    second = named_policy(model, goal, b, a)
    key = ("compare", model, goal, a.strip(), b.strip())
    result = CACHE.get(key, lambda: head_to_head(model, first, second))
    return {"game": model.name, "goal": goal, **result.to_dict()}


# ---------------------------------------------------------- simultaneous
def simultaneous(model, max_hold: int) -> dict:
    """The simultaneous single-turn game: equilibrium weights and the payoff matrix."""
    solution = _simultaneous(model, max_hold)
    data = solution.to_dict()
    matrix = solution.matrix.to_float()
    return {"game": data["game"], "max_hold": max_hold, "value": data["value"],
            "value_exact": data["value_exact"], "verified": data["verified"],
            "strategy": data["strategy"], "labels": list(solution.labels),
            "weights": [float(w) for w in solution.weights()],
            "payoffs": [[float(x) for x in row] for row in matrix]}


def _simultaneous(model, max_hold: int):
    from jeopardy.simultaneous.game import solve_simultaneous

    if not 1 <= max_hold <= MAX_SIMULTANEOUS_HOLD:
        raise JeopardyError(f"max_hold must be in 1-{MAX_SIMULTANEOUS_HOLD} in the browser app; "
                            f"got {max_hold}")
    cost = check_size("simultaneous", "the simultaneous game", max_hold=max_hold, model=model)
    return CACHE.get(("simultaneous", model, max_hold),
                     lambda: solve_simultaneous(model, max_hold), cost.task_bytes)


def simultaneous_csv(model, max_hold: int) -> str:
    from jeopardy.simultaneous.export import payoff_csv

    return payoff_csv(_simultaneous(model, max_hold))


def simultaneous_nfg(model, max_hold: int) -> str:
    from jeopardy.interop.gambit import nfg_text

    return nfg_text(_simultaneous(model, max_hold))


# --------------------------------------------------------------- variants
MAX_MODEL_TEXT = 4000  # characters of a roll model given in a request (its JSON form)
MAX_MODEL_OUTCOMES = 40


def variant_model(name: str, faces: list[dict]):
    """A one-die roll model: each face of a fair die an effect (``add``, ``bust``,
    ``bust_all``, ``bank``, ``double``, ``bust_gain``, ``subtract``) with points,
    built as a ``--model`` file's JSON (:func:`jeopardy.rules.roll_model.from_dict`)."""
    from jeopardy.rules.roll_model import from_dict

    if not isinstance(faces, list) or not 2 <= len(faces) <= MAX_VARIANT_FACES:
        raise JeopardyError(f"a variant needs 2-{MAX_VARIANT_FACES} faces")
    outcomes = []
    for index, face in enumerate(faces, start=1):
        if not isinstance(face, dict):
            raise JeopardyError(f"face {index} must be an object with 'effect' and 'points'")
        points = face.get("points", 0)
        if not isinstance(points, int) or not 0 <= points <= MAX_VARIANT_POINTS:
            raise JeopardyError(f"face {index}: points must be an integer in "
                                f"0-{MAX_VARIANT_POINTS}")
        outcomes.append({"effect": face.get("effect"), "points": points,
                         "probability": f"1/{len(faces)}"})
    name = str(name or "variant")[:40]
    return from_dict({"name": name, "outcomes": outcomes}, f"variant {name!r}")


def model_from_dict(data: object):
    """A roll model from its ``--model`` file form (``{"name", "description",
    "outcomes": [{"effect", "points", "probability"}]}``), within the app's bounds."""
    from jeopardy.rules.roll_model import from_dict

    if isinstance(data, dict) and isinstance(data.get("outcomes"), list) \
            and len(data["outcomes"]) > MAX_MODEL_OUTCOMES:
        raise JeopardyError(f"model: more than {MAX_MODEL_OUTCOMES} outcomes")
    if isinstance(data, dict) and len(str(data.get("name", ""))) > 40:
        raise JeopardyError("model: a name of more than 40 characters")
    return from_dict(data, "model")


@functools.lru_cache(maxsize=64)
def model_from_text(text: str):
    """:func:`model_from_dict` of a JSON text (a request's ``model`` parameter: the
    browser's saved variants travel in the request, and the server keeps none)."""
    if len(text) > MAX_MODEL_TEXT:
        raise JeopardyError(f"model: more than {MAX_MODEL_TEXT:,} characters")
    try:
        data = json.loads(text)
    except ValueError as error:
        raise JeopardyError(f"model is not JSON ({error.msg} at character {error.pos})") \
            from None
    except RecursionError:
        raise JeopardyError("model is not a roll model (arrays or objects nested too deep)") \
            from None
    return model_from_dict(data)


def variant(name: str, faces: list[dict] | None, goal: int, model: dict | None = None) -> dict:
    """Solve a variant, given by its faces or as a ``--model`` file's JSON: the keys of
    ``jeopardy solve --json``, its model (that JSON), and the play at 0-0."""
    goal = validate.positive_int(goal, "goal")
    if (faces is None) == (model is None):
        raise JeopardyError("a variant is given by its faces or by its model (one of them)")
    chosen = variant_model(name, faces) if model is None else model_from_dict(model)
    result = solve(chosen, goal)
    opening = policy(chosen, goal, (0, 0)) if goal <= 2000 else None
    return {**result, "model": chosen.to_dict(),
            "opening": None if opening is None else {
                "actions": opening.get("actions"),
                "hold_threshold": opening.get("hold_threshold")}}


# ------------------------------------------------------------------- play
def describe(effect) -> str:
    return effect.describe()


@dataclass
class Replay:
    """A game played again from its seed and the person's moves."""

    game: str
    goal: int
    seed: int
    moves: str
    second: bool
    scores: list[int]
    mover: int
    turn_total: int
    winner: int | None
    events: list[dict] = field(default_factory=list)
    decisions: list[dict] = field(default_factory=list)
    coach: dict | None = None
    names: list[str] = field(default_factory=lambda: ["you", "computer"])
    players: int = 2
    ending: str = FIRST_TO_GOAL
    seat: int = 0  # the person's seat (0 moves first)
    first_to_reach: bool = False  # Ten Thousand: the first to bank the goal wins at once

    def to_dict(self) -> dict:
        return {"game": self.game, "goal": self.goal, "seed": self.seed, "moves": self.moves,
                "second": self.second, "players": self.players, "ending": self.ending,
                "seat": self.seat, "first_to_reach": self.first_to_reach,
                "names": self.names, "scores": self.scores,
                "mover": self.mover,
                "turn_total": self.turn_total, "winner": self.winner,
                "finished": self.winner is not None, "events": self.events,
                "decisions": self.decisions, "coach": self.coach,
                "last_cost": self.decisions[-1]["cost"] if self.decisions else None,
                "winners": None if self.winner is None else self._winners}

    _winners: list[int] = field(default_factory=list)


def _check_game(seed: int, moves: str) -> None:
    if not isinstance(seed, int) or not 0 <= seed <= validate.INT64_MAX:
        raise JeopardyError(f"seed must be an integer in 0-{validate.INT64_MAX:,}; got {seed!r}")
    if len(moves) > MAX_MOVES:
        raise JeopardyError(f"a game of more than {MAX_MOVES:,} moves")
    bad = sorted(set(moves) - set("rh"))
    if bad:
        raise JeopardyError(f"moves are letters r (roll) and h (hold); got {bad[0]!r}")


def play(model, goal: int, seed: int, moves: str, second: bool = False, players: int = 2,
         ending: str = FIRST_TO_GOAL, seat: int = 0) -> Replay:
    """Two players first to the goal: :func:`replay`; more players or equal turns:
    :func:`replay_table` (the person at ``seat``, 0 moving first)."""
    if endings.pair_game(players, ending):
        if seat not in (0, 1):
            raise JeopardyError(f"seat must be 0 or 1 with two players; got {seat}")
        return replay(model, goal, seed, moves, second or seat == 1)
    if second:
        raise JeopardyError("with more players or equal turns choose the seat, not second")
    return replay_table(model, goal, seed, moves, players, ending, seat)


def replay(model, goal: int, seed: int, moves: str, second: bool = False) -> Replay:
    """Play ``moves`` (``r``/``h``) for the person (player 0) against the optimal
    player, from ``seed``; the coach's values are :func:`jeopardy.match.play.action_values`
    (``jeopardy play --hints``)."""
    from jeopardy.match.play import Match, action_values

    _check_game(seed, moves)
    solution = race_solution(model, goal)
    match = Match(solution, seed)
    match.mover = 1 if second else 0
    events: list[dict] = []
    decisions: list[dict] = []

    def log(who: str, action: str, text: str) -> None:
        events.append({"who": who, "action": action, "text": text,
                       "scores": list(match.scores), "turn_total": match.turn_total})

    def computer_moves() -> None:
        while match.winner is None and match.mover == 1:
            if match.computer_rolls():
                log("computer", "roll", describe(match.roll()))
            else:
                match.hold()
                log("computer", "hold", f"holds at {match.scores[1]}")

    computer_moves()
    for index, move in enumerate(moves):
        if match.winner is not None:
            raise JeopardyError(f"move {index + 1} comes after the end of the game")
        i, j, k = match.state
        roll, hold = action_values(solution, (i, j), k)
        chosen = roll if move == "r" else hold
        decisions.append({"move": index, "you": i, "computer": j, "turn_total": k,
                          "action": "roll" if move == "r" else "hold", "roll": roll,
                          "hold": hold, "best": "roll" if roll >= hold else "hold",
                          "cost": max(roll, hold) - chosen})
        if move == "r":
            log("you", "roll", describe(match.roll()))
        else:
            match.hold()
            log("you", "hold", f"hold at {match.scores[0]}")
        computer_moves()
    coach = None
    if match.winner is None:
        i, j, k = match.state
        roll, hold = action_values(solution, (i, j), k)
        coach = {"roll": roll, "hold": hold, "best": "roll" if roll >= hold else "hold"}
    return Replay(model.name, goal, seed, moves, second, list(match.scores), match.mover,
                  match.turn_total, match.winner, events, decisions, coach,
                  seat=1 if second else 0,
                  _winners=[] if match.winner is None else [match.winner])


def replay_table(model, goal: int, seed: int, moves: str, players: int, ending: str,
                 seat: int) -> Replay:
    """``jeopardy play --players N --ending E --seat S``: the person at ``seat`` and
    ``players - 1`` computers of the N-player equilibrium (:class:`jeopardy.match.play.Table`).
    The coach is :func:`jeopardy.match.play.action_values`; in the last round of equal
    turns it is the best play's chance (``Table.last_turn``) only, so a move there
    against the best play has no cost (None) and the review leaves it out of the total."""
    from jeopardy.match.play import Table, action_values

    _check_game(seed, moves)
    found = endings.find(ending)
    if found is None or not found.seats_policies:
        raise JeopardyError(f"play with more players is "
                            f"{endings.spelled(lambda e: e.seats_policies)}")
    if not 0 <= seat < players:
        raise JeopardyError(f"seat must be in 0-{players - 1}; got {seat}")
    solution = game_solution(model, goal, players, ending)
    table = Table(solution, seed, person=seat)
    names = [("you" if s == seat else f"player {s + 1}") for s in range(players)]
    events: list[dict] = []
    decisions: list[dict] = []

    def log(who: int, action: str, text: str) -> None:
        events.append({"who": names[who], "action": action, "text": text,
                       "scores": list(table.scores), "turn_total": table.turn_total})

    def values() -> dict:
        mover, k = table.mover, table.turn_total
        if table.leader is None:
            roll, hold = action_values(solution, table.relative, k, mover)
            return {"roll": roll, "hold": hold, "best": "roll" if roll >= hold else "hold",
                    "last_round": False}
        best = table.last_turn()[k]
        return {"roll": None, "hold": None, "best": "roll" if best[-1] else "hold",
                "best_value": float(best[1]), "last_round": True}

    def computers() -> None:
        guard = 0
        while table.winner is None and table.mover != seat:
            mover = table.mover
            if table.computer_rolls():
                log(mover, "roll", describe(table.roll()))
            else:
                table.hold()
                log(mover, "hold", f"holds at {table.scores[mover]}")
            guard += 1
            if guard > 100 * MAX_MOVES:
                raise JeopardyError("the computers' turns did not end")

    computers()
    for index, move in enumerate(moves):
        if table.winner is not None:
            raise JeopardyError(f"move {index + 1} comes after the end of the game")
        coach = values()
        action = "roll" if move == "r" else "hold"
        if coach["last_round"]:
            best_value = coach["best_value"]
            cost = 0.0 if action == coach["best"] else None
        else:
            best_value = max(coach["roll"], coach["hold"])
            cost = best_value - coach[action]
        decisions.append({"move": index, "scores": list(table.scores),
                          "you": table.scores[seat], "turn_total": table.turn_total,
                          "action": action, "roll": coach["roll"], "hold": coach["hold"],
                          "best": coach["best"], "best_value": best_value, "cost": cost})
        if move == "r":
            log(seat, "roll", describe(table.roll()))
        else:
            table.hold()
            log(seat, "hold", f"hold at {table.scores[seat]}")
        computers()
    coach = values() if table.winner is None else None
    winner = None if table.winner is None else (0 if seat in table.winners else 1)
    return Replay(model.name, goal, seed, moves, False, list(table.scores), table.mover,
                  table.turn_total, winner, events, decisions, coach, names, players, ending,
                  seat, _winners=list(table.winners))


def review(model, goal: int, seed: int, moves: str, second: bool = False, players: int = 2,
           ending: str = FIRST_TO_GOAL, seat: int = 0, game: Replay | None = None) -> dict:
    """The person's decisions ranked by cost in win probability, the total, and the
    person's win probability over the game (optimal play from each decision on)."""
    game = game or play(model, goal, seed, moves, second, players, ending, seat)
    costed = [d for d in game.decisions if d["cost"] is not None]
    ranked = sorted(costed, key=lambda d: (-d["cost"], d["move"]))
    series = [_best(d) for d in game.decisions]
    if game.winner is not None:
        series.append(1.0 / len(game._winners) if game.winner == 0 else 0.0)
    elif game.coach is not None:
        series.append(_best(game.coach))
    return {**game.to_dict(), "ranked": ranked, "not_costed": len(game.decisions) - len(costed),
            "total_cost": float(sum(d["cost"] for d in costed)), "series": series}


def farkle_solution(goal: int, first_to_reach: bool = False):
    """Two-player Ten Thousand (``jeopardy play --game ten-thousand``'s solve)."""
    from jeopardy.farkle.core import solve as solve_farkle
    from jeopardy.farkle.turn import FarkleRules

    kept = CACHE.peek(("farkle", goal, first_to_reach))
    if kept is not None:
        return kept
    rules = FarkleRules(goal=goal)
    cost = check_size("farkle", f"solving Ten Thousand to {goal:,}", goal=goal,
                      first_to_reach=first_to_reach)
    return CACHE.get(("farkle", goal, first_to_reach),
                     lambda: solve_farkle(rules, first_to_reach), cost.task_bytes)


def replay_farkle(goal: int, seed: int, moves: str, second: bool = False,
                  first_to_reach: bool = False) -> Replay:
    """A game of Ten Thousand (:class:`jeopardy.farkle.play.FarkleMatch`): ``r`` throws,
    ``h`` banks; the coach is ``FarkleMatch.advice`` (P(win) if you throw, if you bank;
    ties count one half), as ``jeopardy play --game ten-thousand --hints``."""
    from jeopardy.farkle.play import COMPUTER, PERSON, FarkleMatch

    _check_game(seed, moves)
    match = FarkleMatch(farkle_solution(goal, first_to_reach), seed, person_first=not second)
    names = ["you", "computer"]
    events: list[dict] = []
    decisions: list[dict] = []

    def log(who: int, action: str, text: str, faces=None) -> None:
        events.append({"who": names[who], "action": action, "text": text, "faces": faces,
                       "scores": list(match.scores), "turn_total": match.turn_total,
                       "dice": match.dice})

    def values() -> dict:
        throw, bank = match.advice()
        best = "roll" if bank is None or throw >= bank else "hold"
        return {"roll": throw, "hold": bank, "best": best, "dice": match.dice,
                "may_bank": bank is not None}

    def computer() -> None:
        while match.winner is None and match.mover == COMPUTER:
            if match.computer_throws():
                result = match.throw()
                log(COMPUTER, "roll", f"throws {result}", result.faces)
            else:
                match.bank()
                log(COMPUTER, "hold", f"banks: {match.scores[COMPUTER]:,}")

    computer()
    for index, move in enumerate(moves):
        if match.winner is not None:
            raise JeopardyError(f"move {index + 1} comes after the end of the game")
        coach = values()
        if move == "h" and not coach["may_bank"]:
            raise JeopardyError(f"move {index + 1}: banking is not allowed here (the minimum "
                                "turn score is not reached)")
        chosen = coach["roll"] if move == "r" else coach["hold"]
        best = max(coach["roll"], coach["hold"] if coach["hold"] is not None else 0.0)
        decisions.append({"move": index, "you": match.scores[PERSON],
                          "computer": match.scores[COMPUTER], "turn_total": match.turn_total,
                          "dice": match.dice, "action": "roll" if move == "r" else "hold",
                          "roll": coach["roll"], "hold": coach["hold"], "best": coach["best"],
                          "cost": best - chosen})
        if move == "r":
            result = match.throw()
            log(PERSON, "roll", f"throw {result}", result.faces)
        else:
            match.bank()
            log(PERSON, "hold", f"bank: {match.scores[PERSON]:,}")
        computer()
    coach = values() if match.winner is None else None
    winners = [] if match.winner is None else [0, 1] if match.winner == 0.5 else [int(match.winner)]
    winner = None if not winners else (0 if PERSON in winners else 1)
    return Replay(TEN_THOUSAND, goal, seed, moves, second, list(match.scores), match.mover,
                  match.turn_total, winner, events, decisions, coach, names,
                  seat=1 if second else 0, first_to_reach=first_to_reach, _winners=winners)


def _best(values: dict) -> float:
    if values.get("roll") is None:
        return values["best_value"]
    return max(values["roll"], values["hold"] if values["hold"] is not None else 0.0)


