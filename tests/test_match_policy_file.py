"""N-player and equal-turns policy files (jeopardy.match.policy_file): solve --policy-out
writes the equilibrium, mixed actions included; compare, simulate, reach and play --ai
read it back and play it as they play ``optimal``; files of another game are refused."""
from __future__ import annotations

import dataclasses
import json
import zipfile

import numpy as np
import pytest
from click.testing import CliRunner

from jeopardy.cli.main import cli
from jeopardy.errors import JeopardyError
from jeopardy.match import policy_file
from jeopardy.match.evaluation import evaluate
from jeopardy.match.reachability import reachable
from jeopardy.match.simulation import simulate
from jeopardy.match.solver import solve
from jeopardy.rules import game

# Equal turns, 3 players to 13: the equilibrium mixes at 2 turn starts (docs/games.md).
GOAL, PLAYERS, ENDING = 13, 3, "equal-turns"


def _run(*args, text=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=text)


@pytest.fixture(scope="module")
def equal_turns():
    return solve(game("pig"), GOAL, PLAYERS, ENDING)


@pytest.fixture(scope="module")
def first_to_goal():
    return solve(game("pig"), 10, 3)


@pytest.fixture()
def written(tmp_path, equal_turns):
    path = tmp_path / "equal.npz"
    policy_file.from_solution(equal_turns).save(path)
    return path


def test_file_holds_the_mixed_actions_with_their_probabilities(written, equal_turns):
    loaded = policy_file.load(written, game("pig"), GOAL, PLAYERS, ENDING)
    assert len(loaded.mix_keys) == len(equal_turns.mixes) == 2
    size = GOAL ** PLAYERS
    seen = 0
    for (place, index), chances in equal_turns.mixes.items():
        scores = tuple(int(v) for v in np.unravel_index(index, (GOAL,) * PLAYERS))
        decision = equal_turns.decision(scores, place)
        file_chances = loaded.roll_chances(scores, place)
        assert tuple(file_chances) == decision.roll_chances
        for k, p in decision.mixed.items():
            assert 0.0 < p < 1.0 and file_chances[k] == p == chances[k]
            seen += 1
        assert place * size + index in loaded.mix_keys
    assert seen >= 2


@pytest.mark.parametrize("which", ["equal_turns", "first_to_goal"])
def test_compare_of_the_file_against_itself_is_the_solver(which, request, tmp_path):
    """The equilibrium written and read back, in every seat, is worth what the solver
    reports, to 1e-12 (rounding of one exact policy evaluation)."""
    solution = request.getfixturevalue(which)
    path = tmp_path / "p.npz"
    policy_file.from_solution(solution).save(path)
    loaded = policy_file.load(path, solution.model, solution.goal, solution.players,
                              solution.rules.ending)
    result = evaluate(solution.model, solution.goal, [loaded] * solution.players,
                      solution.rules.ending)
    assert result.names == ("p.npz",) * solution.players
    assert np.allclose(result.win_probabilities, solution.win_probabilities, atol=1e-12, rtol=0)


def test_a_mixed_profile_that_is_no_equilibrium_survives_the_file(tmp_path, equal_turns):
    """Mixing where the equilibrium does not (every player indifferent no more): the file
    must carry the chances, not the pure actions, for compare to agree."""
    width = equal_turns.cap + 2
    table = np.full(width, -1.0)
    table[0], table[3] = 0.25, 0.6
    mixes = dict(equal_turns.mixes)
    mixes[(0, 0)] = table  # the first mover at the start: rolls at 0 with chance 1/4
    changed = dataclasses.replace(equal_turns, mixes=mixes)
    path = tmp_path / "changed.npz"
    policy_file.from_solution(changed).save(path)
    loaded = policy_file.load(path, game("pig"), GOAL, PLAYERS, ENDING)
    assert loaded.roll_chances((0, 0, 0), 0)[0] == 0.25
    from_file = evaluate(game("pig"), GOAL, [loaded, equal_turns, equal_turns], ENDING)
    direct = evaluate(game("pig"), GOAL, [changed, equal_turns, equal_turns], ENDING)
    assert np.allclose(from_file.win_probabilities, direct.win_probabilities, atol=1e-12, rtol=0)
    assert abs(from_file.win_probabilities[0] - equal_turns.win_probabilities[0]) > 1e-3


