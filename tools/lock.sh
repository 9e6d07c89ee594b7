#!/usr/bin/env bash
# Re-resolves the dev and test tools (pyproject.toml's `dev` extra, and the build backend that
# `pip install -e .` needs) to their newest releases on PyPI and writes the lock,
# tools/requirements-dev.txt: every package pinned by version, every file of it by sha256.
# tools/venv.sh installs from that lock with `--require-hashes`.
#
#   bash tools/lock.sh                     upgrade everything
#   bash tools/lock.sh -P ruff             move ruff alone (arguments replace --upgrade and
#   bash tools/lock.sh --no-upgrade        go to pip-compile); keep the pins, add what
#                                          pyproject.toml gained
#
# pip-compile (pip-tools) runs in its own venv, build/lock-venv/, and resolves with Python 3.11,
# the oldest the project supports and the one CI runs. Local pip settings (an extra index, a
# mirror, find-links, constraints) are ignored, so the lock names PyPI's files and hashes and
# installs on any machine that reaches PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))'; then
    echo "[lock] needs Python 3.11 (set PYTHON=/path/to/python3.11); $PYTHON is" \
        "$("$PYTHON" --version 2>&1)" >&2
    exit 1
fi

# pip's own defaults only: no configuration file, no index or find-links from the environment.
export PIP_CONFIG_FILE=/dev/null
unset PIP_INDEX_URL PIP_EXTRA_INDEX_URL PIP_FIND_LINKS PIP_CONSTRAINT PIP_NO_INDEX \
    PIP_REQUIRE_HASHES

venv=build/lock-venv
if [ ! -x "$venv/bin/pip-compile" ]; then
    echo "[lock] installing pip-tools into $venv"
    "$PYTHON" -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --upgrade pip pip-tools
fi

if [ "$#" -eq 0 ]; then set -- --upgrade; fi
# CUSTOM_COMPILE_COMMAND is what the lock's header names as the command that made it.
CUSTOM_COMPILE_COMMAND="bash tools/lock.sh" "$venv/bin/pip-compile" \
    --quiet \
    --extra dev \
    --build-deps-for editable \
    --allow-unsafe \
    --generate-hashes \
    --strip-extras \
    --no-emit-index-url \
    --no-emit-find-links \
    --output-file tools/requirements-dev.txt \
    "$@" \
    pyproject.toml
echo "[lock] wrote tools/requirements-dev.txt"
