"""The `exact` command: exact rational solution of a race game (Pig to 100)."""
from __future__ import annotations

from pathlib import Path

import click

from jeopardy import validate
from jeopardy.cli.common import check_output, emit_json, game_options, json_option
from jeopardy.errors import JeopardyError

# Longer exact values go to a file and the JSON gives its path.
INLINE_CHARACTERS = 100_000
SHOWN_CHARACTERS = 200  # human output prints shorter rationals in full


def _parse_state(text: str) -> tuple[int, int, int]:
    try:
        i, j, k = validate.whole_numbers(text)
    except ValueError:
        raise JeopardyError(f"--state {text!r} is not a state; write it as i,j,k (e.g. 41,49,22)") from None
    return i, j, k


@click.command()
@click.option("--goal", type=int, default=2, show_default=True)
@click.option("--state", "states", multiple=True,
              help="also give the exact P(i,j,k) of this state, as i,j,k (repeatable)")
@click.option("--out", type=str, default=None, help="write P(0,0,0) as plain text p/q to this file")
@click.option("--all-states", is_flag=True, help="list every state's value and action (small goals)")
@click.option("--equations", is_flag=True, help="print the system of equations")
@click.option("--latex", is_flag=True, help="print the system as LaTeX")
@click.option("--start", type=click.Choice(["float", "roll", "hold"]), default="float",
              show_default=True, help="policy that policy iteration starts from")
@click.option("--sympy-check", is_flag=True,
              help="also substitute the solution into the sympy system (small goals)")
@click.option("--trace-plot", type=str, default=None, callback=check_output,
              help="PNG of the value-iteration trace (the paper's Figure 2; goal <= 4)")
@click.option("--no-progress", is_flag=True, help="do not show progress on stderr")
@game_options(default="piglet")
@json_option
def exact(goal, states, out, all_states, equations, latex, start, sympy_check, trace_plot,
          no_progress, model, game_name, as_json) -> None:
    """Exact rational win probabilities of a race game, every equation checked."""
    from jeopardy.cli.progress import ProgressLine
    from jeopardy.exact.race import (check_size, check_state, decimals, estimated_seconds,
                                     exact_text, float_difference, solve_exact, states_of)

    if goal <= 0:
        raise JeopardyError(f"--goal must be a positive integer; got {goal}")
    check_size(model, goal)
    asked = [_parse_state(text) for text in states]
    for state in asked:
        check_state(goal, *state)
    if all_states and states_of(goal) > 20_000:
        raise JeopardyError(f"--all-states lists every state; goal {goal} has {states_of(goal):,} "
                            "(use --state for single states, or a goal of at most 30)")
    if sympy_check and goal > 12:
        raise JeopardyError("--sympy-check substitutes into every equation; use a goal of at most 12")
    if out is not None and not Path(out).parent.is_dir():
        raise JeopardyError(f"--out {out!r}: no such directory {str(Path(out).parent)!r}")
    progress = None
    if not no_progress and estimated_seconds(model, goal) > 2:
        lines: dict[str, ProgressLine] = {}

        def progress(stage: str, fraction: float) -> None:
            if stage not in lines:
                lines[stage] = ProgressLine(f"{stage} {model.name} to {goal}")
            lines[stage](fraction)

    solution = solve_exact(model, goal, start=start, progress=progress)
    data = solution.to_dict()
    data["float_max_difference"] = float_difference(solution)
    text = data["win_probability_exact"]
    if out is None and len(text) > INLINE_CHARACTERS:
        out = f"{model.name}-to-{goal}-p000.txt"
    if out is not None:
        _write(out, text)
        data["out"] = out
        if len(text) > INLINE_CHARACTERS:
            data["win_probability_exact"] = None  # too long for JSON: the file holds it
    # Issue 15's key: P(0,0,0) as p/q, or the path of the file that holds it when long.
    data["win_probability_000"] = data["win_probability_exact"] or data["out"]
    if asked:
        data["asked_states"] = {}
        for i, j, k in asked:
            value = solution.exact_value(i, j, k)
            data["asked_states"][f"{i},{j},{k}"] = {
                "win_probability": float(value), "win_probability_exact": exact_text(value),
                "decimal": decimals(value), "action": solution.action(i, j, k)}
    if all_states:
        data["values"] = {f"{i},{j},{k}": exact_text(v) for (i, j, k), v in sorted(solution.values.items())}
        data["policy"] = {f"{i},{j},{k}": solution.action(i, j, k) for (i, j, k) in sorted(solution.roll)}
    sympy_ok = None
    if sympy_check:
        from jeopardy.exact.equations import sympy_check as check
        sympy_ok = check(model, goal, solution.values)
        data["sympy_check"] = sympy_ok
    if trace_plot:
        from jeopardy.plots import exact as figures  # matplotlib: heavy, drawn on request
        from jeopardy.exact.trace import jacobi_trace

        figures.refuse_large(goal)
        figures.value_iteration_trace(model.name, goal, *jacobi_trace(model, goal, 30), trace_plot)
    if equations or latex:
        from jeopardy.exact.equations import equations_latex, equations_text
        if equations:
            data["equations"] = equations_text(model, goal)
        if latex:
            data["latex"] = equations_latex(model, goal)
    if as_json:
        emit_json(data)
        return
    if equations:
        click.echo("\n".join(data["equations"]))
        click.echo()
    if latex:
        click.echo(data["latex"])
        click.echo()
    rounds = solution.iterations
    click.echo(f"{model.name} to {goal}: exact solution in {solution.seconds:.1f} s"
               + (f" ({rounds} rounds of policy iteration)" if rounds > 1 else ""))
    click.echo(f"  P(0,0,0) = {data['decimal']}...")
    if len(text) <= SHOWN_CHARACTERS:
        click.echo(f"  P(0,0,0) = {text}")
    where = f"; written to {out}" if out is not None else ""
    click.echo(f"  numerator {_digits(data['numerator_digits'])}, denominator "
               f"{_digits(data['denominator_digits'])}{where}")
    for key, entry in data.get("asked_states", {}).items():
        shown = entry["win_probability_exact"]
        shown = shown if len(shown) <= SHOWN_CHARACTERS else f"{entry['decimal']}..."
        click.echo(f"  P({key}) = {shown}   ({entry['action']})")
    if all_states:
        listed = list(data["values"].items())
        for key, value in listed[:40]:
            click.echo(f"  P({key}) = {value}   ({data['policy'][key]})")
        if len(listed) > 40:
            click.echo(f"  ... {len(listed) - 40} more states (use --json for all)")
    click.echo(f"every equation P = max(roll, hold) holds exactly: {solution.verified} "
               f"({states_of(goal):,} states; {solution.exact_comparisons:,} near-ties settled in "
               f"exact arithmetic; {solution.policy_changes:,} actions changed from the start policy)")
    if sympy_ok is not None:
        click.echo(f"sympy substitution check: {sympy_ok}")
    click.echo(f"largest difference from the float solver (turn-start values): "
               f"{data['float_max_difference']:.1e}")


def _digits(n: int) -> str:
    return f"{n:,} digit{'s' if n != 1 else ''}"


def _write(path: str, text: str) -> None:
    from jeopardy.files import write_atomically

    def write(temporary: str) -> None:
        Path(temporary).write_text(text + "\n")

    write_atomically(path, write, suffix=".txt")
