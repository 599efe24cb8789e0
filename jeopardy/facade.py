"""The facade: one game (a roll model or Ten Thousand's rules, a goal, match rules)
and every analysis the command line runs on it.

::

    import jeopardy
    g = jeopardy.Game("pig", goal=100, players=3, ending="equal-turns")
    g.solve()                      # MatchSolution: win_probabilities in turn order
    g.policy((10, 20, 30))         # the mover's decision at a state of three scores
    g.compare("optimal", "hold:20", "hold:25")
    jeopardy.Game("parker-brothers").solve()           # a turn total that can fall
    jeopardy.Game("ten-thousand", goal=2000).solve()   # Ten Thousand (farkle.core)
    jeopardy.Game("skunk").fixed_turns(turns=2)        # SKUNK: turns each, higher total wins
    jeopardy.Game("think").think(rounds=2)             # THINK: decide at once, unseen
    jeopardy.Game("pig").simultaneous(max_hold=20)     # the simultaneous single-turn game
    jeopardy.Game("hog", goal=100).solve()             # Fast Pig / Hog: dice chosen at once

Every solution's ``win_probability`` is the first player's chance at the
start (a float) and ``win_probabilities`` lists each player's, in turn order.

Each method delegates to the analysis module that owns it (as nashpy's
``Game`` does); nothing is computed here.  The solution is kept after the
first :meth:`Game.solve` (the game is immutable).  Every roll-model game is
solved by :func:`jeopardy.match.solver.solve`, which chooses its method: two
players first to the goal the pair method (the paper's ``P(i, j, k)`` tables,
:mod:`jeopardy.match.pair`) unless the turn total can fall (Parker Brothers).
Ten Thousand (``"ten-thousand"`` or a :class:`~jeopardy.farkle.turn.FarkleRules`)
is solved by :mod:`jeopardy.farkle.core` (2-6 players, with a penalty
:mod:`jeopardy.farkle.penalty`, two; the round ending, or
``ending="first-to-goal"``).  Fast Pig and Hog (``"fast-pig"``, ``"hog"`` or a
:class:`~jeopardy.rules.fast_pig.FastPigRules`) by :mod:`jeopardy.fast_pig`.
"""
from __future__ import annotations

from typing import Any

from jeopardy import validate
from jeopardy.errors import JeopardyError
from jeopardy.match.endings import EQUAL_TURNS, FIRST_TO_GOAL, Ending
from jeopardy.match.rules import MatchRules
from jeopardy.rules import presets

TEN_THOUSAND = "ten-thousand"


def _checked(function, options: dict, given: int, *taken: str) -> dict:
    """``options`` as keywords of ``function``, whose first ``given`` parameters (and the
    names ``taken``) the facade passes itself: a name it does not take is refused in one
    line with the ones it does (Python's TypeError named neither the game nor the options).
    The values are the solver's to check (its flags with :func:`validate.flag`)."""
    import inspect

    names = [name for name, parameter in inspect.signature(function).parameters.items()
             if parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY)]
    known = [name for name in names[given:] if name not in taken]
    for name in options:
        if name not in known:
            raise validate.ParameterError(name, f"is not an option here; the options are "
                                                f"{', '.join(known) or 'none'}")
    return options


