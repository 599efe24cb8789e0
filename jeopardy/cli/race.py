"""Commands of the race game: solve, policy."""
from __future__ import annotations

from pathlib import Path

import click

from jeopardy import validate
from jeopardy.cli.common import (applies, check_output, conflicts, emit_json, ending_option,
                                 game_options, require_converged, json_option)
from jeopardy.errors import JeopardyError
from jeopardy.match.endings import FIRST_TO_GOAL, pair_game


def goal_option(function):
    return click.option("--goal", type=int, default=None,
                        help="goal score (default: the game's customary goal)")(function)


def resolve_goal(goal, game_name) -> int:
    from jeopardy.rules.presets import goal_or_default

    return goal_or_default(goal, game_name)


def solved(model, goal, players=2, ending=FIRST_TO_GOAL, show_progress=True, cache=True,
           strict=True, method="auto"):
    """The engine's solution (:func:`jeopardy.match.solver.solve`) with the CLI's progress
    line; ``method="pair"`` where the command reads the paper's ``P(i, j, k)`` tables
    (refused, in one line, for a game that has none)."""
    from jeopardy.cli.progress import ProgressLine
    from jeopardy.match.rules import MatchRules
    from jeopardy.match.solver import method_for, solve

    if method_for(model, MatchRules(players, ending), method) == "pair":
        bar = ProgressLine(f"solving {model.name} to {goal}", enabled=show_progress and goal >= 300)
    else:
        bar = ProgressLine(f"solving {model.name} to {goal}, {players} players",
                           enabled=show_progress and goal ** players >= 10 ** 6)
    return solve(model, goal, players, ending, progress=bar, cache=cache, strict=strict,
                 method=method)


def describe_actions(actions: str, start: int = 0) -> str:
    """'RRRHHR' -> 'roll at 0-2, hold at 3-4, roll at 5'."""
    runs = []
    k = 0
    while k < len(actions):
        letter = actions[k]
        end = k
        while end + 1 < len(actions) and actions[end + 1] == letter:
            end += 1
        word = "roll" if letter == "R" else "hold"
        runs.append(f"{word} at {k + start}" + (f"-{end + start}" if end > k else ""))
        k = end + 1
    return ", ".join(runs)


def match_options(function):
    """``--players`` and ``--ending`` (jeopardy.match.endings)."""
    function = ending_option(help="first to bank the goal wins; or the round is played out "
                                  "and the highest score wins; or (two players) whoever reaches "
                                  "the goal first, the other has one more turn")(function)
    return click.option("--players", type=int, default=2, show_default=True,
                        callback=check_players, help="number of players (2-10)")(function)


def check_players(ctx, param, value):
    """Click callback of every ``--players``: 2..MAX_PLAYERS, never quietly raised to 2."""
    from jeopardy.match.rules import MAX_PLAYERS

    if value is not None and not 2 <= value <= MAX_PLAYERS:
        raise JeopardyError(f"--players must be in 2-{MAX_PLAYERS}; got {value}")
    return value


def print_match(solution, as_json, policy_out=None) -> None:
    """`jeopardy solve` for more players or another ending (the N-player method);
    ``policy_out``: write the equilibrium's policy file (:mod:`jeopardy.match.policy_file`)."""
    model, goal, players, ending = (solution.model, solution.goal, solution.players,
                                    solution.rules.ending)
    if policy_out and solution.converged:
        from jeopardy.match.policy_file import from_solution
        from_solution(solution).save(policy_out)
    what = f"{model.name} to {goal}, {players} players, {ending}"
    if as_json:
        emit_json(solution.to_dict())
        require_converged(solution, what, (policy_out,))
        return
    click.echo(f"{model.name} to {goal}, {players} players, {ending}: {solution.turn_starts:,} "
               f"turn starts solved in {solution.seconds:.2f} s")
    for place, chance in enumerate(solution.win_probabilities, start=1):
        click.echo(f"  player {place} (moves {_ordinal(place)}) wins {chance:.10f}")
    click.echo(f"largest Bellman residual over all states: {solution.max_residual:.1e}"
               + (f" (cap {solution.cap}, proved harmless)" if ending.last_round else ""))
    if solution.column_passes:
        click.echo(f"the turn total can fall: each turn's column iterated to its fixed point "
                   f"(at most {solution.column_passes} passes, proved)")
    if solution.mixes:
        click.echo(f"mixed actions at {len(solution.mixes):,} turn starts, where best responses "
                   "in pure actions cycle")
    if policy_out and solution.converged:
        click.echo(f"policy written to {policy_out}")
    require_converged(solution, what, (policy_out,))


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


