#!/usr/bin/env bash
# The tests, with their set-up: lint, types, then every test (those reading
# ../shared included: ROADLAW_SOURCES, else ../shared/sources beside the checkout;
# the browser tests drive Debian's chromium, and the store tests start Debian's PostgreSQL,
# each installed here when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ ! -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium for the browser tests" >&2
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "installing Debian's postgresql for the store tests (a server of their own, started in a temporary folder)" >&2
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
fi
export ROADLAW_SOURCES=${ROADLAW_SOURCES:-$(cd .. && pwd)/shared/sources}
.venv/bin/ruff check roadlaw tests benchmarks
.venv/bin/ruff format --check roadlaw tests benchmarks
.venv/bin/mypy roadlaw
.venv/bin/python -m pytest -p no:cacheprovider "$@"
