"""The `variants` command: every variant in the paper's appendix, solved where possible."""
from __future__ import annotations

import click

from jeopardy.cli.common import emit_json, json_option, progress_printer


@click.command(name="variants")
@json_option
def variants(as_json) -> None:
    """Every appendix variant: its customary goal and the first player's chance."""
    from jeopardy.variants import variants_table

    rows = [row.to_dict() for row in variants_table(progress_printer(not as_json))]
    if as_json:
        emit_json({"variants": rows})
        return
    click.echo(f"{'variant':<48} {'goal':<44} {'first player':<14} preset")
    for row in rows:
        chance = (f"{row['first_player']:.10f}" if row["first_player"] is not None
                  else row["kind"])
        click.echo(f"{row['variant']:<48} {row['goal']:<44} {chance:<14} {row['preset'] or '-'}")
    notes = [row for row in rows if row["note"]]
    if notes:
        click.echo("notes:")
        for row in notes:
            click.echo(f"  {row['variant']}: {row['note']}")
