#!/usr/bin/env bash
# Soak test: runs stereocl for SECONDS under xvfb-run (nice'd), switching between the MODEs given
# (default: every mode that runs), resizing, dropping depth maps and changing the pattern width
# every few seconds through the key table and the drop function (stereocl --soak), and samples its
# RSS once a second. Writes $SOAK_DIR/soak-rss.csv (default build/soak) and prints start, end and
# maximum RSS; with SOAK_CHART=FILE.png also draws the curve.
#   scripts/soak.sh 600 cpu-readback cpu
# STEREOCL_BINARY picks the binary (default build/stereocl); extra options go in SOAK_OPTIONS.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ $# -lt 1 ]; then
  echo "usage: scripts/soak.sh SECONDS [MODE...]" >&2
  exit 2
fi
seconds=$1
shift
binary=${STEREOCL_BINARY:-$root/build/stereocl}
dir=${SOAK_DIR:-$root/build/soak}
mkdir -p "$dir"
csv=$dir/soak-rss.csv
modes=()
if [ $# -gt 0 ]; then
  modes=(--mode "$1" --soak-modes "$(IFS=,; echo "$*")")
fi
# shellcheck disable=SC2086  # SOAK_OPTIONS is a list of words on purpose
nice -n 10 xvfb-run -a -s "-screen 0 1920x1080x24" \
  "$binary" --no-vsync --soak "$seconds" --soak-csv "$csv" "${modes[@]}" ${SOAK_OPTIONS:-}
/usr/bin/python3 "$root/scripts/soak_chart.py" "$csv" ${SOAK_CHART:+"$SOAK_CHART"}
