"""One result shape: every result derives from jeopardy.results.Result and gets a short
repr, HTML, JSON and (for tables) a DataFrame from its to_dict()."""
import importlib
import json
from fractions import Fraction
from pathlib import Path

import pytest

import jeopardy
from jeopardy.errors import JeopardyError
from jeopardy.results import Result, exact_pair


def all_result_classes():
    root = Path(jeopardy.__file__).parent
    for path in sorted(root.rglob("*.py")):  # (some packages have no __init__.py)
        name = ".".join(("jeopardy",) + path.relative_to(root).with_suffix("").parts)
        name = name.removesuffix(".__init__")
        if name.startswith(("jeopardy.cli", "jeopardy.plots", "jeopardy.__main__")):
            continue
        importlib.import_module(name)

    def walk(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from walk(sub)

    return sorted(set(walk(Result)), key=lambda c: c.__qualname__)


def test_every_result_keeps_the_short_repr():
    classes = all_result_classes()
    assert len(classes) >= 25
    for cls in classes:
        # a dataclass declared without repr=False would replace the short repr
        # (dataclass's generated repr is wrapped by reprlib.recursive_repr)
        assert getattr(cls.__repr__, "__wrapped__", None) is None, \
            f"{cls.__name__}: declare it @dataclass(frozen=True, repr=False)"
        assert cls.__dataclass_params__.frozen, f"{cls.__name__} is not frozen"


def test_exact_solution_repr_is_short():
    from jeopardy.exact.race import solve_exact
    from jeopardy.rules.presets import game

    solution = solve_exact(game("pig"), 25)
    assert len(repr(solution)) < 300  # was 515,913 characters
    html = solution._repr_html_()
    assert html.startswith("<div>") and len(html) < 5000
    assert json.loads(solution.to_json())["goal"] == 25


def test_pair_solution_repr_html_and_json():
    from jeopardy.match.solver import solve
    from jeopardy.rules.presets import game

    solution = solve(game("pig"), 30)
    text = repr(solution)
    assert text.startswith("PairSolution(game='pig', goal=30, players=2, ending='first-to-goal', "
                           "win_probability=0.5679147445")
    assert len(text) < 300
    assert "<table>" in solution._repr_html_()
    assert json.loads(solution.to_json()) == json.loads(json.dumps(solution.to_dict()))
    with pytest.raises(JeopardyError, match="not a table"):
        solution.to_frame()


def test_exact_pair_vocabulary():
    assert exact_pair("x", Fraction(1, 3)) == {"x": 1 / 3, "x_exact": "1/3"}
    assert exact_pair("x", 0.25) == {"x": 0.25}


def test_tables_become_data_frames():
    import jeopardy as jp

    pig = jp.Game("pig")
    frame = pig.turn(20).to_frame()
    assert list(frame.columns) == ["score", "probability", "probability_exact"]
    assert frame["probability_exact"].map(Fraction).sum() == 1
    sim = pig.simultaneous(12)
    weights = sim.to_frame()
    assert weights["probability_exact"].map(Fraction).sum() == 1
    assert "<table" in sim._repr_html_()


def test_plots_return_figures_and_draw_into_given_axes(tmp_path):
    from matplotlib.figure import Figure

    import jeopardy as jp

    pig = jp.Game("pig", goal=30)
    sim = pig.simultaneous(12)
    figure = sim.plot()
    assert isinstance(figure, Figure) and len(figure.axes) == 1
    own = Figure()
    ax = own.add_subplot()
    assert sim.plot(ax=ax) is own and ax.patches  # bars drawn into the given axes
    race = pig.solve()
    cross = race.plot("cross-section", opponent=10)
    assert isinstance(cross, Figure)
    own3d = Figure()
    ax3d = own3d.add_subplot(projection="3d")
    assert race.plot("boundary", ax=ax3d) is own3d and len(own3d.axes) == 1
    with pytest.raises(JeopardyError, match="unknown figure"):
        race.plot("pie")
    # no pyplot state: the figures are not registered with pyplot
    import sys
    assert "matplotlib.pyplot" not in sys.modules or not sys.modules["matplotlib.pyplot"].get_fignums()
    # the CLI still writes files, PNG or SVG by suffix
    from click.testing import CliRunner

    from jeopardy.cli.main import cli
    for suffix, magic in ((".png", b"\x89PNG"), (".svg", b"<?xml")):
        out = tmp_path / f"bars{suffix}"
        result = CliRunner().invoke(cli, ["simultaneous", "--max-hold", "8", "--plot", str(out)])
        assert result.exit_code == 0, result.output
        assert out.read_bytes().startswith(magic)


def test_the_remaining_results_speak_the_vocabulary():
    """Issue 13: every analysis result has to_dict/to_json, tables to_frame (the expected
    score, Ten Thousand's tables and turn, the simulations, the pure replies)."""
    import jeopardy as jp
    from jeopardy.expected.simulate import simulate as simulate_score
    from jeopardy.farkle.throws import stopping_table, throw_table

    best = jp.Game("think").max_score(3, "optimal")
    assert json.loads(best.to_json())["policy_rule"] == {"kind": "optimal"}
    frame = best.to_frame()
    assert list(frame.columns) == ["turn", "score", "expected_final_score"]
    assert frame.iloc[0]["expected_final_score"] == pytest.approx(best.expected, abs=0)
    assert len(repr(best)) < 300
    sim = simulate_score(best, 200, seed=1)
    assert json.loads(sim.to_json())["games"] == 200
    table = stopping_table()
    rows = table.to_frame()
    assert list(rows["dice"]) == [1, 2, 3, 4, 5, 6]
    assert [Fraction(w) for w in rows["W_exact"]] == table.W
    row = throw_table()[0]  # one die: a 1 or a 5 scores
    assert row.to_dict()["bust_exact"] == "2/3"
    assert row.to_frame()["probability_exact"].map(Fraction).sum() == 1
    turn = jp.Game("ten-thousand").turn()
    assert turn.to_dict()["thresholds"] == turn.thresholds()
    assert set(turn.to_frame()["action"]) == {"bank", "throw"}
    replies = jp.Game("pig").replies(6)
    assert replies[0].to_dict()["best_rule"]["rule"] == str(replies[0].best_rule)


def test_reachable_states_plot_as_figures_5_and_6():
    from matplotlib.figure import Figure

    import jeopardy as jp

    pig = jp.Game("pig", goal=20)
    reach = pig.reach(jp.policies.from_solution(pig.solve()))
    assert isinstance(reach.plot(), Figure) and isinstance(reach.plot(rolling=True), Figure)
    assert reach.plot()._suptitle.get_text() == "pig to 20, optimal: reachable states"
    assert reach.to_dict()["game"] == "pig" and reach.to_dict()["policy"] == "optimal"


def _bar_heights(axes) -> list[float]:
    return [bar.get_height() for bar in axes.patches]


def test_every_one_curve_result_draws_its_own_numbers():
    """The results a new user found without .plot() draw a Figure of their own numbers
    (read back from the drawn artists), into a given Axes too."""
    from matplotlib.figure import Figure

    import jeopardy as jp

    pig = jp.Game("pig", goal=30)
    turn = pig.turn(hold=20)
    axes = turn.plot().axes[0]
    scores = sorted(turn.probabilities)
    assert _bar_heights(axes) == pytest.approx(
        [float(turn.probabilities[n]) for n in scores] + [float(turn.bust_probability)])
    assert axes.lines[0].get_xdata()[0] == pytest.approx(float(turn.mean))
    assert axes.get_title() == "pig: score of one turn, hold at 20"
    never = pig.turn(hold=0).plot().axes[0]  # hold at 0 (turn --hold 0): 0 points, no bust
    assert _bar_heights(never) == [1.0, 0.0]

    alone = pig.solitaire()
    axes, holds = alone.plot().axes
    assert list(axes.lines[0].get_ydata()) == pytest.approx(list(alone.start_values[:30]))
    assert [None if h != h else int(h) for h in holds.lines[0].get_ydata()] == \
        alone.hold_thresholds()[:30]

    fair = pig.fairness()
    line, half, fairest = fair.plot().axes[0].lines
    assert list(half.get_ydata()) == [0.5, 0.5]
    assert list(line.get_ydata()) == [p for _, p in fair.candidates]
    assert (fairest.get_xdata()[0], fairest.get_ydata()[0]) == (fair.bonus, fair.win_probability)

    pair = pig.head_to_head("optimal", "hold:20")
    assert _bar_heights(pair.plot().axes[0]) == [pair.first, pair.second, pair.fair]
    seats = pig.compare("optimal", "hold:20")
    axes = seats.plot().axes[0]
    assert _bar_heights(axes) == seats.win_probabilities
    assert [t.get_text() for t in axes.get_xticklabels()] == ["1: optimal", "2: hold at 20"]

    replies = jp.Game("pig").replies(20)
    by_rule, by_hold = replies.plot().axes[0].lines[:2]
    assert list(by_rule.get_ydata()) == [float(r.rule_advantage) for r in replies]
    assert list(by_hold.get_ydata()) == [float(r.advantage) for r in replies]
    own = Figure()
    ax = own.add_subplot()
    assert turn.plot(ax=ax) is own and fair.plot(ax=own.add_subplot()) is own


def test_an_n_player_solution_draws_its_hold_boundary():
    """A 3-player solution (and two players under equal turns) draws the boundary the CLI's
    ``plot --players`` draws; "others" is in the title only where there are others."""
    import numpy as np

    import jeopardy as jp

    three = jp.Game("pig", goal=12, players=3).solve()
    axes = three.plot(others=4).axes[0]
    assert np.array_equal(axes.images[0].get_array().T, three.leader_boundary(4))
    assert axes.get_title() == ("pig to 12, 3 players, first-to-goal: hold at turn total "
                                "(others at 4)")
    pair = jp.Game("pig", goal=12, ending="equal-turns").solve()
    assert pair.plot().axes[0].get_title() == \
        "pig to 12, 2 players, equal-turns: hold at turn total"
    with pytest.raises(JeopardyError, match="draw only the boundary figure; got 'contours'"):
        three.plot("contours")


def test_fast_pig_results_draw_the_dice_map_and_the_head_to_head():
    import dataclasses

    import numpy as np

    from jeopardy.fast_pig import dice_table, solve
    from jeopardy.fast_pig.evaluation import head_to_head
    from jeopardy.rules.fast_pig import FAST_PIG_PRESETS

    solution = solve(dataclasses.replace(FAST_PIG_PRESETS["hog"], goal=20))
    axes = solution.plot().axes[0]
    assert np.array_equal(axes.images[0].get_array(), dice_table(solution))
    assert axes.get_title() == "hog to 20: optimal number of dice"
    pair = head_to_head(solution, "optimal", "dice:3")
    axes = pair.plot().axes[0]
    assert _bar_heights(axes) == [pair.first, pair.second, pair.fair]
    assert axes.get_title() == "hog to 20: optimal (A) against dice:3 (B)"


def test_the_replies_are_one_result_the_command_prints():
    """Game.replies() is a result (to_dict, to_frame, plot) that is still a sequence of
    the replies; ``replies --json`` is its to_dict, the weakest by either reply named."""
    import subprocess
    import sys

    import jeopardy as jp

    replies = jp.Game("pig").replies(25)
    assert len(replies) == 25 and [r.hold for r in replies] == list(range(1, 26))
    assert replies.weakest.hold == replies.weakest_to_any_rule.hold == 17
    assert replies.weakest.advantage < replies.weakest_to_any_rule.rule_advantage
    frame = replies.to_frame()
    assert list(frame["hold"]) == list(range(1, 26))
    assert frame["advantage"].min() == float(replies.weakest.advantage)
    shown = subprocess.run([sys.executable, "-m", "jeopardy", "replies", "--max-hold", "25",
                            "--json"], capture_output=True, text=True, check=True)
    assert json.loads(shown.stdout) == replies.to_dict()
    data = replies.to_dict()
    assert (data["minimum_advantage_exact"], data["minimum_rule_advantage_exact"]) == \
        (str(replies.weakest.advantage), str(replies.weakest_to_any_rule.rule_advantage))
    assert repr(replies).startswith("Replies(game='pig', max_hold=25")
    pigs = jp.Game("pass-the-pigs").replies(20)  # here the two weakest differ
    assert (pigs.weakest.hold, pigs.weakest_to_any_rule.hold) == (16, 13)
    assert pigs.weakest.advantage == min(r.advantage for r in pigs)
    assert pigs.weakest_to_any_rule.rule_advantage == min(r.rule_advantage for r in pigs)


def test_solve_refuses_what_belongs_to_the_game():
    import jeopardy as jp

    with pytest.raises(JeopardyError, match=r"solve\(\) takes no players: the game has them, "
                                            r"as in Game\('pig', players=\.\.\.\)\.solve\(\)"):
        jp.Game("pig", goal=12).solve(players=3)


def test_simulations_draw_their_shares_with_error_bars():
    """A simulation's figure: each share as a bar with its standard error (the docs say
    every result with a picture has .plot())."""
    import jeopardy as jp

    from jeopardy.fast_pig.evaluation import simulate  # `jeopardy simulate`'s, each way

    pair = simulate(jp.Game("hog", goal=20).solve(), ["optimal", "dice:3"], 2000, 1)
    axes = pair.plot().axes[0]
    assert _bar_heights(axes) == [pair.first, pair.second, pair.fair]
    bars = next(c for c in axes.containers if getattr(c, "errorbar", None) is not None)
    spans = [segment[1][1] - segment[0][1] for segment in bars.errorbar.lines[2][0].get_segments()]
    assert spans == pytest.approx([2 * pair.first_stderr, 2 * pair.second_stderr, 2 * pair.stderr])
    seats = jp.Game("pig", goal=20, players=3).simulate("optimal", "hold:10", "hold:20",
                                                       games=2000)
    axes = seats.plot().axes[0]
    assert _bar_heights(axes) == seats.win_probabilities
    assert axes.get_title() == "2,000 simulated games, seats in turn order"


def _richer_form(attribute, value) -> bool:
    """Whether ``attribute`` is ``value`` or the object it writes (an exact Fraction for
    its float or its "p/q", a rule or policy for its name), or a fuller view of it that the
    class holds under the name (an array, a tuple of rows)."""
    import numpy as np

    if isinstance(attribute, (np.ndarray, tuple, list, dict)):
        return True
    if isinstance(attribute, Fraction):
        return value in (float(attribute), str(attribute))
    if isinstance(attribute, (bool, int, float, str, type(None))):
        return attribute == value or (attribute != attribute and value != value)  # nan
    return value in (getattr(attribute, "name", None), str(attribute))


def test_every_name_the_repr_shows_is_an_attribute_with_its_value():
    """A repr shows ``to_dict()``'s scalars by their --json names: each is readable as an
    attribute of that name, with that value (or the exact Fraction or the object the value
    writes), so that what the repr shows a user can type.  A reach result whose
    ``turn_starts`` attribute counted the turn starts reached while its --json
    ``turn_starts`` counted them all failed here, and so did Table 1's row, whose
    ``mean_score`` attribute counted busts while its --json ``mean_score`` does not."""
    from jeopardy.farkle.throws import throw_table

    pig = jeopardy.Game("pig", goal=30)
    three = jeopardy.Game("pig", goal=12, players=3)
    hog = jeopardy.Game("hog", goal=20)
    farkle = jeopardy.Game("ten-thousand", goal=500)
    results = [pig.solve(), three.solve(), pig.policy((10, 20)), three.policy((1, 2, 3)),
               pig.compare("optimal", "hold:20"), three.compare("optimal", "hold:5"),
               pig.simulate("optimal", "hold:20", games=50), pig.head_to_head(), pig.reach(),
               three.reach(), pig.certify(), pig.turn(hold=20), pig.fairness(),
               jeopardy.Game("pig").replies(max_hold=8), pig.max_score(turns=2),
               pig.solitaire(), pig.solitaire(turns=2), jeopardy.Game("piglet").exact(),
               jeopardy.Game("pig").simultaneous(max_hold=8),
               jeopardy.Game("skunk").fixed_turns(turns=1),
               jeopardy.Game("think").think(rounds=1), hog.solve(), hog.policy((1, 2)),
               hog.compare("optimal", "dice:3"), hog.simulate("optimal", games=50),
               hog.head_to_head(), hog.fairness(), hog.max_score(), farkle.solve(),
               farkle.turn(), farkle.fairness(), pig.best_response("hold:20"), *throw_table()]
    assert len({type(r) for r in results}) >= 25
    for result in results:
        data = result.to_dict()
        for key, value in data.items():
            if not isinstance(value, (bool, int, float, str, type(None))):
                continue
            name = type(result).__name__
            assert key in dir(result), f"{name}: {key!r} not in dir()"
            assert _richer_form(getattr(result, key), value), \
                f"{name}.{key} is {getattr(result, key)!r}; the repr and --json say {value!r}"
    with pytest.raises(AttributeError, match="no attribute 'no_such_key'"):
        pig.solve().no_such_key
    with pytest.raises(AttributeError):  # private names are never read from to_dict
        pig.solve()._not_there


def test_a_property_that_fails_keeps_its_own_error():
    """Python falls back to ``__getattr__`` when a property raises AttributeError; the
    base then raises the property's own error, not "has no attribute"."""
    from dataclasses import dataclass

    @dataclass(frozen=True, repr=False)
    class Broken(Result):
        x: int

        @property
        def fair(self):
            return self.x.numerator_typo

        def to_dict(self) -> dict:
            return {"x": self.x}

    with pytest.raises(AttributeError, match="numerator_typo"):
        Broken(1).fair
    assert Broken(1).x == 1 and "x" in dir(Broken(1))
