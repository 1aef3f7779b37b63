#!/usr/bin/python3
"""PSNR (RGB, over all frames) of an animated image against the frames it was made from.

    anim-psnr.py ANIMATION REFERENCE WxH FPS [--json]

ANIMATION is anything Pillow decodes with its timing: GIF, animated WebP, APNG. REFERENCE is
a folder of PNG frames (sorted by name) or a file of raw RGBA frames of WxH, sampled at FPS.
Reference frame n is compared with the animation frame shown at (n + ½)/FPS, found from the
animation's own durations (so merged holds and dropped frames count as a player shows them).
Like ffmpeg's psnr filter's "average", the result is 10·log10(255² / MSE) of the mean squared
error over every frame and channel; "inf" when the animation is exact. With --json it prints
frames, duration, loop and the PSNR.
"""
import json
import math
import os
import sys

from PIL import Image, ImageChops


def reference_frames(source, size):
    if os.path.isdir(source):
        for name in sorted(os.listdir(source)):
            if name.endswith(".png"):
                with Image.open(os.path.join(source, name)) as im:
                    yield im.convert("RGB")
        return
    width, height = size
    frame_bytes = width * height * 4
    with open(source, "rb") as f:
        while True:
            data = f.read(frame_bytes)
            if len(data) < frame_bytes:
                return
            yield Image.frombytes("RGBA", size, data).convert("RGB")


def animation_frames(path):
    """Each frame of the animation, composited, with its start and end in milliseconds."""
    with Image.open(path) as im:
        loop = im.info.get("loop")
        count = getattr(im, "n_frames", 1)
        start = 0
        for k in range(count):
            im.seek(k)
            im.load()  # WebP sets the frame's duration only once it is loaded
            duration = im.info.get("duration", 0) or 0
            yield k, start, start + duration, im.convert("RGB"), loop
            start += duration


def squared_error(a, b):
    histogram = ImageChops.difference(a, b).histogram()
    return sum(count * (value % 256) ** 2 for value, count in enumerate(histogram))


def main(argv):
    if len(argv) < 5:
        sys.exit(__doc__)
    path, source, size_text, fps = argv[1], argv[2], argv[3], float(argv[4])
    size = tuple(int(v) for v in size_text.lower().split("x"))
    frames = animation_frames(path)
    current = next(frames)
    total, samples, count, loop = 0, 0, 0, current[4]
    for n, reference in enumerate(reference_frames(source, size)):
        t = (n + 0.5) * 1000.0 / fps  # the middle of its span: robust to rounded delays
        while t >= current[2] - 1e-6:
            following = next(frames, None)
            if following is None:
                break
            current = following
        if current[3].size != reference.size:
            sys.exit(f"{path}: frame {current[0]} is {current[3].size}, the reference {reference.size}")
        total += squared_error(current[3], reference)
        samples += reference.size[0] * reference.size[1] * 3
        count += 1
    for current in frames:
        pass
    mse = total / samples if samples else 0
    psnr = math.inf if mse == 0 else 10 * math.log10(255 ** 2 / mse)
    if "--json" in argv:
        print(json.dumps({"frames": current[0] + 1, "duration_ms": current[2], "loop": loop,
                          "compared": count, "psnr": None if math.isinf(psnr) else round(psnr, 3)}))
    else:
        print("inf" if math.isinf(psnr) else f"{psnr:.2f}")


if __name__ == "__main__":
    main(sys.argv)
