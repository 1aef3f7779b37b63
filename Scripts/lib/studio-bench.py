#!/usr/bin/env python3
"""The studio's speed and memory, measured from outside: Chromium (Playwright) and HTTP clients
against `pagereel studio` on copies of the App Store sample. Prints BENCHMARKS.md's "## Studio"
section on stdout, the progress on stderr.

    studio-bench.py PAGEREEL WORK [--scrub SECONDS] [--rounds N]

- first frame: a new studio process and a new tab per round, opened 1 s after the address is
  printed (as a user clicks it) and at once; the time from the navigation's start to the first
  frame on the canvas (performance.now() in the page, checked every animation frame).
- cold seek: one studio, each frame asked for once, in a shuffled order, at width 540, one
  keep-alive connection (as the page's fetches), JPEG (what the page asks for while scrubbing)
  and PNG (paused); p50 and p95 over every frame of the deck.
- playing: the page at a size where it asks for width 540, Space, then the frames it received and
  showed in 10 s.
- save to frame: the page paused on a frame, a caption edited and saved; the time from the write
  to the new generation's PNG on the canvas (wall clocks of the same machine on both sides).
- RSS: scrubbing for SECONDS (default 600) — random frames at width 540 in both locales, JPEG
  mostly, PNG sometimes, two connections, and a save every 30 s so generations roll over — with
  the process's VmRSS sampled every 5 s.
"""
import argparse
import http.client
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time

from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = "/usr/bin/chromium"
CAPTION = "All your trips, in one place"


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def percentile(values, p):
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


