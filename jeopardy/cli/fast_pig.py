"""Fast Pig and Hog at the command line: what ``solve``, ``policy``, ``max-score``,
``compare``, ``simulate``, ``fairness`` and ``plot dice-map`` print for them
(:mod:`jeopardy.fast_pig`)."""
from __future__ import annotations

import dataclasses

import click

from jeopardy import validate
from jeopardy.cli.common import (count, dice_text, emit_json, given, option_flag,
                                 require_converged, show_head_to_head, show_seats)
from jeopardy.errors import JeopardyError
from jeopardy.match.endings import FIRST_TO_GOAL, pair_game


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def _rules(rules, goal):
    """The rules at ``goal`` (None: the rules' own)."""
    if goal is None:
        return rules
    if goal <= 0:
        raise JeopardyError(f"--goal must be a positive integer; got {goal}")
    from jeopardy.rules.fast_pig import MAX_GOAL

    if goal > MAX_GOAL:
        raise JeopardyError(f"--goal {goal} is above {MAX_GOAL}, the largest Fast Pig goal solved")
    return dataclasses.replace(rules, goal=goal)


def _solved(rules, goal, players=2, ending=FIRST_TO_GOAL, strict=True):
    from jeopardy.fast_pig import solve

    return solve(_rules(rules, goal), players, ending, strict=strict)


def refuse(ctx: click.Context, *names: str) -> None:
    """Refuse options that do not apply to Fast Pig / Hog, in one line."""
    for name in names:
        if given(ctx, name):  # the option as the command spells it (--policy, not policy_text)
            raise JeopardyError(f"{option_flag(ctx, name)} does not apply to Fast Pig / Hog")


def solve(rules, goal, players, ending, as_json) -> None:
    solution = _solved(rules, goal, players, ending, strict=False)
    rules = solution.rules
    what = f"{rules.name} to {rules.goal}, {players} players, {ending}"
    if as_json:
        emit_json(solution.to_dict())
        require_converged(solution.solution, what, ())
        return
    start = solution.decision((0,) * players)
    click.echo(f"{what}: {solution.solution.values.shape[1]:,} states solved in "
               f"{solution.seconds:.2f} s")
    for place, chance in enumerate(solution.win_probabilities, start=1):
        click.echo(f"  player {place} wins {chance:.10f}")
    click.echo(f"optimal at the start: {dice_text(start.best)}")
    if solution.solution.mixes:
        click.echo(f"settled by mixed choices of dice: {len(solution.solution.mixes)} mixed turn "
                   f"starts (largest indifference gap {solution.solution.indifference:.1e})")
    click.echo(f"largest Bellman residual over all states: {solution.max_residual:.1e}")
    require_converged(solution.solution, what, ())


def policy(rules, goal, score, opponent, scores_text, place, players, ending, as_json) -> None:
    if scores_text is not None:
        try:
            scores = validate.whole_numbers(scores_text)
        except ValueError:
            raise JeopardyError(f"--scores must be integers separated by commas; got "
                                f"{scores_text!r}") from None
        if score is not None or opponent is not None:
            raise JeopardyError("--scores replaces --score and --opponent")
        players = max(players, len(scores))
    else:
        if score is None or opponent is None:
            raise JeopardyError("give --score and --opponent (or --scores for N players)")
        scores = (score, opponent)
    if len(scores) != players:
        raise JeopardyError(f"--scores must give {players} scores (the mover's first); "
                            f"got {len(scores)}")
    goal_now = rules.goal if goal is None else goal
    for s in scores:
        if not 0 <= s < goal_now:
            raise JeopardyError(f"scores must be in 0-{goal_now - 1}; got {s}")
    solution = _solved(rules, goal, players, ending)
    decision = solution.decision(scores, place)
    if as_json:
        emit_json(decision.to_dict())
        return
    others = ", ".join(str(s) for s in scores[1:])
    where = f", {_ORDINALS[place] if place < len(_ORDINALS) else f'number {place + 1}'} in " \
        "the round" if ending.in_round else ""
    click.echo(f"{decision.game} to {decision.goal}: the mover at {scores[0]}, the other"
               f"{'s' if len(scores) > 2 else ''} at {others}{where}")
    click.echo(f"throw {dice_text(decision.best)}: wins {max(decision.chances):.6f}")
    click.echo("  dice  P(win)    loss")
    for n, chance in enumerate(decision.chances, start=1):
        click.echo(f"  {n:4d}  {chance:.6f}  {decision.loss(n):.6f}")


