"""``jeopardy play --game fast-pig / hog`` (issue 30): a seeded game against the
optimal player, the coach's numbers, quitting and bad answers.

References: the coach's and the computer's choices are checked against the
explicit-state oracle written from the rules (tests/oracles/fast_pig.py, to
1e-10 as in tests/test_fast_pig.py), the coach's floats against what
``jeopardy policy --json`` gives at that state (to 1e-12), and each printed
roll against the rules (a 1 scores the Pig Out points, else the sum).
"""
from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys

from jeopardy.fast_pig import solve
from jeopardy.fast_pig.play import FastPigMatch
from jeopardy.rules.fast_pig import FAST_PIG_PRESETS
from oracles import fast_pig as oracle

GOAL = 20
AGREE = 1e-10
PERSON_LINE = re.compile(r"^you (\d+), computer (\d+)   best: (\d+) dic?e?, P\(win\) ([0-9.]+)$")
CHOSEN = re.compile(r"^  P\(win\) with (\d+) dic?e?: ([0-9.]+) \(loss ([0-9.]+)\)$")
THROW = re.compile(r"^  (you|computer) throws? (\d+) dic?e?: ([0-9 ]+?)(?: = (\d+) points|: a 1 -- "
                   r"(?:Pig Out, )?(\d+) points?); (?:you|computer) (\d+)$")


def _play(*args: str, answers: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jeopardy", "play", *args], input=answers,
                          capture_output=True, text=True, timeout=600)


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jeopardy", *args], capture_output=True,
                          text=True, timeout=600)


def test_play_a_seeded_game_to_the_end_with_hints():
    """Hog to 20, seed 7, the person always throws 2 dice: every state's coach line is the
    oracle's best number and chance, every chosen number's chance the oracle's, every
    roll scores by the rules, the scores add up, and the game ends with its winner."""
    V, best = oracle.solve(GOAL, 6, 10, 1)
    done = _play("--game", "hog", "--goal", str(GOAL), "--seed", "7", "--hints",
                 answers="2\n" * 40)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("hog to 20 (one roll of 1-10 d6 a turn")
    scores = {"you": 0, "computer": 0}
    person_states = computer_throws = 0
    for line in lines[1:-1]:
        line = line.split("] ", 1)[-1] if line.startswith("how many dice?") else line
        if line == "2":  # the echoed answer
            continue
        if m := PERSON_LINE.match(line):
            i, j, n, chance = (int(m[1]), int(m[2]), int(m[3]), float(m[4]))
            assert (i, j) == (scores["you"], scores["computer"])
            values = oracle.dice_values(V, GOAL, 6, 10, 1, i, j)
            assert abs(chance - max(values)) < 5e-7 + AGREE, line
            assert values[n - 1] >= max(values) - AGREE, line
            person_states += 1
        elif m := CHOSEN.match(line):
            values = oracle.dice_values(V, GOAL, 6, 10, 1, i, j)
            assert int(m[1]) == 2
            assert abs(float(m[2]) - values[1]) < 5e-7 + AGREE, line
            assert abs(float(m[3]) - (max(values) - values[1])) < 1e-6 + AGREE, line
        elif m := THROW.match(line):
            who, n, faces = m[1], int(m[2]), [int(f) for f in m[3].split()]
            assert len(faces) == n and all(1 <= f <= 6 for f in faces), line
            points = 1 if 1 in faces else sum(faces)
            assert int(m[4] or m[5]) == points, line
            if who == "computer":
                j, i = scores["you"], scores["computer"]
                values = oracle.dice_values(V, GOAL, 6, 10, 1, i, j)
                assert values[n - 1] >= max(values) - AGREE, line
                computer_throws += 1
            scores[who] += points
            assert int(m[6]) == scores[who], line
        else:
            raise AssertionError(f"unexpected line {line!r}")
    assert person_states >= 4 and computer_throws >= 4
    winner = max(scores, key=scores.get)
    assert scores[winner] >= GOAL and max(scores.values()) == scores[winner]
    assert lines[-1] == (f"{'you win' if winner == 'you' else 'the computer wins'}: "
                         f"{scores['you']} to {scores['computer']}")


def test_the_coach_gives_the_policy_values():
    """The coach's chances at a state are ``policy --scores i,j --json``'s to 1e-12, and
    the numbers it prints are policy's printed ones; the computer throws policy's best."""
    rules = dataclasses.replace(FAST_PIG_PRESETS["fast-pig"], goal=GOAL)
    match = FastPigMatch(solve(rules), seed=11)
    for _ in range(4):
        you, computer = match.scores
        scores = (you, computer) if match.mover == 0 else (computer, you)
        done = _cli("policy", "--game", "fast-pig", "--goal", str(GOAL), "--scores",
                    f"{scores[0]},{scores[1]}", "--json")
        assert done.returncode == 0, done.stderr
        theirs = json.loads(done.stdout)
        advice = match.advice()
        for n, chance in enumerate(advice.chances, start=1):
            assert abs(chance - theirs["chances"][str(n)]) < 1e-12, (scores, n)
        assert advice.best == theirs["best_dice"]
        if match.mover == 1:
            assert match.computer_dice() == theirs["best_dice"]
        match.throw(2 if match.mover == 0 else match.computer_dice())
        if match.winner is not None:
            break
    done = _play("--game", "fast-pig", "--goal", str(GOAL), "--seed", "2", "--hints",
                 answers="q\n")
    text = _cli("policy", "--game", "fast-pig", "--goal", str(GOAL), "--scores", "0,0")
    assert done.returncode == 0 and text.returncode == 0, done.stderr + text.stderr
    best = re.search(r"throw (\d+ dic?e?): wins ([0-9.]+)", text.stdout)
    assert f"you 0, computer 0   best: {best[1]}, P(win) {best[2]}" in done.stdout


def test_the_computer_moves_first_with_second_and_plays_the_optimal_number():
    V, _ = oracle.solve(GOAL, 6, 10, 0)
    done = _play("--game", "fast-pig", "--goal", str(GOAL), "--seed", "4", "--second",
                 answers="q\n")
    assert done.returncode == 0, done.stderr
    first = done.stdout.splitlines()[1]
    n = int(re.match(r"  computer throws (\d+) ", first)[1])
    values = oracle.dice_values(V, GOAL, 6, 10, 0, 0, 0)
    assert values[n - 1] >= max(values) - AGREE, first


def test_quit_ends_the_game():
    done = _play("--game", "hog", "--goal", str(GOAL), "--seed", "1", answers="q\n5\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "bye"
    assert "you throw" not in done.stdout


def test_bad_answers_are_asked_again_and_bad_options_refused():
    done = _play("--game", "hog", "--goal", str(GOAL), "--seed", "1",
                 answers="0\n11\nsix\n-2\n2\nq\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("  please answer a number 1-10 or q (quit)") == 4
    assert done.stdout.count("you throw 2 dice") == 1
    for args, flag in ((("--players", "3", "--seat", "4"), "--seat"),
                       (("--ending", "equal-turns", "--second"), "--second"),
                       (("--ai", "dice:3"), "--ai"), (("--rules", "x"), "--rules")):
        done = _play("--game", "fast-pig", "--goal", str(GOAL), *args, answers="q\n")
        assert done.returncode != 0 and flag in done.stderr, (args, done.stderr)
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr
