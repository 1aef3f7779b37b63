#!/usr/bin/env bash
# The same as github-actions-from-source.yml, for any CI system that runs shell on Debian or Ubuntu with Swift:
# build pagereel, validate the deck, render an MP4 and a GIF, leave them in ./artifacts.
#
#   PAGEREEL=path/to/pagereel/checkout DECK=demo/deck.json Samples/ci/render.sh
set -euo pipefail
PAGEREEL=${PAGEREEL:-.}
DECK=${DECK:-Samples/onboarding/deck.json}
OUT=${OUT:-artifacts}

"$PAGEREEL/Scripts/setup"
swift build -c release --package-path "$PAGEREEL" --product pagereel
BIN="$PAGEREEL/.build/release/pagereel"

mkdir -p "$OUT"
"$BIN" validate "$DECK"
# Plain progress lines suit CI logs; --json leaves a machine-readable summary.
"$BIN" export "$DECK" --progress plain --json -o "$OUT/demo.mp4" -o "$OUT/demo.gif" > "$OUT/summary.json"
cat "$OUT/summary.json"
