"""The `reproduce` command: every published number beside ours."""
from __future__ import annotations

import click

from jeopardy.cli.common import emit_json, json_option

MARKS = {"matches": "ok", "differs — explained": "explained",
         "differs — unexplained": "UNEXPLAINED", "refuted": "REFUTED"}


@click.command()
@click.option("--section", "sections", multiple=True,
              type=click.Choice(["puzzle", "neller-presser", "linux-magazin", "ten-thousand",
                                 "literature", "busche", "neller-busche"]),
              help="only these sources (repeatable)")
@click.option("--long", "long", is_flag=True,
              help="also compute the rows that take minutes (Busche's first player: about "
                   "10 min of one core)")
@json_option
def reproduce(sections, long, as_json) -> None:
    """Recompute every published number and compare, with a verdict for each."""
    from jeopardy.cli.progress import ProgressLine
    from jeopardy.reproduce import LONG, SECTIONS, VERDICTS, counts, section

    rows = []
    names = list(sections) or list(SECTIONS)
    for name in names:
        if not as_json:
            click.echo(f"computing {name} ...", err=True)
        # the rows that take minutes show how far they are (stderr; also with --json)
        line = ProgressLine(f"solving {name}") if long and name in LONG else None
        rows.extend(section(name, long, line))
    numeric = [r for r in rows if r.numeric]
    context = [r for r in rows if not r.numeric]
    tally = counts(rows)
    if as_json:
        emit_json({"claims": [r.to_dict() for r in numeric],
                   "context": [r.to_dict() for r in context],
                   "counts": tally, "total": len(numeric)})
        return
    current = None
    for row in numeric:
        if row.source != current:
            current = row.source
            click.echo(f"\n== {current}")
        click.echo(f"[{MARKS.get(row.verdict, row.verdict)}] {row.claim}")
        click.echo(f"       published: {row.published}")
        click.echo(f"       ours:      {row.ours}")
        if row.note:
            click.echo(f"       note:      {row.note}")
    if context:
        click.echo("\n== not compared (not numbers, or no published value)")
        for row in context:
            click.echo(f"[--] {row.source}: {row.claim}")
            click.echo(f"       published: {row.published}")
            click.echo(f"       ours:      {row.ours}")
            if row.note:
                click.echo(f"       note:      {row.note}")
    summary = ", ".join(f"{tally[v]} {v}" for v in VERDICTS)
    click.echo(f"\n{len(numeric)} claims: {summary}; {len(context)} rows not compared")
