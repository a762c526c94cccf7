#!/usr/bin/python3
"""Issue 43's reproductions that need a whole process (the others are gtests beside the code they
test): each run ends within 20 s with exit 0 (valid input) or 2 and one line, under
`ulimit -v 8000000`, no process of ours left behind, the peak memory of every process of ours
(the model loader's child included) at most 1.5 GB, and no file written that was not named.
Usage: red_team_round3_test.py STEREOCL_BINARY SCRATCH_DIR [--no-memory-bounds]

--no-memory-bounds (the AddressSanitizer build): its shadow memory is more than any of these
bounds; that build still checks exits, lines, time and orphans."""
import json
import os
import resource
import shutil
import signal
import struct
import subprocess
import sys
import time

binary, scratch = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
memory_bounds = "--no-memory-bounds" not in sys.argv[3:]
shutil.rmtree(scratch, ignore_errors=True)
os.makedirs(scratch)
failures = []
PEAK_LIMIT_KIB = 1536 * 1024
# Every process of these runs (the model loader's child too) carries this mark in its environment:
# other tests' stereocl processes, running beside this one, are not ours to judge or kill.
MARK = f"STEREOCL_RED_TEAM_RUN={os.getpid()}-{time.time_ns()}"
environment = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
environment[MARK.split("=")[0]] = MARK.split("=")[1]


