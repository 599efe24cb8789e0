"""A corpus of damaged and valid input files, and hostile output paths, for the fuzz tests.

Built once per test session in a temporary directory (:func:`corpus`):
every file kind the program reads (solution ``.npz``, policy ``.npz``/CSV,
roll model JSON, Farkle solutions) in a valid form and in damaged forms
(truncated, empty, garbage, pickled, NaN, wrong shape, wrong type, non-UTF-8,
unknown keys, conflicting rows), plus paths that are not files at all.
"""
from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import signal
import tempfile
from pathlib import Path

import numpy as np

# The hypothesis profiles (ci, long, thorough) are registered and loaded in tests/conftest.py.

POLICY_GOAL = 12  # policy files in the corpus are for this goal


def _npz(path: Path, **arrays) -> Path:
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    path.write_bytes(buffer.getvalue())
    return path


@functools.lru_cache(maxsize=None)
def corpus() -> dict[str, str]:
    """name -> path of every corpus entry (inputs), made once."""
    from jeopardy.match.policies import hold_at
    from jeopardy.match.solver import solve
    from jeopardy.rules import game

    root = Path(tempfile.mkdtemp(prefix="jeopardy-fuzz-"))
    files: dict[str, Path] = {}
    solution = solve(game("pig"), POLICY_GOAL)
    files["solution"] = solution.save(root / "solution.npz")
    good = files["solution"].read_bytes()
    (root / "truncated.npz").write_bytes(good[: len(good) // 2])
    files["truncated"] = root / "truncated.npz"
    (root / "empty.npz").write_bytes(b"")
    files["empty"] = root / "empty.npz"
    (root / "garbage.npz").write_bytes(os.urandom(300))
    files["garbage"] = root / "garbage.npz"
    files["pickled"] = _npz(root / "pickled.npz", start_values=np.array([{"a": 1}], dtype=object))
    meta = np.frombuffer(json.dumps({"format": 1, "goal": 3, "model": game("pig").to_dict(),
                                     "max_residual": 0, "seconds": 0, "passes": 1,
                                     "sweeps": 1}).encode(), dtype=np.uint8)
    files["nan"] = _npz(root / "nan.npz", start_values=np.full((3, 3), np.nan), meta=meta)
    files["wrong-shape"] = _npz(root / "shape.npz", start_values=np.zeros((2, 5)), meta=meta)
    files["edited"] = _npz(root / "edited.npz", start_values=np.full((3, 3), 0.25), meta=meta)
    files["bad-meta"] = _npz(root / "badmeta.npz", start_values=np.zeros((3, 3)),
                             meta=np.frombuffer(b"\xff\xfe{", dtype=np.uint8))
    files["policy-npz"] = hold_at(POLICY_GOAL, 5).save_npz(root / "policy.npz")
    files["policy-float"] = _npz(root / "policyf.npz", roll=np.full((POLICY_GOAL,) * 3, 0.5),
                                 goal=np.int64(POLICY_GOAL))
    files["policy-csv"] = hold_at(POLICY_GOAL, 5).save_csv(root / "policy.csv")
    text = files["policy-csv"].read_text()
    (root / "conflict.csv").write_text(text + "0,0,0,hold\n0,0,0,roll\n")
    files["conflict-csv"] = root / "conflict.csv"
    (root / "short.csv").write_text(text[: len(text) // 3])
    files["short-csv"] = root / "short.csv"
    (root / "latin1.csv").write_bytes("i,j,k,action\n0,0,0,r\xe9\n".encode("latin-1"))
    files["latin1-csv"] = root / "latin1.csv"
    files["model"] = root / "model.json"
    files["model"].write_text(game("piglet").to_json())
    typo = game("piglet").to_dict()
    typo["outcomes"][0]["point"] = typo["outcomes"][0].pop("points")
    (root / "typo.json").write_text(json.dumps(typo))
    files["model-typo"] = root / "typo.json"
    (root / "nan.json").write_text('{"outcomes": [{"effect": "add", "points": NaN, '
                                   '"probability": "1/2"}]}')
    files["model-nan"] = root / "nan.json"
    (root / "deep.json").write_text("[" * 100_000)
    files["model-deep"] = root / "deep.json"
    (root / "latin1.json").write_bytes(b'{"name": "\xe9"}')
    files["model-latin1"] = root / "latin1.json"
    (root / "huge-points.json").write_text(json.dumps(
        {"outcomes": [{"effect": "add", "points": 10 ** 30, "probability": "1/2"},
                      {"effect": "bust", "probability": "1/2"}]}))
    files["model-huge"] = root / "huge-points.json"
    files["directory"] = root
    files["missing"] = root / "missing.npz"
    files["dev-null"] = Path("/dev/null")
    fifo = root / "fifo.npz"
    os.mkfifo(fifo)
    files["fifo"] = fifo
    (root / "dangling.npz").symlink_to(root / "nowhere.npz")
    files["dangling"] = root / "dangling.npz"
    return {name: str(path) for name, path in files.items()}


@functools.lru_cache(maxsize=None)
def output_directory() -> Path:
    return Path(tempfile.mkdtemp(prefix="jeopardy-fuzz-out-"))


class Hung(Exception):
    """A call still running at its alarm: a hang (a FIFO opened for reading once held a
    whole CI run), reported with the drawn arguments instead of waited on."""


@contextlib.contextmanager
def alarm(seconds: int):
    """Raise :class:`Hung` in the body after ``seconds`` (SIGALRM: the main thread, which
    is where pytest and its xdist workers run tests)."""
    def ring(signum, frame):
        raise Hung(f"no end within {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def output_paths() -> list[str]:
    """Places to write: fresh files of every suffix, and hostile paths."""
    out = output_directory()
    fifo = out / "fifo"
    if not fifo.exists():
        os.mkfifo(fifo)
    link = out / "link.npz"
    if not link.is_symlink():
        link.symlink_to(out / "target.npz")
    return [str(out / name) for name in ("a.npz", "b.csv", "c.png", "d.svg", "e.pdf", "f.gif",
                                         "g")] + \
        ["", " ", str(out), "/dev/null", str(fifo), str(link), str(out / "no" / "dir.npz")]
