"""A minimal progress line on stderr for long computations."""
from __future__ import annotations

import sys
import time


class ProgressLine:
    """``label [#####.....]  45%  12 s`` redrawn in place on a terminal; on a
    pipe or log, one plain line per quarter."""

    def __init__(self, label: str, enabled: bool = True, width: int = 30) -> None:
        self.label = label
        self.enabled = enabled
        self.width = width
        self.started = time.perf_counter()
        self.last = -1

    def __call__(self, fraction: float) -> None:
        if not self.enabled:
            return
        percent = int(100 * min(max(fraction, 0.0), 1.0))
        if not sys.stderr.isatty():
            # Logs and pipes: one line a quarter, no redrawing.
            percent = 25 * (percent // 25)
        if percent == self.last:
            return
        self.last = percent
        if not sys.stderr.isatty():
            elapsed = time.perf_counter() - self.started
            sys.stderr.write(f"{self.label}: {percent}% ({elapsed:.1f} s)\n")
            sys.stderr.flush()
            return
        filled = self.width * percent // 100
        bar = "#" * filled + "." * (self.width - filled)
        elapsed = time.perf_counter() - self.started
        end = "\n" if percent == 100 else ""
        sys.stderr.write(f"\r{self.label} [{bar}] {percent:3d}%  {elapsed:5.1f} s{end}")
        sys.stderr.flush()
