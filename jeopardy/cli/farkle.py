"""The `farkle` command group: Ten Thousand under the seed's rules."""
from __future__ import annotations

import click

from jeopardy.cli.common import applies, check_output, emit_json, json_option, require_converged
from jeopardy.errors import JeopardyError


@click.group()
def farkle() -> None:
    """Ten Thousand / Farkle: scoring, the seed's tables, optimal turn and game."""


def rule_options(function):
    function = applies("high_score", lambda p: p["high_min_bank"] is not None,
                       "with --high-min-bank (rule IV.2: the minimum above --high-score)")(function)
    function = click.option("--min-bank", type=int, default=350, show_default=True,
                            help="minimum turn score to bank (0 allowed)")(function)
    function = click.option("--no-stop-on-six", is_flag=True,
                            help="rule IV.1: no banking when the next throw would use six dice")(function)
    function = click.option("--keep-choice", is_flag=True,
                            help="rule IV.4: set aside any scoring part, not every scoring die")(function)
    function = click.option("--high-min-bank", type=int, default=None,
                            help="rule IV.2: minimum turn score above --high-score (e.g. 500)")(function)
    function = click.option("--high-score", type=int, default=5000, show_default=True)(function)
    function = click.option("--exact-goal", is_flag=True,
                            help="rule IV.3: land exactly on the goal (no minimum for that bank)")(function)
    function = click.option("--continue-position", is_flag=True,
                            help="rule IV.5: start from the previous player's position")(function)
    return function


def _rules(min_bank, no_stop_on_six, keep_choice, high_min_bank, high_score, exact_goal=False,
           continue_position=False, goal=10_000):
    from jeopardy.farkle.turn import FarkleRules

    for flag, value in (("--min-bank", min_bank), ("--high-min-bank", high_min_bank)):
        if value is not None and 0 < goal < value:  # refused at once, not after a 16 s solve
            raise JeopardyError(f"{flag} must be at most the goal ({goal:,}); got {value:,}")
    return FarkleRules(min_bank=min_bank, no_stop_on_six=no_stop_on_six, keep_choice=keep_choice,
                       goal=goal, high_min_bank=high_min_bank, high_score=high_score,
                       exact_goal=exact_goal, continue_position=continue_position)


@farkle.command()
@click.argument("dice", nargs=-1, type=str)
@json_option
def score(dice, as_json) -> None:
    """Score one throw, e.g. `jeopardy farkle score 1 1 1 5 2 3`."""
    from jeopardy.farkle.scoring import score_all

    values = []
    for d in dice:
        try:
            values.append(int(d))
        except ValueError:
            raise JeopardyError(f"dice show 1 to 6; got {d!r}") from None
    points, aside = score_all(values)
    if as_json:
        emit_json({"game": "ten-thousand", "dice": values, "score": points, "set_aside": aside,
                   "remaining": len(values) - len(aside) if points else 0,
                   "hot_dice": bool(points) and len(aside) == len(values)})
        return
    if points == 0:
        click.echo(f"{' '.join(map(str, values))}: no score (the turn total is lost)")
    else:
        rest = len(values) - len(aside)
        click.echo(f"{' '.join(map(str, values))}: {points} points, set aside "
                   f"{' '.join(map(str, aside))}; " +
                   ("hot dice: throw all six again" if rest == 0 else f"{rest} dice left to throw"))


@farkle.command()
@json_option
def throws(as_json) -> None:
    """Table 1: one throw of I dice, enumerated exactly."""
    from jeopardy.farkle.throws import throw_table

    rows = throw_table()
    if as_json:
        emit_json({"game": "ten-thousand", "dice": [r.to_dict() for r in rows]})
        return
    click.echo("I  K=1              K=2              K=3              K=4              K=5"
               "              K=6               K=0      scoring, mean")
    for r in rows:
        cells = []
        for k in range(1, 7):
            if k in r.next_probability:
                cells.append(f"{float(r.next_probability[k]):6.2%} {float(r.next_mean_score[k]):8.2f}")
            else:
                cells.append(" " * 15)
        click.echo(f"{r.dice}  " + "  ".join(cells) +
                   f"  {float(r.bust):6.2%}   {float(r.score_probability):6.2%} "
                   f"{float(r.mean_score_if_scoring):7.2f}")


@farkle.command()
@json_option
def stopping(as_json) -> None:
    """Table 2: W(I) and the critical scores Cs(I)."""
    from jeopardy.farkle.throws import stopping_table

    table = stopping_table()
    if as_json:
        emit_json(table.to_dict())
        return
    click.echo("I   W(I)       Cs(I)")
    for n, (w, c) in enumerate(zip(table.W, table.critical), start=1):
        click.echo(f"{n}  {float(w):8.2f}  {float(c):10.2f}")


@farkle.command()
@rule_options
@json_option
def turn(min_bank, no_stop_on_six, keep_choice, high_min_bank, high_score, exact_goal,
         continue_position, as_json) -> None:
    """The optimal single turn (maximum expected banked score) against the seed's rule."""
    from jeopardy.farkle.turn import solve_turn

    if exact_goal or continue_position:
        raise JeopardyError("rules IV.3 and IV.5 concern the end and the start of turns in a game; "
                            "use `jeopardy farkle solve`")
    rules = _rules(min_bank, no_stop_on_six, keep_choice, high_min_bank, high_score)
    best = solve_turn(rules)
    seed_rule = solve_turn(rules, policy="seed")
    thresholds = best.thresholds()
    data = {"game": "ten-thousand", "expected": best.expected, "thresholds": thresholds,
            "threshold_rule": best.to_dict()["threshold_rule"],
            "seed_rule_expected": seed_rule.expected,
            "seed_rule_loss": best.expected - seed_rule.expected}
    if as_json:
        emit_json(data)
        return
    click.echo(f"optimal turn: expected banked score {best.expected:.4f} "
               f"(minimum bank {min_bank}{', IV.1' if no_stop_on_six else ''}"
               f"{', IV.4' if keep_choice else ''})")
    for n, t in enumerate(thresholds, start=1):
        text = f"bank from {t}" if t is not None else "never bank"
        if not best.is_threshold(n):
            text += " (not a single threshold below it)"
        click.echo(f"  {n} dice in hand: {text}")
    click.echo(f"the seed's rule (throw while the total is at most Cs(I)): {seed_rule.expected:.4f}, "
               f"loses {best.expected - seed_rule.expected:.4f} points a turn")


