#!/usr/bin/env bash
# Installs the Debian packages stereocl needs -- only those missing -- on Debian 13 (trixie) or
# Debian 12 (bookworm). Runs as root, or through sudo.
#   scripts/install-deps.sh            what building and running the demo needs (scripts/run.sh)
#   scripts/install-deps.sh --test     that, plus what the tests need (scripts/test.sh)
#   scripts/install-deps.sh --list GROUP...   print the groups' packages, one a line; installs nothing
# The groups below are the single list of what the build uses: tests/check_build_packages.py fails
# when the compiler opens a header or the linker a library from a package that is not listed here
# (or pulled in by one that is), and when a listed -dev package is never used.
set -euo pipefail

# The release decides the few names that carry a version: clang's fuzzer runtime and OpenMP follow
# the release's default clang. On a release not named here, one line says so and Debian 13's names
# are tried (the newer names are the likelier to exist on a newer release).
release=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-unknown}")
case $release in
  bookworm) llvm=14 ;;
  trixie) llvm=19 ;;
  *) llvm=19
     echo "install-deps: this is '$release', not Debian 13 (trixie) or 12 (bookworm), the releases it knows: trying Debian 13's package names" >&2 ;;
esac

# Tools the build runs (help2man makes the man page; file and dpkg-dev's dpkg-shlibdeps make the .deb).
# ccache: scripts/build.sh and scripts/fuzz.sh compile through it where it is installed, so a rebuild
# after a pull, the three builds of a test run and the next run reuse what did not change
# (docs/development.md).
tools=(build-essential cmake pkg-config python3-glad help2man file ccache)
# Headers and libraries the program is compiled and linked against.
build=(
  libglfw3-dev libxrandr-dev libgl-dev libopengl-dev ocl-icd-opencl-dev opencl-headers opencl-clhpp-headers
  libglm-dev libimgui-dev libspng-dev libcli11-dev nlohmann-json3-dev
  libgif-dev libavcodec-dev libavformat-dev libswscale-dev libavutil-dev
  libvulkan-dev libegl-dev libfreetype-dev libfontconfig-dev libturbojpeg0-dev libwebp-dev libtiff-dev
  libassimp-dev libtomlplusplus-dev
)
# What the program needs at run time that no library it links pulls in: a GL driver, an OpenCL
# driver (PoCL on the CPU where no GPU driver exists), an X server for machines with no display,
# and the panel's and --text's font (DejaVu Sans; ImGui's small built-in font is the panel's
# fallback). libegl-mesa0: Mesa's EGL, for --gl-context egl. python3-matplotlib and
# python3-jsonschema: scripts/stereocl-compare (Debian's /usr/bin/python3), which compares GPUs
# after the run command alone.
run=(libgl1-mesa-dri libegl-mesa0 pocl-opencl-icd clinfo xvfb xauth fonts-dejavu-core python3-matplotlib python3-jsonschema)
# Headers and libraries of the tests and benchmarks.
# netpbm: pamstereogram, the reference the stereogram quality test measures against.
# zlib1g-dev: tests that build hostile PNG files byte by byte.
# mesa-vulkan-drivers: lavapipe, a CPU Vulkan that exports memory, so GPU (external memory) mode's
# Vulkan and GL steps run in tests on machines without a GPU.
# pmccabe: the function size and complexity limits tests/code_shape_test.py keeps.
# mesa-opencl-icd: Mesa's OpenCL (rusticl and Clover) beside PoCL, as on many developers' machines:
# a second OpenCL compiler the kernel tests run on (RUSTICL_ENABLE=llvmpipe, scripts/test.sh).
# xdotool and x11-apps (xwd): tests/clicker_test.py and stage_silence_test.py press keys in a real window and
# read its pixels back.
test=(libgtest-dev libbenchmark-dev netpbm zlib1g-dev mesa-vulkan-drivers
  mesa-opencl-icd pmccabe xdotool x11-apps)
# The libFuzzer targets of scripts/fuzz.sh: clang, its fuzzer runtime and its OpenMP (a build of their own).
fuzz=(clang "libclang-rt-$llvm-dev" "libomp-$llvm-dev")

if [ "${1:-}" = --list ]; then
  shift
  for group in "$@"; do
    declare -n list=$group
    printf '%s\n' "${list[@]}"
  done
  exit 0
fi

packages=("${tools[@]}" "${build[@]}" "${run[@]}")
[ "${1:-}" = --test ] && packages+=("${test[@]}" "${fuzz[@]}")
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