def max_score(rules, as_json) -> None:
    from jeopardy.fast_pig import expected_table

    table = expected_table(rules)
    if as_json:
        emit_json(table.to_dict())
        return
    best = max(table.expected)
    click.echo(f"{rules.name}: expected points of one roll by number of dice "
               "(exact rationals in --json)")
    click.echo("  dice  expected")
    for n, e in enumerate(table.expected, start=1):
        mark = "  <- most" if e == best else ""
        click.echo(f"  {n:4d}  {float(e):9.6f}{mark}")
    tied = [n for n, e in enumerate(table.expected, start=1) if e == best]
    click.echo(f"most expected points: {' and '.join(map(str, tied))} dice ({float(best):.6f})")


def _seated(rules, goal, specs, ending, command):
    from jeopardy.match.evaluation import ENDINGS

    if not ending.seats_policies:
        raise JeopardyError(f"{command} plays policies under the {' or '.join(ENDINGS)} "
                            f"endings only")
    return _solved(rules, goal, len(specs), ending)


def compare(rules, goal, specs, ending, as_json) -> None:
    from jeopardy.fast_pig.evaluation import evaluate, head_to_head

    solution = _seated(rules, goal, specs, ending, "compare")
    rules = solution.rules
    if not pair_game(len(specs), ending):
        result = evaluate(solution, specs)
        if as_json:
            emit_json({"game": rules.name, "goal": rules.goal, "players": len(specs),
                       "ending": ending, **result.to_dict()})
            return
        click.echo(f"{rules.name} to {rules.goal}, {len(specs)} players, {ending}: exact "
                   f"policy evaluation (largest residual {result.max_residual:.1e})")
        for place, (name, chance) in enumerate(zip(result.names, result.win_probabilities),
                                               start=1):
            click.echo(f"  player {place} ({name}) wins {chance:.6f}")
        return
    result = head_to_head(solution, *specs)
    if as_json:
        emit_json(result.to_dict())
        return
    click.echo(f"{result.game} to {result.goal}: {result.first_name} (A) against "
               f"{result.second_name} (B)")
    click.echo(f"  P(A wins | A moves first)  {result.first:.6f}")
    click.echo(f"  P(A wins | B moves first)  {result.second:.6f}")
    click.echo(f"  P(A wins | fair coin)      {result.fair:.6f}")
    click.echo("  exact policy evaluation")


def simulate(rules, goal, specs, ending, games, seed, as_json) -> None:
    from jeopardy.fast_pig.evaluation import simulate as run

    solution = _seated(rules, goal, specs, ending, "simulate")
    rules = solution.rules
    result = run(solution, specs, games, seed)
    players = not pair_game(len(specs), ending)
    if as_json:  # as a race game's simulate --json
        more = {"players": len(specs), "ending": ending} if players else {}
        emit_json({"game": rules.name, "goal": rules.goal, **more, **result.to_dict()})
        return
    if players:
        show_seats(f"{rules.name} to {rules.goal}, {len(specs)} players, {ending}: "
                   f"{count(games, 'game')}, seed {seed}, {result.seconds:.1f} s", result.names,
                   result.win_probabilities, result.stderrs, games)
        return
    show_head_to_head(f"{rules.name} to {rules.goal}: {result.first_name} (A) against "
                      f"{result.second_name} (B), {count(games, 'game')} each way, seed {seed}",
                      result, games)


def fairness(rules, goal, max_bonus, ending=FIRST_TO_GOAL):
    """The compensation points of ``rules`` at ``goal`` (``fairness`` prints them), two
    players, first to the goal or with equal turns."""
    from jeopardy.fast_pig import fairness as run

    return run(_solved(rules, goal, 2, ending), max_bonus)


def plot_dice_map(rules, goal, out) -> None:
    from jeopardy.fast_pig import dice_table
    from jeopardy.plots.fast_pig import dice_map

    solution = _solved(rules, goal)
    dice_map(f"{solution.rules.name} to {solution.rules.goal}", dice_table(solution), out)
    click.echo(f"wrote {out}")