class Game:
    """A game: ``model`` (a roll model, a preset's name, ``"ten-thousand"``, a
    :class:`~jeopardy.farkle.turn.FarkleRules`, Farkle house rules as a dict of a
    rules file's keys or a house preset's name, :mod:`jeopardy.farkle.house`), ``goal`` (default: the preset's
    customary goal, else 100; Ten Thousand's 10,000), ``players`` (2-10),
    ``ending`` (``"first-to-goal"``, ``"equal-turns"`` or ``"one-more-turn"``; Ten
    Thousand 2-6 players, with a penalty two;
    Ten Thousand: the round ending unless ``"first-to-goal"``).  Fast Pig / Hog
    (``"fast-pig"``, ``"hog"``, a :class:`~jeopardy.rules.fast_pig.FastPigRules`): first
    to the goal or equal turns, 2-N players."""

    def __init__(self, model: Any = "pig", goal: int | None = None, players: int = 2,
                 ending: str | None = None):
        from jeopardy.farkle.turn import FarkleRules
        from jeopardy.rules.presets import FALLING_PRESETS, PRESETS, default_goal

        self._solution = None
        self.farkle = None  # Ten Thousand's rules, when the game is Ten Thousand
        self.fast_pig = None  # Fast Pig / Hog's rules, when the game is one of them
        if isinstance(model, str):
            from jeopardy.rules.registry import find
            find(model)  # an unknown name: one line naming every game of `jeopardy games`
        from jeopardy.rules.fast_pig import FAST_PIG_PRESETS, FastPigRules
        if isinstance(model, FastPigRules) or (isinstance(model, str)
                                               and model in FAST_PIG_PRESETS):
            rules = model if isinstance(model, FastPigRules) else FAST_PIG_PRESETS[model]
            if goal is not None:
                import dataclasses
                rules = dataclasses.replace(rules, goal=validate.positive_int(goal, "goal"))
            self.fast_pig = rules
            self.model = None
            self.goal = rules.goal
            self.rules = MatchRules(players, FIRST_TO_GOAL if ending is None else ending)
            if not self.rules.ending.turn_processes:
                raise JeopardyError(f"{rules.name} is played first to the goal "
                                    f"({FIRST_TO_GOAL!r}) or with equal turns ({EQUAL_TURNS!r}); "
                                    f"got {ending!r}")
            return
        from jeopardy.farkle import house

        if isinstance(model, dict) or (isinstance(model, str) and model in house.PRESETS
                                       and model != TEN_THOUSAND):
            # Farkle house rules: a rules file's keys as a dict, or a preset's name
            rules_set = house.house_rules(model) if isinstance(model, dict) else house.preset(model)
            model = rules_set.rules
            if ending is None:
                ending = rules_set.ending
        if isinstance(model, FarkleRules) or (isinstance(model, str) and model == TEN_THOUSAND):
            rules = model if isinstance(model, FarkleRules) else FarkleRules()
            if goal is not None:
                rules = FarkleRules(**{**rules.__dict__,
                                       "goal": validate.positive_int(goal, "goal")})
            past = rules.bank_past(rules.goal)  # as the commands refuse
            if past is not None:
                raise validate.ParameterError("goal", f"{rules.goal:,} is below the rules' "
                                                      f"{past[0]} ({past[1]:,})")
            self.farkle = rules
            self.model = None
            self.goal = rules.goal
            self.rules = MatchRules(players, EQUAL_TURNS if ending is None else ending)
            if players > 2 and rules.penalty is not None:
                raise JeopardyError("the penalty is solved for two players")
            if not self.rules.ending.turn_processes:
                raise JeopardyError(f"Ten Thousand ends with the round ({EQUAL_TURNS!r}) or "
                                    f"first to the goal ({FIRST_TO_GOAL!r}); got {ending!r}")
            return
        if goal is None:
            known = isinstance(model, str) and (model in PRESETS or model in FALLING_PRESETS)
            goal = default_goal(model) if known else 100
        self.model = presets.resolve(model)
        self.goal = validate.positive_int(goal, "goal")
        self.rules = MatchRules(players, FIRST_TO_GOAL if ending is None else ending)

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def ending(self) -> Ending:
        return self.rules.ending

    @property
    def name(self) -> str:
        special = self.farkle or self.fast_pig
        return special.name if special is not None else self.model.name

    @property
    def pair(self) -> bool:
        """Two players, first to the goal, turn totals that never fall: the game has the
        paper's tables ``P(i, j, k)`` (:func:`jeopardy.match.pair.plays`), which the
        two-player analyses (head to head, best response, reach against any opponent,
        the certificate, fairness, exact rationals) read."""
        from jeopardy.match.pair import plays  # the engine's kernels: loaded on use

        return self.model is not None and plays(self.model, self.rules)

    def __repr__(self) -> str:
        return f"Game({self.name} to {self.goal}, {self.rules})"

    def _roll_model_game(self, analysis: str) -> None:
        if self.farkle is not None:
            raise JeopardyError(f"{analysis} plays roll-model games; Ten Thousand has "
                                "solve, turn and fairness")
        if self.fast_pig is not None:
            raise JeopardyError(f"{analysis} plays roll-model games; {self.name} has solve, "
                                "policy, compare, simulate, head_to_head, fairness and "
                                "max_score")

    def _two_player_game(self, analysis: str) -> None:
        """Refuse an analysis of two players with an ending of its own when the game has
        other players or another ending: never answer for a game other than this one."""
        if self.players != 2 or self.ending != FIRST_TO_GOAL:
            raise JeopardyError(f"{analysis} is two players with an ending of its own; make "
                                f"the game Game({self.name!r}) (this one: {self.rules})")

    # ------------------------------------------------------------ analyses
    def solve(self, **options):
        """Optimal play: a :class:`~jeopardy.match.solver.MatchSolution` (two players first
        to the goal: the pair method's :class:`~jeopardy.match.solver.PairSolution`); Ten
        Thousand's :class:`~jeopardy.farkle.core.CoreFarkleSolution` (with a penalty a
        :class:`~jeopardy.farkle.penalty.PenaltyFarkleSolution`); Fast Pig's
        :class:`~jeopardy.fast_pig.FastPigSolution`.  ``options``: the solver's own."""
        given = sorted(set(options) & {"model", "goal", "players", "ending"})
        if given:
            raise JeopardyError(f"solve() takes no {' or '.join(given)}: the game has them, "
                                f"as in Game({self.name!r}, {given[0]}=...).solve()")
        if "first_to_reach" in options:
            raise JeopardyError(f"solve() takes no first_to_reach: the game's ending decides "
                                f"it, as in Game({self.name!r}, ending='first-to-goal').solve()")
        if options or self._solution is None:
            if self.farkle is not None and self.farkle.penalty is not None:
                from jeopardy.farkle.penalty import solve  # the bust counters' solve
                solution = solve(self.farkle, not self.ending.last_round,
                                 **_checked(solve, options, 2))
            elif self.farkle is not None:
                from jeopardy.farkle.core import solve
                solution = solve(self.farkle, first_to_reach=not self.ending.last_round,
                                 players=self.players,
                                 **_checked(solve, options, 1, "players", "first_to_reach"))
            elif self.fast_pig is not None:
                from jeopardy.fast_pig import solve
                solution = solve(self.fast_pig, self.players, self.ending,
                                 **_checked(solve, options, 3))
            else:
                from jeopardy.match.solver import solve
                solution = solve(self.model, self.goal, self.players, self.ending,
                                 **_checked(solve, options, 4))
            if options:
                return solution
            self._solution = solution
        return self._solution

    def _match_solution(self):
        """The solution of a roll-model game."""
        self._roll_model_game("this analysis")
        return self.solve()

    def policy(self, scores, place: int = 0):
        """The mover's decision at the turn start of ``scores`` (the mover's first,
        then the others in turn order) and ``place`` in the round (equal turns):
        a :class:`~jeopardy.match.solver.Decision` (Fast Pig's a
        :class:`~jeopardy.fast_pig.DiceDecision`)."""
        if place and not self.ending.in_round:  # never answered for another place
            raise validate.ParameterError("place", f"is a place in the round, under equal "
                                                   f"turns; {self.ending} has none")
        if self.fast_pig is not None:
            scores = validate.integers(scores, "scores", 0, self.goal - 1)
            return self.solve().decision(scores, place)
        return self._match_solution().decision(scores, place)

    def _policy(self, spec):
        """A seat's policy: an object as given; ``"optimal"``, the equilibrium (the solution
        itself); a match policy file; any other policy word, as `jeopardy compare` reads it
        (:func:`jeopardy.policy_language.race_policy`)."""
        if not isinstance(spec, str):
            return spec
        word = spec.strip()
        if word == "optimal":
            return self._match_solution()
        from jeopardy.match.policy_file import is_match_policy, load
        if is_match_policy(word):
            return load(word, self.model, self.goal, self.players, self.ending)
        from jeopardy.policy_language import race_policy
        return race_policy(word, self.model, self.goal, command="Game.compare/simulate")

    def compare(self, *policies):
        """Exact win probabilities of ``policies`` seated in turn order (one per player;
        the last fills the seats left): :func:`jeopardy.match.evaluation.evaluate`."""
        if self.fast_pig is not None:
            from jeopardy.fast_pig.evaluation import evaluate as evaluate_dice
            return evaluate_dice(self.solve(), self._dice_seats(policies))
        from jeopardy.match.evaluation import evaluate
        return evaluate(self.model, self.goal, self._seats(policies), self.ending)

    def simulate(self, *policies, games: int = 100_000, seed: int = 1):
        """Seeded Monte Carlo of ``policies`` seated in turn order:
        :func:`jeopardy.match.simulation.simulate`."""
        if self.fast_pig is not None:
            from jeopardy.fast_pig.evaluation import simulate as simulate_dice
            return simulate_dice(self.solve(), self._dice_seats(policies), games, seed,
                                 each_way=False)  # seats in turn order, as every game
        from jeopardy.match.simulation import simulate
        return simulate(self.model, self.goal, self._seats(policies), games, seed, self.ending)

    def _dice_seats(self, policies) -> list[str]:
        """Fast Pig's seats: policy words (optimal, dice:N, dice:FORMULA), one per player,
        the last filling the seats left."""
        words = list(policies) or ["optimal"]
        for word in words:
            if not isinstance(word, str):
                raise validate.ParameterError("policies", f"{self.name} takes policy words "
                                              f"(optimal, dice:N, dice:FORMULA); got "
                                              f"{type(word).__name__}")
        if len(words) > self.players:
            raise JeopardyError(f"{len(words)} policies for {self.players} players")
        return words + [words[-1]] * (self.players - len(words))

    def _seats(self, policies):
        from jeopardy.match.evaluation import ENDINGS

        self._roll_model_game("compare/simulate")
        if not self.ending.seats_policies:
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
        (:func:`jeopardy.match.reachability.reachable_against_any`); more players, every player
        following the equilibrium (:func:`jeopardy.match.reachability.reachable`)."""
        self._roll_model_game("reach")
        if self.pair:
            from jeopardy.match.reachability import reachable_against_any
            return reachable_against_any(self.model, self._race_policy(policy))
        if policy != "optimal":
            raise JeopardyError("with more players reach follows the equilibrium (policy "
                                "'optimal') only")
        from jeopardy.match.reachability import reachable
        return reachable(self._match_solution())

    def certify(self):
        """Interval certificate of the two-player solution (:mod:`jeopardy.match.certify`)."""
        self._require_pair("certify")
        from jeopardy.match.certify import certify
        return certify(self.solve())

    # ------------------------------------------------- the other game shapes
    def turn(self, hold: int | None = None, **options):
        """One turn: Ten Thousand's optimal turn (:func:`jeopardy.farkle.turn.solve_turn`; with
        an entry minimum a player's on the board, as `farkle turn` shows it, and with
        ``banked=0`` a player's first bank),
        else the score distribution of hold at ``hold``
        (:func:`jeopardy.turn.distribution.turn_distribution`)."""
        if self.farkle is not None:
            from jeopardy.farkle.turn import solve_turn
            if hold is not None:
                raise validate.ParameterError("hold", f"is a roll-model game's; {self.name}'s "
                                                      f"turn is its optimal turn (banked=... "
                                                      f"for a player's first bank)")
            if self.farkle.enters and "banked" not in options:  # `farkle turn`'s number: a
                import dataclasses  # player on the board (banked=0: its first bank)
                return solve_turn(dataclasses.replace(self.farkle, entry=0),
                                  **_checked(solve_turn, options, 1))
            return solve_turn(self.farkle, **_checked(solve_turn, options, 1))
        self._roll_model_game("turn")
        if hold is None:
            raise JeopardyError("turn(hold=H): the hold-at total of the turn to describe")
        from jeopardy.turn.distribution import turn_distribution
        return turn_distribution(self.model, validate.non_negative_int(hold, "hold"),
                                 **_checked(turn_distribution, options, 2))

    def simultaneous(self, max_hold: int = 100, **options):
        """The simultaneous single-turn game over hold-at-1..max_hold
        (:func:`jeopardy.simultaneous.game.solve_simultaneous`)."""
        self._roll_model_game("the simultaneous game")
        from jeopardy.simultaneous.game import solve_simultaneous
        return solve_simultaneous(self.model, max_hold=max_hold,
                                  **_checked(solve_simultaneous, options, 1, "max_hold"))

    def fixed_turns(self, turns: int | None = None, cap: int | None = None):
        """SKUNK's ending: ``turns`` turns each (default: the preset's), the higher
        total wins, ties half (:func:`jeopardy.fixed_turns.analysis.analyse`)."""
        self._roll_model_game("fixed turns")
        self._two_player_game("fixed turns")
        from jeopardy.fixed_turns.analysis import analyse
        from jeopardy.rules.presets import default_turns
        turns = default_turns(self.model.name) if turns is None else turns
        cap = None if cap is None else validate.positive_int(cap, "cap")
        return analyse(self.model, validate.positive_int(turns, "turns"), cap)

    def think(self, rounds: int = 5, score_cap: int = 200, turn_cap: int = 200):
        """THINK played to win: both decide at once, unseen, on shared rolls
        (:func:`jeopardy.think.analysis.analyse`)."""
        self._roll_model_game("THINK")
        self._two_player_game("THINK")
        from jeopardy.think.analysis import analyse
        return analyse(self.model, validate.positive_int(rounds, "rounds"),
                       validate.positive_int(score_cap, "score_cap"),
                       validate.positive_int(turn_cap, "turn_cap"))

    def fairness(self, max_bonus: int | None = None):
        """Compensation points: the head start that makes the game fairest, searched over
        every head start; ``max_bonus`` only bounds the candidates listed beside it
        (:func:`jeopardy.fairness.race_fairness`, Ten Thousand's
        :func:`jeopardy.fairness.farkle_fairness`, Fast Pig's
        :func:`jeopardy.fast_pig.fairness`); two players."""
        if self.players != 2:  # refused before anything is solved
            raise JeopardyError(f"compensation points are one head start between two players; "
                                f"the game has {self.players}")
        if self.farkle is not None:
            if self.farkle.penalty is not None:
                raise JeopardyError("compensation points are read off the race without the "
                                    "penalty; this game has one")
            from jeopardy.fairness import farkle_fairness
            return farkle_fairness(self.solve(), max_bonus)
        if self.fast_pig is not None:
            from jeopardy.fast_pig import fairness as dice_fairness
            return dice_fairness(self.solve(), max_bonus)
        self._require_pair("fairness")  # as `jeopardy fairness`: the pair method's game
        from jeopardy.fairness import race_fairness
        return race_fairness(self.solve(), max_bonus)

    # ------------------------------------------- two-player tables and rationals
    def _race_policy(self, spec, other=None):
        """A :class:`~jeopardy.match.policies.RacePolicy` of this game from a policy object,
        a solution (its optimal policy) or a policy word; another goal is refused."""
        from jeopardy.match.policies import RacePolicy, from_solution
        from jeopardy.match.solver import MatchSolution
        if isinstance(spec, MatchSolution) and spec.players == 2:
            spec = from_solution(spec)
        if not isinstance(spec, str):
            if not isinstance(spec, RacePolicy):
                raise validate.ParameterError("policy", f"must be a policy word, a RacePolicy or "
                                              f"a two-player solution; got "
                                              f"{type(spec).__name__}")
            if spec.goal != self.goal:
                raise JeopardyError(f"policy {spec.name!r} is for goal {spec.goal}, not "
                                    f"{self.goal}")
            return spec
        from jeopardy.policy_language import race_policy
        return race_policy(spec, self.model, self.goal, command="Game.head_to_head",
                           other=other, optimal=lambda: self.solve())

    def _require_pair(self, analysis: str) -> None:
        self._roll_model_game(analysis)
        if not self.pair:
            self.model.require_rising(analysis)  # Parker Brothers: two players, no tables
            raise JeopardyError(f"{analysis} is for two players, first to the goal "
                                "(compare and simulate take any number)")

    def head_to_head(self, a="optimal", b=None):
        """Exact chances of policy ``a`` against ``b`` (objects or policy words), moving
        first, second and on a fair coin (:func:`jeopardy.match.evaluation.head_to_head`;
        Fast Pig's :func:`jeopardy.fast_pig.evaluation.head_to_head`, policy words only).
        ``b`` by default: hold at 20; Fast Pig's, the dice of most expected points."""
        if self.fast_pig is not None:
            from jeopardy.fast_pig import expected_table
            from jeopardy.fast_pig.evaluation import head_to_head as dice_head_to_head
            if self.players != 2:  # (the constructor allows only endings that seat policies)
                raise JeopardyError("head_to_head is two players first to the goal or with "
                                    "equal turns; compare() seats more")
            if b is None:  # the dice of most expected points (max-score's best_dice)
                b = f"dice:{expected_table(self.fast_pig).best}"
            a, b = self._dice_seats((a, b))[:2]
            return dice_head_to_head(self.solve(), a, b, command="Game.head_to_head")
        b = "hold:20" if b is None else b
        self._require_pair("head_to_head")
        from jeopardy.match.evaluation import head_to_head
        words = (a if isinstance(a, str) else None, b if isinstance(b, str) else None)
        return head_to_head(self.model, self._race_policy(a, words[1] or "optimal"),
                            self._race_policy(b, words[0] or "optimal"))

    def best_response(self, opponent="hold:20"):
        """The policy that wins most often against ``opponent``
        (:func:`jeopardy.match.evaluation.best_response`)."""
        self._require_pair("best_response")
        from jeopardy.match.evaluation import best_response
        return best_response(self.model, self._race_policy(opponent, "optimal"))

    def exact(self, start: str = "float", **options):
        """Exact rational win probabilities, every state
        (:func:`jeopardy.exact.race.solve_exact`)."""
        self._require_pair("exact")
        from jeopardy.exact.race import solve_exact
        return solve_exact(self.model, self.goal, start=start,
                           **_checked(solve_exact, options, 2, "start"))

    def replies(self, max_hold: int = 100):
        """The best reply to every pure hold-at-h of the simultaneous game
        (:func:`jeopardy.simultaneous.game.replies_to_pure`)."""
        self._roll_model_game("replies")
        from jeopardy.simultaneous.game import replies_to_pure
        return replies_to_pure(self.model, max_hold)

    def max_score(self, turns: int | None = None, policy="optimal", **options):
        """Expected final score over ``turns`` turns (default 5) under ``policy`` (a score
        policy or a word: optimal, odds, hold:H, ...;
        :func:`jeopardy.expected.solver.solve_expected`).  Fast Pig: the expected points
        of one roll by number of dice (:func:`jeopardy.fast_pig.expected_table`), as
        `jeopardy max-score --game hog`."""
        if self.fast_pig is not None:
            given = (["turns"] if turns is not None else []) + \
                ([] if isinstance(policy, str) and policy == "optimal" else ["policy"]) + \
                sorted(options)
            if given:
                raise JeopardyError(f"{self.name}'s max_score is one roll by number of dice; "
                                    f"it takes no {', '.join(given)}")
            from jeopardy.fast_pig import expected_table
            return expected_table(self.fast_pig)
        self._roll_model_game("max_score")
        from jeopardy.expected.solver import solve_expected
        if isinstance(policy, str):
            from jeopardy.policy_language import score_policy
            policy = score_policy(policy, self.model, command="Game.max_score")
        turns = 5 if turns is None else turns
        return solve_expected(self.model, validate.positive_int(turns, "turns"), policy,
                              **_checked(solve_expected, options, 3))

    def solitaire(self, turns: int | None = None):
        """Solitaire: the fewest expected turns to the goal
        (:func:`jeopardy.solitaire.solver.expected_turns`), or with ``turns`` the best
        chance to reach it within that many (:func:`~jeopardy.solitaire.solver.reach_probability`)."""
        self._roll_model_game("solitaire")
        from jeopardy.solitaire import solver
        if turns is None:
            return solver.expected_turns(self.model, self.goal)
        return solver.reach_probability(self.model, self.goal, turns)
