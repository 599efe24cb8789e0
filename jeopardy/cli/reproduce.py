"""The `reproduce` command: every published number beside ours."""
from __future__ import annotations

import click

from jeopardy.cli.common import emit_json, json_option


@click.command()
@click.option("--section", "sections", multiple=True,
              type=click.Choice(["puzzle", "neller-presser", "linux-magazin", "ten-thousand"]),
              help="only these sources (repeatable)")
@json_option
def reproduce(sections, as_json) -> None:
    """Recompute every number the seed documents publish and compare."""
    from jeopardy.reproduce import SECTIONS

    rows = []
    names = list(sections) or list(SECTIONS)
    for name in names:
        if not as_json:
            click.echo(f"computing {name} ...", err=True)
        rows.extend(SECTIONS[name]())
    if as_json:
        emit_json({"claims": [r.to_dict() for r in rows],
                   "agree": sum(r.agrees for r in rows), "total": len(rows)})
        return
    current = None
    for row in rows:
        if row.source != current:
            current = row.source
            click.echo(f"\n== {current}")
        mark = "ok " if row.agrees else "DIFF"
        click.echo(f"[{mark}] {row.claim}")
        click.echo(f"       published: {row.published}")
        click.echo(f"       ours:      {row.ours}")
        if row.note:
            click.echo(f"       note:      {row.note}")
    click.echo(f"\n{sum(r.agrees for r in rows)} of {len(rows)} claims agree")
