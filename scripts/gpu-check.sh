#!/usr/bin/env bash
# Run ON the lent NVIDIA machine, with .gpu carried (scripts/gpu-prepare.sh fills it): the whole
# GPU check in one call -- GPU-mode and kernel tests on the NVIDIA device, then --bench at
# 1920x1080 and 3840x2160 (GPU mode once per interop sync strategy, each with one hand-over a frame
# and step by step (--interop-batch all), and pipelined; at 1080p also with Sobel; GPU (external
# memory) mode) and the kernel micro-benchmarks, profiled and per call, then the peer libraries
# per call on the same work (scripts/peers-bench.py). Results go to $OUT (or ./gpu-out).
#   device run  carry=[".gpu"]  command="bash scripts/gpu-check.sh modes"   (then kernels)
set -eo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
export STEREOCL_CL_DEVICE=NVIDIA STEREOCL_TEST_BINARY="$root/.gpu/bin/stereocl" STEREOCL_CL_FAULT_SHIM="$root/.gpu/bin/cl_fault_shim.so"
# Parts, each inside one device call's 10 minutes: `modes` (`tests`, the GPU tests, then --bench),
# `kernels` (stereocl-bench and the peers), `compare` (the cross-implementation --bench) and
# `inflight` (`tests`, then --bench with 1, 2 and 3 frames in flight); no argument runs modes and
# kernels.
part=${1:-all}
tests="
  stereocl --hidden --list-devices
  # Every test gpu-prepare.sh carried: that list is the one to edit.
  for test in \$(cd '$root/.gpu/bin' && ls *_tests); do
    # A hang costs one executable, not the call; the summary and every failure, named (a tail hid one).
    echo \"== \$test\"
    timeout 300 \$test --gtest_brief=1 --gtest_filter=\"\$(cat '$root/.gpu/bin/'\$test.filter)\" 2>&1 |
      grep -E 'FAILED|Failure|tests? ran|PASSED|SKIPPED' | head -24
  done
"
bench="
  bench='stereocl --bench --frames 300 --bench-repeat 2 --interop-sync all --interop-batch all'
  \$bench --size 1920x1080 --pipeline --json '$out/bench-1920x1080.json'
  \$bench --size 1920x1080 --algorithm lookup --pipeline --json '$out/bench-1920x1080-lookup.json'
  \$bench --size 1920x1080 --effect sobel --json '$out/bench-1920x1080-sobel.json'
  \$bench --size 3840x2160 --pipeline --json '$out/bench-3840x2160.json'
  # GPU (external memory) mode alone, each algorithm's buffer kernel: each step's error, if any, is on stderr.
  stereocl --hidden --mode gpu-extmem --algorithm lookup --size 1920x1080 --frames 30 --screenshot '$out/gpu-extmem.png'
  stereocl --hidden --mode gpu-extmem --algorithm symmetric --size 1920x1080 --frames 30 --screenshot '$out/gpu-extmem-symmetric.png'
"
# The size and settings docs/results/ compares OpenCL implementations at (PoCL, rusticl, NVIDIA):
# the same command on every machine (README, "Compare your GPU").
compare="
  stereocl --bench --size 640x360 --frames 100 --json '$out/bench-640x360.json'
"
# Frames in flight (docs/performance.md §48): every mode at 1080p waiting for each frame, then with
# two and three frames queued, in one call so that the ratios compare.
inflight="
  for n in 1 2 3; do
    stereocl --bench --size 1920x1080 --frames 1000 --bench-repeat 3 --frames-in-flight \$n --json '$out/bench-inflight-'\$n'.json'
  done
"
kernels="
  stereocl-bench --cl-device NVIDIA --benchmark_min_time=0.2 2>&1 | tee '$out/kernels-profiled.txt'
  stereocl-bench --cl-device NVIDIA --benchmark_min_time=0.2 --per-call 2>&1 | tee '$out/kernels-per-call.txt'
  python3 scripts/peers-bench.py --json '$out/peers.json' 2>&1 | tee '$out/peers.txt'
"
case $part in
  tests) work=$tests ;;
  modes) work="$tests $bench" ;;
  compare) work=$compare ;;
  kernels) work=$kernels ;;
  inflight) work="$tests $inflight" ;;
  all) work="$tests $bench $kernels" ;;
  *) echo "usage: scripts/gpu-check.sh [tests|modes|compare|kernels|inflight]" >&2; exit 2 ;;
esac
bash "$root/scripts/gpu-run.sh" bash -c "set -o pipefail; $work" 2>&1 | tee "$out/gpu-check-$part.log"
