"""The `farkle` command group: Ten Thousand under the seed's rules."""
from __future__ import annotations

import click

from jeopardy.cli.common import (applies, check_output, count, dice_text, emit_json,
                                 error_text, given, json_option, require_converged)
from jeopardy.errors import JeopardyError


@click.group()
def farkle() -> None:
    """Ten Thousand / Farkle: scoring, the seed's tables, optimal turn and game."""


# Options of the seed's Ten Thousand refused beside --rules: the rules file's key that
# sets the rule, or the seed's rule the option is (rules files do not take IV.1-IV.3, IV.5).
IN_THE_FILE = {"min_bank": "the rules file's min_bank key sets it",
               "keep_choice": "the rules file's set_aside = \"choice\" sets it"}
SEED_ONLY = {"no_stop_on_six": "IV.1", "high_min_bank": "IV.2", "high_score": "IV.2",
             "exact_goal": "IV.3", "continue_position": "IV.5"}
WITHOUT_RULES = {**{name: f"without --rules ({where})" for name, where in IN_THE_FILE.items()},
                 **{name: f"without --rules (rule {rule} of the seed's Ten Thousand; rules "
                          "files do not take it)" for name, rule in SEED_ONLY.items()}}
WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def rules_option(function):
    return click.option("--rules", "rules_name", type=str, default=None, metavar="NAME|FILE.toml",
                        help="house rules: a preset (ten-thousand, facebook, neller-busche, "
                             "reference-com, everything2) or a TOML rules file")(function)


def rule_options(function):
    function = applies("high_score", lambda p: p["high_min_bank"] is not None,
                       "with --high-min-bank (rule IV.2: the minimum above --high-score)")(function)
    for name, scope in WITHOUT_RULES.items():
        function = applies(name, lambda p: p["rules_name"] is None, scope)(function)
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
    return rules_option(function)


def _rules(min_bank, no_stop_on_six, keep_choice, high_min_bank, high_score, exact_goal=False,
           continue_position=False, goal=10_000):
    from jeopardy.farkle.turn import FarkleRules

    for flag, value in (("--min-bank", min_bank), ("--high-min-bank", high_min_bank)):
        if value is not None and 0 < goal < value:  # refused at once, not after a 16 s solve
            raise JeopardyError(f"{flag} must be at most the goal ({goal:,}); got {value:,}")
    if high_min_bank is not None:  # rule IV.2 must change something
        if high_min_bank <= min_bank:
            raise JeopardyError(f"--high-min-bank {high_min_bank:,} is not above --min-bank "
                                f"({min_bank:,}): rule IV.2 would change nothing")
        if high_score >= goal:
            raise JeopardyError(f"--high-score {high_score:,} is not below the goal ({goal:,}): "
                                "rule IV.2 would change nothing")
    return FarkleRules(min_bank=min_bank, no_stop_on_six=no_stop_on_six, keep_choice=keep_choice,
                       goal=goal, high_min_bank=high_min_bank, high_score=high_score,
                       exact_goal=exact_goal, continue_position=continue_position)


def _house(rules_name, goal=None, first_to_reach=False):
    """``(rules, first_to_reach)`` of ``--rules``; ``--goal`` and ``--first-to-reach``, when
    given, override the file's goal and ending."""
    import dataclasses

    from jeopardy.farkle.house import rules_named

    house = rules_named(rules_name)
    rules = house.rules
    if goal is not None and given(click.get_current_context(), "goal"):
        if goal <= 0 or goal % 50:
            raise JeopardyError(f"--goal must be a positive multiple of 50; got {goal}")
        past = rules.bank_past(goal)
        if past is not None:
            raise JeopardyError(f"--goal {goal:,} is below the rules' {past[0]} ({past[1]:,})")
        rules = dataclasses.replace(rules, goal=goal)
    return rules, bool(first_to_reach or house.first_to_reach)


