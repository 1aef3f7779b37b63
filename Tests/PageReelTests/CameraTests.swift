import Foundation
import PageReel
import PageReelEncode
import PageReelMedia
import PageReelTestSupport
import Testing

/// The camera, judged by its pixels: the focus lands at the canvas's centre once the zoom is
/// reached; a zoomed screenshot is drawn from its own pixels (1-pixel stripes that the laid-out
/// view averages to grey stay resolved at zoom 4, as an enlarged frame could not show them); back at
/// zoom 1 the frame is the one before the zoom, byte for byte.
@Suite struct CameraTests {
    let scratch = ScratchDirectory()

    /// A 1179×2556 screenshot (the iPhone 16's): light grey, a red 30-pixel square centred at
    /// (300, 900), and 1-pixel black and white columns over x 600…800, y 1500…1700.
    static func writeShot(in folder: String) throws {
        let w = 1179, h = 2556
        var pixmap = Pixmap(width: w, height: h)
        pixmap.fill(r: 200, g: 200, b: 200, a: 255)
        func set(_ x: Int, _ y: Int, _ v: (UInt8, UInt8, UInt8)) {
            let i = (y * w + x) * 4
            (pixmap.pixels[i], pixmap.pixels[i + 1], pixmap.pixels[i + 2]) = v
        }
        for y in 885..<915 { for x in 285..<315 { set(x, y, (255, 0, 0)) } }
        for y in 1500..<1700 { for x in 600..<800 { set(x, y, x % 2 == 0 ? (0, 0, 0) : (255, 255, 255)) } }
        try PNGFile.write(pixmap, to: folder + "/shot.png")
    }

    /// The screen: 393×852 pt on a 600×1000 canvas, one output pixel per point.
    static let screen = (x: 104.0, y: 74.0, width: 393.0, height: 852.0)

    func project(script: String, name: String = #function) throws -> Project {
        let folder = try scratch.directory(name)
        try Self.writeShot(in: folder)
        let s = Self.screen
        let deck = """
        { "pagereel": 1, "canvas": { "width": 600, "height": 1000, "fps": 30, "background": "#303030" },
          "viewport": { "x": \(s.x), "y": \(s.y), "width": \(s.width), "height": \(s.height) },
          "device": { "model": "iphone-16", "statusBar": false, "homeIndicator": false },
          "pages": [ { "image": "shot.png", "fit": "fill" }, { "background": "#000000" } ],
          "script": \(script) }
        """
        return try Project.load(data: Data(deck.utf8), file: "deck.json", directory: folder)
    }

    @Test(arguments: [1.5, 2.5, 4])
    func theFocusLandsAtTheCentre(_ zoom: Double) throws {
        // The red square's centre, in screen points: (300, 900) px / 3.
        let project = try self.project(script: #"[ { "camera": { "zoom": \#(zoom), "focus": [100, 300], "duration": 0.5 } }, { "wait": 0.5 } ]"#,
                                       name: "focus\(zoom)")
        let image = try Still(instant: .time(0.7)).render(project)
        let found = image.centroid(of: (255, 0, 0))
        #expect(found.count > Int(80 * zoom * zoom), "\(found.count) red pixels")
        #expect(hypot(found.x - 300, found.y - 500) < 1, "zoom \(zoom): the focus is at (\(found.x), \(found.y))")
        // Before the move, the square is where the layout has it.
        let before = try Still(instant: .time(0)).render(project).centroid(of: (255, 0, 0))
        #expect(hypot(before.x - (Self.screen.x + 100), before.y - (Self.screen.y + 300)) < 1)
    }

    /// The stripes' contrast along a row through them: the largest minus the smallest green value
    /// over the middle of their drawn width.
    static func stripeContrast(_ image: Pixmap, centre: (x: Double, y: Double), halfWidth: Double) -> Int {
        let y = Int(centre.y)
        let values = (Int(centre.x - halfWidth)..<Int(centre.x + halfWidth)).map { Int(image.pixel(x: $0, y: y).g) }
        return values.max()! - values.min()!
    }

    @Test func aZoomedScreenshotShowsItsOwnPixels() throws {
        // The stripes' centre in screen points: (700, 1600) px / 3.
        let project = try self.project(script: #"[ { "camera": { "zoom": 4, "focus": [233.333, 533.333], "duration": 0.2 } } ]"#)
        let flat = try Still(instant: .time(0)).render(project)
        let zoomed = try Still(instant: .time(0.3)).render(project)
        // Laid out at a third of the screenshot's pixels, the stripes average to grey.
        let flatContrast = Self.stripeContrast(flat, centre: (Self.screen.x + 233.3, Self.screen.y + 533.3), halfWidth: 20)
        #expect(flatContrast < 40, "laid out: contrast \(flatContrast)")
        // At zoom 4, each screenshot pixel is 1.33 output pixels: the columns stay apart, black and
        // white softened only by two bilinear samplings (screenshot → page at 1.33×, page → frame).
        let zoomedContrast = Self.stripeContrast(zoomed, centre: (300, 500), halfWidth: 100)
        #expect(zoomedContrast > 90 && zoomedContrast > 3 * max(flatContrast, 1),
                "zoomed: contrast \(zoomedContrast), laid out \(flatContrast)")
        // The columns alternate at the screenshot's own pitch: a white column every 2 screenshot
        // pixels, 2.67 output pixels, so about 75 peaks over 200 pixels of the row.
        let row = (200..<400).map { Int(zoomed.pixel(x: $0, y: 500).g) }
        let peaks = (1..<row.count - 1).filter { row[$0] > row[$0 - 1] && row[$0] >= row[$0 + 1] }.count
        #expect(peaks >= 50, "\(peaks) peaks over 200 pixels")
    }

    @Test func zoomingBackGivesTheFrameBeforeTheZoom() throws {
        let project = try self.project(script: #"[ { "wait": 0.2 }, { "camera": { "zoom": 3, "focus": [50, 700], "duration": 0.3 } }, { "wait": 0.2 }, { "camera": { "zoom": 1, "duration": 0.3, "curve": "spring" } } ]"#)
        let before = try Still(instant: .time(0.1)).render(project)
        let during = try Still(instant: .time(0.6)).render(project)
        let after = try Still(instant: .time(1.1)).render(project)
        #expect(during.pixels != before.pixels)
        #expect(after.pixels == before.pixels)
    }
}
