#!/usr/bin/env bash
# Runs inside a pristine Debian (13 or 12) that holds only the .deb (in /root): installs it as a user would,
# with the dependencies dpkg-shlibdeps wrote into it, and runs the installed program.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
echo force-unsafe-io >/etc/dpkg/dpkg.cfg.d/stereocl-ci-unsafe-io  # a throw-away root (.ci/in-fresh-debian.sh)
# Nor need man-db index the manual pages of a root nobody reads them in: its "Building database
# of manual pages" took about 6 s of CPU in every root of every run.
echo "man-db man-db/auto-update boolean false" | debconf-set-selections
# Each part's seconds, for docs/development.md's table of where CI's time goes.
section_start=$SECONDS
took() { echo "time: $1 took $((SECONDS - section_start)) s"; section_start=$SECONDS; }
apt-get update -qq
took "apt-get update"
apt-get install -y -qq /root/stereocl_*.deb
took "installing the .deb and its dependencies"
# No display in a chroot: an X server for the run, as a user on a server would add.
apt-get install -y -qq --no-install-recommends xvfb xauth
took "installing xvfb"
stereocl --version
xvfb-run -a stereocl --frames 2 --hidden --screenshot /tmp/installed.png
[ -s /tmp/installed.png ] || { echo "ci: the installed stereocl wrote no screenshot"; exit 1; }
# A still needs no display at all.
stereocl --depth /usr/share/stereocl/depth-shapes.png --output /tmp/still.png
[ -s /tmp/still.png ] || { echo "ci: the installed stereocl wrote no still"; exit 1; }
# A word, written as WebP.
stereocl --text HI --size 320x180 --output /tmp/word.webp
[ "$(head -c 12 /tmp/word.webp | tail -c 4)" = WEBP ] || { echo "ci: the installed stereocl wrote no WebP word"; exit 1; }
for file in /usr/share/man/man1/stereocl.1.gz /usr/share/applications/stereocl.desktop \
            /usr/share/icons/hicolor/scalable/apps/stereocl.svg /usr/share/doc/stereocl/copyright \
            /usr/bin/stereocl-compare /usr/share/stereocl/bench-schema.json; do
  [ -f "$file" ] || { echo "ci: the .deb did not install $file"; exit 1; }
done
[ -f /usr/share/doc/stereocl/changelog.gz ] || { echo "ci: the .deb did not install its changelog"; exit 1; }
took "running the installed program"
# Debian's own checks of the package: no error may remain (warnings are reported, not fatal).
apt-get install -y -qq --no-install-recommends lintian
took "installing lintian"
lintian --allow-root --fail-on error --no-tag-display-limit /root/stereocl_*.deb
took "lintian"
echo "ci: lintian reports no error in the .deb"
echo "ci: the .deb installed and ran: $(stereocl --version)"
