#!/usr/bin/env bash
# Everything a fresh machine needs, then every check: `bash tools/test.sh`.
#   - installs Debian's chromium if /usr/bin/chromium is missing (needs root)
#   - creates .venv and installs the project with its dev extras
#   - builds the site (tools/build.py), then runs ruff (lint and format), mypy and pytest
# Extra arguments go to pytest, e.g. `bash tools/test.sh -k boot`.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
    echo "[test] installing chromium (Debian package)"
    SUDO=""
    if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
    $SUDO apt-get update
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends chromium
fi

source tools/venv.sh

echo "[test] build"
python tools/build.py

echo "[test] ruff"
ruff check .
ruff format --check .

echo "[test] mypy"
mypy

echo "[test] pytest"
# pytest's exit status is passed on as is: 5 ("no tests collected") fails too.
exec python -m pytest "$@"
