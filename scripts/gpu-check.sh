#!/usr/bin/env bash
# Run ON the lent NVIDIA machine, with .gpu carried (scripts/gpu-prepare.sh fills it): the whole
# GPU check in one call -- GPU-mode and kernel tests on the NVIDIA device, then --bench at
# 1920x1080 (GPU mode once per interop sync strategy; without and with Sobel) and the kernel
# micro-benchmarks, profiled and per call, then the peer libraries per call on the same work
# (scripts/peers-bench.py). Results go to $OUT (or ./gpu-out).
#   device run  carry=[".gpu"]  command="bash scripts/gpu-check.sh"
set -eo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
export STEREOCL_CL_DEVICE=NVIDIA STEREOCL_TEST_BINARY="$root/.gpu/bin/stereocl"
bash "$root/scripts/gpu-run.sh" bash -c "
  set -o pipefail
  stereocl --hidden --list-devices
  for test in end_to_end_test texture_remake_test stereogram_kernel_test symmetric_kernel_test sobel_test blur_test histogram_test luma_test emboss_test; do
    \$test --gtest_brief=1 2>&1 | tail -3
  done
  stereocl --bench --size 1920x1080 --interop-sync all --json '$out/bench-1920x1080.json'
  stereocl --bench --size 1920x1080 --interop-sync all --effect sobel --json '$out/bench-1920x1080-sobel.json'
  stereocl-bench --cl-device NVIDIA --benchmark_min_time=0.3 2>&1 | tee '$out/kernels-profiled.txt'
  stereocl-bench --cl-device NVIDIA --benchmark_min_time=0.3 --per-call 2>&1 | tee '$out/kernels-per-call.txt'
  python3 scripts/peers-bench.py --json '$out/peers.json' 2>&1 | tee '$out/peers.txt'
" 2>&1 | tee "$out/gpu-check.log"