def write(name, data):
    path = os.path.join(scratch, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb" if isinstance(data, bytes) else "w") as file:
        file.write(data)
    return path


def ours_running():
    """Processes of these runs still running (a child left behind by a killed parent)."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as stat:
                state = stat.read().rsplit(")", 1)[1].split()[0]
            with open(f"/proc/{pid}/environ", "rb") as environ:
                marked = MARK.encode() in environ.read().split(b"\0")
            if state not in "ZX" and marked and int(pid) != os.getpid():
                found.append(int(pid))
        except OSError:
            continue
    return found


def run(name, arguments, expect, says=None, limit=True):
    """One case in a shell of its own: `ulimit -v`, a 20 s timeout; exit `expect` in one line."""
    prefix = "ulimit -v 8000000; " if limit and memory_bounds else ""
    command = prefix + "exec " + " ".join("'" + a.replace("'", "'\\''") + "'" for a in [binary] + arguments)
    started = time.monotonic()
    try:
        ran = subprocess.run(["/bin/sh", "-c", command], capture_output=True, env=environment, timeout=20, cwd=scratch)
    except subprocess.TimeoutExpired:
        failures.append(f"{name}: did not end within 20 s")
        return None
    took = time.monotonic() - started
    err = ran.stderr.decode(errors="replace")
    if ran.returncode != expect:
        failures.append(f"{name}: exit {ran.returncode}, expected {expect} ({took:.1f} s): {err!r}")
    if expect == 2 and err.count("\n") != 1:
        failures.append(f"{name}: not one line: {err!r}")
    if says and says not in err:
        failures.append(f"{name}: {says!r} not in {err!r}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if memory_bounds and peak > PEAK_LIMIT_KIB:
        failures.append(f"{name}: a process of ours peaked at {peak // 1024} MiB (the bound is 1536)")
    left = ours_running()
    if left:
        failures.append(f"{name}: processes left running: {left}")
        for pid in left:
            os.kill(pid, signal.SIGKILL)
    print(f"{name}: exit {ran.returncode} in {took:.1f} s, peak so far {peak // 1024} MiB: {err.strip()[:160]}")
    return ran


def gltf(uri_or_nodes, buffer_uri=None):
    """A glTF: one triangle from `buffer_uri`, or the node list `uri_or_nodes` placing one mesh."""
    triangle = {"asset": {"version": "2.0"}, "scene": 0, "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
                "buffers": [{"uri": buffer_uri or "triangle.bin", "byteLength": 36}],
                "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 36}],
                "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                               "max": [1, 1, 0], "min": [0, 0, 0]}]}
    triangle["nodes"] = uri_or_nodes or [{"mesh": 0}]
    triangle["scenes"] = [{"nodes": [0]}]
    return json.dumps(triangle)


# A model is drawn through headless EGL: where there is none, the model cases cannot run here.
probe = subprocess.run([binary, "--model", "torus-knot", "--size", "64x48", "-o", os.path.join(scratch, "probe.png")],
                       capture_output=True, env=environment, timeout=60)
if probe.returncode != 0 and b"EGL" in probe.stderr:
    print("SKIPPED: no headless EGL here for the model cases:", probe.stderr.decode(errors="replace").strip())
    sys.exit(0)

corners = struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0)
write("models/triangle.bin", corners)
write("secret.bin", corners)

# Memory: readers that would run away stop at the child's cap, in one line. Without the cap (the
# AddressSanitizer build) these would take gigabytes: they run only where it holds.
if memory_bounds:
    run("PLY declaring 5e8 vertices",
        ["--model", write("models/huge.ply", "ply\nformat binary_little_endian 1.0\nelement vertex 500000000\n"
                          "property float x\nproperty float y\nproperty float z\nelement face 1\n"
                          "property list uchar int vertex_indices\nend_header\n"), "-o", "out.png"], 2)
    run("20-byte GLB", ["--model", write("models/tiny.glb", b"glTF" + struct.pack("<III", 2, 0xFFFFFFF0, 0xFFFFFFE0) +
                                         b"JSON"), "-o", "out.png"], 2)
if memory_bounds:  # 2^40 placed nodes: only the child's memory cap stops Assimp building them
    doubling = [{"children": [i + 1, i + 1]} for i in range(40)] + [{"mesh": 0}]
    run("glTF whose nodes reference each other twice",
        ["--model", write("models/doubling.gltf", gltf(doubling)), "-o", "out.png"], 2, "MiB of memory a model may take")
sparse = os.path.join(scratch, "models", "huge.mtl")
with open(sparse, "wb") as file:
    file.truncate(6 << 30)
run("OBJ whose mtllib names a 6 GB file",
    ["--model", write("models/mtllib.obj", "mtllib huge.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"), "-o", "out.png"],
    0)
os.remove(sparse)

# Files a model names: only from its folder.
run("glTF buffer naming a file outside its folder",
    ["--model", write("models/escape.gltf", gltf(None, "../secret.bin")), "-o", "out.png"], 2,
    "is outside the model's folder")
run("glTF buffer naming /etc/passwd",
    ["--model", write("models/passwd.gltf", gltf(None, "../../../../../../etc/passwd")), "-o", "out.png"], 2,
    "is outside the model's folder")
run("glTF with its buffer beside it", ["--model", write("models/fine.gltf", gltf(None)), "-o", "out.png"], 0)

# Hangs and orphans.
fifo = os.path.join(scratch, "font.fifo")
os.mkfifo(fifo)
run("--font naming a FIFO", ["--text", "HI", "--font", fifo, "-o", "out.png"], 2, "named pipe (FIFO)")
run("-o with an empty name", ["-o", ""], 2, "an empty path names no file")
run("--frames 9223372036854775807 -o", ["--frames", "9223372036854775807", "-o", "out.png"], 2, "at most 10000000")
endless = write("models/endless.ply", "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\n")
parent = subprocess.Popen([binary, "--model", endless, "-o", "out.png"], env=environment, cwd=scratch,
                          stderr=subprocess.DEVNULL)
time.sleep(1.0)
parent.send_signal(signal.SIGTERM)
parent.wait(timeout=20)
time.sleep(0.5)
if ours_running():
    failures.append(f"the model loader outlived its killed parent: {ours_running()}")
    for pid in ours_running():
        os.kill(pid, signal.SIGKILL)

# Outputs only where the user said.
victim = write("victim.txt", "the user's file\n")
run("a config naming an output", ["--config", write("names-output.toml", f'output = "{victim}"\n')], 2,
    "not allowed in a configuration file")
if open(victim).read() != "the user's file\n":
    failures.append("a config file's output replaced victim.txt")

# The model loader with stdout and stderr closed.
closed = subprocess.run(["/bin/sh", "-c", f"exec '{binary}' --model '{os.path.join(scratch, 'models', 'fine.gltf')}' "
                         f"-o '{os.path.join(scratch, 'closed.png')}' >&- 2>&-"], env=environment, timeout=20)
if closed.returncode != 0 or not os.path.exists(os.path.join(scratch, "closed.png")):
    failures.append(f"a model with stdout and stderr closed: exit {closed.returncode}")

leftovers = [name for name in os.listdir(scratch) if name.startswith(".")]
if leftovers:
    failures.append(f"temporary files left: {leftovers}")
for failure in failures:
    print("FAILED:", failure)
sys.exit(1 if failures else 0)
