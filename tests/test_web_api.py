"""The browser app's JSON API (jeopardy.web), through FastAPI's TestClient.

Numbers are checked against the CLI's own output (``solve --json``, ``policy --json``,
``compare --json``, ``simultaneous --csv``) or against a second route to the same
value (the coach's hold value is ``1 - P(j, i + k, 0)`` read from the policy
endpoint; its best value is that endpoint's ``P(i, j, k)``).  Goals are small.
"""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from click.testing import CliRunner  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from jeopardy.cli.main import cli  # noqa: E402
from jeopardy.web import service  # noqa: E402
from jeopardy.web.app import app  # noqa: E402

# Values computed by the same float kernels, one through the CLI and one through the
# API, agree exactly; a value reached by another route (a column vs the stored
# start values, a policy evaluation vs the solve) agrees to the solver's residual.
ROUTE_TOLERANCE = 1e-12


@pytest.fixture(scope="module")
def client():
    return TestClient(app)


def cli_json(*args):
    result = CliRunner().invoke(cli, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def without_timing(data):
    return {k: v for k, v in data.items() if k not in ("seconds", "cached")}


def test_solve_has_the_keys_and_values_of_the_cli(client):
    got = client.get("/api/solve", params={"game": "pig", "goal": 30}).json()
    want = cli_json("solve", "--goal", "30", "--no-cache")
    assert set(got) == set(want)
    assert without_timing(got) == without_timing(want)


def test_solve_of_three_players_is_the_match_solvers(client):
    got = client.get("/api/solve", params={"game": "piglet", "goal": 6, "players": 3}).json()
    want = cli_json("solve", "--game", "piglet", "--goal", "6", "--players", "3")
    assert set(got) == set(want)
    assert without_timing(got) == without_timing(want)


@pytest.mark.parametrize("goal, score, opponent", [
    pytest.param(30, 5, 12, id="threshold"),
    pytest.param(100, 60, 50, id="not-a-threshold"),  # rolls again at 34-39
    pytest.param(30, 29, 0, id="one-point-missing"),
])
def test_policy_of_two_scores_is_the_clis(client, goal, score, opponent):
    got = client.get("/api/policy", params={"goal": goal, "scores": f"{score},{opponent}"})
    want = cli_json("policy", "--goal", str(goal), "--score", str(score), "--opponent",
                    str(opponent))
    assert got.json() == want


def test_policy_of_three_scores_is_the_clis(client):
    got = client.get("/api/policy", params={"game": "piglet", "goal": 6,
                                            "scores": "1,2,3"}).json()
    want = cli_json("policy", "--game", "piglet", "--goal", "6", "--scores", "1,2,3")
    assert got == want


def test_compare_is_the_clis(client):
    got = client.get("/api/compare", params={"goal": 30, "a": "optimal", "b": "hold:10"}).json()
    want = cli_json("compare", "optimal", "hold:10", "--goal", "30")
    assert without_timing(got) == without_timing(want)


def test_policy_map_thresholds_match_the_policy_endpoint(client):
    data = client.get("/api/policy-map", params={"goal": 20}).json()
    rows = data["thresholds"]
    assert len(rows) == 20 and all(len(row) == 20 for row in rows)
    for i, j in [(0, 0), (3, 17), (12, 5), (19, 19)]:
        column = client.get("/api/policy", params={"goal": 20, "scores": f"{i},{j}"}).json()
        assert rows[i][j] == column["hold_threshold"]
        assert data["first_hold"][i][j] == (column["actions"] + "H").index("H")
    held = client.get("/api/policy-map", params={"goal": 20, "policy": "hold:7"}).json()
    # hold at 7: roll while k < 7, or to the goal when fewer than 7 points are missing
    assert all(held["thresholds"][i][j] == min(7, 20 - i) for i in range(20) for j in range(20))


def coach_against_policy(client, goal, state):
    """The coach's values at ``state`` from the policy endpoint: holding leaves the
    opponent to move at (j, i + k, 0); the best value is P(i, j, k)."""
    i, j, k = state["scores"][0], state["scores"][1], state["turn_total"]
    mine = client.get("/api/policy", params={"goal": goal, "scores": f"{i},{j}"}).json()
    best = mine["win_probability_by_turn_total"][k]
    hold = 1.0 if i + k >= goal else 1.0 - client.get(
        "/api/policy", params={"goal": goal, "scores": f"{j},{i + k}"}).json()["win_probability"]
    return best, hold


def test_a_game_played_to_the_end_with_the_coach(client):
    goal, seed, moves = 30, 11, ""
    start = client.get("/api/play", params={"goal": goal, "seed": seed}).json()
    compare = cli_json("compare", "optimal", "optimal", "--goal", str(goal))
    assert abs(max(start["coach"]["roll"], start["coach"]["hold"]) - compare["first"]) \
        < ROUTE_TOLERANCE
    state = start
    checked = 0
    while not state["finished"]:
        best, hold = coach_against_policy(client, goal, state)
        coach = state["coach"]
        assert abs(coach["hold"] - hold) < ROUTE_TOLERANCE
        assert abs(max(coach["roll"], coach["hold"]) - best) < ROUTE_TOLERANCE
        checked += 1
        # play the coach's advice, except one deliberate mistake on the third decision
        letter = coach["best"][0]
        if len(moves) == 2:
            letter = "h" if letter == "r" else "r"
        moves += letter
        state = client.get("/api/play", params={"goal": goal, "seed": seed,
                                                "moves": moves}).json()
        assert state["moves"] == moves
    assert checked >= 3 and state["winner"] in (0, 1)
    review = client.get("/api/review", params={"goal": goal, "seed": seed, "moves": moves}).json()
    costs = [d["cost"] for d in review["ranked"]]
    assert costs == sorted(costs, reverse=True)
    assert review["ranked"][0]["move"] == 2 and costs[0] > 0  # the mistake, first
    assert all(c == 0 for c in costs[1:])
    assert review["total_cost"] == pytest.approx(sum(costs), abs=1e-15)
    assert len(review["series"]) == len(review["decisions"]) + 1
    assert review["series"][-1] == (1.0 if review["winner"] == 0 else 0.0)
    # the same seed and moves replay the same game
    again = client.get("/api/play", params={"goal": goal, "seed": seed, "moves": moves}).json()
    assert again["events"] == state["events"]


def test_the_computer_moving_first(client):
    state = client.get("/api/play", params={"goal": 20, "seed": 3, "second": "true"}).json()
    assert state["events"] and state["events"][0]["who"] == "computer"


@pytest.mark.parametrize("path, params, status, words", [
    pytest.param("/api/solve", {"game": "chess"}, 400, "unknown game", id="unknown-game"),
    pytest.param("/api/solve", {"goal": 0}, 400, "goal", id="goal-zero"),
    pytest.param("/api/solve", {"goal": "ten"}, 400, "goal", id="goal-text"),
    pytest.param("/api/solve", {"goal": 5000}, 413, "needs about", id="too-big"),
    pytest.param("/api/solve", {"goal": 100, "players": 5}, 413, "needs about",
                 id="too-many-players"),
    pytest.param("/api/policy", {"goal": 20, "scores": "1,x"}, 400, "integers", id="scores-text"),
    pytest.param("/api/policy", {"goal": 20, "scores": "1,20"}, 400, "0-19", id="score-big"),
    pytest.param("/api/policy-map", {"goal": 20, "policy": "/etc/passwd"}, 400, "policy",
                 id="no-server-paths"),
    pytest.param("/api/policy-map", {"goal": 300}, 413, "maps up to", id="map-too-big"),
    pytest.param("/api/play", {"goal": 20, "seed": 1, "moves": "rx"}, 400, "moves",
                 id="bad-move"),
    pytest.param("/api/play", {"goal": 20}, 400, "seed", id="no-seed"),
    pytest.param("/api/play", {"goal": 20, "seed": 1, "moves": "h" * 200}, 400,
                 "after the end", id="after-the-end"),
    pytest.param("/api/simultaneous", {"max_hold": 500}, 400, "max_hold", id="hold-big"),
])
def test_bad_input_is_one_line_4xx(client, path, params, status, words):
    response = client.get(path, params=params)
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert words in error and "\n" not in error and "Traceback" not in error


def test_refusal_carries_the_clis_estimate(client):
    from jeopardy import resources
    from jeopardy.rules import game

    body = client.get("/api/solve", params={"goal": 5000}).json()
    cost = resources.estimate("race", goal=5000, model=game("pig"))
    assert body["estimate"] == {"seconds": cost.seconds, "bytes": cost.bytes}


def test_request_bodies_are_bounded(client):
    response = client.post("/api/variant", content=b"x" * (70 * 1024),
                           headers={"content-type": "application/json"})
    assert response.status_code == 413 and "kB" in response.json()["error"]


def _asgi(method, path, query=b"", headers=()):
    """``(status, body)`` of one request sent to the whole ASGI stack as a server would,
    its headers as given (a test client would mend a bad Content-Length)."""
    import asyncio
    import json

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
             "root_path": "", "query_string": query, "headers": list(headers),
             "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}
    sent = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    return sent[0]["status"], json.loads(b"".join(m.get("body", b"") for m in sent[1:]))


def test_a_request_s_shape_is_checked_before_its_route(client):
    """Stop 53's leftovers: a Content-Length of -1 got the body-size 413, a parameter
    given twice was read as its last value, and the app's seed stopped at 2**62 where
    `play --seed` and the service take every seed below 2**63."""
    for length in (b"-1", b"abc", b"1e3"):
        status, body = _asgi("POST", "/api/variant", headers=[(b"content-length", length)])
        assert status == 400 and "Content-Length must be a whole number" in body["error"]
    for length in (b"999999", b"9" * 5000, b"0" * 5000 + b"99999999"):  # int() stops at 4,300
        status, body = _asgi("POST", "/api/variant", headers=[(b"content-length", length)])
        assert status == 413 and "kB" in body["error"]
    for query in (b"goal=10&goal=20", b"scores=0,0&goal=20&scores=1,2"):
        path = "/api/policy" if b"scores" in query else "/api/solve"
        status, body = _asgi("GET", path, query)
        assert status == 400 and "is given 2 times; give each parameter once" in body["error"]
    assert client.get("/play?goal=10&goal=20").status_code == 200  # a page loads
    assert client.get("/api/solve", params={"goal": 10}).status_code == 200
    for seed in (2 ** 62 + 1, 2 ** 63 - 1):
        assert client.get("/api/play", params={"goal": 20, "seed": seed}).status_code == 200
    refused = client.get("/api/play", params={"goal": 20, "seed": 2 ** 63})
    assert refused.status_code == 400 and "seed" in refused.json()["error"]
    # the service itself (Python callers) names the bound it holds: 2**63 - 1, not 2**63
    from jeopardy.errors import JeopardyError
    from jeopardy.rules import game

    with pytest.raises(JeopardyError, match="seed must be an integer in "
                                            "0-9,223,372,036,854,775,807; got 9223372036854775808"):
        service.replay(game("pig"), 20, 2 ** 63, "")


def test_static_files_name_no_server_path(client):
    for path in ("/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2fservice.py"):
        assert client.get(path).status_code == 404


def test_pages_and_openapi(client):
    for page in ("play", "review", "policy", "simultaneous", "variant"):
        response = client.get(f"/{page}")
        assert response.status_code == 200 and "<script" in response.text
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/solve", "/api/policy", "/api/play", "/api/review"} <= set(paths)


def test_variant_of_pig_faces_is_pig(client):
    faces = [{"effect": "bust"}] + [{"effect": "add", "points": p} for p in range(2, 7)]
    got = client.post("/api/variant", json={"name": "my-pig", "faces": faces, "goal": 25}).json()
    pig = client.get("/api/solve", params={"goal": 25}).json()
    assert got["game"] == "my-pig"
    assert abs(got["win_probability"] - pig["win_probability"]) < ROUTE_TOLERANCE
    refused = client.post("/api/variant", json={"faces": faces, "goal": 4000})
    assert refused.status_code == 413 and refused.json()["estimate"]["seconds"] > 30
    unknown = client.post("/api/variant", json={"faces": [{"effect": "explode"}] * 2, "goal": 9})
    assert unknown.status_code == 400 and "explode" in unknown.json()["error"]


def test_simultaneous_weights_and_csv(client, tmp_path):
    data = client.get("/api/simultaneous", params={"max_hold": 12}).json()
    assert abs(sum(data["weights"]) - 1) < 1e-12
    n = len(data["labels"])
    assert len(data["payoffs"]) == n and all(len(row) == n for row in data["payoffs"])
    # the equilibrium earns at least its value against every pure column
    for column in range(n):
        earned = sum(w * data["payoffs"][row][column] for row, w in enumerate(data["weights"]))
        assert earned >= data["value"] - 1e-12
    path = tmp_path / "payoffs.csv"
    result = CliRunner().invoke(cli, ["simultaneous", "--max-hold", "12", "--csv", str(path)])
    assert result.exit_code == 0, result.output
    assert client.get("/api/simultaneous.csv", params={"max_hold": 12}).text == path.read_text()
    assert client.get("/api/simultaneous.nfg", params={"max_hold": 12}).text.startswith("NFG")


def test_the_cache_solves_once_for_concurrent_requests():
    cache = service.SolutionCache(capacity=2, slots=1, wait=5)
    calls = []

    def slow():
        calls.append(1)
        time.sleep(0.2)
        return len(calls)

    results = []
    threads = [threading.Thread(target=lambda: results.append(cache.get("k", slow)))
               for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [1] * 8 and len(calls) == 1 and cache.solves == 1
    for key in ("a", "b", "c"):  # capacity 2: the least recently used goes
        cache.get(key, lambda: key)
    assert len(cache) == 2


def test_a_busy_pool_refuses():
    cache = service.SolutionCache(slots=1, wait=0.1)
    started, release = threading.Event(), threading.Event()

    def blocking():
        started.set()
        release.wait(5)
        return 1

    worker = threading.Thread(target=lambda: cache.get("a", blocking))
    worker.start()
    started.wait(5)
    with pytest.raises(service.Busy):
        cache.get("b", lambda: 2)
    release.set()
    worker.join()


def test_solve_does_not_import_the_web_stack():
    code = ("import sys\n"
            "from click.testing import CliRunner\n"
            "from jeopardy.cli.main import cli\n"
            "r = CliRunner().invoke(cli, ['solve', '--goal', '20', '--no-cache', '--json'])\n"
            "assert r.exit_code == 0, r.output\n"
            "print(sorted(m for m in ('fastapi', 'uvicorn', 'starlette', 'jeopardy.web') "
            "if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port: int, process, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stderr.read()
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the server did not start")


@pytest.mark.serial
def test_ctrl_c_stops_the_server_in_under_two_seconds_even_while_solving(tmp_path):
    import urllib.request

    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "jeopardy", "serve", "--no-browser",
                                "--port", str(port)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "JEOPARDY_CACHE_DIR": str(tmp_path)})
    try:
        wait_for(port, process)
        # a solve of a few seconds in flight (two-dice Pig to 200: 8 s by the estimate)
        request = threading.Thread(target=lambda: _quietly(lambda: urllib.request.urlopen(
            f"http://127.0.0.1:{port}/api/solve?game=two-dice-pig&goal=200", timeout=30)),
            daemon=True)
        request.start()
        time.sleep(1.0)
        assert request.is_alive()  # the solve is still running
        started = time.monotonic()
        process.send_signal(signal.SIGINT)
        process.wait(timeout=10)
        stopped = time.monotonic() - started
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert stopped < 2.0, stopped


def _quietly(function):
    try:
        function()
    except Exception:  # noqa: BLE001 - the server is stopped under the request on purpose
        pass


def test_serve_binds_loopback_by_default():
    from jeopardy.cli.serve import serve

    host = next(p for p in serve.params if p.name == "host")
    assert host.default == "127.0.0.1"
    result = CliRunner().invoke(cli, ["serve", "--port", "70000", "--no-browser"])
    assert result.exit_code == 2 and "--port" in result.output


def test_serve_refuses_a_taken_port_or_unknown_host_in_one_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        for args in (["--port", str(port)], ["--host", "no-such-host.invalid"]):
            out = subprocess.run([sys.executable, "-m", "jeopardy", "serve", "--no-browser",
                                  *args], capture_output=True, text=True, timeout=60)
            assert out.returncode == 2, out
            assert out.stderr.startswith("jeopardy: error: cannot listen on"), out.stderr
            assert len(out.stderr.splitlines()) == 1 and out.stdout == ""


@pytest.mark.parametrize("ending", ["first-to-goal", "equal-turns"])
def test_a_three_player_game_with_the_coach(client, ending):
    """The person in seat 2 of 3 against the equilibrium: at each turn start the coach's
    best value is the policy endpoint's win probability for the mover (the solver's
    column, another route than the coach's forced sweeps)."""
    base = {"game": "piglet", "goal": 8, "seed": 5, "players": 3, "ending": ending, "seat": 1}
    moves, state, starts = "", client.get("/api/play", params=base).json(), 0
    while not state["finished"]:
        coach = state["coach"]
        if state["turn_total"] == 0 and not coach["last_round"]:
            n = len(state["scores"])
            relative = [state["scores"][(1 + c) % n] for c in range(n)]
            decision = client.get("/api/policy", params={
                "game": "piglet", "goal": 8, "scores": ",".join(map(str, relative)),
                "ending": ending, "place": 1 if ending == "equal-turns" else 0}).json()
            assert abs(max(coach["roll"], coach["hold"]) - decision["win_probability"]) \
                < ROUTE_TOLERANCE
            starts += 1
        letter = coach["best"][0]
        if len(moves) == 1:
            letter = "h" if letter == "r" else "r"
        moves += letter
        state = client.get("/api/play", params={**base, "moves": moves}).json()
    assert starts >= 2 and state["names"][1] == "you"
    review = client.get("/api/review", params={**base, "moves": moves}).json()
    costed = [d for d in review["decisions"] if d["cost"] is not None]
    assert review["total_cost"] == pytest.approx(sum(d["cost"] for d in costed), abs=1e-15)
    assert len(review["series"]) == len(review["decisions"]) + 1
    you_won = 1 in review["winners"]
    assert review["series"][-1] == (1 / len(review["winners"]) if you_won else 0.0)


@pytest.mark.slow
def test_ten_thousand_with_the_coach(client):
    """Ten Thousand to 2,000: the coach's numbers are those jeopardy play --hints prints
    (to its 4 decimals) at the same seed; banking below the minimum is refused."""
    base = {"game": "ten-thousand", "goal": 2000, "seed": 3}
    state = client.get("/api/play", params=base).json()
    assert state["coach"]["hold"] is None and state["coach"]["dice"] == 6
    refused = client.get("/api/play", params={**base, "moves": "h"})
    assert refused.status_code == 400 and "banking is not allowed" in refused.json()["error"]
    moves = ""
    while not state["finished"]:
        letter = state["coach"]["best"][0]
        if len(moves) == 1 and state["coach"]["hold"] is not None:
            letter = "h" if letter == "r" else "r"
        moves += letter
        state = client.get("/api/play", params={**base, "moves": moves}).json()
    answers = "".join("t\n" if m == "r" else "b\n" for m in moves)
    printed = CliRunner().invoke(cli, ["play", "--game", "ten-thousand", "--goal", "2000",
                                       "--seed", "3", "--hints"], input=answers).output
    hints = [line.split("P(win): ")[1] for line in printed.splitlines() if "P(win): " in line]
    review = client.get("/api/review", params={**base, "moves": moves}).json()
    assert len(hints) == len(review["decisions"])
    for hint, decision in zip(hints, review["decisions"]):
        bank = "not allowed" if decision["hold"] is None else f"{decision['hold']:.4f}"
        assert hint == f"throw {decision['roll']:.4f}, bank {bank}"
    assert printed.rstrip().endswith(f"{state['scores'][0]} to {state['scores'][1]}")
    costs = [d["cost"] for d in review["ranked"]]
    assert costs == sorted(costs, reverse=True)


def test_the_cache_is_bounded_by_bytes():
    cache = service.SolutionCache(capacity=10, max_bytes=100)
    for key in ("a", "b", "c"):
        cache.get(key, lambda: key, size=40)
    assert len(cache) == 2 and "a" not in cache and cache.bytes == 80
    cache.get("huge", lambda: 0, size=1000)  # the newest always stays
    assert len(cache) == 1 and "huge" in cache


def test_policies_do_not_hold_two_solve_slots():
    """A policy built on the optimal solution solves it before taking its own slot: with
    one slot, an unsolved game's optimal policy is still answered (no wait for itself)."""
    from jeopardy.rules import game

    saved = service.CACHE
    service.CACHE = service.SolutionCache(slots=1, wait=2)
    try:
        data = service.compare(game("piglet"), 9, "optimal", "best-response")
        assert 0 < data["first"] < 1
    finally:
        service.CACHE = saved


def test_kept_policy_answers_are_the_routes_bytes(client):
    """A solved game's policy is answered in front of FastAPI (app.quick_policy): the
    same bytes as the route's; a query not of the plain form, or of a game not solved
    yet, goes to the route."""
    from jeopardy.web import app as web

    route = client.get("/api/policy", params={"goal": 23, "scores": "5,12"})  # solves
    assert route.status_code == 200
    quick = web.quick_policy(b"goal=23&scores=5,12")
    assert quick is not None and quick == route.content
    assert json.loads(quick) == cli_json("policy", "--goal", "23", "--score", "5",
                                         "--opponent", "12")
    assert web.quick_policy(b"goal=23&scores=5,%2012") is None  # not plain: the route's
    assert client.get("/api/policy", params={"goal": 23, "scores": "5, 12"}).content == quick
    assert web.quick_policy(b"goal=24&scores=5,12") is None  # goal 24 is not solved
    assert web.quick_policy(b"goal=23&scores=5,12&scores=1,2") is None  # twice
    assert web.quick_policy(b"goal=23&scores=5,23") is None  # the route says why
    assert client.get("/api/policy", params={"goal": 23, "scores": "5,23"}).status_code == 400


def test_the_answer_cache_is_bounded_by_bytes():
    answers = service.AnswerCache(max_bytes=10)
    for key in "abc":
        answers.put(key, b"1234")
    assert len(answers) == 2 and answers.get("a") is None and answers.bytes == 8
    answers.put("b", b"123456")  # replaced: its old bytes no longer count; a goes
    assert answers.bytes == 10 and answers.get("c") == b"1234"


PIG_FACES = [{"effect": "bust"}] + [{"effect": "add", "points": p} for p in range(2, 7)]


def test_a_built_variant_is_the_model_file_the_cli_reads(client, tmp_path):
    """The builder's faces (every effect the engine has) make the roll model a --model
    file holds: the answer's model, written to a file, is what `jeopardy solve --model`
    reads and solves to the same numbers; the model passed back as the saved variant
    (the model parameter) solves and plays the same game."""
    from jeopardy.rules import load

    faces = [{"effect": "bust_gain", "points": 1}, {"effect": "bust_all"},
             {"effect": "bank", "points": 3}, {"effect": "double"},
             {"effect": "add", "points": 4}, {"effect": "add", "points": 5}]
    got = client.post("/api/variant", json={"name": "mixed", "faces": faces, "goal": 14}).json()
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps(got["model"]))
    assert load(path) == service.variant_model("mixed", faces)
    want = cli_json("solve", "--model", str(path), "--goal", "14", "--no-cache")
    assert without_timing({k: got[k] for k in want}) == without_timing(want)
    saved = json.dumps(got["model"])
    solved = client.get("/api/solve", params={"model": saved, "goal": 14}).json()
    assert without_timing(solved) == without_timing(want)
    policy = client.get("/api/policy", params={"model": saved, "goal": 14,
                                               "scores": "3,5"}).json()
    assert policy == cli_json("policy", "--model", str(path), "--goal", "14", "--score", "3",
                              "--opponent", "5")
    state = client.get("/api/play", params={"model": saved, "goal": 14, "seed": 5}).json()
    assert state["game"] == "mixed" and state["coach"]["roll"] >= 0
    best = max(state["coach"]["roll"], state["coach"]["hold"])
    assert abs(best - want["win_probability"]) < ROUTE_TOLERANCE


