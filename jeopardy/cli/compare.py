"""Commands comparing race-game policies: compare, simulate, reach, plot."""
from __future__ import annotations

import click

from jeopardy.cli.common import (applies, check_output, count, emit_json, game_options, given,
                                 json_option, show_head_to_head, show_seats)
from jeopardy.cli.progress import simulation_progress
from jeopardy.cli.race import goal_option, match_options, resolve_goal, solved
from jeopardy.errors import JeopardyError
from jeopardy.match.endings import pair_game

POLICY_HELP = ("optimal, best-response (to the other policy), hold:N, linear:A,B,C[,strict] "
               "(roll iff A*i + B*k <= C), odds, odds-strict, rule:FORMULA "
               "(e.g. 'rule:k < 21 + (j - i) / 8 or max(i, j) >= 71'), "
               "keep-pace, keep-pace-half-even, score-base, hold-25 (Neller & Presser 2010), "
               "or a policy file (.npz, .csv or .parquet, as written by solve --policy-out)")


def build_policy(spec: str, model, goal: int, other_spec: str | None = None,
                 command: str = "compare"):
    """A :class:`~jeopardy.match.policies.RacePolicy` from a command-line word
    (:mod:`jeopardy.policy_language`), 'optimal' solved with the CLI's progress line."""
    from jeopardy.policy_language import race_policy

    return race_policy(spec, model, goal, command, other_spec,
                       optimal=lambda: solved(model, goal, method="pair"))


def seats(specs, players) -> list[str]:
    """One policy per seat: ``--players`` must match the policies named (two
    policies and the default ``--players 2`` seat two)."""
    if players > len(specs) or (players != len(specs) and given(click.get_current_context(),
                                                                "players")):
        raise JeopardyError(f"--players {players} seats {players} policies, one per seat; "
                            f"got {len(specs)} (name every seat's policy: A B C ...)")
    return list(specs)


def seat_policies(specs, players, ending, goal, model, command: str):
    """``(specs, policies)``: N policies, player p following the p-th (the last one
    fills any seats left); ``optimal`` is the N-player equilibrium."""
    from jeopardy.match.evaluation import ENDINGS
    from jeopardy.match.policy_file import is_match_policy
    from jeopardy.match.policy_file import load as load_match_policy
    from jeopardy.match.solver import solve as solve_match

    if not ending.seats_policies:
        raise JeopardyError(f"{command} plays policies under the {' or '.join(ENDINGS)} "
                            f"endings only")
    if players > len(specs) or (players != len(specs) and given(click.get_current_context(),
                                                                "players")):
        raise JeopardyError(f"--players {players} seats {players} policies, one per seat; "
                            f"got {len(specs)} (name every seat's policy: A B C ...)")
    specs, players = list(specs), len(specs)
    equilibrium = None
    chosen = []
    for spec in specs:
        if spec.strip() == "optimal":
            equilibrium = equilibrium or solve_match(model, goal, players, ending)
            chosen.append(equilibrium)
        elif is_match_policy(spec.strip()):
            chosen.append(load_match_policy(spec.strip(), model, goal, players, ending))
        else:
            where = "more than two players" if players > 2 else f"the {ending} ending"
            chosen.append(build_policy(spec, model, goal, None, f"{command} ({where})"))
    return specs, chosen


def compare_players(specs, players, ending, goal, model, as_json) -> None:
    """`jeopardy compare A B [C ...]`: N policies evaluated exactly."""
    from jeopardy.match.evaluation import evaluate

    specs, chosen = seat_policies(specs, players, ending, goal, model, "compare")
    players = len(specs)
    result = evaluate(model, goal, chosen, ending)
    if as_json:
        emit_json({"game": model.name, "goal": goal, "players": players, "ending": ending,
                   **result.to_dict()})
        return
    click.echo(f"{model.name} to {goal}, {players} players, {ending}: exact policy evaluation "
               f"(largest residual {result.max_residual:.1e})")
    for place, (name, chance) in enumerate(zip(specs, result.win_probabilities), start=1):
        click.echo(f"  player {place} ({name}) wins {chance:.6f}")


