"""The stale-cache guard (jeopardy.compilation.drop_stale_cache): numba keys each cached
kernel by its own file, so an edit of a kernel file drops every cache file of the package.

A small package written here stands in for jeopardy: two folders of sources, with
cache files in their ``__pycache__`` (the guard deletes files by name, so empty
files stand in for compiled kernels) and a ``.pyc`` that must stay.
"""
from __future__ import annotations

import json
import os

import pytest

from jeopardy import compilation

KERNEL = "from numba import njit\n\n\n@njit(cache=True)\ndef twice(x):\n    return 2 * x\n"
CALLER = "from numba import njit\n\nfrom pkg.sub.turn import twice\n\n\n@njit(cache=True)\n" \
         "def four(x):\n    return twice(twice(x))\n"
CACHES = ("__pycache__/kernels.four-6.py311.nbi", "__pycache__/kernels.four-6.py311.1.nbc",
          "sub/__pycache__/turn.twice-4.py311.nbi", "sub/__pycache__/turn.twice-4.py311.1.nbc")


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A package ``pkg`` with a kernel calling one in another folder, its caches filled."""
    from numba.core import config

    monkeypatch.setattr(config, "CACHE_DIR", "")  # the in-tree __pycache__, as installed
    root = tmp_path / "pkg"
    (root / "sub").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "kernels.py").write_text(CALLER)
    (root / "notes.py").write_text("NOTE = 'no kernels here'\n")
    (root / "sub" / "__init__.py").write_text("")
    (root / "sub" / "turn.py").write_text(KERNEL)
    return root


def fill(root):
    for name in CACHES + ("sub/__pycache__/turn.cpython-311.pyc",):
        (root / name).parent.mkdir(exist_ok=True)
        (root / name).write_bytes(b"")


def left(root):
    return sorted(name for name in CACHES if (root / name).exists())


def test_editing_one_kernel_file_drops_the_whole_package_cache(package):
    fill(package)
    assert compilation.drop_stale_cache(package) == 4  # no digest yet: nothing is trusted
    record = json.loads((package / "__pycache__" / compilation.RECORD).read_text())
    assert set(record) == {"stamp", "digest"}
    fill(package)
    assert compilation.drop_stale_cache(package) == 0  # unchanged: the cache stays
    assert left(package) == sorted(CACHES)
    # the callee's file alone changes: the caller's cache (another folder) goes too
    (package / "sub" / "turn.py").write_text(KERNEL.replace("2 * x", "3 * x"))
    assert compilation.drop_stale_cache(package) == 4
    assert left(package) == []
    assert (package / "sub/__pycache__/turn.cpython-311.pyc").exists()
    fill(package)
    assert compilation.drop_stale_cache(package) == 0  # the new digest was kept
    assert left(package) == sorted(CACHES)


def test_a_touch_or_an_edit_outside_the_kernels_keeps_the_cache(package):
    fill(package)
    compilation.drop_stale_cache(package)
    fill(package)
    later = os.stat(package / "kernels.py").st_mtime_ns + 10 ** 9
    os.utime(package / "kernels.py", ns=(later, later))  # same text, new time (a checkout)
    assert compilation.drop_stale_cache(package) == 0
    (package / "notes.py").write_text("NOTE = 'still no kernels'\n")
    assert compilation.drop_stale_cache(package) == 0
    assert left(package) == sorted(CACHES)


def test_the_guard_finds_the_cache_under_numba_cache_dir(package, tmp_path, monkeypatch):
    from numba.core import config
    from numba.core.caching import _CacheLocator

    # set in numba's configuration in this process, not in the environment
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path / "elsewhere"))
    kept = []
    for folder in (package, package / "sub"):
        cache = tmp_path / "elsewhere" / _CacheLocator.get_suitable_cache_subpath(
            str(folder / "x.py"))
        cache.mkdir(parents=True)
        (cache / "x.f-1.py311.nbi").write_bytes(b"")
        kept.append(cache / "x.f-1.py311.nbi")
    compilation.drop_stale_cache(package)
    assert not any(path.exists() for path in kept)
    assert (tmp_path / "elsewhere" / _CacheLocator.get_suitable_cache_subpath(
        str(package / "x.py")) / compilation.RECORD).exists()
