#!/usr/bin/python3
"""README's pictures are what scripts/source-pictures.sh makes today: it makes them anew in a
scratch folder and compares their pixels (not their bytes: a PNG names the commit that wrote it)
with the ones in docs/, through netpbm's pngtopam.

Usage: readme_pictures_test.py BUILD_DIR SOURCE_DIR SCRATCH_DIR"""
import os
import shutil
import subprocess
import sys


def pixels(path):
    """The picture as a PAM: its size, depth and samples, nothing of its metadata."""
    return subprocess.run(["pngtopam", "-alphapam", path], check=True, capture_output=True).stdout


def main(build, source, scratch):
    shutil.rmtree(scratch, ignore_errors=True)
    subprocess.run([os.path.join(source, "scripts", "source-pictures.sh"), build, scratch], check=True)
    made = sorted(os.path.relpath(os.path.join(folder, name), scratch)
                  for folder, _, names in os.walk(scratch) for name in names if name.endswith(".png"))
    shown = os.path.join(source, "docs")
    stale = [name for name in made if not os.path.exists(os.path.join(shown, name))
             or pixels(os.path.join(scratch, name)) != pixels(os.path.join(shown, name))]
    if stale:
        print(f"readme_pictures: docs/{', docs/'.join(stale)} differ from what the program makes today; "
              f"run xvfb-run -a scripts/source-pictures.sh {build}")
        return 1
    print(f"readme_pictures: {len(made)} pictures in docs/ are what scripts/source-pictures.sh makes")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