def _title(rules) -> str:
    return "Ten Thousand" if rules.name == "ten-thousand" else f"Farkle ({rules.name})"


def _table(rules_name):
    from jeopardy.farkle.scoring import SEED

    return SEED if rules_name is None else _house(rules_name)[0].scoring


def _hand(rules_name):
    """The rule set of ``--rules`` (the seed's without it): its scoring table, dice in a
    hand, dice after every die scored and name."""
    from jeopardy.farkle.turn import FarkleRules

    return FarkleRules() if rules_name is None else _house(rules_name)[0]


@farkle.command()
@click.argument("dice", nargs=-1, type=str)
@rules_option
@json_option
def score(dice, rules_name, as_json) -> None:
    """Score one throw, e.g. `jeopardy farkle score 1 1 1 5 2 3`."""
    from jeopardy.farkle.scoring import score_all

    values = []
    for d in dice:
        try:
            values.append(int(d))
        except ValueError:
            raise JeopardyError(f"dice show 1 to 6; got {d!r}") from None
    rules = _hand(rules_name)
    table, hand, fresh = rules.scoring, rules.dice, rules.fresh
    if not 1 <= len(values) <= hand:
        counts = "1 die" if hand == 1 else f"1 to {hand} dice"
        raise JeopardyError(f"a throw of these rules has {counts}; got {len(values)}")
    points, aside = score_all(values, table)
    if as_json:
        emit_json({"game": rules.name, "dice": values, "score": points, "set_aside": aside,
                   "remaining": len(values) - len(aside) if points else 0,
                   "hot_dice": bool(points) and len(aside) == len(values) and fresh > 0})
        return
    if points == 0:
        click.echo(f"{' '.join(map(str, values))}: no score (the turn total is lost)")
    else:
        rest = len(values) - len(aside)
        click.echo(f"{' '.join(map(str, values))}: {points} points, set aside "
                   f"{' '.join(map(str, aside))}; " +
                   (f"{'hot dice: throw all ' + WORDS[hand] + ' again' if fresh else 'no dice left: bank'}"
                    if rest == 0 else f"{rest} dice left to throw"))


@farkle.command()
@rules_option
@json_option
def throws(rules_name, as_json) -> None:
    """Table 1: one throw of I dice, enumerated exactly."""
    from jeopardy.farkle.throws import throw_table

    rules = _hand(rules_name)
    hand, fresh = rules.dice, rules.fresh
    rows = throw_table(rules.scoring, hand, fresh)
    if as_json:
        emit_json({"game": rules.name, "dice": [r.to_dict() for r in rows]})
        return
    if not fresh:
        click.echo("hot dice off: K=0* is every die scored, no dice left (the turn must bank)")
    click.echo("I  " + "".join(f"K={k}".ljust(17) for k in range(1, hand + 1))
               + ("K=0*".ljust(17) if not fresh else "") + " K=0      scoring, mean")
    for r in rows:
        cells = []
        for k in list(range(1, hand + 1)) + ([] if fresh else [0]):
            if k in r.next_probability:
                cells.append(f"{float(r.next_probability[k]):6.2%} {float(r.next_mean_score[k]):8.2f}")
            else:
                cells.append(" " * 15)
        click.echo(f"{r.dice}  " + "  ".join(cells) +
                   f"  {float(r.bust):6.2%}   {float(r.score_probability):6.2%} "
                   + ("      -" if r.mean_score_if_scoring is None
                      else f"{float(r.mean_score_if_scoring):7.2f}"))


@farkle.command()
@rules_option
@json_option
def stopping(rules_name, as_json) -> None:
    """Table 2: W(I) and the critical scores Cs(I)."""
    from jeopardy.farkle.throws import stopping_table

    rules = _hand(rules_name)
    table = stopping_table(rules.scoring, rules.dice, rules.fresh)
    if as_json:
        emit_json({**table.to_dict(), "game": rules.name})
        return
    click.echo("I   W(I)       Cs(I)")
    for n, (w, c) in enumerate(zip(table.W, table.critical), start=1):
        click.echo(f"{n}  {float(w):8.2f}  {float(c):10.2f}")


