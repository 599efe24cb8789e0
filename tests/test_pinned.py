"""Every number we publish as ours, recomputed and compared with tests/golden/.

One parametrised test: each row of the golden files (:data:`golden.PINNED`) names an
analysis (a function below, run once per session and shared by its rows) and
one of the numbers it returns; exact results are compared exactly, floats
within the row's stated tolerance.  A row whose analysis or key is missing
fails, and so does an analysis that no row uses (``test_every_analysis_is_pinned``).
"""
from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path

import pytest

import golden
from golden import PINNED, Pinned

ANALYSES = {}
ROOT = Path(__file__).resolve().parent.parent


def analysis(name):
    def register(function):
        ANALYSES[name] = functools.lru_cache(maxsize=None)(function)
        return function
    return register


def _rule_text(rule) -> str:
    return str(rule)


@functools.lru_cache(maxsize=None)
def _match_solution(name: str, goal: int, players: int, ending: str):
    """One match solve for the analyses that share it ("sweep players", "match pig 50, 3
    policies", "simulate pig 50 three players": Pig to 50 with three players under
    both endings, 13 CPU s for equal turns; tests/conftest.py keeps them in one group)."""
    from jeopardy.match.solver import solve
    from jeopardy.rules import game

    return solve(game(name), goal, players, ending)


# ------------------------------------------------------------------ one turn
@analysis("turn pig hold 20")
def _turn_pig_hold_20():
    from jeopardy.rules import game
    from jeopardy.turn.distribution import turn_distribution

    turn = turn_distribution(game("pig"), 20)
    out = {f"P({n})": p for n, p in turn.probabilities.items()}
    out["mean"] = turn.mean
    out["bust"] = turn.bust_probability
    return out


@analysis("turn unfair coin hold 3")
def _turn_unfair_coin():
    from jeopardy.rules import add, bust, roll_model
    from jeopardy.turn.distribution import turn_distribution

    coin = roll_model("unfair coin", {add(1): "2/3", bust: "1/3"})
    turn = turn_distribution(coin, 3)
    return {**{f"P({n})": p for n, p in turn.probabilities.items()},
            "mean": turn.mean, "bust": turn.bust_probability}


# ----------------------------------------------------------- simultaneous
@analysis("simultaneous pig 100")
def _simultaneous_pig():
    from jeopardy.rules import game
    from jeopardy.simultaneous.game import solve_simultaneous

    solution = solve_simultaneous(game("pig"), 100, all_stopping_rules=True)
    restricted, full = solution.restricted, solution.full
    out = {"support": ",".join(str(w.rule.hold) for w in restricted.strategy),
           "value": restricted.value, "verified": restricted.verified,
           "merged": str(solution.merged), "dominated": len(solution.dominated),
           "gain": solution.full_gain, "best rule": _rule_text(solution.full_best_rule),
           "oracle rounds": solution.oracle_iterations, "full value": full.value,
           "full verified": full.verified, "full rules": len(full.strategy),
           "non-threshold weight": _non_threshold(full)}
    for w in restricted.strategy:
        out[f"weight hold {w.rule.hold}"] = w.probability
    for w in full.strategy:
        out[f"full weight {w.rule}"] = w.probability
    return out


@analysis("replies pig 25")
def _replies_pig_25():
    from jeopardy.rules import game
    from jeopardy.simultaneous.game import hold_distributions, replies_to_pure
    from jeopardy.simultaneous.payoff import payoff_matrix

    pig = game("pig")
    replies = replies_to_pure(pig, 25)
    by_rule = min(replies, key=lambda r: r.rule_advantage)
    by_hold = min(replies, key=lambda r: r.advantage)
    out = {"least edge, any rule": by_rule.rule_advantage, "least edge against": by_rule.hold,
           "least edge, hold-at-h": by_hold.advantage,
           "single roll vs hold 20": payoff_matrix(hold_distributions(pig, 20))[0, 19]}
    for r in replies:
        out[f"vs hold {r.hold}: best hold"] = r.best_hold
        out[f"vs hold {r.hold}: best rule"] = _rule_text(r.best_rule)
        out[f"vs hold {r.hold}: rule edge"] = r.rule_advantage
        out[f"vs hold {r.hold}: hold edge"] = r.advantage
    return out


def _non_threshold(full) -> float:
    """The share of the full game's equilibrium on rules that are not hold-at-h."""
    return sum(float(w.probability) for w in full.strategy if w.rule.hold is None)


@analysis("simultaneous pig 5")
def _simultaneous_pig_5():
    """docs/simultaneous.md's --max-hold 5 --json distributions and payoff CSV."""
    from jeopardy.rules import game
    from jeopardy.simultaneous.game import solve_simultaneous

    solution = solve_simultaneous(game("pig"), 5)
    out = {f"equilibrium score P({n})": p
           for n, p in solution.restricted.score_distribution.items()}
    out["equilibrium"] = ",".join(str(w.rule.hold) for w in solution.restricted.strategy)
    matrix = solution.matrix
    for row in range(2):
        for column in range(5):
            out[f"payoff hold {row + 1} vs hold {column + 1}"] = Fraction(matrix[row, column])
    return out


def _full_game(name):
    from jeopardy.rules import game
    from jeopardy.simultaneous.game import solve_simultaneous

    solution = solve_simultaneous(game(name), 100, all_stopping_rules=True)
    heaviest = max(solution.restricted.strategy, key=lambda w: w.probability)
    return {"holds": len(solution.restricted.strategy), "heaviest hold": heaviest.rule.hold,
            "heaviest weight": heaviest.probability, "gain": solution.full_gain,
            "best rule": _rule_text(solution.full_best_rule),
            "full rules": len(solution.full.strategy), "oracle rounds": solution.oracle_iterations,
            "full verified": solution.full.verified,
            "non-threshold weight": _non_threshold(solution.full)}


for _name in ("linux-magazin", "piggy", "two-dice-pig"):
    analysis(f"simultaneous {_name} 100")(functools.partial(_full_game, _name))


# ------------------------------------------------------------------- race
def _race(name, goal, **options):
    from jeopardy.match.solver import solve
    from jeopardy.rules import game

    model = game(name, **options) if options else game(name)
    solution = solve(model, goal)
    return {"P(0,0,0)": solution.win_probability, "states": solution.states,
            "passes": solution.passes, "sweeps": solution.sweeps}


RACE_GAMES = {"pig": 100, "piglet": 10, "linux-magazin": 50, "two-dice-pig": 100, "think": 100,
              "skunk": 100, "big-pig": 100, "frey-pig": 100, "piggy": 100,
              "piggy-sicherman": 100, "pass-the-pigs": 100, "pigmania": 100, "shi": 100}
for _name, _goal in RACE_GAMES.items():
    analysis(f"race {_name} {_goal}")(functools.partial(_race, _name, _goal))
analysis("race pig d8 100")(functools.partial(_race, "pig", 100, faces=8))
analysis("race pig bad 6 50")(functools.partial(_race, "pig", 50, bad_face=6))
analysis("race pig 1000")(functools.partial(_race, "pig", 1000))


