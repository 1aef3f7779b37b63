#!/usr/bin/env python3
"""One core against Skia on every deck of Scripts/bench-decks: `pagereel bench DECK` and a Skia peer
drawing the same scene, both pinned to one core, in interleaved rounds. Prints BENCHMARKS.md's
"## One core against Skia, per deck".

    onecore-bench.py PAGEREEL WORK [--peers DIR] [--rounds N] [--core C]

WORK holds a copy of every deck of Scripts/bench-decks and the files they name (Scripts/bench-onecore
makes them). The peer of cards.json is the peer harness's skia_cards.py with the arguments
Scripts/bench gives it (its own equivalent scene and timeline); every other deck is drawn by
Scripts/lib/skia-deck.py from the deck itself, at the scroll positions of pagereel's timeline.

Each tool reports its own frames/s: pagereel's for all of `bench` (its images decoded and its page
textures rendered on the way), Skia's for its frames once its images are decoded and its textures
made (the peers' steady state), which favours Skia. The ratio of each round is taken from those; the
wall-time ratio (each process from start to exit, startup included, frames over seconds) is beside it."""
import argparse, json, os, re, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DECKS = os.path.join(ROOT, "Scripts", "bench-decks")
GOAL = 4.0
# skia_cards.py as Scripts/bench runs it for its one-core row (SIZE from the harness's lib.sh).
CARDS_SIZE = "1920x1080"
CARDS_FRAMES = 300


def pinned(core, args):
    return ["taskset", "-c", str(core)] + args


def timed(args, cwd):
    start = time.monotonic()
    out = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    seconds = time.monotonic() - start
    if out.returncode != 0:
        sys.exit(f"onecore-bench: {' '.join(args)} failed ({out.returncode}):\n{out.stderr.strip()}")
    return seconds, out


def pagereel_fps(out):
    """frames and frames/s from `pagereel bench`: "N frames in S s: F frames/s" on some line of its
    output (whatever else is printed around it: warnings, progress), or its --json form."""
    text = out.stdout + "\n" + out.stderr
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                result = json.loads(line)
                return int(result["frames"]), float(result["fps"])
            except (ValueError, KeyError):
                pass
        m = re.search(r"(\d+)\s+frames?\s+in\s+[0-9.]+\s*s\b.*?([0-9.]+)\s+frames/s", line)
        if m:
            return int(m.group(1)), float(m.group(2))
    sys.exit(f"onecore-bench: no frames/s in pagereel bench's output:\n{text.strip()}")


def skia_fps(out):
    """frames/s from a Skia peer's last "F frames/s (M ms/frame" line on stderr (from the ms when given)."""
    found = re.findall(r"([0-9.]+) frames/s(?: \(([0-9.]+) ms/frame)?", out.stderr)
    if not found:
        sys.exit(f"onecore-bench: no frames/s in the Skia peer's output:\n{out.stderr.strip()}")
    fps, ms = found[-1]
    return 1000 / float(ms) if ms else float(fps)


