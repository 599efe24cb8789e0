"""Options shared by every command, and output helpers."""
from __future__ import annotations

import functools
import json
import sys

import click

from jeopardy.cli.progress import end_line
from jeopardy import validate
from jeopardy.errors import JeopardyError, NotConverged
from jeopardy.match import endings
from jeopardy.results import count  # noqa: F401 - the commands' plural


def given(ctx: click.Context, name: str) -> bool:
    """Whether the parameter ``name`` was given (on the command line or in the environment),
    not left at its default."""
    from click.core import ParameterSource

    return ctx.get_parameter_source(name) in (ParameterSource.COMMANDLINE,
                                              ParameterSource.ENVIRONMENT)


def option_flag(ctx: click.Context, name: str) -> str:
    """The flag of the command's option ``name`` as the user writes it (``--policy`` for
    ``policy_text``)."""
    for parameter in ctx.command.params:
        if parameter.name == name and isinstance(parameter, click.Option):
            return max(parameter.opts, key=len)
    return "--" + name.replace("_", "-")


def applies(name: str, when, scope: str):
    """Declare where an option applies: ``when(params)`` (the command's raw parameters, by
    name) says whether option ``name`` applies to the command as given; ``scope`` completes
    "--FLAG applies only ...".  An option given where it does not apply is refused in one
    line naming it, before any work: never ignored.

    Stack one per option, under the command's options::

        @applies("others", lambda p: p["players"] > 2, "with more than two players (--players)")
    """

    def decorate(function):
        @functools.wraps(function)
        def wrapper(*args, **kwargs):
            ctx = click.get_current_context()
            if given(ctx, name) and not when(ctx.params):
                raise JeopardyError(f"{option_flag(ctx, name)} applies only {scope}")
            return function(*args, **kwargs)

        return wrapper

    return decorate


def conflicts(ctx: click.Context, *names: str) -> None:
    """Refuse two or more of the options ``names`` given together."""
    chosen = [name for name in names if given(ctx, name)]
    if len(chosen) > 1:
        first, *others = (option_flag(ctx, name) for name in chosen)
        raise JeopardyError(f"{first} and {' and '.join(others)} cannot be given together")