@functools.lru_cache(maxsize=None)
def _pig_100():
    from jeopardy.match.solver import solve
    from jeopardy.rules import game

    return solve(game("pig"), 100)


@analysis("policy pig 100")
def _policy_pig():
    solution = _pig_100()
    values = solution.column((41, 49))[0][:, 0]
    by_total = {f"P(41,49,{k})": float(v) for k, v in enumerate(values)}
    from jeopardy.cli.race import describe_actions

    return {**by_total, "actions 41 vs 49": solution.actions((41, 49)),
            "policy 41 vs 49": describe_actions(solution.actions((41, 49))),
            "policy 0 vs 30": describe_actions(solution.actions((0, 30))),
            "P(41,49,0)": solution.win_probability_at(41, 49, 0),
            "hold threshold 0 vs 30": solution.hold_threshold(0, 30),
            "P(0,30,0)": solution.win_probability_at(0, 30, 0)}


@analysis("certify pig 100")
def _certify_pig():
    from jeopardy.match.certify import certify

    c = certify(_pig_100())
    return {"certified": c.certified_states, "undecided": c.undecided_states,
            "lower P(0,0,0)": float(c.lower[0, 0]), "upper P(0,0,0)": float(c.upper[0, 0])}


@analysis("certify piglet 60")
def _certify_piglet():
    from jeopardy.match.certify import certify
    from jeopardy.match.solver import solve
    from jeopardy.rules import game

    c = certify(solve(game("piglet"), 60))
    return {"certified": c.certified_states, "undecided": c.undecided_states,
            "decisions": c.certified_states + c.undecided_states,
            "lower P(0,0,0)": float(c.lower[0, 0]), "upper P(0,0,0)": float(c.upper[0, 0])}


def _head_to_head(model, matches):
    """``"NAME: first"``, ``"NAME: second"`` and ``"NAME: fair"`` of each
    ``(NAME, a, b)`` in ``matches``: policy ``a`` against ``b`` in ``model``."""
    from jeopardy.match.evaluation import head_to_head

    out = {}
    for name, a, b in matches:
        result = head_to_head(model, a, b)
        out[f"{name}: first"] = result.first
        out[f"{name}: second"] = result.second
        out[f"{name}: fair"] = result.fair
    return out


@analysis("compare pig 100")
def _compare_pig():
    from jeopardy.match.evaluation import best_response
    from jeopardy.match.policies import from_formula, from_solution, hold_at
    from jeopardy.rules import game

    pig = game("pig")
    hold20 = hold_at(100, 20)
    optimal = from_solution(_pig_100())
    return _head_to_head(pig, [
        ("optimal vs hold 20", optimal, hold20),
        ("best response vs hold 20", best_response(pig, hold20), hold20),
        ("optimal vs keep pace", optimal,
         from_formula(100, "max(i, j) >= 71 or k < 21 + (j - i) / 8")),
        ("hold 20 vs hold 20", hold20, hold20),
    ])


@analysis("compare pig 40")
def _compare_pig_40():
    """docs/race.md: the optimal policy of Pig to 40 (written to a CSV file there) against hold 20."""
    from jeopardy.match.policies import from_solution, hold_at
    from jeopardy.match.solver import solve
    from jeopardy.rules import game

    pig = game("pig")
    return _head_to_head(pig, [("optimal vs hold 20", from_solution(solve(pig, 40)),
                                hold_at(40, 20))])


@analysis("practical pig 100")
def _practical_pig():
    from jeopardy.match.policies import PRACTICAL, from_solution, practical
    from jeopardy.rules import game

    optimal = from_solution(_pig_100())
    return _head_to_head(game("pig"), [(f"{name} vs optimal", practical(100, name), optimal)
                                       for name in PRACTICAL])


@analysis("race three d4 60")
def _three_d4():
    from jeopardy.match.solver import solve
    from jeopardy.rules import dice_game

    model = dice_game(faces=4, dice=3, bad_faces=(1,), all_bad="bust_all")
    return {"P(0,0,0)": solve(model, 60).win_probability,
            "model": str(model)}


@analysis("compare linux-magazin 50")
def _compare_linux():
    from jeopardy.match.evaluation import head_to_head
    from jeopardy.match.policies import from_solution, hold_at
    from jeopardy.match.solver import solve
    from jeopardy.rules import game

    model = game("linux-magazin")
    return {"optimal vs hold 16: fair": head_to_head(model, from_solution(solve(model, 50)),
                                                     hold_at(50, 16)).fair}


def _simulated(a, b, games, seed):
    from jeopardy.match.simulation import simulate_head_to_head as simulate
    from jeopardy.rules import game

    result = simulate(game("pig"), a, b, games, seed)
    return {f"{games:,} games, seed {seed}: first": result.first,
            f"{games:,} games, seed {seed}: second": result.second,
            f"{games:,} games, seed {seed}: fair": result.fair}


@analysis("simulate pig 100 optimal vs hold 20")
def _simulate_optimal():
    from jeopardy.match.policies import from_solution, hold_at

    return _simulated(from_solution(_pig_100()), hold_at(100, 20), 1_000_000, 1)


@analysis("simulate pig 100 best response vs hold 20")
def _simulate_best_response():
    from jeopardy.match.evaluation import best_response
    from jeopardy.match.policies import hold_at
    from jeopardy.rules import game

    hold20 = hold_at(100, 20)
    return _simulated(best_response(game("pig"), hold20), hold20, 200_000, 1)


@analysis("simulate pig 50 three players")
def _simulate_three():
    from jeopardy.match.simulation import simulate
    from jeopardy.match.policies import hold_at
    from jeopardy.rules import game

    pig = game("pig")
    out = {}
    for ending, suffix in (("first-to-goal", ""), ("equal-turns", ", equal turns")):
        optimal = _match_solution("pig", 50, 3, ending)
        result = simulate(pig, 50, [optimal, hold_at(50, 20), hold_at(50, 25)],
                          20_000, 3, ending)
        out.update({f"20,000 games, seed 3: player {p} wins{suffix}": chance
                    for p, chance in enumerate(result.win_probabilities, start=1)})
    return out


@analysis("preset survey")
def _preset_survey():
    """analyses/preset_survey.py: each preset at its goal, the hold-at-h doing best
    against optimal play (h from 2 to min(goal, 60) - 1) and optimal's fair-coin rate
    against it."""
    from jeopardy.match.evaluation import head_to_head
    from jeopardy.match.policies import from_solution, hold_at
    from jeopardy.match.solver import solve
    from jeopardy.rules import PRESETS, game

    out = {}
    for name, preset in PRESETS.items():
        if name in ("think", "skunk"):
            continue
        model, goal = game(name), preset.goal
        solution = solve(model, goal)
        optimal = from_solution(solution)
        rates = {h: head_to_head(model, optimal, hold_at(goal, h)).fair
                 for h in range(2, min(goal, 60))}
        best = min(rates, key=lambda h: (rates[h], h))
        out[f"{name}: P(0,0,0)"] = solution.win_probability
        out[f"{name}: best hold"] = best
        out[f"{name}: optimal vs it"] = rates[best]
    return out


