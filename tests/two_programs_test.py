#!/usr/bin/python3
"""The front program and the window's (app/window_program.hpp): `stereocl` makes a still of a
depth map or text itself and execs `stereocl-window` for the rest. The two make one picture for
one still (one engine); the front alone still makes its stills, and refuses the rest in one line
naming the program it lacks; arguments and standard streams reach the window's program as given.
Usage: two_programs_test.py STEREOCL_BINARY ASSETS_DIR SCRATCH_DIR"""
import os
import shutil
import subprocess
import sys

front, assets, scratch = (os.path.abspath(argument) for argument in sys.argv[1:4])
window = os.path.join(os.path.dirname(front), "stereocl-window")
shutil.rmtree(scratch, ignore_errors=True)
os.makedirs(scratch)
depth_file = os.path.join(assets, "depth-shapes.png")
environment = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
failures = []


def run(binary, arguments, stdin=subprocess.DEVNULL):
    return subprocess.run([binary] + arguments, stdin=stdin, capture_output=True, env=environment, timeout=120)


def check(condition, what):
    if not condition:
        failures.append(what)


# One still, both programs: the same bytes (the picture and its text chunks).
for name, arguments in (("depth map", ["--depth", depth_file, "--seed", "5"]),
                        ("text", ["--text", "3D", "--size", "200x120", "--pattern-width", "40"]),
                        ("an effect", ["--depth", depth_file, "--effect", "emboss", "--size", "320x180"])):
    made = []
    for binary in (front, window):
        still = os.path.join(scratch, f"{os.path.basename(binary)}-{len(failures)}-{name}.png")
        ran = run(binary, arguments + ["-o", still])
        check(ran.returncode == 0, f"{name} by {os.path.basename(binary)}: exit {ran.returncode}, {ran.stderr!r}")
        made.append(open(still, "rb").read() if os.path.exists(still) else b"")
    check(made[0] and made[0] == made[1], f"{name}: the front's still differs from the window program's")

# The front alone: its stills still work; a window run is refused in one line that names what is missing.
alone = os.path.join(scratch, "alone")
os.makedirs(alone)
lonely = shutil.copy(front, os.path.join(alone, "stereocl"))
ran = run(lonely, ["--depth", depth_file, "-o", os.path.join(alone, "still.png")])
check(ran.returncode == 0 and os.path.exists(os.path.join(alone, "still.png")), f"the front alone, a still: {ran.stderr!r}")
ran = run(lonely, ["--hidden", "--frames", "1"])
check(ran.returncode == 1 and ran.stderr.count(b"\n") == 1 and b"stereocl-window" in ran.stderr,
      f"the front alone, a window: exit {ran.returncode}, {ran.stderr!r}")
# ... and without its modules, a JPEG map and a word are refused in one line naming the module.
a_jpeg = os.path.join(scratch, "map.jpg")
check(run(front, ["--depth", depth_file, "--size", "160x90", "-o", a_jpeg]).returncode == 0, "a JPEG written")
for arguments, module in ((["--depth", a_jpeg], b"stereocl-codecs.so"), (["--text", "HI"], b"stereocl-text.so")):
    ran = subprocess.run([lonely] + arguments + ["-o", os.path.join(alone, "refused.png")], capture_output=True,
                         env={k: v for k, v in environment.items() if k != "STEREOCL_MODULE_DIR"}, timeout=120)
    check(ran.returncode == 2 and ran.stderr.count(b"\n") == 1 and module in ran.stderr,
          f"the front alone, {arguments[0]}: exit {ran.returncode}, {ran.stderr!r}")
ran = run(lonely, ["--help"])
check(ran.returncode == 0 and b"--depth" in ran.stdout, "the front alone answers --help")

# A bad option is refused once, by the front, as the window's program would: the same line.
refusals = [run(binary, ["--size", "0x0"]) for binary in (front, window)]
check(refusals[0].returncode == 2 and refusals[0].stderr == refusals[1].stderr and refusals[0].stderr.count(b"\n") == 1,
      f"--size 0x0: {refusals[0].stderr!r} against {refusals[1].stderr!r}")

# Standard streams reach the window's program as the front was given them: stdin read by it
# (--list-devices reads nothing, so a still GL draws: --guide-dots from a map on stdin, where
# headless GL exists), and a closed stdout seen as closed (standard_streams_test.py checks the line).
with open(depth_file, "rb") as stdin:
    ran = run(front, ["--depth", "-", "--guide-dots", "-o", os.path.join(scratch, "dots.png")], stdin=stdin)
check(ran.returncode == 0 and os.path.exists(os.path.join(scratch, "dots.png")),
      f"--guide-dots from stdin through the window's program: exit {ran.returncode}, {ran.stderr!r}")
closed = subprocess.run(["/bin/sh", "-c", f"'{front}' --list-devices >&-"], stderr=subprocess.PIPE, env=environment,
                        timeout=120)
check(closed.returncode == 1 and closed.stderr.startswith(b"stereocl: st"),
      f"--list-devices to a closed stdout through the window's program: {closed.returncode} {closed.stderr!r}")

for failure in failures:
    print("FAILED:", failure)
sys.exit(1 if failures else 0)
