"""Atomic file writing: write beside the target, then rename over it."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable

from jeopardy.errors import JeopardyError


def write_atomically(path: str | Path, write: Callable[[str], None], suffix: str = "") -> Path:
    """Call ``write(temporary_path)`` and move the result to ``path`` atomically."""
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise JeopardyError(f"cannot write {str(path)!r}: directory {str(directory)!r} does not exist")
    try:
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=suffix)
    except OSError as error:
        raise JeopardyError(f"cannot write {str(path)!r}: {error.strerror}") from None
    os.close(handle)
    try:
        write(temporary)
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes files private
        os.replace(temporary, path)
    except OSError as error:
        raise JeopardyError(f"cannot write {str(path)!r}: {error.strerror}") from None
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    return path


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def write_text(path: str | Path, text: str) -> Path:
    def write(temporary: str) -> None:
        with open(temporary, "w", newline="") as handle:
            handle.write(text)

    return write_atomically(path, write)
