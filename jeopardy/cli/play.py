"""The `play` command: a terminal game against the optimal player."""
from __future__ import annotations

import sys

import click

from jeopardy import validate
from jeopardy.cli.common import ending_option, game_options, given
from jeopardy.cli.race import check_players, goal_option, resolve_goal, solved
from jeopardy.errors import JeopardyError
from jeopardy.match.endings import FIRST_TO_GOAL, pair_game

QUIT = "quit"


def _answer(prompt: str) -> str | None:
    """Show ``prompt`` and read one answer (stripped, lower case); None at the end of
    input (Ctrl-D or the end of a pipe).  With piped input the answer is echoed, so
    prompt and answer read as a line."""
    click.echo(f"{prompt} ", nl=False)
    line = sys.stdin.readline()
    if not line:
        click.echo("")
        return None
    answer = line.strip().lower()
    if not sys.stdin.isatty():
        click.echo(answer)
    return answer


def ask(question: str, choices: dict[str, str]) -> str:
    """Ask until the answer is one of ``choices`` (first letters); end of input quits."""
    keys = "/".join(choices)
    while True:
        answer = _answer(f"{question} [{keys}]")
        if answer is None:
            return QUIT
        if answer[:1] in choices:
            return choices[answer[:1]]
        click.echo(f"  please answer {' or '.join(f'{k} ({v})' for k, v in choices.items())}")


def ask_number(question: str, low: int, high: int) -> int | None:
    """Ask until the answer is a whole number in ``low..high``; 'q' or end of input
    quits (None)."""
    while True:
        answer = _answer(f"{question} [{low}-{high}/q]")
        if answer is None or answer[:1] == "q":
            return None
        if answer.isdecimal() and low <= int(answer) <= high:
            return int(answer)
        click.echo(f"  please answer a number {low}-{high} or q (quit)")


def _person_moves(match, line: str, seat: int) -> bool:
    """Show ``line``, ask roll or hold, play the answer; False when the person quits."""
    click.echo(line)
    answer = ask("roll or hold?", {"r": "roll", "h": "hold", "q": QUIT})
    if answer == QUIT:
        click.echo("bye")
        return False
    if answer == "hold":
        match.hold()
        click.echo(f"  you hold: {match.scores[seat]}")
    else:
        click.echo(f"  you roll: {match.roll().describe()}")
    return True


@click.command()
@goal_option
@click.option("--second", is_flag=True, help="let the computer move first")
@click.option("--hints", is_flag=True, help="show the win probability of rolling and of holding")
@click.option("--seed", type=int, default=None, help="seed of the dice (default: random)")
@click.option("--first-to-reach", is_flag=True,
              help="ten-thousand: whoever banks the goal first wins (default: the round rule)")
@click.option("--ai", "ai_spec", default=None,
              help="the computer's policy (default: optimal): a word of compare's policy "
                   "language (hold:N, linear:A,B,C, odds, rule:FORMULA, keep-pace, ...) or a "
                   "policy file written by solve --policy-out")
@click.option("--players", type=int, default=2, show_default=True, callback=check_players,
              help="players at the table: you and players - 1 computers (2-10)")
@click.option("--seat", type=int, default=1, show_default=True,
              help="with --players: your seat in turn order (1 moves first)")
@ending_option(lambda e: e.seats_policies,
               help="Pig-like games: first to bank the goal wins, or the round is played out "
                    "and the highest score wins (against the N-player equilibrium)")
@click.option("--rules", "rules_name", type=str, default=None, metavar="NAME|FILE.toml",
              help="ten-thousand: Farkle house rules (a preset or a TOML rules file; "
                   "set_aside = \"choice\": you pick the dice to set aside)")
