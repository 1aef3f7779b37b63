import Foundation
import PageReel
import PageReelEncode
import PageReelMedia
import PageReelTestSupport
import Testing

/// Real-size screenshots in the device they were taken on, judged by the rendered pixels: with
/// only `device` and captions set, the screen has the screenshot's shape, the whole screenshot
/// shows (its top rows, its title), nothing of it lands outside the screen, its status bar is left
/// alone, the captions stay on the canvas and change one at a time.
///
/// The screenshots are drawn to be told apart from everything else: a magenta body, a red top band
/// 3 pt tall, a yellow status bar band, a cyan title block at 70–104 pt and a blue bottom band.
@Suite struct DeviceShowcaseTests {
    struct Shot: Sendable, CustomStringConvertible {
        var width: Int
        var height: Int
        /// The model `auto` is expected to choose, and its status bar's height in points.
        var model: String
        var description: String { "\(width)×\(height)" }
    }

    static let shots = [
        Shot(width: 1179, height: 2556, model: "iphone-16"),
        Shot(width: 1290, height: 2796, model: "iphone-16-plus"),
        Shot(width: 750, height: 1334, model: "iphone-se"),
        Shot(width: 1080, height: 2400, model: "pixel-8"),
        Shot(width: 2048, height: 2732, model: "ipad-pro-12-9"),
    ]

    let scratch = ScratchDirectory()

    /// Writes the screenshot and a deck showing it on two pages; returns the project.
    func project(_ shot: Shot, device: String = #""auto""#, extra: String = "", page: String = "",
                        captions: (String, String) = ("See your trips at a glance", "Find places worth the detour"),
                        canvas: (Int, Int) = (1280, 720), background: String = "#202020",
                        name: String = #function) throws -> Project {
        let folder = try scratch.directory("\(name)-\(shot.width)x\(shot.height)-\(canvas.0)")
        try Self.screenshot(shot).write(to: folder + "/shot.png")
        let deck = """
        { "pagereel": 1, "canvas": { "width": \(canvas.0), "height": \(canvas.1), "fps": 30, "background": "\(background)" },
          "device": \(device), "captions": { "size": 30 }, \(extra)
          "pages": [ { \(page) "image": "shot.png", "caption": "\(captions.0)" },
                     { \(page) "image": "shot.png", "caption": "\(captions.1)" } ],
          "script": [ { "wait": 0.5 }, { "swipe": "next" } ] }
        """
        return try Project.load(data: Data(deck.utf8), file: "deck.json", directory: folder)
    }

    struct PNG {
        var pixmap: Pixmap
        func write(to path: String) throws { try PNGFile.write(pixmap, to: path) }
    }

    static func screenshot(_ shot: Shot) -> PNG {
        let model = DeviceModel.matching(width: shot.width, height: shot.height, kind: nil)!
        let s = Double(shot.width) / model.width
        var pixmap = Pixmap(width: shot.width, height: shot.height)
        pixmap.fill(r: 255, g: 0, b: 255, a: 255)
        func band(_ y0: Double, _ y1: Double, _ x0: Double = 0, _ x1: Double? = nil, rgb: (UInt8, UInt8, UInt8)) {
            for y in Int((y0 * s).rounded())..<min(shot.height, Int((y1 * s).rounded())) {
                for x in Int(x0 * s)..<Int((x1 ?? model.width) * s) {
                    let i = (y * shot.width + x) * 4
                    pixmap.pixels[i] = rgb.0
                    pixmap.pixels[i + 1] = rgb.1
                    pixmap.pixels[i + 2] = rgb.2
                }
            }
        }
        band(0, 3, rgb: (255, 0, 0))
        band(3, model.statusBarHeight, rgb: (255, 255, 0))
        band(70, 104, 20, 200, rgb: (0, 255, 255))
        band(model.height - 3, model.height, rgb: (0, 0, 255))
        return PNG(pixmap: pixmap)
    }

    static func still(_ project: Project, at time: Double, transition: TransitionSpec? = nil) throws -> Pixmap {
        try Still(instant: .time(time), transition: transition).render(project)
    }

    typealias RGB = (r: Int, g: Int, b: Int)
    static func rgb(_ image: Pixmap, _ x: Int, _ y: Int) -> RGB {
        let p = image.pixel(x: x, y: y)
        return (Int(p.r), Int(p.g), Int(p.b))
    }

    static func saturated(_ c: RGB) -> Bool { max(c.r, c.g, c.b) - min(c.r, c.g, c.b) > 80 }

