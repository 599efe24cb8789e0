"""Writing sets of integers as runs: [0, 1, 2, 5, 7, 8] -> '0-2,5,7-8'."""
from __future__ import annotations

from typing import Iterable


def runs(values: Iterable[int], separator: str = ",") -> str:
    ordered = sorted(values)
    if not ordered:
        return ""
    pieces = []
    start = prev = ordered[0]
    for v in ordered[1:]:
        if v != prev + 1:
            pieces.append((start, prev))
            start = v
        prev = v
    pieces.append((start, prev))
    return separator.join(f"{a}" if a == b else f"{a}-{b}" for a, b in pieces)
