#!/usr/bin/env bash
# Fresh machine to running site: `bash tools/serve.sh [--port 8000] [--prefix /serm/]`.
# Creates .venv if needed, builds the site and serves it on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/venv.sh
exec python -m tools.serve "$@"