    /// Inside the screen's rounded rectangle grown by `grow` pixels.
    static func inScreen(_ x: Double, _ y: Double, _ screen: Rect, radius: Double, grow: Double) -> Bool {
        let r = radius + grow
        let left = screen.x - grow, top = screen.y - grow
        let right = screen.x + screen.width + grow, bottom = screen.y + screen.height + grow
        guard x >= left, x <= right, y >= top, y <= bottom else { return false }
        let cx = min(max(x, left + r), right - r), cy = min(max(y, top + r), bottom - r)
        return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
    }

    /// At rest: the model matches, the screen has the screenshot's shape (measured in pixels), the
    /// top rows and the title show, the status bar band is the screenshot's own, the caption is
    /// whole on the canvas.
    @Test(arguments: shots)
    func screenshotShownWhole(_ shot: Shot) throws {
        let project = try self.project(shot)
        let device = try #require(project.deck.device)
        #expect(device.model.id == shot.model)
        let screen = project.deck.viewport
        let aspect = Double(shot.width) / Double(shot.height)
        #expect(abs(screen.width / screen.height / aspect - 1) < 0.005, "viewport \(screen)")
        #expect(project.warnings.isEmpty, "\(project.warningMessages)")
        let image = try Self.still(project, at: 0)
        // Measured: the red top band's first row and the blue bottom band's last, down a column
        // clear of the corners, the cut-out and the home indicator; the magenta across the middle.
        let column = Int(screen.x + 0.3 * screen.width)
        let rows = (0..<image.height).map { Self.rgb(image, column, $0) }
        let top = try #require(rows.firstIndex { $0.r > 200 && $0.g < 90 && $0.b < 90 })
        let bottom = try #require(rows.lastIndex { $0.b > 200 && $0.r < 90 && $0.g < 90 })
        let middle = Int(screen.y + screen.height / 2)
        let across = (0..<image.width).map { Self.rgb(image, $0, middle) }
        let left = try #require(across.firstIndex { $0.r > 200 && $0.b > 200 && $0.g < 90 })
        let right = try #require(across.lastIndex { $0.r > 200 && $0.b > 200 && $0.g < 90 })
        let measured = Double(right - left + 1) / Double(bottom - top + 1)
        #expect(abs(measured / aspect - 1) < 0.01, "measured \(right - left + 1)×\(bottom - top + 1)")
        #expect(abs(Double(top) - screen.y) <= 1, "top row at \(top), screen at \(screen.y)")
        // The title block, 70–104 pt down and 20–200 pt across the screenshot.
        let k = screen.width / device.model.width
        let title = Self.rgb(image, Int(screen.x + 110 * k), Int(screen.y + 87 * k))
        #expect(title.g > 200 && title.b > 200 && title.r < 60, "title \(title)")
        // The status bar band is the screenshot's yellow, between the corners, beside the cut-out.
        let geometry = try #require(project.deck.device).model
        let radius = geometry.cornerRadius * k
        var touched = 0
        // (2 px clear of the band's ends, where scaling blends it with the red and the magenta.)
        for y in Int(screen.y + 3 * k + 2)..<Int(screen.y + geometry.statusBarHeight * k - 2) {
            for x in Int(screen.x + radius)..<Int(screen.x + screen.width - radius) {
                if Self.inCutout(Double(x) + 0.5, Double(y) + 0.5, geometry, screen: screen) { continue }
                let c = Self.rgb(image, x, y)
                if !(c.r > 200 && c.g > 200 && c.b < 60) { touched += 1 }
            }
        }
        #expect(touched == 0, "\(touched) pixels of the status bar band drawn over")
        // The caption: white, under the device, and clear of the canvas's bottom edge.
        let white = (0..<image.height).filter { y in
            (0..<image.width).contains { x in let c = Self.rgb(image, x, y); return c.r > 230 && c.g > 230 && c.b > 230 }
        }
        let captionRows = white.filter { Double($0) > screen.y + screen.height + 10 * k }
        #expect(!captionRows.isEmpty)
        #expect((captionRows.max() ?? image.height) < image.height - 4, "caption reaches row \(captionRows.max() ?? 0)")
    }