def test_simulate_and_reach_play_the_file_as_they_play_optimal(written, equal_turns):
    loaded = policy_file.load(written, game("pig"), GOAL, PLAYERS, ENDING)
    seats = [loaded, equal_turns, loaded]
    by_file = simulate(game("pig"), GOAL, seats, 3000, seed=5, ending=ENDING)
    by_solution = simulate(game("pig"), GOAL, [equal_turns] * 3, 3000, seed=5, ending=ENDING)
    assert by_file.win_probabilities == by_solution.win_probabilities  # the same actions
    assert reachable(loaded).to_dict() == reachable(equal_turns).to_dict()


def test_cli_round_trip(tmp_path):
    path = tmp_path / "three.npz"
    solved = _run("solve", "--players", 3, "--goal", 10, "--policy-out", path, "--json")
    assert solved.exit_code == 0, solved.output
    chances = json.loads(solved.stdout)["win_probabilities"]
    compared = _run("compare", path, path, path, "--goal", 10, "--json")
    assert compared.exit_code == 0, compared.output
    assert np.allclose(json.loads(compared.stdout)["win_probabilities"], chances, atol=1e-12,
                       rtol=0)
    shown = _run("solve", "--players", 3, "--goal", 10, "--policy-out", path)
    assert shown.exit_code == 0 and f"policy written to {path}" in shown.output
    simulated = _run("simulate", path, "hold:5", "hold:5", "--players", 3, "--goal", 10, "--games", 2000,
                     "--json")
    assert simulated.exit_code == 0, simulated.output
    assert json.loads(simulated.stdout)["policies"][0] == "three.npz"
    by_file = _run("reach", "--players", 3, "--goal", 10, "--policy", path, "--json")
    by_word = _run("reach", "--players", 3, "--goal", 10, "--json")
    assert by_file.exit_code == 0, by_file.output
    assert json.loads(by_file.stdout) == json.loads(by_word.stdout)
    played = _run("play", "--players", 3, "--goal", 10, "--seat", 2, "--ai", path, "--seed", 4,
                  text="r\nh\nq\n")
    assert played.exit_code == 0, played.output
    assert "the computers play the policy 'three.npz'" in played.output


def test_play_table_follows_the_file(written, equal_turns):
    """Computers of the file draw the same actions as computers of the solution."""
    from jeopardy.match.play import Table

    loaded = policy_file.load(written, game("pig"), GOAL, PLAYERS, ENDING)
    for seed in range(3):
        tables = [Table(equal_turns, seed, person=0), Table(equal_turns, seed, person=0,
                                                             policy=loaded)]
        for _ in range(10_000):
            if tables[0].winner is not None:
                break
            moves = [t.computer_rolls() for t in tables]
            assert moves[0] == moves[1]
            for t in tables:
                t.roll() if moves[0] else t.hold()
        assert tables[0].scores == tables[1].scores and tables[0].winner is not None


def test_one_more_turn_solutions_are_written(tmp_path):
    path = tmp_path / "omt.npz"
    result = _run("solve", "--ending", "one-more-turn", "--goal", 12, "--policy-out", path)
    assert result.exit_code == 0, result.output
    loaded = policy_file.load(path, game("pig"), 12, 2, "one-more-turn")
    assert loaded.table.shape[0] == 1 and loaded.table.shape[2] == loaded.cap > 12


