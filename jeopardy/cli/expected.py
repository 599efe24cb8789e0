"""The `max-score` command: most points in a fixed number of turns."""
from __future__ import annotations

import click

from jeopardy.cli.common import applies, count, emit_json, error_text, game_options, json_option
from jeopardy.errors import JeopardyError


@click.command(name="max-score")
@click.option("--turns", type=int, default=5, show_default=True)
@click.option("--policy", "policy_text", default="optimal", show_default=True,
              help="optimal, optimal-ties-hold, odds, odds-strict, hold:N, linear:A,B,C[,strict] "
                   "(roll iff A*s + B*t <= C); the race-game words (rule:, best-response, "
                   "practical policies, files) are refused")
@click.option("--compare", "compare_text", default=None,
              help="list reachable states where this policy decides differently from --policy")
@click.option("--exact/--no-exact", default=True, show_default=True,
              help="also evaluate the policy exactly in rationals (if affordable)")
@click.option("--simulate", "games", type=int, default=None, help="also simulate this many games")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--score-cap", type=int, default=None,
              help="bounded scores: a final score counts as min(score, CAP)")
@game_options(default="think", fast_pig=True)
@json_option
@applies("seed", lambda p: p["games"] is not None, "with --simulate")
def max_score(turns, policy_text, compare_text, exact, games, seed, score_cap, model, game_name,
              as_json) -> None:
    """Expected final score over a fixed number of turns (THINK, SKUNK, n-turn Pig;
    Fast Pig / Hog: expected points of one roll by number of dice)."""
    from jeopardy.rules.fast_pig import FastPigRules

    if isinstance(model, FastPigRules):
        from jeopardy.cli import fast_pig

        fast_pig.refuse(click.get_current_context(), "turns", "policy_text", "compare_text",
                        "exact", "games", "seed", "score_cap")
        fast_pig.max_score(model, as_json)
        return
    from jeopardy.expected.analysis import compare, exact_expected
    from jeopardy.expected.policies import optimal
    from jeopardy.policy_language import score_policy
    from jeopardy.expected.solver import solve_expected

    if turns < 1:
        raise JeopardyError(f"--turns must be at least 1; got {turns}")
    if games is not None and games < 1:
        raise JeopardyError(f"--simulate must be a positive number of games; got {games}")
    if score_cap is not None and games:
        raise JeopardyError("--simulate does not apply with --score-cap")
    policy = score_policy(policy_text, model)
    best = solve_expected(model, turns, optimal() if not policy.is_optimal else policy,
                          score_cap=score_cap)
    solution = best if policy.is_optimal else solve_expected(model, turns, policy, cap=max(
        best.cap, _policy_cap(policy)), score_cap=score_cap)
    data = {"game": model.name, "turns": turns, "policy": str(policy),
            "policy_rule": policy.to_dict(), "score_cap": score_cap,
            "expected": solution.expected, "optimal_expected": best.expected,
            "cap": solution.cap, "seconds": solution.seconds}
    if exact:
        try:
            value = exact_expected(solution)
            data["expected_exact"] = str(value)
            exact_float = float(value)
        except JeopardyError as error:
            data["expected_exact"] = None
            data["exact_skipped"] = str(error)
    if games:
        from jeopardy.cli.progress import simulation_progress
        from jeopardy.expected.simulate import simulate
        sim = simulate(solution, games, seed, progress=simulation_progress(games))
        data["simulation"] = {"games": games, "seed": seed, "mean": sim.mean, "stderr": sim.stderr}
    if compare_text:
        other_policy = score_policy(compare_text, model, "max-score --compare")
        other = best if other_policy == policy and policy.is_optimal else solve_expected(
            model, turns, other_policy, cap=solution.cap, score_cap=score_cap)
        data["comparison"] = compare(solution, other, best).to_dict()
    if as_json:
        emit_json(data)
        return
    bounded = "" if score_cap is None else f" (scores capped at {score_cap})"
    click.echo(f"{model.name}, {count(turns, 'turn')}{bounded}, {policy}: expected final score "
               f"{solution.expected:.14f}")
    if not policy.is_optimal:
        click.echo(f"optimal policy: {best.expected:.14f} (loses {best.expected - solution.expected:.3e})")
    if data.get("expected_exact"):
        text = data["expected_exact"]
        shown = text if len(text) < 90 else text[:40] + "..." + text[-40:]
        click.echo(f"exact: {shown} = {exact_float:.15f}")
    elif exact:
        click.echo(f"exact evaluation skipped: {data['exact_skipped']}")
    if games:
        sim = data["simulation"]
        click.echo(f"simulation: {count(games, 'game')} (seed {seed}): mean {sim['mean']:.4f} "
                   f"{error_text(sim['stderr'], games, 4)}")
    if compare_text:
        c = data["comparison"]
        click.echo(f"against {c['second']}: same reachable states: {c['same_reachable_states']}; "
                   f"decisions differ at {c['differences']} reachable states "
                   f"({c['strict_differences']} not ties)")
        for d in c["examples"][:20]:
            click.echo(f"  turn {d['turn']}, score {d['score']}, turn total {d['turn_total']}: "
                       f"{d['first']} vs {d['second']} (optimal roll - hold = "
                       f"{d['optimal_margin']:+.3e})")


def _policy_cap(policy) -> int:
    from jeopardy.expected.policies import HOLD_AT, LINEAR_LE, LINEAR_LT

    if policy.kind in (LINEAR_LE, LINEAR_LT):
        return int(policy.c / policy.b) + 1
    if policy.kind == HOLD_AT:
        return int(policy.c)
    return 0