def play(rules, goal, second, hints, seed, ask_number) -> None:
    """A game against the optimal player (:mod:`jeopardy.fast_pig.play`); with
    ``hints`` the coach gives the optimal number of dice and its chance before each
    choice, and the chosen number's chance after it (as ``policy --scores``).
    ``ask_number(question, low, high)``: the person's answer (None: quit)."""
    from jeopardy.fast_pig.play import COMPUTER, PERSON, FastPigMatch

    match = FastPigMatch(_solved(rules, goal), seed, mover=COMPUTER if second else PERSON)
    rules = match.solution.rules
    click.echo(f"{rules.name} to {rules.goal} ({rules.summary}). You are player "
               f"{2 if second else 1}; the computer plays optimally.")
    while match.winner is None:
        you, computer = match.scores
        if match.mover == PERSON:
            line = f"you {you}, computer {computer}"
            dice = _person_dice(line, match.advice() if hints else None, rules, ask_number)
            if dice is None:
                return
            click.echo(f"  you throw {dice_text(dice)}: "
                       f"{match.throw(dice).describe(rules.pig_out)}; you {match.scores[PERSON]}")
        else:
            dice = match.computer_dice()
            click.echo(f"  computer throws {dice_text(dice)}: "
                       f"{match.throw(dice).describe(rules.pig_out)}; computer "
                       f"{match.scores[COMPUTER]}")
    you, computer = match.scores
    click.echo(f"{'you win' if match.winner == PERSON else 'the computer wins'}: "
               f"{you} to {computer}")


def _person_dice(line, advice, rules, ask_number):
    """The person's number of dice for this turn (None: they left, "bye" said), the
    scores ``line`` shown first with the coach's best choice when ``advice`` is given,
    and the chance of the choice made after it."""
    if advice is not None:
        line += f"   best: {dice_text(advice.best)}, P(win) {max(advice.chances):.6f}"
    click.echo(line)
    dice = ask_number("how many dice?", 1, rules.max_dice)
    if dice is None:
        click.echo("bye")
        return None
    if advice is not None:
        click.echo(f"  P(win) with {dice_text(dice)}: {advice.chances[dice - 1]:.6f} "
                   f"(loss {advice.loss(dice):.6f})")
    return dice


def play_table(rules, goal, players, ending, seat, hints, seed, ask_number) -> None:
    """A table of ``players`` (you at ``seat``, 1 moves first) against optimal computers
    (:class:`jeopardy.fast_pig.play.FastPigTable`), first to the goal or with equal
    turns; ``hints``: the coach, as in :func:`play`."""
    from jeopardy.fast_pig.play import FastPigTable

    if not 1 <= seat <= players:
        raise JeopardyError(f"--seat must be in 1..{players}; got {seat}")
    table = FastPigTable(_solved(rules, goal, players, ending), seed, person=seat - 1)
    rules = table.solution.rules
    rule = f", {ending.label}" if ending.last_round else ""
    click.echo(f"{rules.name} to {rules.goal} ({rules.summary}), {players} players{rule}. "
               f"You are player {seat}; the computers play optimally.")

    def name(index: int) -> str:
        return "you" if index == table.person else f"player {index + 1}"

    while table.winner is None:
        mover = table.mover
        racing = table.leader is None
        if mover == table.person:
            line = ", ".join(f"{name(i)} {s}" for i, s in enumerate(table.scores))
            if not racing:
                line += f"  (last turn: beat {table.leader})"
            dice = _person_dice(line, table.advice() if hints else None, rules, ask_number)
            if dice is None:
                return
        else:
            dice = table.computer_dice()
        roll = table.throw(dice)
        verb = "throw" if mover == table.person else "throws"
        click.echo(f"  {name(mover)} {verb} {dice_text(dice)}: {roll.describe(rules.pig_out)}; "
                   f"{name(mover)} {table.scores[mover]}")
        if racing and table.leader is not None:
            click.echo(f"  {name(mover)} reached the goal with {table.leader}: one last turn "
                       f"each for the players after")
    final = ", ".join(f"{name(i)} {s}" for i, s in enumerate(table.scores))
    if len(table.winners) > 1:
        verdict = "a tie between " + " and ".join(name(i) for i in table.winners)
    else:
        verdict = "you win" if table.winner == table.person else name(table.winner) + " wins"
    click.echo(f"{verdict}: {final}")
