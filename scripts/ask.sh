#!/usr/bin/env bash
# Ask a question on the offline default, setting everything up first:
#   bash scripts/ask.sh [--state XX] [--choice "an answer choice" ...] "question"
# Builds the asked state's laws from the sources mirror (ROADLAW_SOURCES, else
# ../shared/sources) and indexes them, the first time only.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
state=MD
choices=()
while [ $# -gt 1 ]; do
  case "$1" in
    --state) state=$2; shift 2 ;;
    --choice) choices+=(--choice "$2"); shift 2 ;;
    *) break ;;
  esac
done
question=${1:-how far from a fire hydrant can I park}
sources=${ROADLAW_SOURCES:-$(cd .. && pwd)/shared/sources}
if ! .venv/bin/roadlaw states --json | .venv/bin/python -c "import json,sys; sys.exit(0 if any(r['code']=='$state' and r['laws'] for r in json.load(sys.stdin)) else 1)"; then
  .venv/bin/roadlaw build --state "$state" --sources "$sources"
  .venv/bin/roadlaw index --state "$state"
fi
.venv/bin/roadlaw ask --state "$state" "${choices[@]}" "$question"
