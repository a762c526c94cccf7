#!/usr/bin/env python3
"""Peak memory a pixel of each mode: the program's peak resident set (wait4's ru_maxrss) for one
frame at SIZE, minus the same run at 64x48, over SIZE's pixels (docs/performance.md, "Memory a
pixel by mode"). With --depth MAP, the map sets the size and --base-depth is the small run's.

  scripts/memory-per-pixel.py --size 4096x4096 --modes scene,cpu
  scripts/memory-per-pixel.py --depth big.png --base-depth small.png --modes scene,cpu -- --no-panel

Arguments after -- go to every run. Where GL and OpenCL memory is host memory (Mesa llvmpipe,
PoCL) their images count; on a GPU they do not."""
import argparse
import os
import struct
import subprocess
import sys


def peak_kib(command):
    """The peak resident KiB of `command` alone, and its exit status."""
    with open(os.devnull, "rb+") as null:
        child = subprocess.Popen(command, stdin=null, stdout=null, stderr=null)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_maxrss, child.returncode


def png_pixels(path):
    """Width x height from a PNG's IHDR (bytes 16-23), without decoding it."""
    with open(path, "rb") as file:
        header = file.read(24)
    if header[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"memory-per-pixel: {path} is not a PNG")
    width, height = struct.unpack(">II", header[16:24])
    return width * height


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default="build/stereocl")
    parser.add_argument("--modes", default="scene,cpu,cpu-readback")
    parser.add_argument("--size", default="4096x4096")
    parser.add_argument("--depth", help="a depth map PNG: its size is measured instead of --size")
    parser.add_argument("--base-depth", help="the small run's depth map (with --depth)")
    parser.add_argument("extra", nargs="*", help="arguments for every run (after --)")
    args = parser.parse_args()
    if args.depth and not args.base_depth:
        sys.exit("memory-per-pixel: --depth needs --base-depth, the small run's map")
    if args.depth:
        large, small, pixels = ["--depth", args.depth], ["--depth", args.base_depth], png_pixels(args.depth)
    else:
        width, height = (int(side) for side in args.size.split("x"))
        large, small, pixels = ["--size", args.size], ["--size", "64x48"], width * height
    print(f"{'mode':<14} {'base MiB':>9} {'peak MiB':>9} {'bytes a pixel':>14}")
    for mode in args.modes.split(","):
        common = [args.binary, "--hidden", "--frames", "1", "--mode", mode, *args.extra]
        base, base_status = peak_kib(common + small)
        peak, status = peak_kib(common + large)
        if base_status or status:
            print(f"{mode:<14} exit {base_status} / {status}: not measured")
            continue
        print(f"{mode:<14} {base / 1024:9.0f} {peak / 1024:9.0f} {(peak - base) * 1024 / pixels:14.2f}", flush=True)


if __name__ == "__main__":
    main()
