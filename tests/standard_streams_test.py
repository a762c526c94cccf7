#!/usr/bin/python3
"""`-` for stdin and stdout (issue 26): `stereocl --depth - --output -` reads the depth map from
stdin and writes only the PNG to stdout, as pamstereogram does; the same picture as from files;
a bad stream is one line on stderr, exit 2 and nothing on stdout.
Usage: standard_streams_test.py STEREOCL_BINARY ASSETS_DIR SCRATCH_DIR"""
import os
import struct
import subprocess
import sys
import zlib

binary, assets, scratch = (os.path.abspath(argument) for argument in sys.argv[1:4])
os.makedirs(scratch, exist_ok=True)
depth_file = os.path.join(assets, "depth-shapes.png")
pattern_file = os.path.join(assets, "pattern-waves.png")
failures = []


def run(arguments, stdin_bytes=b""):
    # No display: the still needs none, and none may be asked for.
    environment = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    return subprocess.run([binary] + arguments, input=stdin_bytes, capture_output=True, env=environment, timeout=120)


def check(condition, what):
    if not condition:
        failures.append(what)


def png_size(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", data[16:24])


def png_header_only(width, height):
    body = b"IHDR" + struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + body + struct.pack(">I", zlib.crc32(body))


def pixels_only(data):
    """The PNG without its tEXt chunks: a picture from stdin names its depth map "-" there."""
    out, at = data[:8], 8
    while at + 8 <= len(data):
        length = struct.unpack(">I", data[at:at + 4])[0]
        chunk = data[at:at + 12 + length]
        if chunk[4:8] != b"tEXt":
            out += chunk
        at += 12 + length
    return out


def read(path):
    with open(path, "rb") as file:
        return file.read()


# The depth map through stdin, the picture through stdout: the same bytes as file to file.
from_files = os.path.join(scratch, "from-files.png")
made = run(["--depth", depth_file, "--output", from_files])
check(made.returncode == 0, f"file to file: exit {made.returncode}: {made.stderr!r}")
piped = run(["--depth", "-", "--output", "-"], read(depth_file))
check(piped.returncode == 0, f"stdin to stdout: exit {piped.returncode}: {piped.stderr!r}")
check(piped.stderr == b"", f"stdin to stdout said something: {piped.stderr!r}")
check(png_size(piped.stdout) == (800, 450), f"stdout is not the 800x450 PNG: {piped.stdout[:32]!r}")
check(os.path.exists(from_files) and pixels_only(piped.stdout) == pixels_only(read(from_files)),
      "stdout's PNG differs from the file's")

# A pattern through stdin instead, scaled to P like the file.
pattern_from_file = run(["--depth", depth_file, "--pattern", pattern_file, "--output", "-"])
pattern_piped = run(["--depth", depth_file, "--pattern", "-", "--output", "-"], read(pattern_file))
check(pattern_piped.returncode == 0, f"--pattern -: exit {pattern_piped.returncode}: {pattern_piped.stderr!r}")
check(pixels_only(pattern_piped.stdout) == pixels_only(pattern_from_file.stdout) and pattern_piped.stdout[:4] == b"\x89PNG",
      "--pattern - made another picture than the file")

# Bad streams: one line naming stdin, exit 2, nothing on stdout.
for name, stream, says in [("garbage", b"this is not an image at all", b"stdin: "),
                           ("empty", b"", b"stdin: "),
                           ("a header too large for any budget", png_header_only(100000, 100000), b"100000x100000"),
                           ("a truncated PNG", read(depth_file)[:2000], b"stdin: ")]:
    bad = run(["--depth", "-", "--output", "-"], stream)
    check(bad.returncode == 2, f"{name}: exit {bad.returncode}: {bad.stderr!r}")
    check(bad.stdout == b"", f"{name}: something reached stdout: {bad.stdout[:40]!r}")
    check(bad.stderr.startswith(b"stereocl: stdin: ") and says in bad.stderr and bad.stderr.count(b"\n") == 1,
          f"{name}: not one line naming stdin and the rule: {bad.stderr!r}")

# One stdin for two inputs is refused before anything is read.
both = run(["--depth", "-", "--pattern", "-", "--output", "-"], read(depth_file))
check(both.returncode == 2 and b"only one input can come from stdin" in both.stderr and both.stdout == b"",
      f"--depth - --pattern -: {both.returncode} {both.stderr!r}")

# "-" as the output is no file, so it never clashes with an input; a file named "-" is not made.
os.chdir(scratch)
if os.path.exists("-"):
    os.remove("-")
to_stdout = run(["--depth", depth_file, "--output", "-"])
check(to_stdout.returncode == 0 and png_size(to_stdout.stdout) == (800, 450), f"--output -: {to_stdout.stderr!r}")
check(not os.path.exists("-"), "--output - made a file named -")

# Commands whose output is the point fail, in one line, on a full or closed stdout (they exited 0
# with nothing said); a run that prints nothing there does not care.
environment = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
for arguments in (["--version"], ["--help"], ["--list-devices"], ["--depth", depth_file, "--output", "-"]):
    for name, redirect in (("/dev/full", ">/dev/full"), ("closed", ">&-")):
        command = " ".join(f"'{argument}'" for argument in [binary] + arguments) + " " + redirect
        ran = subprocess.run(["/bin/sh", "-c", command], capture_output=False, stderr=subprocess.PIPE,
                             env=environment, timeout=120)
        says = ran.stderr.startswith(b"stereocl: standard output") or ran.stderr.startswith(b"stereocl: stdout: ")
        check(ran.returncode == 1 and says and ran.stderr.count(b"\n") == 1,
              f"{' '.join(arguments)} to a {name} stdout: exit {ran.returncode}, {ran.stderr!r}")
quiet = subprocess.run(["/bin/sh", "-c", f"'{binary}' --depth '{depth_file}' --output '{scratch}/quiet.png' >&-"],
                       stderr=subprocess.PIPE, env=environment, timeout=120)
check(quiet.returncode == 0 and quiet.stderr == b"", f"a still to a file with stdout closed: {quiet.returncode} {quiet.stderr!r}")

# An output path naming our own stdout or stderr is that stream (issue 58): `>>` appends to the
# file, which a new file renamed over it replaced, and the log's earlier lines were lost.
for output, redirect, fd_name in (("/dev/stdout", ">>", "stdout"), ("/dev/fd/1", ">>", "stdout"),
                                  ("/proc/self/fd/1", ">>", "stdout"), ("/dev/stderr", "2>>", "stderr")):
    log = os.path.join(scratch, "appended.log")
    with open(log, "wb") as file:
        file.write(b"earlier lines\n")
    inode = os.stat(log).st_ino
    command = f"'{binary}' --depth '{depth_file}' --output {output} {redirect} '{log}'"
    ran = subprocess.run(["/bin/sh", "-c", command], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=environment, timeout=120)
    kept = read(log)
    check(ran.returncode == 0 and kept.startswith(b"earlier lines\n") and png_size(kept[14:]) == (800, 450)
          and os.stat(log).st_ino == inode,
          f"--output {output} {redirect} log: exit {ran.returncode}, log starts {kept[:24]!r}, {ran.stderr[:200]!r}")

for failure in failures:
    print("FAILED:", failure)
sys.exit(1 if failures else 0)
