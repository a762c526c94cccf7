#!/usr/bin/env bash
# Runs inside a pristine Debian of .ci/run (13 or 12), as root in a clean clone: exactly the
# README's two commands in a newcomer's order (run.sh, with a check of its picture, then test.sh),
# the .deb that .ci/run's second root installs, run.sh once more without a display, and last a
# check that nothing but the base and the project's scripts installed a package.
#   .ci/in-fresh-debian.sh SCOPE [HANDOFF]   SCOPE: all (scripts/test.sh) or release
#                                             (scripts/test.sh --release)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
dpkg-query -W -f='${Package}\n' >/tmp/base-packages.txt
# This root is thrown away after the run: dpkg need not fsync every file it unpacks.
echo force-unsafe-io >/etc/dpkg/dpkg.cfg.d/stereocl-ci-unsafe-io
# Nor need man-db index the manual pages of a root nobody reads them in: its "Building database
# of manual pages" took about 6 s of CPU in every root of every run.
echo "man-db man-db/auto-update boolean false" | debconf-set-selections
# The drivers' own compiler caches, PoCL's kernels and Mesa's shaders (llvmpipe's GL, rusticl), live
# beside ccache's objects on the host: both key an entry by the hash of what was compiled and the
# driver's own build, as ccache does, so a stale one is never used. Without them every run
# compiled each kernel variant and shader anew (SymmetricBufferKernel took 18 s in CI, 6 s here).
if [ -n "${CCACHE_DIR:-}" ]; then
  export POCL_CACHE_DIR=$CCACHE_DIR/driver-caches/pocl MESA_SHADER_CACHE_DIR=$CCACHE_DIR/driver-caches/mesa
  mkdir -p "$POCL_CACHE_DIR" "$MESA_SHADER_CACHE_DIR"
fi
section_start=$SECONDS
took() { echo "time: $1 took $((SECONDS - section_start)) s"; section_start=$SECONDS; }
case ${1:-} in
  all) test_scope=() ;;
  # Debian 12 runs its Release suite less the kernel suites' second shape (STEREOCL_SMALL_DEVICE:
  # the same kernels planned for a device with small limits), 106 of its 680 test-seconds. That
  # shape tests the host's planning, which is the same code on both releases, and Debian 13 runs
  # it on both its OpenCL compilers, as the sanitized suite tests the host on PoCL alone; each
  # release still runs every kernel suite on PoCL and rusticl.
  release) test_scope=(--release); export STEREOCL_TEST_EXCLUDE='@small-device$' ;;
  *) echo "in-fresh-debian: SCOPE '${1:-}': all or release" >&2; exit 2 ;;
esac
# .ci/run names a folder here for the .deb, copies the package out, and installs it in a second
# root beside Debian 13's fuzzing.
handoff=${2:-}

# Every package first, in one apt run, as scripts/test.sh would install them: the README's commands
# then find nothing missing (apt run twice, once by each command, cost 25 s more).
scripts/install-deps.sh --test
took "installing the packages"

# A newcomer's first command. The stereogram of the default 1280x720 scene: the symmetric algorithm
# (the default) is as wide as the scene (lookup would add one far-plane period, 85 pixels).
rm -f /tmp/shot.png
scripts/run.sh --frames 30 --hidden --screenshot /tmp/shot.png 2>&1 | tee /tmp/run-sh.log
size=$(/usr/bin/python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); assert d[:8]==b"\x89PNG\r\n\x1a\n", "not a PNG"; print("%dx%d" % struct.unpack(">II", d[16:24]))' /tmp/shot.png)
[ "$size" = 1280x720 ] || { echo "ci: scripts/run.sh's screenshot is $size, expected 1280x720"; exit 1; }
echo "ci: scripts/run.sh wrote a ${size} PNG"
took "scripts/run.sh"

# The Release build of scripts/run.sh serves for the package too: only the install prefix differs.
scripts/package.sh "$PWD/build"
if [ -n "$handoff" ]; then
  # Whole or not at all: .ci/run takes the first .deb it sees in the folder.
  mkdir -p "$handoff"
  cp build/stereocl_*.deb "$handoff/.partial.deb"
  mv "$handoff/.partial.deb" "$handoff/$(basename build/stereocl_*.deb)"
fi
took "scripts/package.sh"

scripts/test.sh "${test_scope[@]}" 2>&1 | tee /tmp/test-sh.log
# Zero compiler warnings in the Release build, on each release's compiler: the program's build
# (run.sh) and the tests' (test.sh's "Release build" phase). ccache replays a cached object's
# warnings, so a warm run sees them too.
release_build_output() {
  cat /tmp/run-sh.log
  sed -n '/^== Release build$/,/^== Release tests$/p' /tmp/test-sh.log
}
if release_build_output | grep -E '^[^ ]+:[0-9]+:[0-9]+: warning: '; then
  echo "ci: the Release build printed the compiler warnings above"; exit 1
fi
echo "ci: the Release build printed no compiler warning"
took "scripts/test.sh ${test_scope[*]}"

# A newcomer without a display types the command alone: it must end, with a picture and its path.
repo=$PWD
said=$(cd /tmp && env -u DISPLAY -u WAYLAND_DISPLAY timeout 600 bash "$repo/scripts/run.sh" | tail -n 5)
echo "$said" | grep -q "the picture is /tmp/stereocl-first-picture.png" ||
  { echo "ci: scripts/run.sh without a display did not say where its picture is: $said"; exit 1; }
echo "$said" | grep -q "is /tmp/stereocl-first-picture-depth.png" ||
  { echo "ci: scripts/run.sh without a display did not say where the picture's answer is: $said"; exit 1; }
[ -s /tmp/stereocl-first-picture.png ] || { echo "ci: scripts/run.sh without a display made no picture"; exit 1; }
[ -s /tmp/stereocl-first-picture-depth.png ] || { echo "ci: scripts/run.sh without a display made no answer"; exit 1; }
echo "ci: scripts/run.sh without a display ended with a picture, its depth and their paths"
took "scripts/run.sh without a display"

/usr/bin/python3 scripts/check-pristine.py /tmp/base-packages.txt
