#!/usr/bin/python3
"""docs/usage.md's option list is the program's own --help, which the settings table writes: this
keeps the copy from drifting from the table.

  usage-options.py STEREOCL USAGE_MD           exit 1, naming the first difference, where the list
                                               in USAGE_MD is not STEREOCL --help's output
  usage-options.py --write STEREOCL USAGE_MD   write --help's output into USAGE_MD's list
"""
import os
import subprocess
import sys

BEGIN = "<!-- stereocl --help: scripts/usage-options.py --write build/stereocl docs/usage.md -->"


def help_text(program):
    # --help wraps at $COLUMNS where it is set; the document keeps the width a pipe gets.
    environment = {name: value for name, value in os.environ.items() if name != "COLUMNS"}
    return subprocess.run([program, "--help"], check=True, capture_output=True, text=True,
                          env=environment).stdout.rstrip("\n")


def split(document):
    """The text before the list, the list, and the text after it."""
    start = document.index(BEGIN) + len(BEGIN)
    opening = document.index("```\n", start) + len("```\n")
    closing = document.index("```", opening)
    return document[:opening], document[opening:closing].rstrip("\n"), document[closing:]


def main(arguments):
    write = arguments[:1] == ["--write"]
    program, usage = arguments[1:] if write else arguments
    with open(usage, encoding="utf-8") as file:
        document = file.read()
    before, listed, after = split(document)
    wanted = help_text(program)
    if write:
        with open(usage, "w", encoding="utf-8") as file:
            file.write(before + wanted + "\n" + after)
        return 0
    if listed == wanted:
        print(f"usage-options: {usage}'s list is --help's ({len(wanted.splitlines())} lines)")
        return 0
    for number, (have, want) in enumerate(zip(listed.splitlines() + [""] * 999, wanted.splitlines()), 1):
        if have != want:
            print(f"usage-options: {usage}'s list, line {number}, says {have!r} where --help says {want!r};"
                  f" run scripts/usage-options.py --write {program} {usage}")
            return 1
    print(f"usage-options: {usage}'s list has lines past --help's end; run scripts/usage-options.py --write")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