def test_a_falling_variant_is_the_n_player_solvers(client):
    """A face that subtracts lowers the turn total: the variant is solved as
    `jeopardy solve --model` solves it (the N-player solver, two players)."""
    faces = [{"effect": "bust"}, {"effect": "subtract", "points": 2}] + [
        {"effect": "add", "points": p} for p in range(3, 7)]
    got = client.post("/api/variant", json={"name": "falls", "faces": faces, "goal": 12})
    assert got.status_code == 200, got.text
    want = client.get("/api/solve", params={"model": json.dumps(got.json()["model"]),
                                            "goal": 12}).json()
    assert "turn_starts" in want and got.json()["win_probability"] == want["win_probability"]


@pytest.mark.parametrize("outcomes, words", [
    pytest.param([{"effect": "add", "points": 2, "probability": "1"}], "no roll ends the turn",
                 id="never-ends"),
    pytest.param([{"effect": "bust", "probability": "1/3"},
                  {"effect": "add", "points": 2, "probability": "1/3"}], "sum to 2/3",
                 id="sum"),
    pytest.param([{"effect": "bust", "probability": "1/2"},
                  {"effect": "explode", "probability": "1/2"}], "unknown effect", id="effect"),
    pytest.param([{"effect": "bust", "probability": 0.5},
                  {"effect": "add", "points": 2, "probability": "1/2"}], "float", id="float"),
])
def test_bad_variants_get_the_clis_line(client, tmp_path, outcomes, words):
    """A bad roll model is refused with `jeopardy solve --model FILE`'s message, as a 400,
    whether it comes as the builder's model or as a saved variant's model parameter."""
    model = {"name": "bad", "outcomes": outcomes}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(model))
    result = CliRunner().invoke(cli, ["solve", "--model", str(path), "--goal", "10"])
    assert result.exit_code != 0
    line = result.stderr.strip().removeprefix("jeopardy: error: ")
    assert words in line
    body = client.post("/api/variant", json={"model": model, "goal": 10})
    passed = client.get("/api/solve", params={"model": json.dumps(model), "goal": 10})
    for response in (body, passed):
        assert response.status_code == 400, response.text
        error = response.json()["error"]
        assert words in error and "\n" not in error
        # the same message, but for the file's name: 'roll model file PATH' / 'model'
        assert re.sub(r"^model: ", "", error) == re.sub(r"^roll model file '[^']*': ", "", line)


