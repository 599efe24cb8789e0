"""Sampled mutation testing with mutmut's mutation operators (mutmut 2.x library API).

Not a test (pytest does not collect it) and not a dependency: ``pip install
mutmut==2.4.5`` first.  Run from the root of a throwaway copy of the repository
(``git archive HEAD | tar -x -C /tmp/copy``): files are mutated in place, then
restored.

    python tests/mutation_sample.py OUT.json SEED N_PER_GROUP

Each group is (source files, the fast tests that should catch them).  All
mutants of the group's files are listed with mutmut's operators, N are
sampled with the seed, applied one at a time, and the group's tests run with
-x; a mutant is killed when the tests fail, and counted apart when they time
out.  Issue 17's "before" run used only tests/test_rules.py,
tests/test_race.py and tests/test_simultaneous.py (seed 17, N = 20).

``MUTATION_GROUPS=simultaneous,rules`` runs only those groups (in that
order); every group's sample is still drawn, in the order of GROUPS, so a
group's mutants are the same whichever groups run.
"""
import json, os, random, subprocess, sys, time
from mutmut import Context, list_mutations, mutate

GROUPS = {
    "rules": (["jeopardy/rules/dice.py", "jeopardy/rules/effects.py", "jeopardy/rules/presets.py",
               "jeopardy/rules/roll_model.py", "jeopardy/rules/__init__.py"],
              ["tests/test_rules.py"]),
    "kernels": (["jeopardy/race/kernels.py"], ["tests/test_race.py", "tests/test_kernels.py", "tests/test_pinned.py", "-m", "not slow", "-k", "race or policy or certify or compare or reach or fairness or practical or test_race or test_kernels"]),
    "simultaneous": (["jeopardy/simultaneous/best_response.py", "jeopardy/simultaneous/export.py",
                      "jeopardy/simultaneous/game.py", "jeopardy/simultaneous/lp.py",
                      "jeopardy/simultaneous/payoff.py"],
                     ["tests/test_simultaneous.py", "tests/test_pinned.py", "-m", "not slow", "-k", "simultaneous or replies or hold or test_simultaneous"]),
}
EXTRA = sys.argv[4:]  # extra test files appended to every group (e.g. tests/test_pinned.py)

def mutants(path):
    source = open(path).read()
    ctx = Context(source=source, filename=path)
    return source, list_mutations(ctx)

def main():
    out, seed, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    results = []
    samples = {}
    for group, (files, tests) in GROUPS.items():
        pool = []
        for path in files:
            source, ids = mutants(path)
            pool += [(path, mid) for mid in ids]
        samples[group] = (pool, sorted(rng.sample(range(len(pool)), min(n, len(pool)))))
    chosen = [g for g in os.environ.get("MUTATION_GROUPS", "").split(",") if g] or list(GROUPS)
    for group in chosen:
        files, tests = GROUPS[group]
        pool, sample = samples[group]
        print(f"{group}: {len(pool)} mutants, sampling {len(sample)}", flush=True)
        for idx in sample:
            path, mid = pool[idx]
            source = open(path).read()
            ctx = Context(source=source, mutation_id=mid, filename=path)
            mutated, count = mutate(ctx)
            line = mid.line.strip()
            try:
                open(path, "w").write(mutated)
                t0 = time.time()
                try:
                    rc = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q",
                                         "-p", "no:cacheprovider", *tests, *EXTRA],
                                        capture_output=True, timeout=600).returncode
                except subprocess.TimeoutExpired:
                    rc = "timeout"
                seconds = time.time() - t0
            finally:
                open(path, "w").write(source)
            diff = [(a, b) for a, b in zip(source.splitlines(), mutated.splitlines()) if a != b]
            status = "survived" if rc == 0 else "timeout" if rc == "timeout" else "killed"
            results.append(dict(group=group, index=idx, file=path, line=mid.line_number + 1,
                                original=diff[0][0].strip() if diff else line,
                                mutant=diff[0][1].strip() if diff else "", status=status,
                                rc=rc, seconds=round(seconds, 1)))
            print(f"  {status:8} {path}:{mid.line_number + 1}  {results[-1]['mutant'][:90]}  ({seconds:.0f}s)", flush=True)
            json.dump(results, open(out, "w"), indent=1)
    for group in chosen:
        rows = [r for r in results if r["group"] == group]
        s = sum(r["status"] == "survived" for r in rows)
        t = sum(r["status"] == "timeout" for r in rows)
        print(f"{group}: {s}/{len(rows)} survived, {t} timed out")

main()
