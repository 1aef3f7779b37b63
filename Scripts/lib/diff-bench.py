#!/usr/bin/env python3
"""`pagereel diff` against ffmpeg's ssim filter on the same two 1080p MP4s, and how the default
threshold sits between codec noise and a one-word edit. Prints BENCHMARKS.md's "## diff".

    diff-bench.py PAGEREEL WORK [--rounds N]

WORK holds cards.json and its assets (Scripts/bench-diff makes them)."""
import argparse, json, os, re, shutil, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(args, cwd, check=True):
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, check=check)


def timed(args, cwd):
    start = time.monotonic()
    out = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    return time.monotonic() - start, out


def against_ssim(pr, work, old, new, rounds):
    """`pagereel diff OLD NEW` and ffmpeg's ssim filter on the same pair, interleaved: both sides'
    wall times and the sorted ratios of each round."""
    ours, theirs = [], []
    for _ in range(rounds):
        seconds, out = timed([pr, "diff", old, new], work)
        if out.returncode not in (0, 1):
            sys.exit(f"pagereel diff failed: {out.stderr}")
        ours.append(seconds)
        seconds, out = timed(["ffmpeg", "-v", "error", "-nostdin", "-i", old, "-i", new, "-lavfi", "ssim",
                              "-f", "null", "-"], work)
        if out.returncode != 0:
            sys.exit(f"ffmpeg ssim failed: {out.stderr}")
        theirs.append(seconds)
    return ours, theirs, sorted(a / b for a, b in zip(ours, theirs))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("pagereel")
    parser.add_argument("work")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    pr, work = args.pagereel, args.work
    # The bench deck at 1080p, twice: x264 at its default quality and at crf 30.
    run([pr, "export", "cards.json", "-q", "-o", "a.mp4"], work)
    run([pr, "export", "cards.json", "-q", "--crf", "30", "-o", "b.mp4"], work)
    frames = json.loads(run([pr, "diff", "a.mp4", "b.mp4", "--json"], work, check=False).stdout)["frames"]
    ours, theirs, ratios = against_ssim(pr, work, "a.mp4", "b.mp4", args.rounds)
    ratio = statistics.median(ratios)

    # The threshold: the turning-phone sample (1280×720, captions) at crf 18 and 30, and with one
    # word of a caption changed, compared at each threshold.
    sample = os.path.join(ROOT, "Samples", "turning-phone")
    shutil.copytree(os.path.join(sample, "screens"), os.path.join(work, "screens"), dirs_exist_ok=True)
    deck = open(os.path.join(sample, "deck.json")).read()
    open(os.path.join(work, "phone.json"), "w").write(deck)
    edited = deck.replace("worth the detour", "worth the trip")
    assert edited != deck
    open(os.path.join(work, "edit.json"), "w").write(edited)
    run([pr, "export", "phone.json", "-q", "-o", "p18.mp4"], work)
    run([pr, "export", "phone.json", "-q", "--crf", "30", "-o", "p30.mp4"], work)
    run([pr, "export", "edit.json", "-q", "-o", "e18.mp4"], work)
    # The kind of pair diff is for: the same deck with one word changed, both at crf 18.
    edit_ours, edit_theirs, edit_ratios = against_ssim(pr, work, "p18.mp4", "e18.mp4", args.rounds)
    thresholds = [2, 4, 8, 12, 16, 24, 32, 48, 64]
    rows = []
    for t in thresholds:
        noise = json.loads(run([pr, "diff", "p18.mp4", "p30.mp4", "--json", "--threshold", str(t)], work, check=False).stdout)
        edit = json.loads(run([pr, "diff", "p18.mp4", "e18.mp4", "--json", "--threshold", str(t)], work, check=False).stdout)
        def frames_changed(result):
            return sum(r["to"] - r["from"] + 1 for r in result["changed"])
        rows.append((t, frames_changed(noise), frames_changed(edit),
                     max((r["maxChanged"] for r in edit["changed"]), default=0)))
    default = float(re.search(r"default (\d+)", run([pr, "diff", "--help"], work).stdout).group(1))

    print("## diff")
    print()
    print(f"Measured {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC. `Scripts/bench-diff`: `pagereel diff` (release build, both cores) and ffmpeg's `ssim` filter on the same two "
          f"1080p MP4s of the bench deck ({frames} frames, x264 at its default crf 18 and at crf 30), wall time, "
          f"{args.rounds} interleaved rounds. Goal: no slower than the ssim filter.")
    print()
    print("| tool | wall s (median, rounds) | × ffmpeg ssim (median of the rounds' ratios, spread) | goal |")
    print("|---|---|---|---|")
    print(f"| ffmpeg -lavfi ssim | {statistics.median(theirs):.2f} ({', '.join(f'{v:.2f}' for v in theirs)}) | 1.00 | |")
    print(f"| pagereel diff | {statistics.median(ours):.2f} ({', '.join(f'{v:.2f}' for v in ours)}) | "
          f"{ratio:.2f} ({ratios[0]:.2f}–{ratios[-1]:.2f}) | {'met' if ratio <= 1.0 else 'missed'} |")
    print()
    print(f"On a pair like the ones diff is for (Samples/turning-phone, 1280×720, 312 frames, and the same deck with one "
          f"word of a caption changed, both at crf 18; {args.rounds} interleaved rounds): ffmpeg ssim "
          f"{statistics.median(edit_theirs):.2f} s, pagereel diff {statistics.median(edit_ours):.2f} s, "
          f"{statistics.median(edit_ratios):.2f}× ({edit_ratios[0]:.2f}–{edit_ratios[-1]:.2f}).")
    print()
    print("The default threshold (CIEDE2000 over which a pixel has changed; then 24 of a 16×16 block, and 0.02% of the "
          "picture in all) between codec noise and an edit: Samples/turning-phone (312 frames, 1280×720) at crf 18 "
          "against crf 30, and against the same deck with one word of a caption changed (\"worth the detour\" → "
          "\"worth the trip\").")
    print()
    print("| threshold | crf 18 vs 30: frames called changed | the edit: frames called changed (largest share) |")
    print("|---:|---:|---:|")
    for t, noise, edit, share in rows:
        mark = " (default)" if t == default else ""
        print(f"| {t}{mark} | {noise} | {edit} ({100 * share:.2f}%) |")


if __name__ == "__main__":
    main()
