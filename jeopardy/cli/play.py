"""The `play` command: a terminal game against the optimal player."""
from __future__ import annotations

import click

from jeopardy.cli.common import game_options
from jeopardy.cli.race import goal_option, resolve_goal, solved


def _describe(effect) -> str:
    if effect.kind == "add":
        return f"+{effect.points}"
    if effect.kind == "bank":
        return f"+{effect.points} and the turn ends, banked"
    if effect.kind == "double":
        return "turn total doubled"
    if effect.kind == "bust_all":
        return "BUST: turn total and score lost"
    return "bust: turn total lost"


@click.command()
@goal_option
@click.option("--second", is_flag=True, help="let the computer move first")
@click.option("--hints", is_flag=True, help="show the win probability of rolling and of holding")
@click.option("--seed", type=int, default=None, help="seed of the dice (default: random)")
@game_options
def play(goal, second, hints, seed, model, game_name) -> None:
    """Play against the optimal player: r to roll, h to hold, q to quit."""
    import random

    from jeopardy.race.play import Match, action_values

    goal = resolve_goal(goal, game_name)
    solution = solved(model, goal)
    match = Match(solution, seed if seed is not None else random.randrange(2**31))
    match.mover = 1 if second else 0
    click.echo(f"{model.name} to {goal}. You are player 1; the computer plays optimally.")
    while match.winner is None:
        you, computer = match.scores
        if match.mover == 0:
            i, j, k = match.state
            line = f"you {you}, computer {computer}, turn total {k}"
            if hints:
                roll, hold = action_values(solution, i, j, k)
                line += f"   P(win): roll {roll:.4f}, hold {hold:.4f}"
            click.echo(line)
            answer = click.prompt("roll or hold? [r/h/q]", default="r", show_default=False).strip().lower()
            if answer.startswith("q"):
                click.echo("bye")
                return
            if answer.startswith("h"):
                match.hold()
                click.echo(f"  you hold: {match.scores[0]}")
            else:
                click.echo(f"  you roll: {_describe(match.roll())}")
        else:
            if match.computer_rolls():
                effect = match.roll()
                click.echo(f"  computer rolls: {_describe(effect)}")
            else:
                match.hold()
                click.echo(f"  computer holds: {match.scores[1]}")
    you, computer = match.scores
    click.echo(f"{'you win' if match.winner == 0 else 'the computer wins'}: {you} to {computer}")
