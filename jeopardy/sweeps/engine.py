"""Run a sweep's tasks on Dask (or in this process) and collect one table.

* ``scheduler=None``: a ``LocalCluster`` sized to the machine -- one worker
  process per CPU, one thread each (``processes=False`` gives one process with
  one worker thread instead, tasks one by one: see :func:`local_cluster`;
  docs/sweep.md has the measurement that chose processes).
* ``scheduler="tcp://HOST:PORT"`` (or a ``distributed.Client``): an existing
  cluster.
* ``scheduler="in-process"``: no Dask at all, one task after another.

Worker processes are started by spawning, which imports the main program
again in each worker: a script must call :func:`sweep` under ``if __name__ ==
"__main__":``.  When it cannot be imported again (``python -`` reads it from
standard input) or the call is not under that guard, the local cluster runs
threads in this process instead, and the notes say why
(:func:`main_reimport_problem`); notebooks and guarded scripts get processes.

Every finished row is written at once (:class:`~jeopardy.sweeps.store.RowStore`)
and skipped on a rerun.  A worker that dies takes no row with it: the
scheduler runs its tasks again elsewhere; if a task still cannot finish (it
killed three workers), its row carries the reason and is not stored, so the
next run tries it again.  Each task asks for its estimated memory as the
Dask resource ``memory`` (workers declare theirs: ``--resources
memory=BYTES``), so a worker never takes on more tasks than fit; a task
larger than every worker is an error row, refused before it starts.
"""
from __future__ import annotations

import ast
import os
import secrets
import sys
from pathlib import Path
from typing import Callable

from jeopardy import resources, validate
from jeopardy.errors import JeopardyError
from jeopardy.files import write_atomically
from jeopardy.sweeps.analyses import run_task, unsupported
from jeopardy.sweeps.resources import refusal, task_memory, task_work
from jeopardy.sweeps.spec import Sweep, Task, read
from jeopardy.sweeps.store import RowStore

RESOURCE = "memory"  # lower case: DASK_DISTRIBUTED__WORKER__RESOURCES__MEMORY sets it too
MEMORY_SHARE = 0.8  # of the machine's memory given to a local cluster's tasks
CONNECT_TIMEOUT = 30  # seconds to reach a scheduler and see a worker
COLUMNS = ("task", "game", "goal", "players", "ending", "analysis", "against", "value",
           "win_probability", "win_probabilities", "compensation_points",
           "compensated_win_probability", "first", "second", "support", "verified", "states", "residual", "seconds", "peak_memory_bytes",
           "estimated_memory_bytes", "worker", "error")

Progress = Callable[[int, int, int], None]  # (tasks done, total, done before this run)


def sweep(spec: str | Path | dict | Sweep, out: str | Path | None = None,
          scheduler=None, workers: int | None = None, processes: bool = True,
          resume: bool = True, progress: Progress | None = None,
          connect_timeout: float = CONNECT_TIMEOUT):
    """Run every task of ``spec`` and return the results as a pandas DataFrame.

    The table (one row per task, grid order) is also written to
    ``out/results.parquet`` and ``out/results.csv``; ``out`` defaults to the
    spec's ``output`` or ``sweep-results``.  ``resume=False`` recomputes rows
    already on disk.  ``progress(done, total, skipped)`` is called as tasks
    finish.  ``frame.attrs["notes"]`` says how the sweep ran.
    """
    plan = spec if isinstance(spec, Sweep) else read(spec)
    if isinstance(scheduler, str) and scheduler != "in-process" and "://" not in scheduler:
        raise JeopardyError(f"scheduler must be an address like tcp://HOST:PORT; got {scheduler!r}")
    if workers is not None:
        workers = validate.positive_int(workers, "workers")
    resume = validate.flag(resume, "resume")
    processes = validate.flag(processes, "processes")
    store = RowStore(refuse_overwriting(plan, out))
    rows: dict[str, dict] = {}
    if resume:
        for task in plan.tasks:
            row = store.read(task.key, {"game": task.game, "goal": task.goal,
                                        "players": task.players, "ending": task.ending,
                                        "analysis": task.analysis, "against": task.against})
            if row is not None:
                rows[task.key] = row
    pending = [t for t in plan.tasks if t.key not in rows]
    work = {t.key: task_work(t) for t in pending}
    _refuse_past_budget([t for t in pending if not unsupported(t) and refusal(t) is None], work)
    pending.sort(key=lambda t: -work[t.key])
    total, skipped = len(plan.tasks), len(rows)
    notes = [f"{skipped} of {total} tasks were finished before and skipped"] if skipped else []
    if progress is not None:
        progress(skipped, total, skipped)

    def finished(row: dict, keep: bool = True) -> None:
        rows[row["task"]] = row
        if keep:
            store.write(row)
        if progress is not None:
            progress(len(rows), total, skipped)

    if pending:
        if isinstance(scheduler, str) and scheduler == "in-process":
            notes.append("ran in this process, one task after another")
            for task in pending:
                finished(run_task(task))
        else:
            notes.extend(_run_on_dask(pending, scheduler, workers, processes, finished,
                                      connect_timeout))
    frame = _table([rows[t.key] for t in plan.tasks])
    frame.attrs["notes"] = notes
    frame.attrs["output"] = str(store.directory)
    _write_table(frame, store.directory)
    return frame


