"""The ``jeopardy`` command."""
from __future__ import annotations

import click

from jeopardy import __version__
from jeopardy.cli.common import ErrorReportingGroup, checking_paths
from jeopardy.cli.compare import compare, plot, reach, simulate
from jeopardy.cli.exact import exact
from jeopardy.cli.farkle import farkle
from jeopardy.cli.games_to_win import skunk, think
from jeopardy.cli.expected import max_score
from jeopardy.cli.play import play
from jeopardy.cli.race import certify, fairness, policy, solve
from jeopardy.cli.reproduce import reproduce
from jeopardy.cli.serve import serve
from jeopardy.cli.solitaire import solitaire
from jeopardy.cli.single_turn import games, replies, simultaneous, turn
from jeopardy.cli.variants import variants
from jeopardy.cli.sweep import sweep


@click.group(cls=ErrorReportingGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="jeopardy")
def cli() -> None:
    """Game-theoretic analysis of jeopardy dice games (Pig, Piglet, Farkle, ...)."""
    from jeopardy import compilation

    # Compiled kernels left from an edit of another kernel file go first (numba would load
    # them); on a cold numba cache a solve first compiles its kernels: say so.
    compilation.drop_stale_cache()
    compilation.listen(lambda notice: click.echo(notice, err=True))


for command in (games, turn, simultaneous, replies, solve, policy, exact, max_score,
                compare, simulate, reach, plot, farkle, reproduce, play,
                certify, fairness, solitaire, skunk, think, variants, sweep, serve):
    cli.add_command(command)
checking_paths(cli)  # no command writes over a file it reads, or writes one file twice


def main() -> None:
    cli()


if __name__ == "__main__":
    main()
