#!/usr/bin/env python3
"""Skia (skia-python, CPU raster, one thread) drawing the scene of a benchmark deck frame by frame:
the peer pagereel's render-only mode (`pagereel bench`) is measured against.

    skia-deck.py DECK [--timeline CSV | --pagereel PATH] [--render-only] [--png N:PATH]... [--frames A-B]

It reads the deck itself and draws what pagereel draws, at the same places: the canvas background,
each visible page under the deck's custom transition (MAG's math with its perspective, DESIGN.md §4)
with rounded corners and the neighbours' fade, a page's title over its scrim, or the device (shadow,
body, buttons, screen, bezel, island, home indicator) with the pages clipped to its screen, and the
captions fading with the scroll. The scroll position of every frame comes from pagereel's own
timeline (`pagereel timeline DECK --format csv`, column `position`), so both sides show the same
instants; the physics is not what is measured.

The decks of Scripts/bench-decks are what it draws: a `transition` object or "none", pages with
`image` (fill) and optionally `title`, `page.cornerRadius`, a phone `device` with a `viewport`, and
`captions`. Anything else is refused rather than drawn differently.

How it is drawn, the fast way skia-python allows (see the peer harness's skia_cards.py):
- each page's content (its image scaled into the page, title, scrim, home indicator) is drawn once
  into a page-sized texture with a mip chain, as pagereel caches its page textures; per frame a
  rounded page is a drawRRect with that texture as an image shader under `canvas.concat(M44)`
  (at rest, by whole pixels, mostly a copy: `draw_resting`), a square one an image rect;
- Paints (with their shaders) are built up front: skia-python's Paint.setShader costs ~190 ms;
- the backdrop (gradient, the device's blurred shadow) is drawn once and copied per frame;
- sampling is trilinear (linear filter, linear mipmaps), as pagereel samples mipmapped textures;
- image rects use the kFast src-rect constraint (kStrict is ~1.7x slower under perspective);
- anti-aliased clips only where they cut something (the screen's corners).

Text is Skia's: DejaVu Sans unhinted at the sizes and places pagereel sets it (Pango with 1.25 line
height), drawn without HarfBuzz shaping, which for these Latin titles and captions gives the same
advances.

Prints "... N frames/s (x ms/frame)" on stderr: the frames alone, after decoding and page textures
(the time those took is printed beside it)."""
import argparse, csv, io, json, math, os, subprocess, sys, time
import numpy as np
import skia

FONT_FAMILY = "DejaVu Sans"      # pagereel's default family (fontconfig resolves both to DejaVuSans*.ttf)
LINE_HEIGHT = 1.25               # pagereel's TextStyle line height: CSS half-leading around each line
FAST = skia.Canvas.SrcRectConstraint.kFast_SrcRectConstraint
SAMPLING = skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kLinear)

# The phone models the decks may name: screen size in points, display corner radius, Dynamic Island
# (width, height, top), home indicator width, side bezel, and the buttons (side, top, length) in
# points from the screen's top (pagereel's DeviceModel).
def _iphone_buttons(h):
    return [("left", 0.14 * h, 0.038 * h), ("left", 0.215 * h, 0.072 * h), ("left", 0.305 * h, 0.072 * h),
            ("right", 0.24 * h, 0.11 * h)]


MODELS = {
    "iphone-16-pro": dict(size=(402, 874), radius=62, island=(126, 37.33, 14), home=134, bezel=15,
                          buttons=_iphone_buttons(874) + [("right", 0.6 * 874, 0.07 * 874)]),
}
MODELS["phone"] = MODELS["iphone-16-pro"]
SHADOW = dict(alpha=110, radius=40, offset_y=22)   # pagereel's device shadow: sigma = radius / 2


def fail(message):
    sys.exit(f"skia-deck: {message}")


def color(text):
    """#RGB, #RRGGBB or #RRGGBBAA → (r, g, b, a)."""
    h = text.lstrip("#")
    if len(h) in (3, 4):
        h = "".join(c * 2 for c in h)
    v = [int(h[i:i + 2], 16) for i in range(0, len(h), 2)]
    return tuple(v + [255] * (4 - len(v)))


