"""The `skunk` and `think` commands: SKUNK and THINK played to win."""
from __future__ import annotations

import click

from jeopardy.cli.common import emit_json, game_options, json_option, progress_printer
from jeopardy.errors import JeopardyError


@click.command(name="skunk")
@click.option("--turns", type=int, default=5, show_default=True, help="turns per player")
@click.option("--cap", type=int, default=None,
              help="score cap (default: grown until the proved bound is below 1e-13)")
@game_options(default="skunk")
@json_option
def skunk(turns, cap, model, game_name, as_json) -> None:
    """Two players, a fixed number of turns each, the higher total wins (Brutlag's SKUNK)."""
    from jeopardy.fixed_turns.analysis import analyse

    if turns < 1:
        raise JeopardyError(f"--turns must be at least 1; got {turns}")
    result = analyse(model, turns, cap, progress=progress_printer(not as_json))
    data = result.to_dict()
    if as_json:
        emit_json(data)
        return
    click.echo(f"{model.name}, {turns} turns each, highest total wins (tie = 1/2)")
    click.echo(f"first player wins {data['win_probability']:.12f} under optimal play "
               f"(proved bound {data['bound']:.1e}, cap {data['cap']}, {data['seconds']:.1f} s)")
    click.echo("against optimal play:        as first     as second")
    for name, record in data["compare"].items():
        click.echo(f"  {record['policy']:<32} {record['as_first']:.9f}  {record['as_second']:.9f}")
    click.echo("turn total of the first hold:")
    for where, total in data["first_holds"].items():
        click.echo(f"  {where}: {total}")
