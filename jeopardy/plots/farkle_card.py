"""The Farkle strategy card: one printable page (A4 portrait) drawn from a card's data.

It knows the card by its attributes only (``rules.name``, ``goal``, ``margin``,
``thresholds``, ``worth``, ``against_optimal``, ``max_score``, ``loss``): see
:class:`jeopardy.farkle.card.StrategyCard`.
"""
from __future__ import annotations

from pathlib import Path

from jeopardy.plots.common import save

SITUATIONS = ("behind", "level", "ahead")


def _points(value) -> str:
    return "only to win" if value is None else f"{value:,}"


def strategy_card(card, path: str | Path | None = None):
    """Draw the card (and write it to ``path``: .pdf, .png or .svg); returns the Figure."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(8.27, 11.69))
    ax = figure.add_axes((0.06, 0.04, 0.88, 0.92))
    ax.set_axis_off()
    dice = len(card.worth)
    m = card.margin
    ax.text(0.5, 0.98, f"Farkle strategy card: {card.rules.name}, first to {card.goal:,}",
            ha="center", va="top", fontsize=17, weight="bold")
    ax.text(0.5, 0.935, "Bank as soon as your turn total reaches the number for the dice you "
            "still hold.\nAlways bank when the bank reaches the goal.", ha="center", va="top",
            fontsize=11)
    header = ["dice in hand", f"behind by {m:,}+", "level", f"ahead by {m:,}+"]
    rows = [[str(n)] + [_points(card.thresholds[s][n - 1]) for s in range(len(SITUATIONS))]
            for n in range(1, dice + 1)]
    table = ax.table(cellText=rows, colLabels=header, cellLoc="center",
                     bbox=(0.04, 0.52, 0.92, 0.34))
    table.auto_set_font_size(False)
    table.set_fontsize(13)
    ax.text(0.5, 0.48, "Which dice to set aside: points + the worth of the dice left "
            "(no worth if you then bank);\ntake the largest. All six scored: a full hand.",
            ha="center", va="top", fontsize=11)
    worth = ax.table(cellText=[[f"{w:,}" for w in card.worth]],
                     colLabels=[f"{n} {'die' if n == 1 else 'dice'} left" for n in
                                range(1, dice + 1)],
                     rowLabels=["worth"], cellLoc="center", bbox=(0.1, 0.34, 0.86, 0.08))
    worth.auto_set_font_size(False)
    worth.set_fontsize(11)
    versus = card.against_optimal
    lines = [f"Against a perfect player (exact, both seats): this card wins "
             f"{versus.a_first:.2%} moving first,",
             f"{versus.a_second:.2%} moving second: {versus.a_fair:.2%} by a fair coin, "
             f"{card.loss:.2%} below an even game."]
    if card.max_score is not None:
        best = card.max_score
        lines.append(f"(The max-expected-score turn at every score: {best.a_fair:.2%}.)")
    ax.text(0.5, 0.27, "\n".join(lines), ha="center", va="top", fontsize=11)
    ax.text(0.5, 0.06, f"Thresholds: the median of optimal play's lowest bank over the score "
            f"pairs of each situation (jeopardy farkle card).", ha="center", va="bottom",
            fontsize=8, color="0.4")
    if path is not None:
        save(figure, path)
    return figure
