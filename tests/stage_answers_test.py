#!/usr/bin/python3
"""Issue 59: every key answers on screen, and the mode running is known without the panel. On a
1920x1080 screen, started with --no-panel at the default size (a window as wide as the picture),
H shows the panel at once: the picture is fitted beside it rather than the panel being refused
(the reason went only to stderr and the title). The title always names the mode running, and both
modes where the one asked for (--mode gpu, key 4) cannot run ("GPU unavailable: running ...").
Usage: stage_answers_test.py STEREOCL_BINARY PRESETS_DIR SCRATCH_DIR
Exit 77 (skipped, with the reason) where xdotool, xwd or netpbm is missing."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from x_window import find_window, run, wait_until, window_pixels, start  # noqa: E402
import x_window  # noqa: E402

binary, presets, scratch = start("STEREOCL_ANSWERS_DISPLAY", "1920x1080")
failures = []
demo = subprocess.Popen([binary, "--no-panel", "--mode", "gpu", "--presets", presets, "--ui-scale", "1",
                         *x_window.PACED], cwd=scratch, stdout=subprocess.DEVNULL,
                        stderr=open(os.path.join(scratch, "stderr.txt"), "w"))
window = find_window()


def title():
    return run("xdotool", "getwindowname", window).stdout.strip()


def expect(condition, what):
    x_window.expect(failures, condition, what)


def panel_shown():
    """Whether the panel's plain dark grey runs down the window's left edge (column 3, in its
    padding): most rows one colour, neither black nor the picture's dots."""
    width, height, pixels = window_pixels(window)
    if not width:
        return False
    column = [bytes(pixels[(y * width + 3) * 3:(y * width + 3) * 3 + 3]) for y in range(height)]
    most = max(set(column), key=column.count)
    return column.count(most) > 0.7 * height and 0 < sum(most) < 3 * 90


def names_gpu_and_what_runs(text):
    """GPU ran (a machine sharing GL), or the title names both modes."""
    return " - GPU mode" in text or " - GPU unavailable: running " in text


try:
    if not window:
        failures.append("no stereocl window appeared within 30 s")
    else:
        # PoCL builds CPU-readback's kernels at start: on a loaded machine the first frame comes late.
        expect(wait_until(lambda: title().endswith(" mode") or "unavailable: running" in title(), 90),
               f"the title names the mode: {title()!r}")
        expect(names_gpu_and_what_runs(title()), f"--mode gpu: the title names both modes: {title()!r}")
        expect(not panel_shown(), "--no-panel starts without the panel")
        x_window.key(window, "h")
        # The next frame fits the picture and lays the panel out beside it; frames are slow under load.
        expect(wait_until(panel_shown, 15), f"H after --no-panel shows the panel: {title()!r}")
        expect("panel hidden" not in title(), f"H is not refused: {title()!r}")
        x_window.key(window, "1")
        expect(wait_until(lambda: title().endswith(" - Scene mode"), 5), f"1: the title says Scene: {title()!r}")
        x_window.key(window, "4")
        expect(wait_until(lambda: title().endswith(" - Scene mode") or names_gpu_and_what_runs(title()), 5),
               f"4 runs GPU or names both modes: {title()!r}")
        if "unavailable" in title():
            expect(title().endswith("unavailable: running Scene"), f"4 refused keeps Scene, said so: {title()!r}")
        expect(demo.poll() is None, "the demo is still running")
finally:
    x_window.stop(demo)
x_window.report(scratch, failures, "H showed the panel after --no-panel, and the title named the modes")
