#!/usr/bin/python3
"""Decodes a stereogram as a viewer's eyes do and counts its false surfaces (echoes).

For every pixel, the separations s in NEAR..FAR at which at least 8 of the 13 pixels around it
equal the pixel s to their right; a pixel that two separations more than 2 px apart both explain
is an echo (tests/echo_decode.hpp is the suite's copy of the rule). Prints the share of echo
pixels and of pixels decoded at all; --out writes the decoded separation as grey (black: none,
red: an echo) for a look beside the depth map.

  scripts/stereogram-echoes.py picture.png 55 85 [--out decoded.png]

Needs Debian's python3-numpy and python3-pil (scripts/install-deps.sh --test brings both, with
matplotlib). Random dots only: a smooth image pattern repeats everywhere a little.
"""
import argparse

import numpy as np
from PIL import Image

WINDOW, MATCHES = 13, 8


def decode(pixels, near, far):
    """(lowest, highest) separation explaining each pixel, -1 where none does."""
    height, width = pixels.shape
    low = np.full((height, width), -1)
    high = np.full((height, width), -1)
    half = WINDOW // 2
    for s in range(near, far + 1):
        equal = np.zeros((height, width), np.int32)
        equal[:, : width - s] = pixels[:, : width - s] == pixels[:, s:]
        running = np.cumsum(np.pad(equal, ((0, 0), (1, 0))), axis=1)
        inside = np.zeros((height, width), np.int32)
        inside[:, half : width - half] = running[:, WINDOW:] - running[:, : width + 1 - WINDOW]
        explained = inside >= MATCHES
        low = np.where(explained & (low < 0), s, low)
        high = np.where(explained, s, high)
    return low, high


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("picture")
    parser.add_argument("near", type=int, help="the nearest separation, px (P - M)")
    parser.add_argument("far", type=int, help="the far separation, px (P)")
    parser.add_argument("--out", help="write the decoded separations here (PNG)")
    args = parser.parse_args()
    if not 2 <= args.near <= args.far:
        parser.error(f"near {args.near} and far {args.far}: need 2 <= near <= far")
    rgb = np.asarray(Image.open(args.picture).convert("RGB")).astype(np.int64)
    pixels = (rgb[:, :, 0] << 16) | (rgb[:, :, 1] << 8) | rgb[:, :, 2]
    low, high = decode(pixels, args.near - 2, args.far + 2)
    counted = np.s_[:, WINDOW // 2 : pixels.shape[1] - WINDOW // 2 - args.far - 2]
    echo = (low >= 0) & (high - low > 2)
    print(f"{args.picture}: echo px {100 * echo[counted].mean():.3f}%, decoded px {100 * (low >= 0)[counted].mean():.1f}%")
    if args.out:
        span = max(args.far + 2 - (args.near - 2), 1)
        grey = np.where(low >= 0, 255 - (low - (args.near - 2)) * 200 // span, 0).astype(np.uint8)
        picture = np.stack([grey, grey, grey], axis=2)
        picture[echo] = (255, 0, 0)
        Image.fromarray(picture).save(args.out)


if __name__ == "__main__":
    main()
