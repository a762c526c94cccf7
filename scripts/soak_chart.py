#!/usr/bin/python3
"""Summarises a stereocl --soak CSV (start, end, max RSS; growth over the second half) and, given
a PNG path, draws the RSS curve with the mode of each sample."""
import csv
import sys


def read(path):
    with open(path, newline="") as file:
        rows = list(csv.DictReader(file))
    return [float(r["seconds"]) for r in rows], [int(r["rss_kib"]) / 1024 for r in rows], [r["mode"] for r in rows]


def summary(seconds, rss_mib):
    half = len(rss_mib) // 2
    # RSS swings by tens of MiB within seconds as images of other sizes are made and freed, so
    # growth compares peaks: the second half's against the first half's, which holds the warm-up
    # (driver pools and caches of every size and mode seen once). A leak grows the later peaks.
    return {
        "samples": len(rss_mib),
        "start_mib": rss_mib[0],
        "end_mib": rss_mib[-1],
        "max_mib": max(rss_mib),
        "peak_growth_mib": max(rss_mib[half:]) - max(rss_mib[:half]),
    }


def draw(seconds, rss_mib, modes, png):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    figure, axes = plt.subplots(figsize=(9, 4), dpi=100)
    axes.plot(seconds, rss_mib, color="black", linewidth=1, label="RSS")
    for mode, colour in (("cpu", "tab:blue"), ("cpu-readback", "tab:orange"), ("gpu", "tab:green"), ("scene", "tab:grey")):
        points = [(s, r) for s, r, m in zip(seconds, rss_mib, modes) if m == mode]
        if points:
            axes.scatter(*zip(*points), s=4, color=colour, label=mode + " mode")
    axes.set_xlabel("seconds")
    axes.set_ylabel("resident set (MiB)")
    axes.set_ylim(bottom=0)
    axes.set_title("stereocl --soak: a mode, size, depth map or pattern change every second")
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(png)


def main():
    seconds, rss_mib, modes = read(sys.argv[1])
    if not rss_mib:
        sys.exit("soak_chart: no samples in " + sys.argv[1])
    print(" ".join(f"{k}={v:.1f}" if isinstance(v, float) else f"{k}={v}" for k, v in summary(seconds, rss_mib).items()))
    if len(sys.argv) > 2:
        draw(seconds, rss_mib, modes, sys.argv[2])


if __name__ == "__main__":
    main()