@click.command()
@goal_option
@match_options
@click.option("--out", type=str, default=None, callback=check_output, help="save the solution (.npz, no pickle)")
@click.option("--policy-out", type=str, default=None, callback=check_output,
              help="write the optimal policy table (.npz, or a long i,j,k,action table in "
                   ".csv or .parquet; more players or another ending: .npz, mixed actions "
                   "included) for compare, simulate, reach and play --ai")
@click.option("--no-cache", is_flag=True, help="do not read or write the solution cache")
@game_options(fast_pig=True)
@json_option
def solve(goal, players, ending, out, policy_out, no_cache, model, game_name, as_json) -> None:
    """Solve the race game: win probabilities and optimal play for every state."""
    from jeopardy.match.rules import MatchRules
    from jeopardy.match.solver import method_for
    from jeopardy.rules.fast_pig import FastPigRules

    if isinstance(model, FastPigRules):
        from jeopardy.cli import fast_pig

        fast_pig.refuse(click.get_current_context(), "out", "policy_out", "no_cache")
        fast_pig.solve(model, goal, players, ending, as_json)
        return

    goal = resolve_goal(goal, game_name)
    # What the solution is written as (refused before solving): the pair method's
    # P(i, j, 0) table and policy tables, or the N-player equilibrium's policy file.
    pair_method = method_for(model, MatchRules(players, ending)) == "pair"
    if not pair_method:
        if out:
            raise JeopardyError("--out saves two-player first-to-goal solutions only; "
                                "--policy-out FILE.npz writes this game's equilibrium")
        if policy_out and Path(policy_out).suffix.lower() != ".npz":
            raise JeopardyError(f"cannot write policy {policy_out!r}: an N-player or "
                                "equal-turns policy is written as .npz")
    elif policy_out:
        from jeopardy.match.policies import _check_goal
        if Path(policy_out).suffix.lower() not in (".npz", ".csv", ".parquet"):
            raise JeopardyError(f"cannot write policy {policy_out!r}: the name must end in "
                                ".npz, .csv or .parquet")
        _check_goal(goal)
    solution = solved(model, goal, players, ending, cache=not no_cache, strict=False)
    if not pair_method:
        print_match(solution, as_json, policy_out)
        return
    if out and solution.converged:
        solution.save(out)
    if policy_out and solution.converged:
        from jeopardy.match.policies import from_solution
        from_solution(solution).save(policy_out)
    if as_json:
        emit_json(solution.to_dict())
        require_converged(solution, f"{model.name} to {goal}", (out, policy_out))
        return
    origin = "read from cache (solved earlier in" if solution.cached else "solved in"
    click.echo(f"{model.name} to {goal}: {solution.states:,} states {origin} "
               f"{solution.seconds * 1000:.1f} ms{')' if solution.cached else ''}")
    click.echo(f"P(0,0,0) = {solution.win_probability:.10f}  "
               "(the player who moves first wins this often under optimal play)")
    click.echo(f"largest Bellman residual over all states: {solution.max_residual:.1e}"
               f"  ({solution.passes} pass{'es' if solution.passes > 1 else ''}, "
               f"{solution.sweeps:,} sweeps)")
    if out and solution.converged:
        click.echo(f"saved to {out}")
    if policy_out and solution.converged:
        click.echo(f"policy written to {policy_out}")
    require_converged(solution, f"{model.name} to {goal}", (out, policy_out))