@click.command()
@click.argument("a")
@click.argument("b")
@click.argument("more", nargs=-1)
@goal_option
@match_options
@game_options(fast_pig=True)
@json_option
def compare(a, b, more, goal, players, ending, model, game_name, as_json) -> None:
    """Exact win probabilities of policies A, B (C ...) in turn order (policy evaluation)."""
    from jeopardy.rules.fast_pig import FastPigRules

    if isinstance(model, FastPigRules):
        from jeopardy.cli import fast_pig

        fast_pig.compare(model, goal, seats((a, b, *more), players), ending, as_json)
        return
    from jeopardy.match.evaluation import head_to_head

    goal = resolve_goal(goal, game_name)
    if more or not pair_game(players, ending):
        compare_players((a, b, *more), players, ending, goal, model, as_json)
        return
    first = build_policy(a, model, goal, b)
    second = build_policy(b, model, goal, a)
    result = head_to_head(model, first, second)
    if as_json:
        emit_json({"game": model.name, "goal": goal, **result.to_dict()})
        return
    click.echo(f"{model.name} to {goal}: {result.first_name} (A) against {result.second_name} (B)")
    click.echo(f"  P(A wins | A moves first)  {result.first:.6f}")
    click.echo(f"  P(A wins | B moves first)  {result.second:.6f}")
    click.echo(f"  P(A wins | fair coin)      {result.fair:.6f}")
    click.echo(f"  exact policy evaluation; largest residual {result.max_residual:.1e}")
    if "optimal" in (a.strip(), b.strip()) and "best-response" not in (a.strip(), b.strip()):
        click.echo("  note: 'optimal' is optimal against an optimal opponent; the policy optimal "
                   "against the other one is 'best-response'"
                   + (" (the paper's 58.74% vs hold at 20 is that one)"
                      if (model.name, goal) == ("pig", 100) else ""))


def simulate_players(specs, players, ending, goal, games, seed, model, as_json) -> None:
    """`jeopardy simulate A B C ...`: N policies in turn order, seeded."""
    from jeopardy.match.simulation import simulate as run

    specs, chosen = seat_policies(specs, players, ending, goal, model, "simulate")
    result = run(model, goal, chosen, games, seed, ending, progress=simulation_progress(games))
    if as_json:
        emit_json({"game": model.name, "goal": goal, "players": len(specs), "ending": ending,
                   **result.to_dict()})
        return
    show_seats(f"{model.name} to {goal}, {len(specs)} players, {ending}: {count(games, 'game')}, "
               f"seed {seed}, {result.seconds:.1f} s", specs, result.win_probabilities,
               result.stderrs, games)


@click.command()
@click.argument("a")
@click.argument("b")
@click.argument("more", nargs=-1)
@goal_option
@match_options
@click.option("--games", type=int, default=100_000, show_default=True,
              help="games with each player moving first (N players: games, player 1 first)")
@click.option("--seed", type=int, default=1, show_default=True)
@game_options(fast_pig=True)
@json_option
def simulate(a, b, more, goal, players, ending, games, seed, model, game_name, as_json) -> None:
    """Seeded Monte Carlo of policy A against policy B (C ... for more players)."""
    from jeopardy.rules.fast_pig import FastPigRules

    if isinstance(model, FastPigRules):
        from jeopardy.cli import fast_pig

        fast_pig.simulate(model, goal, seats((a, b, *more), players), ending, games, seed,
                          as_json)
        return
    from jeopardy.match.simulation import simulate_head_to_head as run

    if games <= 0:
        raise JeopardyError(f"--games must be positive; got {games}")
    goal = resolve_goal(goal, game_name)
    if more or not pair_game(players, ending):
        simulate_players((a, b, *more), players, ending, goal, games, seed, model, as_json)
        return
    first = build_policy(a, model, goal, b, "simulate")
    second = build_policy(b, model, goal, a, "simulate")
    result = run(model, first, second, games, seed, progress=simulation_progress(games))
    if as_json:
        emit_json({"game": model.name, "goal": goal, **result.to_dict()})
        return
    show_head_to_head(f"{model.name} to {goal}: {result.first_name} (A) against "
                      f"{result.second_name} (B), {count(games, 'game')} each way, seed {seed}, "
                      f"{result.seconds:.1f} s", result, games)


def reach_players(goal, players, ending, policy_spec, model, as_json) -> None:
    """`jeopardy reach --players N`: states reached when every player plays the equilibrium
    (``optimal``, or its policy file written by ``solve --policy-out``)."""
    from jeopardy.match.policy_file import is_match_policy
    from jeopardy.match.policy_file import load as load_match_policy
    from jeopardy.match.reachability import reachable
    from jeopardy.match.solver import solve as solve_match

    spec = policy_spec.strip()
    if spec == "optimal":
        followed, who = solve_match(model, goal, players, ending), "every player optimal"
    elif is_match_policy(spec):
        followed = load_match_policy(spec, model, goal, players, ending)
        who = f"every player following {followed.name}"
    else:
        raise JeopardyError("reach --players N follows the equilibrium (--policy optimal, or "
                            "its policy file written by solve --policy-out) only")
    result = reachable(followed)
    if as_json:
        emit_json(result.to_dict())
        return
    click.echo(f"{model.name} to {goal}, {players} players, {ending}, {who}: "
               f"{result.count:,} of {result.total_states:,} states reached (rolling in "
               f"{result.roll_count:,}), at {result.reachable_turn_starts:,} of "
               f"{result.turn_starts:,} turn starts")