@pytest.mark.parametrize("args, message", [
    pytest.param(("--goal", 14), "goal 13, not 14", id="goal"),
    pytest.param(("--goal", 13, "--players", 4), "3 players, not 4", id="players"),
    pytest.param(("--goal", 13, "--players", 3, "--ending", "first-to-goal"),
                 "ending equal-turns, not first-to-goal", id="ending"),
    pytest.param(("--goal", 13, "--game", "piglet"), "game pig, not piglet", id="game"),
])
def test_a_file_for_another_game_is_refused_in_one_line(written, args, message):
    settings = dict(zip(args[::2], args[1::2]))
    settings.setdefault("--players", 3)
    settings.setdefault("--ending", "equal-turns")
    flat = [v for pair in settings.items() for v in pair]
    result = _run("compare", *[written] * int(settings["--players"]), *flat)  # a policy a seat
    assert result.exit_code != 0
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in result.output


def test_two_player_readers_name_the_file_s_game(written):
    for args in (("compare", written, "hold:5"), ("reach", "--policy", written)):
        result = _run(*args, "--goal", 13)
        assert result.exit_code != 0
        assert "3 players, equal-turns" in result.output and "--players 3" in result.output


def test_damaged_files_are_refused(written, tmp_path):
    with zipfile.ZipFile(written) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    # An edited table (a valid archive, a changed action): the checksum catches it.
    table = np.load(written)["table"].copy()
    table.flat[np.flatnonzero(table == 1)[0]] = 0
    edited = tmp_path / "edited.npz"
    arrays = {name: np.load(written)[name] for name in ("mix_keys", "mix_tables", "meta")}
    np.savez(edited, table=table, **arrays)
    with pytest.raises(JeopardyError, match="checksum"):
        policy_file.load(edited, game("pig"), GOAL, PLAYERS, ENDING)
    # A cut file.
    cut = tmp_path / "cut.npz"
    cut.write_bytes(written.read_bytes()[:200])
    with pytest.raises(JeopardyError, match="is not a policy file"):
        policy_file.load(cut, game("pig"), GOAL, PLAYERS, ENDING)
    # Another format version.
    meta = json.loads(bytes(np.load(written)["meta"]).decode())
    meta["version"] = 99
    later = tmp_path / "later.npz"
    np.savez(later, table=np.load(written)["table"],
             **{k: arrays[k] for k in ("mix_keys", "mix_tables")},
             meta=np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8))
    with pytest.raises(JeopardyError, match="version 99"):
        policy_file.load(later, game("pig"), GOAL, PLAYERS, ENDING)
    assert set(members) >= {"table.npy", "mix_keys.npy", "mix_tables.npy", "meta.npy"}


def test_solve_refuses_what_it_cannot_write(tmp_path):
    csv = _run("solve", "--players", 3, "--goal", 5, "--policy-out", tmp_path / "p.csv")
    assert csv.exit_code != 0 and "written as .npz" in csv.output
    out = _run("solve", "--players", 3, "--goal", 5, "--out", tmp_path / "s.npz")
    assert out.exit_code != 0 and "--policy-out FILE.npz" in out.output
    assert not (tmp_path / "p.csv").exists() and not (tmp_path / "s.npz").exists()


def test_decision_exposes_and_draws_its_mixed_action(equal_turns):
    import random

    (place, index), _ = next(iter(equal_turns.mixes.items()))
    scores = tuple(int(v) for v in np.unravel_index(index, (GOAL,) * PLAYERS))
    decision = equal_turns.decision(scores, place)
    k, p = next(iter(decision.mixed.items()))
    assert decision.roll_chances[k] == p
    assert all(c in (0.0, 1.0) for j, c in enumerate(decision.roll_chances)
               if j not in decision.mixed)
    draws = [decision.rolls(k, random.Random(seed)) for seed in range(4000)]
    # 4000 draws of chance p: the frequency within 5 standard errors.
    assert abs(sum(draws) / 4000 - p) < 5 * (p * (1 - p) / 4000) ** 0.5
    pure = next(j for j in range(len(decision.actions)) if j not in decision.mixed)
    assert decision.rolls(pure) == (decision.actions[pure] == "R")
