"""``jeopardy sweep SPEC.toml``: a grid of analyses on Dask."""
from __future__ import annotations

import json

import click

from jeopardy.cli.common import json_option
from jeopardy.match.endings import pair_game


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
              help="local cluster: one process running the tasks in one thread, instead of processes")
@click.option("--plot", "plot_file", type=str, default=None,
              help="also draw value against goal to this .png or .svg")
@click.option("--connect-timeout", type=float, default=30.0, show_default=True,
              help="seconds to reach the scheduler and see a worker")
@click.option("--restart", is_flag=True, help="recompute rows finished by an earlier run")
@click.option("--no-progress", is_flag=True, help="no progress bar on stderr")
@click.option("--quiet", is_flag=True, help="only the summary lines, not the table")
@json_option
def sweep(spec, out, scheduler, workers, threads, plot_file, connect_timeout, restart, no_progress,
          quiet, as_json) -> None:
    """Run a grid of games x goals x players x endings x analyses (see docs/sweep.md)."""
    from jeopardy.cli.progress import SweepProgress
    from jeopardy.errors import JeopardyError
    from jeopardy.sweeps.engine import refuse_overwriting, sweep as run
    from jeopardy.sweeps.spec import read

    if workers is not None and workers < 1:
        raise JeopardyError(f"--workers must be at least 1; got {workers}")
    if scheduler is not None and (workers is not None or threads):
        raise JeopardyError("--workers and --threads size a local cluster; not with --scheduler")
    if plot_file is not None and not plot_file.lower().endswith((".png", ".svg")):
        raise JeopardyError(f"cannot write a figure to {plot_file!r}: use a .png or .svg name")
    if not connect_timeout > 0 or connect_timeout == float("inf"):  # nan, inf too
        raise JeopardyError(f"--connect-timeout must be positive; got {connect_timeout}")
    plan = read(spec)
    if plot_file is not None:  # before any task: where it goes, and that it reads nothing
        from pathlib import Path

        refuse_overwriting(plan, out, ("--plot", plot_file))
        if not Path(plot_file).parent.is_dir():
            raise JeopardyError(f"--plot {plot_file!r}: no such directory "
                                f"{str(Path(plot_file).parent)!r}")
    progress = SweepProgress(enabled=not no_progress)
    frame = run(plan, out=out, scheduler=scheduler, workers=workers, processes=not threads,
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
        click.echo(f"note: {note}")
    if not quiet:
        click.echo(_table(frame))
    click.echo(f"{len(frame)} tasks, {errors} with an error; "
               f"results in {directory}/results.parquet and {directory}/results.csv")
    if figure_path:
        click.echo(f"figure: {figure_path}")


TITLES = {
    "solve": "P(first player wins), optimal play",
    "fairness": "compensation points: the second player's head start closest to a fair game",
    "compare": "P(optimal play beats {against}), a fair coin deciding who starts",
    "simultaneous": "simultaneous single-turn game over hold at 1-goal: value, and the "
                    "hold-at values its optimal mixed strategy uses",
    "solitaire": "solitaire: the fewest expected turns to reach the goal alone",
}


def _table(frame) -> str:
    """One block per analysis: goals down, games across; then the errors, counted."""
    lines = []
    good = frame[frame["error"] == ""]
    groups = good.groupby(["analysis", "against", "players", "ending"], sort=False)
    for (analysis, against, players, ending), part in groups:
        title = TITLES.get(analysis, analysis).format(against=against)
        if not pair_game(players, ending):
            title += f" ({players} players, {ending})"
        lines.append(title)
        if analysis == "simultaneous":
            for row in part.itertuples(index=False):
                lines.append(f"{row.goal:>6} {row.game:<16} value {row.value:g}, hold at {row.support}")
            lines.append("")
            continue
        games = list(dict.fromkeys(part["game"]))
        width = max(10, *(len(g) for g in games))
        lines.append(f"{'goal':>6} " + " ".join(f"{g:>{width}}" for g in games))
        table = part.pivot_table(index="goal", columns="game", values="value", aggfunc="first")
        for goal, row in table.iterrows():
            cells = []
            for g in games:
                v = row.get(g)
                cells.append(" " * width if v != v or v is None else
                             f"{v:>{width}.0f}" if analysis == "fairness" else f"{v:>{width}.6f}")
            lines.append(f"{goal:>6} " + " ".join(cells))
        lines.append("")
    failed = frame[frame["error"] != ""]
    for message, count in failed["error"].value_counts(sort=False).items():
        lines.append(f"error in {count} task{'s' if count > 1 else ''}: {message}")
    return "\n".join(lines).rstrip()
