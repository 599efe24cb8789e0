"""The `solitaire` command: reach the goal alone in as few turns as possible."""
from __future__ import annotations

import click

from jeopardy.cli.common import count, emit_json, game_options, json_option


@click.command()
@click.option("--goal", type=int, default=100, show_default=True)
@click.option("--turns", type=int, default=None,
              help="also the best chance to reach the goal within this many turns")
@click.option("--exact", is_flag=True,
              help="also solve the optimal policy in rationals and certify it optimal")
@game_options(default="pig")
@json_option
def solitaire(goal, turns, exact, model, game_name, as_json) -> None:
    """Solitaire Pig: fewest expected turns to the goal, and the best chance within n turns."""
    from jeopardy.errors import JeopardyError
    from jeopardy.solitaire import expected_turns, hold_at_expected_turns, reach_probability

    if turns is not None and turns < 1:
        raise JeopardyError(f"--turns must be a positive integer; got {turns}")
    best = expected_turns(model, goal)
    holds = hold_at_expected_turns(model, goal)
    reach = reach_probability(model, goal, turns) if turns is not None else None
    certificate = None
    if exact:
        from jeopardy.solitaire.exact import certify
        certificate = certify(model, goal, best.roll)
    if as_json:
        data = {"game": model.name, "goal": goal, "expected_turns": best.expected_turns,
                "residual": best.residual, "iterations": best.iterations,
                "best_hold": holds.best,
                "hold_at_expected_turns": {str(h): v for h, v in holds.turns.items()},
                "policies": {"expected_turns": best.to_dict()["policy"]}}
        if certificate is not None:
            exact_data = certificate.to_dict()
            data["expected_turns_exact"] = exact_data["expected_turns_exact"]
            data["certified_optimal"] = certificate.optimal
        if reach is not None:
            reach_data = reach.to_dict()
            data["turns"] = turns
            data["reach_probability"] = reach.probability
            data["policies"]["reach_probability"] = reach_data["policy"]
        emit_json(data)
        return
    click.echo(f"{model.name}, solitaire to {goal}")
    click.echo(f"fewest expected turns (optimal play): {best.expected_turns:.6f} "
               f"({best.iterations} policy-iteration steps, residual {best.residual:.1e})")
    if certificate is not None:
        value = certificate.expected_turns
        click.echo(f"exact: {float(value):.15f} (a fraction with a {len(str(value.denominator))}-"
                   f"digit denominator); certified optimal: {certificate.optimal}")
    h = holds.best
    click.echo(f"best hold at h or goal: h = {h}, {holds.turns[h]:.6f} turns "
               f"(hold at 20: {holds.turns[min(20, goal)]:.6f})")  # h >= goal: hold at the goal
    thresholds = best.hold_thresholds()
    shown = ", ".join(f"{s}:{'-' if v is None else v}" for s, v in enumerate(thresholds[:40]))
    click.echo(f"optimal hold-at by banked score (score:h; '-' = not a threshold): {shown}"
               + (" ..." if goal > 40 else ""))
    if reach is not None:
        click.echo(f"best chance to reach {goal} within {count(turns, 'turn')}: {reach.probability:.9f}")
