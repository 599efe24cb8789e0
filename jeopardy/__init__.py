"""jeopardy: game-theoretic analysis of jeopardy dice games.

Everything a notebook needs is here, imported on first use (``import
jeopardy`` itself loads nothing heavy and changes no global state)::

    import jeopardy as jp

    g = jp.Game("pig", goal=100, players=3, ending="equal-turns")
    g.solve()                                     # MatchSolution: win_probabilities
    g.policy((10, 20, 30))                        # the mover's decision there

    pig = jp.game("pig")
    race = jp.solve(pig, 100)                     # RaceSolution
    jp.head_to_head(pig, jp.policies.from_solution(race), jp.policies.hold_at(100, 20))
    jp.solve_simultaneous(pig, 100).plot()        # a matplotlib Figure

Layers point down only: ``rules`` (roll models, presets) -> analyses
(``turn``, ``simultaneous``, ``race``, ``exact``, ``expected``, ``solitaire``,
``farkle``, ``think``, ``sweeps``) -> presentation (``cli``, ``plots``,
``interop`` exports).  Results derive from :class:`jeopardy.results.Result`:
short reprs, HTML tables in Jupyter, ``to_dict()``, ``to_json()``,
``to_frame()`` for tables.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# name -> "module" (the module itself) or "module:attribute"
_EXPORTS = {
    # rules
    "game": "jeopardy.rules.presets:game",
    "PRESETS": "jeopardy.rules.presets:PRESETS",
    "default_goal": "jeopardy.rules.presets:default_goal",
    "RollModel": "jeopardy.rules.roll_model:RollModel",
    "roll_model": "jeopardy.rules.roll_model:roll_model",
    "load_roll_model": "jeopardy.rules.roll_model:load",
    "dice_game": "jeopardy.rules.dice:dice_game",
    "Effect": "jeopardy.rules.effects:Effect",
    "Kind": "jeopardy.rules.effects:Kind",
    # one turn
    "turn_distribution": "jeopardy.turn.distribution:turn_distribution",
    "StoppingRule": "jeopardy.turn.distribution:StoppingRule",
    "TurnDistribution": "jeopardy.turn.distribution:TurnDistribution",
    # the simultaneous single-turn game
    "solve_simultaneous": "jeopardy.simultaneous.game:solve_simultaneous",
    "replies_to_pure": "jeopardy.simultaneous.game:replies_to_pure",
    "SimultaneousSolution": "jeopardy.simultaneous.game:SimultaneousSolution",
    # the facade: one game (roll model, goal, players, ending) and its analyses
    "Game": "jeopardy.facade:Game",
    # race games
    "solve": "jeopardy.race.solver:solve",
    "load_solution": "jeopardy.race.solver:load",
    "RaceSolution": "jeopardy.race.solver:RaceSolution",
    "policies": "jeopardy.race.policies",
    "race_policy": "jeopardy.policy_language:race_policy",  # a policy word -> RacePolicy
    "score_policy": "jeopardy.policy_language:score_policy",  # a policy word -> ScorePolicy
    "RacePolicy": "jeopardy.race.policies:RacePolicy",
    "head_to_head": "jeopardy.race.evaluation:head_to_head",
    "best_response": "jeopardy.race.evaluation:best_response",
    "HeadToHead": "jeopardy.race.evaluation:HeadToHead",
    "simulate": "jeopardy.race.simulation:simulate",
    "SimulatedMatch": "jeopardy.race.simulation:SimulatedMatch",
    "reachable": "jeopardy.race.reachability:reachable",
    "certify": "jeopardy.race.certify:certify",
    "race_fairness": "jeopardy.fairness:race_fairness",
    # exact rationals
    "solve_exact": "jeopardy.exact.race:solve_exact",
    "ExactRaceSolution": "jeopardy.exact.race:ExactRaceSolution",
    # expected score, solitaire, games to win
    "solve_expected": "jeopardy.expected.solver:solve_expected",
    "score_policies": "jeopardy.expected.policies",
    "compare_expected": "jeopardy.expected.analysis:compare",
    "expected_turns": "jeopardy.solitaire.solver:expected_turns",
    "reach_probability": "jeopardy.solitaire.solver:reach_probability",
    "analyse_think": "jeopardy.think.analysis:analyse",
    # Ten Thousand / Farkle
    "FarkleRules": "jeopardy.farkle.turn:FarkleRules",
    "solve_farkle_turn": "jeopardy.farkle.turn:solve_turn",
    "solve_farkle": "jeopardy.farkle.core:solve",
    # presentation and exchange
    "plots": "jeopardy.plots",
    "write_nfg": "jeopardy.interop.gambit:write_nfg",
    "read_nfg": "jeopardy.interop.gambit:read_nfg",
    "Result": "jeopardy.results:Result",
    "JeopardyError": "jeopardy.errors:JeopardyError",
}

__all__ = sorted(_EXPORTS) + ["sweep"]


def __getattr__(name: str) -> Any:
    target = _EXPORTS.get(name)
    if target is None:
        raise AttributeError(f"module 'jeopardy' has no attribute {name!r}")
    module_name, _, attribute = target.partition(":")
    module = importlib.import_module(module_name)
    value = getattr(module, attribute) if attribute else module
    globals()[name] = value  # later look-ups skip __getattr__
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def sweep(spec, **options):
    """Run a sweep (a TOML path or a dict) and return its pandas DataFrame.

    See :func:`jeopardy.sweeps.engine.sweep` for the options and
    :mod:`jeopardy.sweeps.spec` for the grid.
    """
    from jeopardy.sweeps.engine import sweep as run

    return run(spec, **options)


if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from jeopardy import plots  # noqa: F401
    from jeopardy.race import policies  # noqa: F401
    from jeopardy.errors import JeopardyError  # noqa: F401
    from jeopardy.exact.race import ExactRaceSolution, solve_exact  # noqa: F401
    from jeopardy.facade import Game  # noqa: F401
    from jeopardy.race.evaluation import HeadToHead, best_response, head_to_head  # noqa: F401
    from jeopardy.race.policies import RacePolicy  # noqa: F401
    from jeopardy.race.simulation import SimulatedMatch, simulate  # noqa: F401
    from jeopardy.race.solver import RaceSolution, solve  # noqa: F401
    from jeopardy.rules.presets import PRESETS, game  # noqa: F401
    from jeopardy.rules.roll_model import RollModel  # noqa: F401
    from jeopardy.simultaneous.game import SimultaneousSolution, solve_simultaneous  # noqa: F401
    from jeopardy.turn.distribution import TurnDistribution, turn_distribution  # noqa: F401
