#!/usr/bin/env python3
"""Draws the screenshots the benchmark decks in Scripts/bench-decks show (deterministic: no clock, a
seeded RNG, the same bytes on every run; needs Pillow and the DejaVu fonts).

    bench-screens.py OUT_DIR

OUT_DIR/desktop-0.png … desktop-4.png: 1920×1080 web and desktop app windows (a dashboard, a
mail client, a project board, a code editor, a shop), for perspective-titles.json.
OUT_DIR/phone-0.png … phone-4.png: 1206×2622 iPhone 16 Pro screenshots (402×874 pt at 3 px per
point, their own status bar included), for device-captions.json.

Flat UI, text and fine lines on purpose: that is what a page's texture sampling meets in a
product video, and what shows whether it blurs or shimmers."""
import hashlib, math, os, random, sys
from PIL import Image, ImageDraw, ImageFont

DEJAVU = "/usr/share/fonts/truetype/dejavu/"
_fonts = {}


def font(size, bold=False, mono=False):
    name = ("DejaVuSansMono" if mono else "DejaVuSans") + ("-Bold" if bold else "") + ".ttf"
    key = (name, int(size))
    if key not in _fonts:
        _fonts[key] = ImageFont.truetype(DEJAVU + name, int(size))
    return _fonts[key]


WORDS = ("update review design launch metrics budget draft sync release notes invoice roadmap team "
         "sprint client report weekly quarter feedback campaign summary meeting planning onboarding "
         "analytics support backlog migration research hiring offsite").split()


