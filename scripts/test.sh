#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the Release build under Xvfb, then an
# AddressSanitizer + UndefinedBehaviorSanitizer build of the same tests, the libFuzzer targets for
# 30 s each (eight of them: four minutes), then the app's --bench
# and the kernel micro-benchmarks at small sizes (they must run; CI asserts no speed).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/install-deps.sh" --test
jobs=$(nproc)
# Mesa's rusticl lists a device only for the drivers named here: llvmpipe gives the kernel tests a
# second OpenCL implementation beside PoCL (a machine with a GPU may name its own, e.g. radeonsi).
export RUSTICL_ENABLE=${RUSTICL_ENABLE:-llvmpipe}
# ...and the kernel tests fail if either is missing, rather than quietly test one compiler.
export STEREOCL_REQUIRE_CL_DEVICES=${STEREOCL_REQUIRE_CL_DEVICES:-portable,rusticl}

echo "== Release build and tests"
"$root/scripts/build.sh" "$root/build" -DSTEREOCL_TESTS=ON -DSTEREOCL_BENCHMARKS=ON
xvfb-run -a -s "-screen 0 1920x1080x24" ctest --test-dir "$root/build" --no-tests=error --output-on-failure -j "$jobs" \
  | tee "$root/build/ctest.log"

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
"$root/scripts/build.sh" "$root/build-asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSTEREOCL_SANITIZE=ON \
  -DSTEREOCL_TESTS=ON -DSTEREOCL_BENCHMARKS=OFF
# GL and OpenCL drivers (Mesa, PoCL) keep allocations for the life of the process and were not
# built with sanitizers: leaks are theirs, not ours, so leak checking is off; everything else is on.
ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  xvfb-run -a -s "-screen 0 1920x1080x24" ctest --test-dir "$root/build-asan" --no-tests=error --output-on-failure -j "$jobs" \
  | tee "$root/build-asan/ctest.log"

echo "== Fuzzing: the image decoders, the model loader, the command line and config files, 30 s each (a find fails the run and joins the corpus)"
"$root/scripts/fuzz.sh" 30

echo "== Benchmarks run (small sizes, no targets asserted)"
xvfb-run -a -s "-screen 0 1920x1080x24" "$root/build/stereocl" --bench --size 320x180 --frames 30 \
  --json "$root/build/bench.json"
"$root/build/tests/benchmarks/stereocl-bench" --benchmark_filter='256x64|256x256|64KiB' --benchmark_min_time=0.01

# One closing line for both test runs (the benchmarks above print last and assert nothing).
count() { sed -n "s/.*tests passed, \([0-9]*\) tests failed out of \([0-9]*\).*/\1 \2/p" "$1"; }
read -r failed_release total_release < <(count "$root/build/ctest.log")
read -r failed_asan total_asan < <(count "$root/build-asan/ctest.log")
skipped=$(cat "$root/build/ctest.log" "$root/build-asan/ctest.log" | grep -c "(Skipped)" || true)
failed=$((failed_release + failed_asan))
echo "tests: $((total_release + total_asan - failed - skipped)) passed, $failed failed, $skipped skipped"
