#!/usr/bin/env bash
# Makes docs/panel.md's pictures: the panel's three tabs at --ui-scale 1, 1.5 and 2, each cropped from
# the window as drawn (--screenshot-window: panel, picture and dots), the ball's scene in CPU mode.
# Run after a build, under an X server the size of a 1080p screen (the window is sized to it):
#   xvfb-run -a -s "-screen 0 1920x1080x24" scripts/panel-pictures.sh [BUILD_DIR] [OUT_DIR]
# Needs netpbm (pngtopam, pamcut, pnmtopng: install-deps.sh --test). The frame rates and stage
# times in them are the machine's, so unlike README's pictures (tests/readme_pictures_test.py) a
# test cannot compare them pixel for pixel.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
stereocl=${1:-$root/build}/stereocl
out=${2:-$root/docs}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for scale in 1 1.5 2; do
  name=${scale/./_}x
  width=$(awk -v s="$scale" 'BEGIN { printf "%d", 440 * s }')  # ui/panel.hpp's kPanelWidth, scaled
  for tab in show picture measure; do
    "$stereocl" --mode cpu --frames 60 --ui-scale "$scale" --panel-tab "$tab" --screenshot-window "$work/window.png"
    pngtopam "$work/window.png" | pamcut -left 0 -width "$width" | pnmtopng >"$out/panel-$tab-$name.png"
  done
done
echo "panel-pictures: wrote 9 pictures to $out"
