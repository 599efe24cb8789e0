"""The `exact` command: exact rational solution of a small race game."""
from __future__ import annotations

import click

from jeopardy.cli.common import check_output, emit_json, game_options, json_option
from jeopardy.errors import JeopardyError


@click.command()
@click.option("--goal", type=int, default=2, show_default=True)
@click.option("--equations", is_flag=True, help="print the system of equations")
@click.option("--latex", is_flag=True, help="print the system as LaTeX")
@click.option("--start", type=click.Choice(["float", "roll", "hold"]), default="float",
              show_default=True, help="policy that policy iteration starts from")
@click.option("--sympy-check", is_flag=True,
              help="also substitute the solution into the sympy system (small goals)")
@click.option("--trace-plot", type=str, default=None, callback=check_output,
              help="PNG of the value-iteration trace (the paper's Figure 2; goal <= 4)")
@game_options(default="piglet")
@json_option
def exact(goal, equations, latex, start, sympy_check, trace_plot, model, game_name, as_json) -> None:
    """Exact rational win probabilities and policy of a small race game."""
    from jeopardy.exact.race import check_size, solve_exact

    if goal <= 0:
        raise JeopardyError(f"--goal must be a positive integer; got {goal}")
    check_size(model, goal)
    solution = solve_exact(model, goal, start=start)
    float_difference = _float_difference(solution)
    sympy_ok = None
    if sympy_check:
        if solution.goal > 12:
            raise JeopardyError("--sympy-check substitutes into every equation; use a goal of at most 12")
        from jeopardy.exact.equations import sympy_check as check
        sympy_ok = check(model, goal, solution.values)
    if trace_plot:
        from jeopardy.plots.exact import value_iteration_trace
        value_iteration_trace(model, goal, trace_plot)
    data = solution.to_dict()
    data["float_max_difference"] = float_difference
    if sympy_ok is not None:
        data["sympy_check"] = sympy_ok
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
    word = solution.roll_word
    click.echo(f"{model.name} to {goal}: exact solution ({solution.iterations} policy-iteration "
               f"round{'s' if solution.iterations > 1 else ''}, {solution.seconds:.3f} s)")
    shown = sorted(solution.values.items())
    for (i, j, k), v in shown[:40]:
        action = word if solution.roll[(i, j, k)] else "hold"
        click.echo(f"  P[{i},{j},{k}] = {v}   ({action})")
    if len(shown) > 40:
        click.echo(f"  ... {len(shown) - 40} more states (use --json for all)")
    click.echo(f"every equation P = max(roll, hold) holds exactly: {solution.verified}")
    if sympy_ok is not None:
        click.echo(f"sympy substitution check: {sympy_ok}")
    click.echo(f"largest difference from the float solver: {float_difference:.1e}")


def _float_difference(solution) -> float:
    from jeopardy.race.solver import solve

    floats = solve(solution.model, solution.goal)
    worst = 0.0
    for i in range(solution.goal):
        for j in range(solution.goal):
            column = floats.column(i, j)[0]
            for k in range(solution.goal - i):
                worst = max(worst, abs(float(solution.values[(i, j, k)]) - column[k]))
    return worst
