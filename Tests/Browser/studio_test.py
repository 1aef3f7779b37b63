#!/usr/bin/env python3
"""The studio's page in a real browser: Debian's Chromium driven by Playwright.

Runs `pagereel studio` on a copy of Samples/app-store (and Samples/device-showcase), opens the page
and checks what a user sees: the deep link, the keys, playback, a save shown at the same frame, a
broken deck's errors over the last good frame and gone when fixed, the locale, safe-area and device
switches, the PNG download — and that the page logs no error. The frames on the canvas are compared
with the server's PNG decoded by Pillow.

    studio_test.py PAGEREEL [--screenshot PATH]
"""
import argparse
import hashlib
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.request

from PIL import Image
from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = "/usr/bin/chromium"


class Studio:
    """A running `pagereel studio DECK --port 0`."""

    def __init__(self, binary, deck, *args):
        # Started where the sample's folder is, with the deck's path as a user types it.
        folder = os.path.dirname(os.path.dirname(deck))
        self.process = subprocess.Popen([binary, "studio", os.path.relpath(deck, folder), "--port", "0", *args],
                                        cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.relative = os.path.relpath(deck, folder)
        self.folder = folder
        line = self.process.stdout.readline()
        match = re.fullmatch(r"Studio: (http://127\.0\.0\.1:(\d+)/)\?token=([0-9a-f]{32})\n", line)
        assert match, f"studio printed {line!r}"
        self.url = match.group(0)[len("Studio: "):].strip()
        self.base = match.group(1)
        self.token = match.group(3)

    def get(self, path):
        sep = "&" if "?" in path else "?"
        with urllib.request.urlopen(f"{self.base}{path.lstrip('/')}{sep}token={self.token}", timeout=30) as r:
            return r.read()

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        _, err = self.process.communicate(timeout=30)
        assert self.process.returncode == 130, (self.process.returncode, err)
        return err


class Page:
    """The studio's page in a browser tab, with every error it logs."""

    def __init__(self, browser, url, viewport=(1280, 860)):
        # bypass_csp: the page's policy allows only its own inline script; Playwright's waits
        # evaluate expressions, which that policy would refuse.
        self.context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                                           bypass_csp=True, accept_downloads=True)
        self.page = self.context.new_page()
        self.errors = []
        self.page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))
        self.page.goto(url)

    def state(self):
        return self.page.evaluate("""() => { const s = window.studio; return {frame: s.frame,
            playing: s.playing, rate: s.rate, shownFrame: s.shownFrame, shownFormat: s.shownFormat,
            shownGeneration: s.shownGeneration, loadedGeneration: s.loadedGeneration,
            generation: s.generation, errors: s.errors, received: s.received, failed: s.failed,
            requestWidth: s.requestWidth, locale: s.locale, device: s.device}; }""")

    def wait(self, expression, timeout=15000):
        self.page.wait_for_function(expression, timeout=timeout)

    def wait_shown(self, frame, generation=None):
        g = f" && s.shownGeneration === {generation}" if generation is not None else ""
        self.wait(f"(() => {{ const s = window.studio; return s.ready && !s.playing && s.shownFrame === {frame}"
                  f" && s.shownFormat === 'png' && s.shownLocale === s.locale && s.shownTarget === s.target"
                  f" && s.shownDevice === s.device{g}; }})()")

    def hash(self):
        return self.page.evaluate("location.hash")

    def canvas(self):
        """The canvas's pixels, as RGBA bytes, with its size."""
        data = self.page.evaluate("""() => { const c = document.getElementById('frame');
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let s = ''; for (let i = 0; i < d.length; i += 32768) s += String.fromCharCode.apply(null, d.subarray(i, i + 32768));
            return [c.width, c.height, btoa(s)]; }""")
        import base64
        return data[0], data[1], base64.b64decode(data[2])

    def close(self):
        self.context.close()


def server_png(studio, frame, width, **query):
    q = "".join(f"&{k}={v}" for k, v in query.items())
    return Image.open(io.BytesIO(studio.get(f"/frame/{frame}.png?width={width}{q}"))).convert("RGBA")


