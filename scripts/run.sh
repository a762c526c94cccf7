#!/usr/bin/env bash
# Installs what is missing, builds Release and runs the demo. Arguments go to the program:
#   scripts/run.sh --mode cpu --size 1920x1080
# With no display (a server, CI) a window cannot be seen, so it makes one picture of the animated
# scene under xvfb-run and says where it is, unless the arguments already end the run themselves
# (--frames, --output, --bench, --list-devices, --help, ...).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" "$root/build" -DSTEREOCL_TESTS=OFF -DSTEREOCL_BENCHMARKS=OFF
program=$root/build/stereocl
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then exec "$program" "$@"; fi

ends_by_itself=false
for argument in "$@"; do
  case $argument in
    --frames|--frames=*|-o|--output|--output=*|--bench|--soak|--soak=*|--list-devices|-h|--help|--version|--write-config|--write-config=*)
      ends_by_itself=true ;;
  esac
done
xvfb=(xvfb-run -a -s "-screen 0 1920x1080x24")
if $ends_by_itself; then exec "${xvfb[@]}" "$program" "$@"; fi

# Two seconds of the scene at 60 frames a second; the picture is the last frame's. Its answer, the
# same frame's depth (white = near), goes beside it, so a newcomer can check what they saw.
picture=$PWD/stereocl-first-picture.png
answer=$PWD/stereocl-first-picture-depth.png
shot=(--screenshot "$picture")
source="the animated scene (a ball bouncing in a box)"
for argument in "$@"; do
  case $argument in
    --screenshot|--screenshot=*) shot=(); picture="the --screenshot you named" ;;
    --depth|--depth=*|--model|--model=*|--text|--text=*) source="what you named" ;;
  esac
done
echo "run.sh: no display here, so no window to watch: making one picture of $source instead"
"${xvfb[@]}" "$program" --frames 120 --hidden --guide-dots "$@" "${shot[@]}"
echo "run.sh: the picture is $picture"
if [ ${#shot[@]} -gt 0 ]; then
  "${xvfb[@]}" "$program" --frames 120 --hidden "$@" --debug-view depth --screenshot "$answer"
  echo "run.sh: what it hides, the same frame's depth (white = near), is $answer"
fi
echo "run.sh: open the picture on a screen and look through it until the two dots above it become three;"
echo "run.sh: on a machine with a display, scripts/run.sh opens the live window (W there reveals the depth)"
