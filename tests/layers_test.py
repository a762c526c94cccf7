#!/usr/bin/python3
"""The layers of docs/design.md, held by the build: each folder includes only the project folders
below it (and the system's headers), so an include that points up or across fails here instead
of waiting for a review. Every library exposes the source root (its includes name their folder,
"core/image.hpp"), so the compiler alone would let any include through.
Usage: layers_test.py SOURCE_DIR"""
import os
import re
import sys

# Folder -> the project folders its sources may include (itself included).
ALLOWED = {
    "core": {"core"},
    # What reads and writes files (pictures, models, text through fonts) on the basics; compute/
    # never reads a file, so it stands on core/ alone.
    "files": {"core", "files"},
    "compute": {"core", "compute"},
    "render": {"core", "files", "render"},
    "record": {"core", "files", "record"},
    "pipeline": {"core", "files", "compute", "render", "pipeline"},
    # One library (stereocl_app), four floors: config/ (the settings table, options, presets, the
    # key table) under ui/ (window, panel, key handling) under bench/ under app/ (the run).
    "config": {"core", "files", "compute", "render", "record", "pipeline", "config"},
    "ui": {"core", "files", "compute", "render", "record", "pipeline", "config", "ui"},
    "bench": {"core", "files", "compute", "render", "record", "pipeline", "config", "ui", "bench"},
    "app": {"core", "files", "compute", "render", "record", "pipeline", "config", "ui", "bench", "app"},
}
PROJECT_FOLDERS = set(ALLOWED) | {"tests", "scripts", "kernels", "shaders"}
# What only a window system or GL brings: core/, files/ and compute/ must not see them (the GL context to
# share with comes in as handles, compute/cl/gl_share_handles.hpp).
WINDOW_OR_GL = re.compile(r"^(GLFW/|glad/|GL/gl\.h|GL/glx\.h|EGL/)")
NO_WINDOW_OR_GL = {"core", "files", "compute", "record"}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.MULTILINE)


def violations(root):
    for folder, allowed in ALLOWED.items():
        for directory, _, names in os.walk(os.path.join(root, folder)):
            for name in sorted(names):
                if not name.endswith((".cpp", ".hpp")):
                    continue
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8") as file:
                    text = file.read()
                for match in INCLUDE.finditer(text):
                    header = match.group(2)
                    line = text.count("\n", 0, match.start()) + 1
                    where = f"{os.path.relpath(path, root)}:{line}: {header}"
                    top = header.split("/")[0]
                    if match.group(1) == '"' and top in PROJECT_FOLDERS and top not in allowed:
                        yield f"{where}: {folder}/ may include only {', '.join(sorted(allowed))}"
                    if folder in NO_WINDOW_OR_GL and WINDOW_OR_GL.match(header):
                        yield f"{where}: {folder}/ knows no window system or GL"


def main():
    root = sys.argv[1]
    found = list(violations(root))
    for line in found:
        print(f"layers: {line}")
    print(f"layers: {len(found)} includes across the layers")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
