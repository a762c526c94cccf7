#!/usr/bin/python3
"""Every function the project writes, outside the OpenCL kernels, stays small enough to read in one
screen: at most MAX_LINES lines and a cyclomatic complexity below MAX_COMPLEXITY, as pmccabe counts
them (modified McCabe: a switch counts once). Kernels are exempt: their loops are unrolled and
fused by hand for speed, and each is measured in docs/performance.md.
pmccabe does not know C++17's `namespace a::b {` and silently reports nothing inside one, so each
file is read through a copy where that line names one namespace (`namespace a__b {`).
Usage: code_shape_test.py SOURCE_DIR"""
import os
import re
import subprocess
import sys
import tempfile

MAX_LINES = 40
MAX_COMPLEXITY = 15
FOLDERS = ("app", "ui", "config", "bench", "core", "files", "compute", "pipeline", "render", "record", "tests", "scripts")
SUFFIXES = (".cpp", ".hpp", ".c", ".h")


def sources(root):
    for folder in FOLDERS:
        for directory, _, names in os.walk(os.path.join(root, folder)):
            for name in sorted(names):
                if name.endswith(SUFFIXES):
                    yield os.path.join(directory, name)


NESTED_NAMESPACE = re.compile(r"^(\s*namespace\s+)([A-Za-z_]\w*(?:::[A-Za-z_]\w*)+)(\s*\{)", re.MULTILINE)


def readable_copies(root, files, folder):
    """Copies of `files` under `folder` that pmccabe can read, at the same relative paths."""
    copies = []
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as source:
            text = NESTED_NAMESPACE.sub(lambda m: m.group(1) + m.group(2).replace("::", "__") + m.group(3), source.read())
        copy = os.path.join(folder, os.path.relpath(path, root))
        os.makedirs(os.path.dirname(copy), exist_ok=True)
        with open(copy, "w", encoding="utf-8") as target:
            target.write(text)
        copies.append(copy)
    return copies


def main():
    root = os.path.abspath(sys.argv[1])
    files = list(sources(root))
    with tempfile.TemporaryDirectory() as folder:
        listing = subprocess.run(["pmccabe", *readable_copies(root, files, folder)], capture_output=True, text=True,
                                 check=False)
        root = folder
    if listing.returncode != 0 and not listing.stdout:
        print(f"code_shape: pmccabe failed: {listing.stderr.strip()}")
        return 1
    too_big = []
    for line in listing.stdout.splitlines():
        fields = line.split("\t")
        if len(fields) < 6:
            continue
        complexity, lines, where = int(fields[0]), int(fields[4]), fields[5]
        if complexity >= MAX_COMPLEXITY or lines > MAX_LINES:
            too_big.append(f"{os.path.relpath(where, root)}: {lines} lines, complexity {complexity}")
    for entry in too_big:
        print(f"code_shape: {entry} (at most {MAX_LINES} lines, complexity below {MAX_COMPLEXITY})")
    print(f"code_shape: {len(files)} files, {len(too_big)} functions over the limits")
    return 1 if too_big else 0


if __name__ == "__main__":
    sys.exit(main())
