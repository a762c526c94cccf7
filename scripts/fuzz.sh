#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, -fsanitize=fuzzer,address,undefined) in build-fuzz/ and
# runs each for N seconds (default 30), seeded from tests/fuzz/corpus/<target>/.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]
# Targets: png_decode jpeg_decode webp_decode tiff_decode pnm_decode (each image decoder reached
# straight), model_load (a model file through load_model and Assimp), command_line, config_text.
#
# Every crash, hang (a run over 10 s) or out-of-memory input found is copied into the seed corpus
# as a regression input -- the normal test run replays that folder -- and the script exits 1.
# Needs: clang, libclang-rt-N-dev (libFuzzer and the sanitizer runtimes), libomp-N-dev (clang's
# OpenMP; N is the release's clang), plus the build's packages: scripts/install-deps.sh --test
# installs them.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-30}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(png_decode jpeg_decode webp_decode tiff_decode pnm_decode model_load command_line config_text)
# STEREOCL_FUZZ_BUILD names a folder already configured with STEREOCL_FUZZ=ON (a clang sanitizer
# build that also has the tests, say), to link the fuzzers from its objects.
build=${STEREOCL_FUZZ_BUILD:-$root/build-fuzz}
if [ -z "${STEREOCL_FUZZ_BUILD:-}" ]; then
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  # Line tables are all a sanitizer's report needs of debug information, at a fraction of -g's cost.
  flags="-O2 -gline-tables-only -DNDEBUG"
  CC=clang CXX=clang++ cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSTEREOCL_FUZZ=ON \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="$flags" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$flags" \
    -DSTEREOCL_TESTS=OFF -DSTEREOCL_BENCHMARKS=OFF "${launcher[@]}" >/dev/null
fi
cmake --build "$build" -j "$(nproc)" --target "${targets[@]/#/fuzz_}"

# fuzz_one TARGET: one libFuzzer run of SECONDS; its output in $build/fuzz_TARGET.log.
fuzz_one() {
  local target=$1
  local seeds="$root/tests/fuzz/corpus/$target"
  local work="$build/corpus/$target"        # what the fuzzer learns; the seeds stay as committed
  local artifacts="$build/artifacts/$target"
  rm -rf "$artifacts"   # what an earlier run found is in the seeds already
  mkdir -p "$seeds" "$work" "$artifacts"
  # halt_on_error: the first sanitizer report ends the run with an artifact, as a crash does.
  # max_allocation_size_mb below the 2048 MB malloc limit: ASan refuses a larger block before
  # libFuzzer's malloc hook sees it, so Assimp's child process (core/os/isolated_call), which
  # inherits that hook, fails by itself instead of saving the input as an out-of-memory find.
  ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:max_allocation_size_mb=2000 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    "$build/tests/fuzz/fuzz_$target" "$work" "$seeds" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="$artifacts/" >"$build/fuzz_$target.log" 2>&1 || true
}

# One fuzzer a core at a time (each is single-threaded): the same seconds of fuzzing each, in less time.
running=0
for target in "${targets[@]}"; do
  fuzz_one "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$(nproc)" ]; then wait -n || true; running=$((running - 1)); fi
done
wait

found=0
for target in "${targets[@]}"; do
  artifacts="$build/artifacts/$target"
  seeds="$root/tests/fuzz/corpus/$target"
  echo "== fuzz_$target for ${seconds}s"
  grep -E "^#[0-9]+[[:space:]]+(INITED|DONE)|stat::|ERROR|SUMMARY|Test unit written" "$build/fuzz_$target.log" || true
  for artifact in "$artifacts"/crash-* "$artifacts"/timeout-* "$artifacts"/oom-* "$artifacts"/leak-*; do
    [ -e "$artifact" ] || continue
    cp "$artifact" "$seeds/regression-$(basename "$artifact")"
    echo "fuzz_$target found $(basename "$artifact"); kept as tests/fuzz/corpus/$target/regression-$(basename "$artifact")"
    found=1
  done
done
exit $found
