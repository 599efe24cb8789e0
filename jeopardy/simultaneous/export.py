"""CSV exports of the simultaneous game: payoff matrix and mixed strategy."""
from __future__ import annotations

import csv
import io
from pathlib import Path

from jeopardy import validate
from jeopardy.files import write_text
from jeopardy.simultaneous.game import Equilibrium, SimultaneousSolution


def payoff_csv(solution: SimultaneousSolution, exact: bool = True) -> str:
    """Payoff matrix with strategy labels on the first row and column.

    The strategies are the solution's ``strategies``: hold at 1..H, and with
    ``all_stopping_rules`` also every rule the double oracle added.
    """
    exact = validate.flag(exact, "exact")
    matrix = solution.matrix
    labels = [rule.short for rule in solution.strategies]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["row \\ column"] + labels)
    floats = None if exact else matrix.to_float()
    for r, label in enumerate(labels):
        if exact:
            row = [str(matrix[r, c]) for c in range(len(labels))]
        else:
            row = [repr(float(x)) for x in floats[r]]
        writer.writerow([label] + row)
    return out.getvalue()


def strategy_csv(equilibrium: Equilibrium) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["rule", "hold", "stop_at", "probability", "probability_exact"])
    for w in equilibrium.strategy:
        writer.writerow([str(w.rule), "" if w.rule.hold is None else w.rule.hold,
                         " ".join(map(str, w.stop_at)), repr(float(w.probability)),
                         str(w.probability)])
    return out.getvalue()


def write_payoff_csv(solution: SimultaneousSolution, path: str | Path, exact: bool = True) -> Path:
    return write_text(path, payoff_csv(solution, exact))


def write_strategy_csv(equilibrium: Equilibrium, path: str | Path) -> Path:
    return write_text(path, strategy_csv(equilibrium))
