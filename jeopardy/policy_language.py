"""One policy language: the words ``compare``, ``simulate``, ``reach``,
``play --ai``, ``max-score`` and the sweeps read.

:func:`parse` reads a word into a :class:`PolicyWord` (syntax only, the same
for every command); :func:`race_policy` turns it into a
:class:`~jeopardy.match.policies.RacePolicy` table of a race game and
:func:`score_policy` into a :class:`~jeopardy.expected.policies.ScorePolicy`
of the expected-score game.  A word a command cannot use is refused in one
line naming the command and the words it takes.

=========================  ============================================  ==========  =========
word                       meaning                                       race games  max-score
=========================  ============================================  ==========  =========
``optimal``                optimal play                                  yes         yes
``optimal-ties-hold``      optimal, holding where both are worth alike   no          yes
``best-response``          the best reply to the other policy            compare,    no
                                                                         simulate
``hold:N``                 roll while the turn total is below N          N >= 1      N >= 0
``linear:A,B,C[,strict]``  roll iff A*score + B*turn_total <= C (<)      yes         yes
``odds``, ``odds-strict``  roll iff one roll's expected change is >= 0   yes         yes
                           (> 0)
``rule:FORMULA``           roll where the formula in i, j, k, goal is    yes         no
                           true (:mod:`jeopardy.match.formula`)
``keep-pace``, ...         Neller & Presser's practical policies         yes         no
``dice:N``, ``dice:F``     Fast Pig / Hog: throw N dice, or the number   Fast Pig    no
                           the formula F in i, j, goal gives             and Hog
a file                     a table of ``solve --policy-out``             yes         no
=========================  ============================================  ==========  =========

Why the "no"s: the expected-score solver proves its turn-total cap from the
policy (a hold threshold, or the line of a linear rule); a formula, a
practical policy (which reads the opponent's score) or a race table has
neither.  The race solver breaks no ties, so ``optimal-ties-hold`` has no
race meaning.

In a race game ``score`` is the mover's banked score ``i`` and
``turn_total`` is ``k``; in the expected-score game they are ``s`` and ``t``.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from jeopardy import validate
from jeopardy.errors import JeopardyError

HINTS = {
    "optimal": "optimal", "optimal-ties-hold": "optimal-ties-hold",
    "best-response": "best-response", "hold": "hold:N", "linear": "linear:A,B,C[,strict]",
    "odds": "odds", "odds-strict": "odds-strict", "rule": "rule:FORMULA",
    "practical": "keep-pace, keep-pace-half-even, score-base, hold-25", "dice": "dice:N or dice:FORMULA",
    "file": "a policy file",
}
RACE_KINDS = ("optimal", "best-response", "hold", "linear", "odds", "odds-strict", "rule",
              "practical", "file")
# a sweep's compare: the optimal player against a fixed policy of the same game
SWEEP_KINDS = ("hold", "linear", "odds", "odds-strict", "rule", "practical")
SCORE_KINDS = ("optimal", "optimal-ties-hold", "hold", "linear", "odds", "odds-strict")
FILE_SUFFIXES = (".csv", ".npz", ".parquet")


@dataclass(frozen=True)
class PolicyWord:
    """A parsed policy word: its ``kind`` (a key of :data:`HINTS`) and parameters."""

    text: str
    kind: str
    h: int | None = None
    coefficients: tuple[Fraction, Fraction, Fraction] | None = None
    strict: bool = False
    formula: str | None = None
    name: str | None = None


def parse(text: str) -> PolicyWord:
    """The syntax of a policy word, the same for every command."""
    from jeopardy.match.policies import PRACTICAL

    if not isinstance(text, str):
        raise JeopardyError(f"a policy must be a word; got {text!r}")
    word = text.strip()
    if word in ("optimal", "optimal-ties-hold", "best-response", "odds", "odds-strict"):
        return PolicyWord(word, word)
    if word.startswith("hold:"):
        try:
            h = validate.whole(word[5:])
        except ValueError:
            raise JeopardyError(f"cannot read policy {word!r}; write hold:N with an integer N") from None
        return PolicyWord(word, "hold", h=h)
    if word.startswith("dice:"):
        try:
            return PolicyWord(word, "dice", h=validate.whole(word[5:]))
        except ValueError:
            pass
        from jeopardy.match.formula import DICE_VARIABLES, NUMBER, parse as parse_formula

        try:
            parse_formula(word[5:], NUMBER, DICE_VARIABLES)
        except JeopardyError as error:
            raise JeopardyError(f"cannot read policy {word!r}; write dice:N (always N dice) "
                                f"or dice:FORMULA, a number in i, j and goal ({error})") from None
        return PolicyWord(word, "dice", formula=word[5:])
    if word.startswith("linear:"):
        parts = [p.strip() for p in word[7:].split(",")]
        strict = len(parts) == 4 and parts[3] == "strict"
        try:
            if len(parts) not in (3, 4) or (len(parts) == 4 and not strict):
                raise ValueError
            a, b, c = (validate.exact_text(p, "a coefficient") for p in parts[:3])
        except (ValueError, ZeroDivisionError, JeopardyError):
            raise JeopardyError(f"cannot read policy {word!r}; write linear:A,B,C (roll iff "
                                "A*score + B*turn_total <= C) or linear:A,B,C,strict") from None
        return PolicyWord(word, "linear", coefficients=(a, b, c), strict=strict)
    if word.startswith("rule:"):
        from jeopardy.match.formula import parse as parse_formula

        parse_formula(word[5:])  # a broken formula is refused before anything is solved
        return PolicyWord(word, "rule", formula=word[5:])
    if word in PRACTICAL:
        return PolicyWord(word, "practical", name=word)
    if word.lower().endswith(FILE_SUFFIXES) or _exists(word):
        return PolicyWord(word, "file", name=word)
    kinds = ", ".join(HINTS[k] for k in HINTS if k != "file")
    raise JeopardyError(f"unknown policy {word!r}; use {kinds}, or a policy file "
                        "(solve --policy-out)")


def _exists(word: str) -> bool:
    from pathlib import Path

    try:
        return bool(word) and "\0" not in word and Path(word).exists()
    except (OSError, ValueError):  # a name too long for the file system, and the like
        return False


def _refuse(word: PolicyWord, command: str, kinds: tuple[str, ...], why: str = "") -> None:
    takes = ", ".join(HINTS[k] for k in kinds)
    raise JeopardyError(f"{command} does not take the policy {word.text!r}{why}; "
                        f"it takes {takes}")


def race_policy(text: str | PolicyWord, model, goal: int, command: str = "compare",
                other: str | None = None, optimal=None):
    """The :class:`~jeopardy.match.policies.RacePolicy` a word names in a race game to ``goal``.

    ``other`` is the other player's word (for ``best-response``; ``None``: the
    command has no other player); ``optimal`` is a callable returning the
    optimal :class:`~jeopardy.match.solver.PairSolution` (default: solve).
    """
    from jeopardy.match import policies

    word = text if isinstance(text, PolicyWord) else parse(text)
    policies._check_goal(goal)  # tables of goal**3 states: refuse before solving anything
    kinds = RACE_KINDS if other is not None else tuple(k for k in RACE_KINDS
                                                       if k != "best-response")
    if word.kind not in kinds:
        why = " (it needs the other player's policy)" if word.kind == "best-response" else ""
        _refuse(word, command, kinds, why)
    if word.kind == "optimal":
        if optimal is None:
            from jeopardy.match.solver import solve
            return policies.from_solution(solve(model, goal, method="pair"))
        return policies.from_solution(optimal())
    if word.kind == "hold":
        return policies.hold_at(goal, word.h)
    if word.kind == "rule":
        return policies.from_formula(goal, word.formula)
    if word.kind == "practical":
        return policies.practical(goal, word.name)
    if word.kind == "file":
        return policies.load(word.name, goal)
    if word.kind in ("linear", "odds", "odds-strict"):
        from jeopardy.expected.policies import LINEAR_LT
        from jeopardy.rules import presets

        model = presets.resolve(model)
        if word.kind != "linear" and model.has_double:
            raise JeopardyError(f"{command}: the odds rule is not defined for a game with a "
                                "doubling effect (one roll's expected change is not linear)")
        rule = score_policy(word, model, command=command)
        strict = rule.kind == LINEAR_LT
        line = f"roll iff {rule.a}*i + {rule.b}*k {'<' if strict else '<='} {rule.c}"
        return policies.from_linear(goal, rule.a, rule.b, rule.c, strict,
                                    name=line if word.kind == "linear" else f"{word.kind}: {line}")
    # best-response
    other_word = parse(other)
    if other_word.kind == "best-response":
        raise JeopardyError("best-response needs the other policy to be something else")
    from jeopardy.match.evaluation import best_response

    return best_response(model, race_policy(other_word, model, goal, command, None, optimal))


def score_policy(text: str | PolicyWord, model, command: str = "max-score"):
    """The :class:`~jeopardy.expected.policies.ScorePolicy` a word names (expected-score game)."""
    from jeopardy.expected import policies

    word = text if isinstance(text, PolicyWord) else parse(text)
    if word.kind not in SCORE_KINDS:
        why = {"rule": " (a formula gives the solver no turn-total cap to prove)",
               "practical": " (it reads the opponent's score)",
               "file": " (a race-game table)",
               "best-response": " (there is no other player)"}.get(word.kind, "")
        _refuse(word, command, SCORE_KINDS, why)
    if word.kind == "optimal":
        return policies.optimal()
    if word.kind == "optimal-ties-hold":
        return policies.optimal("hold")
    if word.kind == "hold":
        from jeopardy.validate import ParameterError

        try:
            return policies.hold_at(word.h)
        except ParameterError as error:  # named as written (hold:N), not as a --hold option
            raise JeopardyError(f"policy {word.text!r}: N {error.detail}") from None
    if word.kind == "odds":
        return policies.odds(model)
    if word.kind == "odds-strict":
        return policies.odds(model, strict=True)
    a, b, c = word.coefficients
    return policies.linear(a, b, c, word.strict)
