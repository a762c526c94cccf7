#!/usr/bin/env bash
# Builds the Debian package: scripts/package.sh [BUILD_DIR] -> BUILD_DIR/stereocl_VERSION_ARCH.deb
# (install it with `sudo apt install ./build-deb/stereocl_*.deb`, which pulls in its dependencies).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build-deb}
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" "$build" -DSTEREOCL_TESTS=OFF -DSTEREOCL_BENCHMARKS=OFF -DCMAKE_INSTALL_PREFIX=/usr
(cd "$build" && cpack -G DEB)
ls "$build"/stereocl_*.deb
