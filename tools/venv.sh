# Sourced by tools/test.sh and tools/serve.sh: create/refresh .venv and activate it.
# The dev and test tools come from the lock, tools/requirements-dev.txt (versions and sha256
# hashes, installed with --require-hashes; `bash tools/lock.sh` upgrades it), then the project
# itself is installed editable without dependencies, built by the locked setuptools.
# Reinstalls only when the lock or pyproject.toml changed since the last install.
if [ ! -x .venv/bin/python ]; then
    echo "[venv] creating .venv"
    python3 -m venv .venv
fi
# shellcheck disable=SC1091
source .venv/bin/activate
stamp=.venv/.serm-installed
wanted="$(cat tools/requirements-dev.txt pyproject.toml | sha256sum)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ]; then
    echo "[venv] pip install --require-hashes -r tools/requirements-dev.txt"
    python -m pip install --disable-pip-version-check --quiet --require-hashes \
        -r tools/requirements-dev.txt
    echo "[venv] pip install --no-deps -e ."
    python -m pip install --disable-pip-version-check --quiet --no-deps --no-build-isolation \
        -e .
    echo "$wanted" >"$stamp"
fi
unset stamp wanted
