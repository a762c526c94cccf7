#!/usr/bin/env bash
# Installs the Debian 12 packages stereocl needs to build, run and test -- only those missing.
# Runs as root, or through sudo.
set -euo pipefail
packages=(
  build-essential cmake pkg-config
  libglfw3-dev libglm-dev ocl-icd-opencl-dev opencl-headers opencl-clhpp-headers pocl-opencl-icd clinfo
  libimgui-dev python3-glad xvfb xauth libgl1-mesa-dri libegl-dev libgl-dev libspng-dev zlib1g-dev
  libcli11-dev nlohmann-json3-dev libgtest-dev libbenchmark-dev
)
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
