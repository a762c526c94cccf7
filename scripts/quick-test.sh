#!/usr/bin/env bash
# The developers' fast loop: builds what changed (Release, in build/, through ccache) and runs the
# tests that touch it, under Xvfb. The README's scripts/test.sh stays the full run; this one is for
# the minutes between two of them (docs/development.md).
#   scripts/quick-test.sh             tests touched by what differs from HEAD (staged, unstaged, untracked)
#   scripts/quick-test.sh REV         ...by what differs from REV (e.g. HEAD~3, or main for a branch)
#   scripts/quick-test.sh -R REGEX    the tests ctest's -R selects, after the build
#   scripts/quick-test.sh -n [REV]    only says which test files and which ctest regex it would run
# A test is touched when its file changed, or when it includes (directly or not, as the compiler's
# depfile says) a changed header, the header beside a changed source file, or a header named after
# a changed kernel or shader (kernels/sobel.cl -> compute/effects/sobel_kernel.hpp).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$root/build
cd "$root"

regex=""
base=HEAD
dry=false
[ "${1:-}" = -n ] && { dry=true; shift; }
case ${1:-} in
  -R) regex=${2:?"-R needs a regular expression"} ;;
  -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
  "") ;;
  *) base=$1 ;;
esac

$dry || [ -f "$build/CMakeCache.txt" ] && grep -q '^STEREOCL_TESTS:BOOL=ON' "$build/CMakeCache.txt" ||
  "$root/scripts/build.sh" "$build" -DSTEREOCL_TESTS=ON -DSTEREOCL_BENCHMARKS=ON >/dev/null
$dry || cmake --build "$build" -j "$(nproc)" 2>&1 | grep -E 'error|warning|Linking' || true
$dry || cmake --build "$build" -j "$(nproc)" >/dev/null  # fails loudly if the build is broken

if [ -z "$regex" ]; then
  changed=$( (git diff --name-only "$base"; git ls-files --others --exclude-standard) | sort -u)
  [ -n "$changed" ] || { echo "quick-test: nothing differs from $base"; exit 0; }
  # Header names (as patterns) that stand for each changed file.
  stems=()
  direct=()  # a kernel or shader: only tests that include its host's header themselves
  for file in $changed; do
    case $file in
      tests/*_test.cpp) ;;
      *.hpp|*.h) stems+=("$(basename "$file" | sed 's/\./\\./g')") ;;
      *.cpp) stems+=("$(basename "${file%.cpp}")\.hpp") ;;
      kernels/*.cl|shaders/*.glsl) stem=$(basename "${file%.*}"); direct+=("${stem%%_*}[a-z_]*\.hpp") ;;
    esac
  done
  tests=()
  for file in $changed; do
    case $file in tests/*_test.cpp) [ -f "$file" ] && tests+=("$(basename "$file" .cpp)") ;; esac
  done
  for depfile in "$build"/tests/CMakeFiles/*_tests.dir/*_test.cpp.o.d; do
    [ -e "$depfile" ] || continue
    test=$(basename "$depfile" .cpp.o.d)
    for stem in "${stems[@]}"; do
      if grep -qE "/$stem( |\\|$)" "$depfile"; then tests+=("$test"); break; fi
    done
    for stem in "${direct[@]}"; do
      if grep -qE "^#include \"[a-z/]*/$stem\"" "tests/$test.cpp"; then tests+=("$test"); break; fi
    done
  done
  [ ${#tests[@]} -gt 0 ] || { echo "quick-test: no test includes what changed ($(echo $changed)); run scripts/test.sh"; exit 0; }
  suites=$(for test in $(printf '%s\n' "${tests[@]}" | sort -u); do
    sed -nE 's/^(TEST|TEST_F|TEST_P|TYPED_TEST)\(([A-Za-z0-9_]+),.*/\2/p' "tests/$test.cpp"
  done | sort -u | paste -sd '|')
  # A case is Suite.Name; a kernel suite's entry is Suite or Suite@small-device (tests/kernel_suites.cmake).
  regex="(^|/)($suites)(\\.|@|\$)"
  echo "quick-test: $(printf '%s\n' "${tests[@]}" | sort -u | paste -sd ' ')"
fi
$dry && { echo "quick-test: ctest -R '$regex'"; exit 0; }
# -noreset: scripts/test.sh says why.
xvfb-run -a -s "-screen 0 1920x1080x24 -noreset" ctest --test-dir "$build" -R "$regex" --output-on-failure -j "$(nproc)"