def shifted(c, amount):
    """pagereel's Color.shifted: toward white (dark colours) or black (light ones) by `amount`."""
    lum = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    target = 255.0 if lum < 128 else 0.0
    return tuple(int(min(255, max(0, round(v + (target - v) * amount)))) for v in c[:3]) + (c[3],)


def swift_round(v):
    """Swift's `rounded()`: halves away from zero (Python's round() takes them to even)."""
    return math.floor(v + 0.5) if v >= 0 else -math.floor(-v + 0.5)


def skcolor(c, alpha=None):
    return skia.Color(c[0], c[1], c[2], c[3] if alpha is None else alpha)


# ---------------------------------------------------------------- transforms (column vectors, y down)

def translation(x, y, z=0.0):
    m = np.eye(4)
    m[:3, 3] = (x, y, z)
    return m


def perspective(d):
    m = np.eye(4)
    if d > 0:
        m[3, 2] = -1 / d
    return m


def rotation(radians, axis):
    """Rotation about the normalised axis (Rodrigues), as CATransform3DMakeRotation."""
    x, y, z = axis
    length = math.sqrt(x * x + y * y + z * z)
    if length == 0 or radians == 0:
        return np.eye(4)
    ux, uy, uz = x / length, y / length, z / length
    c, s = math.cos(radians), math.sin(radians)
    t = 1 - c
    return np.array([
        [c + ux * ux * t, ux * uy * t - uz * s, ux * uz * t + uy * s, 0],
        [uy * ux * t + uz * s, c + uy * uy * t, uy * uz * t - ux * s, 0],
        [uz * ux * t - uy * s, uz * uy * t + ux * s, c + uz * uz * t, 0],
        [0, 0, 0, 1.0]])


class Transition:
    """MAGPagedScrollView's transition math (`PagedScrollView.layoutSubviews`) as pagereel applies it:
    centerDX = 100·s, a rotation of centerDX·angleRatio degrees about the axis through the page
    centre, a shift of (W·dx·s, W·dy·|s|), perspective m34 = −1/P about the viewport centre."""

    NAMED = {"none": (0, (0, 0), (0, 0, 0)), "slide": (0, (0.25, 0.25), (0, 0, 0)),
             "dive": (0.5, (0.25, 0), (-1, 0, 0)), "roll": (0.5, (0.25, 0.25), (-1, 0, 0)),
             "cards": (0.5, (0.25, 0.25), (-1, -1, 0))}
    REACH = 1.5          # the current page and its neighbours; a neighbour fades over its last half page

    def __init__(self, spec, deck_perspective, page_w, page_h):
        if isinstance(spec, str):
            if spec not in self.NAMED:
                fail(f"transition {spec!r} is not drawn here (a custom object or one of {sorted(self.NAMED)})")
            self.ratio, self.shift, self.axis = self.NAMED[spec]
            self.eye = deck_perspective
        else:
            self.ratio = spec.get("angleRatio", 0)
            self.shift = tuple(spec.get("translation", [0, 0]))
            self.axis = tuple(spec.get("rotation", [0, 0, 0]))
            self.eye = spec.get("perspective", 0)
        self.w, self.h = page_w, page_h
        self.about_centre = translation(page_w / 2, page_h / 2) @ perspective(self.eye) @ translation(-page_w / 2, -page_h / 2)

    def matrix(self, s):
        """Page-local points → viewport points for a page at relative position s."""
        dx = 100 * s
        angle = math.radians(dx * self.ratio)
        tx = self.w * self.shift[0] * dx / 100
        ty = self.w * self.shift[1] * abs(dx) / 100
        return (self.about_centre @ translation(s * self.w + self.w / 2 + tx, self.h / 2 + ty)
                @ rotation(angle, self.axis) @ translation(-self.w / 2, -self.h / 2))

    def opacity(self, s):
        return min(max((self.REACH - abs(s)) / 0.5, 0), 1)

    def visible(self, position, count):
        """(page, s) within reach, in painter's order: farthest first, then by page index."""
        first = max(0, math.ceil(position - self.REACH))
        last = min(count - 1, math.floor(position + self.REACH))
        pages = [(i, i - position) for i in range(first, last + 1) if abs(i - position) < self.REACH]
        return sorted(pages, key=lambda p: (-abs(p[1]), p[0]))