def test_saved_variant_requests_are_checked(client):
    saved = json.dumps({"name": "p", "outcomes": [
        {"effect": "bust", "probability": "1/2"}, {"effect": "add", "points": 2,
                                                   "probability": "1/2"}]})
    cases = [({"model": saved, "game": "pig"}, 400, "game does not apply with model"),
             ({"model": saved, "faces": 6}, 400, "faces does not apply with model"),
             ({"model": "{"}, 400, "not JSON"),
             ({"model": "x" * 5000}, 400, "model"),
             ({"model": "[" * 3000}, 400, "nested too deep"),  # json's recursion
             ({"model": '{"outcomes": [' + '{"effect": "bust", "probability": "1/50"},' * 49
               + '{"effect": "add", "points": 2, "probability": "1/50"}]}'}, 400, "outcomes"),
             ({"model": saved, "goal": 5000}, 413, "needs about")]
    for params, status, words in cases:
        response = client.get("/api/play", params={"seed": 1, **params})
        assert response.status_code == status, (params, response.text)
        assert words in response.json()["error"]


@pytest.mark.slow
def test_ten_thousand_first_to_reach(client):
    """Ten Thousand's other ending (`jeopardy play --game ten-thousand --first-to-reach`):
    the coach's numbers are that command's hints, and at the start the better move's
    value is `jeopardy farkle solve --first-to-reach`'s first-player chance."""
    base = {"game": "ten-thousand", "goal": 1000, "seed": 4, "first_to_reach": "true"}
    state = client.get("/api/play", params=base).json()
    start = cli_json("farkle", "solve", "--goal", "1000", "--first-to-reach")
    rounds = cli_json("farkle", "solve", "--goal", "1000")
    assert state["first_to_reach"] is True
    assert abs(state["coach"]["roll"] - start["win_probability"]) < ROUTE_TOLERANCE
    assert abs(start["win_probability"] - rounds["win_probability"]) > 1e-3
    moves = ""
    while not state["finished"]:
        moves += state["coach"]["best"][0]
        state = client.get("/api/play", params={**base, "moves": moves}).json()
    answers = "".join("t\n" if m == "r" else "b\n" for m in moves)
    printed = CliRunner().invoke(cli, ["play", "--game", "ten-thousand", "--goal", "1000",
                                       "--seed", "4", "--hints", "--first-to-reach"],
                                 input=answers).output
    hints = [line.split("P(win): ")[1] for line in printed.splitlines() if "P(win): " in line]
    review = client.get("/api/review", params={**base, "moves": moves}).json()
    assert len(hints) == len(review["decisions"]) > 0
    for hint, decision in zip(hints, review["decisions"]):
        bank = "not allowed" if decision["hold"] is None else f"{decision['hold']:.4f}"
        assert hint == f"throw {decision['roll']:.4f}, bank {bank}"
    assert review["total_cost"] == 0
    refused = client.get("/api/play", params={"goal": 20, "seed": 1, "first_to_reach": "true"})
    assert refused.status_code == 400 and "ten-thousand only" in refused.json()["error"]


