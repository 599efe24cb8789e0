"""Commands of the single-turn analyses: turn, simultaneous, replies, games."""
from __future__ import annotations

import click

from jeopardy.cli.common import (applies, check_output, emit_json, game_options, json_option, parse_totals,
                                 progress_printer)
from jeopardy.errors import JeopardyError


@click.command()
def games() -> None:
    """List the preset games of every kind (dice, falling, Fast Pig, Farkle)."""
    from jeopardy.rules.registry import KINDS, PLAYED_BY, USER_FILES, entries

    listed = entries()
    for kind in KINDS:
        click.echo(f"{kind} games, played by {PLAYED_BY[kind]}:")
        for entry in (e for e in listed if e.kind == kind):
            click.echo(f"  {entry.name:16} goal {entry.goal:>6,}  {entry.summary}")
    click.echo(f"Your own game: {USER_FILES}.")


@click.command()
@click.option("--hold", type=int, default=None, help="hold at H: roll while the turn total is below H")
@click.option("--roll-at", type=str, default=None, help="roll exactly at these totals, e.g. '0-19,22'")
@game_options
@json_option
def turn(hold, roll_at, model, game_name, as_json) -> None:
    """Exact distribution of one turn's final score."""
    from jeopardy.turn.distribution import StoppingRule, turn_distribution

    if (hold is None) == (roll_at is None):
        raise JeopardyError("give exactly one of --hold H or --roll-at TOTALS")
    if hold is not None and hold < 0:
        raise JeopardyError(f"--hold must be non-negative; got {hold}")
    rule = hold if hold is not None else StoppingRule(parse_totals(roll_at))
    result = turn_distribution(model, rule)
    if as_json:
        emit_json(result.to_dict())
        return
    click.echo(f"{model.name}, {result.rule}: final score distribution")
    for n, p in sorted(result.probabilities.items()):
        click.echo(f"  {n:4d}  {float(p):.17f}  = {p}")
    click.echo(f"mean {float(result.mean):.6f}   bust probability {float(result.bust_probability):.6f}")


@click.command()
@click.option("--max-hold", type=int, default=100, show_default=True, help="strategies hold at 1..H")
@click.option("--all-stopping-rules", is_flag=True,
              help="also solve the game over every stopping rule (double oracle)")
@click.option("--csv", "csv_path", type=str, default=None, callback=check_output, help="write the payoff matrix CSV here")
@click.option("--csv-floats", is_flag=True, help="write floats instead of exact fractions")
@click.option("--strategy-csv", type=str, default=None, callback=check_output, help="write the equilibrium strategy CSV here")
@click.option("--plot", "plot_path", type=str, default=None, callback=check_output, help="write a bar chart here (.png, .svg or .pdf)")
@click.option("--nfg", "nfg_path", type=str, default=None, callback=check_output,
              help="write the game as a Gambit strategic-form file (.nfg, exact payoffs)")
@game_options
@json_option
@applies("csv_floats", lambda p: p["csv_path"] is not None, "with --csv")
def simultaneous(max_hold, all_stopping_rules, csv_path, csv_floats, strategy_csv, plot_path,
                 nfg_path, model, game_name, as_json) -> None:
    """Optimal mixed strategy of the simultaneous single-turn game, verified exactly."""
    from jeopardy.simultaneous.game import solve_simultaneous

    if max_hold < 1:
        raise JeopardyError(f"--max-hold must be at least 1; got {max_hold}")
    solution = solve_simultaneous(model, max_hold, all_stopping_rules,
                                  progress=progress_printer(not as_json))
    if csv_path:
        from jeopardy.simultaneous.export import write_payoff_csv
        write_payoff_csv(solution, csv_path, exact=not csv_floats)
    if strategy_csv:
        from jeopardy.simultaneous.export import write_strategy_csv
        write_strategy_csv(solution.equilibrium, strategy_csv)
    if plot_path:
        from jeopardy.plots.simultaneous import strategy_bar_chart
        strategy_bar_chart(solution, plot_path)
    if nfg_path:
        from jeopardy.interop.gambit import write_nfg
        write_nfg(solution, nfg_path)
    if as_json:
        emit_json(solution.to_dict())
        return
    _print_solution(solution)


def _print_solution(solution) -> None:
    eq = solution.restricted
    click.echo(f"{solution.game}: simultaneous single-turn game over hold at 1-{solution.max_hold}")
    for h, aliases in solution.merged.items():
        click.echo(f"  hold at {', '.join(map(str, aliases))} plays exactly like hold at {h} "
                   "(identical score distributions): merged")
    if solution.dominated:
        items = sorted(solution.dominated.items())
        shown = ", ".join(f"{h} (by {d})" for h, d in items[:8])
        more = f", and {len(items) - 8} more" if len(items) > 8 else ""
        click.echo(f"  strictly dominated, removed: hold at {shown}{more}")
    click.echo(f"  LP: {solution.lp_solver} {solution.lp_status}")
    click.echo("equilibrium over hold-at-h (exact):")
    for w in eq.strategy:
        click.echo(f"  hold at {w.rule.hold:3d}  {float(w.probability):.6f}  = {w.probability}")
    click.echo(f"  value {eq.value}; verified: {eq.verified} ({eq.check})")
    if solution.full is not None:
        click.echo(f"best stopping rule against it: {solution.full_best_rule}, "
                   f"gains {float(solution.full_gain):.6e} = {solution.full_gain}")
        if solution.full is not eq:
            click.echo(f"equilibrium over all stopping rules ({solution.oracle_iterations} "
                       "double-oracle rounds):")
            for w in solution.full.strategy:
                click.echo(f"  {str(w.rule):40} {float(w.probability):.6f}")
            click.echo(f"  value {solution.full.value}; verified: {solution.full.verified} "
                       f"({solution.full.check})")
    click.echo("times: " + ", ".join(f"{k} {v:.3f}s" for k, v in solution.seconds.items()))


@click.command()
@click.option("--max-hold", type=int, default=100, show_default=True)
@game_options
@json_option
def replies(max_hold, model, game_name, as_json) -> None:
    """Best reply to every pure hold-at-h strategy and its advantage."""
    from jeopardy.simultaneous.game import replies_to_pure

    if max_hold < 1:
        raise JeopardyError(f"--max-hold must be at least 1; got {max_hold}")
    replies = replies_to_pure(model, max_hold)
    if as_json:
        emit_json(replies.to_dict())
        return
    click.echo(f"{model.name}: best replies to pure hold-at-h (advantage = P(win) - P(loss))")
    click.echo("  opponent  best hold  advantage   best rule (any stopping rule)  advantage")
    for r in replies:
        click.echo(f"  hold {r.hold:3d}  hold {r.best_hold:3d}  {float(r.advantage):9.6f}   "
                   f"{str(r.best_rule):30} {float(r.rule_advantage):9.6f}")
    weakest, weakest_rule = replies.weakest, replies.weakest_to_any_rule
    click.echo(f"smallest advantage over any pure strategy: {float(weakest.advantage):.6f} "
               f"(against hold at {weakest.hold})")
    click.echo(f"  replying by any stopping rule: {float(weakest_rule.rule_advantage):.6f} "
               f"(against hold at {weakest_rule.hold})")
