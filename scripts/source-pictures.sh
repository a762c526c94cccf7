#!/usr/bin/env bash
# Makes README.md's source pictures in docs/sources/: a model, a hidden word and the ball's scene in
# its own colours, each as a stereogram beside the depth map it hides. Run after a build, with a
# display or under xvfb-run (the depth views are the window's debug view, saved by --screenshot):
#   xvfb-run -a scripts/source-pictures.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
stereocl=${1:-$root/build}/stereocl
out=$root/docs/sources
mkdir -p "$out"
size=640x360
# One window frame each: --hidden, CPU mode (the same picture on every engine), 30 frames of motion.
shot() { "$stereocl" --hidden --mode cpu --size $size --frames 30 "$@"; }

shot --model torus-knot --screenshot "$out/model.png"
shot --model torus-knot --debug-view depth --screenshot "$out/model-depth.png"
shot --text HELLO --screenshot "$out/word.png"
shot --text HELLO --debug-view depth --screenshot "$out/word-depth.png"
shot --pattern scene --screenshot "$out/scene-colours.png"
shot --debug-view depth --screenshot "$out/scene-colours-depth.png"
"$stereocl" --hidden --mode scene --size $size --frames 30 --screenshot "$out/scene-colours-lit.png"
echo "source-pictures: wrote $(ls "$out" | wc -l) pictures to $out"
