"""Check the mutation catalog: each test fails on the mutant named for it.

Not a test (pytest does not collect it).  ``tests/mutations.toml`` names, for
every test function in ``tests/``, one small change of ``jeopardy/`` source
(``original`` -> ``mutant``, text that occurs exactly once in ``file``) that
the test catches.  This script copies the working tree to a temporary
directory, runs every named test there once unmutated (one pytest run: each
must pass), then for each entry writes the mutant, runs that one test
(``-x``, no other test) and restores the file.  An entry is *verified* when
the test fails (pytest exit 1) on the mutant; exit 2+ (the mutant does not
import, or collection fails) and timeouts are reported apart.

    python tests/mutation_catalog.py OUT.json [--only SUBSTRING ...] [--timeout S]
                                     [--skip-done] [--no-baseline]

``NUMBA_CACHE_DIR`` points into the temporary copy (the mutant's kernels are
compiled there, never into a cache the real package uses); an entry with
``nojit = true`` runs with ``NUMBA_DISABLE_JIT=1`` (small cases, where the
pure-Python kernels are faster than compiling the mutant).  The mutated
file's modification time is moved one second per entry, so numba never
reuses a kernel compiled from other text; when the file holds compiled code,
so is every other file with a kernel (a kernel's cache does not notice a
change of the kernels it calls).  One process throughout: the
results file is rewritten after every entry and ``--skip-done`` resumes.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOG = ROOT / "tests" / "mutations.toml"
COPIED = ("jeopardy", "tests", "docs", "README.md", "pyproject.toml", "analyses", "benchmarks",
          "constraints")
# Where a mutation may be made: the package and its pages; the test oracles (written from
# the rules text; the tests that compare them with the package catch a change of either);
# the golden numbers (the tests of the table itself catch a bad row); the tested floors.
PRODUCT = ("jeopardy/", "docs/", "tests/oracles/", "tests/golden/", "constraints/")
DELETED = "<deleted>"  # a mutant that removes the file


def entries(path: Path = CATALOG) -> list[dict]:
    """The catalog's entries, in file order."""
    return tomllib.loads(path.read_text())["mutation"]


def node(entry: dict) -> str:
    """The pytest node id of the entry's test (every parametrised instance)."""
    return entry["test"]


def _copy_tree(target: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", ".pytest_cache")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=ignore)
        elif source.exists():
            shutil.copy2(source, target / name)


def _pytest(copy: Path, nodes: list[str], env: dict, timeout: float) -> tuple[object, str]:
    try:
        run = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                              "-p", "no:randomly", "-m", "", *nodes], cwd=copy, env=env,
                             capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    tail = (run.stdout + run.stderr).strip().splitlines()
    return run.returncode, "\n".join(tail[-3:])


def _baseline(copy: Path, nodes: list[str], env: dict) -> set[str]:
    """The named tests that fail unmutated: one pytest run, results read from JUnit XML."""
    import xml.etree.ElementTree as ET

    report = copy.parent / "baseline.xml"
    t0 = time.time()
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "",
                    f"--junitxml={report}", *nodes], cwd=copy, env=env, capture_output=True)
    failing, seen = set(), set()
    for case in ET.parse(report).iter("testcase"):
        module = case.get("classname", "").split(".")
        name = case.get("name", "").split("[")[0]
        test = f"{'/'.join(module[:2])}.py::{name}" if len(module) >= 2 else name
        seen.add(test)
        if case.find("failure") is not None or case.find("error") is not None:
            failing.add(test)
    failing |= set(nodes) - seen  # not collected: cannot pass
    for test in sorted(failing):
        print(f"baseline FAILS {test}", flush=True)
    print(f"baseline: {len(nodes)} tests, {len(failing)} failing ({time.time() - t0:.0f} s)",
          flush=True)
    return failing


