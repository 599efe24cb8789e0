"""The facade: one race game (a roll model, a goal, match rules) and its analyses.

::

    import jeopardy
    g = jeopardy.Game("pig", goal=100, players=3, ending="equal-turns")
    g.solve()                      # MatchSolution: win_probabilities in turn order
    g.policy((10, 20, 30))         # the mover's decision at a state of three scores
    g.compare("optimal", "hold:20", "hold:25")

Each method delegates to the analysis module that owns it (as nashpy's
``Game`` does); nothing is computed here.  The solution is kept after the
first :meth:`Game.solve` (the game is immutable).  Two players with the
first-to-goal ending use the pair solver (:mod:`jeopardy.race.solver`, the
paper's ``P(i, j, k)`` tables); every other game the N-player solver
(:mod:`jeopardy.match.solver`).
"""
from __future__ import annotations

from typing import Any

from jeopardy import validate
from jeopardy.errors import JeopardyError
from jeopardy.match.rules import FIRST_TO_GOAL, MatchRules


class Game:
    """A race game: ``model`` (a roll model or a preset's name), ``goal`` (default:
    the preset's customary goal, else 100), ``players`` (2-10), ``ending``
    (``"first-to-goal"`` or ``"equal-turns"``)."""

    def __init__(self, model: Any = "pig", goal: int | None = None, players: int = 2,
                 ending: str = FIRST_TO_GOAL):
        from jeopardy.rules.presets import PRESETS, default_goal

        if goal is None:
            goal = default_goal(model) if isinstance(model, str) and model in PRESETS else 100
        self.model = validate.roll_model(model)
        self.goal = validate.positive_int(goal, "goal")
        self.rules = MatchRules(players, ending)
        self._solution = None

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def ending(self) -> str:
        return self.rules.ending

    @property
    def pair(self) -> bool:
        """Two players, first to the goal: the pair solver's game."""
        return self.players == 2 and self.ending == FIRST_TO_GOAL

    def __repr__(self) -> str:
        return f"Game({self.model.name} to {self.goal}, {self.rules})"

    # ------------------------------------------------------------ analyses
    def solve(self, **options):
        """Optimal play: a :class:`~jeopardy.race.solver.RaceSolution` (two players,
        first to the goal) or a :class:`~jeopardy.match.solver.MatchSolution`."""
        if options or self._solution is None:
            if self.pair:
                from jeopardy.race.solver import solve
                solution = solve(self.model, self.goal, **options)
            else:
                from jeopardy.match.solver import solve
                solution = solve(self.model, self.goal, self.players, self.ending, **options)
            if options:
                return solution
            self._solution = solution
        return self._solution

    def _match_solution(self):
        """The N-player solver's solution, also for two players first to the goal."""
        if not self.pair:
            return self.solve()
        from jeopardy.match.solver import solve
        return solve(self.model, self.goal, self.players, self.ending)

    def policy(self, scores, place: int = 0):
        """The mover's decision at the turn start of ``scores`` (the mover's first,
        then the others in turn order) and ``place`` in the round (equal turns):
        a :class:`~jeopardy.match.solver.Decision`."""
        return self._match_solution().decision(scores, place)

    def _policy(self, spec):
        """A policy object, or ``"optimal"``: the equilibrium (the pair solver's policy
        table for two players first to the goal)."""
        if isinstance(spec, str):
            if spec.strip() != "optimal":
                raise JeopardyError(f"policy {spec!r}: pass 'optimal' or a policy object "
                                    "(jeopardy.policies.hold_at, from_formula, load)")
            if self.pair:
                from jeopardy.race.policies import from_solution
                return from_solution(self.solve())
            return self._match_solution()
        return spec

    def compare(self, *policies):
        """Exact win probabilities of ``policies`` seated in turn order (one per player;
        the last fills the seats left): :func:`jeopardy.match.evaluation.evaluate`."""
        from jeopardy.match.evaluation import evaluate
        return evaluate(self.model, self.goal, self._seats(policies), self.ending)

    def simulate(self, *policies, games: int = 100_000, seed: int = 0):
        """Seeded Monte Carlo of ``policies`` seated in turn order:
        :func:`jeopardy.match.simulation.simulate`."""
        from jeopardy.match.simulation import simulate
        return simulate(self.model, self.goal, self._seats(policies), games, seed, self.ending)

    def _seats(self, policies):
        from jeopardy.match.evaluation import ENDINGS

        if self.ending not in ENDINGS:
            raise JeopardyError(f"policies are compared under the {' or '.join(ENDINGS)} "
                                f"endings only")
        if not policies:
            policies = ("optimal",)
        if len(policies) > self.players:
            raise JeopardyError(f"{len(policies)} policies for {self.players} players")
        policies = list(policies) + [policies[-1]] * (self.players - len(policies))
        return [self._policy(p) for p in policies]

    def reach(self, policy="optimal"):
        """States reached: two players, a policy against any opponent
        (:func:`jeopardy.race.reachability.reachable`); more players, every player
        following the equilibrium (:func:`jeopardy.match.reachability.reachable`)."""
        if self.pair:
            from jeopardy.race.reachability import reachable
            return reachable(self.model, self._policy(policy))
        if policy != "optimal":
            raise JeopardyError("with more players reach follows the equilibrium (policy "
                                "'optimal') only")
        from jeopardy.match.reachability import reachable
        return reachable(self._match_solution())

    def certify(self):
        """Interval certificate of the two-player solution (:mod:`jeopardy.race.certify`)."""
        if not self.pair:
            raise JeopardyError("certify is for two players, first to the goal")
        from jeopardy.race.certify import certify
        return certify(self.solve())
