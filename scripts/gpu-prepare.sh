#!/usr/bin/env bash
# Run HERE (the development machine) before using the lent NVIDIA machine: fills .gpu/ (ignored
# by git, carried by the device tool) with the Debian packages that give a GLX window on the
# NVIDIA driver there (see docs/development.md), a Release build of the programs in .gpu/bin, and in
# .gpu/lib every library they load that neither that machine's base system nor the carried packages
# provide (ldd decides, so a new dependency is bundled without anyone remembering to). Then one
# device call runs anything (the programs go packed; gpu-run.sh unpacks them there):
#   device run  carry=[".gpu"]  command="bash scripts/gpu-check.sh"
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
exclude=$(git rev-parse --git-path info/exclude)
mkdir -p "$(dirname "$exclude")"
grep -qx '/.gpu/' "$exclude" 2>/dev/null || echo '/.gpu/' >> "$exclude"
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
# Without MP4 recording (its module, record/mp4_module.hpp, is not built): FFmpeg's libraries alone
# would overflow the 64 MiB carried folder.
# Only the tests that need the GPU go (the carried folder is limited to 64 MiB): those of the
# kernels, the modes, GL sharing and GL compute mode's shader, named by their source files. The tests
# are linked one executable a layer (tests/CMakeLists.txt), so each executable that holds one of them
# goes with a gtest filter of those files' suites (NAME.filter beside it; gpu-check.sh passes it).
gpu_tests=(end_to_end_test gl_scene_test cl_failure_test symmetric_end_to_end_test texture_remake_test compose_test
  frame_chain_test stereogram_kernel_test symmetric_kernel_test sobel_test blur_test histogram_test luma_test
  emboss_test posterize_test stereogram_buffer_kernel_test symmetric_buffer_kernel_test external_memory_test
  scene_colours_test gl_compute_mode_test still_every_mode_test)
# STEREOCL_GPU_BUILD names another Release build with tests and benchmarks to carry instead, one
# configured with -DSTEREOCL_MP4=OFF: with MP4 on, app_tests links FFmpeg, and its libraries
# bundled (about 50 MB) overflow the carried folder.
build=${STEREOCL_GPU_BUILD:-$root/build-gpu}
if [ -n "${STEREOCL_GPU_BUILD:-}" ] && grep -q '^STEREOCL_MP4:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
  echo "gpu-prepare: $build is configured with STEREOCL_MP4=ON; the GPU machine's build must have it OFF (FFmpeg would overflow the 64 MiB carried)" >&2
  exit 1
fi
[ -n "${STEREOCL_GPU_BUILD:-}" ] ||
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DSTEREOCL_TESTS=ON -DSTEREOCL_BENCHMARKS=ON \
    -DSTEREOCL_MP4=OFF >/dev/null
# Which executable holds each file: the object's folder in the build tree says so.
declare -A filters=()
for test in "${gpu_tests[@]}"; do
  listing=$(grep -l "/tests/$test.cpp\"" "$build"/tests/CMakeFiles/*_tests.dir/DependInfo.cmake | head -n 1)
  executable=$(basename "$(dirname "$listing")" .dir)
  suites=$(sed -nE 's/^(TEST|TEST_F|TEST_P|TYPED_TEST)\(([A-Za-z0-9_]+),.*/\2/p' "$root/tests/$test.cpp" | sort -u)
  for suite in $suites; do filters[$executable]+="${filters[$executable]:+:}$suite.*:*/$suite.*"; done
done
cmake --build "$build" -j "$(nproc)" --target stereocl stereocl-bench stereocl_cl_fault_shim "${!filters[@]}"
rm -rf .gpu/bin .gpu/lib
mkdir -p .gpu/bin .gpu/lib
cp "$build/stereocl" "$build/tests/benchmarks/stereocl-bench" .gpu/bin/
for executable in "${!filters[@]}"; do
  cp "$build/tests/$executable" .gpu/bin/
  echo "${filters[$executable]}" >".gpu/bin/$executable.filter"
done
cp "$build/tests/cl_fault_shim.so" .gpu/bin/  # preloaded by cl_failure_test
# The carried programs are a build folder's: its CMakeCache.txt beside them lets the tests' switches
# (STEREOCL_BREAK_KERNELS, core/os/test_hook.hpp) reach them there as in the build folder here.
cp "$build/CMakeCache.txt" .gpu/bin/
# No model module: no GPU check reads a model file, and Assimp with Draco would take 4 MB of the
# 64 MiB the device tool carries.
strip .gpu/bin/*_tests .gpu/bin/stereocl .gpu/bin/stereocl-bench .gpu/bin/*.so

# Libraries the device has of its own: the C/C++ runtime (its glibc is newer) and the GL/OpenCL
# loaders whose vendor parts come from its NVIDIA driver. Everything else the binaries load must be
# in the carried packages or bundled here.
provided_there='^(libc|libm|libdl|librt|libpthread|ld-linux-x86-64|libgcc_s|libstdc\+\+|libGL|libGLX|libGLdispatch|libEGL|libOpenGL|libOpenCL)\.so'
# Names the carried packages install, links included ("./usr/lib/.../libglfw.so.3 -> libglfw.so.3.3").
carried=$(for deb in .gpu/gl/*.deb .gpu/x/*.deb; do dpkg-deb -c "$deb"; done |
          awk '{print ($(NF-1) == "->") ? $(NF-2) : $NF}' | xargs -n1 basename | sort -u)
for library in $(ldd .gpu/bin/*_tests .gpu/bin/stereocl .gpu/bin/stereocl-bench .gpu/bin/*.so | awk '$2 == "=>" && $3 ~ /^\// {print $3}' | sort -u); do
  name=$(basename "$library")
  [[ $name =~ $provided_there ]] && continue
  grep -qxF "$name" <<<"$carried" && continue
  cp -L "$library" .gpu/lib/
done
echo "gpu-prepare: bundled $(ls .gpu/lib | tr '\n' ' ')"
# The device tool carries 64 MiB, the Debian packages take ~44 of it and the repo ~9: the programs
# travel xz-packed (17 MB -> 3 MB, most of it gtest linked into each test); gpu-run.sh unpacks them.
tar -C .gpu -cJf .gpu/programs.tar.xz bin lib
rm -rf .gpu/bin .gpu/lib
du -sh .gpu .gpu/programs.tar.xz
