#!/usr/bin/python3
"""A short soak (scripts/soak.sh: CPU-readback and CPU, a change every second) that must exit 0
with the RSS peaks of its second half no more than GROWTH_BOUND_MIB above those of its first.
Usage: soak_test.py SOAK_SH STEREOCL_BINARY SECONDS SCRATCH_DIR [--no-rss-bound]

--no-rss-bound (the AddressSanitizer build): ASan keeps freed blocks in its quarantine (256 MiB by
default) before reusing them, so RSS grows there without any leak and says nothing; that build
still checks that the soak runs its time, switches modes and exits 0.

Why 48 MiB: in 10-minute soaks here the peaks move within about +-35 MiB as images of other sizes
come and go (docs/soak.md), while the leaks this guards against are far larger over 10 seconds:
one lost 640x361 RGBA image per frame at ~20 frames a second is ~180 MiB, one lost depth map per
change ~10 MiB a change (40 MiB with the 1280x720 scene's buffers)."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import soak_chart  # noqa: E402

GROWTH_BOUND_MIB = 48

soak_sh, binary, seconds, scratch = sys.argv[1:5]
rss_bound = "--no-rss-bound" not in sys.argv[5:]
os.makedirs(scratch, exist_ok=True)
environment = dict(os.environ, STEREOCL_BINARY=binary, SOAK_DIR=scratch)
run = subprocess.run([soak_sh, seconds, "cpu-readback", "cpu"], env=environment, capture_output=True, text=True,
                     timeout=float(seconds) + 120)
print(run.stdout, run.stderr)
if run.returncode != 0:
    sys.exit(f"soak exited {run.returncode}")
times, rss, modes = soak_chart.read(os.path.join(scratch, "soak-rss.csv"))
numbers = soak_chart.summary(times, rss)
print(numbers)
if len(rss) < int(seconds):
    sys.exit(f"{len(rss)} RSS samples in a {seconds} s soak: it did not run its time")
if "cpu" not in modes or ("cpu-readback" not in modes and not any("unavailable" in l for l in run.stderr.splitlines())):
    sys.exit(f"the soak did not switch modes: {sorted(set(modes))}")
if rss_bound and numbers["peak_growth_mib"] > GROWTH_BOUND_MIB:
    sys.exit(f"RSS peaks grew {numbers['peak_growth_mib']:.1f} MiB, over the {GROWTH_BOUND_MIB} MiB bound")
