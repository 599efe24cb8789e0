"""The `play` command: a terminal game against the optimal player."""
from __future__ import annotations

import sys

import click

from jeopardy.cli.common import game_options
from jeopardy.cli.race import goal_option, resolve_goal, solved
from jeopardy.errors import JeopardyError

QUIT = "quit"


def ask(question: str, choices: dict[str, str]) -> str:
    """Ask until the answer is one of ``choices`` (first letters); end of input quits.

    With piped input the answer is echoed, so prompt and answer read as a line.
    """
    keys = "/".join(choices)
    while True:
        click.echo(f"{question} [{keys}] ", nl=False)
        line = sys.stdin.readline()
        if not line:  # end of input (Ctrl-D or the end of a pipe)
            click.echo("")
            return QUIT
        answer = line.strip().lower()
        if not sys.stdin.isatty():
            click.echo(answer)
        if answer[:1] in choices:
            return choices[answer[:1]]
        click.echo(f"  please answer {' or '.join(f'{k} ({v})' for k, v in choices.items())}")


def _describe(effect) -> str:
    from jeopardy.rules.effects import Kind

    descriptions = {
        Kind.ADD: f"+{effect.points}",
        Kind.BANK: f"+{effect.points} and the turn ends, banked",
        Kind.DOUBLE: "turn total doubled",
        Kind.BUST_ALL: "BUST: turn total and score lost",
        Kind.BUST: "bust: turn total lost",
        Kind.BUST_GAIN: f"bust: turn total lost, {effect.points} banked",
        Kind.SUBTRACT: f"-{effect.points} (the turn total stays at 0 or more)",
    }
    return descriptions[effect.kind]


@click.command()
@goal_option
@click.option("--second", is_flag=True, help="let the computer move first")
@click.option("--hints", is_flag=True, help="show the win probability of rolling and of holding")
@click.option("--seed", type=int, default=None, help="seed of the dice (default: random)")
@click.option("--first-to-reach", is_flag=True,
              help="ten-thousand: whoever banks the goal first wins (default: the round rule)")
@click.option("--ai", "ai_spec", default=None,
              help="the computer's policy (default: optimal): a policy file written by "
                   "solve --policy-out, hold:N, rule:FORMULA or a named practical policy")
@game_options(extra_games=("ten-thousand",))
def play(goal, second, hints, seed, first_to_reach, ai_spec, model, game_name) -> None:
    """Play against the optimal player (Pig-like games, or --game ten-thousand)."""
    import random

    seed = seed if seed is not None else random.randrange(2**31)
    if game_name == "ten-thousand":
        if ai_spec is not None:
            raise JeopardyError("--ai is for Pig-like games; ten-thousand plays its optimal policy")
        _play_ten_thousand(goal or 10_000, second, hints, seed, first_to_reach)
        return
    from jeopardy.race.play import Match, action_values

    goal = resolve_goal(goal, game_name)
    computer = None
    if ai_spec is not None:
        from jeopardy.cli.compare import build_policy
        computer = build_policy(ai_spec, model, goal)
    solution = solved(model, goal)
    match = Match(solution, seed, policy=computer)
    match.mover = 1 if second else 0
    who = "optimally" if computer is None else f"the policy {computer.name!r}"
    click.echo(f"{model.name} to {goal}. You are player 1; the computer plays {who}.")
    while match.winner is None:
        you, computer = match.scores
        if match.mover == 0:
            i, j, k = match.state
            line = f"you {you}, computer {computer}, turn total {k}"
            if hints:
                roll, hold = action_values(solution, i, j, k)
                line += f"   P(win): roll {roll:.4f}, hold {hold:.4f}"
            click.echo(line)
            answer = ask("roll or hold?", {"r": "roll", "h": "hold", "q": QUIT})
            if answer == QUIT:
                click.echo("bye")
                return
            if answer == "hold":
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


def _play_ten_thousand(goal, second, hints, seed, first_to_reach) -> None:
    from jeopardy.cli.progress import ProgressLine
    from jeopardy.farkle.play import COMPUTER, PERSON, FarkleMatch
    from jeopardy.farkle.core import solve
    from jeopardy.farkle.turn import FarkleRules

    rules = FarkleRules(goal=goal)
    solution = solve(rules, first_to_reach,
                     progress=ProgressLine(f"solving Ten Thousand to {goal}", enabled=goal >= 5000))
    match = FarkleMatch(solution, seed, person_first=not second)
    ending = "first to bank the goal wins" if first_to_reach else \
        "a first player who reaches the goal gives the second one last turn"
    click.echo(f"Ten Thousand to {goal} (minimum bank {rules.min_bank}; {ending}). "
               "You are player 1; the computer plays optimally.")
    while match.winner is None:
        who = "you" if match.mover == PERSON else "computer"
        if match.mover == PERSON:
            line = (f"you {match.scores[0]}, computer {match.scores[1]}, turn total "
                    f"{match.turn_total}, {match.dice} dice in hand")
            if match.last_turn:
                line += f"  (last turn: beat {match.target})"
            if hints:
                throw, bank = match.advice()
                line += f"   P(win): throw {throw:.4f}, bank " + (
                    f"{bank:.4f}" if bank is not None else "not allowed")
            click.echo(line)
            choices = {"t": "throw", "b": "bank", "q": QUIT} if match.may_bank() else \
                {"t": "throw", "q": QUIT}
            answer = ask("throw or bank?" if match.may_bank() else "throw?", choices)
            if answer == QUIT:
                click.echo("bye")
                return
        else:
            answer = "throw" if match.computer_throws() else "bank"
        if answer == "bank":
            before = match.last_turn
            match.bank()
            click.echo(f"  {who} bank{'s' if who == 'computer' else ''}: "
                       f"{match.scores[PERSON if who == 'you' else COMPUTER]}")
            if match.last_turn and not before:
                other = "you" if match.mover == PERSON else "the computer"
                click.echo(f"  the goal is reached with {match.target}: one last turn for "
                           f"{other} to beat it")
        else:
            click.echo(f"  {who} throw{'s' if who == 'computer' else ''}: {match.throw()}")
    you, computer = match.scores
    result = {0: "you win", 1: "the computer wins", 0.5: "a tie"}[match.winner]
    click.echo(f"{result}: {you} to {computer}")