def game_options(function=None, *, default: str = "pig", extra_games: tuple[str, ...] = (),
                 fast_pig: bool = False):
    """``--game``, ``--faces``, ``--bad-face``, ``--model`` on a command.

    ``extra_games`` are names the command handles itself (no roll model: ``model=None``).
    Fast Pig and Hog (a preset name, or a ``--model`` file of ``"kind": "fast-pig"``) come
    as their :class:`~jeopardy.rules.fast_pig.FastPigRules`, to the commands that take
    them (``fast_pig``); the others refuse them in one line.
    ``--model`` names the whole game: with ``--game``, ``--faces`` or ``--bad-face`` it is
    refused; ``--faces``/``--bad-face`` apply to one-die games only (an extra game is none).
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
            from jeopardy.rules import registry
            from jeopardy.rules.fast_pig import FAST_PIG_PRESETS, FastPigRules
            from jeopardy.rules.presets import FALLING_PRESETS, PRESETS

            ctx = click.get_current_context()
            if model_file is not None:
                for name in ("game_name", "faces", "bad_face"):
                    if given(ctx, name):
                        raise JeopardyError(f"{option_flag(ctx, name)} does not apply with --model "
                                            "(the roll model file is the whole game)")
            if game_name in extra_games and model_file is None:
                for name in ("faces", "bad_face"):
                    if given(ctx, name):
                        raise JeopardyError(f"{option_flag(ctx, name)} applies only to one-die games; "
                                            f"{_short(game_name)} is not one")
                model = None
            elif model_file is not None:
                model = _fast_pig_file(model_file) or load(model_file)
            elif game_name in FAST_PIG_PRESETS:
                for name in ("faces", "bad_face"):
                    if given(ctx, name):
                        raise JeopardyError(f"{option_flag(ctx, name)} does not apply to "
                                            f"{_short(game_name)}; a rules file (--model) "
                                            "sets its faces")
                model = FAST_PIG_PRESETS[game_name]
            else:
                if game_name not in PRESETS and game_name not in FALLING_PRESETS:
                    registry.refuse_elsewhere(game_name, ctx.info_name)  # one registry
                model = game(game_name, faces, bad_face)
            if isinstance(model, FastPigRules) and not fast_pig:
                raise JeopardyError(f"{model.name} (Fast Pig / Hog) is played by {FAST_PIG_COMMANDS}; "
                                    f"not by {ctx.info_name}")
            return function(*args, model=model, game_name=game_name, **kwargs)

        return wrapper

    return decorate(function) if function is not None else decorate


FAST_PIG_COMMANDS = "solve, policy, max-score, compare, simulate, fairness, play and plot dice-map"


def _fast_pig_file(path: str):
    """The rules of a ``--model`` file of ``"kind": "fast-pig"``, else None."""
    from jeopardy.files import read_json
    from jeopardy.rules.fast_pig import FastPigRules

    data = read_json(path, "roll model file")
    if isinstance(data, dict) and data.get("kind") == "fast-pig":
        return FastPigRules.from_dict(data, f"Fast Pig rules file {str(path)!r}")
    return None


def _short(text: str, limit: int = 40) -> str:
    """``text`` quoted, cut to ``limit`` characters (a user's word echoed in a message)."""
    return repr(text if len(text) <= limit else text[:limit - 3] + "...")


def ending_option(which=None, help: str | None = None):
    """``--ending``: a name of the endings registry (:data:`jeopardy.match.endings.ENDINGS`)
    that ``which`` accepts (every one without it), handed on as its
    :class:`~jeopardy.match.endings.Ending`; first to the goal by default."""
    return click.option("--ending", type=click.Choice(endings.names(which)),
                        default=endings.FIRST_TO_GOAL.name, show_default=True,
                        callback=lambda ctx, param, value: endings.named(value), help=help)


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


MAX_MESSAGE = 280  # characters of one error line (after "jeopardy: error: ")
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
        if sys.stdout is None:  # started with standard output closed (`>&-`): say so, not exit 0
            click.echo("jeopardy: error: standard output is closed; nothing can be shown",
                       err=True)
            sys.exit(2)
        try:
            result = super().main(args, prog_name, complete_var, False, **extra)
            _flush_output()
        except NO_ARGUMENTS as error:  # a bare group (jeopardy, jeopardy farkle): its help
            error.show()
            sys.exit(error.exit_code)
        except click.UsageError as error:  # any command's, or the group's own options
            _usage_error(error)
        except click.ClickException as error:
            error.show()
            sys.exit(error.exit_code)
        except (click.Abort, KeyboardInterrupt):
            end_line()
            click.echo("jeopardy: interrupted", err=True)
            sys.exit(130)
        except OSError as error:  # standard output full, a broken pipe, ... (never a traceback)
            _output_failed(error)
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
            end_line()
            click.echo(f"jeopardy: error: {self.flag_message(ctx, error)}", err=True)
            sys.exit(error.EXIT_STATUS if isinstance(error, NotConverged) else 2)
        except click.exceptions.Exit:
            raise
        except KeyboardInterrupt:  # here, before click's main would print a blank line first
            end_line()
            click.echo("jeopardy: interrupted", err=True)
            sys.exit(130)
        except OSError as error:
            _output_failed(error)
        except MemoryError:
            end_line()
            click.echo("jeopardy: error: out of memory (the size estimate was too low; "
                       "please report the command)", err=True)
            sys.exit(2)

    def flag_message(self, ctx, error: JeopardyError) -> str:
        from jeopardy.validate import ParameterError

        text = one_line(str(error))
        if not isinstance(error, ParameterError):
            return text
        # innermost first: the command run, then the groups it was found in
        flag = _flag_of(list(reversed(ctx.meta.get("jeopardy.commands", []))) + [self],
                        error.parameter)
        return f"{flag} {error.detail}" if flag else text


def one_line(text: str) -> str:
    """A message as one line of at most :data:`MAX_MESSAGE` characters: a user's long word
    (a 100 kB game name, a 1,000-character path) is shown by its ends, not echoed whole."""
    words = [word if len(word) <= 80 else f"{word[:50]}...{word[-20:]}" for word in text.split()]
    text = " ".join(words)
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE - 3] + "..."


def _flush_output() -> None:
    if sys.stdout is not None:
        sys.stdout.flush()


def _output_failed(error: OSError) -> None:
    """An OS error (standard output full, a broken pipe, a name too long, ...): one line,
    exit status 2.  Standard output is pointed at /dev/null first, so that the interpreter's
    own flush at exit finds nothing left to fail on."""
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass
    end_line()
    where = "cannot write the output" if error.filename is None else \
        f"cannot use {str(error.filename)[:60]!r}"
    try:
        click.echo(f"jeopardy: error: {where}: {error.strerror or error}", err=True)
    except OSError:
        pass
    sys.exit(2)


def _usage_error(error: click.UsageError) -> None:
    where = error.ctx.command_path if error.ctx is not None else "jeopardy"
    text = one_line(error.format_message())
    click.echo(f"{where}: error: {text} "
               f"(see '{where} --help')", err=True)
    sys.exit(2)


def _one_line_warning(message, category, filename, lineno, file=None, line=None) -> None:
    from jeopardy.resources import LongRunNotice

    label = "note" if issubclass(category, LongRunNotice) else "warning"
    end_line()
    click.echo(f"jeopardy: {label}: {' '.join(str(message).split())}", err=True)


def check_output(ctx, param, value):
    """Click callback of every output-path option: refuse unwritable paths before any work."""
    from jeopardy.files import check_output as check

    if value is None:
        return value
    suffixes = {"plot": (".png", ".svg", ".pdf"), "plot_path": (".png", ".svg", ".pdf"),
                "trace_plot": (".png", ".svg", ".pdf")}.get(param.name)
    if ctx.command.name in ("plot", "card") and param.name == "out":
        suffixes = (".png", ".svg", ".pdf")
    if ctx.command.name == "solve" and param.name == "out":  # a solution is an .npz
        suffixes = (".npz",)
    try:
        check(value, suffixes)
    except JeopardyError as error:
        raise JeopardyError(f"{max(param.opts, key=len)}: {error}") from None
    return value


