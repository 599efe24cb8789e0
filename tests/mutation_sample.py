"""Sampled mutation testing with mutmut's mutation operators (mutmut 2.x library API).

Not a test (pytest does not collect it) and not a dependency: ``pip install
mutmut==2.4.5`` first.  Run from the root of a throwaway copy of the
repository, never a checkout you work in (files are mutated in place, then
restored):

    rm -rf /tmp/mutcopy && mkdir /tmp/mutcopy && git archive HEAD | tar -x -C /tmp/mutcopy
    cd /tmp/mutcopy && python tests/mutation_sample.py OUT.json SEED N_PER_GROUP [--only INDEX ...]

Each group is (source files, the tests that exercise them).  Every mutant of
the group's files is listed with mutmut's operators, N are sampled with the
seed, applied one at a time, and the group's tests run once per mutant (``-x``,
one process, ``-m "not slow and not long"``); a mutant is *killed* when the
tests fail, *survived* when they pass, and counted apart when they run past
``TIMEOUT`` seconds.  ``--only`` re-runs the listed sample indices (the
``index`` of the output's rows: a survivor, after a test was added).

What each group runs, and why:

- ``rules`` (dice, effects, presets, roll models): tests/test_rules.py (the
  presets against their rules text, the models' validation), tests/test_kind.py
  (the one transition rule, ``step``, against the reference solvers),
  tests/test_pig_dice.py's count of Pig Dice's 36 throws (its other tests
  solve the game: a minute), and the quick rows of tests/test_pinned.py that a
  rule change moves directly: the turn distributions and P(0,0,0) of every
  preset (``race NAME GOAL``) and of the options-built dice (d8, bad face 6,
  three d4).
- ``kernels`` (jeopardy/match/pair_kernels.py): tests/test_kernels.py (the Newton
  step, one sweep against the reference), tests/test_race.py (the solver
  against reference value iteration), tests/test_certify.py (the interval
  sweep calls the kernel's sweep), and the quick pinned rows the race solver
  computes: every preset's P(0,0,0), the policy and decision table of Pig to
  100 (``expand``/``actions``), certification, head-to-head evaluation
  (``FOLLOW`` players), the practical policies, reachability and fairness.
- ``simultaneous`` (the single-turn game): tests/test_simultaneous.py,
  tests/test_seed_simultaneous_puzzle.py (the seed's printed digits), and the
  pinned rows of the simultaneous analyses (Pig's equilibrium and full-game
  gain, the replies to each hold at 25, Linux-Magazin's and two-dice Pig's
  full game).

Pinned rows are named by their node ids (``test_pinned[ANALYSIS: NAME]``),
listed from tests/golden/ by analysis: a broad ``-k`` picked hundreds of
rows, among them a ``long`` one of two minutes (``preset survey``).  On the
loaded machine (2026-11-23) a full pass of a group took 7-13 s (rules; 100 s
once, compiling every kernel cold), ~30 s (kernels, recompiling them) and
~8 s (simultaneous); a kill stops earlier.  A mutant that makes the solver
crawl (a residual that never falls) can take minutes: ``TIMEOUT``.

The file list of each group is the one of issue 17's first run
(jeopardy/rules/compiled.py and turn_process.py, written later, are left out
so that the pool stays comparable); its tests were then test_rules.py,
test_race.py and test_simultaneous.py alone.

numba: ``NUMBA_CACHE_DIR`` must point inside the copy.  numba's cache checks
only the stamp (mtime, size) of the file that defines a kernel, not of the
kernels it inlines, so a mutant of a compiled function would run stale
machine code elsewhere: each mutant moves the mtime of its file, and of every
file whose kernels compile it in (``COMPILED_INTO``), to a stamp of its own,
so they recompile (and again once restored to the original stamp).

hypothesis: each mutant's run starts without the example database (an earlier
mutant's failing examples are otherwise replayed first) and with the sample's
seed, so a mutant's verdict does not depend on the mutants before it.
"""
import ast, json, os, random, shutil, subprocess, sys, time
from pathlib import Path

from mutmut import Context, list_mutations, mutate

TIMEOUT = 300  # seconds; a mutant that makes the solver crawl is reported apart
MARKERS = ["-m", "not slow and not long"]
GROUPS = {
    "rules": (["jeopardy/rules/dice.py", "jeopardy/rules/effects.py", "jeopardy/rules/presets.py",
               "jeopardy/rules/roll_model.py", "jeopardy/rules/__init__.py"],
              ["tests/test_rules.py", "tests/test_kind.py",
               "tests/test_pig_dice.py::test_roll_model_is_the_36_throws"],
              ["turn pig hold 20", "turn unfair coin hold 3", "race three d4 60", "race *"]),
    "kernels": (["jeopardy/match/pair_kernels.py"],
                ["tests/test_kernels.py", "tests/test_race.py", "tests/test_certify.py"],
                ["race *", "policy pig 100", "certify pig 100", "certify piglet 60",
                 "compare pig 100", "compare linux-magazin 50", "practical pig 100",
                 "reach pig 100", "fairness pig 100"]),
    "simultaneous": (["jeopardy/simultaneous/best_response.py", "jeopardy/simultaneous/export.py",
                      "jeopardy/simultaneous/game.py", "jeopardy/simultaneous/lp.py",
                      "jeopardy/simultaneous/payoff.py"],
                     ["tests/test_simultaneous.py", "tests/test_seed_simultaneous_puzzle.py"],
                     ["simultaneous pig 100", "replies pig 25", "simultaneous linux-magazin 100",
                      "simultaneous two-dice-pig 100"]),
}
# Compiled code defined in a file (a function or class, by name) and the files whose kernels
# compile it in: effects.step is step_jit, inlined into every kernel; Kind's values are frozen
# into them as constants; the interval certificate's kernel calls the race kernels' sweep.
COMPILED = {"jeopardy/rules/effects.py": {"step", "Kind"}}
COMPILED_INTO = {"jeopardy/rules/effects.py": "every file with a kernel",
                 "jeopardy/match/pair_kernels.py": ["jeopardy/match/certify.py"]}


