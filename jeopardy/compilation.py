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
"""
from __future__ import annotations

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
    once if any of them must be compiled; returns whether one must."""
    cold = not all(is_cached(kernel, *args) for kernel, *args in calls)
    if cold and _listener is not None:
        _listener(NOTICE)
    return cold