def test_the_probe_s_web_inputs_are_read_or_refused(client):
    """A probe of every route (2026-11-29) found inputs read wrongly with status 200: each
    is now read as asked or refused with a 400 naming it."""
    # /api/compare read ?policy= for A (one Query object shared with /api/policy-map took
    # that name) and ignored ?a=: the browser's compare always showed optimal against B
    got = client.get("/api/compare", params={"goal": 10, "a": "hold:5", "b": "hold:5"}).json()
    assert got["a"] == "hold at 5" and got["fair"] == 0.5
    also = client.get("/api/compare", params={"goal": 10, "a": "hold:5", "b": "hold:5",
                                              "policy": "optimal"}).json()
    assert also["a"] == "hold at 5"  # ?policy= is no parameter of compare's
    # a place in the round without equal turns, or past the scores, was dropped
    for params in ({"scores": "0,0", "goal": 10, "place": 1},
                   {"scores": "0,0,0", "goal": 10, "place": 2},
                   {"scores": "0,0,0", "goal": 10, "place": 5, "ending": "equal-turns"}):
        answer = client.get("/api/policy", params=params)
        assert answer.status_code == 400 and "place" in answer.json()["error"], params
    assert client.get("/api/policy", params={"scores": "0,0,0", "goal": 10, "place": 2,
                                             "ending": "equal-turns"}).json()["place"] == 2
    # Ten Thousand's table took seat 5 as seat 0, and an empty model as none
    for extra in ({"seat": 5}, {"model": ""}):
        answer = client.get("/api/play", params={"seed": 1, "game": "ten-thousand",
                                                 "goal": 50, **extra})
        assert answer.status_code == 400, extra
    # a variant's face: unknown keys, True for points, points on a bust
    faces = [{"effect": "add", "points": 2}, {"effect": "bust"}]
    for body, words in (({"goal": 10, "faces": faces, "junk": 1}, "junk: Extra inputs"),
                        ({"goal": 10, "faces": [{"effect": "add", "points": True}, faces[1]]},
                         "points: Input should be a valid integer"),
                        ({"goal": 10, "faces": [faces[0], {"effect": "bust", "points": 500}]},
                         "bust takes no points; got 500")):
        answer = client.post("/api/variant", json=body)
        assert answer.status_code == 400 and words in answer.json()["error"], answer.json()
    assert client.post("/api/variant", json={"goal": 10, "faces": faces}).status_code == 200
    # an empty game names none (it was pig); no game given is pig, as documented
    for path, params in (("/api/solve", {"goal": 10}), ("/api/play", {"seed": 1, "goal": 10})):
        assert client.get(path, params={**params, "game": ""}).json()["error"].startswith(
            "unknown game ''")
        assert client.get(path, params=params).json()["game"] == "pig"
    # scores are ASCII digits: int() read "1_0" as 10 and an Arabic-Indic digit as 3
    for scores in ("1_0,2", "\u0663,2"):
        answer = client.get("/api/policy", params={"scores": scores, "goal": 20})
        assert answer.status_code == 400 and "separated by commas" in answer.json()["error"]
    assert client.get("/api/policy", params={"scores": " 1 , 2 ", "goal": 20}).json()[
        "score"] == 1