@farkle.command()
@click.option("--goal", type=int, default=10_000, show_default=True)
@click.option("--first-to-reach", is_flag=True, help="whoever banks the goal first wins at once")
@click.option("--out", type=str, default=None, callback=check_output, help="save the solution (.npz)")
@click.option("--simulate", "games", type=int, default=0, help="also simulate this many games")
@click.option("--seed", type=int, default=1, show_default=True)
@rule_options
@json_option
def solve(goal, first_to_reach, out, games, seed, min_bank, no_stop_on_six, keep_choice,
          high_min_bank, high_score, exact_goal, continue_position, as_json) -> None:
    """Optimal two-player play: the first player's win probability."""
    from jeopardy.cli.progress import ProgressLine
    from jeopardy.farkle.core import solve as run

    rules = _rules(min_bank, no_stop_on_six, keep_choice, high_min_bank, high_score, exact_goal,
                   continue_position, goal)
    solution = run(rules, first_to_reach, progress=ProgressLine(f"solving Ten Thousand to {goal}",
                                                                enabled=goal >= 5000),
                   strict=False)
    what = f"Ten Thousand to {goal}"
    if out and solution.converged:
        solution.save(out)
    data = solution.to_dict()
    if games and solution.converged:
        from jeopardy.farkle.simulation import simulate
        sim = simulate(solution, games, seed)
        data["simulation"] = {"games": games, "seed": seed, "first_player_wins": sim.first_player_wins,
                              "stderr": sim.stderr}
    if as_json:
        emit_json(data)
        require_converged(solution, what, (out, f"{games:,} simulated games" if games else None))
        return
    rule = "first to bank the goal wins" if first_to_reach else \
        "rounds: the second player answers a first player who reaches the goal"
    names = solution.to_dict()["rules"]
    click.echo(f"Ten Thousand to {goal} ({rule}), minimum bank {min_bank}"
               + (f", rules {', '.join(names)}" if names else "") + ":")
    click.echo(f"  first player wins {solution.win_probability:.6f} under optimal play (ties count 1/2)")
    click.echo(f"  {solution.states:,} states, {solution.seconds:.1f} s, largest residual "
               f"{solution.max_residual:.1e}")
    if games and solution.converged:
        sim = data["simulation"]
        click.echo(f"  simulation: {games:,} games (seed {seed}): {sim['first_player_wins']:.5f} "
                   f"+- {sim['stderr']:.5f}")
    if out and solution.converged:
        click.echo(f"  saved to {out}")
    require_converged(solution, what, (out, f"{games:,} simulated games" if games else None))


@farkle.command()
@click.option("--solution", "solution_file", required=True, help="a file from `farkle solve --out`")
@click.option("--score", "score_", type=int, required=True)
@click.option("--opponent", type=int, required=True)
@click.option("--second", is_flag=True, help="you are the second player of the round")
@json_option
def policy(solution_file, score_, opponent, second, as_json) -> None:
    """When to bank, by dice in hand, at given scores."""
    from jeopardy.farkle.core import describe_banking, load

    solution = load(solution_file)
    banking = solution.banking(score_, opponent, first=not second)
    if as_json:
        emit_json({"game": "ten-thousand", "score": score_, "opponent": opponent, "second": second,
                   "bank": {str(n): [{"from": a, "to": b} for a, b in runs]
                            for n, runs in banking.items()}})
        return
    click.echo(f"score {score_} against {opponent} ({'second' if second else 'first'} player of the round):")
    for n, runs in banking.items():
        click.echo(f"  {n} dice in hand: {describe_banking(runs)}")


@farkle.command()
@click.option("--goal", type=int, default=10_000, show_default=True)
@click.option("--first-to-reach", is_flag=True, help="whoever banks the goal first wins at once")
@click.option("--max-bonus", type=int, default=None,
              help="list candidates up to this head start (default: twice the fairest)")
@rule_options
@json_option
def fairness(goal, first_to_reach, max_bonus, min_bank, no_stop_on_six, keep_choice,
             high_min_bank, high_score, exact_goal, continue_position, as_json) -> None:
    """Compensation points: the head start that makes two-player Ten Thousand fairest."""
    from jeopardy.cli.progress import ProgressLine
    from jeopardy.cli.race import print_fairness
    from jeopardy.fairness import farkle_fairness
    from jeopardy.farkle.core import solve as run

    rules = _rules(min_bank, no_stop_on_six, keep_choice, high_min_bank, high_score, exact_goal,
                   continue_position, goal)
    solution = run(rules, first_to_reach, progress=ProgressLine(f"solving Ten Thousand to {goal}",
                                                                enabled=goal >= 5000))
    result = farkle_fairness(solution, max_bonus)
    if as_json:
        data = result.to_dict()
        data["ending"] = solution.to_dict()["ending"]
        emit_json(data)
        return
    print_fairness(result)