@game_options(extra_games=("ten-thousand",), fast_pig=True)
def play(goal, second, hints, seed, first_to_reach, ai_spec, players, seat, ending, rules_name,
         model, game_name) -> None:
    """Play against the optimal player (Pig-like games, --game ten-thousand, or
    --game fast-pig / hog: how many dice to throw); --players N or --ending equal-turns: against N - 1 computer players of the
    N-player equilibrium."""
    import random

    if sys.stdin is None or sys.stdin.closed:
        raise JeopardyError("play reads your moves from standard input, which is closed")
    # random.Random drops a seed's sign (-5 dealt the dice of 5)
    if seed is not None and not 0 <= seed <= validate.INT64_MAX:
        raise JeopardyError(f"--seed must be in 0-{validate.INT64_MAX:,}; got {seed}")
    seed = seed if seed is not None else random.randrange(2**31)
    if rules_name is not None and game_name != "ten-thousand":
        raise JeopardyError("--rules is for --game ten-thousand (Farkle house rules)")
    if first_to_reach and game_name != "ten-thousand":  # it was ignored (Pig: --ending)
        raise JeopardyError("--first-to-reach is for --game ten-thousand (other games: "
                            "--ending)")
    from jeopardy.rules.fast_pig import FastPigRules

    if isinstance(model, FastPigRules):
        _play_fast_pig(model, goal, second, hints, seed, players, ending, seat)
        return
    ctx = click.get_current_context()
    reach = True if first_to_reach else None  # Ten Thousand: None, the rules' own ending
    if game_name == "ten-thousand" and given(ctx, "ending") and players == 2:
        # its two endings: first to bank the goal, or the round rule (equal turns)
        if first_to_reach and ending.last_round:
            raise JeopardyError(f"--first-to-reach and --ending {ending} contradict")
        reach, ending = not ending.last_round, FIRST_TO_GOAL
    if pair_game(players, ending) and given(ctx, "seat"):  # two players: --seat 2 is --second
        if seat not in (1, 2):
            raise JeopardyError(f"--seat must be 1 or 2 for two players (2: the computer moves "
                                f"first, as --second); got {seat}")
        if second and seat == 1:
            raise JeopardyError("--second and --seat 1 contradict")
        second = second or seat == 2
    if not pair_game(players, ending):
        from jeopardy.match.policy_file import is_match_policy

        if game_name == "ten-thousand" or second or \
                (ai_spec is not None and not is_match_policy(ai_spec.strip())):
            raise JeopardyError("--players and --ending are for Pig-like games against the "
                                "equilibrium or its policy file (--ai FILE.npz of solve "
                                "--policy-out; no --second: choose --seat)")
        _play_table(resolve_goal(goal, game_name), players, ending, seat, hints, seed, model,
                    ai_spec)
        return
    if game_name == "ten-thousand":
        if ai_spec is not None:
            raise JeopardyError("--ai is for Pig-like games; ten-thousand plays its optimal policy")
        _play_ten_thousand(goal, second, hints, seed, reach, rules_name)
        return
    from jeopardy.match.play import Match, action_values

    goal = resolve_goal(goal, game_name)
    computer = None
    if ai_spec is not None:
        from jeopardy.cli.compare import build_policy
        computer = build_policy(ai_spec, model, goal, None, "play --ai")
    solution = solved(model, goal, method="pair")
    match = Match(solution, seed, policy=computer)
    match.mover = 1 if second else 0
    who = "optimally" if computer is None else f"the policy {computer.name!r}"
    click.echo(f"{model.name} to {goal}. You are player {2 if second else 1}; the computer "
               f"plays {who}.")
    while match.winner is None:
        you, computer = match.scores
        if match.mover == 0:
            i, j, k = match.state
            line = f"you {you}, computer {computer}, turn total {k}"
            if hints:
                roll, hold = action_values(solution, (i, j), k)
                line += f"   P(win): roll {roll:.4f}, hold {hold:.4f}"
            if not _person_moves(match, line, 0):
                return
        else:
            if match.computer_rolls():
                effect = match.roll()
                click.echo(f"  computer rolls: {effect.describe()}")
            else:
                match.hold()
                click.echo(f"  computer holds: {match.scores[1]}")
    you, computer = match.scores
    click.echo(f"{'you win' if match.winner == 0 else 'the computer wins'}: {you} to {computer}")


def _play_fast_pig(rules, goal, second, hints, seed, players, ending, seat) -> None:
    """Fast Pig / Hog against the optimal computers: two players first to the goal, or
    (--players, --ending equal-turns) a table with your --seat; the options of the
    other games are refused in one line."""
    from jeopardy.cli import fast_pig
    from jeopardy.cli.common import given

    ctx = click.get_current_context()
    for name, flag in (("ai_spec", "--ai"), ("first_to_reach", "--first-to-reach")):
        if given(ctx, name):
            raise JeopardyError(f"{flag} does not apply to play with {rules.name} (the "
                                "computers play optimally)")
    if not pair_game(players, ending) or given(ctx, "seat"):
        if second:
            raise JeopardyError("--second is for two players first to the goal; at a table "
                                "choose --seat")
        fast_pig.play_table(rules, goal, players, ending, seat, hints, seed, ask_number)
        return
    fast_pig.play(rules, goal, second, hints, seed, ask_number)