@farkle.command()
@rule_options
@json_option
def turn(min_bank, no_stop_on_six, keep_choice, high_min_bank, high_score, exact_goal,
         continue_position, rules_name, as_json) -> None:
    """The optimal single turn (maximum expected banked score) against the seed's rule.

    With --rules: the turn of a player on the board (an entry minimum is shown apart:
    the turn of a player's first bank); a penalty is not part of one turn's value."""
    import dataclasses

    from jeopardy.farkle.turn import solve_turn
    from jeopardy.validate import ParameterError

    if exact_goal or continue_position:
        flag = "--exact-goal (rule IV.3)" if exact_goal else "--continue-position (rule IV.5)"
        raise JeopardyError(f"{flag} concerns the {'end' if exact_goal else 'start'} of turns "
                            "in a game, not one turn; use `jeopardy farkle solve`")
    if high_min_bank is not None:
        raise JeopardyError("rule IV.2 (--high-min-bank) concerns a player's score in a game; the "
                            "turn shown is of a player at 0: use `jeopardy farkle solve`")
    entry = None
    if rules_name is not None:
        rules = _house(rules_name)[0]
        least_first = rules.entry
        min_bank, keep_choice = rules.min_bank, rules.keep_choice
    else:
        rules = _rules(min_bank, no_stop_on_six, keep_choice, high_min_bank, high_score)
    try:
        if rules.enters:
            entry = solve_turn(rules).expected  # banked 0: the entry minimum applies
            rules = dataclasses.replace(rules, entry=0)
        best = solve_turn(rules)
        seed_rule = solve_turn(rules, policy="seed")
    except ParameterError as error:  # the budget's refusal: name the file's keys, not an option
        if rules_name is None or error.parameter != "min_bank":
            raise
        raise JeopardyError(f"{rules.name}: the least bank (min_bank, entry) "
                            f"{error.detail}") from None
    thresholds = best.thresholds()
    data = {"game": rules.name, "expected": best.expected, "thresholds": thresholds,
            "threshold_rule": best.to_dict()["threshold_rule"],
            "seed_rule_expected": seed_rule.expected,
            "seed_rule_loss": best.expected - seed_rule.expected, "min_bank": min_bank}
    if entry is not None:  # a player's first bank, at least the entry minimum
        data["entry"] = {"minimum": least_first, "expected": entry}
    if rules.penalty is not None:  # the rule set's, not part of one turn's value
        data["penalty"] = {"farkles": rules.penalty.farkles, "points": rules.penalty.points,
                           "floor": rules.penalty.floor}
    if as_json:
        emit_json(data)
        return
    named = f"{rules.name}: " if rules_name is not None else ""
    click.echo(f"{named}optimal turn: expected banked score {best.expected:.4f} "
               f"(minimum bank {min_bank}{', IV.1' if no_stop_on_six else ''}"
               f"{', IV.4' if keep_choice and rules_name is None else ''}"
               f"{', any scoring part set aside' if keep_choice and rules_name else ''})")
    for n, t in enumerate(thresholds, start=1):
        text = f"bank from {t}" if t is not None else "never bank"
        if not best.is_threshold(n):
            text += " (not a single threshold below it)"
        click.echo(f"  {dice_text(n)} in hand: {text}")
    click.echo(f"the seed's rule (throw while the total is at most Cs(I)): {seed_rule.expected:.4f}, "
               f"loses {best.expected - seed_rule.expected:.4f} points a turn")
    if entry is not None:
        click.echo(f"a player's first bank (at least {least_first}): expected "
                   f"banked score {entry:.4f}")
    if rules.penalty is not None:
        click.echo(f"the penalty ({rules.penalty.farkles} farkles in a row lose "
                   f"{rules.penalty.points}) is not part of one turn's value")