def output_directory(plan: Sweep, out: str | Path | None) -> Path:
    """Where the results go: ``out``, else the spec's ``output``, else ``sweep-results``."""
    if out is not None and not isinstance(out, (str, Path)):
        raise JeopardyError(f"out must be a directory name; got {out!r}")
    return Path(out or plan.output or "sweep-results")


def refuse_overwriting(plan: Sweep, out: str | Path | None, *more: tuple[str, str]) -> Path:
    """The output directory, once no file the sweep writes (the two results tables, a row
    in ``rows/``, and ``more``: ``(flag, path)`` pairs such as the CLI's figure) is a file
    it read (the spec, its model files), however spelled (symlinks too).  It refused
    nothing before: a spec named ``results.csv`` in its own output directory was
    overwritten by the results."""
    directory = output_directory(plan, out)
    written = {os.path.realpath(directory / name): "the results table"
               for name in ("results.parquet", "results.csv")}
    written.update({os.path.realpath(path): flag for flag, path in more})
    rows = os.path.realpath(directory / "rows")
    for source in plan.sources:
        where = os.path.realpath(source)
        target = written.get(where, "a row of the results" if os.path.dirname(where) == rows
                             else None)
        if target is not None:
            raise JeopardyError(f"sweep: {source} is a file this sweep reads (its spec or a "
                                f"model file), and {target} would overwrite it; write to "
                                f"another directory (--out) or file")
    return directory


def _refuse_past_budget(tasks: list[Task], work: dict[str, float]) -> None:
    """Refuse, before any task starts, a sweep whose tasks together are estimated past this
    machine's time budget ($JEOPARDY_TIME_LIMIT) on all its CPUs, naming the estimate.
    (A single task past the budget is not counted: it becomes a row with its refusal.)"""
    if not tasks:
        return
    cpus, _ = machine()
    seconds = sum(work[t.key] for t in tasks)
    limit = resources.budget().seconds
    if seconds / cpus > limit:
        raise JeopardyError(
            f"sweep: {len(tasks):,} tasks estimated at {resources.duration(seconds)} of "
            f"computing (about {resources.duration(seconds / cpus)} on {cpus} CPUs), past the "
            f"budget of {resources.duration(limit)} (JEOPARDY_TIME_LIMIT); split the sweep or "
            "raise the limit")


# --------------------------------------------------------------------- Dask
def machine() -> tuple[int, int]:
    """``(CPUs this process may use, bytes of memory)``."""
    import psutil

    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:
        cpus = os.cpu_count() or 1
    return max(1, cpus), int(psutil.virtual_memory().total)


# The scheduler serves HTTP (health, metrics) even without a dashboard, by default on
# port 8787; when another cluster holds that port, distributed warns "Port 8787 is
# already in use" and a sweep printed that line.  Port 0 on the loopback: any free
# port, no warning, nothing reachable from outside.
QUIET_SCHEDULER = {"dashboard_address": "127.0.0.1:0"}


def local_cluster(workers: int | None = None, processes: bool = True):
    """A ``LocalCluster`` sized to the machine, each worker declaring its ``memory``
    (``processes`` off: one worker thread, whatever ``workers`` says)."""
    import logging

    from distributed import LocalCluster

    cpus, memory = machine()
    n = workers or cpus
    if n < 1:
        raise JeopardyError(f"workers must be at least 1; got {n}")
    share = int(MEMORY_SHARE * memory / n)
    if processes:
        return LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                            resources={RESOURCE: share}, memory_limit=share,
                            dashboard_address=None, scheduler_kwargs=QUIET_SCHEDULER,
                            silence_logs=logging.ERROR)
    # One thread: numba kernels entered from several threads of one process at once
    # crashed a threaded sweep now and then (a segmentation fault inside a kernel call;
    # tests/test_sweep.py's snippet from stdin, 4 runs in 10), so tasks run one by one.
    return LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                        resources={RESOURCE: int(MEMORY_SHARE * memory)},
                        dashboard_address=None, scheduler_kwargs=QUIET_SCHEDULER,
                        silence_logs=logging.ERROR)