class Studio:
    def __init__(self, binary, deck):
        self.deck = deck
        self.process = subprocess.Popen([binary, "studio", os.path.basename(deck), "--port", "0"],
                                        cwd=os.path.dirname(deck), stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        match = re.fullmatch(r"Studio: (http://127\.0\.0\.1:(\d+)/)\?token=([0-9a-f]{32})\n", line)
        assert match, f"studio printed {line!r}"
        self.url = line[len("Studio: "):].strip()
        self.port = int(match.group(2))
        self.token = match.group(3)

    def connection(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)

    def get(self, connection, path):
        sep = "&" if "?" in path else "?"
        connection.request("GET", f"{path}{sep}token={self.token}")
        response = connection.getresponse()
        body = response.read()
        assert response.status == 200, (path, response.status, body[:200])
        return body

    def rss_mib(self):
        with open(f"/proc/{self.process.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=30)


def copy_sample(work, name, width):
    """Samples/app-store in WORK/NAME, its canvas WIDTH×1920 (the viewport stays centred)."""
    folder = os.path.join(work, name)
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(os.path.join(ROOT, "Samples", "app-store"), folder)
    path = os.path.join(folder, "deck.json")
    deck = json.load(open(path))
    deck["canvas"]["width"] = width
    json.dump(deck, open(path, "w"), ensure_ascii=False, indent=2)
    return path


def edit_caption(deck, text):
    document = json.load(open(deck))
    document["pages"][0]["caption"]["en"] = text
    temporary = deck + ".new"
    with open(temporary, "w") as f:
        json.dump(document, f, ensure_ascii=False, indent=2)
    os.replace(temporary, deck)


def new_page(browser, url, viewport):
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                                  device_scale_factor=2, bypass_csp=True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return context, page, errors


FIRST_FRAME = """() => new Promise(resolve => {
  const check = () => (window.studio && window.studio.shownFrame >= 0)
    ? resolve(performance.now()) : requestAnimationFrame(check);
  check();
})"""


def first_frame(browser, binary, deck, rounds, delay):
    times = []
    for _ in range(rounds):
        studio = Studio(binary, deck)
        try:
            time.sleep(delay)
            context, page, errors = new_page(browser, studio.url, (1280, 860))
            times.append(page.evaluate(FIRST_FRAME))
            assert not errors, errors
            context.close()
        finally:
            studio.stop()
    return times


def cold_seeks(binary, deck, fmt, width=540):
    studio = Studio(binary, deck)
    try:
        connection = studio.connection()
        frames = json.loads(studio.get(connection, "/deck"))["frames"]
        order = list(range(frames))
        random.Random(7).shuffle(order)
        times = []
        for n in order:
            start = time.perf_counter()
            studio.get(connection, f"/frame/{n}.{fmt}?width={width}")
            times.append((time.perf_counter() - start) * 1000)
        return times
    finally:
        studio.stop()


def sized_page(browser, studio, width):
    """A tab whose canvas asks for frames WIDTH pixels wide (device pixel ratio 2)."""
    height = 700
    for _ in range(6):
        context, page, errors = new_page(browser, studio.url, (1000, height))
        page.wait_for_function("window.studio.shownFrame >= 0", timeout=30000)
        got = page.evaluate("window.studio.requestWidth")
        if abs(got - width) <= 2:
            return context, page, errors, got
        stage = page.evaluate("document.getElementById('stage').getBoundingClientRect().height")
        deck = page.evaluate("window.studio.deck")
        context.close()
        # cssW = (stage − 32) × w / h: the stage height that gives WIDTH / 2 CSS pixels.
        height += round((width / 2) * deck["height"] / deck["width"] + 32 - stage) + 1
    raise SystemExit(f"no window size gives width {width} (last {got})")


def playing(browser, binary, deck, seconds=10):
    studio = Studio(binary, deck)
    try:
        context, page, errors, width = sized_page(browser, studio, 540)
        before = page.evaluate("({received: studio.received, shown: studio.shownFrame})")
        page.keyboard.press("Space")
        start = time.monotonic()
        page.wait_for_timeout(seconds * 1000)
        after = page.evaluate("({received: studio.received, shown: studio.shownFrame, frame: studio.frame,"
                              " playing: studio.playing, fps: studio.deck.fps, frames: studio.deck.frames})")
        elapsed = time.monotonic() - start
        assert not errors, errors
        context.close()
        # The deck is 17.6 s: 10 s of it play without reaching the end.
        assert after["playing"], after
        return (after["received"] - before["received"]) / elapsed, after["fps"], width, \
            (after["shown"] - before["shown"]) / elapsed
    finally:
        studio.stop()


def save_to_frame(browser, binary, deck, rounds, frame=60):
    studio = Studio(binary, deck)
    times = []
    try:
        context, page, errors, width = sized_page(browser, studio, 540)
        page.keyboard.press("End")  # the playhead moves, then back to FRAME by the hash
        page.evaluate(f"location.hash = 'frame={frame}'")
        page.wait_for_function(f"studio.shownFrame === {frame} && studio.shownFormat === 'png'", timeout=30000)
        for k in range(rounds):
            generation = page.evaluate("studio.shownGeneration")
            start = time.time() * 1000
            edit_caption(deck, f"{CAPTION} ({k + 1})")
            shown = page.evaluate(f"""() => new Promise(resolve => {{
              const check = () => (studio.shownGeneration > {generation} && studio.shownFrame === {frame}
                && studio.shownFormat === 'png') ? resolve(Date.now()) : requestAnimationFrame(check);
              check();
            }})""")
            times.append(shown - start)
            time.sleep(0.5)
        assert not errors, errors
        context.close()
        return times
    finally:
        edit_caption(deck, CAPTION)
        studio.stop()


def scrub(binary, deck, seconds):
    studio = Studio(binary, deck)
    samples = []
    stop = threading.Event()
    counts = [0, 0]
    try:
        frames = json.loads(studio.get(studio.connection(), "/deck"))["frames"]

        def client(index):
            rng = random.Random(index)
            connection = studio.connection()
            while not stop.is_set():
                n = rng.randrange(frames)
                locale = rng.choice(["en", "ar"])
                fmt = "png" if rng.random() < 0.1 else "jpg"
                try:
                    studio.get(connection, f"/frame/{n}.{fmt}?width=540&locale={locale}")
                    counts[index] += 1
                except (AssertionError, OSError, http.client.HTTPException):
                    # A request during a save can meet the reload; the next one goes on.
                    connection.close()
                    connection = studio.connection()

        threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(2)]
        for t in threads:
            t.start()
        start = time.monotonic()
        saves = 0
        while (elapsed := time.monotonic() - start) < seconds:
            time.sleep(5)
            samples.append((time.monotonic() - start, studio.rss_mib()))
            if int(elapsed // 30) > saves:
                saves += 1
                edit_caption(deck, f"{CAPTION} [{saves}]")
        stop.set()
        for t in threads:
            t.join(timeout=60)
        return samples, sum(counts), saves
    finally:
        edit_caption(deck, CAPTION)
        studio.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("work")
    parser.add_argument("--scrub", type=float, default=600)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    os.makedirs(args.work, exist_ok=True)
    sample = copy_sample(args.work, "app-store", 886)
    wide = copy_sample(args.work, "app-store-1080", 1080)
    frames = int(subprocess.run([binary, "timeline", sample], capture_output=True, text=True,
                                check=True).stdout.count("\n")) - 1
    rows = []
    with sync_playwright() as p:
        launch = ["--no-sandbox"] if os.geteuid() == 0 else []
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=launch)
        log("studio: first frame")
        first = first_frame(browser, binary, sample, args.rounds, 1.0)
        first_at_once = first_frame(browser, binary, sample, args.rounds, 0)
        log("studio: cold seeks")
        seeks = {(name, fmt): cold_seeks(binary, deck, fmt)
                 for name, deck in (("886", sample), ("1080", wide)) for fmt in ("jpg", "png")}
        log("studio: playing")
        plays = [playing(browser, binary, sample) for _ in range(3)]
        log("studio: save to frame")
        saves = save_to_frame(browser, binary, sample, args.rounds)
        browser.close()
    log(f"studio: scrubbing for {args.scrub:.0f} s")
    samples, requests, rolled = scrub(binary, sample, args.scrub)

    def ms(values):
        return f"{statistics.median(values):.0f} ms ({min(values):.0f}–{max(values):.0f})"

    def verdict(ok):
        return "met" if ok else "missed"

    first_median = statistics.median(first)
    rows.append(("first frame after the page loads: a new studio, the page opened 1 s after it printed its address, "
                 f"a new tab; from the navigation's start to the frame on the canvas (median of {len(first)}, min–max)",
                 "≤ 300 ms", ms(first), verdict(first_median <= 300)))
    rows.append(("the same with the page opened the moment the address is printed (the studio still decoding the "
                 "screenshots)", "", ms(first_at_once), ""))
    for name, label in (("886", "the App Store sample, 886×1920"), ("1080", "the same at 1080×1920")):
        jpg, png = seeks[(name, "jpg")], seeks[(name, "png")]
        rows.append((f"cold seek at width 540, {label}: each of its {len(jpg)} frames once, shuffled, "
                     "JPEG (scrubbing) p50 / p95", "p95 ≤ 50 ms",
                     f"{percentile(jpg, 50):.1f} / {percentile(jpg, 95):.1f} ms (max {max(jpg):.1f})",
                     verdict(percentile(jpg, 95) <= 50)))
        rows.append((f"the same as PNG (paused; byte-identical to `still`) p50 / p95", "",
                     f"{percentile(png, 50):.1f} / {percentile(png, 95):.1f} ms (max {max(png):.1f})", ""))
    received = [r for r, _, _, _ in plays]
    fps, width = plays[0][1], plays[0][2]
    shown = [s for _, _, _, s in plays]
    rows.append((f"frames received per second while playing (the page asking for width {width}, deck at {fps} fps; "
                 f"10 s, median of {len(plays)}, min–max)", "≥ 25",
                 f"{statistics.median(received):.1f} ({min(received):.1f}–{max(received):.1f}); "
                 f"the playhead moved {statistics.median(shown):.1f} frames/s",
                 verdict(statistics.median(received) >= 25)))
    rows.append((f"save to the new frame on the canvas (a caption edited; median of {len(saves)}, min–max; "
                 "files polled every 0.15 s)", "≤ 500 ms", ms(saves), verdict(statistics.median(saves) <= 500)))
    early = [rss for t, rss in samples if t <= 60]
    late = [rss for t, rss in samples if t >= samples[-1][0] - 60]
    peak = max(rss for _, rss in samples)
    flat = max(late) <= 1.15 * max(early)
    rows.append((f"studio RSS while scrubbing for {samples[-1][0] / 60:.0f} min ({requests} frames asked for "
                 f"by two connections, both locales, a save every 30 s: {rolled} generations)",
                 "≤ 400 MiB, flat", f"first minute ≤ {max(early):.0f} MiB, last minute ≤ {max(late):.0f} MiB, "
                 f"peak {peak:.0f} MiB", verdict(peak <= 400 and flat)))

    print("## Studio")
    print()
    print(f"Measured by `Scripts/bench-studio` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: "
          f"`pagereel studio` (release build) on copies of the App Store sample ({frames} frames at 30 fps), "
          f"Debian's Chromium through Playwright for the page's rows, HTTP clients for the rest; load average "
          f"{open('/proc/loadavg').read().split()[0]} at the end.")
    print()
    print("| measure | goal | measured | |")
    print("|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print()
    print("RSS over time (s: MiB): " + ", ".join(f"{t:.0f}: {rss:.0f}" for t, rss in samples[::max(1, len(samples) // 20)]))


if __name__ == "__main__":
    main()
