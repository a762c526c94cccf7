"""What the tests that drive a real stereocl window from outside share: an X server of their own
(xvfb-run), xdotool for keys and clicks, and xwd for the window's pixels. Used by
clicker_test.py, stage_silence_test.py and stage_answers_test.py."""
import os
import shutil
import subprocess
import sys
import time


# How each test's window draws: flat out (vsync, which Xvfb does not pace, off) but at most 30 frames
# a second, so that the window does not take a core from the tests beside it for the whole of the
# test's waits for a key's effect (docs/development.md, run X2).
PACED = ["--no-vsync", "--max-fps", "30"]

# The test's own deadline, under ctest's 300 s: past it every wait gives up at once, so a window that
# stopped answering ends in the test's report (which checks failed, when, and what stereocl said)
# rather than in ctest killing a script whose buffered output is then lost (CI, a6d8b68).
BUDGET_SECONDS = 240
STARTED = time.monotonic()


def elapsed():
    return time.monotonic() - STARTED


def skip_without_tools():
    """Exit 77 (skipped, with the reason) where a tool is missing."""
    for tool, package in (("xdotool", "xdotool"), ("xwd", "x11-apps"), ("xwdtopnm", "netpbm"), ("pngtopam", "netpbm"),
                          ("xvfb-run", "xvfb")):
        if not shutil.which(tool):
            print(f"SKIPPED: {tool} is missing (Debian package {package}; scripts/install-deps.sh --test installs it)")
            sys.exit(77)


def rerun_on_own_server(marker, screen="1280x720"):
    """Runs this script again on an X server of its own, so other tests' windows (beside it under
    ctest -j) never take its keys; returns in that second run. Its output is unbuffered (-u), so that
    what it printed before ctest's timeout killed it reaches the log."""
    if os.environ.get(marker) != "own":
        command = ["xvfb-run", "-a", "-s", f"-screen 0 {screen}x24 -noreset", "env", f"{marker}=own", sys.executable,
                   "-u", *sys.argv]
        sys.exit(subprocess.run(command, check=False).returncode)


def start(marker, screen="1280x720"):
    """(binary, presets, scratch) from the command line, on an X server of the test's own (see
    rerun_on_own_server), with the scratch folder made empty; exits 77 where a tool is missing."""
    binary, presets, scratch = (os.path.abspath(argument) for argument in sys.argv[1:4])
    skip_without_tools()
    rerun_on_own_server(marker, screen)
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    return binary, presets, scratch


def run(*command, timeout=10):
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)


def wait_until(condition, seconds=5.0):
    """Whether `condition` came true within `seconds`. Each look is a process or two (xwd, xdotool):
    looked for every 50 ms, a key's effect on the next frame is seen at once, and the pauses then
    grow to half a second, so that a long wait (a slow machine's frames) does not spend a core on
    looking."""
    deadline = min(time.monotonic() + seconds, STARTED + BUDGET_SECONDS)
    pause = 0.05
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(min(pause, max(0.0, deadline - time.monotonic())))
        pause = min(0.5, pause * 1.5)
    return condition()


def find_window(seconds=30):
    """The id of the first visible window titled stereocl..., or "" once `seconds` have passed."""
    def ids():
        return run("xdotool", "search", "--onlyvisible", "--name", "^stereocl").stdout.split()
    return ids()[0] if wait_until(lambda: ids() != [], seconds) else ""


def parse_netpbm(data):
    """(width, height, channels, pixels) of a binary PGM (P5) or PPM (P6) with 8-bit samples."""
    fields, at = [], 0
    while len(fields) < 4:
        while data[at:at + 1].isspace():
            at += 1
        start = at
        while not data[at:at + 1].isspace():
            at += 1
        fields.append(data[start:at])
    channels = {b"P5": 1, b"P6": 3}[fields[0]]
    return int(fields[1]), int(fields[2]), channels, data[at + 1:]


def window_pixels(window):
    """(width, height, RGB bytes) of the window as drawn on the screen."""
    shot = subprocess.run(f"xwd -silent -id {window} | xwdtopnm 2>/dev/null", shell=True, capture_output=True,
                          timeout=10, check=False).stdout
    if not shot:
        return 0, 0, b""
    width, height, _, pixels = parse_netpbm(shot)
    return width, height, pixels


def png_pixels(path):
    """(width, height, RGB bytes) of a PNG file, grey ones expanded to three channels."""
    converted = subprocess.run(["pngtopam", path], capture_output=True, timeout=10, check=False).stdout
    width, height, channels, pixels = parse_netpbm(converted)
    if channels == 1:
        pixels = bytes(value for value in pixels for _ in range(3))
    return width, height, pixels


def key(window, name):
    run("xdotool", "key", "--window", window, name)


def stop(demo):
    """Stops the demo if it still runs (in a finally: an error in the test still goes up)."""
    if demo.poll() is None:
        demo.terminate()
        demo.wait(timeout=10)


def expect(failures, condition, what):
    """Records `what` among the failures, with when it failed, unless `condition` holds."""
    if not condition:
        failures.append(f"{what} (at {elapsed():.0f} s)")
        print("FAILED:", failures[-1], flush=True)


def report(scratch, failures, passed):
    """Exits: 1 with the failures and what stereocl said on stderr (scratch/stderr.txt), or 0
    saying `passed`."""
    with open(os.path.join(scratch, "stderr.txt")) as said:
        errors = said.read()
    if failures:
        print(f"{len(failures)} failures in {elapsed():.0f} s:\n  " + "\n  ".join(failures) +
              f"\nstereocl said:\n{errors}")
        sys.exit(1)
    print(passed)
    sys.exit(0)
