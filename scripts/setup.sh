#!/usr/bin/env bash
# Everything a fresh machine needs: a virtual environment with roadlaw and its
# tools installed. Safe to run again: it installs only when pyproject.toml changed.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
stamp=.venv/.roadlaw-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e '.[web,dev,postgres]'
  touch "$stamp"
fi
