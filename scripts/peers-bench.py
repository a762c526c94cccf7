#!/usr/bin/python3
"""Times the peer libraries per call, as a user calls them, on the work stereocl-bench --per-call
times: box blur 2560x2560 8UC1 and RGBA8 at r1, r2, r32 (clamped border), a 256-bin histogram of
1920x1080 bytes, and Sobel dX and dY of 3840x2160. Each call is timed from before the library call
to after the library's own device synchronisation; the median of --runs calls after --warmup.

Peers: OpenCV T-API (cv2.UMat on an OpenCL GPU), CuPy, torch (CUDA), and NVIDIA NPP through
scripts/npp-bench.cpp, built here from the CUDA toolkit (CUDA_HOME or /usr/local/cuda*; never by
the Debian build). NPP is timed both per call (column "npp", like the others) and as GPU time
between CUDA events (column "npp-gpu", to hold against stereocl-bench's profiled times); it also
times the blur radii 4..16 and Sobel at 1920x1080 and 7680x4320, the sizes stereocl-bench uses.
A peer that fails to import or finds no GPU is skipped with the reason. Prints a table (us) and
writes JSON with --json FILE.

  python3 scripts/peers-bench.py --json peers.json
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

BLUR_SIZE = 2560
BLUR_RADII = (1, 2, 32)
HISTOGRAM_SIZE = (1920, 1080)
SOBEL_SIZE = (3840, 2160)


def median_call_us(call, sync, warmup, runs):
    for _ in range(warmup):
        call()
    sync()
    times = []
    for _ in range(runs):
        before = time.perf_counter()
        call()
        sync()
        times.append((time.perf_counter() - before) * 1e6)
    return statistics.median(times)


def random_bytes(shape, seed):
    import numpy

    return numpy.random.default_rng(seed).integers(0, 256, size=shape, dtype=numpy.uint8)


def work_items():
    """(name, shape of the uint8 input, kind, radius) for every row of the table."""
    items = []
    for channels, label in ((1, "8UC1"), (4, "RGBA8")):
        shape = (BLUR_SIZE, BLUR_SIZE) if channels == 1 else (BLUR_SIZE, BLUR_SIZE, 4)
        for radius in BLUR_RADII:
            items.append((f"blur {BLUR_SIZE}x{BLUR_SIZE} {label} r{radius}", shape, "blur", radius))
    width, height = HISTOGRAM_SIZE
    items.append((f"histogram {width}x{height}", (height, width), "histogram", 0))
    width, height = SOBEL_SIZE
    items.append((f"sobel {width}x{height} dX+dY", (height, width), "sobel", 0))
    return items


def opencv_tapi():
    os.environ.setdefault("OPENCV_OPENCL_DEVICE", ":GPU:")
    import cv2

    if not cv2.ocl.haveOpenCL():
        raise RuntimeError("OpenCV has no OpenCL")
    cv2.ocl.setUseOpenCL(True)
    # OpenCV 4 binds static methods as Device_getDefault; 5 also as Device.getDefault.
    get_default = getattr(cv2.ocl, "Device_getDefault", None) or cv2.ocl.Device.getDefault
    device = get_default()
    if not device.isNVidia():
        raise RuntimeError(f"OpenCV's OpenCL device is {device.name()}, not NVIDIA's (set OPENCV_OPENCL_DEVICE)")

    def prepare(kind, host, radius):
        source = cv2.UMat(host)
        if kind == "blur":
            out = cv2.UMat(host.shape[0], host.shape[1], cv2.CV_8UC4 if host.ndim == 3 else cv2.CV_8UC1)
            size = (2 * radius + 1, 2 * radius + 1)
            return lambda: cv2.blur(source, size, dst=out, borderType=cv2.BORDER_REPLICATE)
        if kind == "histogram":
            return lambda: cv2.calcHist([source], [0], None, [256], [0, 256])
        return lambda: (cv2.Sobel(source, cv2.CV_16S, 1, 0), cv2.Sobel(source, cv2.CV_16S, 0, 1))

    return f"OpenCV {cv2.__version__} T-API ({device.name()})", prepare, cv2.ocl.finish


def cupy_peer():
    import cupy
    import cupyx.scipy.ndimage as ndimage

    cupy.cuda.runtime.getDeviceCount()
    sync = cupy.cuda.get_current_stream().synchronize

    def prepare(kind, host, radius):
        source = cupy.asarray(host)
        if kind == "blur":
            size = (2 * radius + 1, 2 * radius + 1) + ((1,) if host.ndim == 3 else ())
            return lambda: ndimage.uniform_filter(source, size=size, mode="nearest")
        if kind == "histogram":
            return lambda: cupy.bincount(source.ravel(), minlength=256)
        return lambda: (ndimage.sobel(source, axis=1, output=cupy.int16), ndimage.sobel(source, axis=0, output=cupy.int16))

    return f"CuPy {cupy.__version__}", prepare, sync


def torch_peer():
    import torch

    if not torch.cuda.is_available():
        raise RuntimeError("torch finds no CUDA device")
    device = torch.device("cuda")
    functional = torch.nn.functional
    sobel_x = torch.tensor([[-1.0, 0.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 0.0, 1.0]], device=device).view(1, 1, 3, 3)
    sobel_weights = torch.cat([sobel_x, sobel_x.transpose(2, 3)])

    def prepare(kind, host, radius):
        source = torch.from_numpy(host).to(device)
        if kind == "blur":
            # Channels first, as torch pools; uint8 in and out, replicated border, rounded.
            planes = source.unsqueeze(0) if source.dim() == 2 else source.permute(2, 0, 1)

            def blur():
                padded = functional.pad(planes.unsqueeze(0).float(), (radius,) * 4, mode="replicate")
                pooled = functional.avg_pool2d(padded, 2 * radius + 1, stride=1)
                return pooled.round().to(torch.uint8)

            return blur
        if kind == "histogram":
            return lambda: torch.bincount(source.view(-1), minlength=256)
        image = source.view(1, 1, *source.shape)
        return lambda: functional.conv2d(functional.pad(image.float(), (1, 1, 1, 1), mode="replicate"),
                                         sobel_weights).to(torch.int16)

    return f"torch {torch.__version__}", prepare, torch.cuda.synchronize


# torch.histc on an image already converted to float (the conversion not timed): the form the
# issue's table names as the fastest histogram peer.
def torch_histc_peer():
    import torch

    if not torch.cuda.is_available():
        raise RuntimeError("torch finds no CUDA device")

    def prepare(kind, host, radius):
        if kind != "histogram":
            return None
        source = torch.from_numpy(host).to("cuda").float()
        return lambda: torch.histc(source, bins=256, min=0, max=255)

    return f"torch {torch.__version__} histc (float input)", prepare, torch.cuda.synchronize


def npp_results(warmup, runs):
    """NPP's rows, from scripts/npp-bench.cpp compiled against the CUDA toolkit found here."""
    toolkits = [os.environ["CUDA_HOME"]] if os.environ.get("CUDA_HOME") else sorted(glob.glob("/usr/local/cuda*"), reverse=True)
    cuda = next((path for path in toolkits if os.path.exists(os.path.join(path, "include", "npp.h"))), None)
    if cuda is None:
        raise RuntimeError("no CUDA toolkit with NPP here (set CUDA_HOME)")
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "npp-bench.cpp")
    binary = os.path.join(tempfile.mkdtemp(prefix="npp-bench."), "npp-bench")
    build = subprocess.run(["g++", "-O2", "-std=c++17", source, f"-I{cuda}/include", f"-L{cuda}/lib64", "-lnppif", "-lnppist",
                            "-lnppc", "-lcudart", "-o", binary], capture_output=True, text=True)
    if build.returncode != 0:
        last_line = build.stderr.strip().splitlines()[-1] if build.stderr.strip() else f"g++ exited {build.returncode}"
        raise RuntimeError("building npp-bench failed: " + last_line)
    environment = dict(os.environ, LD_LIBRARY_PATH=f"{cuda}/lib64:" + os.environ.get("LD_LIBRARY_PATH", ""))
    run = subprocess.run([binary, "--warmup", str(warmup), "--runs", str(runs)], capture_output=True, text=True, env=environment)
    if run.returncode != 0:
        raise RuntimeError(run.stderr.strip() or f"npp-bench exited {run.returncode}")
    return json.loads(run.stdout)


