"""A minimal progress line on stderr for long computations."""
from __future__ import annotations

import sys
import time

# A bar drawn on the terminal whose line is not ended (its redraws end in "\r"): a
# message written now would continue that line (:func:`end_line`).
_open_line = False


def end_line() -> None:
    """End the line of a bar cut short (by an interrupt, an error or a warning), so that
    the message that follows starts a line of its own."""
    global _open_line
    if _open_line:
        sys.stderr.write("\n")
        sys.stderr.flush()
        _open_line = False


class ProgressLine:
    """``label [#####.....]  45%  12 s`` redrawn in place on a terminal; on a
    pipe or log, one plain line per quarter."""

    def __init__(self, label: str, enabled: bool = True, width: int = 30,
                 long_after: float | None = None) -> None:
        self.label = label
        self.enabled = enabled
        self.width = width
        self.started = time.perf_counter()
        self.last = -1
        # None: drawn from the start; else drawn once the run, projected from the
        # fraction done so far, would take longer than this many seconds
        self.long_after = long_after

    def __call__(self, fraction: float) -> None:
        global _open_line
        if not self.enabled:
            return
        if self.long_after is not None:
            elapsed = time.perf_counter() - self.started
            if fraction <= 0.0 or elapsed / fraction <= self.long_after:
                return
            self.long_after = None  # long: drawn from now on
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
        _open_line = True  # first: an interrupt during the write still ends the line
        sys.stderr.write(f"\r{self.label} [{bar}] {percent:3d}%  {elapsed:5.1f} s{end}")
        sys.stderr.flush()
        _open_line = percent != 100


def simulation_progress(games: int) -> ProgressLine:
    """The progress line of a simulation of ``games`` games: drawn once the games played so
    far project a run longer than ``jeopardy.resources.NOTICE_SECONDS`` (checked after
    each chunk), so short runs print nothing; off a terminal a line then, and one at each
    quarter."""
    from jeopardy.resources import NOTICE_SECONDS
    from jeopardy.results import count

    return ProgressLine(f"simulating {count(games, 'game')}", long_after=NOTICE_SECONDS)


class SweepProgress:
    """``sweep [#####.....] 37/100 tasks  12 s, about 20 s left`` on stderr.

    The time left is this run's rate (tasks finished since it started,
    skipped ones not counted) applied to the tasks still to do.  Off a
    terminal: one plain line per tenth of the tasks.
    """

    def __init__(self, enabled: bool = True, width: int = 30) -> None:
        self.enabled = enabled
        self.width = width
        self.started = time.perf_counter()
        self.last = None

    def __call__(self, done: int, total: int, skipped: int) -> None:
        global _open_line
        if not self.enabled or total == 0:
            return
        elapsed = time.perf_counter() - self.started
        ran = done - skipped
        left = total - done
        if left == 0:
            eta = "done"
        elif ran == 0:
            eta = "time left unknown"
        else:
            eta = f"about {_duration(elapsed / ran * left)} left"
        terminal = sys.stderr.isatty()
        step = done if terminal else (10 * done // total if done < total else 10)
        if step == self.last:
            return
        self.last = step
        text = f"{done}/{total} tasks  {_duration(elapsed)}, {eta}"
        if not terminal:
            sys.stderr.write(f"sweep: {text}\n")
        else:
            filled = self.width * done // total
            bar = "#" * filled + "." * (self.width - filled)
            end = "\n" if left == 0 else ""
            _open_line = True  # first: an interrupt during the write still ends the line
            sys.stderr.write(f"\rsweep [{bar}] {text}\033[K{end}")
        sys.stderr.flush()
        _open_line = terminal and left != 0


def _duration(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.0f} s"
    if seconds < 3600:
        return f"{int(seconds // 60)} min {int(seconds % 60):02d} s"
    return f"{int(seconds // 3600)} h {int(seconds % 3600 // 60):02d} min"
