# Sourced by tools/test.sh and tools/serve.sh: create/refresh .venv and activate it.
# Reinstalls only when pyproject.toml changed since the last install.
if [ ! -x .venv/bin/python ]; then
    echo "[venv] creating .venv"
    python3 -m venv .venv
fi
# shellcheck disable=SC1091
source .venv/bin/activate
stamp=.venv/.serm-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    echo "[venv] pip install -e '.[dev]'"
    python -m pip install --disable-pip-version-check --quiet --upgrade pip
    python -m pip install --disable-pip-version-check --quiet -e '.[dev]'
    touch "$stamp"
fi
