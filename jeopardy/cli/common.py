"""Options shared by every command, and output helpers."""
from __future__ import annotations

import functools
import json
import sys

import click

from jeopardy.errors import JeopardyError


def game_options(function=None, *, default: str = "pig", extra_games: tuple[str, ...] = ()):
    """``--game``, ``--faces``, ``--bad-face``, ``--model`` on a command.

    ``extra_games`` are names the command handles itself (no roll model: ``model=None``).
    """

    def decorate(function):
        @click.option("--game", "game_name", default=default, show_default=True,
                      help="preset game (see `jeopardy games`)")
        @click.option("--faces", type=int, default=None, help="faces of the die (one-die games)")
        @click.option("--bad-face", type=int, default=None,
                      help="the face that busts (one-die games)")
        @click.option("--model", "model_file", type=str, default=None,
                      help="a roll model JSON file instead of a preset")
        @functools.wraps(function)
        def wrapper(*args, game_name, faces, bad_face, model_file, **kwargs):
            from jeopardy.rules import game, load

            if game_name in extra_games and model_file is None:
                model = None
            elif model_file is not None:
                model = load(model_file)
            else:
                model = game(game_name, faces, bad_face)
            return function(*args, model=model, game_name=game_name, **kwargs)

        return wrapper

    return decorate(function) if function is not None else decorate


def json_option(function):
    return click.option("--json", "as_json", is_flag=True, help="print JSON instead of text")(function)


def emit_json(data: dict) -> None:
    click.echo(json.dumps(data, indent=2))


def progress_printer(enabled: bool = True):
    """A progress callback that writes to stderr (never to the JSON on stdout),
    when stderr is a terminal."""
    if not enabled or not sys.stderr.isatty():
        return None

    def report(message: str) -> None:
        click.echo(message, err=True)

    return report


NO_ARGUMENTS = getattr(click.exceptions, "NoArgsIsHelpError", ())  # click >= 8.2


class ErrorReportingGroup(click.Group):
    """The one place where errors become messages: :class:`JeopardyError` becomes a
    one-line message and exit status 2, an interrupt "interrupted" and 130.

    API errors name Python parameters (``goal must be ...``,
    :class:`jeopardy.validate.ParameterError`); here the name becomes the
    command's flag (``--goal must be ...``).
    """

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        """Click's own main reads an interrupt that lands outside a command (while the
        arguments are parsed, or before a command's own handler runs) as "Aborted!"
        and exit status 1; here every interrupt is "interrupted" and 130, and every usage
        error (a command's or the group's own) one line and 2."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            result = super().main(args, prog_name, complete_var, False, **extra)
        except NO_ARGUMENTS as error:  # a bare group (jeopardy, jeopardy farkle): its help
            error.show()
            sys.exit(error.exit_code)
        except click.UsageError as error:  # any command's, or the group's own options
            _usage_error(error)
        except click.ClickException as error:
            error.show()
            sys.exit(error.exit_code)
        except (click.Abort, KeyboardInterrupt):
            click.echo("jeopardy: interrupted", err=True)
            sys.exit(130)
        sys.exit(result if isinstance(result, int) else 0)

    def resolve_command(self, ctx, args):
        name, command, rest = super().resolve_command(ctx, args)
        ctx.meta.setdefault("jeopardy.commands", []).append(command)
        return name, command, rest

    def invoke(self, ctx):
        import warnings

        warnings.showwarning = _one_line_warning
        try:
            return super().invoke(ctx)
        except JeopardyError as error:
            click.echo(f"jeopardy: error: {self.flag_message(ctx, error)}", err=True)
            sys.exit(2)
        except click.exceptions.Exit:
            raise
        except KeyboardInterrupt:  # here, before click's main would print a blank line first
            click.echo("jeopardy: interrupted", err=True)
            sys.exit(130)
        except MemoryError:
            click.echo("jeopardy: error: out of memory (the size estimate was too low; "
                       "please report the command)", err=True)
            sys.exit(2)

    def flag_message(self, ctx, error: JeopardyError) -> str:
        from jeopardy.validate import ParameterError

        text = " ".join(str(error).split())  # one line, whatever the message held
        if not isinstance(error, ParameterError):
            return text
        flag = _flag_of(ctx.meta.get("jeopardy.commands", []) + [self], error.parameter)
        return f"{flag} {error.detail}" if flag else text


def _usage_error(error: click.UsageError) -> None:
    where = error.ctx.command_path if error.ctx is not None else "jeopardy"
    click.echo(f"{where}: error: {' '.join(error.format_message().split())} "
               f"(see '{where} --help')", err=True)
    sys.exit(2)


def _one_line_warning(message, category, filename, lineno, file=None, line=None) -> None:
    from jeopardy.resources import LongRunNotice

    label = "note" if issubclass(category, LongRunNotice) else "warning"
    click.echo(f"jeopardy: {label}: {' '.join(str(message).split())}", err=True)


def check_output(ctx, param, value):
    """Click callback of every output-path option: refuse unwritable paths before any work."""
    from jeopardy.files import check_output as check

    if value is None:
        return value
    suffixes = {"plot": (".png", ".svg", ".pdf"), "plot_path": (".png", ".svg", ".pdf"),
                "trace_plot": (".png", ".svg", ".pdf")}.get(param.name)
    if ctx.command.name == "plot" and param.name == "out":
        suffixes = (".png", ".svg", ".pdf")
    try:
        check(value, suffixes)
    except JeopardyError as error:
        raise JeopardyError(f"{max(param.opts, key=len)}: {error}") from None
    return value


# Python parameter names whose flag is not "--" + name with dashes.
FLAG_NAMES = {"bad_faces": "--bad-face", "bad_face": "--bad-face", "model": "--model",
              "goal": "--goal", "h": "--hold"}


def _flag_of(commands, parameter: str) -> str | None:
    """The flag of ``parameter`` in the invoked commands (innermost first)."""
    wanted = "--" + parameter.replace("_", "-")
    ordered = []
    for command in reversed(commands):  # the invoked commands, then those of invoked groups
        ordered.append(command)
        ordered.extend(getattr(command, "commands", {}).values())
    for command in ordered:
        for option in getattr(command, "params", ()):
            if not isinstance(option, click.Option):
                continue
            if option.name == parameter or wanted in option.opts:
                return max(option.opts, key=len)
    return FLAG_NAMES.get(parameter)


def parse_totals(text: str) -> frozenset[int]:
    """'0-19,22' -> {0..19, 22}; the size is checked (as a turn distribution) first."""
    from jeopardy import resources

    hint = "write them like '0-19,22'"
    pieces = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        bounds = part.split("-")
        try:
            if len(bounds) == 1:
                low = high = int(bounds[0])
            elif len(bounds) == 2:
                low, high = int(bounds[0]), int(bounds[1])
            else:
                raise ValueError
        except ValueError:
            raise JeopardyError(f"cannot read turn totals {text!r}; {hint}") from None
        if low > high:
            raise JeopardyError(f"turn totals {part!r}: the range is empty ({low} > {high})")
        pieces.append((low, high))
    if not pieces:
        raise JeopardyError(f"no turn totals in {text!r}; {hint}")
    if any(low < 0 for low, _ in pieces):
        raise JeopardyError("turn totals must be non-negative")
    resources.require("turn", "a turn distribution", hold=max(high for _, high in pieces) + 1)
    out = set()
    for low, high in pieces:
        out.update(range(low, high + 1))
    return frozenset(out)