@farkle.command()
@click.option("--goal", type=int, default=10_000, show_default=True)
@click.option("--first-to-reach", is_flag=True, help="whoever banks the goal first wins at once")
@click.option("--out", type=str, default=None, callback=check_output, help="save the solution (.npz)")
@click.option("--simulate", "games", type=int, default=None,
              help="also simulate this many games (1 to 100,000,000)")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--players", type=int, default=2, show_default=True,
              help="players (3 to 6: the N-player equilibrium, either ending)")
@rule_options
@json_option
@applies("seed", lambda p: p["games"] is not None, "with --simulate")
def solve(goal, first_to_reach, out, games, seed, players, min_bank, no_stop_on_six, keep_choice,
          high_min_bank, high_score, exact_goal, continue_position, rules_name, as_json) -> None:
    """Optimal play: the first player's win probability (two players, or each player's
    chance with --players 3 to 6)."""
    from jeopardy.cli.progress import ProgressLine
    from jeopardy.farkle.core import solve as run

    if games is not None and not 1 <= games <= 100_000_000:
        raise JeopardyError(f"--simulate must be in 1-100000000; got {games}")
    if rules_name is not None:
        rules, first_to_reach = _house(rules_name, goal, first_to_reach)
        goal, min_bank = rules.goal, rules.min_bank
    else:
        rules = _rules(min_bank, no_stop_on_six, keep_choice, high_min_bank, high_score,
                       exact_goal, continue_position, goal)
    if players != 2 and (out or games):
        raise JeopardyError("--out and --simulate are for two players")
    line = ProgressLine(f"solving {_title(rules)} to {goal}", enabled=goal >= 5000)
    if rules.penalty is not None:  # the bust counters' solve (jeopardy.match.counters)
        from jeopardy.farkle.penalty import solve as run_penalty

        if players != 2:
            raise JeopardyError("the penalty is solved for two players")
        if out or games:
            raise JeopardyError(f"{'--out' if out else '--simulate'} is not available with the "
                                "penalty (its solution is not a Ten Thousand table)")
        solution = run_penalty(rules, first_to_reach, progress=line, strict=False)
    else:
        solution = run(rules, first_to_reach, progress=line, strict=False, players=players)
    what = f"{_title(rules)} to {goal}" + (f", {players} players" if players != 2 else "")
    if out and solution.converged:
        solution.save(out)
    data = solution.to_dict()
    if games and solution.converged:
        from jeopardy.cli.progress import simulation_progress
        from jeopardy.farkle.simulation import simulate
        sim = simulate(solution, games, seed, progress=simulation_progress(games))
        data["simulation"] = {"games": games, "seed": seed, "first_player_wins": sim.first_player_wins,
                              "stderr": sim.stderr}
    if as_json:
        emit_json(data)
        require_converged(solution, what, (out, count(games, "simulated game") if games else None))
        return
    rule = "first to bank the goal wins" if first_to_reach else \
        "rounds: the second player answers a first player who reaches the goal" \
        if players == 2 else "rounds: the players after the first to reach the goal each " \
        "play one last turn"
    names = solution.to_dict()["rules"]
    click.echo(f"{_title(rules)} to {goal} ({rule}), {rules.bank_rule()}"
               + (f", rules {', '.join(names)}" if names and rules_name is None else "")
               + (", any scoring part set aside" if rules_name is not None and rules.keep_choice
                  else "")
               + (f", {rules.penalty.farkles} farkles in a row lose {rules.penalty.points} "
                  f"(scores kept at or above {rules.penalty.floor})" if rules.penalty else "")
               + ":")
    if players == 2:
        click.echo(f"  first player wins {solution.win_probability:.6f} under optimal play "
                   "(ties count 1/2)")
    else:
        chances = ", ".join(f"{p:.6f}" for p in solution.win_probabilities)
        click.echo(f"  {players} players, in turn order, win {chances} under the equilibrium "
                   "found (subgame perfect; another may differ)")
        if solution.solution.unsettled_classes:
            click.echo(f"  {solution.solution.unsettled_classes} classes of turn starts did not "
                       "settle")
    click.echo(f"  {solution.states:,} states, {solution.seconds:.1f} s, largest residual "
               f"{solution.max_residual:.1e}"
               + (f" ({data['rounds']} Bellman rounds, {data['sweeps']} sweeps of fixed play)"
                  if rules.penalty else ""))
    if games and solution.converged:
        sim = data["simulation"]
        click.echo(f"  simulation: {count(games, 'game')} (seed {seed}): "
                   f"{sim['first_player_wins']:.5f} {error_text(sim['stderr'], games)}")
    if out and solution.converged:
        click.echo(f"  saved to {out}")
    require_converged(solution, what, (out, count(games, "simulated game") if games else None))


