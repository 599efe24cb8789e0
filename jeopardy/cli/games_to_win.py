"""The `skunk` and `think` commands: SKUNK and THINK played to win."""
from __future__ import annotations

import click

from jeopardy.cli.common import count, emit_json, game_options, json_option, progress_printer
from jeopardy.errors import NotConverged


@click.command(name="skunk")
@click.option("--turns", type=int, default=None,
              help="turns per player (default: the game's, e.g. 5 for SKUNK, 6 for Shi's)")
@click.option("--cap", type=int, default=None,
              help="score cap (default: grown until the proved bound is below 1e-13)")
@game_options(default="skunk")
@json_option
def skunk(turns, cap, model, game_name, as_json) -> None:
    """Two players, a fixed number of turns each, the higher total wins (Brutlag's SKUNK)."""
    from jeopardy.fixed_turns.analysis import analyse
    from jeopardy.rules.presets import default_turns

    if turns is None:
        turns = default_turns(game_name)
    result = analyse(model, turns, cap, progress=progress_printer(not as_json))
    data = result.to_dict()
    if as_json:
        emit_json(data)
    else:
        _show_skunk(model, turns, data)
    solution = result.solution
    if not solution.converged:  # shown, as `solve` shows an unconverged result; then say so
        raise NotConverged(f"{model.name}, {count(turns, 'turn')} each, did not converge: the "
                           f"proved bound {solution.worst_bound:.1e} is above {solution.tolerance:.0e} "
                           f"at cap {solution.cap}, and {solution.stopped}; its chances are "
                           f"not reliable past the bound", solution)


def _show_skunk(model, turns, data) -> None:
    click.echo(f"{model.name}, {count(turns, 'turn')} each, highest total wins (tie = 1/2)")
    click.echo(f"first player wins {data['win_probability']:.12f} under optimal play "
               f"(proved bound {data['bound']:.1e}, cap {data['cap']}, {data['seconds']:.1f} s)")
    click.echo("against optimal play:        as first     as second")
    for name, record in data["compare"].items():
        bound = f"  (proved bound {record['bound']:.1e})" if record["bound"] > 1e-13 else ""
        click.echo(f"  {record['policy']:<32} {record['as_first']:.9f}  "
                   f"{record['as_second']:.9f}{bound}")
    click.echo("least turn total at which each holds (turn, who moves, mover's and other's score):")
    click.echo("  turn  mover   scores     optimal  max-expected-score  odds")
    for row in data["first_holds"]:
        click.echo(f"  {row['turn']:>4}  {row['mover']:<6} {row['mover_score']:>3} vs "
                   f"{row['other_score']:<3}  {row['optimal']!s:>7}  "
                   f"{row['max-expected-score']!s:>18}  {row['odds']!s:>4}")


@click.command(name="think")
@click.option("--rounds", type=int, default=5, show_default=True)
@click.option("--score-cap", type=int, default=200, show_default=True,
              help="truncate where a player still in could bank more than this")
@click.option("--turn-cap", type=int, default=200, show_default=True,
              help="truncate turn totals above this")
@game_options(default="think")
@json_option
def think(rounds, score_cap, turn_cap, model, game_name, as_json) -> None:
    """THINK played to win: both players decide at once, unseen, on shared rolls."""
    from jeopardy.think.analysis import analyse

    result = analyse(model, rounds, score_cap, turn_cap, progress=progress_printer(not as_json))
    data = result.to_dict()
    if as_json:
        emit_json(data)
        return
    click.echo(f"{model.name} played to win, {count(rounds, 'round')}, simultaneous hold/roll "
               f"(caps {score_cap}/{turn_cap}, {data['seconds']:.1f} s)")
    # a saddle point at every equal-score state (nothing gained by seeing first there):
    # both players take the same action, so equal scores stay equal
    equal = all(row["at_equal_scores"] == 0.0 for row in data["seeing_first"])
    click.echo(f"value for either player: {data['value']} (proved range {data['lower']} .. "
               f"{data['upper']})" + ("; equal scores stay equal under equilibrium play"
                                      if equal else ""))
    mixed = data["mixed_states"]
    click.echo(f"mixed both-in states (scores <= {mixed['scores_up_to']}, turn totals within "
               "the cap; a trailing player's mixing goes on at every larger total):")
    for i, (n, pairs) in enumerate(zip(mixed["per_round"], mixed["score_pairs_per_round"])):
        click.echo(f"  round {i + 1}: {n:,} states at {pairs:,} score pairs")
    for name, reach in data["reach_of_mixed"].items():
        click.echo(f"  mixed states met, {name} play: {reach['visits']:.6f} per game "
                   f"(at least one: {reach['chance']:.6f})")
    click.echo("worth of seeing the other's choice first (most, per round; 0 at equal scores):")
    for row in data["seeing_first"]:
        click.echo(f"  round {row['round']}: {row['most']:.6f} at scores {row['a_score']} "
                   f"vs {row['b_score']}; at equal scores {row['at_equal_scores']}")
    click.echo("win rate against:                 equilibrium    best response")
    for record in data["exploit"].values():
        click.echo(f"  {record['policy']:<32} {record['equilibrium']:.9f}    "
                   f"{record['best_response']:.9f}")
