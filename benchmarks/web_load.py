"""Load test of the browser app on loopback: concurrent policy requests on a solved game.

Starts ``jeopardy serve --no-browser`` on a free 127.0.0.1 port (its own solution
cache directory), solves the game once (``/api/solve``), then sends ``--requests``
``/api/policy`` requests at once (each on its own connection, opened beforehand, from
one asyncio client) at seeded random score pairs, and reports how many were
answered 200, the latency percentiles, the server's CPU time per request and the
machine's load averages (the latencies depend on what else runs).  It stops by itself: every request has a
timeout, the whole run a deadline, and the server is stopped at the end (Ctrl-C,
as a person would).  Exit status 1 when a request failed or p99 is past ``--p99-ms``.

    python benchmarks/web_load.py [--requests 100] [--goal 100] [--rounds 3] [--p99-ms 200]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

DEADLINE = 300  # seconds for the whole run


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(port: int, cache: str) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-m", "jeopardy", "serve", "--no-browser",
                                "--port", str(port)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "JEOPARDY_CACHE_DIR": cache})
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server did not start: {process.stderr.read().strip()}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start within 60 s")


def get(url: str, timeout: float = 30) -> tuple[int, float]:
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            json.loads(response.read())
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    except OSError:
        status = 0
    return status, time.perf_counter() - started


async def _one(port: int, path: str, start: asyncio.Event) -> tuple[int, float]:
    """One request on its own connection, sent when ``start`` is set."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    await start.wait()
    started = time.perf_counter()
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                 .encode())
    data = await reader.read()  # to the end: the server closes the connection
    seconds = time.perf_counter() - started
    writer.close()
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split()[1]) if head.startswith(b"HTTP/") else 0
    if status == 200:
        json.loads(body)
    return status, seconds


async def _burst(port: int, paths: list[str]) -> list[tuple[int, float]]:
    start = asyncio.Event()
    tasks = [asyncio.create_task(_one(port, path, start)) for path in paths]
    await asyncio.sleep(0.5)  # every connection open
    start.set()
    done = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 60)
    return [r if isinstance(r, tuple) else (0, float("inf")) for r in done]


def burst(port: int, goal: int, requests: int, rng: random.Random) -> list[tuple[int, float]]:
    """``requests`` policy requests sent at once, each on its own open connection (one
    asyncio client: the client's own overhead stays small); ``[(status, seconds)]``."""
    paths = [f"/api/policy?goal={goal}&scores={rng.randrange(goal)},{rng.randrange(goal)}"
             for _ in range(requests)]
    return asyncio.run(_burst(port, paths))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def run(requests: int = 100, goal: int = 100, rounds: int = 3, seed: int = 1) -> dict:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="jeopardy-load-") as cache:
        process = start(port, cache)
        try:
            status, solve_seconds = get(f"{base}/api/solve?goal={goal}", timeout=120)
            if status != 200:
                raise SystemExit(f"solving the game failed with HTTP {status}")
            get(f"{base}/api/policy?goal={goal}&scores=0,0")  # the first column: warm kernels
            rng = random.Random(seed)
            load_before = os.getloadavg()
            results = []
            cpu = cpu_seconds(process.pid)
            for _ in range(rounds):
                if time.monotonic() - started > DEADLINE:
                    break
                results.extend(burst(port, goal, requests, rng))
            cpu = cpu_seconds(process.pid) - cpu
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    latencies = [seconds * 1000 for status, seconds in results if status == 200]
    return {"requests": len(results), "answered": len(latencies), "rounds": rounds,
            "concurrent": requests, "goal": goal, "solve_seconds": round(solve_seconds, 3),
            "p50_ms": round(statistics.median(latencies), 1) if latencies else None,
            "p99_ms": round(percentile(latencies, 0.99), 1) if latencies else None,
            "max_ms": round(max(latencies), 1) if latencies else None,
            # the server's own CPU time per request: the requests of a burst are served
            # one after the other, so on an idle core the last waits about requests x this
            "server_cpu_ms_per_request": round(1000 * cpu / max(1, len(results)), 2),
            # the machine may be shared: its 1, 5 and 15 minute load averages before the
            # bursts and after them (p99 grows with the load on the server's core)
            "load_average_before": [round(x, 2) for x in load_before],
            "load_average_after": [round(x, 2) for x in os.getloadavg()],
            "cores": os.cpu_count()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=100, help="concurrent requests a round")
    parser.add_argument("--goal", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--p99-ms", type=float, default=200.0)
    args = parser.parse_args()
    figures = run(args.requests, args.goal, args.rounds)
    print(json.dumps(figures, indent=2))
    ok = figures["answered"] == figures["requests"] and figures["p99_ms"] is not None \
        and figures["p99_ms"] < args.p99_ms
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