@farkle.command()
@click.option("--solution", "solution_file", required=True, help="a file from `farkle solve --out`")
@click.option("--score", "score_", type=int, required=True)
@click.option("--opponent", type=int, required=True)
@click.option("--second", is_flag=True, help="you are the second player of the round")
@json_option
def policy(solution_file, score_, opponent, second, as_json) -> None:
    """When to bank, by dice in hand, at given scores."""
    from jeopardy.farkle.core import describe_banking, load
    from jeopardy.farkle.turn import UNIT

    solution = load(solution_file)
    if second and solution.first_to_reach:
        raise JeopardyError("--second applies only to a solution of the round ending: first "
                            "to the goal, the two players' positions are alike")
    top = solution.rules.goal - UNIT
    for flag, value in (("--score", score_), ("--opponent", opponent)):
        if value % UNIT or not 0 <= value <= top:
            raise JeopardyError(f"{flag} must be a multiple of {UNIT} in 0..{top:,}; got {value:,}")
    banking = solution.banking(score_, opponent, first=not second)
    if as_json:
        emit_json({"game": solution.rules.name, "score": score_, "opponent": opponent,
                   "second": second,
                   "bank": {str(n): [{"from": a, "to": b} for a, b in runs]
                            for n, runs in banking.items()}})
        return
    where = "" if solution.first_to_reach else \
        f" ({'second' if second else 'first'} player of the round)"
    click.echo(f"score {score_} against {opponent}{where}:")
    for n, runs in banking.items():
        click.echo(f"  {dice_text(n)} in hand: {describe_banking(runs)}")
    if solution.rules.exact_goal:
        click.echo(f"  (rule IV.3: a turn total above {solution.rules.goal - score_} passes the "
                   f"goal and is lost)")


@farkle.command()
@click.option("--goal", type=int, default=10_000, show_default=True)
@click.option("--first-to-reach", is_flag=True, help="whoever banks the goal first wins at once")
@click.option("--max-bonus", type=int, default=None,
              help="list candidates up to this head start (default: twice the fairest)")
@rule_options
@json_option
def fairness(goal, first_to_reach, max_bonus, min_bank, no_stop_on_six, keep_choice,
             high_min_bank, high_score, exact_goal, continue_position, rules_name, as_json) -> None:
    """Compensation points: the head start that makes two-player Ten Thousand fairest."""
    from jeopardy.cli.progress import ProgressLine
    from jeopardy.cli.race import print_fairness
    from jeopardy.fairness import check_window, farkle_fairness
    from jeopardy.farkle.core import solve as run
    from jeopardy.farkle.turn import UNIT

    check_window(max_bonus, UNIT)  # before anything is solved or compiled
    if rules_name is not None:
        rules, first_to_reach = _house(rules_name, goal, first_to_reach)
        goal = rules.goal
    else:
        rules = _rules(min_bank, no_stop_on_six, keep_choice, high_min_bank, high_score,
                       exact_goal, continue_position, goal)
    solution = run(rules, first_to_reach, progress=ProgressLine(f"solving {_title(rules)} to {goal}",
                                                                enabled=goal >= 5000))
    result = farkle_fairness(solution, max_bonus)
    if as_json:
        data = result.to_dict()
        data["ending"] = solution.to_dict()["ending"]
        emit_json(data)
        return
    print_fairness(result)


