#!/usr/bin/env bash
# Run ON the lent NVIDIA machine (device tool), from the repo root, with .gpu carried
# (scripts/gpu-prepare.sh fills it): registers NVIDIA's OpenCL, starts Xvfb with GLX on the
# NVIDIA driver, puts the prebuilt programs and their bundled libraries on the paths, checks that
# every library they load is found, then runs the given command.
#   bash scripts/gpu-run.sh stereocl --mode gpu --frames 60 --screenshot $OUT/gpu.png
set -eo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ -f "$root/.gpu/device-env.sh" ] || { echo "gpu-run: .gpu/ is missing; run scripts/gpu-prepare.sh here and carry .gpu" >&2; exit 1; }
cd "$root"
if [ -f .gpu/programs.tar.xz ]; then  # gpu-prepare.sh packs them to fit the carried folder
  rm -rf .gpu/bin .gpu/lib
  tar -C .gpu -xJf .gpu/programs.tar.xz
fi
# shellcheck disable=SC1091
source .gpu/device-env.sh
export PATH="$root/.gpu/bin:$PATH" LD_LIBRARY_PATH="$root/.gpu/lib:$LD_LIBRARY_PATH"
# Vulkan (GPU (external memory) mode): the carried loader finds NVIDIA's driver only when told where.
nvidia_icd=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
[ -f "$nvidia_icd" ] && export VK_DRIVER_FILES="$nvidia_icd" VK_ICD_FILENAMES="$nvidia_icd"
missing=$(ldd .gpu/bin/* 2>/dev/null | grep 'not found' | sort -u || true)
if [ -n "$missing" ]; then
  echo "gpu-run: libraries not found on this machine (add them to scripts/gpu-prepare.sh):" >&2
  echo "$missing" >&2
  exit 1
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || true
"$@"
