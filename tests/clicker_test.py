#!/usr/bin/python3
"""Issue 42: a presenter's clicker drives the real window. Keys are sent by xdotool to a visible
stereocl window on an X server of the test's own (xvfb-run), and each key's effect is read back
from outside: the window's pixels (xwd) for blanking, its title for the preset, a picture saved
with S for the word typed. Every clicker key (PageUp, PageDown, F5, Esc, '.', B) must act after a
word was typed into the panel's field, after a click on the panel, and on every preset.
Usage: clicker_test.py STEREOCL_BINARY PRESETS_DIR SCRATCH_DIR
Exit 77 (skipped, with the reason) where xdotool, xwd or netpbm is missing."""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from x_window import find_window, run, wait_until, window_pixels, start  # noqa: E402
import x_window  # noqa: E402

binary, presets, scratch = start("STEREOCL_CLICKER_DISPLAY")
failures = []
# A click on the panel: its title bar, which no message or layout moves.
PANEL_TITLE = (300, 10)

demo = subprocess.Popen([binary, "--config", "hidden-word", "--presets", presets, "--size", "480x270", "--mode",
                         "cpu", "--ui-scale", "1", "--no-vsync"], cwd=scratch, stdout=subprocess.DEVNULL,
                        stderr=open(os.path.join(scratch, "stderr.txt"), "w"))
window = find_window()


def title():
    return run("xdotool", "getwindowname", window).stdout.strip()


def lit_share():
    """The share of the window's pixels that are not black (every seventh pixel)."""
    _, _, pixels = window_pixels(window)
    count = len(pixels) // 3
    lit = sum(1 for i in range(0, count * 3, 3 * 7) if pixels[i] | pixels[i + 1] | pixels[i + 2])
    return lit / max(1, len(range(0, count * 3, 3 * 7)))


def blanked():
    return lit_share() < 0.05


def shown():
    return lit_share() > 0.3


def key(name):
    x_window.key(window, name)


def click(spot):
    run("xdotool", "mousemove", "--window", window, str(spot[0]), str(spot[1]), "click", "1")


def type_in_field(text):
    """T gives the panel's hidden-word field the keyboard, as a presenter types a word."""
    key("t")
    # The field takes the keyboard on the next frame; under AddressSanitizer, on a loaded machine,
    # frames come slowly (a word typed before it went to the stage), so give it many.
    time.sleep(1.5)
    run("xdotool", "type", "--window", window, "--delay", "30", text)
    time.sleep(0.5)


def expect(condition, what):
    if not condition:
        failures.append(what)
        print("FAILED:", what)


def blank_and_back(name, after):
    key(name)
    expect(wait_until(blanked), f"{name} after {after} blanks the window")
    key(name)
    expect(wait_until(shown), f"a second {name} after {after} shows the picture again")


def saved_word():
    """Presses S and returns the depth the saved picture names ('text "HELLO..."'), or ""."""
    before = set(os.listdir(scratch))
    key("s")
    if not wait_until(lambda: any(name.endswith(".png") for name in set(os.listdir(scratch)) - before), 15):
        return ""
    time.sleep(0.3)  # written through a temporary file and renamed; give it the rename
    new = [name for name in set(os.listdir(scratch)) - before if name.endswith(".png")]
    with open(os.path.join(scratch, new[0]), "rb") as file:
        data = file.read()
    marker = b"tEXtDepth\x00"
    at = data.find(marker)
    if at < 0:
        return ""
    length = int.from_bytes(data[at - 4:at], "big")
    return data[at + 4 + len("Depth") + 1:at + 4 + length].decode("latin-1")


try:
    if not window:
        failures.append("no stereocl window appeared within 30 s")
    else:
        expect(wait_until(shown, 20), "the picture is shown at start")
        expect(title() == "stereocl - hidden-word", f"the title names the preset: {title()!r}")
        # T gives the field the keyboard, the word typed replaces HELLO, and Return leaves it: S then saves.
        # Up to three tries: on a loaded machine under AddressSanitizer the field has taken the
        # keyboard a frame later than the letter came (each try's outcome is printed).
        for attempt in range(3):
            type_in_field("Q")
            key("Return")
            time.sleep(0.5)
            word = saved_word()
            print(f"try {attempt + 1}: T, Q, Return, S saved {word!r}")
            if word == 'text "Q"':
                break
        expect(word == 'text "Q"', f"T then a word replaces the hidden word, and S saves after Return: {word!r}")
        for name in ("F5", "b", "period", "Escape"):
            type_in_field("x")
            blank_and_back(name, "typing in the field")
        type_in_field("x")
        key("Next")
        expect(wait_until(lambda: title() == "stereocl - presenter"), f"PageDown after typing: {title()!r}")
        key("Prior")
        expect(wait_until(lambda: title() == "stereocl - hidden-word"), f"PageUp goes back: {title()!r}")
        for name in ("F5", "b", "period", "Escape"):
            click(PANEL_TITLE)
            blank_and_back(name, "a click on the panel")
        for step in range(len([name for name in os.listdir(presets) if name.endswith(".toml")])):
            key("Next")
            time.sleep(0.5)
            current = title()
            for name in ("F5", "b", "period", "Escape"):
                blank_and_back(name, f"PageDown to preset {current!r}")
        expect(demo.poll() is None, "the demo is still running: no key quit it")
finally:
    x_window.stop(demo)
x_window.report(scratch, failures, "every clicker key acted after typing, after a click on the panel and on every preset")