def match_policy(model, goal, players, ending, scores_text, place, as_json) -> None:
    """`jeopardy policy --scores I,J,K`: the mover's decision at a state of N scores."""
    from jeopardy.match.solver import solve as run

    try:
        scores = validate.whole_numbers(scores_text)
    except ValueError:
        raise JeopardyError(f"--scores must be integers separated by commas; got "
                            f"{scores_text!r}") from None
    players = max(players, len(scores))
    if len(scores) != players:
        raise JeopardyError(f"--scores must give {players} scores (the mover's first); "
                            f"got {len(scores)}")
    for s in scores:
        if not 0 <= s < goal:
            raise JeopardyError(f"--scores must be in 0..{goal - 1}; got {s}")
    if not 0 <= place < players:
        raise JeopardyError(f"--place must be in 0..{players - 1}; got {place}")
    decision = run(model, goal, players, ending).decision(scores, place)
    if as_json:
        emit_json(decision.to_dict())
        return
    others = ", ".join(str(s) for s in scores[1:])
    where = f", {_ordinal(place + 1)} in the round" if ending.in_round else ""
    click.echo(f"{model.name} to {goal}, {players} players, {ending}: the mover at {scores[0]}, "
               f"the others at {others} in turn order{where}")
    click.echo("win probabilities at turn total 0 (mover first): "
               + ", ".join(f"{v:.6f}" for v in decision.win_probabilities))
    if decision.hold_threshold is not None:
        click.echo(f"hold at {decision.hold_threshold}: roll while the turn total is below "
                   f"{decision.hold_threshold}")
    else:
        click.echo("not a single threshold:")
    click.echo("  " + describe_actions(decision.actions))
    if decision.mixed:
        click.echo("  mixed: " + ", ".join(f"roll at {k} with probability {p:.6f}"
                                            for k, p in sorted(decision.mixed.items())))


@click.command()
@goal_option
@click.option("--score", "score", type=int, default=None, help="your banked score I")
@click.option("--opponent", type=int, default=None, help="the opponent's score J")
@click.option("--scores", "scores_text", type=str, default=None,
              help="N players: every score, the mover's first, then the others in turn "
                   "order (e.g. 10,20,30)")
@click.option("--place", type=int, default=0, show_default=True,
              help="equal turns: the mover's place in the round (0 moves first)")
@match_options
@click.option("--solution", "solution_file", type=str, default=None, help="read a saved solution")
@game_options(fast_pig=True)
@json_option
@applies("place", lambda p: p["ending"].in_round,
         "with --ending equal-turns (the mover's place in the round)")
def policy(goal, score, opponent, scores_text, place, players, ending, solution_file, model,
           game_name, as_json) -> None:
    """Optimal action at every turn total for your score I and the opponent's J
    (N players: --scores, the mover's first; Fast Pig / Hog: the number of dice)."""
    from jeopardy.rules.fast_pig import FastPigRules

    if isinstance(model, FastPigRules):
        from jeopardy.cli import fast_pig

        fast_pig.refuse(click.get_current_context(), "solution_file")
        fast_pig.policy(model, goal, score, opponent, scores_text, place, players, ending,
                        as_json)
        return
    if (scores_text is None and players == 2 and not pair_game(players, ending)
            and score is not None and opponent is not None and not solution_file):
        scores_text, score, opponent = f"{score},{opponent}", None, None  # two seats, named
    if scores_text is not None or not pair_game(players, ending):
        if scores_text is None:
            raise JeopardyError(f"give the state as --scores with {players} scores, the "
                                f"mover's first (e.g. {','.join(['0'] * players)})"
                                + (", or --score and --opponent" if players == 2 else ""))
        if score is not None or opponent is not None or solution_file:
            raise JeopardyError("--scores replaces --score, --opponent and --solution")
        match_policy(model, resolve_goal(goal, game_name), players, ending, scores_text, place,
                     as_json)
        return
    if score is None or opponent is None:
        raise JeopardyError("give --score and --opponent (or --scores for N players)")
    if solution_file:
        from jeopardy.match.solver import load

        conflicts(click.get_current_context(), "solution_file", "game_name", "faces", "bad_face",
                  "model_file")
        solution = load(solution_file)
        if goal is not None and goal != solution.goal:
            raise JeopardyError(f"--goal {goal} disagrees with --solution, which is for goal "
                                f"{solution.goal} (leave --goal out)")
        for name, value in (("--score", score), ("--opponent", opponent)):
            if not 0 <= value < solution.goal:
                raise JeopardyError(f"{name} must be in 0-{solution.goal - 1}; got {value}")
    else:
        goal = resolve_goal(goal, game_name)
        if not 0 <= score < goal:
            raise JeopardyError(f"--score must be in 0-{goal - 1}; got {score}")
        if not 0 <= opponent < goal:
            raise JeopardyError(f"--opponent must be in 0-{goal - 1}; got {opponent}")
        solution = solved(model, goal, method="pair")
    values, acts = solution.column((score, opponent))
    values = values[:, 0]  # the mover's chances
    actions = "".join("R" if a else "H" for a in acts)
    threshold = solution.hold_threshold(score, opponent)
    if as_json:
        emit_json({"game": solution.model.name, "goal": solution.goal, "score": score,
                   "opponent": opponent, "actions": actions,
                   "win_probability": float(values[0]),
                   "win_probability_by_turn_total": [float(v) for v in values],
                   "hold_threshold": threshold})
        return
    click.echo(f"{solution.model.name} to {solution.goal}, score {score} vs {opponent}: "
               f"P(win) at turn total 0 = {values[0]:.6f}")
    if threshold is not None:
        click.echo(f"hold at {threshold}: roll while the turn total is below {threshold}")
    else:
        click.echo("not a single threshold:")
    click.echo("  " + describe_actions(actions))


