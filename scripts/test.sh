#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the Release build under Xvfb, then an
# AddressSanitizer + UndefinedBehaviorSanitizer build of the same tests, the libFuzzer targets for
# 30 s each (eight of them: four minutes), then the app's --bench
# and the kernel micro-benchmarks at small sizes (they must run; CI asserts no speed).
#   scripts/test.sh              all of it
#   scripts/test.sh --release    the Release build's tests and the benchmarks only: CI runs the whole
#                                of it on Debian 13 and this on Debian 12 (docs/development.md)
# Each phase prints how long it took ("time: ..."); docs/development.md keeps the table, and its
# fast local loop (scripts/quick-test.sh) for the minutes between two full runs.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
case ${1:-} in
  "") suites=(build build-asan) ;;
  --release) suites=(build) ;;
  *) echo "test.sh: '$1' is not an option: none (every test) or --release (the Release build's tests)" >&2; exit 2 ;;
esac
started=$SECONDS
phase_start=$SECONDS
# phase NAME: prints the last phase's duration and starts the next.
phase() {
  [ -n "${phase_name:-}" ] && echo "time: $phase_name took $((SECONDS - phase_start)) s"
  phase_name=$1 phase_start=$SECONDS
  [ -n "$phase_name" ] && echo "== $phase_name"
  return 0
}
phase "Installing what is missing"
"$root/scripts/install-deps.sh" --test
jobs=$(nproc)
# The tests about every OpenCL device also see Mesa's rusticl on llvmpipe, a second compiler beside
# PoCL (tests/CMakeLists.txt: STEREOCL_TEST_RUSTICL_ENABLE), and the kernel tests fail if either is
# missing, rather than quietly test one compiler.
export STEREOCL_REQUIRE_CL_DEVICES=${STEREOCL_REQUIRE_CL_DEVICES:-portable,rusticl}
# -noreset: Xvfb otherwise resets whenever its last client leaves, and a test connecting during
# that reset dies of SIGPIPE (seen once in CI between two GL tests at -j 2).
xvfb=(xvfb-run -a -s "-screen 0 1920x1080x24 -noreset")

phase "Release build"
"$root/scripts/build.sh" "$root/build" -DSTEREOCL_TESTS=ON -DSTEREOCL_BENCHMARKS=ON
phase "Release tests"
# STEREOCL_TEST_EXCLUDE: a ctest -E pattern of entries to leave out. CI's Debian 12 leg leaves out
# the kernel suites' small-device shape, which Debian 13's runs (.ci/in-fresh-debian.sh says why).
exclude=()
[ -n "${STEREOCL_TEST_EXCLUDE:-}" ] && exclude=(-E "$STEREOCL_TEST_EXCLUDE")
"${xvfb[@]}" ctest --test-dir "$root/build" --no-tests=error --output-on-failure -j "$jobs" "${exclude[@]}" \
  | tee "$root/build/ctest.log"

if [ ${#suites[@]} -gt 1 ]; then
  phase "AddressSanitizer + UndefinedBehaviorSanitizer build"
  # Line tables (-g1) are all a sanitizer's report needs of debug information, at a fraction of -g's
  # cost. GCC, as the Release build: a clang build shared with the fuzzers (tried, docs/development.md)
  # saves three minutes of a cold run but tests another compiler's code generation than the one
  # users get.
  sanitized_flags="-O2 -g1 -DNDEBUG"
  "$root/scripts/build.sh" "$root/build-asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="$sanitized_flags" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$sanitized_flags" \
    -DSTEREOCL_SANITIZE=ON -DSTEREOCL_TESTS=ON -DSTEREOCL_BENCHMARKS=OFF
  phase "AddressSanitizer + UndefinedBehaviorSanitizer tests"
  # GL and OpenCL drivers (Mesa, PoCL) keep allocations for the life of the process and were not
  # built with sanitizers: leaks are theirs, not ours, so leak checking is off; everything else is on.
  ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "${xvfb[@]}" ctest --test-dir "$root/build-asan" --no-tests=error --output-on-failure -j "$jobs" \
    | tee "$root/build-asan/ctest.log"

  phase "Fuzzing: the image decoders, the model loader, the command line and config files, 30 s each (a find fails the run and joins the corpus)"
  "$root/scripts/fuzz.sh" 30
fi

phase "Benchmarks run (small sizes, no targets asserted)"
"${xvfb[@]}" "$root/build/stereocl" --bench --size 320x180 --frames 30 --json "$root/build/bench.json"
"$root/build/tests/benchmarks/stereocl-bench" --benchmark_filter='256x64|256x256|64KiB' --benchmark_min_time=0.01
phase ""

# The slowest tests of each suite, by ctest's own timing: docs/development.md justifies them.
for suite in "${suites[@]}"; do
  echo "time: the slowest tests of $suite:"
  grep -E '^ *[0-9]+/[0-9]+ Test +#' "$root/$suite/ctest.log" | sed 's/.*Test *#[0-9]*: //' \
    | awk '{print $(NF-1), $1}' | sort -rn | awk 'NR <= 8 {print "time:   " $0}'  # reads all: no SIGPIPE
done
echo "time: scripts/test.sh took $((SECONDS - started)) s in all"

# One closing line for both test runs (the benchmarks above print last and assert nothing).
count() { sed -n "s/.*tests passed, \([0-9]*\) tests failed out of \([0-9]*\).*/\1 \2/p" "$1"; }
failed=0 total=0 skipped=0
for suite in "${suites[@]}"; do
  read -r suite_failed suite_total < <(count "$root/$suite/ctest.log")
  failed=$((failed + suite_failed)) total=$((total + suite_total))
  skipped=$((skipped + $(grep -c "(Skipped)" "$root/$suite/ctest.log" || true)))
done
echo "tests: $((total - failed - skipped)) passed, $failed failed, $skipped skipped"
