#!/usr/bin/env bash
# Installs what is missing, builds Release and runs the demo. Arguments go to the program:
#   scripts/run.sh --mode cpu --size 1920x1080
# With no display (a server, CI), it runs under xvfb-run.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" "$root/build" -DSTEREOCL_TESTS=OFF -DSTEREOCL_BENCHMARKS=OFF
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1920x1080x24" "$root/build/stereocl" "$@"
fi
exec "$root/build/stereocl" "$@"
