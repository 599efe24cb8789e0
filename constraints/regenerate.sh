#!/usr/bin/env bash
# Rebuild the two constraints files (docs/install.md says when to use them):
#
#   constraints/lowest.txt      every dependency at pyproject.toml's lower bound, written
#                               from pyproject.toml by constraints/lowest.py (seconds);
#                               .ci/lowest tests it.
#   constraints/known-good.txt  pip freeze of a fresh venv holding the newest versions
#                               pyproject.toml allows, written only if the quick test loop
#                               (python -m pytest -m 'not slow') passes there.
#
#   constraints/regenerate.sh           both (a fresh venv and the quick test loop)
#   constraints/regenerate.sh lowest    only lowest.txt
#
# JOBS=N runs the tests on N pytest-xdist workers (default 1: the machine is shared).
set -euo pipefail
cd "$(dirname "$0")/.."

python3 constraints/lowest.py > constraints/lowest.txt.tmp
mv constraints/lowest.txt.tmp constraints/lowest.txt
echo "constraints/lowest.txt: $(grep -c '==' constraints/lowest.txt) floors"
[ "${1:-}" = lowest ] && exit 0

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check -e '.[test]'
# Kernels compiled by this venv's numba stay in the temporary directory.
export NUMBA_CACHE_DIR="$work/numba-cache"
nice "$work/venv/bin/python" -m pytest -m 'not slow' -q -n "${JOBS:-1}"
{
    echo "# A known-good environment: pip freeze of a fresh venv with the newest versions"
    echo "# pyproject.toml allowed on $(date -u +%Y-%m-%d), made with $("$work/venv/bin/python" -V);"
    echo "# python -m pytest -m 'not slow' passed there.  Rebuild: constraints/regenerate.sh"
    "$work/venv/bin/pip" freeze --exclude-editable --disable-pip-version-check
} > constraints/known-good.txt.tmp
mv constraints/known-good.txt.tmp constraints/known-good.txt
echo "constraints/known-good.txt: $(grep -c '==' constraints/known-good.txt) packages"
