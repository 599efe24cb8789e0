"""Race policies in OpenSpiel's pig engine (skipped when open_spiel is not installed)."""
import pytest

from jeopardy.errors import JeopardyError
from jeopardy.race import policies
from jeopardy.race.evaluation import head_to_head
from jeopardy.race.solver import solve
from jeopardy.rules.presets import game

pyspiel = pytest.importorskip("pyspiel")
from jeopardy.interop import openspiel as osp  # noqa: E402


@pytest.mark.parametrize("name, expected", [
    pytest.param("pig", {"diceoutcomes": 6, "piglet": False}, id="pig"),
    pytest.param("piglet", {"diceoutcomes": 2, "piglet": True}, id="piglet"),
])
def test_game_parameters(name, expected):
    params = osp.game_parameters(game(name), 30)
    assert {k: params[k] for k in expected} == expected and params["winscore"] == 30
    assert osp.load_game(game(name), 30).get_parameters()["winscore"] == 30


def test_games_openspiel_cannot_play_are_refused():
    with pytest.raises(JeopardyError, match="cannot play"):
        osp.game_parameters(game("two-dice-pig"), 100)


@pytest.mark.parametrize("name", ["pig", "piglet"])
def test_states_map_both_ways(name):
    model = game(name)
    g = osp.load_game(model, 20)
    states = [(m, i, j, k) for m in (0, 1) for i in (0, 2, 7, 19) for j in (0, 3, 19)
              for k in (0, 2, 5, 13, 25)]  # k = 25 > goal: OpenSpiel's totals run past it
    for mover, i, j, k in states:
        state = g.new_initial_state() if (i, j, k, mover) == (0, 0, 0, 0) else \
            osp.openspiel_state(g, mover, i, j, k)
        assert osp.race_state(state) == (mover, i, j, k)
        assert state.current_player() == mover
        # OpenSpiel orders scores by player id
        scores = str(state).split(",")[0].split()[1:]
        assert [int(x) for x in scores] == ([i, j] if mover == 0 else [j, i])
        if i + k >= 20:  # the explicit stop at the goal: the engine offers nothing else
            assert state.legal_actions() == [osp.STOP]


def test_unreachable_state_is_refused():
    g = osp.load_game(game("pig"), 20)
    with pytest.raises(JeopardyError, match="cannot be rolled"):
        osp.openspiel_state(g, 0, 1, 0, 0)  # a score of 1 with faces 2..6


def test_policy_and_bot_follow_the_table():
    model = game("pig")
    g = osp.load_game(model, 20)
    optimal = policies.from_solution(solve(model, 20))
    as_policy = osp.policy(optimal, g)
    as_bot = osp.bot(optimal, g)
    checked = 0
    for mover in (0, 1):
        for i in range(0, 20, 3):
            for j in range(0, 20, 4):
                for k in (0, 4, 9, 15):
                    state = osp.openspiel_state(g, mover, i, j, k)
                    want = osp.STOP if i + k >= 20 or not optimal.rolls(i, j, k) else osp.ROLL
                    assert as_bot.step(state) == want
                    probabilities = as_policy.action_probabilities(state)
                    assert probabilities[want] == 1.0 and sum(probabilities.values()) == 1.0
                    checked += want == osp.ROLL
    assert checked > 0
    with pytest.raises(JeopardyError, match="goal"):
        osp.bot(policies.hold_at(30, 20), g)


@pytest.mark.slow
def test_openspiel_engine_agrees_with_the_exact_value():
    """20,000 games in pyspiel: optimal against hold at 20 at goal 100.

    The frequency of A's wins (each player first in half the games) is
    compared with the exact fair-coin value of policy evaluation; 4 standard
    errors fail a correct engine/policy mapping about once in 16,000 runs.
    """
    model = game("pig")
    g = osp.load_game(model, 100)
    optimal = policies.from_solution(solve(model, 100))
    hold20 = policies.hold_at(100, 20)
    exact = head_to_head(model, optimal, hold20).fair
    result = osp.play(optimal, hold20, g, 20_000, seed=2026)
    assert result.draws == 0
    assert abs(result.win_probability - exact) < 4 * result.stderr
