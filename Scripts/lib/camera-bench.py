#!/usr/bin/env python3
"""Frames per second of a turned and of a zoomed deck against the same deck flat, in interleaved
rounds (`pagereel bench`, release build, every core). Prints BENCHMARKS.md's "## Camera and pose".

    camera-bench.py PAGEREEL WORK [--rounds N]

The decks are Samples/turning-phone three ways, with the same scroll motion and length: flat (no
pose, no camera: each turn or move that the next step waits for becomes a wait of its length),
posed (its poses, no camera) and zoomed (its camera moves, no pose)."""
import argparse, json, os, shutil, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def variant(deck, keep_pose, keep_camera):
    deck = json.loads(json.dumps(deck))
    if not keep_pose:
        deck["device"].pop("pose", None)
    script = []
    for step in deck["script"]:
        kind = "pose" if "pose" in step else "camera" if "camera" in step else None
        if kind is None or (kind == "pose" and keep_pose) or (kind == "camera" and keep_camera):
            script.append(step)
        elif "at" not in step:
            script.append({"wait": step[kind].get("duration", 0.8)})
    deck["script"] = script
    return deck


def bench(binary, deck):
    out = subprocess.run([binary, "bench", deck, "--json"], capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("pagereel")
    parser.add_argument("work")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    sample = os.path.join(ROOT, "Samples", "turning-phone")
    shutil.copytree(os.path.join(sample, "screens"), os.path.join(args.work, "screens"), dirs_exist_ok=True)
    deck = json.load(open(os.path.join(sample, "deck.json")))
    paths = {}
    for name, pose, camera in [("flat", False, False), ("posed", True, False), ("zoomed", False, True)]:
        paths[name] = os.path.join(args.work, f"{name}.json")
        json.dump(variant(deck, pose, camera), open(paths[name], "w"))
    fps = {name: [] for name in paths}
    frames = None
    for _ in range(args.rounds):
        for name, path in paths.items():
            result = bench(args.pagereel, path)
            frames = result["frames"]
            fps[name].append(result["fps"])
    def ratios(name):
        return sorted(a / b for a, b in zip(fps[name], fps["flat"]))
    print("## Camera and pose")
    print()
    print(f"Measured {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC. `Scripts/bench-camera`: `pagereel bench` (render only, every core, release build) on Samples/turning-phone "
          f"({frames} frames, 1280×720, a phone with its screenshots and captions) three ways with the same motion: flat, "
          f"with its turns (`device.pose` and `pose` steps), with its camera moves (zoom 2.2 and back); "
          f"{args.rounds} interleaved rounds. Goal: ≥ 0.9× the flat deck's frames/s.")
    print()
    print("| deck | frames/s (median, rounds) | × flat (median of the rounds' ratios, spread) | goal |")
    print("|---|---|---|---|")
    print(f"| flat | {statistics.median(fps['flat']):.1f} ({', '.join(f'{v:.1f}' for v in fps['flat'])}) | 1.00 | |")
    for name in ("posed", "zoomed"):
        r = ratios(name)
        median = statistics.median(r)
        print(f"| {name} | {statistics.median(fps[name]):.1f} ({', '.join(f'{v:.1f}' for v in fps[name])}) | "
              f"{median:.2f} ({r[0]:.2f}–{r[-1]:.2f}) | {'met' if median >= 0.9 else 'missed'} |")


if __name__ == "__main__":
    main()