PEERS = (("opencv-tapi", opencv_tapi), ("cupy", cupy_peer), ("torch", torch_peer), ("torch-histc", torch_histc_peer))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50, help="timed calls per row (median reported)")
    parser.add_argument("--warmup", type=int, default=10, help="untimed calls first")
    parser.add_argument("--json", help="write the results here")
    args = parser.parse_args()
    if args.runs < 1 or args.warmup < 0:
        parser.error(f"--runs {args.runs} must be >= 1 and --warmup {args.warmup} >= 0")

    items = work_items()
    results = {"runs": args.runs, "warmup": args.warmup, "unit": "us per call, median", "peers": {}, "skipped": {}}
    try:
        inputs = {name: random_bytes(shape, seed) for seed, (name, shape, _, _) in enumerate(items, 1)}
    except ImportError as error:  # every peer takes NumPy arrays
        inputs = None
        numpy_missing = f"{type(error).__name__}: {error}"
    for key, make in PEERS:
        try:
            if inputs is None:
                raise RuntimeError(numpy_missing)
            label, prepare, sync = make()
        except Exception as error:  # an absent or broken library: skip it, say why
            results["skipped"][key] = f"{type(error).__name__}: {error}"
            print(f"peers-bench: skipping {key}: {results['skipped'][key]}", file=sys.stderr)
            continue
        timings = {}
        for name, _, kind, radius in items:
            try:
                call = prepare(kind, inputs[name], radius)
                if call is not None:
                    timings[name] = round(median_call_us(call, sync, args.warmup, args.runs), 1)
            except Exception as error:
                timings[name] = f"failed: {type(error).__name__}: {error}"
        results["peers"][key] = {"label": label, "us": timings}

    try:
        npp = npp_results(args.warmup, args.runs)
        results["peers"]["npp"] = {"label": f"NPP {npp['npp']} per call",
                                   "us": {call["name"]: call["per_call_us"] for call in npp["calls"]}}
        results["peers"]["npp-gpu"] = {"label": f"NPP {npp['npp']} GPU time (CUDA events)",
                                       "us": {call["name"]: call["gpu_us"] for call in npp["calls"]}}
    except Exception as error:
        results["skipped"]["npp"] = f"{type(error).__name__}: {error}"
        print(f"peers-bench: skipping npp: {results['skipped']['npp']}", file=sys.stderr)

    keys = list(results["peers"])
    print("| work | " + " | ".join(results["peers"][k]["label"] for k in keys) + " |")
    print("|---|" + "---|" * len(keys))
    names = [name for name, _, _, _ in items]
    names += [name for key in keys for name in results["peers"][key]["us"] if name not in names]
    for name in dict.fromkeys(names):
        cells = [results["peers"][k]["us"].get(name, "-") for k in keys]
        print(f"| {name} | " + " | ".join(str(c) for c in cells) + " |")
    for key, reason in results["skipped"].items():
        print(f"skipped {key}: {reason}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump(results, out, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