def describe(deck):
    """The scene in a few words, from the deck."""
    c = deck["canvas"]
    pages = deck["pages"]
    count = pages["count"] if isinstance(pages, dict) else len(pages)
    listed = [pages["template"]] if isinstance(pages, dict) else pages
    parts = [f"{c['width']}×{c['height']}", f"{count} pages"]
    t = deck.get("transition", "none")
    if isinstance(t, dict):
        parts.append(f"custom transition (angle ratio {t.get('angleRatio', 0)}, perspective {t.get('perspective', 0)})")
    else:
        parts.append(f"transition {t}")
    radius = deck.get("page", {}).get("cornerRadius", 0)
    if radius:
        parts.append(f"corners {radius}")
    if any(p.get("title") for p in listed):
        parts.append("titles")
    device = deck.get("device")
    if device:
        parts.append(f"device {device if isinstance(device, str) else device.get('model')}")
    if any(p.get("caption") for p in listed):
        parts.append("captions")
    return ", ".join(parts)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("pagereel")
    parser.add_argument("work")
    parser.add_argument("--peers", default=os.path.join(ROOT, "..", "shared", "bench"))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--core", type=int, default=0)
    args = parser.parse_args()
    pr, work, core = os.path.abspath(args.pagereel), args.work, args.core
    load_start = open("/proc/loadavg").read().split()[:3]

    decks = []
    for name in sorted(os.listdir(DECKS)):
        if not name.endswith(".json"):
            continue
        path = os.path.join(work, name)
        deck = json.load(open(path))
        timeline = subprocess.run([pr, "timeline", name, "--format", "csv"], cwd=work, capture_output=True, text=True,
                                  check=True).stdout
        csv_path = os.path.join(work, name[:-5] + ".timeline.csv")
        open(csv_path, "w").write(timeline)
        frames = len(timeline.strip().splitlines()) - 1
        if name == "cards.json":
            peer = ["python3", os.path.join(os.path.abspath(args.peers), "skia_cards.py"), "--assets",
                    os.path.join(work, "assets"), "--size", CARDS_SIZE, "--render-only"]
            peer_frames, peer_name = CARDS_FRAMES, "skia_cards.py (the peer harness's equivalent scene)"
        else:
            peer = ["python3", os.path.join(ROOT, "Scripts", "lib", "skia-deck.py"), name, "--timeline", csv_path,
                    "--render-only"]
            peer_frames, peer_name = frames, "skia-deck.py (the same deck, pagereel's timeline)"
        decks.append(dict(name=name, deck=deck, frames=frames, peer=peer, peer_frames=peer_frames,
                          peer_name=peer_name, ours=[], theirs=[], ours_wall=[], theirs_wall=[]))

    # Rounds: every deck once per round, the two tools back to back, the one that goes first
    # alternating from round to round so a slow spell of the host does not favour either.
    for r in range(args.rounds):
        for d in decks:
            order = ["pagereel", "skia"] if r % 2 == 0 else ["skia", "pagereel"]
            for tool in order:
                if tool == "pagereel":
                    seconds, out = timed(pinned(core, [pr, "bench", d["name"]]), work)
                    frames, fps = pagereel_fps(out)
                    d["ours"].append(fps)
                    d["ours_wall"].append(frames / seconds)
                else:
                    seconds, out = timed(pinned(core, d["peer"]), work)
                    d["theirs"].append(skia_fps(out))
                    d["theirs_wall"].append(d["peer_frames"] / seconds)
            print(f"round {r + 1}/{args.rounds} {d['name']}: pagereel {d['ours'][-1]:.1f}, Skia {d['theirs'][-1]:.1f} "
                  f"frames/s", file=sys.stderr)
    load_end = open("/proc/loadavg").read().split()[:3]

    def listed(values):
        return ", ".join(f"{v:.1f}" for v in values)

    print("## One core against Skia, per deck")
    print()
    print(f"Measured {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC. `Scripts/bench-onecore`: each deck of [Scripts/bench-decks](Scripts/bench-decks) rendered by `pagereel bench` "
          f"(release build) and drawn by Skia (skia-python {skia_version()}, CPU raster, one thread), both pinned to "
          f"one core (`taskset -c {core}`), {args.rounds} interleaved rounds (which tool goes first alternates). "
          f"Goal: one core ≥ {GOAL:g}× Skia on every deck. frames/s are each tool's own figure: pagereel's covers all of "
          f"`bench` (decoding its images and rendering its page textures included), Skia's its frames after decoding "
          f"and making its textures; the ratio is the median of the rounds' ratios, with their spread. By wall time "
          f"(each process from start to exit, Python's and the decks' startup included, as Scripts/bench's one-core "
          f"row) beside it. Load average {' '.join(load_start)} at the start, {' '.join(load_end)} at the end "
          f"({os.cpu_count()} cores, shared with other work).")
    print()
    print("| deck | scene | Skia peer | frames | pagereel frames/s (median; rounds) | Skia frames/s (median; rounds) | "
          "× Skia (median, spread) | × Skia by wall time | goal ≥ 4× |")
    print("|---|---|---|---:|---|---|---|---:|---|")
    for d in decks:
        ratios = sorted(a / b for a, b in zip(d["ours"], d["theirs"]))
        ratio = statistics.median(ratios)
        wall = statistics.median(a / b for a, b in zip(d["ours_wall"], d["theirs_wall"]))
        print(f"| [{d['name']}](Scripts/bench-decks/{d['name']}) | {describe(d['deck'])} | {d['peer_name']} | "
              f"{d['frames']} | {statistics.median(d['ours']):.1f} ({listed(d['ours'])}) | "
              f"{statistics.median(d['theirs']):.1f} ({listed(d['theirs'])}) | "
              f"{ratio:.2f}× ({ratios[0]:.2f}–{ratios[-1]:.2f}) | {wall:.2f}× | {'met' if ratio >= GOAL else 'missed'} |")
    print()
    print("skia-deck.py draws what pagereel draws at every frame: the same page images at the same places "
          "(the custom transition's 4×4 transform with its perspective, rounded corners, the neighbours' fade), "
          "titles over their scrim and captions in DejaVu Sans (Skia's own text drawing where pagereel's is Pango's), "
          "the device as rounded rects with the pages clipped to its screen's rounded rect; trilinear sampling, page "
          "textures made once, as pagereel caches its own. The cards row's Skia scene is the peer harness's own (its own timeline, 300 frames).")


def skia_version():
    try:
        return subprocess.run(["python3", "-c", "import skia; print(skia.__version__)"], capture_output=True,
                              text=True).stdout.strip() or "?"
    except OSError:
        return "?"


if __name__ == "__main__":
    main()
