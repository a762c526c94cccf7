#!/usr/bin/python3
"""Issue 58's reproductions that need a whole process (the others are gtests beside the code they
test). Each case is a function; every failure is one line, and the test fails if any case does.
Usage: red_team_round4_test.py STEREOCL_BINARY ASSETS_DIR SCRATCH_DIR"""
import os
import shutil
import subprocess
import sys
import time

binary, assets, scratch = (os.path.abspath(argument) for argument in sys.argv[1:4])
memory_bounds = "--no-memory-bounds" not in sys.argv[4:]
shutil.rmtree(scratch, ignore_errors=True)
os.makedirs(scratch)
depth_file = os.path.join(assets, "depth-shapes.png")
failures = []
base_environment = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "OMP_WAIT_POLICY")}


def check(condition, what):
    if not condition:
        failures.append(what)


def read(path):
    with open(path, "rb") as file:
        return file.read()


def shell(command, environment=None):
    return subprocess.run(["/bin/sh", "-c", command], capture_output=True, env=environment or base_environment,
                          timeout=120)


def case_more_threads_than_the_machine_has():
    """Class 6: 1024 threads' stacks under a memory limit ended in libgomp's "Thread creation
    failed" and exit 1; a count above the machine's is the machine's."""
    if not memory_bounds:
        return  # the sanitizers' shadow memory is more than the limit
    out = os.path.join(scratch, "threads.png")
    ran = shell(f"ulimit -v 4000000; exec '{binary}' --cpu-threads 1024 --depth '{depth_file}' --output '{out}'")
    check(ran.returncode == 0 and os.path.exists(out), f"--cpu-threads 1024 under ulimit -v: exit {ran.returncode}, "
          f"{ran.stderr[-300:]!r}")


def run_measured(command):
    """A shell command's exit status, stderr and peak memory in KiB (its own, from wait4)."""
    process = subprocess.Popen(["/bin/sh", "-c", command], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               env=base_environment)
    err = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, err, usage.ru_maxrss


def case_what_is_no_picture_is_refused_at_its_first_bytes():
    """Class 4: `yes | stereocl --depth -` held 1 GiB before refusing, and 900 MB of zeros ended in
    "out of memory": the first bytes say it is no picture, and nothing more is read."""
    zeros = os.path.join(scratch, "zeros.bin")
    with open(zeros, "wb") as file:
        file.truncate(900 << 20)  # sparse: costs no disk
    out = os.path.join(scratch, "never.png")
    for name, command in (("yes |", f"yes | '{binary}' --depth - --output '{out}'"),
                          ("900 MB of zeros", f"exec '{binary}' --depth '{zeros}' --output '{out}'"),
                          ("zeros as a pattern", f"exec '{binary}' --depth '{depth_file}' --pattern '{zeros}' "
                                                 f"--output '{out}'")):
        code, err, peak_kib = run_measured(command)
        check(code == 2 and err.count(b"\n") == 1 and b"is not a PNG image" in err,
              f"{name}: exit {code}, {err[-300:]!r}")
        check(peak_kib < 200 * 1024, f"{name}: held {peak_kib >> 10} MiB before refusing")
        check(not os.path.exists(out), f"{name}: wrote {out}")
    os.remove(zeros)


def case_a_still_waits_for_a_slow_pipe():
    """Class 5: a depth map 11 s late through a pipe ended in "the pipe did not finish within
    10000 ms"; a still waits for its writer, as pamstereogram does."""
    out = os.path.join(scratch, "slow.png")
    ran = shell(f"(sleep 11; cat '{depth_file}') | '{binary}' --depth - --output '{out}'")
    check(ran.returncode == 0 and os.path.exists(out), f"a slow pipe: exit {ran.returncode}, {ran.stderr[-300:]!r}")


CUBE_OBJ = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n" \
           "f 1 3 2\nf 1 4 3\nf 5 6 7\nf 5 7 8\nf 1 2 6\nf 1 6 5\nf 2 3 7\nf 2 7 6\nf 3 4 8\nf 3 8 7\nf 4 1 5\nf 4 5 8\n"


def case_escape_bytes_never_reach_the_terminal():
    """Class 3: a file name holding an escape sequence reached the terminal raw through the
    recording's progress line, a failed recording, failed --screenshot, --histogram and --json
    writes (ulimit -f 0) and the -v line for --model. Every message goes through one printer."""
    folder = os.path.join(scratch, "esc\x1b]0;retitled\x07\x1b[2J")
    os.makedirs(folder, exist_ok=True)
    model = os.path.join(folder, "cube.obj")
    with open(model, "w") as file:
        file.write(CUBE_OBJ)
    window = ["--hidden", "--mode", "cpu", "--size", "64x48", "--frames", "3"]
    cases = [("the -v line for --model", [], ["-v", "--model", model, "--size", "64x48", "-o",
                                               os.path.join(folder, "model.png")], False),
             ("a still under ulimit -f 0", [], ["--depth", depth_file, "-o", os.path.join(folder, "still.png")], True),
             ("--list-devices --json under ulimit -f 0", [], ["--list-devices", "--json",
                                                               os.path.join(folder, "devices.json")], True)]
    if os.environ.get("DISPLAY"):
        cases += [("the recording's progress line", window, ["--record", os.path.join(folder, "progress.gif")], False),
                  ("a failed recording", window, ["--record", os.path.join(folder, "failed.gif")], True),
                  ("a failed --screenshot", window, ["--screenshot", os.path.join(folder, "shot.png")], True),
                  ("a failed --histogram", window, ["--histogram", os.path.join(folder, "histogram.csv")], True)]
    environment = dict(base_environment, DISPLAY=os.environ.get("DISPLAY", ""))
    for name, before, arguments, limited in cases:
        quoted = " ".join("'" + a.replace("'", "'\\''") + "'" for a in [binary] + before + arguments)
        ran = shell(("ulimit -f 0; " if limited else "") + "exec " + quoted, environment)
        check(b"\x1b" not in ran.stderr and b"\x07" not in ran.stderr,
              f"{name}: a raw escape byte reached stderr: {ran.stderr[-300:]!r}")
        check(b"\\x1B" in ran.stderr, f"{name}: the message did not name the file: {ran.stderr[-300:]!r}")


for name, case in sorted(globals().copy().items()):
    if name.startswith("case_"):
        case()
for failure in failures:
    print("FAILED:", failure)
print(f"red_team_round4: {len(failures)} failures")
sys.exit(1 if failures else 0)
