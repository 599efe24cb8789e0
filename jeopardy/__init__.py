"""jeopardy: game-theoretic analysis of jeopardy dice games.

The top level is the facade, one style: a :class:`Game` and its methods::

    import jeopardy as jp

    g = jp.Game("pig", goal=100)
    g.solve().win_probability                     # 0.5305927253 (a float, every result)
    g.head_to_head("optimal", "hold:20")          # exact chances, first / second / fair
    g.policy((41, 49))                            # the mover's decision there
    g.simultaneous(max_hold=100).plot()           # a matplotlib Figure
    jp.Game("pig", goal=100, players=3, ending="equal-turns").solve().win_probabilities
    jp.Game("ten-thousand", goal=2000).solve()    # Ten Thousand; also "skunk", "think", ...

Beside it: the rules a user builds a variant from (:func:`game`,
:class:`RollModel`, :func:`dice_game`, :class:`Effect`, :class:`Kind`,
:class:`FarkleRules`), the policy builders (:mod:`jeopardy.policies`), the
figures (:mod:`jeopardy.plots`), sweeps (:func:`sweep`), Gambit exchange
(:func:`write_nfg`, :func:`read_nfg`), the result base :class:`Result` and
:class:`JeopardyError`.  Every analysis function stays in its module
(``jeopardy.match.solver.solve``, ``jeopardy.exact.race.solve_exact``, ...);
``import jeopardy`` itself loads nothing heavy and changes no global state.

The layers, each importing only from itself and the layers below
(docs/architecture.md; import-linter's contracts in pyproject.toml, run by
tests/test_layers.py, hold the package to them):

* cli -- :mod:`jeopardy.cli`, :mod:`jeopardy.web`, ``__main__``;
* facade, interop, plots -- :mod:`jeopardy.facade`, :mod:`jeopardy.interop`,
  :mod:`jeopardy.plots`;
* analyses -- :mod:`jeopardy.turn`, :mod:`jeopardy.simultaneous`,
  :mod:`jeopardy.exact`, :mod:`jeopardy.expected`, :mod:`jeopardy.fixed_turns`,
  :mod:`jeopardy.think`, :mod:`jeopardy.farkle`, :mod:`jeopardy.fairness`,
  :mod:`jeopardy.policy_language`, :mod:`jeopardy.variants`,
  :mod:`jeopardy.sweeps`, :mod:`jeopardy.reproduce`;
* engine -- :mod:`jeopardy.match`, :mod:`jeopardy.solitaire`;
* rules -- :mod:`jeopardy.rules`;
* errors, validate -- :mod:`jeopardy.errors`, :mod:`jeopardy.validate`,
  :mod:`jeopardy.results`, :mod:`jeopardy.files`, :mod:`jeopardy.resources`,
  :mod:`jeopardy.interrupts`, :mod:`jeopardy.compilation`,
  :mod:`jeopardy.sampling`, :mod:`jeopardy.ranges`,
  :mod:`jeopardy.native_output`, :mod:`jeopardy.published`.
"""
import importlib as _importlib
import warnings as _warnings

__version__ = "0.1.0"

# name -> "module" (the module itself) or "module:attribute"
_EXPORTS = {
    "Game": "jeopardy.facade:Game",
    # the rules a variant is built from
    "game": "jeopardy.rules.presets:game",
    "PRESETS": "jeopardy.rules.presets:PRESETS",
    "RollModel": "jeopardy.rules.roll_model:RollModel",
    "roll_model": "jeopardy.rules.roll_model:roll_model",
    "load_roll_model": "jeopardy.rules.roll_model:load",
    "dice_game": "jeopardy.rules.dice:dice_game",
    "Effect": "jeopardy.rules.effects:Effect",
    "Kind": "jeopardy.rules.effects:Kind",
    "FarkleRules": "jeopardy.farkle.turn:FarkleRules",
    # policies, figures, sweeps, exchange, results
    "policies": "jeopardy.match.policies",
    "plots": "jeopardy.plots",
    "sweep": "jeopardy.sweeps.engine:sweep",
    "write_nfg": "jeopardy.interop.gambit:write_nfg",
    "read_nfg": "jeopardy.interop.gambit:read_nfg",
    "Result": "jeopardy.results:Result",
    "JeopardyError": "jeopardy.errors:JeopardyError",
}

# Names of the earlier two-style top level: still found (with a DeprecationWarning
# naming the Game method), never listed.
_MOVED = {
    "solve": ("jeopardy.match.solver:solve", "Game(model, goal).solve()"),
    "load_solution": ("jeopardy.match.solver:load", "jeopardy.match.solver.load"),
    "head_to_head": ("jeopardy.match.evaluation:head_to_head", "Game.head_to_head"),
    "best_response": ("jeopardy.match.evaluation:best_response", "Game.best_response"),
    "simulate": ("jeopardy.match.simulation:simulate_head_to_head", "Game.simulate"),
    "reachable": ("jeopardy.match.reachability:reachable_against_any", "Game.reach"),
    "certify": ("jeopardy.match.certify:certify", "Game.certify"),
    "race_fairness": ("jeopardy.fairness:race_fairness", "Game.fairness"),
    "solve_exact": ("jeopardy.exact.race:solve_exact", "Game.exact"),
    "solve_expected": ("jeopardy.expected.solver:solve_expected", "Game.max_score"),
    "expected_turns": ("jeopardy.solitaire.solver:expected_turns", "Game.solitaire"),
    "reach_probability": ("jeopardy.solitaire.solver:reach_probability", "Game.solitaire"),
    "analyse_think": ("jeopardy.think.analysis:analyse", "Game.think"),
    "solve_farkle_turn": ("jeopardy.farkle.turn:solve_turn", "Game('ten-thousand').turn"),
    "solve_farkle": ("jeopardy.farkle.core:solve", "Game('ten-thousand').solve"),
    "turn_distribution": ("jeopardy.turn.distribution:turn_distribution", "Game.turn"),
    "solve_simultaneous": ("jeopardy.simultaneous.game:solve_simultaneous",
                           "Game.simultaneous"),
    "replies_to_pure": ("jeopardy.simultaneous.game:replies_to_pure", "Game.replies"),
    "race_policy": ("jeopardy.policy_language:race_policy", "jeopardy.policy_language"),
    "score_policy": ("jeopardy.policy_language:score_policy", "jeopardy.policy_language"),
    "score_policies": ("jeopardy.expected.policies", "jeopardy.expected.policies"),
    "compare_expected": ("jeopardy.expected.analysis:compare", "jeopardy.expected.analysis"),
    "default_goal": ("jeopardy.rules.presets:default_goal", "Game(name).goal"),
}

__all__ = sorted(_EXPORTS)


def _load(target: str):
    module_name, _, attribute = target.partition(":")
    module = _importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module


def __getattr__(name: str):
    if name in _EXPORTS:
        value = _load(_EXPORTS[name])
        globals()[name] = value  # later look-ups skip __getattr__
        return value
    if name in _MOVED:
        target, instead = _MOVED[name]
        _warnings.warn(f"jeopardy.{name} is no longer part of the top level; use {instead} "
                       f"(or {target.replace(':', '.')})", DeprecationWarning, stacklevel=2)
        return _load(target)
    raise AttributeError(f"module 'jeopardy' has no attribute {name!r}")


def __dir__() -> list:
    return sorted(__all__ + ["__version__"])
