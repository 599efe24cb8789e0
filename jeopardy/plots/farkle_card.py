"""The Farkle strategy card: one printable page (A4 portrait) drawn from a card's data.

It knows the card by its attributes only (``rules``, ``goal``, ``bands``,
``thresholds``, ``worth``, ``against_optimal``, ``max_score``, ``loss``, and
``example()`` for the worked choice): see :class:`jeopardy.farkle.card.StrategyCard`.
Large type, one table to read at the table (the column of the other player's score, the
row of the dice in hand), the choice of dice with a worked example when the rules let
the player choose, and what the card gives away against a perfect player.
"""
from __future__ import annotations

from pathlib import Path

from jeopardy.plots.common import save

SHADES = ("#e8f1fa", "#fdf3dc", "#fbe3df")  # far, closer, near


def _points(value) -> str:
    return "only to win" if value is None else f"{value:,}"


def column_labels(card) -> list[str]:
    """The table's columns: the other player's banked score in each situation."""
    closer, near = card.bands
    return [f"under {closer:,}", f"{closer:,} to {near - 50:,}", f"{near:,} or more"]


def strategy_card(card, path: str | Path | None = None):
    """Draw the card (and write it to ``path``: .pdf, .png or .svg); returns the Figure."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(8.27, 11.69))
    ax = figure.add_axes((0.06, 0.03, 0.88, 0.94))
    ax.set_axis_off()
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    rules = card.rules
    dice = len(card.worth)
    same = card.thresholds[0] == card.thresholds[1] == card.thresholds[2]
    ax.text(0.5, 0.995, "Farkle: when to bank", ha="center", va="top", fontsize=24,
            weight="bold")
    ax.text(0.5, 0.95, f"{rules.name}: {dice} dice, the first to {card.goal:,} wins"
            + (f", bank at least {rules.min_bank:,}" if rules.min_bank else "")
            + (f", first bank at least {rules.entry:,}" if rules.enters else ""),
            ha="center", va="top", fontsize=12, color="0.25")
    ax.text(0.5, 0.915, ("Find the row of the dice you still hold.\n" if same else
                         "Find the column of the OTHER player's score and the row of the dice\n"
                         "you still hold. ")
            + "Bank as soon as your turn total reaches that number.\n"
            "Always bank when banking reaches the goal.",
            ha="center", va="top", fontsize=13, linespacing=1.5)
    columns = 1 if same else 3  # one column where the other's score changes nothing
    header = ["dice\nin hand"] + (["bank at\n(whatever the other player has)"] if same else
                                   [f"other player\nhas {label}" for label in column_labels(card)])
    rows = [[str(n)] + [_points(card.thresholds[s][n - 1]) for s in range(columns)]
            for n in range(1, dice + 1)]
    height = 0.05 * (dice + 1)
    bottom = 0.80 - height
    table = ax.table(cellText=rows, colLabels=header, cellLoc="center",
                     bbox=(0.0, bottom, 1.0, height),
                     colWidths=[0.16] + [0.84 / columns] * columns)
    table.auto_set_font_size(False)
    table.set_fontsize(16)
    for (row, col), cell in table.get_celld().items():
        cell.set_edgecolor("0.55")
        if col > 0:
            cell.set_facecolor(SHADES[col - 1])
        if row == 0:
            cell.set_text_props(weight="bold", fontsize=12)
        elif col == 0:
            cell.set_text_props(weight="bold")
    y = bottom - 0.025
    if rules.keep_choice:
        ax.text(0.0, y, "Which scoring dice to set aside", ha="left", va="top", fontsize=15,
                weight="bold")
        ax.text(0.0, y - 0.03,
                "For each number of dice you could set aside, its best-scoring way: its points plus\n"
                "the WORTH of the dice you would have left (no worth if the new total reaches the\n"
                "bank number). Take the largest; on a tie set aside fewer dice. "
                + ("All scored: a full hand." if rules.hot_dice else "All scored: bank."),
                ha="left", va="top", fontsize=11.5, linespacing=1.45)
        # dice left after a choice: a full hand only through hot dice (without them,
        # every die scored banks, and at least one die is set aside)
        left = range(1, dice + 1 if rules.hot_dice else dice)
        worth = ax.table(cellText=[[f"{card.worth[n - 1]:,}" for n in left]],
                         colLabels=[f"{n} {'die' if n == 1 else 'dice'} left" for n in left],
                         rowLabels=["worth"], cellLoc="center",
                         bbox=(0.1, y - 0.17, 0.9, 0.055))
        worth.auto_set_font_size(False)
        worth.set_fontsize(12)
        y -= 0.185
        example = card.example()
        if example is not None:
            ax.text(0.0, y, example, ha="left", va="top", fontsize=10, family="monospace",
                    linespacing=1.35)
            y -= 0.022 * (example.count("\n") + 1) + 0.02
    versus = card.against_optimal
    lines = [f"How good is this card?  Against a perfect player it wins "
             f"{versus.a_fair:.1%} of games",
             f"(a coin decides who starts: {versus.a_first:.1%} moving first, "
             f"{versus.a_second:.1%} second),",
             f"so it gives away {100 * card.loss:.1f} games in 100."]
    if card.max_score is not None:
        best = card.max_score
        lines[-1] += (f" A computer playing every turn for the most"
                      f"\npoints (too many numbers for a card) gives away "
                      f"{100 * (0.5 - best.a_fair):.1f} in 100.")
    ax.text(0.5, y, "\n".join(lines), ha="center", va="top", fontsize=11.5,
            linespacing=1.45, bbox={"boxstyle": "round,pad=0.5", "facecolor": "0.96",
                                    "edgecolor": "0.7"})
    source = {"medians": "medians of optimal play's lowest banks",
              "max-score until near": "the most-points turn's, the last column medians of "
                                      "optimal play's lowest banks",
              "max-score": "the most-points turn's"}.get(card.source, card.source)
    ax.text(0.5, 0.0, f"Bank numbers: {source}; chances exact (jeopardy farkle card).",
            ha="center", va="bottom", fontsize=8, color="0.4")
    if path is not None:
        save(figure, path)
    return figure