def expect_canvas_is(page, image, what):
    w, h, pixels = page.canvas()
    assert (w, h) == image.size, f"{what}: canvas {w}x{h}, frame {image.size}"
    expected = image.tobytes()
    # The canvas holds the decoded PNG drawn 1:1; allow the browser's rounding of premultiplied
    # alpha on the (opaque) frame: no channel may be off by more than 1.
    worst = max(abs(a - b) for a, b in zip(pixels[::97], expected[::97]))
    assert worst <= 1, f"{what}: the canvas differs from the server's PNG by {worst}"


def digest(page):
    return hashlib.sha256(page.canvas()[2]).hexdigest()


def test_app_store(browser, binary, folder, screenshot):
    deck = os.path.join(folder, "deck.json")
    studio = Studio(binary, deck)
    page = Page(browser, studio.url + "#frame=40")
    try:
        # Deep link: frame 40, as a lossless frame, at the canvas's own width.
        page.wait_shown(40)
        state = page.state()
        assert page.hash() == "#frame=40", page.hash()
        assert "token=" not in page.page.url, f"the token stays in the address bar: {page.page.url}"
        width = state["requestWidth"]
        assert 100 <= width <= 886 and width % 2 == 0, width
        expect_canvas_is(page, server_png(studio, 40, width), "frame 40")
        clock = page.page.inner_text("#clock")
        assert "1.33 s" in clock and "frame 40 / 527" in clock and "30 fps" in clock, clock
        # The scrubber marks the script's 8 steps and the page changes.
        assert page.page.locator("#marks .step").count() == 8
        assert page.page.locator("#marks .page").count() >= 3

        # Keys, as Remotion's.
        keys = [("ArrowRight", 41), ("Shift+ArrowRight", 71), ("ArrowLeft", 70), ("Shift+ArrowLeft", 40),
                ("End", 527), ("Home", 0)]
        for key, frame in keys:
            page.page.keyboard.press(key)
            page.wait_shown(frame)
            assert page.hash() == f"#frame={frame}", (key, page.hash())

        # Space plays at the deck's fps; frames arrive; K stops on a lossless frame; the hash follows.
        before = page.state()["received"]
        page.page.keyboard.press("Space")
        page.wait("window.studio.playing")
        started = time.monotonic()
        page.wait("window.studio.frame >= 45", timeout=10000)
        time.sleep(max(0.0, 2.0 - (time.monotonic() - started)))
        page.page.keyboard.press("k")
        page.wait("!window.studio.playing")
        state = page.state()
        played = state["received"] - before
        assert played >= 20, f"only {played} frames arrived in 2 s of playback"
        assert 45 <= state["frame"] <= 120, state
        page.wait_shown(state["frame"])
        assert page.hash() == f"#frame={state['frame']}"
        expect_canvas_is(page, server_png(studio, state["frame"], width), "the frame playback stopped on")
        # L plays forward, J backward.
        page.page.keyboard.press("l")
        page.wait("window.studio.playing && window.studio.rate === 1")
        page.page.keyboard.press("j")
        page.wait("window.studio.playing && window.studio.rate === -1")
        page.page.keyboard.press("k")
        page.wait("!window.studio.playing")

        # A link to another frame while open.
        page.page.evaluate("location.hash = '#frame=60'")
        page.wait_shown(60)
        generation = page.state()["loadedGeneration"]
        old = digest(page)

        # A save: the new deck at the same frame.
        text = open(deck, encoding="utf-8").read()
        edited = text.replace("All your trips, in one place", "Every trip, in one place")
        assert edited != text
        saved = time.monotonic()
        with open(deck, "w", encoding="utf-8") as f:
            f.write(edited)
        page.wait_shown(60, generation + 1)
        reload_seconds = time.monotonic() - saved
        assert digest(page) != old, "the saved caption did not change frame 60"
        expect_canvas_is(page, server_png(studio, 60, width), "frame 60 after the save")
        assert page.hash() == "#frame=60"

        # A typo: every error as validate prints it, over the last good frame.
        lines = edited.split("\n")
        row = next(i for i, l in enumerate(lines) if '"fit": "fill"' in l)
        column = lines[row].index('"fit"') + 1
        broken = "\n".join(lines[:row] + [lines[row].replace('"fit"', '"fitt"')] + lines[row + 1:])
        with open(deck, "w", encoding="utf-8") as f:
            f.write(broken)
        page.wait("document.getElementById('errors').offsetParent !== null")
        message = page.page.inner_text("#errorText")
        expected = f'{studio.relative}:{row + 1}:{column}: pages[0].fitt: unknown key (did you mean "fit"?)'
        assert message.strip() == expected, f"{message!r} != {expected!r}"
        validate = subprocess.run([binary, "validate", studio.relative], cwd=studio.folder, capture_output=True, text=True)
        assert validate.returncode == 65 and validate.stderr.strip() == message.strip(), validate.stderr
        state = page.state()
        assert state["shownGeneration"] == generation + 1 and state["shownFrame"] == 60, state
        page.page.keyboard.press("ArrowRight")   # the last good deck still steps
        page.wait_shown(61, generation + 1)
        if screenshot:
            page.page.keyboard.press("ArrowLeft")
            page.wait_shown(60, generation + 1)
        # Fixed: the overlay goes.
        with open(deck, "w", encoding="utf-8") as f:
            f.write(edited)
        page.wait("window.studio.errors.length === 0 && document.getElementById('errors').offsetParent === null")

        # Locale: the Arabic screenshots and caption.
        page.page.select_option("#locale", "ar")
        page.wait("window.studio.locale === 'ar'")
        frame = page.state()["frame"]
        page.wait_shown(frame)
        expect_canvas_is(page, server_png(studio, frame, width, locale="ar"), "frame in Arabic")

        # Safe area overlay.
        assert not page.page.is_visible("#safe .title")
        page.page.check("#safeToggle")
        assert page.page.is_visible("#safe .title") and page.page.is_visible("#safe .action")
        assert not page.page.is_visible("#deviceBox"), "a deck without a device has no device switch"

        # Download: the frame at the deck's full size, the server's PNG.
        with page.page.expect_download() as info:
            page.page.click("#download")
        download = info.value
        path = download.path()
        got = Image.open(path)
        assert got.format == "PNG" and got.size == (886, 1920), (got.format, got.size)
        assert download.suggested_filename == f"deck-frame-{frame}.png", download.suggested_filename
        assert got.convert("RGBA").tobytes() == server_png(studio, frame, 886, locale="ar").tobytes()

        if screenshot:
            page.page.select_option("#locale", "en")
            page.page.evaluate("location.hash = '#frame=60'")
            page.wait_shown(60)
            page.page.uncheck("#safeToggle")
            page.page.screenshot(path=screenshot)
        assert not page.errors, page.errors
        print(f"  app-store: {played} frames received in 2 s of playback, save to new frame {reload_seconds * 1000:.0f} ms")
    finally:
        page.close()
        studio.stop()