def sentence(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize()


def clipped(text, f, width):
    """`text` cut at a word with an ellipsis where it would pass `width` pixels, as a list cell does."""
    if f.getlength(text) <= width:
        return text
    words = text.split()
    while words and f.getlength(" ".join(words) + "…") > width:
        words.pop()
    return " ".join(words) + "…"


def wrapped(text, f, width):
    """`text` broken into lines between words, each at most `width` pixels."""
    lines, line = [], ""
    for word in text.split():
        trial = (line + " " + word).strip()
        if line and f.getlength(trial) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + ([line] if line else [])


# ---------------------------------------------------------------- desktop (1920×1080)

def window_chrome(d, w, title, dark=False):
    """A browser window's tab strip and address bar, 84 px."""
    bar, field, ink = ((40, 42, 50), (28, 30, 36), (200, 204, 214)) if dark else \
        ((232, 234, 239), (255, 255, 255), (70, 74, 86))
    d.rectangle([0, 0, w, 84], fill=bar)
    for i, c in enumerate([(255, 95, 87), (254, 188, 46), (40, 200, 64)]):
        d.ellipse([18 + i * 24, 14, 32 + i * 24, 28], fill=c)
    d.rounded_rectangle([110, 6, 420, 38], radius=8, fill=field)
    d.text((128, 12), title, font=font(16), fill=ink)
    d.rounded_rectangle([120, 46, w - 120, 76], radius=15, fill=field)
    d.text((146, 51), "app.example.com/" + title.lower().replace(" ", "-"), font=font(16), fill=ink)
    for i in range(3):
        d.ellipse([40 + i * 26, 54, 54 + i * 26, 68], outline=ink, width=2)


def sidebar(d, h, items, accent, selected, top=84, width=248, dark=True):
    bg, ink, sub = ((24, 27, 38), (236, 238, 244), (140, 146, 166)) if dark else \
        ((246, 247, 250), (30, 32, 44), (120, 124, 140))
    d.rectangle([0, top, width, h], fill=bg)
    d.rounded_rectangle([24, top + 24, 64, top + 64], radius=10, fill=accent)
    d.text((78, top + 32), "Northwind", font=font(22, True), fill=ink)
    for i, label in enumerate(items):
        y = top + 100 + i * 48
        if i == selected:
            d.rounded_rectangle([14, y - 8, width - 14, y + 32], radius=8, fill=tuple(int(c * 0.35) for c in accent)
                                if dark else (228, 232, 248))
        d.rounded_rectangle([30, y + 2, 48, y + 20], radius=4, outline=accent if i == selected else sub, width=2)
        d.text((62, y), label, font=font(18, i == selected), fill=ink if i == selected else sub)


def dashboard(rng):
    w, h = 1920, 1080
    img = Image.new("RGB", (w, h), (243, 245, 249))
    d = ImageDraw.Draw(img)
    window_chrome(d, w, "Analytics")
    accent = (91, 95, 239)
    sidebar(d, h, ["Overview", "Reports", "Customers", "Revenue", "Campaigns", "Settings"], accent, 0)
    x0 = 280
    d.text((x0, 112), "Overview", font=font(34, True), fill=(22, 24, 34))
    d.text((x0, 158), "Last 30 days · updated 9:41", font=font(18), fill=(120, 124, 140))
    d.rounded_rectangle([w - 420, 112, w - 40, 152], radius=20, fill="white", outline=(220, 223, 232), width=2)
    d.text((w - 390, 121), "Search reports", font=font(18), fill=(150, 154, 166))
    kpis = [("Revenue", "$48,210", "+12.4%"), ("Active users", "18,942", "+3.1%"),
            ("Conversion", "4.72%", "−0.4%"), ("Churn", "1.9%", "−0.2%")]
    cw = (w - x0 - 40 - 3 * 24) / 4
    for i, (label, value, delta) in enumerate(kpis):
        x = x0 + i * (cw + 24)
        d.rounded_rectangle([x, 204, x + cw, 344], radius=16, fill="white", outline=(226, 229, 236), width=2)
        d.text((x + 24, 224), label, font=font(18), fill=(120, 124, 140))
        d.text((x + 24, 256), value, font=font(40, True), fill=(22, 24, 34))
        up = not delta.startswith("−")
        d.rounded_rectangle([x + 24, 308, x + 120, 334], radius=13, fill=(222, 247, 236) if up else (253, 232, 232))
        d.text((x + 36, 311), delta, font=font(16, True), fill=(24, 150, 90) if up else (210, 60, 60))
    # Line chart: two series over a grid.
    cx0, cy0, cx1, cy1 = x0, 368, x0 + 980, 760
    d.rounded_rectangle([cx0, cy0, cx1, cy1], radius=16, fill="white", outline=(226, 229, 236), width=2)
    d.text((cx0 + 24, cy0 + 20), "Sessions", font=font(22, True), fill=(22, 24, 34))
    gx0, gy0, gx1, gy1 = cx0 + 70, cy0 + 80, cx1 - 30, cy1 - 50
    for k in range(6):
        y = gy0 + k * (gy1 - gy0) / 5
        d.line([(gx0, y), (gx1, y)], fill=(236, 238, 243), width=2)
        d.text((cx0 + 20, y - 10), f"{(5 - k) * 4}k", font=font(15), fill=(150, 154, 166))
    for series, colour, base in [(0, accent, 0.55), (1, (42, 190, 170), 0.35)]:
        pts = []
        v = base
        for k in range(31):
            v = min(0.95, max(0.08, v + rng.uniform(-0.08, 0.09)))
            pts.append((gx0 + k * (gx1 - gx0) / 30, gy1 - v * (gy1 - gy0)))
        d.line(pts, fill=colour, width=4, joint="curve")
        for p in pts[::5]:
            d.ellipse([p[0] - 6, p[1] - 6, p[0] + 6, p[1] + 6], fill="white", outline=colour, width=3)
    for k in range(0, 31, 5):
        d.text((gx0 + k * (gx1 - gx0) / 30 - 14, gy1 + 14), f"May {k + 1}", font=font(14), fill=(150, 154, 166))
    # Bar chart.
    bx0 = cx1 + 24
    d.rounded_rectangle([bx0, cy0, w - 40, cy1], radius=16, fill="white", outline=(226, 229, 236), width=2)
    d.text((bx0 + 24, cy0 + 20), "Channels", font=font(22, True), fill=(22, 24, 34))
    for k, (name, share) in enumerate([("Search", 0.82), ("Direct", 0.64), ("Social", 0.47), ("Email", 0.33),
                                       ("Referral", 0.21), ("Ads", 0.12)]):
        y = cy0 + 80 + k * 50
        d.text((bx0 + 24, y + 4), name, font=font(17), fill=(80, 84, 98))
        d.rounded_rectangle([bx0 + 130, y, w - 80, y + 28], radius=14, fill=(238, 240, 250))
        d.rounded_rectangle([bx0 + 130, y, bx0 + 130 + share * (w - 80 - bx0 - 130), y + 28], radius=14,
                            fill=accent)
    # Table.
    d.rounded_rectangle([x0, 784, w - 40, h - 24], radius=16, fill="white", outline=(226, 229, 236), width=2)
    cols = [x0 + 24, x0 + 420, x0 + 760, x0 + 1040, x0 + 1320]
    for c, label in zip(cols, ["Customer", "Plan", "Seats", "MRR", "Status"]):
        d.text((c, 804), label, font=font(16, True), fill=(120, 124, 140))
    for r in range(4):
        y = 846 + r * 50
        d.line([(x0 + 16, y - 8), (w - 56, y - 8)], fill=(238, 240, 244), width=2)
        d.ellipse([cols[0], y, cols[0] + 30, y + 30], fill=[(255, 140, 90), (78, 205, 196), (240, 190, 70),
                                                             (150, 120, 240)][r])
        d.text((cols[0] + 44, y + 4), ["Acme Corp", "Globex", "Initech", "Umbrella"][r], font=font(18, True),
               fill=(30, 32, 44))
        d.text((cols[1], y + 4), ["Enterprise", "Team", "Team", "Starter"][r], font=font(18), fill=(80, 84, 98))
        d.text((cols[2], y + 4), str(rng.randint(5, 400)), font=font(18), fill=(80, 84, 98))
        d.text((cols[3], y + 4), f"${rng.randint(200, 9000):,}", font=font(18), fill=(80, 84, 98))
        ok = r != 2
        d.rounded_rectangle([cols[4], y, cols[4] + 110, y + 30], radius=15, fill=(222, 247, 236) if ok else (255, 243, 220))
        d.text((cols[4] + 14, y + 5), "Active" if ok else "Trial", font=font(16, True),
               fill=(24, 150, 90) if ok else (200, 130, 20))
    return img


def mail(rng):
    w, h = 1920, 1080
    img = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(img)
    window_chrome(d, w, "Mail")
    accent = (26, 115, 232)
    sidebar(d, h, ["Inbox", "Starred", "Snoozed", "Sent", "Drafts", "Archive", "Spam"], accent, 0, dark=False)
    d.rounded_rectangle([24, 440, 224, 490], radius=25, fill=accent)
    d.text((70, 452), "Compose", font=font(20, True), fill="white")
    lx0, lx1 = 248, 820
    d.rectangle([lx0, 84, lx1, h], fill=(250, 251, 253))
    d.line([(lx1, 84), (lx1, h)], fill=(226, 229, 236), width=2)
    d.rounded_rectangle([lx0 + 20, 104, lx1 - 20, 148], radius=22, fill=(236, 239, 245))
    d.text((lx0 + 52, 114), "Search mail", font=font(18), fill=(120, 124, 140))
    names = ["Ana Souza", "Ben Carter", "Chloe Martin", "Dev Patel", "Eli Cohen", "Fay Wong", "Gus Berg", "Hana Ito",
             "Ivan Petrov", "Jo Kim"]
    for i in range(9):
        y = 168 + i * 100
        if i == 1:
            d.rectangle([lx0, y - 6, lx1, y + 94], fill=(232, 240, 254))
        d.ellipse([lx0 + 20, y + 8, lx0 + 68, y + 56], fill=[(255, 140, 90), (78, 205, 196), (240, 190, 70),
                                                              (150, 120, 240), (90, 180, 110)][i % 5])
        d.text((lx0 + 35, y + 18), names[i][0], font=font(22, True), fill="white")
        d.text((lx0 + 84, y + 4), names[i], font=font(19, i < 3), fill=(30, 32, 44))
        d.text((lx1 - 80, y + 6), f"{9 - i % 9}:{rng.randint(10, 59)}", font=font(15), fill=(120, 124, 140))
        d.text((lx0 + 84, y + 32), sentence(rng, 4), font=font(17, i < 3), fill=(50, 54, 66))
        d.text((lx0 + 84, y + 58), clipped(sentence(rng, 8), font(15), lx1 - lx0 - 110), font=font(15),
               fill=(130, 134, 150))
    # Reading pane.
    rx = lx1 + 48
    d.text((rx, 112), "Q3 roadmap review: notes and next steps", font=font(30, True), fill=(22, 24, 34))
    d.ellipse([rx, 172, rx + 56, 228], fill=(78, 205, 196))
    d.text((rx + 19, 184), "B", font=font(26, True), fill="white")
    d.text((rx + 72, 174), "Ben Carter", font=font(20, True), fill=(30, 32, 44))
    d.text((rx + 72, 202), "to me, Chloe, Dev · 9:12", font=font(16), fill=(120, 124, 140))
    y = 262
    for para in range(4):
        for line in range(rng.randint(2, 4)):
            d.text((rx, y), sentence(rng, rng.randint(9, 13)) + ("." if line == 2 else ""), font=font(19),
                   fill=(50, 54, 66))
            y += 34
        y += 22
    d.rounded_rectangle([rx, y + 10, rx + 420, y + 150], radius=12, fill=(246, 247, 250), outline=(226, 229, 236), width=2)
    d.rounded_rectangle([rx + 20, y + 30, rx + 120, y + 130], radius=8, fill=(232, 86, 72))
    d.text((rx + 44, y + 66), "PDF", font=font(24, True), fill="white")
    d.text((rx + 140, y + 46), "roadmap-q3.pdf", font=font(19, True), fill=(30, 32, 44))
    d.text((rx + 140, y + 80), "2.4 MB", font=font(16), fill=(120, 124, 140))
    for i, label in enumerate(["Reply", "Reply all", "Forward"]):
        x = rx + i * 170
        d.rounded_rectangle([x, h - 100, x + 150, h - 52], radius=24, outline=(200, 204, 214), width=2)
        d.text((x + 30, h - 88), label, font=font(18, True), fill=(60, 64, 76))
    return img


def board(rng):
    w, h = 1920, 1080
    img = Image.new("RGB", (w, h), (235, 238, 244))
    d = ImageDraw.Draw(img)
    window_chrome(d, w, "Sprint board")
    d.rectangle([0, 84, w, 164], fill="white")
    d.text((40, 104), "Sprint 24 · Mobile app", font=font(30, True), fill=(22, 24, 34))
    for i in range(5):
        x = w - 420 + i * 36
        d.ellipse([x, 104, x + 44, 148], fill=[(255, 140, 90), (78, 205, 196), (240, 190, 70), (150, 120, 240),
                                                (90, 180, 110)][i], outline="white", width=3)
    d.rounded_rectangle([w - 200, 106, w - 40, 146], radius=8, fill=(91, 95, 239))
    d.text((w - 170, 114), "+ New task", font=font(18, True), fill="white")
    columns = [("To do", (150, 154, 166)), ("In progress", (26, 115, 232)), ("Review", (240, 150, 40)),
               ("Done", (24, 150, 90))]
    tags = [("design", (252, 228, 236), (200, 50, 110)), ("backend", (228, 240, 255), (30, 100, 200)),
            ("bug", (253, 232, 232), (200, 50, 50)), ("ios", (232, 246, 236), (30, 140, 80))]
    cw = (w - 80 - 3 * 24) / 4
    for c, (name, colour) in enumerate(columns):
        x = 40 + c * (cw + 24)
        d.rounded_rectangle([x, 188, x + cw, h - 24], radius=14, fill=(244, 245, 248))
        d.ellipse([x + 20, 210, x + 34, 224], fill=colour)
        d.text((x + 44, 204), name, font=font(20, True), fill=(40, 44, 56))
        n = [4, 3, 3, 4][c]
        d.text((x + cw - 50, 206), str(n), font=font(18, True), fill=(130, 134, 150))
        y = 248
        for k in range(n):
            ch = 150 + 30 * (k % 2)
            d.rounded_rectangle([x + 14, y, x + cw - 14, y + ch], radius=10, fill="white", outline=(226, 229, 236), width=2)
            tag = tags[(c + k) % 4]
            d.rounded_rectangle([x + 32, y + 18, x + 32 + 14 * len(tag[0]) + 24, y + 44], radius=13, fill=tag[1])
            d.text((x + 44, y + 21), tag[0], font=font(15, True), fill=tag[2])
            d.text((x + 32, y + 58), sentence(rng, 3), font=font(19, True), fill=(30, 32, 44))
            if k % 2:
                d.text((x + 32, y + 90), clipped(sentence(rng, 6), font(16), cw - 80), font=font(16),
                       fill=(120, 124, 140))
            d.text((x + 32, y + ch - 38), f"NW-{rng.randint(100, 999)}", font=font(15), fill=(140, 144, 160))
            d.ellipse([x + cw - 64, y + ch - 48, x + cw - 32, y + ch - 16],
                      fill=[(255, 140, 90), (78, 205, 196), (240, 190, 70), (150, 120, 240)][(c * 3 + k) % 4])
            if c == 1:
                d.rounded_rectangle([x + 140, y + ch - 30, x + cw - 90, y + ch - 22], radius=4, fill=(232, 236, 244))
                d.rounded_rectangle([x + 140, y + ch - 30, x + 140 + (0.3 + 0.2 * k) * (cw - 230), y + ch - 22],
                                    radius=4, fill=colour)
            y += ch + 14
    return img


def editor(rng):
    w, h = 1920, 1080
    img = Image.new("RGB", (w, h), (30, 31, 36))
    d = ImageDraw.Draw(img)
    window_chrome(d, w, "Editor", dark=True)
    d.rectangle([0, 84, 56, h], fill=(37, 38, 45))
    for i in range(5):
        d.rounded_rectangle([14, 110 + i * 60, 42, 138 + i * 60], radius=6, outline=(150, 154, 170) if i else (230, 232, 240),
                            width=2)
    d.rectangle([56, 84, 356, h], fill=(34, 35, 41))
    d.text((76, 100), "EXPLORER", font=font(15, True), fill=(160, 164, 180))
    tree = [("▾ pagereel", 0), ("▾ Sources", 1), ("▾ PageReelScene", 2), ("MAGTransition.swift", 3),
            ("SceneBuilder.swift", 3), ("Matrix4.swift", 3), ("▸ PageReelRaster", 2), ("▸ PageReelTimeline", 2),
            ("▸ Tests", 1), ("Package.swift", 1), ("README.md", 1)]
    for i, (name, depth) in enumerate(tree):
        y = 136 + i * 32
        if i == 3:
            d.rectangle([56, y - 4, 356, y + 26], fill=(50, 56, 76))
        d.text((76 + depth * 18, y), name, font=font(17), fill=(220, 222, 230) if i == 3 else (170, 174, 188))
    d.rectangle([356, 84, w, 124], fill=(37, 38, 45))
    d.rectangle([356, 84, 620, 124], fill=(30, 31, 36))
    d.text((378, 94), "MAGTransition.swift", font=font(17), fill=(230, 232, 240))
    d.text((650, 94), "SceneBuilder.swift", font=font(17), fill=(140, 144, 160))
    kw, ty, st, cm, nm, tx = (198, 120, 221), (86, 182, 194), (152, 195, 121), (110, 116, 132), (209, 154, 102), \
        (220, 222, 230)
    code = [
        [(cm, "/// MAGPagedScrollView's transitions: rotation about the page centre, then a shift.")],
        [(kw, "struct "), (ty, "MAGTransition"), (tx, ": "), (ty, "PageTransition"), (tx, " {")],
        [(tx, "    "), (kw, "var "), (tx, "angleRatio: "), (ty, "Double")],
        [(tx, "    "), (kw, "var "), (tx, "translation: (dx: "), (ty, "Double"), (tx, ", dy: "), (ty, "Double"), (tx, ")")],
        [(tx, "    "), (kw, "var "), (tx, "perspective: "), (ty, "Double")],
        [],
        [(tx, "    "), (kw, "func "), (tx, "transform(s: "), (ty, "Double"), (tx, ", geometry g: "), (ty, "PageGeometry"),
         (tx, ") -> "), (ty, "Matrix4"), (tx, " {")],
        [(tx, "        "), (kw, "let "), (tx, "centerDX = "), (nm, "100"), (tx, " * s")],
        [(tx, "        "), (kw, "let "), (tx, "angle = centerDX * angleRatio * "), (ty, "Double"), (tx, ".pi / "),
         (nm, "180")],
        [(tx, "        "), (kw, "let "), (tx, "tx = g.width * translation.dx * centerDX / "), (nm, "100")],
        [(tx, "        "), (kw, "let "), (tx, "ty = g.width * translation.dy * abs(centerDX) / "), (nm, "100")],
        [(tx, "        "), (kw, "return "), (tx, "g.perspective(perspective)")],
        [(tx, "            * .translation(centre.x + tx, centre.y + ty)")],
        [(tx, "            * .rotation(angle, axis: axis.x, axis.y, axis.z)")],
        [(tx, "            * .translation(-g.width / "), (nm, "2"), (tx, ", -g.height / "), (nm, "2"), (tx, ")")],
        [(tx, "    }")],
        [(tx, "}")],
        [],
        [(cm, "// A neighbour leaving the set fades over its last half page.")],
        [(kw, "let "), (tx, "opacity = min(max((reach - abs(s)) / "), (nm, "0.5"), (tx, ", "), (nm, "0"), (tx, "), "),
         (nm, "1"), (tx, ")")],
        [(kw, "let "), (tx, "label = "), (st, "\"page \\(index) of \\(count)\"")],
    ]
    for i, parts in enumerate(code):
        y = 144 + i * 28
        d.text((372, y), f"{i + 1:>3}", font=font(17, mono=True), fill=(90, 94, 108))
        x = 430
        for colour, text in parts:
            d.text((x, y), text, font=font(17, mono=True), fill=colour)
            x += font(17, mono=True).getlength(text)
    d.rectangle([372, 144 + 7 * 28 - 2, w - 300, 144 + 8 * 28 - 2], outline=(60, 64, 80), width=1)
    # Minimap.
    for i in range(60):
        d.rectangle([w - 120, 140 + i * 9, w - 120 + rng.randint(20, 90), 145 + i * 9],
                    fill=rng.choice([(80, 84, 100), (110, 90, 130), (80, 110, 120)]))
    # Terminal.
    d.rectangle([356, 780, w, h], fill=(24, 25, 29))
    d.line([(356, 780), (w, 780)], fill=(60, 62, 72), width=2)
    d.text((380, 792), "TERMINAL     PROBLEMS     OUTPUT", font=font(15, True), fill=(160, 164, 180))
    lines = [((152, 195, 121), "$ swift build -c release --product pagereel"),
             ((170, 174, 188), "Building for production..."),
             ((170, 174, 188), "[412/412] Linking pagereel"),
             ((152, 195, 121), "Build complete! (84.21s)"),
             ((152, 195, 121), "$ .build/release/pagereel bench deck.json"),
             ((220, 222, 230), "301 frames in 3.02 s: 99.7 frames/s")]
    for i, (colour, text) in enumerate(lines):
        d.text((380, 830 + i * 34), text, font=font(17, mono=True), fill=colour)
    d.rectangle([0, h - 30, w, h], fill=(0, 110, 190))
    d.text((20, h - 26), "main   ✓ 0 problems        Ln 8, Col 29   Swift", font=font(15), fill="white")
    return img


def shop(rng):
    w, h = 1920, 1080
    img = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(img)
    window_chrome(d, w, "Shop")
    d.rectangle([0, 84, w, 164], fill="white")
    d.line([(0, 164), (w, 164)], fill=(230, 232, 238), width=2)
    d.text((60, 104), "trailhead", font=font(34, True), fill=(22, 24, 34))
    for i, label in enumerate(["New", "Packs", "Tents", "Shoes", "Sale"]):
        d.text((420 + i * 130, 114), label, font=font(20, i == 1), fill=(30, 32, 44) if i == 1 else (100, 104, 118))
    d.rounded_rectangle([w - 560, 102, w - 200, 146], radius=22, fill=(243, 244, 247))
    d.text((w - 530, 112), "Search gear", font=font(18), fill=(140, 144, 160))
    d.ellipse([w - 150, 104, w - 110, 144], outline=(30, 32, 44), width=3)
    # The product picture: a backpack on a gradient.
    px0, py0, px1, py1 = 60, 200, 900, 1040
    top, bottom = (255, 214, 170), (240, 130, 90)
    for y in range(py0, py1):
        t = (y - py0) / (py1 - py0)
        d.line([(px0, y), (px1, y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)))
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle([px0, py0, px1, py1], radius=24, fill=255)
    img.paste(Image.new("RGB", (w, h), "white"), (0, 0), Image.eval(mask, lambda v: 255 - v).crop((0, 0, w, h)))
    d = ImageDraw.Draw(img)
    d.rectangle([0, 166, w, 199], fill="white")
    d.rectangle([0, 166, px0 - 1, h], fill="white")
    cx = (px0 + px1) // 2
    d.rounded_rectangle([cx - 190, 330, cx + 190, 900], radius=90, fill=(40, 80, 70))
    d.rounded_rectangle([cx - 150, 560, cx + 150, 820], radius=50, fill=(30, 64, 56))
    d.rounded_rectangle([cx - 110, 250, cx + 110, 360], radius=50, outline=(30, 64, 56), width=22)
    d.line([(cx - 150, 600), (cx + 150, 600)], fill=(230, 190, 80), width=8)
    d.ellipse([cx - 20, 680, cx + 20, 720], fill=(230, 190, 80))
    for i in range(4):
        x = 60 + i * 214
        d.rounded_rectangle([x, py1 - 0, x + 1, py1 + 1], radius=0, fill="white")
    # Details.
    dx0 = 980
    d.text((dx0, 210), "PACKS · 28 L", font=font(18, True), fill=(200, 90, 50))
    d.text((dx0, 246), "Ridgeline Daypack", font=font(54, True), fill=(22, 24, 34))
    for i in range(5):
        x = dx0 + i * 34
        d.polygon([(x + 14, 330), (x + 18, 342), (x + 30, 342), (x + 20, 350), (x + 24, 362), (x + 14, 355),
                   (x + 4, 362), (x + 8, 350), (x - 2, 342), (x + 10, 342)], fill=(245, 180, 40) if i < 4 else (220, 222, 228))
    d.text((dx0 + 180, 334), "4.8 · 1,204 reviews", font=font(18), fill=(100, 104, 118))
    d.text((dx0, 400), "$129", font=font(48, True), fill=(22, 24, 34))
    d.text((dx0 + 150, 418), "$159", font=font(24), fill=(150, 154, 166))
    d.line([(dx0 + 148, 434), (dx0 + 212, 434)], fill=(150, 154, 166), width=2)
    y = 490
    for line in range(4):
        d.text((dx0, y), sentence(rng, 10), font=font(20), fill=(80, 84, 98))
        y += 34
    d.text((dx0, 650), "Colour", font=font(18, True), fill=(30, 32, 44))
    for i, c in enumerate([(40, 80, 70), (30, 40, 60), (160, 60, 50), (200, 170, 120)]):
        x = dx0 + i * 64
        d.ellipse([x, 690, x + 48, 738], fill=c, outline=(22, 24, 34) if i == 0 else None, width=3)
    d.text((dx0, 770), "Size", font=font(18, True), fill=(30, 32, 44))
    for i, s in enumerate(["S", "M", "L"]):
        x = dx0 + i * 96
        d.rounded_rectangle([x, 806, x + 80, 856], radius=10, outline=(22, 24, 34) if i == 1 else (210, 212, 220), width=2)
        d.text((x + 32, 818), s, font=font(20, True), fill=(30, 32, 44))
    d.rounded_rectangle([dx0, 900, dx0 + 520, 976], radius=38, fill=(22, 24, 34))
    d.text((dx0 + 170, 922), "Add to cart", font=font(26, True), fill="white")
    d.rounded_rectangle([dx0 + 544, 900, dx0 + 620, 976], radius=38, outline=(200, 204, 214), width=2)
    d.text((dx0 + 568, 918), "♥", font=font(30), fill=(220, 70, 90))
    return img


# ---------------------------------------------------------------- phone (1206×2622, @3x)

class Phone:
    """A 402×874 pt screen drawn at 3 px per point."""
    W, H, S = 402, 874, 3

    def __init__(self, bg, dark=False):
        self.img = Image.new("RGB", (self.W * self.S, self.H * self.S), bg)
        self.d = ImageDraw.Draw(self.img)
        self.ink = (245, 246, 250) if dark else (22, 24, 32)
        self.sub = (150, 156, 172) if dark else (112, 117, 133)

    def p(self, v):
        return int(round(v * self.S))

    def rect(self, x0, y0, x1, y1, fill=None, radius=0, outline=None, width=1):
        box = [self.p(x0), self.p(y0), self.p(x1), self.p(y1)]
        if radius:
            self.d.rounded_rectangle(box, radius=self.p(radius), fill=fill, outline=outline,
                                     width=self.p(width) if outline else 0)
        else:
            self.d.rectangle(box, fill=fill, outline=outline, width=self.p(width) if outline else 0)

    def circle(self, cx, cy, r, fill=None, outline=None, width=1):
        self.d.ellipse([self.p(cx - r), self.p(cy - r), self.p(cx + r), self.p(cy + r)], fill=fill, outline=outline,
                       width=self.p(width) if outline else 0)

    def text(self, x, y, s, size, fill, bold=False, anchor="la"):
        self.d.text((self.p(x), self.p(y)), s, font=font(self.p(size), bold), fill=fill, anchor=anchor)

    def status_bar(self, ink=None):
        """The status bar as the Simulator saves it: the time left of the island, signal, Wi-Fi and
        battery right of it, 62 pt."""
        ink = ink or self.ink
        self.text(62, 31, "9:41", 17, ink, bold=True, anchor="mm")
        for i, f in enumerate([0.4, 0.6, 0.8, 1.0]):
            x = 296 + i * 4.6
            self.rect(x, 37 - 11.5 * f, x + 3, 37, fill=ink, radius=0.8)
        cx, cy = 322, 37
        for r in (4, 8, 12):
            self.d.arc([self.p(cx - r), self.p(cy - r), self.p(cx + r), self.p(cy + r)], 225, 315, fill=ink,
                       width=self.p(2.2))
        self.rect(338, 25.5, 363, 37.5, outline=ink, radius=3.6, width=1.1)
        self.rect(340, 27.5, 357, 35.5, fill=ink, radius=2)
        self.rect(364, 29.5, 365.5, 33.5, fill=ink, radius=0.7)

    def tab_bar(self, labels, selected, tint, bg):
        top = self.H - 83
        self.rect(0, top, self.W, self.H, fill=bg)
        self.rect(0, top, self.W, top + 0.5, fill=(200, 204, 212))
        for i, label in enumerate(labels):
            cx = (i + 0.5) * self.W / len(labels)
            c = tint if i == selected else self.sub
            self.rect(cx - 11, top + 10, cx + 11, top + 30, radius=6, fill=c)
            self.text(cx, top + 44, label, 10.5, c, bold=i == selected, anchor="mm")


PEOPLE = [("Ana", (255, 140, 90)), ("Ben", (78, 205, 196)), ("Chloe", (240, 190, 70)), ("Dev", (150, 120, 240)),
          ("Eli", (90, 180, 110)), ("Fay", (232, 96, 120)), ("Gus", (70, 140, 220)), ("Hana", (200, 150, 90))]


def chats(rng):
    c = Phone((255, 255, 255))
    c.status_bar()
    c.text(20, 74, "Edit", 17, (0, 122, 255))
    c.circle(374, 84, 14, fill=(0, 122, 255))
    c.text(374, 84, "+", 20, "white", bold=True, anchor="mm")
    c.text(20, 104, "Chats", 34, c.ink, bold=True)
    c.rect(16, 152, 386, 188, radius=10, fill=(238, 239, 243))
    c.text(44, 160, "Search", 17, (140, 144, 156))
    for i, (name, colour) in enumerate(PEOPLE):
        y = 204 + i * 76
        c.circle(48, y + 34, 26, fill=colour)
        c.text(48, y + 34, name[0], 22, "white", bold=True, anchor="mm")
        c.text(88, y + 12, name + " " + "ABCDEFGH"[i] + ".", 17, c.ink, bold=True)
        c.text(88, y + 38, clipped(sentence(rng, 6), font(c.p(15)), c.p(265)), 15, c.sub)
        c.text(384, y + 14, f"{9 - i % 9}:{10 + 6 * i:02d}", 14, c.sub, anchor="ra")
        if i < 3:
            c.circle(372, y + 48, 10, fill=(0, 122, 255))
            c.text(372, y + 48, str(i + 1), 12, "white", bold=True, anchor="mm")
        c.rect(88, y + 75, 402, y + 75.5, fill=(226, 228, 234))
    c.tab_bar(["Status", "Calls", "Camera", "Chats", "Settings"], 3, (0, 122, 255), (248, 248, 250))
    return c.img


def conversation(rng):
    c = Phone((236, 229, 221))
    c.rect(0, 0, c.W, 112, fill=(246, 246, 248))
    c.status_bar()
    c.text(16, 80, "‹", 30, (0, 122, 255), anchor="lm")
    c.circle(60, 84, 18, fill=PEOPLE[1][1])
    c.text(60, 84, "B", 16, "white", bold=True, anchor="mm")
    c.text(88, 70, "Ben Carter", 17, c.ink, bold=True)
    c.text(88, 92, "online", 13, c.sub)
    y = 132
    for i in range(9):
        mine = i % 3 == 1
        lines = wrapped(sentence(rng, rng.randint(3, 9)), font(c.p(16)), c.p(250))
        wdt = max(font(c.p(16)).getlength(l) for l in lines) / c.S + 28
        hgt = 22 * len(lines) + 20
        x0 = 386 - wdt if mine else 16
        c.rect(x0, y, x0 + wdt, y + hgt, radius=16, fill=(220, 248, 198) if mine else "white")
        for k, l in enumerate(lines):
            c.text(x0 + 14, y + 10 + 22 * k, l, 16, (22, 24, 32))
        c.text(x0 + wdt - 10, y + hgt - 6, f"9:{20 + i:02d}", 10, (130, 136, 150), anchor="rb")
        y += hgt + 12
        if y > 700:
            break
    c.rect(0, 874 - 92, c.W, 874, fill=(246, 246, 248))
    c.rect(52, 874 - 80, 350, 874 - 44, radius=18, fill="white", outline=(214, 216, 222), width=1)
    c.text(68, 874 - 70, "Message", 16, (150, 154, 166))
    c.circle(372, 874 - 62, 18, fill=(0, 122, 255))
    c.circle(26, 874 - 62, 12, outline=(0, 122, 255), width=2)
    return c.img


def player(rng):
    c = Phone((24, 20, 36), dark=True)
    top, bottom = (120, 60, 200), (24, 20, 36)
    for y in range(c.img.height):
        t = min(1, y / (c.img.height * 0.7))
        c.d.line([(0, y), (c.img.width, y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)))
    c.status_bar((255, 255, 255))
    c.text(201, 84, "Now playing", 15, (220, 214, 240), bold=True, anchor="mm")
    # Album art: concentric rings and a sun.
    c.rect(36, 120, 366, 450, radius=22, fill=(250, 120, 90))
    for k in range(8):
        r = 150 - k * 18
        c.circle(201, 285, r, outline=(255, 200 - k * 12, 120 + k * 10), width=4)
    c.circle(201, 285, 40, fill=(255, 236, 190))
    c.text(36, 484, "Golden Hour Drive", 26, (255, 255, 255), bold=True)
    c.text(36, 522, "The Night Lights", 18, (200, 194, 220))
    c.circle(356, 500, 18, outline=(255, 255, 255), width=2)
    c.rect(36, 572, 366, 576, radius=2, fill=(90, 80, 120))
    c.rect(36, 572, 160, 576, radius=2, fill=(255, 255, 255))
    c.circle(160, 574, 8, fill=(255, 255, 255))
    c.text(36, 590, "1:24", 13, (200, 194, 220))
    c.text(366, 590, "-2:31", 13, (200, 194, 220), anchor="ra")
    c.circle(201, 670, 38, fill=(255, 255, 255))
    c.rect(189, 654, 197, 686, fill=(40, 30, 60))
    c.rect(205, 654, 213, 686, fill=(40, 30, 60))
    for dx in (-1, 1):
        cx = 201 + dx * 100
        pts = [(cx - 14 * dx, 654), (cx + 6 * dx, 670), (cx - 14 * dx, 686)]
        c.d.polygon([(c.p(x), c.p(y)) for x, y in pts], fill=(255, 255, 255))
        pts = [(cx + 2 * dx, 654), (cx + 22 * dx, 670), (cx + 2 * dx, 686)]
        c.d.polygon([(c.p(x), c.p(y)) for x, y in pts], fill=(255, 255, 255))
    c.rect(60, 744, 342, 748, radius=2, fill=(90, 80, 120))
    c.rect(60, 744, 260, 748, radius=2, fill=(220, 214, 240))
    c.text(36, 790, "Up next", 16, (255, 255, 255), bold=True)
    c.text(36, 816, "Slow Tide · Marina Vale", 15, (200, 194, 220))
    return c.img


def fitness(rng):
    c = Phone((0, 0, 0), dark=True)
    c.status_bar((255, 255, 255))
    c.text(20, 70, "SATURDAY, MAY 17", 13, (150, 156, 172), bold=True)
    c.text(20, 88, "Summary", 34, (255, 255, 255), bold=True)
    c.rect(16, 144, 386, 400, radius=16, fill=(28, 28, 32))
    c.text(32, 160, "Activity", 18, (255, 255, 255), bold=True)
    for k, (colour, share, label, value) in enumerate([((250, 17, 79), 0.82, "Move", "412/500 kcal"),
                                                        ((166, 255, 0), 0.64, "Exercise", "19/30 min"),
                                                        ((0, 255, 246), 0.92, "Stand", "11/12 hrs")]):
        r = 92 - k * 26
        box = [c.p(120 - r), c.p(280 - r), c.p(120 + r), c.p(280 + r)]
        c.d.arc(box, 0, 360, fill=tuple(v // 4 for v in colour), width=c.p(20))
        c.d.arc(box, -90, -90 + 360 * share, fill=colour, width=c.p(20))
        c.text(240, 210 + k * 56, label, 15, (200, 204, 214), bold=True)
        c.text(240, 230 + k * 56, value, 19, colour, bold=True)
    c.rect(16, 416, 386, 620, radius=16, fill=(28, 28, 32))
    c.text(32, 432, "Step count", 18, (255, 255, 255), bold=True)
    c.text(32, 458, "8,412", 30, (180, 120, 255), bold=True)
    for k in range(24):
        v = max(0.05, min(1, 0.15 + 0.8 * math.sin(math.pi * k / 24) ** 2 + rng.uniform(-0.15, 0.15)))
        x = 32 + k * 14.4
        c.rect(x, 600 - 100 * v, x + 9, 600, radius=2, fill=(180, 120, 255))
    c.rect(16, 636, 192, 770, radius=16, fill=(28, 28, 32))
    c.text(32, 652, "Distance", 15, (200, 204, 214), bold=True)
    c.text(32, 690, "6.2 km", 26, (90, 200, 250), bold=True)
    c.rect(210, 636, 386, 770, radius=16, fill=(28, 28, 32))
    c.text(226, 652, "Heart rate", 15, (200, 204, 214), bold=True)
    c.text(226, 690, "72 bpm", 26, (250, 80, 90), bold=True)
    c.tab_bar(["Summary", "Fitness+", "Sharing"], 0, (166, 255, 0), (22, 22, 24))
    return c.img


def route(rng):
    c = Phone((232, 236, 226))
    for k in range(0, 1400, 90):
        c.d.line([(c.p(-200 + k * 0.3), 0), (c.p(k), c.img.height)], fill=(250, 250, 246), width=c.p(10))
        c.d.line([(0, c.p(k * 0.7)), (c.img.width, c.p(k * 0.7 - 120))], fill=(250, 250, 246), width=c.p(6))
    c.d.ellipse([c.p(230), c.p(150), c.p(420), c.p(330)], fill=(200, 226, 190))
    c.d.polygon([(0, c.p(420)), (c.p(120), c.p(380)), (c.p(170), c.p(470)), (0, c.p(520))], fill=(170, 210, 240))
    pts = [(70, 640), (120, 560), (180, 520), (210, 430), (280, 360), (320, 250), (300, 180)]
    c.d.line([(c.p(x), c.p(y)) for x, y in pts], fill=(255, 255, 255), width=c.p(12), joint="curve")
    c.d.line([(c.p(x), c.p(y)) for x, y in pts], fill=(0, 122, 255), width=c.p(7), joint="curve")
    c.circle(70, 640, 10, fill=(255, 255, 255))
    c.circle(70, 640, 6, fill=(0, 122, 255))
    c.circle(300, 180, 14, fill=(255, 59, 48), outline=(255, 255, 255), width=3)
    c.rect(0, 0, c.W, 62, fill=(250, 250, 250))
    c.status_bar()
    c.rect(16, 74, 386, 118, radius=14, fill=(255, 255, 255))
    c.text(48, 86, "Harbour Market", 17, c.ink, bold=True)
    c.rect(0, 600, c.W, 874, radius=24, fill=(255, 255, 255))
    c.rect(181, 608, 221, 613, radius=2.5, fill=(200, 204, 212))
    c.text(20, 628, "Harbour Market", 24, c.ink, bold=True)
    c.text(20, 662, "Market · 1.4 km · Open until 8 PM", 15, c.sub)
    for i, (label, fill, ink) in enumerate([("Directions", (0, 122, 255), "white"), ("Call", (236, 240, 248), (0, 122, 255)),
                                            ("Website", (236, 240, 248), (0, 122, 255))]):
        x = 20 + i * 124
        c.rect(x, 700, x + 114, 752, radius=12, fill=fill)
        c.text(x + 57, 726, label, 15, ink, bold=True, anchor="mm")
    c.text(20, 776, "18 min walk · 6 min by bike", 16, c.ink, bold=True)
    c.text(20, 802, clipped(sentence(rng, 7), font(c.p(15)), c.p(360)), 15, c.sub)
    return c.img


DESKTOP = [dashboard, mail, board, editor, shop]
PHONE = [chats, conversation, player, fitness, route]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "screens"
    os.makedirs(out, exist_ok=True)
    for kind, drawers in (("desktop", DESKTOP), ("phone", PHONE)):
        for i, draw in enumerate(drawers):
            path = os.path.join(out, f"{kind}-{i}.png")
            draw(random.Random(f"{kind}-{i}")).save(path, compress_level=6)
            digest = hashlib.sha256(open(path, "rb").read()).hexdigest()[:16]
            print(f"{path}  {os.path.getsize(path) // 1024} KiB  sha256={digest}")


if __name__ == "__main__":
    main()
