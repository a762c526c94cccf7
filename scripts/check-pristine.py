#!/usr/bin/python3
"""Fails when a package is installed that neither the pristine base nor the project's scripts put there.

CI runs the README's commands in a pristine Debian 13 and 12, and that check is only as honest as the
chroot is clean: a package that arrived some other way (a cached image, a step that installs by
hand) could hide a missing install step exactly as a development machine does. .ci/in-fresh-debian.sh
saves the base's package list before anything runs; after the README's commands this compares the
packages installed now against that list plus what scripts/install-deps.sh names and, recursively,
their Depends and Pre-Depends (what `apt-get install --no-install-recommends` of the list brings).

Usage: check-pristine.py BASE_PACKAGES_FILE   (one package name a line: dpkg-query -W -f='${Package}\\n')
"""
import subprocess
import sys
from pathlib import Path

INSTALL_DEPS = Path(__file__).resolve().parent / "install-deps.sh"
GROUPS = ("tools", "build", "run", "test", "fuzz")


def listed():
    out = subprocess.run(["bash", str(INSTALL_DEPS), "--list", *GROUPS], check=True,
                         capture_output=True, text=True).stdout
    return out.split()


def installed():
    """{package: (dependency groups, provided names)} for every installed package."""
    fields = "${Package}\t${Status}\t${Depends}, ${Pre-Depends}\t${Provides}\n"
    out = subprocess.run(["dpkg-query", "-W", "-f=" + fields], check=True, capture_output=True, text=True).stdout
    table = {}
    for line in out.splitlines():
        package, status, depends, provides = line.split("\t")
        if not status.endswith(" installed"):
            continue
        groups = [[alt.strip().split(" ")[0].split(":")[0] for alt in clause.split("|")]
                  for clause in depends.split(",") if clause.strip()]
        provided = [name.strip().split(" ")[0] for name in provides.split(",") if name.strip()]
        table[package] = (groups, provided)
    return table


def closure(roots, table):
    """roots and everything they need; a dependency on a virtual name counts every installed provider."""
    providers = {}
    for package, (_, provided) in table.items():
        for name in provided:
            providers.setdefault(name, []).append(package)
    seen, stack = set(), list(roots)
    while stack:
        package = stack.pop()
        if package in seen or package not in table:
            continue
        seen.add(package)
        for alternatives in table[package][0]:
            for name in alternatives:
                found = [name] if name in table else providers.get(name, [])
                if found:
                    stack.extend(found)
                    break
    return seen


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    base = set(Path(sys.argv[1]).read_text().split())
    if not base:
        sys.exit(f"check-pristine: {sys.argv[1]} lists no packages")
    table = installed()
    allowed = closure(set(listed()) | base, table)
    extra = sorted(package for package in table if package not in allowed)
    for package in extra:
        print(f"check-pristine: {package} is installed, but neither the base nor scripts/install-deps.sh brought it")
    print(f"check-pristine: {len(table)} packages installed, {len(table) - len(base)} by the project's scripts, "
          f"{len(extra)} from elsewhere")
    sys.exit(1 if extra else 0)


if __name__ == "__main__":
    main()
