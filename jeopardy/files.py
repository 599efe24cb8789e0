"""Reading and writing files: the one place every file goes through.

Writing: :func:`write_atomically` writes beside the target and renames over it,
so a reader never sees half a file.  A symlink is written through (its target
is replaced); FIFOs, devices, directories and empty paths are refused before
any work starts (:func:`check_output`).

Reading: :func:`read_text`, :func:`read_json` and :func:`read_npz` turn every
way a file can be missing, unreadable, not UTF-8, truncated or of the wrong
kind into one :class:`JeopardyError` line naming the file; arrays come back
checked for dtype, shape and finiteness (:func:`checked_array`), and numpy's
pickle advice never reaches the user (pickles are never loaded).
"""
from __future__ import annotations

import json
import os
import stat
import tempfile
import zipfile
from pathlib import Path
from typing import Callable

import numpy as np

from jeopardy.errors import JeopardyError

# Files larger than this are not read: no file this program writes comes close.
MAX_READ_BYTES = 2 * 1024 ** 3


# ----------------------------------------------------------------- writing
def _no_nul(path) -> None:
    if "\0" in str(path):
        raise JeopardyError(f"path {str(path)[:40]!r} contains a NUL character")


def _a_path(path, kind: str) -> None:
    """A path is text or a path object: ``5`` or a list is refused naming what it is (it
    reached Path() as a TypeError)."""
    if not isinstance(path, (str, os.PathLike)):
        raise JeopardyError(f"the {kind} path must be a file name; got {type(path).__name__}")


def check_output(path: str | Path, suffixes: tuple[str, ...] | None = None) -> Path:
    """The path a write to ``path`` will replace (a symlink's target), or a refusal."""
    if path is None or not str(path).strip():
        raise JeopardyError("output path is empty")
    _a_path(path, "output")
    _no_nul(path)
    if str(path).endswith(("/", os.sep)):  # Path() would drop the slash and write a file
        raise JeopardyError(f"cannot write {str(path)[:60]!r}: it names a directory "
                            "(a trailing slash); give a file name")
    path = Path(path)
    if suffixes is not None and path.suffix.lower() not in suffixes:
        raise JeopardyError(f"cannot write {str(path)!r}: the name must end in "
                            f"{', '.join(suffixes)}")
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise JeopardyError(f"cannot write {str(path)!r}: {error.strerror}") from None
    if mode is not None and not stat.S_ISREG(mode):
        kind = "a directory" if stat.S_ISDIR(mode) else "not a regular file"
        raise JeopardyError(f"cannot write {str(path)!r}: it is {kind}")
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise JeopardyError(f"cannot write {str(path)!r}: directory {str(directory)!r} does not exist")
    return path


def write_atomically(path: str | Path, write: Callable[[str], None], suffix: str = "") -> Path:
    """Call ``write(temporary_path)`` and move the result to ``path`` atomically."""
    checked = check_output(path)
    given, path = Path(path), checked
    directory = path.parent if str(path.parent) else Path(".")
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
    return given


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def write_text(path: str | Path, text: str) -> Path:
    def write(temporary: str) -> None:
        with open(temporary, "w", newline="", encoding="utf-8") as handle:
            handle.write(text)

    return write_atomically(path, write)


# ----------------------------------------------------------------- reading
def _readable(path: str | Path, kind: str) -> Path:
    if path is None or not str(path).strip():
        raise JeopardyError(f"{kind} path is empty")
    _a_path(path, kind)
    _no_nul(path)
    path = Path(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise JeopardyError(f"cannot read {kind} {str(path)!r}: no such file") from None
    except OSError as error:
        raise JeopardyError(f"cannot read {kind} {str(path)!r}: {error.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise JeopardyError(f"cannot read {kind} {str(path)!r}: not a regular file")
    if info.st_size > MAX_READ_BYTES:
        raise JeopardyError(f"{kind} {str(path)!r} is {info.st_size / 1e9:.1f} GB; too large")
    return path


def read_text(path: str | Path, kind: str) -> str:
    """The UTF-8 text of a file (``kind`` names it in errors: "roll model file"); a leading
    byte-order mark (Windows editors write one) is dropped, not read as text."""
    path = _readable(path, kind)
    try:
        return path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise JeopardyError(f"{kind} {str(path)!r} is not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise JeopardyError(f"cannot read {kind} {str(path)!r}: {error.strerror}") from None


def read_json(path: str | Path, kind: str):
    text = read_text(path, kind)
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise JeopardyError(f"{kind} {str(path)!r} is not JSON: {error.msg} "
                            f"(line {error.lineno})") from None
    except (ValueError, RecursionError) as error:
        raise JeopardyError(f"{kind} {str(path)!r} is not valid JSON ({error})") from None


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number")


def read_npz(path: str | Path, kind: str, names: tuple[str, ...]) -> dict:
    """The arrays ``names`` of an ``.npz`` (plus ``"meta"`` decoded from JSON when present)."""
    path = _readable(path, kind)
    out = {}
    try:
        with np.load(path, allow_pickle=False) as data:
            for name in names:
                if name not in data.files:
                    raise JeopardyError(f"{str(path)!r} is not a {kind}: it has no {name!r} table")
                out[name] = np.asarray(data[name])
            if "meta" in data.files:
                meta = json.loads(bytes(data["meta"]).decode("utf-8"), parse_constant=_no_constant)
                if not isinstance(meta, dict):
                    raise ValueError("metadata is not an object")
                out["meta"] = meta
    except JeopardyError:
        raise
    except (OSError, ValueError, EOFError, KeyError, zipfile.BadZipFile, UnicodeDecodeError,
            RecursionError, zipfile.LargeZipFile, NotImplementedError) as error:
        reason = "not an npz archive" if "pickle" in str(error) or "allow_pickle" in str(error) \
            else " ".join(str(error).split())[:80] or type(error).__name__
        raise JeopardyError(f"{str(path)!r} is not a {kind} ({reason})") from None
    except Exception as error:  # zlib.error and other decompression failures
        raise JeopardyError(f"{str(path)!r} is not a {kind} "
                            f"({type(error).__name__})") from None
    return out


def checked_array(array: np.ndarray, name: str, source: str, shape: tuple[int, ...],
                  dtype=np.float64, low: float | None = None, high: float | None = None) -> np.ndarray:
    """``array`` if it has this shape and dtype, is finite and within ``[low, high]``."""
    if array.shape != tuple(shape) or array.dtype != np.dtype(dtype):
        raise JeopardyError(f"{source}: table {name} has shape {array.shape} and type {array.dtype}; "
                            f"expected {tuple(shape)} of {np.dtype(dtype)}")
    if np.issubdtype(array.dtype, np.floating) and not np.isfinite(array).all():
        raise JeopardyError(f"{source}: table {name} holds NaN or infinite values")
    if low is not None and array.size and array.min() < low:
        raise JeopardyError(f"{source}: table {name} holds values below {low}")
    if high is not None and array.size and array.max() > high:
        raise JeopardyError(f"{source}: table {name} holds values above {high}")
    return array


def meta_field(meta: dict, key: str, kind: type, source: str):
    """``meta[key]`` if present and of type ``kind`` (ints: not bool)."""
    value = meta.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise JeopardyError(f"{source}: metadata field {key!r} is missing or damaged")
    return value


def checksum(*arrays: np.ndarray) -> str:
    """A SHA-256 over the arrays' bytes, shapes and dtypes (cache and file verification)."""
    import hashlib

    digest = hashlib.sha256()
    for array in arrays:
        array = np.ascontiguousarray(array)
        digest.update(f"{array.dtype.str}{array.shape}".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()
