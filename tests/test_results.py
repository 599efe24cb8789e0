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