def _compiled_with(copy: Path, path: Path, source: str) -> dict:
    """The other files whose cached kernels may hold a mutant of ``path``, with their stamps.

    numba's cache checks only the stamp of the file that defines a kernel, not of the
    kernels it calls or inlines (match/kernels.py's kernel runs process_kernels'
    ``process_sweep``; every kernel inlines ``effects.step``): a mutant of a file with
    compiled code gives every file with a kernel a stamp of its own, so all recompile."""
    if "njit" not in source:
        return {}
    return {other: other.stat() for other in sorted((copy / "jeopardy").rglob("*.py"))
            if other != path and "njit" in other.read_text()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--only", nargs="*", default=[],
                        help="run entries whose test id contains one of these")
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--skip-done", action="store_true")
    parser.add_argument("--no-baseline", action="store_true")
    args = parser.parse_args()

    catalog = entries()
    chosen = [e for e in catalog if not args.only or any(s in node(e) for s in args.only)]
    out = Path(args.out)
    results = json.loads(out.read_text()) if args.skip_done and out.exists() else []
    done = {(r["test"], r["file"], r["original"], r["mutant"]) for r in results
            if r["status"] in ("killed", "survived")}
    chosen = [e for e in chosen if (e["test"], e["file"], e["original"], e["mutant"]) not in done]

    with tempfile.TemporaryDirectory(prefix="jeopardy-mutants-") as tmp:
        copy = Path(tmp) / "repo"
        copy.mkdir()
        _copy_tree(copy)
        env = {**os.environ, "NUMBA_CACHE_DIR": str(Path(tmp) / "numba-cache"),
               "JEOPARDY_CACHE_DIR": str(Path(tmp) / "solution-cache"),
               "PYTHONDONTWRITEBYTECODE": "1"}
        env.pop("NUMBA_DISABLE_JIT", None)
        failing_baseline = set()
        if not args.no_baseline and chosen:
            failing_baseline = _baseline(copy, sorted({node(e) for e in chosen}), env)
        for index, entry in enumerate(chosen):
            path = copy / entry["file"]
            source = path.read_text()
            stat = path.stat()
            row = {k: entry[k] for k in ("test", "file", "original", "mutant")}
            if node(entry) in failing_baseline:
                results.append({**row, "status": "baseline-fails"})
                continue
            deleting = entry["mutant"] == DELETED
            if not deleting and source.count(entry["original"]) != 1:
                results.append({**row, "status": "original-not-unique"})
                continue
            run_env = dict(env)
            if entry.get("nojit"):
                run_env["NUMBA_DISABLE_JIT"] = "1"
            t0 = time.time()
            compiled = _compiled_with(copy, path, source)
            try:
                if deleting:
                    path.unlink()
                else:
                    path.write_text(source.replace(entry["original"], entry["mutant"]))
                    os.utime(path, (stat.st_atime, stat.st_mtime + index + 1))
                for other, st in compiled.items():
                    os.utime(other, (st.st_atime, st.st_mtime + index + 1))
                rc, tail = _pytest(copy, [node(entry)], run_env, args.timeout)
            finally:
                path.write_text(source)
                os.utime(path, (stat.st_atime, stat.st_mtime))
                for other, st in compiled.items():
                    os.utime(other, (st.st_atime, st.st_mtime))
            status = ("killed" if rc == 1 else "survived" if rc == 0 else
                      "timeout" if rc == "timeout" else f"error-{rc}")
            results.append({**row, "status": status, "seconds": round(time.time() - t0, 1),
                            "tail": tail if status != "killed" else ""})
            print(f"{status:9} {time.time() - t0:6.1f}s  {node(entry)}  "
                  f"{entry['file']}: {entry['mutant'][:60]!r}", flush=True)
            out.write_text(json.dumps(results, indent=1))
        out.write_text(json.dumps(results, indent=1))
    counts: dict[str, int] = {}
    for r in results:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    print(f"{len(catalog)} entries, {len(results)} run: {counts}")


if __name__ == "__main__":
    main()