@click.command()
@goal_option
@game_options
@json_option
def certify(goal, model, game_name, as_json) -> None:
    """Interval certificate of the float solution: encloses the exact values."""
    from jeopardy.match.certify import certify as run

    goal = resolve_goal(goal, game_name)
    solution = solved(model, goal, method="pair")
    result = run(solution)
    if as_json:
        emit_json(result.to_dict())
        return
    total = result.certified_states + result.undecided_states
    click.echo(f"{model.name} to {goal}: {result.certified_states:,} of {total:,} decisions "
               f"certified optimal in interval arithmetic ({result.seconds:.2f} s)")
    low, high = result.lower[0, 0], result.upper[0, 0]
    click.echo(f"P(0,0,0) lies in [{low:.15f}, {high:.15f}]; widest interval {result.max_width:.1e}")
    if result.optimal:
        click.echo("every equation P = max(roll, hold) holds for the exact values of the float "
                   "policy: it is optimal, and the intervals enclose the optimal win probabilities")
    else:
        click.echo(f"{result.undecided_states:,} decisions are closer than the enclosure: there the "
                   f"other action could be better by at most {result.undecided_gap:.1e}")


def print_fairness(result, unit_name: str = "points") -> None:
    """Human output of a :class:`~jeopardy.fairness.Fairness` (shared with `farkle fairness`)."""
    who = "second" if result.bonus >= 0 else "first"
    click.echo(f"{result.game} to {result.goal}: fairest head start {abs(result.bonus)} {unit_name} "
               f"for the {who} player; the first player then wins {result.win_probability:.6f}")
    click.echo("  bonus (second player's head start; negative: the first player's)  P(first wins)")
    for bonus, chance in result.candidates:
        mark = "  <- fairest" if bonus == result.bonus else ""
        click.echo(f"  {bonus:6d}  {chance:.6f}{mark}")


@click.command()
@goal_option
@click.option("--max-bonus", type=int, default=None,
              help="list candidates up to this head start (default: twice the fairest)")
@ending_option(lambda e: e.turn_processes,
               help="fast-pig / hog: the round played out, the first of the round given or "
                    "owing the head start")
@game_options(fast_pig=True)
@json_option
def fairness(goal, max_bonus, ending, model, game_name, as_json) -> None:
    """Compensation points: the head start that makes the game fairest."""
    from jeopardy.fairness import check_window, race_fairness
    from jeopardy.rules.fast_pig import FastPigRules

    check_window(max_bonus)  # before anything is solved or compiled

    if isinstance(model, FastPigRules):
        from jeopardy.cli import fast_pig

        result = fast_pig.fairness(model, goal, max_bonus, ending)
    elif ending.last_round:
        raise JeopardyError("fairness --ending equal-turns is for --game fast-pig / hog; the "
                            "other games' compensation is first to the goal")
    else:
        result = race_fairness(solved(model, resolve_goal(goal, game_name), method="pair"),
                               max_bonus)
    if as_json:
        emit_json(result.to_dict())
        return
    print_fairness(result)