def _guarded(tree: ast.Module, line: int) -> bool:
    """Whether ``line`` of a module lies inside ``if __name__ == "__main__":``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Compare) and \
                "__name__" in ast.unparse(node.test) and "__main__" in ast.unparse(node.test):
            if node.lineno <= line <= (node.end_lineno or node.lineno):
                return True
    return False


def main_reimport_problem() -> str | None:
    """Why spawned worker processes could not import the main program again, or None.

    Spawning runs the main script's top level in every worker: without the
    ``__main__`` guard around the call that would start the sweep again in each
    of them, and a program read from standard input cannot be read twice.
    Interactive sessions and notebooks have no main file: nothing to import.
    """
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if main is None or path is None or getattr(main, "__spec__", None) is not None:
        return None  # interactive, a notebook, or python -m (imported by name, guarded)
    if not os.path.isfile(path):
        return f"the main program ({path}) is not a file the worker processes can import"
    frame = sys._getframe(1)
    while frame is not None and frame.f_globals.get("__name__") != "__main__":
        frame = frame.f_back
    if frame is None or frame.f_code.co_name != "<module>":
        return None  # called from a function: the import defines it, runs nothing
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8", errors="replace"))
    except (OSError, SyntaxError, ValueError):
        return None
    if _guarded(tree, frame.f_lineno):
        return None
    return (f"{os.path.basename(path)} calls sweep at its top level, outside "
            "'if __name__ == \"__main__\":', so each worker process would run it again")


def _client(scheduler, workers: int | None, processes: bool, timeout: float):
    """``(client, cluster or None, note)`` for the scheduler option."""
    from distributed import Client

    if scheduler is None:
        problem = main_reimport_problem() if processes else None
        if problem is not None:
            processes = False
        cluster = local_cluster(workers, processes)
        client = Client(cluster, timeout=f"{timeout}s")
        kind = "processes" if processes else "threads"
        note = (f"local cluster: {len(cluster.workers)} worker "
                f"{'processes' if processes else 'process'}, {kind}")
        if problem is not None:
            note += f" ({problem}: threads instead of worker processes)"
        return client, cluster, note
    if isinstance(scheduler, Client):
        return scheduler, None, f"existing client {scheduler.scheduler.address}"
    if not isinstance(scheduler, str) or "://" not in scheduler:
        raise JeopardyError(f"scheduler must be an address like tcp://HOST:PORT; got {scheduler!r}")
    try:
        client = Client(scheduler, timeout=f"{timeout}s")
    except (OSError, TimeoutError) as error:
        raise JeopardyError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
    return client, None, f"scheduler {scheduler}"


def _capacity(client, timeout: float) -> int | None:
    """The largest worker's ``memory``, or None if some worker declares none."""
    try:
        client.wait_for_workers(1, timeout=timeout)
    except TimeoutError:
        raise JeopardyError(f"no Dask worker joined within {timeout:g} s") from None
    workers = client.scheduler_info(n_workers=-1)["workers"].values()
    declared = [w.get("resources", {}).get(RESOURCE) for w in workers]
    if not declared or any(d is None for d in declared):
        return None
    return int(max(declared))