def cross(rect, radius):
    """A rounded rect's rect split where its corners start (whole units in): the cross of three
    rects its corners leave whole, and the four corner squares."""
    r = math.ceil(radius)
    x0, y0, x1, y1 = rect.left(), rect.top(), rect.right(), rect.bottom()
    body = [skia.Rect.MakeLTRB(x0, y0 + r, x1, y1 - r), skia.Rect.MakeLTRB(x0 + r, y0, x1 - r, y0 + r),
            skia.Rect.MakeLTRB(x0 + r, y1 - r, x1 - r, y1)]
    corners = [skia.Rect.MakeLTRB(x0, y0, x0 + r, y0 + r), skia.Rect.MakeLTRB(x1 - r, y0, x1, y0 + r),
               skia.Rect.MakeLTRB(x0, y1 - r, x0 + r, y1), skia.Rect.MakeLTRB(x1 - r, y1 - r, x1, y1)]
    return body, corners


def whole_shift(m):
    """Whether m maps the page plane by a translation of whole pixels only."""
    plane = m[np.ix_([0, 1, 3], [0, 1, 3])]
    return (np.allclose(plane[:, :2], [[1, 0], [0, 1], [0, 0]], atol=1e-9) and abs(plane[2, 2] - 1) < 1e-9
            and all(abs(v - round(v)) < 1e-6 for v in plane[:2, 2]))


def m44(m):
    return skia.M44.Rows(*[skia.V4(*map(float, row)) for row in m])


# ---------------------------------------------------------------- the deck

class Device:
    """pagereel's DeviceGeometry of a phone around the viewport (portrait), in canvas points."""

    def __init__(self, spec, screen):
        spec = {"model": spec} if isinstance(spec, str) else dict(spec)
        unknown = set(spec) - {"model", "color", "homeIndicator"}
        if unknown or spec.get("model") not in MODELS:
            fail(f"device {spec} is not drawn here (a phone model of {sorted(MODELS)}, no pose or orientation)")
        m = MODELS[spec["model"]]
        self.color = color(spec.get("color", "#1C1C1E"))
        x, y, w, h = screen
        k = w / m["size"][0]
        self.unit = k
        self.screen = skia.Rect.MakeXYWH(x, y, w, h)
        self.screen_radius = min(m["radius"] * k, w / 2, h / 2)
        bezel = m["bezel"] * k
        self.body = skia.Rect.MakeXYWH(x - bezel, y - bezel, w + 2 * bezel, h + 2 * bezel)
        self.body_radius = self.screen_radius + bezel
        iw, ih, itop = m["island"]
        self.island = skia.Rect.MakeXYWH(x + (w - iw * k) / 2, y + itop * k, iw * k, ih * k)
        # The home indicator, in page points (it is drawn into the pages, as pagereel does).
        self.home = None
        if spec.get("homeIndicator", True):
            hh, gap = max(2, 5 * k), 8 * k
            self.home = skia.Rect.MakeXYWH((w - m["home"] * k) / 2, h - gap - hh, m["home"] * k, hh)
        self.band = 16 * k          # rows whose mean colour picks the indicator's style
        vertical = h / (m["size"][1] * k)
        thick = max(1.5, 3 * k)
        self.buttons = []
        for side, top, length in m["buttons"]:
            bx = self.body.left() - thick if side == "left" else self.body.right() - 1
            self.buttons.append(skia.Rect.MakeXYWH(bx, y + top * k * vertical, thick + 1, length * k * vertical))


