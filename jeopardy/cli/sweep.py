"""``jeopardy sweep SPEC.toml``: a grid of analyses on Dask."""
from __future__ import annotations

import json
import sys

import click

from jeopardy.cli.common import json_option


@click.command()
@click.argument("spec", type=str)
@click.option("--out", type=str, default=None,
              help="results directory (default: the spec's output, or sweep-results)")
@click.option("--scheduler", type=str, default=None,
              help="tcp://HOST:PORT of a running Dask scheduler, or in-process "
                   "(default: a local cluster sized to this machine)")
@click.option("--workers", type=int, default=None,
              help="local cluster: number of workers (default: one per CPU)")
@click.option("--threads", is_flag=True,
              help="local cluster: one process with a thread per worker instead of processes")
@click.option("--plot", "plot_file", type=str, default=None,
              help="also draw value against goal to this .png or .svg")
@click.option("--connect-timeout", type=float, default=30.0, show_default=True,
              help="seconds to reach the scheduler and see a worker")
@click.option("--restart", is_flag=True, help="recompute rows finished by an earlier run")
@click.option("--no-progress", is_flag=True, help="no progress bar on stderr")
@json_option
def sweep(spec, out, scheduler, workers, threads, plot_file, connect_timeout, restart, no_progress,
          as_json) -> None:
    """Run a grid of games x goals x players x endings x analyses (see docs/sweep.md)."""
    from jeopardy.cli.progress import SweepProgress
    from jeopardy.errors import JeopardyError
    from jeopardy.sweeps.engine import sweep as run

    if workers is not None and workers < 1:
        raise JeopardyError(f"--workers must be at least 1; got {workers}")
    if scheduler is not None and (workers is not None or threads):
        raise JeopardyError("--workers and --threads size a local cluster; not with --scheduler")
    if plot_file is not None and not plot_file.lower().endswith((".png", ".svg")):
        raise JeopardyError(f"cannot write a figure to {plot_file!r}: use a .png or .svg name")
    if connect_timeout <= 0:
        raise JeopardyError(f"--connect-timeout must be positive; got {connect_timeout}")
    progress = SweepProgress(enabled=not no_progress)
    frame = run(spec, out=out, scheduler=scheduler, workers=workers, processes=not threads,
                resume=not restart, progress=progress, connect_timeout=connect_timeout)
    figure_path = None
    if plot_file is not None:
        from jeopardy.plots.sweep import save, value_against_goal

        figure_path = str(save(value_against_goal(frame), plot_file))
    directory = frame.attrs["output"]
    errors = int((frame["error"] != "").sum())
    if as_json:
        rows = json.loads(frame.to_json(orient="records"))
        click.echo(json.dumps({"tasks": len(frame), "errors": errors, "output": directory,
                               "notes": frame.attrs["notes"], "figure": figure_path,
                               "rows": rows}, indent=2))
        return
    for note in frame.attrs["notes"]:
        click.echo(f"note: {note}", err=True)
    click.echo(_table(frame))
    click.echo(f"{len(frame)} tasks, {errors} with an error; "
               f"results in {directory}/results.parquet and {directory}/results.csv")
    if figure_path:
        click.echo(f"figure: {figure_path}")


def _table(frame) -> str:
    lines = [f"{'game':<16} {'goal':>5} {'analysis':<18} {'value':>10} {'seconds':>8}  error"]
    for row in frame.itertuples(index=False):
        analysis = row.analysis + (f" {row.against}" if row.against else "")
        if row.players != 2 or row.ending != "first-to-goal":
            analysis += f" ({row.players}p, {row.ending})"
        value = "" if row.value != row.value else (
            f"{row.value:10.0f}" if row.analysis == "fairness" else f"{row.value:10.6f}")
        seconds = "" if row.seconds != row.seconds else f"{row.seconds:8.3f}"
        lines.append(f"{row.game:<16} {row.goal:>5} {analysis:<18} {value:>10} {seconds:>8}  "
                     f"{row.error}".rstrip())
    return "\n".join(lines)
