#!/usr/bin/env bash
# Makes README.md's pictures: the first picture (docs/stereogram.png: the ball's scene with the
# default algorithm and the convergence dots above it, and docs/stereogram-depth.png, what it
# hides) and, in docs/sources/, a model, a hidden word and the ball's scene in its own colours, each
# as a stereogram beside the depth map it hides. Run after a build, with a display or under
# xvfb-run (the depth views are the window's debug view, saved by --screenshot):
#   xvfb-run -a scripts/source-pictures.sh [BUILD_DIR] [OUT_DIR]
# OUT_DIR (default docs/) is where the test readme_pictures makes them anew, to compare their pixels
# with the ones README shows.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
stereocl=${1:-$root/build}/stereocl
out=${2:-$root/docs}
mkdir -p "$out/sources"
# One window frame each: --hidden, CPU mode (the same picture on every engine), a fixed number of
# 60 Hz steps of motion, so every machine makes the same pixels.
shot() { "$stereocl" --hidden --mode cpu --frames 30 --size 640x360 "$@"; }

"$stereocl" --hidden --mode cpu --frames 120 --size 960x540 --guide-dots --screenshot "$out/stereogram.png"
"$stereocl" --hidden --mode cpu --frames 120 --size 960x540 --debug-view depth --screenshot "$out/stereogram-depth.png"
shot --model torus-knot --screenshot "$out/sources/model.png"
shot --model torus-knot --debug-view depth --screenshot "$out/sources/model-depth.png"
shot --text HELLO --screenshot "$out/sources/word.png"
shot --text HELLO --debug-view depth --screenshot "$out/sources/word-depth.png"
shot --pattern scene --screenshot "$out/sources/scene-colours.png"
shot --debug-view depth --screenshot "$out/sources/scene-colours-depth.png"
"$stereocl" --hidden --mode scene --size 640x360 --frames 30 --screenshot "$out/sources/scene-colours-lit.png"
echo "source-pictures: wrote 2 pictures to $out and $(ls "$out/sources" | wc -l) to $out/sources"