class Deck:
    def __init__(self, path):
        self.path = path
        self.folder = os.path.dirname(os.path.abspath(path))
        d = json.load(open(path))
        known = {"pagereel", "canvas", "viewport", "transition", "perspective", "page", "pages", "script", "tail",
                 "duration", "device", "captions"}
        if set(d) - known:
            fail(f"keys {sorted(set(d) - known)} are not drawn here")
        c = d["canvas"]
        self.width, self.height = c["width"], c["height"]
        self.background = c.get("background", "#000000")
        self.device_spec = d.get("device")
        v = d.get("viewport")
        if self.device_spec and not v:
            fail("a device needs a viewport here (pagereel's automatic device layout is not reproduced)")
        if v:
            vw, vh = v["width"], v["height"]
            self.viewport = (v.get("x", (self.width - vw) / 2), v.get("y", (self.height - vh) / 2), vw, vh)
        else:
            fail("the deck needs a viewport")
        self.device = Device(self.device_spec, self.viewport) if self.device_spec else None
        page = d.get("page", {})
        if set(page) - {"cornerRadius"}:
            fail(f"page keys {sorted(set(page) - {'cornerRadius'})} are not drawn here")
        self.corner_radius = page.get("cornerRadius", 0)
        pages = d["pages"]
        if isinstance(pages, dict):
            t = pages["template"]
            pages = [{k: (v.replace("{i}", str(i)).replace("{n}", str(i + 1)) if isinstance(v, str) else v)
                      for k, v in t.items()} for i in range(pages["count"])]
        for p in pages:
            if set(p) - {"image", "fit", "title", "caption"} or p.get("fit", "fill") != "fill" or "image" not in p:
                fail(f"page {p} is not drawn here (an image with fit fill, a title, a caption)")
        self.pages = pages
        if self.device:
            # pagereel draws its status bar over a page unless the page brings its own: a screenshot
            # of the screen's shape (within 1%). Only those are drawn here.
            for p in pages:
                with open(self.image_path(p), "rb") as png:
                    head = png.read(24)
                iw, ih = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
                if head[:8] != b"\x89PNG\r\n\x1a\n" or abs(iw / ih / (vw / vh) - 1) > 0.01:
                    fail(f"{p['image']}: only PNG screenshots of the screen's shape are drawn in a device here")
        self.transition = Transition(d.get("transition", "none"), d.get("perspective", 0), self.viewport[2],
                                     self.viewport[3])
        cap = d.get("captions", {})
        self.captions = dict(position=cap.get("position", "bottom"), size=cap.get("size", 28),
                             color=color(cap.get("color", "#FFFFFF")), bold=cap.get("weight", "bold") == "bold",
                             gap=cap.get("gap", 32), transition=cap.get("transition", "fade"))
        if cap.get("transition", "fade") != "fade" or "font" in cap or "maxWidth" in cap:
            fail("captions other than the default fade, font and width are not drawn here")

    def image_path(self, page):
        return os.path.join(self.folder, page["image"])


def positions(deck_path, timeline, pagereel):
    """The scroll position (pages) of every frame, from pagereel's timeline."""
    if timeline:
        text = open(timeline).read()
    else:
        text = subprocess.run([pagereel, "timeline", deck_path, "--format", "csv"], capture_output=True, text=True,
                              check=True).stdout
    return [float(row["position"]) for row in csv.DictReader(io.StringIO(text))]


# ---------------------------------------------------------------- drawing

def font(size, bold):
    style = skia.FontStyle.Bold() if bold else skia.FontStyle.Normal()
    f = skia.Font(skia.Typeface(FONT_FAMILY, style), size)
    # As pagereel sets text up for Pango and Cairo: greyscale anti-aliasing, no hinting, unhinted
    # metrics, glyphs at unrounded positions.
    f.setEdging(skia.Font.Edging.kAntiAlias)
    f.setHinting(skia.FontHinting.kNone)
    f.setLinearMetrics(True)
    f.setSubpixel(True)
    return f


def line_box(f):
    """A line's height and its baseline from the line's top: pagereel sets each line 1.25 × the size
    tall with the spare space split above and below the font's ascent and descent."""
    m = f.getMetrics()
    height = LINE_HEIGHT * f.getSize()
    return height, (height - (m.fDescent - m.fAscent)) / 2 - m.fAscent


