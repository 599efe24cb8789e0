"""Every number the seed documents publish, recomputed and set beside ours.

:func:`reproduce` runs the analyses and returns :class:`Claim` rows; nothing
here is pasted: the published values are the seeds' text, ours come from the
solvers, and ``agrees`` applies the stated tolerance.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from jeopardy import published


@dataclass(frozen=True)
class Claim:
    source: str
    claim: str
    published: str
    ours: str
    agrees: bool
    note: str = ""

    def to_dict(self) -> dict:
        return dict(self.__dict__)


def _close(ours: float, published: float, tolerance: float) -> bool:
    return abs(ours - published) <= tolerance


def puzzle() -> list[Claim]:
    from jeopardy.rules import game
    from jeopardy.simultaneous.game import replies_to_pure, solve_simultaneous
    from jeopardy.turn.distribution import float_generating_function_distribution, turn_distribution

    source = "single-turn simultaneous Pig puzzle"
    pig = game("pig")
    printed = published.PUZZLE_HOLD_20
    exact = turn_distribution(pig, 20).probabilities
    seed_float = float_generating_function_distribution(pig, 20)
    rows = []
    for n, text in printed.items():
        ours = exact[n]
        rows.append(Claim(source, f"hold at 20: P({n})", text, f"{float(ours):.17g} = {ours}",
                          abs(float(ours) - float(text)) < 2e-16 and f"{seed_float[n]:.17g}" == text,
                          "exact value within 2e-16; the seed's float procedure gives every printed digit"))
    solution = solve_simultaneous(pig, 100, all_stopping_rules=True)
    w21 = float(solution.restricted.weight_of_hold(21))
    rows.append(Claim(source, "optimal mix: hold at 21 about one third of the time", "~1/3",
                      f"{w21:.6f} (support of {len(solution.restricted.strategy)} holds, verified "
                      f"{solution.restricted.verified})", abs(w21 - 1 / 3) < 0.02))
    replies = replies_to_pure(pig, 100)
    by_rule = min(replies, key=lambda r: r.rule_advantage)
    by_hold = min(replies, key=lambda r: r.advantage)
    rows.append(Claim(source, "edge of at least 8% against any pure strategy", ">= 8%",
                      f"{float(by_rule.rule_advantage):.4%} (vs hold at {by_rule.hold}, any reply); "
                      f"{float(by_hold.advantage):.4%} with hold-at-h replies only",
                      by_rule.rule_advantage >= Fraction(8, 100),
                      "holds if the reply may be any stopping rule; hold-at-h replies reach 7.96%"))
    single = next(r for r in replies if r.hold == 20)
    from jeopardy.simultaneous.game import hold_distributions
    from jeopardy.simultaneous.payoff import payoff_matrix
    edge = payoff_matrix(hold_distributions(pig, 20))[0, 19]
    rows.append(Claim(source, "nearly 15% against hold at 20 by a single roll", "nearly 15%",
                      f"{float(edge):.4%}", Fraction(14, 100) < edge < Fraction(15, 100),
                      f"best reply to hold at 20 is {single.best_rule}"))
    rows.append(Claim(source, "only hold-at-h strategies need be considered", "(claimed)",
                      f"false: a stopping rule gains {float(solution.full_gain):.3e} against the "
                      f"hold-at-h equilibrium; full-game equilibrium verified {solution.full.verified}",
                      True, "not a published number; our finding"))
    return rows


def neller_presser() -> list[Claim]:
    from jeopardy.exact.race import solve_exact
    from jeopardy.expected.analysis import compare as compare_policies
    from jeopardy.expected.policies import odds, optimal, parse
    from jeopardy.expected.solver import solve_expected
    from jeopardy.race.evaluation import best_response, head_to_head
    from jeopardy.race.policies import from_solution, hold_at
    from jeopardy.race.reachability import reachable
    from jeopardy.race.solver import solve
    from jeopardy.rules import game

    source = "Neller & Presser 2004"
    rows = []
    pig = game("pig")
    solution = solve(pig, 100)
    p = solution.win_probability()
    rows.append(Claim(source, "Pig: the starting player wins, P(0,0,0)", "0.5306",
                      f"{p:.10f}", _close(p, 0.5306, 5e-5)))
    rows.append(Claim(source, "Pig: number of equations", "505,000", f"{solution.states:,}",
                      solution.states == 505_000))
    actions = solution.actions(41, 49)
    ok = actions[:22] == "R" * 22 and actions[22:27] == "H" * 5 and actions[27] == "R"
    rows.append(Claim(source, "41 vs 49: roll to 22, but at exactly 27 roll once more",
                      "roll < 22; hold 22-26; roll at 27", actions[:30] + "...", ok))
    optimal_policy = from_solution(solution)
    reach = reachable(pig, optimal_policy)
    never = reach.own_scores_never_reached
    rows.append(Claim(source, "an optimal player never has a score of 1-20", "1..20",
                      ", ".join(map(str, never[:3])) + f" ... ({len(never)} scores never reached)",
                      set(range(1, 21)) <= set(never),
                      f"Figure 5's set: {reach.count:,} reachable states on "
                      f"{reach.score_pair_count:,} score pairs (both scores searched jointly)"))
    piglet = solve_exact(game("piglet"), 2)
    for state, text in published.PIGLET_2.items():
        value = piglet.values[state]
        rows.append(Claim(source, f"Piglet to 2: P{''.join(map(str, state))}", text, str(value),
                          value == Fraction(text), "exact"))
    hold20 = hold_at(100, 20)
    reply = head_to_head(pig, best_response(pig, hold20), hold20)
    selfplay = head_to_head(pig, optimal_policy, hold20)
    for claim, printed_value, ours, other in [
        ("optimal vs hold at 20, optimal moves first", 0.5874, reply.first, selfplay.first),
        ("hold at 20 wins when it moves first", 0.4776, 1 - reply.second, 1 - selfplay.second),
        ("optimal vs hold at 20, fair coin", 0.5549, reply.fair, selfplay.fair),
    ]:
        rows.append(Claim(source, claim, f"{printed_value:.2%}", f"{ours:.4%}",
                          _close(ours, printed_value, 5e-5),
                          f"'optimal' = best response to hold at 20; the self-play optimal policy "
                          f"gives {other:.4%}"))
    think = game("think")
    for turns, policy, value in published.THINK:
        best = solve_expected(think, turns, optimal())
        rule = parse(policy, think)
        ours = best.expected if rule.is_optimal else solve_expected(think, turns, rule, cap=best.cap).expected
        rows.append(Claim(source, f"THINK, {turns} turns, {rule}", repr(value), repr(ours),
                          _close(ours, value, 1e-12), "tolerance 1e-12 (13+ digits)"))
    four = solve_expected(think, 4, optimal())
    cmp4 = compare_policies(four, solve_expected(think, 4, odds(think), cap=four.cap), four)
    rows.append(Claim(source, "THINK, 4 turns: optimal and s+11t<=200 reach the same states and "
                      "decide alike", "same", "same" if cmp4.same_reachable_states and
                      not cmp4.differences else f"{len(cmp4.differences)} differences",
                      cmp4.same_reachable_states and not cmp4.differences))
    first_strict = None
    for turns in range(1, 16):
        best = solve_expected(pig, turns, optimal())
        rule = solve_expected(pig, turns, odds(pig, strict=True), cap=best.cap)
        if compare_policies(best, rule, best).strict_differences:
            first_strict = turns
            break
    rows.append(Claim(source, "one-die Pig: optimal and hold at 20 first differ beyond 8 turns",
                      "> 8 turns", "never (up to 15 turns): they differ only at exact ties, t = 20"
                      if first_strict is None else f"{first_strict} turns", first_strict == 9,
                      "without bust-all the turns are independent; rolling at 20 ties holding"))
    return rows


def linux_magazin() -> list[Claim]:
    from jeopardy.race.evaluation import head_to_head
    from jeopardy.race.policies import from_solution, hold_at
    from jeopardy.race.solver import solve
    from jeopardy.rules import game

    source = "Linux Magazin blog (goal 50, a 6 busts)"
    model = game("linux-magazin")
    solution = solve(model, 50)
    result = head_to_head(model, from_solution(solution), hold_at(50, 16))
    wins = 5319 / 10000
    stderr = (result.fair * (1 - result.fair) / 10000) ** 0.5
    return [
        Claim(source, "value iteration in R: 101 minutes", "101 min",
              f"{solution.seconds * 1000:.1f} ms", True, "our solver time, for scale"),
        Claim(source, "optimal bot vs hold at 16: 5319 wins of 10000", "0.5319",
              f"{result.fair:.4f} exact (fair coin); {(wins - result.fair) / stderr:+.2f} SE",
              abs(wins - result.fair) < 4 * stderr, "who started is not stated: fair coin assumed"),
    ]


def ten_thousand() -> list[Claim]:
    from jeopardy.farkle.throws import stopping_table, throw_table

    source = "Ten Thousand analysis"
    half = Fraction(1, 200)
    rows = []
    cells = matched = 0
    rows_by_dice = {row.dice: row for row in throw_table()}
    checks = [(rows_by_dice[dice].mean_score_if_scoring, mean)
              for dice, (_, mean) in published.TEN_THOUSAND_TABLE_1_TOTAL.items()]
    for (dice, k), (percent, mean) in published.TEN_THOUSAND_TABLE_1.items():
        row = rows_by_dice[dice]
        if k == 0:
            checks.append((100 * row.bust, percent))
        else:
            checks += [(100 * row.next_probability[k], percent), (row.next_mean_score[k], mean)]
    for value, printed in checks:
        cells += 1
        matched += abs(value - Fraction(str(printed))) <= half
    rows.append(Claim(source, "Table 1: P(I,K), S(I,K), P(I,0), mean (every cell)",
                      f"{cells} cells", f"{matched} of {cells} cells equal after rounding",
                      matched == cells))
    table = stopping_table()
    for dice, (w, critical) in published.TEN_THOUSAND_TABLE_2.items():
        ours_w, ours_c = table.W[dice - 1], table.critical[dice - 1]
        ok = (abs(ours_w - Fraction(str(w))) <= half
              and abs(ours_c - Fraction(str(critical))) <= half)
        rows.append(Claim(source, f"Table 2: W({dice}), Cs({dice})", f"{w:.2f}, {critical:.2f}",
                          f"{float(ours_w):.2f}, {float(ours_c):.2f}", ok))
    return rows


SECTIONS: dict[str, Callable[[], list[Claim]]] = {
    "puzzle": puzzle, "neller-presser": neller_presser, "linux-magazin": linux_magazin,
    "ten-thousand": ten_thousand,
}


def reproduce(sections: list[str] | None = None) -> list[Claim]:
    rows = []
    for name in sections or list(SECTIONS):
        rows.extend(SECTIONS[name]())
    return rows
