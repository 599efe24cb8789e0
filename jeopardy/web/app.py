"""The FastAPI application of ``jeopardy serve``: the JSON API and the pages.

Errors: bad input is a 400 with ``{"error": "one line"}``; a request past the size
budget a 413 with the CLI's estimate; every solve slot busy a 503; anything else
a 500 with a one-line ``{"error": ...}`` (never a traceback).  The API's
documentation is at ``/docs`` (OpenAPI at ``/openapi.json``).
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from urllib.parse import parse_qsl

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import (FileResponse, JSONResponse, PlainTextResponse,
                               RedirectResponse, Response)
from fastapi.concurrency import run_in_threadpool
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from jeopardy import validate
from jeopardy.errors import JeopardyError
from jeopardy.match import endings
from jeopardy.web import service

STATIC = Path(__file__).parent / "static"
PAGES = ("play", "review", "policy", "simultaneous", "variant")
MAX_BODY = 64 * 1024  # bytes of a request body
FIRST = endings.FIRST_TO_GOAL.name
ENDINGS = endings.pattern()  # the registry's names (jeopardy.match.endings)

class QuickPolicy:
    """``GET /api/policy`` of a game already solved, answered in front of FastAPI's stack
    (its error pages, telemetry, routing and parameter checks took about 1 ms of the
    1.6 ms a kept solution's answer cost): only queries of the plain form the
    route would accept (:func:`quick_policy`); anything else, or a game not solved yet,
    goes on to the route, which checks it, solves in a worker thread and answers the
    same bytes."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["path"] == "/api/policy" \
                and scope["method"] == "GET":
            try:
                body = quick_policy(scope["query_string"])
            except Exception:  # noqa: BLE001 - the route answers (or says why) instead
                body = None
            if body is not None:
                await send({"type": "http.response.start", "status": 200, "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


class App(FastAPI):
    """FastAPI with :class:`QuickPolicy` in front of its whole stack."""

    def build_middleware_stack(self):
        return QuickPolicy(super().build_middleware_stack())


app = App(title="jeopardy", summary="Jeopardy dice games: optimal play, policies, "
              "equilibria (the browser app's API)", version="1")
app.mount("/static", StaticFiles(directory=STATIC), name="static")


def _one_line(text: str) -> str:
    return " ".join(str(text).split())[:500]


@app.exception_handler(service.Refused)
async def _refused(request: Request, error: service.Refused):
    body = {"error": _one_line(error)}
    if error.cost is not None:
        body["estimate"] = {"seconds": error.cost.seconds, "bytes": error.cost.bytes}
    return JSONResponse(body, status_code=413)


@app.exception_handler(service.Busy)
async def _busy(request: Request, error: service.Busy):
    return JSONResponse({"error": _one_line(error)}, status_code=503)


@app.exception_handler(JeopardyError)
async def _bad_input(request: Request, error: JeopardyError):
    return JSONResponse({"error": _one_line(error)}, status_code=400)


@app.exception_handler(RequestValidationError)
async def _invalid(request: Request, error: RequestValidationError):
    problems = error.errors()
    first = problems[0] if problems else {}
    where = ".".join(str(part) for part in first.get("loc", ())[1:]) or "request"
    return JSONResponse({"error": _one_line(f"{where}: {first.get('msg', 'invalid')}")},
                        status_code=400)


@app.exception_handler(Exception)
async def _internal(request: Request, error: Exception):
    return JSONResponse({"error": f"internal error ({type(error).__name__})"}, status_code=500)


class BoundedBody:
    """Refuse a request whose declared body is past :data:`MAX_BODY` before it is read
    (plain ASGI: no per-request task, unlike ``@app.middleware``)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            length = dict(scope["headers"]).get(b"content-length")
            response = None
            # its digits without leading zeros: int() refuses past 4,300 digits, and 12 are
            # past any body
            digits = None if length is None else length.lstrip(b"0") or b"0"
            if length is not None and not length.isdigit():  # "-1", "abc": not a size
                response = JSONResponse({"error": "Content-Length must be a whole number of "
                                                  "bytes"}, status_code=400)
            elif digits is not None and (len(digits) > 12 or int(digits) > MAX_BODY):
                response = JSONResponse(
                    {"error": f"request bodies are limited to {MAX_BODY // 1024} kB"},
                    status_code=413)
            if response is not None:
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


class OnceEach:
    """Refuse an API query that gives a parameter more than once (``?goal=10&goal=20``):
    no route takes a list, and FastAPI would read the last one silently."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["path"].startswith("/api/") \
                and scope.get("query_string"):  # a page loads; its API call says why
            counts = Counter(name for name, _ in parse_qsl(
                scope["query_string"].decode("latin-1"), keep_blank_values=True))
            twice = next((name for name, count in counts.items() if count > 1), None)
            if twice is not None:
                response = JSONResponse({"error": _one_line(
                    f"{twice[:40]} is given {counts[twice]:,} times; give each parameter "
                    "once")}, status_code=400)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


_PLAIN = {"game": re.compile(r"[a-z0-9-]{1,40}"), "goal": re.compile(r"[1-9][0-9]{0,4}|100000"),
          "scores": re.compile(r"[0-9]{1,6}(,[0-9]{1,6}){1,9}"),
          "ending": re.compile(ENDINGS[1:-1]), "place": re.compile(r"[0-9]|10"),
          "faces": re.compile(r"[1-9][0-9]{0,2}|1000"),
          "bad_face": re.compile(r"[1-9][0-9]{0,2}|1000")}


def quick_policy(query: bytes) -> bytes | None:
    """The answer of a policy query of the plain form (each parameter once, digits and
    names only, within the route's bounds) whose game is solved; else None."""
    try:
        pairs = parse_qsl(query.decode("ascii"), keep_blank_values=True, strict_parsing=True)
    except (UnicodeDecodeError, ValueError):
        return None
    params = dict(pairs)
    if len(params) != len(pairs) or "scores" not in params or not all(
            name in _PLAIN and _PLAIN[name].fullmatch(value) for name, value in pairs):
        return None
    game = params.get("game", "pig")
    faces = int(params["faces"]) if "faces" in params else None
    bad_face = int(params["bad_face"]) if "bad_face" in params else None
    if faces is not None and faces < 2:
        return None
    try:
        model = service.model_of(game, faces, bad_face)
        goal = service.goal_of(game, int(params["goal"]) if "goal" in params else None)
        return service.policy_answer(model, goal, service.parse_scores(params["scores"], goal),
                                     params.get("ending", FIRST),
                                     int(params.get("place", 0)),
                                     key=(game, faces, bad_face, None), solved_only=True)
    except JeopardyError:
        return None  # the route says why


app.add_middleware(BoundedBody)
app.add_middleware(OnceEach)


# ------------------------------------------------------------------ pages
@app.get("/", include_in_schema=False)
def _home():
    return RedirectResponse("/play")


def _page(name: str):
    def page():
        return FileResponse(STATIC / f"{name}.html", media_type="text/html")
    return page


for _name in PAGES:
    app.add_api_route(f"/{_name}", _page(_name), include_in_schema=False)


# ------------------------------------------------------------------- API
Game = Query("pig", max_length=40, description="preset game (see /api/games)")
GameOrModel = Query(None, max_length=40, description="preset game (see /api/games; "
                                                     "default pig, unless model is given)")
Goal = Query(None, ge=1, le=100_000, description="goal score (default: the game's customary goal)")
Faces = Query(None, ge=2, le=1000, description="faces of the die (one-die games)")
BadFace = Query(None, ge=1, le=1000, description="the face that busts (one-die games)")
ModelText = Query(None, max_length=service.MAX_MODEL_TEXT,
                  description='a roll model as JSON, the form of a `--model` file: {"name", '
                              '"outcomes": [{"effect", "points", "probability"}]} (a saved '
                              "variant; then no game, faces or bad_face)")


def game_model(game, faces, bad_face, model):
    """The roll model a request names (a preset or its ``model`` JSON) and its goal's
    default: as ``--game``/``--faces``/``--bad-face`` or ``--model FILE``."""
    if model is not None:
        given = [name for name, value in (("game", game), ("faces", faces),
                                          ("bad_face", bad_face)) if value is not None]
        if given:
            raise JeopardyError(f"{given[0]} does not apply with model (the roll model is the "
                                "whole game)")
        return service.model_from_text(model), "custom"
    game = "pig" if game is None else game  # "" names no game: refused, not pig
    return service.model_of(game, faces, bad_face), game


@app.get("/api/games")
def games() -> list[dict]:
    """The preset games with their customary goals."""
    return service.games()


@app.get("/api/solve")
def solve(game: str | None = GameOrModel, goal: int | None = Goal,
          players: int = Query(2, ge=2, le=service.MAX_SCORES),
          ending: str = Query(FIRST, pattern=ENDINGS),
          faces: int | None = Faces, bad_face: int | None = BadFace,
          model: str | None = ModelText) -> dict:
    """The keys of `jeopardy solve --json`: win probabilities under optimal play."""
    chosen, name = game_model(game, faces, bad_face, model)
    return service.solve(chosen, service.goal_of(name, goal), players, ending)


@app.get("/api/policy")
async def policy(scores: str = Query(..., max_length=200, description="A,B[,C...]: the mover's first"),
           game: str | None = GameOrModel, goal: int | None = Goal,
           ending: str = Query(FIRST, pattern=ENDINGS),
           place: int = Query(0, ge=0, le=service.MAX_SCORES),
           faces: int | None = Faces, bad_face: int | None = BadFace,
           model: str | None = ModelText) -> dict:
    """Two scores: the keys of `jeopardy policy --score A --opponent B --json`; more
    (or another ending): those of `jeopardy policy --scores A,B,C --json`."""
    chosen, name = game_model(game, faces, bad_face, model)
    goal = service.goal_of(name, goal)
    table = service.parse_scores(scores, goal)
    key = (name, faces, bad_face, model)

    def answer():
        return service.policy_answer(chosen, goal, table, ending, place, key=key)

    body = service.policy_answer(chosen, goal, table, ending, place, key=key, solved_only=True)
    if body is None:
        body = await run_in_threadpool(answer)  # a solve first: in a worker thread
    return Response(body, media_type="application/json")


def _spec() -> Query:
    """A policy word's parameter, made anew for each route: one Query object shared by two
    parameters took the first one's name (/api/compare read ``?policy=`` for ``a`` and
    ignored ``?a=``)."""
    return Query("optimal", max_length=200, description="a word of compare's policy language")


@app.get("/api/policy-map")
def policy_map(game: str = Game, goal: int | None = Goal, policy: str = _spec(),
               faces: int | None = Faces, bad_face: int | None = BadFace) -> dict:
    """At every (your score, opponent's score) of a policy: the hold threshold (null
    where the policy is not a single threshold) and the first turn total it holds at."""
    model = service.model_of(game, faces, bad_face)
    return service.policy_map(model, service.goal_of(game, goal), policy)


@app.get("/api/compare")
def compare(a: str = _spec(), b: str = Query("hold:20", max_length=200), game: str = Game,
            goal: int | None = Goal, faces: int | None = Faces,
            bad_face: int | None = BadFace) -> dict:
    """The keys of `jeopardy compare A B --json`: exact win probabilities of A against B."""
    model = service.model_of(game, faces, bad_face)
    return service.compare(model, service.goal_of(game, goal), a, b)


MaxHold = Query(30, ge=1, le=service.MAX_SIMULTANEOUS_HOLD)


@app.get("/api/simultaneous")
def simultaneous(game: str = Game, max_hold: int = MaxHold) -> dict:
    """The simultaneous single-turn game over hold at 1..max_hold: the exact
    equilibrium's weights and the payoff matrix (row's P(win) - P(loss))."""
    return service.simultaneous(service.model_of(game), max_hold)


@app.get("/api/simultaneous.csv", response_class=PlainTextResponse)
def simultaneous_csv(game: str = Game, max_hold: int = MaxHold):
    """The payoff matrix as CSV (exact fractions), as `jeopardy simultaneous --csv`."""
    text = service.simultaneous_csv(service.model_of(game), max_hold)
    return PlainTextResponse(text, media_type="text/csv", headers={
        "Content-Disposition": f'attachment; filename="{game}-simultaneous-{max_hold}.csv"'})


@app.get("/api/simultaneous.nfg", response_class=PlainTextResponse)
def simultaneous_nfg(game: str = Game, max_hold: int = MaxHold):
    """The game as a Gambit strategic-form file, as `jeopardy simultaneous --nfg`."""
    text = service.simultaneous_nfg(service.model_of(game), max_hold)
    return PlainTextResponse(text, headers={
        "Content-Disposition": f'attachment; filename="{game}-simultaneous-{max_hold}.nfg"'})


class Face(BaseModel):
    # unknown keys and values of another type are refused, not dropped or converted
    # (a face {"points": true, "extra": 9} was read as 1 point)
    model_config = ConfigDict(extra="forbid", strict=True)

    effect: str = Field(max_length=20)
    points: int = Field(0, ge=0, le=service.MAX_VARIANT_POINTS)


class Variant(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: str = Field("variant", max_length=40)
    faces: list[Face] | None = Field(None, min_length=2, max_length=service.MAX_VARIANT_FACES,
                                     description="each face of a fair die: an effect and points")
    model: dict | None = Field(None, description='or the roll model, as a --model file holds '
                               'it: {"name", "outcomes": [{"effect", "points", "probability"}]} '
                               '(checked as that file is, with its messages)')
    goal: int = Field(ge=1, le=100_000)


@app.post("/api/variant")
def variant(body: Variant) -> dict:
    """Solve a variant: a fair die whose faces each have an effect (add, bust, bust_all,
    bank, double, bust_gain, subtract, with points), or a roll model as a `--model` file
    holds it; refused up front with the CLI's estimate when it is too big.  The answer's
    `model` is that file's JSON (`jeopardy solve --model FILE` reads it)."""
    faces = None if body.faces is None else [face.model_dump() for face in body.faces]
    return service.variant(body.name, faces, body.goal, body.model)


Seed = Query(..., ge=0, le=validate.INT64_MAX,
             description="seed of the dice (as `jeopardy play --seed`)")
Moves = Query("", max_length=service.MAX_MOVES, pattern="^[rh]*$",
              description="the person's moves: r roll, h hold")
Players = Query(2, ge=2, le=service.MAX_SCORES, description="players at the table")
PlayEnding = Query(FIRST, pattern=endings.pattern(lambda e: e.seats_policies))
Seat = Query(0, ge=0, le=service.MAX_SCORES - 1, description="your seat (0 moves first)")
FirstToReach = Query(False, description="ten-thousand: whoever banks the goal first wins at "
                                        "once (default: the round rule, the other answers)")


@app.get("/api/play")
def play(seed: int = Seed, moves: str = Moves, game: str | None = GameOrModel, goal: int | None = Goal,
         second: bool = False, players: int = Players, ending: str = PlayEnding,
         seat: int = Seat, faces: int | None = Faces, bad_face: int | None = BadFace,
         model: str | None = ModelText, first_to_reach: bool = FirstToReach) -> dict:
    """A game against the optimal player (or N - 1 computers of the N-player
    equilibrium; game=ten-thousand: r throws, h banks) replayed from its seed and your
    moves: the state, what happened, and the coach (P(win) after roll and after hold;
    the cost of each of your moves)."""
    return _played(seed, moves, game, goal, second, players, ending, seat, faces,
                   bad_face, model, first_to_reach).to_dict()


def _played(seed, moves, game, goal, second, players, ending, seat, faces, bad_face, model,
            first_to_reach):
    if game == service.TEN_THOUSAND:
        if not endings.pair_game(players, ending) or \
                any(value is not None for value in (faces, bad_face, model)):
            raise JeopardyError("Ten Thousand is played by two, first to the goal (the round "
                                "rule, or first_to_reach), without faces, bad_face or model")
        if seat not in (0, 1):  # Pig's own check says so; here seat 5 played seat 0
            raise JeopardyError(f"seat must be 0 or 1 (two players); got {seat}")
        return service.replay_farkle(goal or service.TEN_THOUSAND_GOAL, seed, moves,
                                     second or seat == 1, first_to_reach)
    if first_to_reach:
        raise JeopardyError("first_to_reach applies to ten-thousand only (other games: "
                            "ending)")
    chosen, name = game_model(game, faces, bad_face, model)
    return service.play(chosen, service.goal_of(name, goal), seed, moves, second, players,
                        ending, seat)


@app.get("/api/review")
def review(seed: int = Seed, moves: str = Moves, game: str | None = GameOrModel, goal: int | None = Goal,
           second: bool = False, players: int = Players, ending: str = PlayEnding,
           seat: int = Seat, faces: int | None = Faces, bad_face: int | None = BadFace,
           model: str | None = ModelText, first_to_reach: bool = FirstToReach) -> dict:
    """Your decisions ranked by cost in win probability, the total, and your win
    probability over the game."""
    played = _played(seed, moves, game, goal, second, players, ending, seat, faces, bad_face,
                     model, first_to_reach)
    return service.review(None, played.goal, seed, moves, game=played)