@farkle.command()
@click.option("--rules", "rules_name", type=str, required=True, metavar="NAME|FILE.toml",
              help="house rules (first to the goal): a preset or a TOML rules file")
@click.option("--goal", type=int, default=None, help="the goal (default: the rules')")
@click.option("--out", type=str, default=None, callback=check_output,
              help="draw the card to this file (.pdf, .png or .svg)")
@json_option
def card(rules_name, goal, out, as_json) -> None:
    """A printable strategy card: banking thresholds by dice in hand and the other player's
    score, derived from optimal play, how to choose the dice to set aside, and the win
    probability the card loses against optimal play (exact policy evaluation, both
    seats)."""
    from jeopardy.cli.progress import ProgressLine
    from jeopardy import resources
    from jeopardy.farkle.card import strategy_card
    from jeopardy.farkle.card import cost as card_cost
    from jeopardy.farkle.core import solve as run
    from jeopardy.farkle.turn import UNIT
    from jeopardy.validate import ParameterError

    rules, first_to_reach = _house(rules_name, goal)
    if not first_to_reach:
        raise JeopardyError("the card is made for games won by the first to reach the goal "
                            f"(ending = \"first-to-goal\" in a rules file); {rules.name} "
                            "plays a last round")
    if rules.penalty is not None:
        raise JeopardyError(f"the card is not made for the penalty of {rules.name}")
    try:
        resources.require_of(card_cost, "goal", "the strategy card", UNIT, goal=rules.goal,
                             keep_choice=rules.keep_choice, rules=rules)
    except ParameterError as error:  # a goal from the rules file: name the file's key
        if goal is not None:
            raise
        raise JeopardyError(f"{rules.name}: the goal {error.detail}") from None
    solution = run(rules, True, progress=ProgressLine(f"solving {_title(rules)} to {rules.goal}",
                                                       enabled=rules.goal >= 5000))
    result = strategy_card(solution)
    if out is not None:
        from jeopardy.plots.farkle_card import strategy_card as draw

        draw(result, out)
    if as_json:
        emit_json({**result.to_dict(), **({"out": out} if out else {})})
        return
    from jeopardy.plots.farkle_card import column_labels

    click.echo(f"{_title(rules)} to {rules.goal:,}, first to reach: bank once the turn total "
               f"reaches (columns: the other player's score; table: {result.source}, of "
               + ", ".join(f"{name} losing {0.5 - v.a_fair:.6f}"
                           for name, v in result.candidates.items()) + ")")
    labels = [f"{label:>16}" for label in column_labels(result)]
    click.echo(f"  dice  {'  '.join(labels)}")
    for n in range(1, rules.dice + 1):
        cells = [f"{'only to win':>16}" if row[n - 1] is None else f"{row[n - 1]:16,}"
                 for row in result.thresholds]
        click.echo(f"  {n:>4}  {'  '.join(cells)}")
    if rules.keep_choice:
        click.echo("  worth of the dice left: " + ", ".join(f"{n}: {w}" for n, w in
                                                          enumerate(result.worth, start=1)))
    versus = result.against_optimal
    click.echo(f"the card against optimal play: wins {versus.a_first:.6f} first, "
               f"{versus.a_second:.6f} second, {versus.a_fair:.6f} by a fair coin "
               f"(loses {result.loss:.6f})")
    if result.max_score is not None:
        best = result.max_score
        click.echo(f"max-expected-score play against optimal play: {best.a_first:.6f} first, "
                   f"{best.a_second:.6f} second, {best.a_fair:.6f} by a fair coin "
                   f"(loses {0.5 - best.a_fair:.6f})")
    if out is not None:
        click.echo(f"card written to {out}")