@click.command()
@goal_option
@match_options
@click.option("--policy", "policy_spec", default="optimal", show_default=True, help=POLICY_HELP)
@game_options
@json_option
def reach(goal, players, ending, policy_spec, model, game_name, as_json) -> None:
    """States a player can reach under a policy, in some game against some opponent
    (N players: states reached when every player plays the equilibrium)."""
    from jeopardy.match.reachability import reachable_against_any

    goal = resolve_goal(goal, game_name)
    if not pair_game(players, ending):
        reach_players(goal, players, ending, policy_spec, model, as_json)
        return
    policy = build_policy(policy_spec, model, goal, None, "reach")
    result = reachable_against_any(model, policy)
    if as_json:
        emit_json(result.to_dict())
        return
    click.echo(f"{model.name} to {goal}, {policy.name}: {result.count:,} of "
               f"{result.total_states:,} states reachable (rolling in {result.roll_count:,}), "
               f"on {result.score_pair_count:,} of {goal * goal:,} score pairs")
    click.echo(f"own scores never reached: {_ranges(result.own_scores_never_reached)}")


def _ranges(values: list[int]) -> str:
    from jeopardy.ranges import runs

    return runs(values, ", ") or "none"


@click.command()
@click.argument("figure", type=click.Choice(["boundary", "cross-section", "reachable",
                                             "reachable-roll", "contours", "dice-map"]))
@goal_option
@match_options
@click.option("--opponent", type=int, default=None,
              help="opponent score of the cross-section  [default: 30% of the goal, 30 at 100]")
@click.option("--others", type=int, default=0, show_default=True,
              help="N players, boundary: the score of every player but the mover and the next")
@click.option("--out", required=True, callback=check_output, help="figure file to write (.png, .svg or .pdf)")
@game_options(fast_pig=True)
@applies("others", lambda p: p["players"] > 2 and p["figure"] == "boundary",
         "to the boundary figure with more than two players (--players 3 or more)")
@applies("opponent", lambda p: p["figure"] == "cross-section"
         and pair_game(p["players"], p["ending"]),
         "to the two-player first-to-goal cross-section figure")
def plot(figure, goal, players, ending, opponent, others, out, model, game_name) -> None:
    """Draw one of the paper's figures (3-7) for any game and goal (N players: the
    hold boundary of the mover against the next player)."""
    from jeopardy.plots import race as figures
    from jeopardy.match.policies import MAX_TABLE_GOAL, from_solution
    from jeopardy.match.reachability import reachable_against_any
    from jeopardy.rules.fast_pig import FastPigRules

    if isinstance(model, FastPigRules) or figure == "dice-map":
        if not isinstance(model, FastPigRules) or figure != "dice-map":
            raise JeopardyError("the dice-map figure is drawn for Fast Pig / Hog, and they "
                                "draw only it")
        from jeopardy.cli import fast_pig

        fast_pig.refuse(click.get_current_context(), "players", "ending", "opponent", "others")
        fast_pig.plot_dice_map(model, goal, out)
        return
    goal = resolve_goal(goal, game_name)
    if not pair_game(players, ending):
        from jeopardy.match.solver import solve as solve_match

        if figure != "boundary":
            raise JeopardyError("with --players or --ending only the boundary figure is drawn")
        if not 0 <= others < goal:
            raise JeopardyError(f"--others must be in 0..{goal - 1}; got {others}")
        from jeopardy.plots.common import save

        save(solve_match(model, goal, players, ending).plot("boundary", others), out)
        click.echo(f"wrote {out}")
        return
    if goal > MAX_TABLE_GOAL:
        raise JeopardyError(f"figures need every state; goal {goal} is above {MAX_TABLE_GOAL}")
    if opponent is None:
        from jeopardy.match.pair import cross_section_opponent
        opponent = cross_section_opponent(goal)
    if figure == "cross-section" and not 0 <= opponent < goal:
        raise JeopardyError(f"--opponent must be in 0-{goal - 1}; got {opponent}")
    solution = solved(model, goal, method="pair")
    policy = from_solution(solution)
    roll = policy.roll.astype(bool)
    name = f"{model.name} to {goal}"
    if figure == "boundary":
        figures.boundary_surface(name, roll, out)
    elif figure == "cross-section":
        figures.cross_section(name, roll, reachable_against_any(model, policy), opponent, out)
    elif figure == "reachable":
        figures.state_cloud(name, reachable_against_any(model, policy).states,
                            "states reachable by an optimal player", out)
    elif figure == "reachable-roll":
        figures.state_cloud(name, reachable_against_any(model, policy).roll,
                            "reachable states where rolling is optimal", out)
    else:
        P, _ = solution.expand()
        figures.probability_contours(name, P, out)
    click.echo(f"wrote {out}")