def pinned_ids(patterns):
    """Node ids of the quick pinned rows whose analysis matches one of ``patterns``
    (an exact name, or a prefix ending in ``*``)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/: the golden rows
    from golden import PINNED

    def wanted(analysis):
        return any(analysis.startswith(p[:-1]) if p.endswith("*") else analysis == p
                   for p in patterns)
    return [f"tests/test_pinned.py::test_pinned[{r.id}]" for r in PINNED
            if wanted(r.analysis) and not r.slow and not r.long]


def mutants(path):
    source = open(path).read()
    return source, list_mutations(Context(source=source, filename=path))


def compiled_lines(path):
    """Line numbers (1-based) of the definitions in ``path`` that numba compiles elsewhere."""
    names = COMPILED.get(path, set())
    lines = set()
    for node in ast.parse(open(path).read()).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name in names:
            lines |= set(range(node.lineno, node.end_lineno + 1))
    return lines


def dependents(path, line):
    """The files to give a new stamp with a mutant of ``path`` at ``line``."""
    into = COMPILED_INTO.get(path, [])
    if path in COMPILED and line not in compiled_lines(path):
        return [path]
    if into == "every file with a kernel":
        into = [str(p) for p in sorted(Path("jeopardy").rglob("*.py")) if "njit" in p.read_text()]
    return [path, *into]


def main():
    out, seed, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    only = {int(x) for x in sys.argv[5:]} if sys.argv[4:5] == ["--only"] else None
    if not os.environ.get("NUMBA_CACHE_DIR", "").startswith(os.getcwd()):
        sys.exit("set NUMBA_CACHE_DIR to a directory inside the copy")
    rng = random.Random(seed)
    results, samples = [], {}
    for group, (files, tests, analyses) in GROUPS.items():
        pool = []
        for path in files:
            source, ids = mutants(path)
            pool += [(path, mid) for mid in ids]
        samples[group] = (pool, sorted(rng.sample(range(len(pool)), min(n, len(pool)))))
    chosen = [g for g in os.environ.get("MUTATION_GROUPS", "").split(",") if g] or list(GROUPS)
    bump = 0
    for group in chosen:
        files, tests, analyses = GROUPS[group]
        rows = pinned_ids(analyses)
        command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                   "-o", f"faulthandler_timeout={TIMEOUT - 60}", f"--hypothesis-seed={seed}",
                   *MARKERS, *tests, *rows]
        pool, sample = samples[group]
        if only is not None:
            sample = [i for i in sample if i in only]
        print(f"{group}: {len(pool)} mutants, running {len(sample)}; {' '.join(tests)} and "
              f"{len(rows)} pinned rows", flush=True)
        for idx in sample:
            path, mid = pool[idx]
            source = open(path).read()
            mutated, count = mutate(Context(source=source, mutation_id=mid, filename=path))
            line = mid.line_number + 1
            stamps = {p: os.stat(p) for p in dependents(path, line)}
            bump += 1
            # hypothesis replays the examples an earlier mutant failed on (a shrunk model can
            # make a sound solver crawl): every mutant starts from none, with the same seed
            shutil.rmtree(".hypothesis", ignore_errors=True)
            try:
                open(path, "w").write(mutated)
                for p, st in stamps.items():
                    os.utime(p, (st.st_atime, st.st_mtime + bump))
                t0 = time.time()
                try:
                    run = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT)
                    rc, tail = run.returncode, (run.stdout + run.stderr).strip().splitlines()[-3:]
                except subprocess.TimeoutExpired as stuck:  # faulthandler's innermost frames
                    err = stuck.stderr or b""
                    err = err.decode(errors="replace") if isinstance(err, bytes) else err
                    rc, tail = "timeout", [line for line in err.splitlines() if "File " in line][:4]
                seconds = time.time() - t0
            finally:
                open(path, "w").write(source)
                for p, st in stamps.items():  # the original stamp: its kernels recompile
                    os.utime(p, (st.st_atime, st.st_mtime))
            diff = [(a, b) for a, b in zip(source.splitlines(), mutated.splitlines()) if a != b]
            status = "survived" if rc == 0 else "timeout" if rc == "timeout" else "killed"
            results.append(dict(group=group, index=idx, file=path, line=line,
                                original=diff[0][0].strip() if diff else mid.line.strip(),
                                mutant=diff[0][1].strip() if diff else "", status=status,
                                rc=rc, seconds=round(seconds, 1), tail="\n".join(tail)))
            print(f"  {status:8} {idx:4} {path}:{line}  {results[-1]['mutant'][:80]}  "
                  f"({seconds:.0f}s)", flush=True)
            json.dump(results, open(out, "w"), indent=1)
    for group in chosen:
        rows = [r for r in results if r["group"] == group]
        counts = {s: sum(r["status"] == s for r in rows) for s in ("survived", "killed", "timeout")}
        print(f"{group}: {counts['survived']}/{len(rows)} survived, {counts['killed']} killed, "
              f"{counts['timeout']} timed out")


main()
