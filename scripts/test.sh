#!/usr/bin/env bash
# The tests, with their set-up: lint, types, then every test (those reading
# ../shared included: ROADLAW_SOURCES, else ../shared/sources beside the checkout).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export ROADLAW_SOURCES=${ROADLAW_SOURCES:-$(cd .. && pwd)/shared/sources}
.venv/bin/ruff check roadlaw tests benchmarks
.venv/bin/ruff format --check roadlaw tests benchmarks
.venv/bin/mypy roadlaw
.venv/bin/python -m pytest -p no:cacheprovider "$@"
