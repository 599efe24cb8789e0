"""The `serve` command: the browser app (jeopardy.web), imported only when it runs."""
from __future__ import annotations

import click

from jeopardy.errors import JeopardyError


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="address to listen on (the default serves this machine only)")
@click.option("--port", type=int, default=8000, show_default=True)
@click.option("--no-browser", is_flag=True, help="do not open a browser")
def serve(host, port, no_browser) -> None:
    """Serve the browser app: play with a coach, review, explore policies and equilibria."""
    if not 0 <= port <= 65535:
        raise JeopardyError(f"--port must be in 0-65535; got {port}")
    from jeopardy.web.server import serve as run

    run(host, port, open_browser=not no_browser)