@analysis("preset survey at the best hold")
def _preset_survey_at_best():
    """The survey's two exact numbers without its search: P(0,0,0) and optimal's fair-coin
    rate against the pinned best hold (one evaluation per preset instead of 58)."""
    from jeopardy.match.evaluation import head_to_head
    from jeopardy.match.policies import from_solution, hold_at
    from jeopardy.match.solver import solve
    from jeopardy.rules import PRESETS, game

    best = {row.name.split(":")[0]: row.value for row in PINNED
            if row.analysis == "preset survey" and row.name.endswith("best hold")}
    out = {}
    for name, h in best.items():
        model, goal = game(name), PRESETS[name].goal
        solution = solve(model, goal)
        out[f"{name}: P(0,0,0)"] = solution.win_probability
        out[f"{name}: optimal vs hold {h}"] = head_to_head(model, from_solution(solution),
                                                           hold_at(goal, h)).fair
    return out


SWEEP_GAMES = ("pig", "d8-pig", "two-dice-pig", "piggy", "big-pig")


@analysis("sweep variants")
def _sweep_variants():
    """docs/examples/variants.toml: solve and fairness, five games, goals 10-200."""
    from jeopardy.fairness import race_fairness
    from jeopardy.match.solver import solve
    from jeopardy.rules import dice_game, game

    out = {}
    for name in SWEEP_GAMES:
        model = dice_game(faces=8, dice=1, bad_faces=(1,)) if name == "d8-pig" else game(name)
        for goal in range(10, 201, 10):
            solution = solve(model, goal)
            out[f"{name} {goal}: P(0,0,0)"] = solution.win_probability
            out[f"{name} {goal}: bonus"] = race_fairness(solution).bonus
    return out


@analysis("sweep hold20")
def _sweep_hold20():
    """docs/examples/hold20.toml's compare rows: optimal against hold at 20, fair coin."""
    from jeopardy.match.evaluation import head_to_head
    from jeopardy.match.policies import from_solution, hold_at
    from jeopardy.match.solver import solve
    from jeopardy.rules import game

    out = {}
    for name in ("pig", "piggy", "big-pig"):
        model = game(name)
        for goal in (25, 50, 100):
            optimal = from_solution(solve(model, goal))
            out[f"{name} {goal}: optimal vs hold 20"] = head_to_head(model, optimal,
                                                                     hold_at(goal, 20)).fair
    return out


@analysis("sweep hold20 equal turns")
def _sweep_hold20_equal_turns():
    """docs/examples/hold20.toml's equal-turns compare rows: optimal against hold at 20 with
    equal turns, the mean of its chances moving first and moving second."""
    from jeopardy.match.evaluation import evaluate
    from jeopardy.match.solver import solve
    from jeopardy.match.policies import hold_at
    from jeopardy.rules import game

    out = {}
    for name in ("pig", "piggy", "big-pig"):
        model = game(name)
        for goal in (25, 50, 100):
            optimal, hold20 = solve(model, goal, 2, "equal-turns"), hold_at(goal, 20)
            first = evaluate(model, goal, [optimal, hold20], "equal-turns").win_probabilities[0]
            second = evaluate(model, goal, [hold20, optimal], "equal-turns").win_probabilities[1]
            out[f"{name} {goal}: optimal vs hold 20, equal turns"] = (first + second) / 2
    return out


@analysis("sweep players")
def _sweep_players():
    """docs/examples/players.toml: the first player's chance, 2 and 3 players, both endings."""
    from jeopardy.match.solver import solve
    from jeopardy.rules import game

    out = {}
    for name in ("pig", "piglet", "big-pig"):
        model = game(name)
        for goal in range(10, 51, 10):
            for players in (2, 3):
                for ending in ("first-to-goal", "equal-turns"):
                    if players == 2 and ending == "first-to-goal":
                        value = solve(model, goal).win_probability
                    else:
                        value = _match_solution(name, goal, players,
                                                ending).win_probabilities[0]
                    out[f"{name} {goal}, {players} players, {ending}"] = value
    return out


@analysis("sweep hold20 simultaneous")
def _sweep_hold20_simultaneous():
    """docs/examples/hold20.toml's simultaneous rows: the single-turn game over hold at
    1-goal, its value and the support of its optimal mixed strategy."""
    from jeopardy.rules import game
    from jeopardy.simultaneous.game import solve_simultaneous

    out = {}
    for name in ("pig", "piggy", "big-pig"):
        for goal in (25, 50, 100):
            equilibrium = solve_simultaneous(game(name), max_hold=goal).equilibrium
            out[f"{name} {goal}: value"] = equilibrium.value
            out[f"{name} {goal}: support"] = ",".join(str(w.rule.hold)
                                                      for w in equilibrium.strategy)
    return out


