#!/usr/bin/env bash
# Run ON the lent NVIDIA machine, with .gpu carried (scripts/gpu-prepare.sh fills it): the whole
# GPU check in one call -- GPU-mode and kernel tests on the NVIDIA device, then --bench at
# 1920x1080 and 3840x2160 (GPU mode once per interop sync strategy, each with one hand-over a frame
# and step by step (--interop-batch all), and pipelined; at 1080p also with Sobel; GPU (external
# memory) mode) and the kernel micro-benchmarks, profiled and per call, then the peer libraries
# per call on the same work (scripts/peers-bench.py). Results go to $OUT (or ./gpu-out).
#   device run  carry=[".gpu"]  command="bash scripts/gpu-check.sh"
set -eo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
export STEREOCL_CL_DEVICE=NVIDIA STEREOCL_TEST_BINARY="$root/.gpu/bin/stereocl" STEREOCL_CL_FAULT_SHIM="$root/.gpu/bin/cl_fault_shim.so"
bash "$root/scripts/gpu-run.sh" bash -c "
  set -o pipefail
  stereocl --hidden --list-devices
  for test in end_to_end_test cl_failure_test symmetric_end_to_end_test texture_remake_test compose_test frame_chain_test stereogram_kernel_test symmetric_kernel_test sobel_test blur_test histogram_test luma_test emboss_test stereogram_buffer_kernel_test external_memory_test; do
    \$test --gtest_brief=1 2>&1 | tail -3
  done
  stereocl --bench --size 1920x1080 --interop-sync all --interop-batch all --pipeline --json '$out/bench-1920x1080.json'
  stereocl --bench --size 1920x1080 --interop-sync all --interop-batch all --effect sobel --json '$out/bench-1920x1080-sobel.json'
  stereocl --bench --size 3840x2160 --frames 300 --interop-sync all --interop-batch all --pipeline --json '$out/bench-3840x2160.json'
  # GPU (external memory) mode alone: each step's error, if any, is on stderr.
  stereocl --hidden --mode gpu-extmem --size 1920x1080 --frames 30 --screenshot '$out/gpu-extmem.png'
  stereocl-bench --cl-device NVIDIA --benchmark_min_time=0.3 2>&1 | tee '$out/kernels-profiled.txt'
  stereocl-bench --cl-device NVIDIA --benchmark_min_time=0.3 --per-call 2>&1 | tee '$out/kernels-per-call.txt'
  python3 scripts/peers-bench.py --json '$out/peers.json' 2>&1 | tee '$out/peers.txt'
" 2>&1 | tee "$out/gpu-check.log"
