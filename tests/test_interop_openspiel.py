"""Race policies in OpenSpiel's pig engine (skipped when open_spiel is not installed)."""
import pytest

from jeopardy.errors import JeopardyError
from jeopardy.match import policies
from jeopardy.match.evaluation import head_to_head
from jeopardy.match.solver import solve
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


# ------------------------------------------------------------- N players, mixed actions
def test_a_chance_node_is_refused_by_name():
    model = game("pig")
    g = osp.load_game(model, 20)
    state = g.new_initial_state()
    state.apply_action(osp.ROLL)  # the die is rolled next
    assert state.is_chance_node()
    optimal = policies.from_solution(solve(model, 20))
    for ask in (lambda: osp.policy(optimal, g).action_probabilities(state),
                lambda: osp.bot(optimal, g).step(state),
                lambda: osp.action(optimal, state)):
        with pytest.raises(JeopardyError, match="chance node"):
            ask()


def test_three_player_policy_gives_the_mixed_probability_and_the_bot_draws_it():
    """A profile mixing at the start (roll at turn total 0 with chance 0.3): the policy
    answers the chance, the bot draws it (4,000 draws within 5 standard errors)."""
    import dataclasses

    import numpy as np

    from jeopardy.match.solver import solve as solve_match

    model = game("pig")
    equilibrium = solve_match(model, 10, 3)
    table = np.full(equilibrium.cap + 2, -1.0)
    table[0] = 0.3
    mixed = dataclasses.replace(equilibrium, mixes={(0, 0): table})
    g = osp.load_game(model, 10, players=3)
    state = g.new_initial_state()
    assert osp.policy(mixed, g).action_probabilities(state) == {osp.ROLL: 0.3, osp.STOP: 0.7}
    bot = osp.bot(mixed, g, seed=11)
    rolls = sum(bot.step(state) == osp.ROLL for _ in range(4000))
    assert abs(rolls / 4000 - 0.3) < 5 * (0.3 * 0.7 / 4000) ** 0.5
    # Elsewhere the equilibrium's pure action: at (3, 7, 0) with turn total 4.
    state.apply_action(osp.ROLL)
    state.apply_action(3)  # a 4
    probabilities = osp.policy(mixed, g).action_probabilities(state)
    want = equilibrium.decision((0, 0, 0)).roll_chances[4]
    assert probabilities[osp.ROLL] == want and probabilities[osp.STOP] == 1 - want


def test_policies_for_two_to_ten_players_and_wrong_games_refused(tmp_path):
    from jeopardy.match import policy_file
    from jeopardy.match.solver import solve as solve_match

    model = game("pig")
    for players in (2, 4, 10):
        g = osp.load_game(model, 6, players=players)
        assert g.num_players() == players
        seats = [policies.hold_at(6, 2)] * players
        result = osp.play_seats(seats, g, 50, seed=1)
        assert sum(result.wins) + result.draws == 50
    equilibrium = solve_match(model, 8, 3)
    path = tmp_path / "three.npz"
    policy_file.from_solution(equilibrium).save(path)
    loaded = policy_file.load(path, model, 8, 3)
    g3 = osp.load_game(model, 8, players=3)
    for policy in (equilibrium, loaded):
        with pytest.raises(JeopardyError, match="3 players; the game has 4"):
            osp.policy(policy, osp.load_game(model, 8, players=4))
        with pytest.raises(JeopardyError, match="goal"):
            osp.bot(policy, osp.load_game(model, 9, players=3))
        assert osp.policy(policy, g3).action_probabilities(g3.new_initial_state())
    with pytest.raises(JeopardyError, match="first to the goal"):
        osp.policy(solve_match(model, 6, 3, "equal-turns"), osp.load_game(model, 6, players=3))
    with pytest.raises(JeopardyError, match="players"):
        osp.game_parameters(model, 10, players=11)


def test_three_player_equilibrium_and_its_file_agree_in_openspiel(tmp_path):
    """3 players to 10: the equilibrium and its policy file play the same games (same
    seed), and each seat's frequency is within 4 of its standard errors of the
    solver's chance."""
    from jeopardy.match import policy_file
    from jeopardy.match.solver import solve as solve_match

    model = game("pig")
    equilibrium = solve_match(model, 10, 3)
    path = tmp_path / "p.npz"
    policy_file.from_solution(equilibrium).save(path)
    loaded = policy_file.load(path, model, 10, 3)
    g = osp.load_game(model, 10, players=3)
    by_solution = osp.play_seats([equilibrium] * 3, g, 3000, seed=4)
    by_file = osp.play_seats([loaded] * 3, g, 3000, seed=4)
    assert by_solution.wins == by_file.wins and by_solution.draws == 0
    for p, f, e in zip(equilibrium.win_probabilities, by_file.win_probabilities,
                       by_file.stderrs):
        assert abs(f - p) < 4 * e
        assert e == pytest.approx((f * (1 - f) / 3000) ** 0.5, rel=1e-12)


def test_draws_are_counted_as_draws():
    """A horizon of 4 moves ends every game undecided (OpenSpiel returns 0 to all)."""
    model = game("pig")
    g = osp.load_game(model, 50, horizon=4)
    result = osp.play(policies.hold_at(50, 20), policies.hold_at(50, 20), g, 7, seed=1)
    assert result.draws == 7 and result.first_wins == result.second_wins == 0
    assert result.first_losses == result.second_losses == 0
    assert result.win_probability == 0.0 and result.loss_probability == 0.0
    assert result.draw_probability == 1.0
    seats = osp.play_seats([policies.hold_at(50, 20)] * 3, osp.load_game(model, 50, 4, 3), 5)
    assert seats.draws == 5 and seats.wins == (0, 0, 0) and seats.losses == (0, 0, 0)


def test_seat_average_and_its_stderr_with_an_odd_game_count():
    """Counts worked by hand: A first in 3 games (3 wins: frequency 1, variance 0), second
    in 4 (2 wins, 1 draw, 1 loss: frequency 1/2, variance (1/4)/4).  The fair-coin
    estimate is the seat average 3/4 (not the pooled 5/7) and its standard error
    sqrt(0 + 1/16) / 2 = 1/8."""
    result = osp.OpenSpielMatch(games=7, first_games=3, first_wins=3, first_draws=0,
                                second_wins=2, second_draws=1, seconds=0.0)
    assert result.win_probability == 0.75
    assert result.stderr == 0.125
    assert result.first_stderr == 0.0 and result.second_stderr == 0.25
    assert result.draw_probability == 0.125 and result.loss_probability == 0.125
    assert (result.second_losses, result.first_losses) == (1, 0)


def test_play_splits_an_odd_count_into_the_seats():
    model = game("pig")
    g = osp.load_game(model, 20)
    optimal = policies.from_solution(solve(model, 20))
    result = osp.play(optimal, policies.hold_at(20, 10), g, 101, seed=3)
    assert (result.first_games, result.second_games) == (50, 51)
    data = result.to_dict()
    assert data["first_wins"] + data["first_draws"] + data["first_losses"] == 50
    assert data["second_wins"] + data["second_draws"] + data["second_losses"] == 51
    assert result.win_probability == pytest.approx(
        0.5 * (result.first_wins / 50 + result.second_wins / 51), abs=1e-15)
