"""Benchmark of the sweep engine: two local workers against serial, and a separate scheduler.

Run by hand:  python benchmarks/sweep.py [--top 1000] [--step 10] [--threads]

One spec, Pig at goals step, 2*step, ..., top (100 solves by default), run
* serially in this process (the baseline, same run);
* on a LocalCluster of two worker processes (and with --threads, one process
  with two threads), the cluster's start-up timed apart from the sweep;
* through a scheduler and two workers started here as separate processes
  (``python -m distributed.cli.dask_scheduler`` / ``dask_worker``, loopback),
  as a user's existing cluster would be.

For each Dask run it prints the wall time, the speed-up over serial, and the
overhead per task: (wall x workers - sum of the tasks' own seconds) / tasks,
the worker time not spent inside a task (scheduling, transfer, the idle tail).
The machine's load (os.getloadavg) is printed before and after each run:
on a shared machine the figures move with it.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's jeopardy, not an installed one

import jeopardy  # noqa: E402
from jeopardy.sweeps.engine import local_cluster  # noqa: E402


def load() -> str:
    return "load %.2f %.2f %.2f" % os.getloadavg()


def report(name: str, frame, wall: float, serial: float | None, workers: int) -> None:
    busy = float(frame["seconds"].sum())
    errors = int((frame["error"] != "").sum())
    line = f"{name:<28} {wall:8.1f} s  tasks' own time {busy:8.1f} s"
    if serial is not None:
        overhead = (wall * workers - busy) / len(frame)
        line += f"  speed-up {serial / wall:4.2f}x  overhead/task {1000 * overhead:7.1f} ms"
    print(line + (f"  ERRORS {errors}" if errors else "") + f"   [{load()}]", flush=True)


def run(spec: dict, out: Path, **options):
    started = time.perf_counter()
    frame = jeopardy.sweep(spec, out=out, resume=False, **options)
    return frame, time.perf_counter() - started


def separate_cluster(directory: Path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    file = directory / "scheduler.json"
    common = dict(cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                  start_new_session=True)
    processes = [subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler",
                                   "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                   "--scheduler-file", str(file)], **common)]
    deadline = time.monotonic() + 60
    while not file.exists() or not file.read_text().strip():
        if time.monotonic() > deadline:
            raise SystemExit("the scheduler did not start within 60 s")
        time.sleep(0.1)
    address = json.loads(file.read_text())["address"]
    for name in ("a", "b"):
        processes.append(subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_worker", address, "--name", name,
             "--nthreads", "1", "--host", "127.0.0.1", "--no-dashboard",
             "--resources", "memory=4e9"], **common))
    return address, processes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=1000)
    parser.add_argument("--step", type=int, default=10)
    parser.add_argument("--threads", action="store_true", help="also a local cluster of threads")
    args = parser.parse_args()
    spec = {"games": ["pig"], "goals": {"from": args.step, "to": args.top, "step": args.step}}
    tasks = len(range(args.step, args.top + 1, args.step))
    print(f"pig, goals {args.step}-{args.top} step {args.step}: {tasks} solves; "
          f"{os.cpu_count()} CPUs; {load()}", flush=True)
    with tempfile.TemporaryDirectory() as directory:
        directory = Path(directory)
        from jeopardy.match.pair import warm_up
        from jeopardy.rules import game

        warm_up(game("pig"))  # numba's cache loaded before the serial clock, as workers do
        frame, serial = run(spec, directory / "serial", scheduler="in-process")
        report("serial (this process)", frame, serial, None, 1)

        from distributed import Client

        kinds = [True, False] if args.threads else [True]
        for processes in kinds:
            started = time.perf_counter()
            with local_cluster(2, processes=processes) as cluster, \
                    Client(cluster, timeout="60s") as client:
                client.wait_for_workers(1, timeout=60)
                client.run(lambda: warm_up(game("pig")))
                startup = time.perf_counter() - started
                frame, wall = run(spec, directory / f"local-{processes}", scheduler=client)
            name = "local, 2 processes" if processes else "local, 1 process 2 threads"
            report(name, frame, wall, serial, 2)
            print(f"{'':<28} cluster start-up {startup:.1f} s; with it the speed-up is "
                  f"{serial / (wall + startup):.2f}x", flush=True)

        address, processes = separate_cluster(directory)
        try:
            with Client(address, timeout="60s") as client:
                client.wait_for_workers(2, timeout=60)
                client.run(lambda: warm_up(game("pig")))
            frame, wall = run(spec, directory / "separate", scheduler=address)
            report("separate scheduler, 2 workers", frame, wall, serial, 2)
        finally:
            for process in reversed(processes):
                if process.poll() is None:
                    os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait(timeout=10)


if __name__ == "__main__":
    main()
