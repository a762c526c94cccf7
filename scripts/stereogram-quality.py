#!/usr/bin/python3
"""Measure a random-dot stereogram's dots and their swim on the demo's own scene.

Three figures (all on the picture's RGB values):
  equal      the fraction of horizontal neighbours that are equal. Random dots give about
             1/256 (grey); doubled dots, two groups tied into one, give more.
  contrast   mean |luma difference| of horizontal neighbours over that of the same pixels
             shuffled: 1.0 for independent dots, less where neighbours repeat.
  swim       in the rows the ball crosses, pixels of the picture that change from one frame to
             the next over pixels of the scene that change. 1 means only the ball's own pixels
             change; the rows the ball does not cross must not change at all (reported too).

  stereogram-quality.py demo BINARY [--algorithm A] [--mode M] [--frames N] [--out DIR] [-- OPTIONS]
      records the demo's CPU mode (or M) and its Scene mode with the same seed and frame clock
      (--record steps 1/60 s a frame), so both show the same ball.
  stereogram-quality.py pamstereogram [--frames N] [--out DIR]
      makes a box-and-ball depth map frame by frame (the demo's layout, by hand), and runs
      netpbm's pamstereogram (fixed seed) on each, at the demo's separations.
Prints one Markdown table row per run; --crop X,Y,W,H saves that region of the last picture at
2x (nearest) as DIR/crop.png.
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

WIDTH, HEIGHT = 1280, 720
PATTERN, MAX_OFFSET = 85, 30  # the demo's defaults: far separation 85 px, nearest 55 px
BACK_WALL = (0.22, 0.22, 0.78, 0.78)  # fractions of the picture: the box's back wall


def load(path):
    return np.asarray(Image.open(path).convert("RGB")).astype(np.int32)


def equal_neighbours(picture):
    return float(np.mean(np.all(picture[:, 1:] == picture[:, :-1], axis=2)))


def luma(picture):
    return picture @ np.array([0.299, 0.587, 0.114])


def contrast(picture, seed=7):
    y = luma(picture)
    neighbours = np.mean(np.abs(np.diff(y, axis=1)))
    shuffled = np.random.default_rng(seed).permutation(y.ravel()).reshape(y.shape)
    return float(neighbours / np.mean(np.abs(np.diff(shuffled, axis=1))))


def region(picture, box):
    h, w = picture.shape[:2]
    return picture[int(box[1] * h):int(box[3] * h), int(box[0] * w):int(box[2] * w)]


def swim(pictures, scenes):
    """Changed picture pixels over changed scene pixels in the rows the scene changes in, and
    the changed picture pixels in all other rows."""
    picture_changes = scene_changes = still_row_changes = 0
    for before, after, scene_before, scene_after in zip(pictures, pictures[1:], scenes, scenes[1:]):
        scene_changed = np.any(scene_before != scene_after, axis=2)
        picture_changed = np.any(before != after, axis=2)
        rows = np.any(scene_changed, axis=1)
        # The lookup's picture is P wider than the scene: its rows are compared whole.
        scene_changes += int(scene_changed[rows].sum())
        picture_changes += int(picture_changed[rows].sum())
        still_row_changes += int(picture_changed[~rows].sum())
    return picture_changes / max(scene_changes, 1), still_row_changes


def frames(folder):
    return [load(os.path.join(folder, name)) for name in sorted(os.listdir(folder)) if name.endswith(".png")]


def record_demo(binary, mode, folder, args):
    command = [binary, "--mode", mode, "--frames", str(args.frames), "--seed", "3", "--size", f"{WIDTH}x{HEIGHT}",
               "--pattern-width", str(PATTERN), "--max-offset", str(MAX_OFFSET), "--no-pipeline", "--hidden",
               "--record", folder] + args.extra
    if mode != "scene":
        command += ["--algorithm", args.algorithm]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def box_depth(t):
    """The demo's box seen from its open front, white = near, with a ball crossing it: side
    walls, floor and ceiling rise from the back wall's edge (0) to the picture's edge (1)."""
    x = np.linspace(0.0, 1.0, WIDTH)[None, :]
    y = np.linspace(0.0, 1.0, HEIGHT)[:, None]
    edge = 0.2
    near = np.maximum(np.maximum((edge - x) / edge, (x - 1 + edge) / edge),
                      np.maximum((edge - y) / edge, (y - 1 + edge) / edge))
    depth = np.clip(near, 0.0, 1.0) * 0.8
    cx, cy, radius = WIDTH * (0.3 + 0.004 * t), HEIGHT * (0.45 + 0.15 * np.sin(t / 6.0)), 100.0
    xx, yy = np.meshgrid(np.arange(WIDTH), np.arange(HEIGHT))
    inside = np.clip(1.0 - ((xx - cx) ** 2 + (yy - cy) ** 2) / radius ** 2, 0.0, 1.0)
    ball = np.where(inside > 0, 0.45 + 0.3 * np.sqrt(inside), 0.0)
    return np.maximum(depth, ball)


def run_pamstereogram(folder, args):
    pictures, scenes = [], []
    for t in range(args.frames):
        depth = box_depth(t)
        grey = np.round(depth * 255).astype(np.uint8)
        pgm = os.path.join(folder, f"depth-{t:03d}.pgm")
        Image.fromarray(grey).save(pgm)
        out = os.path.join(folder, f"picture-{t:03d}.png")
        with open(pgm, "rb") as source:
            pam = subprocess.run(["pamstereogram", f"-planes={PATTERN - MAX_OFFSET},{PATTERN}", "-grayscale",
                                  "-maxval=255", "-randomseed=3"], stdin=source, check=True,
                                 capture_output=True).stdout
        png = subprocess.run(["pamtopng"], input=pam, check=True, capture_output=True).stdout
        with open(out, "wb") as f:
            f.write(png)
        pictures.append(load(out))
        scenes.append(np.repeat(grey[:, :, None], 3, axis=2).astype(np.int32))
    return pictures, scenes


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", choices=["demo", "pamstereogram"])
    parser.add_argument("binary", nargs="?", help="the stereocl binary (demo)")
    parser.add_argument("--algorithm", default="symmetric")
    parser.add_argument("--mode", default="cpu", help="the demo's mode that makes the pictures")
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--out", help="keep the frames here (default: a temporary folder)")
    parser.add_argument("--crop", help="X,Y,W,H of the last picture to save at 2x as OUT/crop.png")
    parser.add_argument("--label", help="the table row's name")
    parser.add_argument("extra", nargs="*", help="more stereocl options, after --")
    args = parser.parse_intermixed_args()
    if args.source == "demo" and not args.binary:
        parser.error("demo needs the stereocl binary")
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.out or scratch
        os.makedirs(folder, exist_ok=True)
        if args.source == "demo":
            record_demo(args.binary, args.mode, os.path.join(folder, "picture"), args)
            record_demo(args.binary, "scene", os.path.join(folder, "scene"), args)
            pictures, scenes = frames(os.path.join(folder, "picture")), frames(os.path.join(folder, "scene"))
        else:
            pictures, scenes = run_pamstereogram(folder, args)
        last = pictures[-1]
        wall = region(last, BACK_WALL)
        ratio, still = swim(pictures, scenes)
        label = args.label or (f"stereocl {args.algorithm}, {args.mode} {' '.join(args.extra)}".strip()
                               if args.source == "demo" else "pamstereogram")
        print(f"| {label} | {equal_neighbours(last):.3f} ({equal_neighbours(wall):.3f}) | "
              f"{contrast(last):.2f} ({contrast(wall):.2f}) | {ratio:.2f} | {still} |")
        if args.crop:
            x, y, w, h = (int(v) for v in args.crop.split(","))
            crop = Image.fromarray(last[y:y + h, x:x + w].astype(np.uint8)).resize((2 * w, 2 * h), Image.NEAREST)
            crop.save(os.path.join(folder, "crop.png"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