@analysis("numpy value iteration pig 100")
def _numpy_baseline():
    """benchmarks/race.py's plain numpy Jacobi iteration (a separate code path)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "race.py"
    spec = importlib.util.spec_from_file_location("benchmark_race", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    values, _ = module.numpy_value_iteration(100)
    return {"P(0,0,0)": float(values[0, 0, 0])}


@analysis("reach pig 100")
def _reach_pig():
    from jeopardy.match.policies import from_solution
    from jeopardy.match.reachability import reachable_against_any as reachable
    from jeopardy.rules import game

    reach = reachable(game("pig"), from_solution(_pig_100()))
    return {"states": reach.count, "rolling": reach.roll_count,
            "score pairs": reach.score_pair_count,
            "own scores never reached": ",".join(map(str, reach.own_scores_never_reached))}


@analysis("fairness pig 100")
def _fairness_pig():
    from jeopardy.fairness import race_fairness

    result = race_fairness(_pig_100())
    return {"bonus": result.bonus, "P(first wins)": result.win_probability,
            **_candidates(result)}


# ------------------------------------------------------------------ exact
@analysis("exact piglet 2")
def _exact_piglet_2():
    from jeopardy.exact.race import solve_exact
    from jeopardy.rules import game

    solution = solve_exact(game("piglet"), 2)
    out = {f"P{''.join(map(str, s))}": v for s, v in solution.values.items()}
    out["verified"] = solution.verified
    return out


@analysis("exact piglet 10")
def _exact_piglet_10():
    from jeopardy.exact.race import solve_exact
    from jeopardy.rules import game

    solution = solve_exact(game("piglet"), 10, start="roll")
    return {"P000": solution.win_probability_exact, "verified": solution.verified,
            "P009": solution.values[(0, 0, 9)], "actions changed": solution.policy_changes}


@analysis("exact pig 100")
def _exact_pig_100():
    """docs/exact.md's Pig to 100: the exact P(0,0,0), its size, two states' decimals,
    as ``jeopardy exact ... --json`` reports them (tests/shared_runs.py; the run
    tests/test_exact.py's flagship test checks too)."""
    import json

    import shared_runs

    done, _ = shared_runs.exact_pig_100()
    assert done.returncode == 0, done.stderr[-500:]
    data = json.loads(done.stdout)
    states = data["asked_states"]
    return {"P(0,0,0) decimals": data["decimal"], "numerator digits": data["numerator_digits"],
            "denominator digits": data["denominator_digits"],
            "numerator, first 120 digits": data["win_probability_exact"][:120],
            "P(41,49,22) decimals": states["41,49,22"]["decimal"],
            "P(0,0,20) decimals": states["0,0,20"]["decimal"],
            "verified": data["verified"], "actions changed": data["policy_changes"]}


@analysis("exact limits")
def _exact_limits():
    """The largest goal each preset's exact solve accepts (the fitted time model)."""
    from jeopardy.exact.race import largest_exact_goal
    from jeopardy.rules import PRESETS, game

    return {name: largest_exact_goal(game(name)) for name in PRESETS}



# ---------------------------------------------------------- expected score
def _expected(name, turns, policy="optimal", score_cap=None, exact=True, ties="roll"):
    from jeopardy.expected.analysis import exact_expected
    from jeopardy.expected.policies import optimal
    from jeopardy.policy_language import score_policy
    from jeopardy.expected.solver import solve_expected
    from jeopardy.rules import game

    model = game(name)
    best = solve_expected(model, turns, optimal(ties), score_cap=score_cap)
    if policy == "optimal":
        solution = best
    else:
        solution = solve_expected(model, turns, score_policy(policy, model),
                                  cap=None if score_cap else best.cap, score_cap=score_cap)
    out = {"expected": solution.expected}
    if policy != "optimal":
        out["loss"] = best.expected - solution.expected
    if exact:
        out["exact"] = exact_expected(solution)
    return out


for _args in [("think", 5), ("think", 5, "odds"), ("think", 5, "odds-strict"), ("think", 4),
              ("shi", 6), ("pig", 9)]:
    analysis("max-score " + " ".join(map(str, _args)))(functools.partial(_expected, *_args))
@analysis("max-score think 5 simulated")
def _think_simulated():
    from jeopardy.expected.policies import optimal
    from jeopardy.expected.simulate import simulate
    from jeopardy.expected.solver import solve_expected
    from jeopardy.rules import game

    result = simulate(solve_expected(game("think"), 5, optimal()), 1_000_000, 1)
    return {"mean, 1,000,000 games, seed 1": result.mean}


analysis("max-score think 20")(functools.partial(_expected, "think", 20, exact=False))
analysis("max-score think 20 odds")(functools.partial(_expected, "think", 20, "odds", exact=False))
analysis("max-score pig 8 capped 200")(functools.partial(_expected, "pig", 8, score_cap=200,
                                                         ties="hold"))
analysis("max-score pig 9 capped 200")(functools.partial(_expected, "pig", 9, score_cap=200,
                                                         exact=False, ties="hold"))


def _differences(name, turns, policy, score_cap=None, ties="roll"):
    from jeopardy.expected.analysis import compare
    from jeopardy.expected.policies import optimal
    from jeopardy.policy_language import score_policy
    from jeopardy.expected.solver import solve_expected
    from jeopardy.rules import game

    model = game(name)
    best = solve_expected(model, turns, optimal(ties), score_cap=score_cap)
    other = solve_expected(model, turns, score_policy(policy, model),
                           cap=None if score_cap else best.cap, score_cap=score_cap)
    result = compare(best, other, best)
    out = {"same reachable states": result.same_reachable_states,
           "differences": len(result.differences),
           "strict differences": len(result.strict_differences)}
    for d in result.strict_differences[:20]:  # the first 20, as max-score --compare prints
        out[f"turn {d.turn} score {d.score} total {d.total}: roll - hold"] = d.margin
    return out


analysis("compare think 4 odds")(functools.partial(_differences, "think", 4, "odds"))
analysis("compare think 5 odds")(functools.partial(_differences, "think", 5, "odds"))
analysis("compare pig 9 odds-strict")(functools.partial(_differences, "pig", 9, "odds-strict"))
analysis("compare pig 9 capped 200")(functools.partial(_differences, "pig", 9, "odds-strict",
                                                       200, "hold"))


@analysis("eight-turn claim")
def _eight_turns():
    from jeopardy.reproduce import EIGHT_TURN_CAP, EIGHT_TURN_SEARCH
    from jeopardy.expected.analysis import first_deviation
    from jeopardy.expected.policies import odds
    from jeopardy.rules import game

    pig = game("pig")
    hold20 = odds(pig, strict=True)
    unbounded = first_deviation(pig, hold20, EIGHT_TURN_SEARCH)
    bounded = first_deviation(pig, hold20, EIGHT_TURN_SEARCH, score_cap=EIGHT_TURN_CAP)
    first = bounded.states[0]
    return {"unbounded": unbounded.turns, "capped at 200": bounded.turns,
            "capped: states": len(bounded.states),
            "capped: first": f"turn {first.turn}, score {first.score}, total {first.total}",
            "capped: scores": f"{min(d.score for d in bounded.states)}-"
                              f"{max(d.score for d in bounded.states)}"}


# --------------------------------------------------------------- solitaire
def _solitaire(name, goal, turns):
    from jeopardy.rules import game
    from jeopardy.solitaire import expected_turns, hold_at_expected_turns, reach_probability

    model = game(name)
    best = expected_turns(model, goal)
    holds = hold_at_expected_turns(model, goal)
    return {"expected turns": best.expected_turns, "iterations": best.iterations,
            "best hold": holds.best, "best hold turns": holds.turns[holds.best],
            "hold 20 turns": holds.turns.get(20), f"reach within {turns}":
                reach_probability(model, goal, turns).probability,
            "thresholds 0-4": ",".join(str(h) for h in best.hold_thresholds()[:5]),
            "hold-at by score 0-39": ", ".join(f"{s}:{'-' if h is None else h}"
                                               for s, h in enumerate(best.hold_thresholds()[:40]))}


analysis("solitaire pig 100")(functools.partial(_solitaire, "pig", 100, 10))
analysis("solitaire two-dice-pig 100")(functools.partial(_solitaire, "two-dice-pig", 100, 15))


@analysis("solitaire piglet 10")
def _solitaire_piglet():
    from jeopardy.rules import game
    from jeopardy.solitaire import expected_turns, hold_at_expected_turns, reach_probability

    model = game("piglet")
    out = {"expected turns": expected_turns(model, 10).expected_turns,
           "reach within 3": reach_probability(model, 10, 3).probability}
    for h, turns in hold_at_expected_turns(model, 10).turns.items():
        out[f"hold {h} turns"] = turns
    return out


@analysis("solitaire pig 100 exact")
def _solitaire_exact():
    from jeopardy.rules import game
    from jeopardy.solitaire import expected_turns
    from jeopardy.solitaire.exact import certify

    pig = game("pig")
    certificate = certify(pig, 100, expected_turns(pig, 100).roll)
    return {"expected turns": certificate.expected_turns, "optimal": certificate.optimal,
            "denominator digits": len(str(certificate.expected_turns.denominator))}


# ------------------------------------------------------------ played to win
def _skunk(name, turns):
    from jeopardy.fixed_turns.analysis import analyse
    from jeopardy.rules import game

    result = analyse(game(name), turns)
    out = {"first player": result.win_probability, "bound": result.solution.bound,
           "cap": result.solution.cap}
    for record in result.policies:
        out[f"{record.name}: as first"] = record.as_first
        out[f"{record.name}: as second"] = record.as_second
    for row in result.first_holds:
        at = f"turn {row['turn']} at {row['mover_score']} vs {row['other_score']}"
        out[f"first hold {at}"] = row["optimal"]
        for record in result.policies:
            if record.name in row:
                out[f"{record.name}: first hold {at}"] = row[record.name]
    return out


analysis("skunk 5")(functools.partial(_skunk, "skunk", 5))


@analysis("skunk shi 6")
def _skunk_shi():
    """Shi's variant (six turns each) as ``jeopardy variants --json`` solves it: the run the
    "variants" rows read too (tests/shared_runs.py; conftest keeps them in one group)."""
    import json

    import shared_runs

    done = shared_runs.variants_json()
    assert done.returncode == 0, done.stderr[-500:]
    shi, = [row for row in json.loads(done.stdout)["variants"] if row["preset"] == "shi"]
    return {"first player": shi["first_player"], "cap": shi["cap"]}


@analysis("think 5")
def _think():
    from jeopardy.rules import game
    from jeopardy.think.analysis import analyse

    result = analyse(game("think"), 5)
    out = {"value": result.value, "lower": result.lower, "upper": result.upper,
           "value exact": result.to_dict()["value_exact"]}
    for r, (states, pairs) in enumerate(zip(result.mixed_states, result.mixed_pairs), start=1):
        out[f"round {r}: mixed states"] = states
        out[f"round {r}: score pairs"] = pairs
    out["mixed met, equilibrium"] = result.reach_of_mixed
    out["mixed met at least once, equilibrium"] = result.chance_of_mixed
    for e in result.exploits:
        out[f"{e.name}: equilibrium"] = e.equilibrium
        out[f"{e.name}: best response"] = e.best_response
        out[f"{e.name}: mixed met"] = e.mixed_visits
        out[f"{e.name}: mixed met at least once"] = e.mixed_reach
    for row in result.seeing_first:
        out[f"round {row['round']}: seeing first"] = row["most"]
        out[f"round {row['round']}: seeing first at"] = f"{row['a_score']} vs {row['b_score']}"
        out[f"round {row['round']}: seeing first at equal scores"] = row["at_equal_scores"]
    return out


# ---------------------------------------------------------- Ten Thousand
def _farkle_turn(**options):
    from jeopardy.farkle.turn import FarkleRules, solve_turn

    rules = FarkleRules(**options)
    best = solve_turn(rules)
    seed = solve_turn(rules, policy="seed")
    out = {"expected": best.expected, "seed rule": seed.expected,
           "seed rule loss": best.expected - seed.expected,
           "thresholds": ",".join(str(t) for t in best.thresholds())}
    for dice, threshold in enumerate(best.thresholds(), start=1):
        out[f"bank from, {dice} dice"] = threshold
    return out


@analysis("farkle tables")
def _farkle_tables():
    """The seed's Table 1 (one throw of I dice) and Table 2 (W(I), Cs(I)), enumerated."""
    from jeopardy.farkle.throws import stopping_table, throw_table

    out = {}
    for row in throw_table():
        i = row.dice
        out[f"P({i},0)"] = row.bust
        out[f"P({i}, scores)"] = row.score_probability
        out[f"mean score if scoring, {i} dice"] = float(row.mean_score_if_scoring)
        for k, p in row.next_probability.items():
            out[f"P({i},{k})"] = p
            out[f"S({i},{k})"] = float(row.next_mean_score[k])
    table = stopping_table()
    for i, (w, c) in enumerate(zip(table.W, table.critical), start=1):
        out[f"W({i})"] = float(w)
        out[f"Cs({i})"] = float(c)
    return out


analysis("farkle turn")(_farkle_turn)
analysis("farkle turn min bank 0")(functools.partial(_farkle_turn, min_bank=0))
analysis("farkle turn IV.4")(functools.partial(_farkle_turn, keep_choice=True))
analysis("farkle turn IV.1")(functools.partial(_farkle_turn, no_stop_on_six=True))


SIDE_BY_SIDE_GOAL = 3000


def _farkle_house_turn(name):
    """Issue 29: a house rule set's turn (a player on the board; ``first bank``: the entry)."""
    import dataclasses

    from jeopardy.farkle.house import preset, read_rules
    from jeopardy.farkle.turn import solve_turn

    house = _house_rules(name)
    on_board = dataclasses.replace(house.rules, entry=0)
    best = solve_turn(on_board)
    out = {"expected": best.expected, "seed rule": solve_turn(on_board, policy="seed").expected,
           "thresholds": ",".join(str(t) for t in best.thresholds())}
    out["seed rule loss"] = out["expected"] - out["seed rule"]
    for dice, threshold in enumerate(best.thresholds(), start=1):
        out[f"bank from, {dice} dice"] = threshold
    if house.rules.enters:
        out["first bank"] = solve_turn(house.rules).expected
    return out


def _house_rules(name):
    """A preset, or a rules file of docs/examples/ by its stem (family, three-dice)."""
    from jeopardy.farkle.house import PRESETS, preset, read_rules

    return preset(name) if name in PRESETS else read_rules(ROOT / f"docs/examples/{name}.toml")


for _name in ("family", "facebook", "reference-com", "neller-busche", "everything2", "three-dice"):
    analysis(f"farkle turn {_name}")(functools.partial(_farkle_house_turn, _name))


def _farkle_house_game(name, goal, max_bonus=150):
    import dataclasses

    from jeopardy.farkle.core import solve

    from jeopardy.fairness import farkle_fairness

    house = _house_rules(name)
    rules = dataclasses.replace(house.rules, goal=goal)
    solution = solve(rules, house.first_to_reach)
    fair = farkle_fairness(solution, max_bonus)
    return {"first player": solution.win_probability, "fairest bonus": fair.bonus,
            "fairest P(first wins)": fair.win_probability, **_candidates(fair)}


def _farkle_penalty(path):
    """Issue 29: a rules file with the three-farkle penalty (jeopardy.match.counters)."""
    from jeopardy.farkle import penalty
    from jeopardy.farkle.house import read_rules

    solution = penalty.solve(read_rules(ROOT / path).rules)
    return {"first player": solution.win_probability, "states": solution.states}


analysis("farkle penalty facebook 1000 floor -500")(
    functools.partial(_farkle_penalty, "docs/examples/penalty.toml"))


@analysis("farkle penalty busche states")
def _reproduce_busche():
    """Issue 29: Busche's Facebook Farkle (floor -2,500) as our tables count it."""
    from jeopardy.farkle.core import turn_process
    from jeopardy.farkle.house import preset
    from jeopardy.farkle.penalty import bust_penalty
    from jeopardy.match import counters

    rules = preset("facebook").rules
    tables = counters.states(turn_process(rules), rules.goal // 50, bust_penalty(rules))
    winning = (rules.goal - rules.penalty.floor) // 50 * ((rules.goal - rules.penalty.floor)
                                                          // 50) * 9 * 6
    return {"table states": tables, "rows where a bank wins": winning,
            "game states": tables - winning}


@analysis("farkle penalty busche 10000")
def _busche_first_player():
    """Issue 29: Busche's Facebook Farkle solved (goal 10,000, floor -2,500; about 10 min)."""
    from jeopardy.farkle import penalty
    from jeopardy.farkle.house import preset

    return {"first player": penalty.solve(preset("facebook").rules).win_probability}


analysis("farkle house family 1000 rounds")(functools.partial(_farkle_house_game, "family", 1000))
analysis("farkle house neller-busche 1000 first to reach")(
    functools.partial(_farkle_house_game, "neller-busche", 1000))
analysis("farkle house three-dice 1000 rounds")(
    functools.partial(_farkle_house_game, "three-dice", 1000))
for _name in ("ten-thousand", "neller-busche", "everything2"):  # side by side (docs/farkle.md)
    analysis(f"farkle house {_name} {SIDE_BY_SIDE_GOAL} side by side")(
        functools.partial(_farkle_house_game, _name, SIDE_BY_SIDE_GOAL, None))


@analysis("farkle house neller-busche 1000 three players")
def _farkle_house_three_players():
    import dataclasses

    from jeopardy.farkle.core import solve

    rules = dataclasses.replace(_house_rules("neller-busche").rules, goal=1000)
    chances = solve(rules, True, players=3).win_probabilities
    return {f"player {m + 1}": chance for m, chance in enumerate(chances)}


@analysis("farkle house ten-thousand 500 three players rounds")
def _farkle_house_three_players_rounds():
    """Issue 29: three players, the round ending with hot dice (the engine's capped last
    round, docs/farkle.md "More players")."""
    import dataclasses

    from jeopardy.farkle.core import solve

    rules = dataclasses.replace(_house_rules("ten-thousand").rules, goal=500)
    chances = solve(rules, False, players=3).win_probabilities
    return {f"player {m + 1}": chance for m, chance in enumerate(chances)}


@analysis("farkle penalty rounds example")
def _farkle_penalty_rounds():
    """Issue 29: the penalty under the round ending, docs/examples/penalty-round.toml."""
    from pathlib import Path

    from jeopardy.farkle.house import read_rules
    from jeopardy.farkle.penalty import solve

    house = read_rules(Path(__file__).resolve().parent.parent / "docs/examples/penalty-round.toml")
    return {"first player": solve(house.rules, house.first_to_reach).win_probability}


@analysis("farkle three-dice simulated")
def _farkle_three_dice_simulated():
    """Issue 29: --simulate without hot dice (docs/examples/three-dice.toml)."""
    from pathlib import Path

    from jeopardy.farkle.core import solve
    from jeopardy.farkle.house import read_rules
    from jeopardy.farkle.simulation import simulate

    house = read_rules(Path(__file__).resolve().parent.parent / "docs/examples/three-dice.toml")
    result = simulate(solve(house.rules, house.first_to_reach), 100_000, 1)
    return {"first player, 100,000 games, seed 1": result.first_player_wins}


@analysis("farkle turn exact")
def _farkle_turn_exact():
    from jeopardy.farkle.turn import exact_turn_value

    return {"expected": exact_turn_value()}


def _farkle_solution(goal, first_to_reach, **options):
    from jeopardy.farkle.core import solve
    from jeopardy.farkle.turn import FarkleRules

    return solve(FarkleRules(goal=goal, **options), first_to_reach)


_farkle_solutions = functools.lru_cache(maxsize=None)(_farkle_solution)


def _farkle(goal, first_to_reach, **options):
    solution = _farkle_solutions(goal, first_to_reach, **options)
    return {"first player": solution.win_probability, "states": solution.states}


for _reach in (False, True):
    _ending = "first to reach" if _reach else "rounds"
    analysis(f"farkle 2000 {_ending}")(functools.partial(_farkle, 2000, _reach))
for _rule, _options in [("IV.1", dict(no_stop_on_six=True)),
                        ("IV.2", dict(high_min_bank=500, high_score=1000)),
                        ("IV.3", dict(exact_goal=True)), ("IV.4", dict(keep_choice=True)),
                        ("IV.5", dict(continue_position=True))]:
    analysis(f"farkle 2000 rounds {_rule}")(functools.partial(_farkle, 2000, False, **_options))


@analysis("farkle 1000 rounds hints")
def _farkle_1000_hints():
    """docs/farkle.md's played game: the hints, P(win) if you throw / bank, at the states shown
    (the person moves first; scores and totals in points, dice in hand)."""
    solution = _farkle_solutions(1000, False)
    out = {}
    for you, computer, total, dice in [(0, 0, 0, 6), (0, 0, 500, 3), (0, 0, 550, 2),
                                       (0, 0, 700, 6), (700, 0, 0, 6), (700, 0, 250, 2)]:
        throw, bank = solution.advice(you // 50, computer // 50, True, total // 50, dice)
        at = f"{you} vs {computer}, total {total}, {dice} dice"
        out[f"throw at {at}"] = throw
        out[f"bank at {at}"] = bank
    return out


@analysis("farkle 10000 rounds")
def _farkle_10000_rounds():
    from jeopardy.fairness import farkle_fairness
    from jeopardy.farkle.core import describe_banking

    solution = _farkle_solutions(10_000, False)
    fair = farkle_fairness(solution, 300)
    out = {"first player": solution.win_probability, "states": solution.states,
           "fairest bonus": fair.bonus, "fairest P(first wins)": fair.win_probability}
    out.update(_candidates(fair))
    for score, opponent in [(0, 0), (9000, 9500)]:
        out[f"bank at {score} vs {opponent}"] = str(solution.banking(score, opponent))
        for dice, runs in solution.banking(score, opponent).items():
            out[f"{dice} dice in hand at {score} vs {opponent}"] = describe_banking(runs)
    return out


@analysis("farkle 10000 first to reach")
def _farkle_10000_first():
    from jeopardy.fairness import farkle_fairness

    solution = _farkle_solutions(10_000, True)
    fair = farkle_fairness(solution)
    return {"first player": solution.win_probability, "states": solution.states,
            "fairest bonus": fair.bonus, "fairest P(first wins)": fair.win_probability,
            **_candidates(fair)}


def _candidates(fair) -> dict:
    """The fairness table: the first player's chance at each bonus shown."""
    return {f"P(first wins), bonus {bonus}": chance for bonus, chance in fair.candidates}


@analysis("farkle 2000 rounds simulated")
def _farkle_2000_simulated():
    from jeopardy.farkle.simulation import simulate

    result = simulate(_farkle_solutions(2000, False), 200_000, 1)
    return {"first player, 200,000 games, seed 1": result.first_player_wins}


# ------------------------------------------------------ N players, equal turns
def _match(name, goal, players, ending):
    from jeopardy.match.solver import solve
    from jeopardy.rules import game

    solution = solve(game(name), goal, players, ending)
    out = {f"player {p}": chance for p, chance in enumerate(solution.win_probabilities, start=1)}
    out["turn starts"] = solution.turn_starts
    out["mixed turn starts"] = len(solution.mixes)
    if ending == "equal-turns":
        out["cap"] = solution.cap
    return out


for _name, _goal, _players, _ending in [("pig", 100, 3, "first-to-goal"),
                                        ("pig", 100, 2, "equal-turns"),
                                        ("pig", 20, 2, "equal-turns"),
                                        ("frey-pig", 100, 2, "equal-turns"),
                                        ("pig", 30, 3, "equal-turns"),
                                        ("pig", 12, 4, "equal-turns"),
                                        ("pig", 13, 3, "equal-turns"),
                                        ("pig", 20, 3, "equal-turns"),
                                        # benchmarks/multi.py's cases (docs/games.md), long:
                                        ("pig", 100, 3, "equal-turns"),
                                        ("pig", 50, 4, "first-to-goal"),
                                        ("pig", 6, 10, "first-to-goal")]:
    analysis(f"match {_name} {_goal}, {_players} players, {_ending}")(
        functools.partial(_match, _name, _goal, _players, _ending))


@analysis("match pig 50, 3 policies")
def _match_policies():
    from jeopardy.match.evaluation import evaluate
    from jeopardy.match.policies import hold_at
    from jeopardy.rules import game

    pig = game("pig")
    out = {}
    for ending, suffix in (("first-to-goal", ""), ("equal-turns", ", equal turns")):
        optimal = _match_solution("pig", 50, 3, ending)
        result = evaluate(pig, 50, [optimal, hold_at(50, 20), hold_at(50, 25)], ending)
        out.update({f"player {p} wins{suffix}": chance
                    for p, chance in enumerate(result.win_probabilities, start=1)})
    return out


@analysis("match pig 13, 3 optimal, equal turns")
def _match_optimal_13():
    """compare optimal optimal optimal --goal 13 --ending equal-turns (equals the solve)."""
    from jeopardy.match.evaluation import evaluate
    from jeopardy.match.solver import solve
    from jeopardy.rules import game

    pig = game("pig")
    solution = solve(pig, 13, 3, "equal-turns")
    result = evaluate(pig, 13, [solution] * 3, "equal-turns")
    return {f"player {p} wins": chance
            for p, chance in enumerate(result.win_probabilities, start=1)}


@analysis("match pig 30, 3 players, decision")
def _match_decision():
    """jeopardy policy --scores 10,20,5 --goal 30: the mover's chances at turn total 0."""
    from jeopardy.match.solver import solve
    from jeopardy.rules import game

    decision = solve(game("pig"), 30, 3).decision((10, 20, 5), 0)
    return {f"player {p} (mover first)": chance
            for p, chance in enumerate(decision.win_probabilities, start=1)}


@analysis("match pig 30, 3 players, reach")
def _match_reach():
    from jeopardy.match.reachability import reachable
    from jeopardy.match.solver import solve
    from jeopardy.rules import game

    out = {}
    for ending, suffix in (("first-to-goal", ""), ("equal-turns", ", equal turns")):
        reach = reachable(solve(game("pig"), 30, 3, ending))
        out.update({f"states{suffix}": reach.count, f"rolling{suffix}": reach.roll_count,
                    f"turn starts{suffix}": reach.reachable_turn_starts,
                    f"all states{suffix}": reach.total_states,
                    f"all turn starts{suffix}": reach.turn_starts})
    return out


# ---------------------------------------------------------------- Parker Brothers
@analysis("parker-brothers 50")
def _parker_brothers_50():
    from jeopardy.match.solver import solve
    from jeopardy.rules import game

    out = {}
    for ending in ("one-more-turn", "equal-turns"):
        solution = solve(game("parker-brothers"), 50, 2, ending)
        out[ending] = solution.win_probability
        out[f"{ending}: turn starts"] = solution.turn_starts
    return out


# ---------------------------------------------------------------- Fast Pig / Hog
@analysis("fast-pig 100")
def _fast_pig_100():
    from jeopardy.fast_pig import expected_table, fairness, solve
    from jeopardy.fast_pig.evaluation import evaluate, head_to_head, simulate
    from jeopardy.rules.fast_pig import FAST_PIG_PRESETS, FastPigRules

    out = {}
    for name, rules in FAST_PIG_PRESETS.items():
        for ending in ("first-to-goal", "equal-turns"):
            solution = solve(rules, 2, ending)
            for place, chance in enumerate(solution.win_probabilities, start=1):
                out[f"{name} {ending}: player {place}"] = chance
        solution = solve(rules)
        for scores in ((0, 0), (90, 60)):
            decision = solution.decision(scores)
            at = f"{name} at {scores[0]}-{scores[1]}"
            out[f"{at}: best dice"] = decision.best
            for n, chance in enumerate(decision.chances, start=1):
                out[f"{at}: {n} dice"] = chance
                out[f"{at}: {n} dice loses"] = decision.loss(n)
        for n, value in enumerate(expected_table(rules).expected, start=1):
            out[f"{name} expected points: {n} dice"] = value
        fair = fairness(solution)
        out[f"{name} fairest bonus"] = fair.bonus
        for bonus, chance in fair.candidates:
            out[f"{name} first player with bonus {bonus}"] = chance
        for policy in ("dice:6", "dice:5"):
            result = head_to_head(solution, policy, "optimal")
            out[f"{name} {policy} vs optimal: first"] = result.first
            out[f"{name} {policy} vs optimal: second"] = result.second
            out[f"{name} {policy} vs optimal: fair"] = result.fair
    result = head_to_head(solve(FAST_PIG_PRESETS["fast-pig"]), "dice:6 if i < 80 else 3",
                          "optimal")
    out["fast-pig formula vs optimal: first"] = result.first
    out["fast-pig formula vs optimal: second"] = result.second
    out["fast-pig formula vs optimal: fair"] = result.fair
    result = simulate(solve(FAST_PIG_PRESETS["hog"]), ["dice:6", "optimal"], 20_000, 1)
    out["hog dice:6 vs optimal simulated: first"] = result.first
    out["hog dice:6 vs optimal simulated: second"] = result.second
    out["hog dice:6 vs optimal simulated: fair"] = result.fair
    d4 = solve(FastPigRules("hog-d4", 4, 5, 1, 50))
    out["hog-d4 50: player 1"] = d4.win_probabilities[0]
    out["hog-d4 50: player 2"] = d4.win_probabilities[1]
    out["hog-d4 50: best dice"] = d4.decision((0, 0)).best
    hog = solve(FAST_PIG_PRESETS["hog"], 2, "equal-turns")
    result = evaluate(hog, ["dice:6", "optimal"])
    for place, chance in enumerate(result.win_probabilities, start=1):
        out[f"hog equal-turns dice:6 vs optimal: player {place}"] = chance
    return out


@analysis("fast-pig 3 players 30")
def _fast_pig_3_players_30():
    from jeopardy.fast_pig import solve
    from jeopardy.fast_pig.evaluation import evaluate
    from jeopardy.rules.fast_pig import FastPigRules

    solution = solve(FastPigRules("fast-pig", 6, 10, 0, 30), 3)
    result = evaluate(solution, ["dice:6", "dice:4", "optimal"])
    return {f"dice:6, dice:4, optimal: player {place}": chance
            for place, chance in enumerate(result.win_probabilities, start=1)}


@analysis("fast-pig 3 players 100")
def _fast_pig_3_players_100():
    from jeopardy.fast_pig import solve
    from jeopardy.rules.fast_pig import FAST_PIG_PRESETS

    solution = solve(FAST_PIG_PRESETS["fast-pig"], 3)
    out = {f"player {place}": chance
           for place, chance in enumerate(solution.win_probabilities, start=1)}
    out["best dice at the start"] = solution.decision((0, 0, 0)).best
    out["mixed turn starts"] = len(solution.solution.mixes)
    return out


# ---------------------------------------------------------------- variants
@analysis("variants")
def _variants():
    """``jeopardy variants --json``'s first player's chances: the run tests/test_schemas.py
    also checks (tests/shared_runs.py; one run, in one process, per session)."""
    import json

    import shared_runs
    from jeopardy.variants import FIXED_TURNS, PENDING, NOT_MODELLED, VARIANTS

    done = shared_runs.variants_json()
    assert done.returncode == 0, done.stderr[-500:]
    rows = {row["variant"]: row for row in json.loads(done.stdout)["variants"]}
    # Shi's variant is pinned by "skunk shi 6", which reads the same run.
    return {v.name: rows[v.name]["first_player"] for v in VARIANTS
            if v.kind not in (PENDING, NOT_MODELLED) and not (v.kind == FIXED_TURNS
                                                               and v.preset == "shi")}


# ------------------------------------------------------------------- test
def _compare(row: Pinned, ours) -> None:
    if row.tolerance is None:
        expected = Fraction(row.value) if isinstance(ours, Fraction) else row.value
        assert ours == expected, f"{row.id}: ours {ours}, pinned {row.value}"
    else:
        assert ours is not None
        assert abs(ours - row.value) <= row.tolerance, \
            f"{row.id}: ours {ours!r}, pinned {row.value!r} +- {row.tolerance}"


def _params():
    for row in PINNED:
        marks = [pytest.mark.long] if row.long else [pytest.mark.slow] if row.slow else []
        yield pytest.param(row, id=row.id, marks=marks)


@pytest.mark.parametrize("row", list(_params()))
def test_pinned(row: Pinned):
    assert row.analysis in ANALYSES, f"no analysis {row.analysis!r} in tests/test_pinned.py"
    ours = ANALYSES[row.analysis]()
    assert row.name in ours, f"{row.analysis!r} computes no {row.name!r}"
    _compare(row, ours[row.name])


def test_every_pinned_row_is_unique_and_explained():
    ids = [row.id for row in PINNED]
    assert len(ids) == len(set(ids))
    for row in PINNED:
        assert row.why and row.where, row.id
        if row.tolerance is not None:
            # a tolerance is a small fraction of the value (counts) or below 1e-3 (floats)
            assert isinstance(row.value, float), row.id
            assert 0 < row.tolerance <= max(1e-3, 0.02 * abs(row.value)), row.id


def test_every_analysis_is_pinned():
    used = {row.analysis for row in PINNED}
    assert set(ANALYSES) == used, (set(ANALYSES) - used, used - set(ANALYSES))


def test_every_golden_row_loads_and_names_an_analysis_here():
    """The golden files load (each row well formed, in its family's file, its reason
    written out in reasons.json) and every row names an analysis of this file, so
    no row can be skipped as unknown, even one marked long."""
    rows = golden.load()
    assert len(rows) == len(PINNED) > 1000
    assert {row.file for row in rows} == {path.name for path in golden.files()}
    unknown = sorted({row.id for row in rows if row.analysis not in ANALYSES})
    assert not unknown, f"rows of no analysis in tests/test_pinned.py: {unknown[:5]}"


@pytest.mark.parametrize("row, problem", [
    pytest.param({"analysis": "race pig 100", "name": "P", "value": 1, "tolerance": None,
                  "why": "COUNT", "where": "x"}, "belongs in race.json", id="wrong-file"),
    pytest.param({"analysis": "turn pig", "name": "P", "value": 1, "tolerance": None,
                  "why": "NOWHERE", "where": "x"}, "no reason 'NOWHERE'", id="unknown-reason"),
    pytest.param({"analysis": "turn pig", "name": "P", "value": 1, "tolerance": None,
                  "why": "COUNT"}, "keys", id="no-where"),
])
def test_a_malformed_golden_row_is_refused(tmp_path, row, problem):
    (tmp_path / "reasons.json").write_text('{"COUNT": "a count"}')
    golden.write_file(tmp_path / "turn.json", [row])
    with pytest.raises(ValueError, match=f"turn.json, row 1: .*{problem}"):
        golden.load(tmp_path)


@functools.lru_cache(maxsize=None)
def _neller_busche_solution(goal):
    """Issue 29: the neller-busche preset to ``goal``, two players, first to reach."""
    import dataclasses

    from jeopardy.farkle.core import solve

    return solve(dataclasses.replace(_house_rules("neller-busche").rules, goal=goal), True)


def _farkle_card(goal):
    """Issue 29: the strategy card (jeopardy farkle card) and its exact chances."""
    from jeopardy.farkle.card import SITUATIONS, strategy_card

    card = strategy_card(_neller_busche_solution(goal))
    out = {f"{name}, {n} dice": threshold for name, row in zip(SITUATIONS, card.thresholds)
           for n, threshold in enumerate(row, start=1)}
    out.update({f"worth, {m} dice": worth for m, worth in enumerate(card.worth, start=1)})
    for what, result in (("card", card.against_optimal), ("max-score", card.max_score)):
        out.update({f"{what} first": result.a_first, f"{what} second": result.a_second,
                    f"{what} fair": result.a_fair, f"{what} loss": 0.5 - result.a_fair})
    out.update({f"table {name} loss": 0.5 - result.a_fair
                for name, result in card.candidates.items()})
    return out


analysis("farkle card neller-busche 1000")(functools.partial(_farkle_card, 1000))
analysis("farkle card neller-busche 10000")(functools.partial(_farkle_card, 10_000))


@analysis("farkle neller-busche 10000 paper")
def _neller_busche_paper():
    """Issue 29: Neller & Busche 2017's figures as jeopardy reproduce computes them."""
    from jeopardy.fairness import farkle_fairness
    from jeopardy.farkle.card import max_score_play
    from jeopardy.farkle.versus import versus

    solution = _neller_busche_solution(10_000)
    fair = farkle_fairness(solution, None)
    pure = versus(solution, max_score_play(solution.rules), None)
    at_goal = versus(solution, max_score_play(solution.rules, True), None)
    return {"first player": solution.win_probability, "fairest bonus": fair.bonus,
            "fairest P(first wins)": fair.win_probability,
            "max-score first": pure.a_first, "max-score second": pure.a_second,
            "advantage over max-score": 1 - 2 * pure.a_fair,
            "advantage over max-score banking at the goal": 1 - 2 * at_goal.a_fair}
