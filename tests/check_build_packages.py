#!/usr/bin/python3
"""Fails when the build uses a file from a Debian package that scripts/install-deps.sh does not install.

A development machine keeps whatever was ever installed on it, so a missing install step only shows
on a fresh machine (that is how libxrandr-dev went missing: glfw3native.h includes Xrandr.h). This
check does not depend on the machine: it takes the headers the compiler actually opened (the
depfiles of a finished build) and the libraries the linker was given (link.txt), asks dpkg which
package owns each, and requires that package to be listed in install-deps.sh or to be a dependency
(Depends/Pre-Depends, recursively) of a listed one -- the packages a fresh `apt-get install
--no-install-recommends` of the list is guaranteed to bring. It also fails when a listed -dev
package owns nothing the build used, so the list holds what the build includes and nothing else.

Usage: check_build_packages.py [--check-unused] BUILD_DIR [BUILD_DIR...]
--check-unused: also fail on listed -dev packages the build never used (only a build with every
part switched on can tell an unused package from one whose part is off).
"""
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INSTALL_DEPS = ROOT / "scripts" / "install-deps.sh"
# Library search directories for a bare -lfoo on a link line.
LIB_DIRS = ["/usr/lib/x86_64-linux-gnu", "/usr/lib", "/lib/x86_64-linux-gnu"]


def listed(*groups):
    out = subprocess.run(["bash", str(INSTALL_DEPS), "--list", *groups], check=True,
                         capture_output=True, text=True).stdout
    return [line for line in out.split() if line]


def used_files(build_dir):
    """System files the build read: headers from depfiles, libraries from link lines."""
    files = set()
    for depfile in build_dir.rglob("*.o.d"):
        text = depfile.read_text(errors="replace").replace("\\\n", " ")
        for token in text.split()[1:]:
            if token.startswith("/usr/") or token.startswith("/lib"):
                files.add(token)
    for link in build_dir.rglob("link.txt"):
        for token in link.read_text().split():
            if token.startswith("/usr/") and re.search(r"\.(so(\.\d+)*|a)$", token):
                files.add(token)
            elif token.startswith("-l") and len(token) > 2:
                for directory in LIB_DIRS:
                    for suffix in (".so", ".a"):
                        candidate = Path(directory) / f"lib{token[2:]}{suffix}"
                        if candidate.exists():
                            files.add(str(candidate))
                            break
    return files


def dpkg_file_owners():
    """Every path of every installed package, from dpkg's own lists (one read instead of a dpkg -S per file)."""
    table = {}
    for listing in Path("/var/lib/dpkg/info").glob("*.list"):
        package = listing.stem.split(":")[0]
        for line in listing.read_text(errors="replace").splitlines():
            table.setdefault(line, []).append(package)
    return table


def owners(paths):
    """The owning packages of each path (tried as given and resolved, for merged /usr)."""
    table = dpkg_file_owners()
    result = {}
    for path in paths:
        for candidate in (path, os.path.normpath(path), os.path.realpath(path), re.sub(r"^/usr/lib/", "/lib/", path)):
            if candidate in table:
                result[path] = table[candidate]
                break
    return result


def installed_packages():
    """{package: [its Depends and Pre-Depends, each alternative group as a list]} for what is installed."""
    out = subprocess.run(["dpkg-query", "-W", "-f=${Package}\t${Status}\t${Depends}, ${Pre-Depends}\n"],
                         check=True, capture_output=True, text=True).stdout
    table = {}
    for line in out.splitlines():
        package, status, depends = line.split("\t")
        if status.endswith(" installed"):
            groups = [[alt.strip().split(" ")[0].split(":")[0] for alt in clause.split("|")]
                      for clause in depends.split(",") if clause.strip()]
            table[package] = groups
    return table


def closure(packages):
    """The listed packages and, recursively, what they depend on: what a fresh install brings.
    Of an alternative group "a | b" the first installed one counts: it is what satisfied the dependency."""
    table = installed_packages()
    seen, stack = set(), list(packages)
    while stack:
        package = stack.pop()
        if package in seen:
            continue
        seen.add(package)
        for alternatives in table.get(package, []):
            chosen = next((name for name in alternatives if name in table), None)
            if chosen:
                stack.append(chosen)
    return seen


def main():
    check_unused = "--check-unused" in sys.argv[1:]
    build_dirs = [Path(arg) for arg in sys.argv[1:] if arg != "--check-unused"]
    if not build_dirs or not all(d.is_dir() for d in build_dirs):
        sys.exit("usage: check_build_packages.py BUILD_DIR... (built build folders)")
    files = set().union(*(used_files(d) for d in build_dirs))
    if not any(f.endswith(".h") or "/include/" in f for f in files):
        sys.exit(f"no depfiles found under {', '.join(map(str, build_dirs))}: build first")
    owned = owners(files)
    listed_packages = listed("tools", "build", "test", "fuzz")
    allowed = closure(listed_packages)
    problems = []
    for path in sorted(files):
        if path not in owned:
            continue  # generated or not from a package (e.g. /usr/local): nothing apt could add
        if not any(package in allowed for package in owned[path]):
            problems.append(f"{path} comes from {', '.join(owned[path])}, which scripts/install-deps.sh "
                            f"does not install (add it to the build or test group)")
    used_packages = {package for names in owned.values() for package in names}
    for package in listed("build", "test") if check_unused else []:
        if package.endswith("-dev") and package not in used_packages:
            problems.append(f"{package} is listed in scripts/install-deps.sh but the build uses none of its files")
    for line in dict.fromkeys(problems):
        print(f"check_build_packages: {line}")
    print(f"check_build_packages: {len(files)} system files from {len(used_packages)} packages checked, "
          f"{len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
