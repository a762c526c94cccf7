#!/usr/bin/env bash
# Run HERE (the development machine) before using the lent NVIDIA machine: fills .gpu/ (ignored
# by git, carried by the device tool) with the Debian packages that give a GLX window on the
# NVIDIA driver there (see ../shared/gpu/README.md), and .gpu/bin with a Release build of the
# programs. Then one device call runs anything:
#   device run  carry=[".gpu"]  command="bash scripts/gpu-run.sh stereocl --bench --json \$OUT/bench.json"
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
grep -qx '/.gpu/' .git/info/exclude 2>/dev/null || echo '/.gpu/' >> .git/info/exclude
if [ ! -d .gpu/gl ] || [ ! -d .gpu/x ]; then
  fetch=../shared/gpu/fetch-debs.sh
  [ -x "$fetch" ] || { echo "gpu-prepare: $fetch not found (it comes with the shared folder beside the repo)" >&2; exit 1; }
  "$fetch" .gpu
fi
# CPU mode runs on OpenMP: the programs need GCC's libgomp, which the device image may lack.
ls .gpu/x/libgomp1_*.deb >/dev/null 2>&1 ||
  (cd .gpu/x && apt-get -oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/amd64-lists \
     download -qq libgomp1)
cp ../shared/gpu/device-env.sh .gpu/device-env.sh 2>/dev/null || [ -f .gpu/device-env.sh ]
"$root/scripts/build.sh" "$root/build-gpu"
mkdir -p .gpu/bin
cp build-gpu/stereocl build-gpu/tests/benchmarks/stereocl-bench .gpu/bin/
for test in build-gpu/tests/*_test; do cp "$test" .gpu/bin/; done
strip .gpu/bin/* 2>/dev/null || true
du -sh .gpu .gpu/bin