def check_paths(ctx: click.Context) -> None:
    """Before any work: every path the command writes differs from every path it reads and
    from every other path it writes (the same file spelled alike or not: ``a.npz``,
    ``./a.npz``, a symlink to it).  Written paths are the options with the
    :func:`check_output` callback; read paths are every other argument naming a file."""
    import os

    written, read = {}, {}
    for parameter in ctx.command.params:
        value = ctx.params.get(parameter.name)
        values = value if isinstance(value, (tuple, list)) else (value,)
        for item in values:
            if not isinstance(item, str) or not item.strip() or "\0" in item:
                continue
            flag = option_flag(ctx, parameter.name) if isinstance(parameter, click.Option) else item
            try:
                where = os.path.realpath(item)
                is_file = os.path.isfile(item)
            except (OSError, ValueError):  # a name too long and the like: refused when used
                continue
            if parameter.callback is check_output:
                if where in written:
                    raise JeopardyError(f"{written[where]} and {flag} name the same file "
                                        f"{_short(item, 60)}; give each its own")
                written[where] = flag
            elif is_file:
                read[where] = flag
    for where, flag in written.items():
        if where in read:
            source = read[where]
            source = f"the policy file {_short(source, 60)}" if not source.startswith("--") \
                else source
            raise JeopardyError(f"{flag} would overwrite {source}, which this command reads; "
                                "write to another file")


def checking_paths(command: click.Command) -> None:
    """Make ``command`` (and every subcommand of a group) run :func:`check_paths` first."""
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            checking_paths(sub)
        return
    callback = command.callback
    if callback is None or getattr(callback, "_checks_paths", False):
        return

    @functools.wraps(callback)
    def wrapper(*args, **kwargs):
        check_paths(click.get_current_context())
        return callback(*args, **kwargs)

    wrapper._checks_paths = True
    command.callback = wrapper


# Python parameter names whose flag is not "--" + name with dashes.
FLAG_NAMES = {"bad_faces": "--bad-face", "bad_face": "--bad-face", "model": "--model",
              "goal": "--goal", "h": "--hold"}


def _flag_of(commands, parameter: str) -> str | None:
    """The flag of ``parameter`` in the invoked commands (innermost first)."""
    wanted = "--" + parameter.replace("_", "-")
    ordered = []
    for command in commands:  # the invoked commands, then those of invoked groups
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
                low = high = validate.whole(bounds[0])
            elif len(bounds) == 2:
                low, high = validate.whole(bounds[0]), validate.whole(bounds[1])
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
    from jeopardy.validate import ParameterError

    try:  # the size of rolling up to the last total: that of holding just past it
        resources.require("turn", "a turn distribution", hold=max(high for _, high in pieces) + 1)
    except ParameterError as error:  # named by the totals given, not by a --hold option
        raise JeopardyError(f"turn totals {text!r}: rolling up to the last, held at "
                            f"{error.detail}") from None
    out = set()
    for low, high in pieces:
        out.update(range(low, high + 1))
    return frozenset(out)


def require_converged(solution, what: str, unsaved: tuple = ()) -> None:
    """After a ``solve`` command has shown a result: one line on stderr and exit status 3
    where it did not converge (:mod:`jeopardy.convergence`); ``unsaved`` names the
    files it was asked to write, which are then not written."""
    from jeopardy import convergence

    if solution.converged:
        return
    try:
        convergence.settled(solution, what)
    except NotConverged as error:
        unsaved = [name for name in unsaved if name]
        note = f"; skipped: {', '.join(unsaved)}" if unsaved else ""
        raise NotConverged(f"{error}{note}", solution) from None


def dice_text(n: int) -> str:
    """``1 die``, ``3 dice`` (count's plural is regular; die's is not)."""
    return "1 die" if n == 1 else f"{n} dice"


def error_text(error: float, games: int, digits: int = 5) -> str:
    """``+- 0.00123``: a simulated chance's standard error, or ``(one game: no error
    estimate)`` after a single game, where the formula's 0 would claim certainty."""
    return "(one game: no error estimate)" if games < 2 else f"+- {error:.{digits}f}"


def show_seats(header: str, names, chances, errors, games: int) -> None:
    """A simulation of N seats: the header, then each seat's share of the wins."""
    click.echo(header)
    for place, (name, chance, error) in enumerate(zip(names, chances, errors), start=1):
        click.echo(f"  player {place} ({name}) wins {chance:.5f} {error_text(error, games)}")


def show_head_to_head(header: str, result, games: int) -> None:
    """A simulated head-to-head: the header, then A's chance moving first, second and
    by a fair coin, each with its standard error."""
    click.echo(header)
    for label, chance, error in (("A moves first", result.first, result.first_stderr),
                                 ("B moves first", result.second, result.second_stderr),
                                 ("fair coin", result.fair, result.stderr)):
        click.echo(f"  P(A wins | {label + ')':16}{chance:.5f} {error_text(error, games)}")