def _play_table(goal, players, ending, seat, hints, seed, model, ai_spec=None) -> None:
    """You at ``seat`` and ``players - 1`` computers of the equilibrium (or of the
    policy file ``ai_spec``)."""
    from jeopardy.match.play import Table, action_values
    from jeopardy.match.solver import solve

    if not 1 <= seat <= players:
        raise JeopardyError(f"--seat must be in 1..{players}; got {seat}")
    computers = None
    if ai_spec is not None:
        from jeopardy.match.policy_file import load

        computers = load(ai_spec.strip(), model, goal, players, ending)
    solution = solve(model, goal, players, ending)
    table = Table(solution, seed, person=seat - 1, policy=computers)
    rule = f", {ending.label}" if ending.last_round else ""
    who = f"the {players}-player equilibrium" if computers is None else \
        f"the policy {computers.name!r}"
    click.echo(f"{model.name} to {goal}, {players} players{rule}. You are player {seat}; the "
               f"computers play {who}.")

    def name(index: int) -> str:
        return "you" if index == table.person else f"player {index + 1}"

    while table.winner is None:
        mover = table.mover
        racing = table.leader is None
        if mover == table.person:
            scores = ", ".join(f"{name(i)} {s}" for i, s in enumerate(table.scores))
            line = f"{scores}, turn total {table.turn_total}"
            if table.leader is not None:
                line += f"  (last turn: beat {table.leader})"
            if hints and table.leader is None:
                roll, hold = action_values(solution, table.relative, table.turn_total, mover)
                line += f"   P(win): roll {roll:.4f}, hold {hold:.4f}"
            elif hints:
                best = table.last_turn()[table.turn_total]
                line += (f"   P(win) with the best play: {best[1]:.4f} "
                         f"({'roll' if best[-1] else 'hold'})")
            if not _person_moves(table, line, mover):
                return
        elif table.computer_rolls():
            click.echo(f"  {name(mover)} rolls: {table.roll().describe()}")
        else:
            table.hold()
            click.echo(f"  {name(mover)} holds: {table.scores[mover]}")
        if racing and table.leader is not None and table.winner is None:
            click.echo(f"  {name(mover)} reached the goal with {table.leader}: one last turn "
                       f"each for the players after")
    final = ", ".join(f"{name(i)} {s}" for i, s in enumerate(table.scores))
    if len(table.winners) > 1:
        verdict = "a tie between " + " and ".join(name(i) for i in table.winners)
    else:
        verdict = "you win" if table.winner == table.person else name(table.winner) + " wins"
    click.echo(f"{verdict}: {final}")


def _play_ten_thousand(goal, second, hints, seed, first_to_reach, rules_name=None) -> None:
    """Ten Thousand (or house rules) against the optimal player; ``first_to_reach``: True
    or False as asked, None the rules' own (the seed's: the round rule)."""
    import dataclasses

    from jeopardy.cli.progress import ProgressLine
    from jeopardy.farkle.play import COMPUTER, PERSON, FarkleMatch
    from jeopardy.farkle.core import solve
    from jeopardy.farkle.turn import FarkleRules

    title = "Ten Thousand"
    if rules_name is None:
        rules = FarkleRules(goal=goal or 10_000)
        first_to_reach = bool(first_to_reach)
    else:
        from jeopardy.farkle.house import rules_named

        house = rules_named(rules_name)
        rules = house.rules if not goal else dataclasses.replace(house.rules, goal=goal)
        first_to_reach = house.first_to_reach if first_to_reach is None else first_to_reach
        title = f"Farkle ({rules.name})"
    goal = rules.goal
    solution = solve(rules, first_to_reach,
                     progress=ProgressLine(f"solving {title} to {goal}", enabled=goal >= 5000))
    match = FarkleMatch(solution, seed, person_first=not second)
    ending = "first to bank the goal wins" if first_to_reach else \
        "a first player who reaches the goal gives the second one last turn"
    click.echo(f"{title} to {goal} ({rules.bank_rule()}; {ending}). "
               f"You are player {2 if second else 1}; the computer plays optimally.")
    while match.winner is None:
        who = "you" if match.mover == PERSON else "computer"
        if match.pending is not None:  # any scoring part may be set aside
            if match.mover == PERSON:
                kept = _ask_part(match, hints)
                if kept is None:
                    click.echo("bye")
                    return
            else:
                kept = match.set_aside(match.computer_part())
            click.echo(f"  {who} set{'s' if who == 'computer' else ''} aside "
                       f"{' '.join(map(str, kept.set_aside))}: {kept.points} points, turn "
                       f"total {match.turn_total}; {kept.rest()}")
            continue
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


def _ask_part(match, hints: bool):
    """Ask which dice of the pending throw to set aside until they are a scoring part
    (a wrong answer: one line, and the question again); None when the person quits."""
    for dice, points, left, chance in match.part_advice():
        line = (f"  set aside {' '.join(map(str, dice))}: {points} points, turn total "
                f"{match.turn_total + points}, {left} dice to throw")
        if hints:
            line += f"   P(win) {chance:.4f}"
        click.echo(line)
    while True:
        answer = _answer("which dice do you set aside? [faces/q]")
        if answer is None or answer.startswith("q"):
            return None
        words = answer.replace(",", " ").split()
        if len(words) == 1 and len(words[0]) > 1:  # "115": the faces run together
            words = list(words[0])
        if not words or not all(w in ("1", "2", "3", "4", "5", "6") for w in words):
            click.echo("  please answer the faces to set aside (e.g. 1 5) or q (quit)")
            continue
        try:
            return match.set_aside([int(w) for w in words])
        except JeopardyError as error:
            click.echo(f"  {error}")

