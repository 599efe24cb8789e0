"""THINK played to win: the value, where the equilibrium mixes, how often play
gets there, and what exploiting the usual players is worth.

Three backward passes (each the whole game, see :mod:`jeopardy.think.solver`):

1. the equilibrium game with its lower and upper truncations, and the
   expected number of mixed states equilibrium play visits (and the chance
   of visiting one);
2. for each named rule (s + 11t <= 200, the expected-score optimum): the
   equilibrium player against it and the best response to it, each with a
   lower and upper truncation, and how often that play meets a mixed state.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from jeopardy import resources, validate
from jeopardy.fixed_turns.analysis import named_policies
from jeopardy.results import Result, count
from jeopardy.rules import presets
from jeopardy.rules.roll_model import RollModel
from jeopardy.think.solver import (BEST_RESPONSE_VS_RULE, EQUILIBRIUM_VS_RULE, MIXED_COUNT,
                                   MIXED_COUNT_VS_RULE, MIXED_HIT, MIXED_HIT_VS_RULE, OPTIMAL,
                                   solve_pass)

REPORT_SCORES = 100  # mixed states are counted at scores up to this (the caps hold more)


@dataclass(frozen=True, repr=False)
class Exploit(Result):
    """Player A against a named rule: win rates (ties one half), with proved bounds."""

    name: str
    label: str
    equilibrium: float
    equilibrium_bound: float
    best_response: float
    best_response_bound: float
    mixed_visits: float  # expected mixed states met when A plays the equilibrium
    mixed_reach: float  # chance of meeting at least one

    def to_dict(self) -> dict:
        return {"policy": self.label, "equilibrium": self.equilibrium,
                "equilibrium_bound": self.equilibrium_bound,
                "best_response": self.best_response,
                "best_response_bound": self.best_response_bound,
                "mixed_visits": self.mixed_visits, "mixed_reach": self.mixed_reach}


@dataclass(frozen=True, repr=False)
class ThinkAnalysis(Result):
    model: RollModel
    rounds: int
    score_cap: int
    turn_cap: int
    value: float
    lower: float
    upper: float
    mixed_states: tuple[int, ...]  # per round, both-in states with scores <= REPORT_SCORES
    mixed_pairs: tuple[int, ...]  # per round, score pairs (x, y) with a mixed turn total
    mixed_examples: tuple[dict, ...]
    reach_of_mixed: float  # expected mixed states visited under equilibrium play
    chance_of_mixed: float
    seeing_first: tuple[dict, ...]  # per round: the most a player gains by seeing first
    exploits: tuple[Exploit, ...]
    seconds: float

    @property
    def win_probability(self) -> float:
        """Either player's chance under equilibrium play (the game is symmetric; a tie
        counts 1/2), as every result's ``win_probability``."""
        return self.value

    @property
    def win_probabilities(self) -> list[float]:
        return [self.value, 1.0 - self.value]

    def to_dict(self) -> dict:
        return {"game": self.model.name, "rounds": self.rounds, "score_cap": self.score_cap,
                "turn_cap": self.turn_cap, "value": self.value,
                # exact by symmetry: the rules do not tell the players apart
                "value_exact": "1/2" if self.value == 0.5 else None, "lower": self.lower,
                "upper": self.upper,
                "mixed_states": {"scores_up_to": min(REPORT_SCORES, self.score_cap),
                                 "per_round": list(self.mixed_states),
                                 "score_pairs_per_round": list(self.mixed_pairs),
                                 "total": int(sum(self.mixed_states)),
                                 "examples": list(self.mixed_examples)},
                "reach_of_mixed": {"equilibrium": {"visits": self.reach_of_mixed,
                                                   "chance": self.chance_of_mixed},
                                   **{e.name: {"visits": e.mixed_visits, "chance": e.mixed_reach}
                                      for e in self.exploits}},
                "seeing_first": list(self.seeing_first),
                "exploit": {e.name: e.to_dict() for e in self.exploits},
                "seconds": self.seconds}

    def __repr__(self) -> str:
        return (f"ThinkAnalysis({self.model.name}, {count(self.rounds, 'round')}: value {self.value}, "
                f"{sum(self.mixed_states)} mixed states)")


def analyse(model: RollModel, rounds: int = 5, score_cap: int = 200, turn_cap: int = 200,
            progress=None) -> ThinkAnalysis:
    model = presets.resolve(model)
    rounds = validate.positive_int(rounds, "rounds")
    score_cap = validate.positive_int(score_cap, "score_cap")
    turn_cap = validate.positive_int(turn_cap, "turn_cap")
    resources.require("think", "THINK played to win", rounds=rounds, score_cap=score_cap,
                      turn_cap=turn_cap)
    started = time.perf_counter()
    first = solve_pass(model, rounds, score_cap, turn_cap,
                       [OPTIMAL, OPTIMAL, OPTIMAL, MIXED_COUNT, MIXED_HIT],
                       [0.5, 0.0, 1.0, 0.0, 0.0], progress=progress)
    value, lower, upper, visits, chance = (float(v) for v in first.values)
    top = min(REPORT_SCORES, score_cap) + 1
    per_round = tuple(int(first.mixed_states[r, :top, :top].sum()) for r in range(rounds))
    pairs = tuple(int((first.mixed_states[r, :top, :top] > 0).sum()) for r in range(rounds))
    examples = []
    seeing = []
    for r in range(rounds):
        counts = first.mixed_states[r, :top, :top]
        if counts.any():
            x, y = np.unravel_index(int(np.argmax(counts)), counts.shape)
            examples.append({"round": r + 1, "a_score": int(x), "b_score": int(y),
                             "mixed_turn_totals": int(counts[x, y])})
        worth = first.seeing_first[r, :top, :top]
        x, y = np.unravel_index(int(np.argmax(worth)), worth.shape)
        diagonal = float(np.diagonal(worth).max())
        seeing.append({"round": r + 1, "most": float(worth[x, y]), "a_score": int(x),
                       "b_score": int(y), "at_equal_scores": diagonal})
    exploits = []
    for name, rule in named_policies(model, rounds).items():
        run = solve_pass(model, rounds, score_cap, turn_cap,
                         [OPTIMAL, EQUILIBRIUM_VS_RULE, EQUILIBRIUM_VS_RULE,
                          BEST_RESPONSE_VS_RULE, BEST_RESPONSE_VS_RULE,
                          MIXED_COUNT_VS_RULE, MIXED_HIT_VS_RULE],
                         [0.5, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0], rule, progress)
        v = [float(x) for x in run.values]
        exploits.append(Exploit(name, str(rule), (v[1] + v[2]) / 2, (v[2] - v[1]) / 2,
                                (v[3] + v[4]) / 2, (v[4] - v[3]) / 2, v[5], v[6]))
    return ThinkAnalysis(model, rounds, score_cap, turn_cap, value, lower, upper, per_round,
                         pairs, tuple(examples), visits, chance, tuple(seeing), tuple(exploits),
                         time.perf_counter() - started)
