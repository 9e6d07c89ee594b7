#!/usr/bin/env bash
# Everything a fresh machine needs, then every check: `bash tools/test.sh`.
#   - installs Debian's chromium if /usr/bin/chromium is missing (needs root)
#   - creates .venv and installs the locked dev tools and the project (tools/venv.sh)
#   - builds the site (tools/build.py), then runs ruff (lint and format), mypy and pytest
# Extra arguments go to pytest, e.g. `bash tools/test.sh -k boot`.
#
# `bash tools/test.sh --quick [pytest arguments]` is the inner loop: ruff, mypy and the CPython
# tests only, one pytest-xdist worker per core. No chromium, no build, no browser tests, no
# Pyodide: the tests marked browser, pyodide or site (see pyproject.toml) are deselected.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
if [ "${1:-}" = "--quick" ]; then
    quick=1
    shift
fi

if [ "$quick" = 1 ]; then
    echo "[test] --quick: the inner loop. ruff, mypy and the CPython tests only;"
    echo "[test] left out: the build of _site/, the browser tests (Chromium), the tests that"
    echo "[test] read _site/ and the engine tests inside Pyodide. \`bash tools/test.sh\` runs them all."
elif [ ! -x /usr/bin/chromium ]; then
    echo "[test] installing chromium (Debian package)"
    SUDO=""
    if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
    $SUDO apt-get update
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends chromium
fi

source tools/venv.sh

if [ "$quick" = 0 ]; then
    echo "[test] build"
    python tools/build.py
fi

echo "[test] ruff"
ruff check .
ruff format --check .

echo "[test] mypy"
mypy

echo "[test] pytest"
# pytest's exit status is passed on as is: 5 ("no tests collected") fails too.
if [ "$quick" = 1 ]; then
    exec python -m pytest -n auto -m "not browser and not pyodide and not site" "$@"
fi
# One worker per core; a test marked xdist_group runs on one worker with the rest of its group.
exec python -m pytest -n auto --dist loadgroup "$@"