def test_device_switch(browser, binary, folder):
    deck = os.path.join(folder, "deck.json")
    studio = Studio(binary, deck)
    page = Page(browser, studio.url + "#frame=20", viewport=(900, 700))
    try:
        page.wait_shown(20)
        width = page.state()["requestWidth"]
        with_device = digest(page)
        expect_canvas_is(page, server_png(studio, 20, width), "frame with the device")
        assert page.page.is_visible("#deviceBox")
        page.page.uncheck("#deviceToggle")
        page.wait("!window.studio.device")
        page.wait_shown(20)
        assert digest(page) != with_device, "the device switch changed nothing"
        expect_canvas_is(page, server_png(studio, 20, width, device="off"), "frame without the device")
        assert not page.errors, page.errors
    finally:
        page.close()
        studio.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("pagereel")
    parser.add_argument("--screenshot")
    args = parser.parse_args()
    binary = os.path.abspath(args.pagereel)
    work = tempfile.mkdtemp(prefix="pagereel-studio-")
    failures = 0
    try:
        with sync_playwright() as p:
            launch = ["--no-sandbox"] if os.geteuid() == 0 else []
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=launch)
            for name, sample, run in [
                ("app store sample: deep link, keys, playback, save, broken deck, locale, safe area, download",
                 "app-store", lambda f: test_app_store(browser, binary, f, args.screenshot and os.path.abspath(args.screenshot))),
                ("device sample: the device switch", "device-showcase", lambda f: test_device_switch(browser, binary, f)),
            ]:
                folder = os.path.join(work, sample)
                shutil.copytree(os.path.join(ROOT, "Samples", sample), folder)
                started = time.monotonic()
                try:
                    run(folder)
                    print(f"ok   {name} ({time.monotonic() - started:.1f} s)")
                except Exception:
                    failures += 1
                    print(f"FAIL {name}")
                    traceback.print_exc()
            browser.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
