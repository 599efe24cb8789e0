"""Compiled kernels on a cold cache: knowing before the wait, and saying so.

numba compiles a kernel the first time it runs with new argument types and
keeps the result on disk (``*.nbi`` / ``*.nbc`` in the ``__pycache__`` next to
the source); a later process loads it in a fraction of a second.  The first
solve after an install or an edit of a kernel therefore waits while the
kernels compile (Ten Thousand's solver: about half a minute).

:func:`announce_if_cold` looks the kernels a computation is about to call up
in numba's cache index, without compiling anything, and if one is missing
tells the listener (the CLI writes :data:`NOTICE` on stderr).  A warm run
finds every kernel and says nothing.  The solvers call it from their
``warm_up``, which runs the kernels on a tiny game before the clock starts,
so the times they report leave compilation out.

numba keys each cached kernel by its own source file only, but a kernel
compiles in the kernels it calls from other files (``match/kernels.py``'s
``solve_sums`` holds ``process_kernels``' turn): after an edit of the callee's
file alone the caller's stale code would load.  :func:`drop_stale_cache` keeps
a digest of the package's kernel sources beside the cache and, when it
changes, deletes every cache file of the package before a kernel loads; the
command line calls it first thing, and :func:`announce_if_cold` on its first
call.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Callable

NOTICE = "compiling kernels, first run only"

# Told NOTICE when a kernel must be compiled (None: nobody listens; the library never prints).
_listener: Callable[[str], None] | None = None


def listen(listener: Callable[[str], None] | None) -> None:
    """Call ``listener(NOTICE)`` before kernels compile (None: stop)."""
    global _listener
    _listener = listener


def is_cached(kernel, *args) -> bool:
    """Whether ``kernel`` (a numba dispatcher) is compiled for the types of ``args``
    in this process or in numba's on-disk cache (no ``args``: for any types, for
    a kernel that only ever sees one signature).  Anything unexpected (no numba
    dispatcher, a numba whose cache looks different) counts as cached: the
    notice is never given on a warm run."""
    try:
        if not args:
            return bool(kernel.overloads) or bool(kernel._cache._cache_file._load_index())
        signature = tuple(kernel.typeof_pyval(a) for a in args)
        if signature in kernel.overloads:
            return True
        cache = kernel._cache
        key = cache._index_key(signature, kernel.targetctx.codegen())
        return key in cache._cache_file._load_index()
    except Exception:  # noqa: BLE001 - numba internals: never fail a solve over a notice
        return True


def announce_if_cold(*calls: tuple) -> bool:
    """``calls``: ``(kernel, *args)`` tuples about to run.  Tells the listener
    once if any of them must be compiled; returns whether one must.  The first
    call in a process drops a stale cache first (:func:`drop_stale_cache`)."""
    from numba.core.compiler_lock import global_compiler_lock

    # Under numba's own compiler lock: the index key asks LLVM's code generator, and
    # another thread (a sweep's threaded workers, the web app's) may be compiling or
    # loading a kernel at this moment; LLVM is not thread-safe (it crashed a threaded
    # sweep with a segmentation fault).
    with global_compiler_lock:
        if not _checked:
            drop_stale_cache()
        cold = not all(is_cached(kernel, *args) for kernel, *args in calls)
    if cold and _listener is not None:
        _listener(NOTICE)
    return cold


# The package whose kernels are cached, and the record of its kernel sources kept in the
# cache directory of its top folder.
PACKAGE = Path(__file__).resolve().parent
RECORD = "kernel-sources.json"
CACHE_SUFFIXES = (".nbi", ".nbc")

# Whether this process has checked the package's cache already.
_checked = False


def _cache_dir(directory: Path) -> Path:
    """Where numba keeps the cache files of the sources in ``directory``: under
    ``NUMBA_CACHE_DIR`` (numba's own sub-path) when it is set, else the folder's
    ``__pycache__``.  Before numba is imported its setting can come only from the
    environment or from a ``.numba_config.yaml`` in the working directory; with
    neither there, the answer is the ``__pycache__`` without importing numba (a
    quarter of a second, which commands that run no kernel, ``games`` or ``farkle
    score``, need not pay).  Once numba is imported, its configuration is asked."""
    if "numba" not in sys.modules and not os.environ.get("NUMBA_CACHE_DIR") \
            and not os.path.exists(".numba_config.yaml"):
        return directory / "__pycache__"
    from numba.core import config

    if config.CACHE_DIR:
        from numba.core.caching import _CacheLocator

        return Path(config.CACHE_DIR, _CacheLocator.get_suitable_cache_subpath(
            str(directory / "__init__.py")))
    return directory / "__pycache__"


def _sources(package: Path) -> list[tuple[str, os.stat_result]]:
    """Every ``.py`` file of ``package`` as ``(path relative to it, stat)``, sorted."""
    found = []
    folders = [package]
    while folders:
        folder = folders.pop()
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False) and entry.name != "__pycache__":
                    folders.append(Path(entry.path))
                elif entry.name.endswith(".py"):
                    found.append((os.path.relpath(entry.path, package), entry.stat()))
    return sorted(found, key=lambda source: source[0])


def _stamp(sources: list[tuple[str, os.stat_result]]) -> str:
    """A digest of every source's name, modification time and size (no reading)."""
    stamp = hashlib.blake2b(digest_size=16)
    for name, status in sources:
        stamp.update(f"{name}\0{status.st_mtime_ns}\0{status.st_size}\n".encode())
    return stamp.hexdigest()


def _digest(package: Path, sources: list[tuple[str, os.stat_result]]) -> str:
    """A digest of the kernel sources' text: every file that mentions ``njit``."""
    digest = hashlib.blake2b(digest_size=16)
    for name, _ in sources:
        text = (package / name).read_bytes()
        if b"njit" in text:
            digest.update(name.encode() + b"\0" + text + b"\0")
    return digest.hexdigest()


def _write_record(path: Path, record: dict) -> None:
    """Write ``record`` as JSON to ``path`` atomically (a temporary file, renamed)."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "w") as out:
            json.dump(record, out)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def drop_stale_cache(package: Path = PACKAGE) -> int:
    """Delete every numba cache file (``*.nbi``, ``*.nbc``) of ``package`` if its
    kernel sources changed since the digest kept beside the cache was written
    (or no digest is there yet), and write the new one; returns how many files
    were deleted.  Cheap when nothing changed: the sources' names, times and
    sizes are compared first and their text read only when those differ.  A
    cache that cannot be written (no ``__pycache__`` there, a read-only
    install) is left alone: numba then caches elsewhere or not at all."""
    global _checked
    _checked = True
    try:
        record_path = _cache_dir(package) / RECORD
        sources = _sources(package)
        stamp = _stamp(sources)
        try:
            record = json.loads(record_path.read_text())
        except (OSError, ValueError):
            record = {}
        if isinstance(record, dict) and record.get("stamp") == stamp:
            return 0
        digest = _digest(package, sources)
        dropped = 0
        if not isinstance(record, dict) or record.get("digest") != digest:
            folders = {package / name for name, _ in sources}
            for folder in {source.parent for source in folders}:
                cache = _cache_dir(folder)
                if not cache.is_dir():
                    continue
                for entry in os.scandir(cache):
                    if entry.name.endswith(CACHE_SUFFIXES):
                        try:
                            os.unlink(entry.path)
                            dropped += 1
                        except FileNotFoundError:  # another process dropped it first
                            pass
        record_path.parent.mkdir(parents=True, exist_ok=True)
        _write_record(record_path, {"stamp": stamp, "digest": digest})
        return dropped
    except OSError:
        return 0