def gradient_paint(fill, w, h):
    """pagereel's linear gradient: `angle` 0° left to right, 90° top to bottom, the colours at the
    extreme corners along that direction."""
    a, b, angle = color(fill["from"]), color(fill["to"]), fill.get("angle", 90)
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    proj = [x * dx + y * dy for x, y in [(0, 0), (w, 0), (0, h), (w, h)]]
    lo, hi = min(proj), max(proj)
    return skia.Paint(Shader=skia.GradientShader.MakeLinear(
        [skia.Point(lo * dx, lo * dy), skia.Point(hi * dx, hi * dy)], [skcolor(a), skcolor(b)]))


def scrim_paint(top, bottom, steps=24):
    """pagereel's title scrim: black from `top` to the page's bottom at 0.55·smoothstep(t), as stops."""
    ts = [k / steps for k in range(steps + 1)]
    cols = [skia.Color4f(0, 0, 0, 0.55 * t * t * (3 - 2 * t)).toColor() for t in ts]
    return skia.Paint(Shader=skia.GradientShader.MakeLinear([skia.Point(0, top), skia.Point(0, bottom)], cols, ts))


def bake_page(deck, page, image):
    """The page's texture: its image filling the page (centred, a screenshot in a device from its
    top), its title centred at 78% of the height over the scrim, the device's home indicator; with
    a mip chain, as pagereel's page textures have."""
    _, _, w, h = deck.viewport
    pw, ph = max(1, round(w)), max(1, round(h))
    surface = skia.Surface(pw, ph)
    c = surface.getCanvas()
    c.clear(skia.ColorBLACK)
    iw, ih = image.width(), image.height()
    k = max(pw / iw, ph / ih)
    top_share = 0 if deck.device else 0.5     # a screenshot in a device keeps its top
    dst = skia.Rect.MakeXYWH((pw - iw * k) / 2, (ph - ih * k) * top_share, iw * k, ih * k)
    c.drawImageRect(image, skia.Rect.MakeWH(iw, ih), dst, SAMPLING, skia.Paint(), FAST)
    if page.get("title"):
        # pagereel's layout: the size 8.5% of the page's width, centred in the page less 8% each
        # side, the line's middle at 78% of the height; the scrim from 12% of the height above it.
        f = font(swift_round(w * 0.085), True)
        height, baseline = line_box(f)
        margin = 0.08 * w
        y = 0.78 * ph - height / 2
        scrim = max(0, int(y - 0.12 * ph))
        c.drawRect(skia.Rect.MakeLTRB(0, scrim, pw, ph), scrim_paint(scrim, ph))
        # The text block lands on whole pixels; the glyphs within it do not.
        x = swift_round(margin) + (w - 2 * margin - f.measureText(page["title"])) / 2
        c.drawString(page["title"], x, swift_round(y) + baseline, f, skia.Paint(Color=skia.ColorWHITE, AntiAlias=True))
    if deck.device and deck.device.home:
        # Black over a light bottom band, white over a dark one (WCAG relative luminance, as pagereel).
        px = surface.makeImageSnapshot().toarray()
        rows = min(ph, max(1, round(deck.device.band)))
        band = px[ph - rows:ph:max(1, rows // 16), ::max(1, pw // 64), :3].reshape(-1, 3).astype(np.float64)
        mean = band.mean(axis=0) / 255
        lin = np.where(mean <= 0.04045, mean / 12.92, ((mean + 0.055) / 1.055) ** 2.4)
        lum = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
        v = 0 if lum > 0.179 else 255
        r = deck.device.home
        c.drawRRect(skia.RRect.MakeRectXY(r, r.height() / 2, r.height() / 2),
                    skia.Paint(Color=skia.Color(v, v, v, round(0.9 * 255)), AntiAlias=True))
    return surface.makeImageSnapshot().makeRasterImage().withDefaultMipmaps()


class Scene:
    """Everything built once, so a frame is only draw calls."""

    def __init__(self, deck, fast_rest=True):
        self.deck = deck
        t0 = time.perf_counter()
        images = {}
        for p in deck.pages:
            path = deck.image_path(p)
            if path not in images:
                images[path] = skia.Image.MakeFromEncoded(skia.Data.MakeFromFileName(path)).makeRasterImage()
        self.decode_seconds = time.perf_counter() - t0
        t0 = time.perf_counter()
        self.textures = [bake_page(deck, p, images[deck.image_path(p)]) for p in deck.pages]
        vx, vy, vw, vh = deck.viewport
        page_rect = skia.Rect.MakeWH(vw, vh)
        self.page_rect = page_rect
        self.page_rrect = skia.RRect.MakeRectXY(page_rect, deck.corner_radius, deck.corner_radius)
        self.rounded = deck.corner_radius > 0
        # One Paint per page, built once: a rounded page is a rounded rect filled with its texture as
        # an image shader, mapped 1:1 (its pixels are the page's points at scale 1); a square page is
        # an image rect. A second Paint per page takes a fading neighbour's alpha.
        def paint(texture):
            if not self.rounded:
                return skia.Paint(AntiAlias=True)
            return skia.Paint(AntiAlias=True, Shader=texture.makeShader(skia.TileMode.kClamp, skia.TileMode.kClamp,
                                                                        SAMPLING))
        self.paints = [paint(t) for t in self.textures]
        self.fading = [paint(t) for t in self.textures]
        # A resting rounded page: the body (a cross of three rects) and the corner squares (`draw_resting`).
        self.fast_rest = fast_rest
        self.plain = skia.Paint(AntiAlias=True)
        self.rest_body, self.rest_corners = cross(page_rect, deck.corner_radius)
        self.to_canvas = translation(vx, vy)
        self.backdrop = self.make_backdrop()
        self.make_device()
        self.make_captions()
        self.bake_seconds = time.perf_counter() - t0

    def make_backdrop(self):
        d = self.deck
        surface = skia.Surface(d.width, d.height)
        c = surface.getCanvas()
        if isinstance(d.background, dict):
            c.drawPaint(gradient_paint(d.background, d.width, d.height))
        else:
            c.clear(skcolor(color(d.background)))
        if d.device:
            dev = d.device
            shadow = skia.Paint(Color=skia.Color(0, 0, 0, SHADOW["alpha"]), AntiAlias=True,
                                MaskFilter=skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, SHADOW["radius"] / 2))
            c.drawRRect(skia.RRect.MakeRectXY(dev.body.makeOffset(0, SHADOW["offset_y"]), dev.body_radius,
                                              dev.body_radius), shadow)
        return surface.makeImageSnapshot().makeRasterImage()

    # The backdrop is opaque: copied, not blended (src-over of an image Skia does not know to be
    # opaque costs 3x as much).
    COPY = skia.Paint(BlendMode=skia.BlendMode.kSrc)

    def make_device(self):
        dev = self.deck.device
        if not dev:
            return
        self.body = skia.RRect.MakeRectXY(dev.body, dev.body_radius, dev.body_radius)
        self.screen = skia.RRect.MakeRectXY(dev.screen, dev.screen_radius, dev.screen_radius)
        self.buttons = [skia.RRect.MakeRectXY(r, min(r.width(), r.height()) / 2, min(r.width(), r.height()) / 2)
                        for r in dev.buttons]
        self.button_paint = skia.Paint(Color=skcolor(shifted(dev.color, 0.10)), AntiAlias=True)
        self.body_paint = skia.Paint(Color=skcolor(dev.color), AntiAlias=True)
        self.black = skia.Paint(Color=skia.ColorBLACK, AntiAlias=True)
        # The rim: a thin lighter line along the body's outer edge.
        inset = max(0.5, 0.002 * dev.screen.width())
        self.rim = skia.RRect.MakeRectXY(dev.body.makeInset(inset, inset), dev.body_radius - inset,
                                         dev.body_radius - inset)
        self.rim_paint = skia.Paint(Color=skcolor(shifted(dev.color, 0.22), round(0.8 * 255)), AntiAlias=True,
                                    Style=skia.Paint.kStroke_Style, StrokeWidth=max(1, 0.004 * dev.screen.width()))
        self.island = skia.RRect.MakeRectXY(dev.island, dev.island.height() / 2, dev.island.height() / 2)
        self.screen_pieces = [(r, False) for r in cross(dev.screen, dev.screen_radius)[0]] + \
                             [(r, True) for r in cross(dev.screen, dev.screen_radius)[1]]

    def make_captions(self):
        """Each caption as a text blob, centred over (or under) the device, its bottom (top) the gap
        clear of the body; one line each."""
        d, cap = self.deck, self.deck.captions
        self.caption_blobs = [None] * len(d.pages)
        self.caption_paint = skia.Paint(Color=skcolor(cap["color"]), AntiAlias=True)
        anchor = d.device.body if d.device else skia.Rect.MakeXYWH(*d.viewport)
        centre = anchor.centerX()
        room = 2 * min(centre, d.width - centre) - 2 * cap["gap"]
        f = font(cap["size"], cap["bold"])
        height, baseline = line_box(f)
        if cap["position"] == "top":
            top = anchor.top() - cap["gap"] - height
        else:
            top = anchor.bottom() + cap["gap"]
        for i, p in enumerate(d.pages):
            text = p.get("caption")
            if not text:
                continue
            w = f.measureText(text)
            if w > room:
                fail(f"caption {text!r} wraps in pagereel; only one-line captions are drawn here")
            x = swift_round(centre - room / 2) + (room - w) / 2
            self.caption_blobs[i] = (skia.TextBlob.MakeFromString(text, f), x, swift_round(top) + baseline)

    def draw(self, canvas, position):
        d = self.deck
        canvas.drawImage(self.backdrop, 0, 0, skia.SamplingOptions(), self.COPY)
        placed = self.place(position)
        if not d.device:
            self.draw_pages(canvas, placed)
        else:
            for b in self.buttons:
                canvas.drawRRect(b, self.button_paint)
            canvas.drawRRect(self.body, self.body_paint)
            canvas.drawRRect(self.screen, self.black)
            # The pages clipped to the screen's rounded rectangle, piece by piece: a cross of three
            # rects clipped by whole pixels, and the four corner squares clipped by the anti-aliased
            # rounded rect. (Skia draws everything under an anti-aliased clip through a coverage
            # mask: the whole screen that way costs ~25 ms a frame more, for the same picture.)
            for rect, rounded in self.screen_pieces:
                canvas.save()
                canvas.clipRect(rect)
                if rounded:
                    canvas.clipRRect(self.screen, doAntiAlias=True)
                self.draw_pages(canvas, placed)
                canvas.restore()
            canvas.drawDRRect(self.body, self.screen, self.body_paint)
            canvas.drawRRect(self.rim, self.rim_paint)
            canvas.drawRRect(self.island, self.black)
        self.draw_captions(canvas, position)

    def place(self, position):
        """The visible pages in painter's order: (page, opacity, page → canvas matrix)."""
        t = self.deck.transition
        placed = []
        for i, s in t.visible(position, len(self.deck.pages)):
            opacity = t.opacity(s)
            if opacity > 0:
                placed.append((i, opacity, self.to_canvas @ t.matrix(s)))
        return placed

    def draw_pages(self, canvas, placed):
        for i, opacity, m in placed:
            paint = self.paints[i]
            if opacity < 1:
                paint = self.fading[i]
                paint.setAlphaf(opacity)
            if self.rounded and opacity == 1 and self.fast_rest and whole_shift(m):
                self.draw_resting(canvas, i, m[0, 3], m[1, 3])
                continue
            canvas.save()
            canvas.concat(m44(m))
            if self.rounded:
                canvas.drawRRect(self.page_rrect, paint)
            else:
                # A square page is an image rect: Skia blits it without resampling when it lands on
                # whole pixels (an image shader always resamples, ~8x slower at rest).
                canvas.drawImageRect(self.textures[i], self.page_rect, self.page_rect, SAMPLING, paint, FAST)
            canvas.restore()

    def draw_resting(self, canvas, i, x, y):
        """A rounded page moved by whole pixels only (at rest): its body as the image clipped to
        three rects, which Skia copies texel for texel, and only its four corner squares as the
        rounded rect with the image shader (which resamples every pixel, ~25 ns each): the same
        picture, as pagereel's kernel copies the fully covered spans of such a page. (drawImageRect of
        a part of an image does not take Skia's copy path; drawImage under a rect clip does.)"""
        canvas.save()
        canvas.translate(x, y)
        for r in self.rest_body:
            canvas.save()
            canvas.clipRect(r)
            canvas.drawImage(self.textures[i], 0, 0, SAMPLING, self.plain)
            canvas.restore()
        for r in self.rest_corners:
            canvas.save()
            canvas.clipRect(r)
            canvas.drawRRect(self.page_rrect, self.paints[i])
            canvas.restore()
        canvas.restore()

    def draw_captions(self, canvas, position):
        """pagereel's `fade`: with f the way from page i to i + 1, page i's caption at max(0, 1 − 2f),
        page i + 1's at max(0, 2f − 1); held within the pages while a bounce overshoots."""
        n = len(self.deck.pages)
        x = min(max(position, 0), n - 1)
        lower = math.floor(x)
        f = x - lower
        for page, share in ((lower, 1 - f), (lower + 1, f)):
            if page >= n or share <= 0:
                continue
            opacity = max(0.0, 2 * share - 1)
            blob = self.caption_blobs[page]
            if opacity <= 0 or blob is None:
                continue
            self.caption_paint.setAlphaf(opacity * self.deck.captions["color"][3] / 255)
            canvas.drawTextBlob(blob[0], blob[1], blob[2], self.caption_paint)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("deck")
    ap.add_argument("--timeline", help="pagereel's `timeline DECK --format csv` output (else it is run)")
    ap.add_argument("--pagereel", default=os.environ.get("PAGEREEL", "pagereel"), help="the pagereel binary")
    ap.add_argument("--render-only", action="store_true", help="render every frame and discard it (the default)")
    ap.add_argument("--png", action="append", default=[], help="also save frame N as PNG: N:PATH (repeatable)")
    ap.add_argument("--frames", help="render frames A-B only (0-based, inclusive)")
    ap.add_argument("--no-rest-split", action="store_true",
                    help="draw a resting rounded page as one rounded rect with the image shader too")
    a = ap.parse_args()
    deck = Deck(a.deck)
    pos = positions(a.deck, a.timeline, a.pagereel)
    first, last = 0, len(pos) - 1
    if a.frames:
        first, last = map(int, a.frames.split("-"))
    saves = {}
    for spec in a.png:
        n, path = spec.split(":", 1)
        saves[int(n)] = path
    scene = Scene(deck, fast_rest=not a.no_rest_split)
    pixels = np.zeros((deck.height, deck.width, 4), np.uint8)
    surface = skia.Surface(pixels, skia.ColorType.kRGBA_8888_ColorType, skia.AlphaType.kPremul_AlphaType)
    canvas = surface.getCanvas()
    t0 = time.perf_counter()
    for frame in range(first, last + 1):
        scene.draw(canvas, pos[frame])
        if frame in saves:
            surface.makeImageSnapshot().save(saves[frame], skia.kPNG)
    dt = time.perf_counter() - t0
    frames = last - first + 1
    print(f"skia deck={os.path.basename(a.deck)} {deck.width}x{deck.height} frames={frames} "
          f"{frames / dt:.1f} frames/s ({1000 * dt / frames:.2f} ms/frame; decode {ms(scene.decode_seconds)}, "
          f"page textures and backdrop {ms(scene.bake_seconds)})", file=sys.stderr)


def ms(seconds):
    return f"{1000 * seconds:.0f} ms"


if __name__ == "__main__":
    main()