    /// Whether a point is in (or within 2 px of) the model's cut-out on `screen`.
    static func inCutout(_ x: Double, _ y: Double, _ model: DeviceModel, screen: Rect) -> Bool {
        let k = screen.width / model.width, cx = screen.x + screen.width / 2
        switch model.cutout {
        case .none: return false
        case .island(let w, let h, let top):
            return abs(x - cx) <= w * k / 2 + 2 && y >= screen.y + top * k - 2 && y <= screen.y + (top + h) * k + 2
        case .notch(let w, let h):
            return abs(x - cx) <= w * k / 2 + 2 && y <= screen.y + h * k + 2
        case .punchHole(let d, let centreY):
            let dy = y - (screen.y + centreY * k)
            return ((x - cx) * (x - cx) + dy * dy).squareRoot() <= d * k / 2 + 2
        }
    }

    /// Mid-swipe, in every transition, and at every frame of the swipe in one: no page pixel
    /// lands outside the screen's rounded rectangle.
    @Test(arguments: [shots[0], shots[2], shots[4]])
    func nothingOutsideTheScreen(_ shot: Shot) throws {
        let project = try self.project(shot)
        let screen = project.deck.viewport
        let model = try #require(project.deck.device).model
        let radius = min(model.cornerRadius * screen.width / model.width, screen.width / 2)
        func outside(_ image: Pixmap) -> Int {
            var count = 0
            image.pixels.withUnsafeBufferPointer { pixels in
                for y in 0..<image.height {
                    for x in 0..<image.width {
                        let i = 4 * (y * image.width + x)
                        guard Self.saturated((Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))) else { continue }
                        if !Self.inScreen(Double(x) + 0.5, Double(y) + 0.5, screen, radius: radius, grow: 1.5) { count += 1 }
                    }
                }
            }
            return count
        }
        for name in TransitionName.allCases.map(\.rawValue) {
            let image = try Self.still(project, at: 0.6, transition: .named(TransitionName(rawValue: name)!))
            #expect(outside(image) == 0, "\(name): page pixels outside the screen")
        }
        for frame in stride(from: 0.5, through: 0.9, by: 1 / 15) {
            #expect(outside(try Self.still(project, at: frame, transition: .named(.cube))) == 0, "cube at \(frame) s")
        }
    }

    /// Over every frame of a swipe, the old caption (a long bar) and the new one (a short one,
    /// over its middle) are never both above a quarter of their opacity: the long bar's opacity is
    /// read beside the short one, the short one's from the middle by compositing's own formula.
    @Test func captionsChangeOneAtATime() throws {
        let project = try self.project(Self.shots[0], captions: ("██████████████", "███"), background: "#000000")
        let first = try Self.still(project, at: 0)
        let last = try Self.still(project, at: project.duration)
        func columns(_ image: Pixmap) -> (rows: Range<Int>, columns: ClosedRange<Int>)? {
            var xs: [Int] = [], ys: [Int] = []
            let below = Int(project.deck.viewport.y + project.deck.viewport.height + 20)
            for y in below..<image.height {
                for x in 0..<image.width where Self.rgb(image, x, y).r > 200 && !Self.saturated(Self.rgb(image, x, y)) {
                    xs.append(x)
                    ys.append(y)
                }
            }
            guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
            return (y0..<(y1 + 1), x0...x1)
        }
        let long = try #require(columns(first)), short = try #require(columns(last))
        #expect(long.columns.lowerBound < short.columns.lowerBound - 10)
        var seenBoth = false
        for frame in 0..<30 {
            let image = try Self.still(project, at: 0.5 + Double(frame) / 60)
            func brightest(_ xs: ClosedRange<Int>) -> Double {
                var best = 0
                for y in long.rows { for x in xs { best = max(best, Self.rgb(image, x, y).r) } }
                return Double(best) / 255
            }
            let a0 = brightest((long.columns.lowerBound + 2)...(short.columns.lowerBound - 6))
            let middle = brightest((short.columns.lowerBound + 2)...(short.columns.upperBound - 2))
            let a1 = a0 < 1 ? max(0, (middle - a0) / (1 - a0)) : 0
            #expect(!(a0 > 0.25 && a1 > 0.25), "frame \(frame): \(a0) and \(a1)")
            if a0 > 0.02 && a1 > 0.02 { seenBoth = true }
        }
        #expect(!seenBoth, "fade shows one caption at a time")
    }

    /// A viewport of another shape crops the screenshot under `fill`: a warning names the image and
    /// how much goes (1179×2556 into 270×540 pt: scaled to 270 wide it is 585.4 tall, 7.8% cut), and
    /// the top stays (a screenshot's anchor). Without the viewport nothing is cropped and nothing said.
    @Test func cropWarning() throws {
        let cropped = try self.project(Self.shots[0], device: #""phone""#,
                                       extra: #""viewport": { "width": 270, "height": 540 },"#)
        let warning = try #require(cropped.warningMessages.first { $0.contains("crops") })
        #expect(warning.hasPrefix("deck.json:3:26: pages[0].image: warning: shot.png is 1179×2556"))
        #expect(warning.contains("8% of its height"))
        #expect(cropped.warningMessages.filter { $0.contains("crops") }.count == 1, "once per file")
        let image = try Self.still(cropped, at: 0)
        let screen = cropped.deck.viewport
        let topRow = Self.rgb(image, Int(screen.x + 0.3 * screen.width), Int(screen.y) + 1)
        #expect(topRow.r > 200 && topRow.g < 90, "the top band shows: \(topRow)")
        let whole = try self.project(Self.shots[0], device: #""phone""#)
        #expect(whole.warnings.isEmpty)
    }

    /// Forced on, the device's status bar is drawn over a screenshot's own; a screenshot cropped
    /// from its top keeps its own bar alone, one cropped about its middle (its bar partly cut) gets
    /// the device's. The device's glyphs over the yellow band are black, a colour the screenshot has not.
    @Test func statusBarCanBeForced() throws {
        func deviceGlyphs(_ project: Project) throws -> Int {
            let image = try Self.still(project, at: 0)
            let screen = project.deck.viewport, model = project.deck.device!.model
            let k = screen.width / model.width
            var glyphs = 0
            for y in Int(screen.y)..<Int(screen.y + model.statusBarHeight * k) {
                for x in Int(screen.x + model.cornerRadius * k)..<Int(screen.x + screen.width - model.cornerRadius * k) {
                    if Self.inCutout(Double(x) + 0.5, Double(y) + 0.5, model, screen: screen) { continue }
                    let c = Self.rgb(image, x, y)
                    if max(c.r, c.g, c.b) < 60 { glyphs += 1 }
                }
            }
            return glyphs
        }
        #expect(try deviceGlyphs(self.project(Self.shots[0], device: #"{ "model": "auto", "statusBar": true }"#)) > 20)
        #expect(try deviceGlyphs(self.project(Self.shots[0])) == 0)
        let viewport = #""viewport": { "width": 270, "height": 540 },"#
        #expect(try deviceGlyphs(self.project(Self.shots[0], device: #""iphone-16""#, extra: viewport)) == 0)
        let centred = try self.project(Self.shots[0], device: #""iphone-16""#, extra: viewport, page: #""anchor": "center","#)
        #expect(try deviceGlyphs(centred) > 20)
        let off = try self.project(Self.shots[0], device: #""iphone-16""#, extra: viewport,
                                   page: #""anchor": "center", "statusBar": false,"#)
        #expect(try deviceGlyphs(off) == 0)
    }

    /// A colour page gets the device's status bar, dark on light pages and light on dark ones.
    @Test func statusBarContrastsWithColourPages() throws {
        for (background, glyph) in [("#F4F4F4", 0), ("#101010", 255)] {
            let folder = try scratch.directory("contrast-\(glyph)")
            let deck = """
            { "pagereel": 1, "canvas": { "width": 1280, "height": 720 }, "device": "iphone-16",
              "pages": [ { "background": "\(background)" } ] }
            """
            let project = try Project.load(data: Data(deck.utf8), file: "deck.json", directory: folder)
            let image = try Self.still(project, at: 0)
            let screen = project.deck.viewport, k = screen.width / 393
            var glyphs = 0
            for y in Int(screen.y + 15 * k)..<Int(screen.y + 45 * k) {
                for x in Int(screen.x + 20 * k)..<Int(screen.x + 120 * k) where abs(Self.rgb(image, x, y).r - glyph) < 40 {
                    glyphs += 1
                }
            }
            #expect(glyphs > 10, "\(background): the time in \(glyph == 0 ? "black" : "white")")
        }
    }

    /// Explicit sizes that cannot fit: a caption below a device that reaches the canvas's bottom is
    /// a warning naming the caption; a canvas with no room for any device is an error.
    @Test func layoutThatCannotFit() throws {
        let tight = try self.project(Self.shots[0], device: #""phone""#,
                                     extra: #""viewport": { "y": 40, "width": 300, "height": 680 },"#)
        #expect(tight.warningMessages.contains { $0.hasPrefix("deck.json:3:49: pages[0].caption: warning: the caption") })
        #expect(tight.warningMessages.contains { $0.contains("viewport: warning: the device reaches") })
        #expect(throws: PageReelError.self) {
            try self.project(Self.shots[0], canvas: (160, 90))
        }
    }
}