def _run_on_dask(pending: list[Task], scheduler, workers, processes, finished,
                 timeout: float) -> list[str]:
    from distributed import as_completed

    try:
        client, cluster, note = _client(scheduler, workers, processes, timeout)
    except KeyboardInterrupt:  # while the local cluster starts: no Dask tracebacks
        _quiet_dask()
        raise
    notes = [note]
    try:
        capacity = _capacity(client, timeout)
        if capacity is None:
            notes.append(f"some workers declare no {RESOURCE} resource: tasks are not held back "
                         "by their memory estimates (start workers with --resources memory=BYTES)")
        token = secrets.token_hex(4)
        futures = {}
        for rank, task in enumerate(pending):
            if unsupported(task) or refusal(task):  # an error row at once, never sent
                finished(run_task(task))
                continue
            need = task_memory(task)
            if capacity is not None and need > capacity:
                row = _refused(task, need, capacity)
                finished(row)
                continue
            resources = {RESOURCE: need} if capacity is not None else None
            future = client.submit(run_task, task, key=f"jeopardy-sweep-{task.key}-{token}",
                                   pure=False, resources=resources, priority=len(pending) - rank)
            futures[future] = task
        for future in as_completed(list(futures)):
            task = futures.pop(future)
            try:
                row = future.result()
            except (KeyboardInterrupt, SystemExit):
                raise
            except BaseException as error:  # never finished: killed three workers, cancelled
                row = _lost(task, error)
                finished(row, keep=False)
            else:
                finished(row)
            future.release()
    except KeyboardInterrupt:  # Ctrl-C: close at once and quietly, then say "interrupted"
        _quiet_dask()
        _close(client, cluster, scheduler, INTERRUPTED_CLOSE)
        raise
    except BaseException:
        _close(client, cluster, scheduler, timeout)
        raise
    _close(client, cluster, scheduler, timeout)
    return notes


INTERRUPTED_CLOSE = 0.5  # seconds to close the client and a local cluster after Ctrl-C


def _close(client, cluster, scheduler, timeout: float) -> None:
    try:
        if cluster is not None:
            client.close(timeout=timeout)
            cluster.close(timeout=timeout)
        elif isinstance(scheduler, str):  # a client we opened (not one we were given)
            client.close(timeout=timeout)
    except (Exception, KeyboardInterrupt):  # noqa: BLE001 - closing after an interrupt
        if timeout != INTERRUPTED_CLOSE:
            raise


def _quiet_dask() -> None:
    """No log lines or tracebacks from Dask, tornado or asyncio while an interrupted sweep
    closes (they would follow the one line "interrupted")."""
    import logging

    for name in ("distributed", "tornado", "asyncio", "bokeh"):
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)
    try:  # a cluster interrupted while it starts fails distributed's own close at exit
        import atexit

        from distributed.deploy import spec

        atexit.unregister(spec.close_clusters)
    except (ImportError, AttributeError):
        pass


def _empty_row(task: Task, need: int) -> dict:
    row = task.parameters()
    row.update(value=None, residual=None, seconds=None, peak_memory_bytes=None,
               estimated_memory_bytes=need, worker="", error="")
    return row


def _refused(task: Task, need: int, capacity: int) -> dict:
    row = _empty_row(task, need)
    row["error"] = f"needs about {_size(need)}, more than any worker has ({_size(capacity)})"
    return row


def _size(count: int) -> str:
    return f"{count / 1e9:.2f} GB" if count >= 1e9 else f"{count / 1e6:.1f} MB"


def _lost(task: Task, error: BaseException) -> dict:
    row = _empty_row(task, task_memory(task))
    text = str(error).strip().splitlines()
    row["error"] = f"not finished ({type(error).__name__}{': ' + text[0] if text else ''}); " \
                   "a rerun tries it again"
    return row


# -------------------------------------------------------------------- table
def _table(rows: list[dict]):
    import pandas as pd

    frame = pd.DataFrame(rows)
    for column in COLUMNS:
        if column not in frame:
            frame[column] = None
    order = list(COLUMNS) + sorted(c for c in frame.columns if c not in COLUMNS)
    frame = frame[order]
    for column in ("value", "win_probability", "compensated_win_probability", "first", "second",
                   "residual", "seconds"):
        frame[column] = pd.to_numeric(frame[column], errors="coerce").astype("float64")
    for column in ("goal", "players", "compensation_points", "states", "peak_memory_bytes",
                   "estimated_memory_bytes"):  # an estimate past int64 is clipped, not fatal
        numbers = pd.to_numeric(frame[column], errors="coerce").astype("float64")
        frame[column] = numbers.clip(upper=2.0 ** 62).round().astype("Int64")
    for column in ("win_probabilities", "support", "against", "worker", "error"):
        frame[column] = frame[column].fillna("").astype(str)
    frame["verified"] = frame["verified"].astype("boolean")
    return frame


def _write_table(frame, directory: Path) -> None:
    write_atomically(directory / "results.parquet", lambda tmp: frame.to_parquet(tmp, index=False),
                     suffix=".parquet")
    write_atomically(directory / "results.csv", lambda tmp: frame.to_csv(tmp, index=False),
                     suffix=".csv")
