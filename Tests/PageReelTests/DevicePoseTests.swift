import Foundation
import PageReel
import PageReelEncode
import PageReelMedia
import PageReelTestSupport
import Testing

/// A turned device, judged by its pixels: marks on a real-size screenshot land where CSS's
/// `translate(offset) scale(s) perspective(d) rotateX(x) rotateY(y) rotateZ(z)` about the screen's
/// centre puts them (the projection written out below, not the renderer's matrices), within a pixel;
/// the shadow falls on the backdrop under the turned body.
@Suite struct DevicePoseTests {
    let scratch = ScratchDirectory()

    /// The iPhone 16 Pro's screenshot, 1206×2622, white with five coloured 60-pixel squares.
    static let shot = (width: 1206, height: 2622)
    static let marks: [(x: Double, y: Double, rgb: (UInt8, UInt8, UInt8))] = [
        (200, 300, (255, 0, 0)), (1000, 300, (0, 200, 0)), (603, 1311, (0, 0, 255)),
        (200, 2300, (255, 0, 255)), (1000, 2300, (0, 200, 200)),
    ]
    /// The screen: the viewport, in points on a 1200×1400 canvas (402×874 pt, the model's own).
    static let screen = (x: 399.0, y: 263.0, width: 402.0, height: 874.0)

    func project(pose: String, name: String = #function) throws -> Project {
        let folder = try scratch.directory(name)
        try Self.writeShot(in: folder)
        let s = Self.screen
        let deck = """
        { "pagereel": 1, "canvas": { "width": 1200, "height": 1400, "fps": 30, "background": "#808080" },
          "viewport": { "x": \(s.x), "y": \(s.y), "width": \(s.width), "height": \(s.height) },
          "device": { "model": "iphone-16-pro", "statusBar": false, "homeIndicator": false, "pose": \(pose) },
          "pages": [ { "image": "shot.png", "fit": "fill" }, { "background": "#000000" } ] }
        """
        return try Project.load(data: Data(deck.utf8), file: "deck.json", directory: folder)
    }

    /// The screenshot, as `shot.png` in `folder`.
    static func writeShot(in folder: String) throws {
        var pixmap = Pixmap(width: shot.width, height: shot.height)
        pixmap.fill(r: 255, g: 255, b: 255, a: 255)
        for mark in marks {
            for y in Int(mark.y) - 30..<Int(mark.y) + 30 {
                for x in Int(mark.x) - 30..<Int(mark.x) + 30 {
                    let i = (y * shot.width + x) * 4
                    (pixmap.pixels[i], pixmap.pixels[i + 1], pixmap.pixels[i + 2]) = mark.rgb
                }
            }
        }
        try PNGFile.write(pixmap, to: folder + "/shot.png")
    }

    /// Where CSS draws the screen point (x, y) in canvas points.
    static func css(_ x: Double, _ y: Double, rx: Double, ry: Double, rz: Double, d: Double, scale: Double,
                    offset: (Double, Double)) -> (x: Double, y: Double) {
        let ox = screen.x + screen.width / 2, oy = screen.y + screen.height / 2
        let r = Double.pi / 180
        // rotateZ, then rotateY, then rotateX (CSS applies the rightmost function first); y down.
        var (px, py, pz) = (x - ox, y - oy, 0.0)
        (px, py) = (cos(rz * r) * px - sin(rz * r) * py, sin(rz * r) * px + cos(rz * r) * py)
        (px, pz) = (cos(ry * r) * px + sin(ry * r) * pz, -sin(ry * r) * px + cos(ry * r) * pz)
        (py, pz) = (cos(rx * r) * py - sin(rx * r) * pz, sin(rx * r) * py + cos(rx * r) * pz)
        let w = 1 - pz / d
        return (ox + offset.0 + scale * px / w, oy + offset.1 + scale * py / w)
    }

    static let poses: [(rx: Double, ry: Double, rz: Double, d: Double, scale: Double, offset: (Double, Double))] = [
        (0, -25, 0, 2400, 1, (0, 0)),
        (15, 0, 0, 1600, 1, (0, 0)),
        (10, 30, -8, 2400, 0.9, (60, -40)),
        (-20, -15, 12, 1200, 1.1, (-30, 25)),
    ]

    @Test(arguments: 0..<poses.count)
    func marksLandWhereCSSProjectsThem(_ index: Int) throws {
        let p = Self.poses[index]
        let pose = """
            { "rotateX": \(p.rx), "rotateY": \(p.ry), "rotateZ": \(p.rz), "perspective": \(p.d), "scale": \(p.scale),
              "offset": [\(p.offset.0), \(p.offset.1)] }
            """
        let image = try Still(instant: .frame(0)).render(try project(pose: pose, name: "pose\(index)"))
        for mark in Self.marks {
            // The mark's centre in screen points, then projected.
            let k = Self.screen.width / Double(Self.shot.width)
            let expected = Self.css(Self.screen.x + mark.x * k, Self.screen.y + mark.y * k, rx: p.rx, ry: p.ry,
                                    rz: p.rz, d: p.d, scale: p.scale, offset: p.offset)
            let found = image.centroid(of: mark.rgb)
            #expect(found.count > 150, "pose \(index): mark \(mark.rgb) covers \(found.count) pixels")
            let error = hypot(found.x - expected.x, found.y - expected.y)
            #expect(error < 1, "pose \(index): mark \(mark.rgb) at (\(found.x), \(found.y)), CSS (\(expected.x), \(expected.y))")
        }
    }

    /// The shadow is the body's, projected and cast 22 pt down onto the backdrop: shifted with the
    /// body, and under its lowest edge when it lies on its side.
    @Test func theShadowFallsUnderTheTurnedBody() throws {
        func darkening(_ image: Pixmap, _ x: Double, _ y: Double) -> Int { 128 - Int(image.pixel(x: Int(x), y: Int(y)).g) }
        let ox = Self.screen.x + Self.screen.width / 2, oy = Self.screen.y + Self.screen.height / 2
        let flat = try Still(instant: .frame(0)).render(try project(pose: "{}", name: "flat"))
        // The body reaches about 449 pt below the screen's centre (the screen's half plus the bezel).
        let below = oy + 449 + 24
        #expect(darkening(flat, ox, below) > 8, "no shadow under the flat device")
        let moved = try Still(instant: .frame(0)).render(try project(pose: #"{ "offset": [300, 0] }"#, name: "moved"))
        #expect(darkening(moved, ox, below) <= 1, "the shadow stayed behind")
        #expect(darkening(moved, ox + 300, below) > 8, "no shadow under the moved device")
        // On its side, the body's lowest edge is half its width (about 213 pt) below the centre.
        let side = try Still(instant: .frame(0)).render(try project(pose: #"{ "rotateZ": 90 }"#, name: "side"))
        #expect(darkening(side, ox, below) <= 1)
        #expect(darkening(side, ox, oy + 213 + 24) > 8, "no shadow under the device on its side")
    }

    /// A turn over time is drawn as the timeline says: the same frame as a still of the pose it has
    /// reached.
    @Test func aTurnDrawsThePoseOfItsInstant() throws {
        let folder = try scratch.directory("turn")
        try Self.writeShot(in: folder)
        func deck(_ pose: String, script: String) -> String {
            """
            { "pagereel": 1, "canvas": { "width": 600, "height": 700, "fps": 30, "background": "#808080" },
              "device": { "model": "iphone-16-pro", "pose": \(pose) },
              "pages": [ { "image": "shot.png" }, { "background": "#000000" } ], "script": \(script) }
            """
        }
        let turning = try Project.load(data: Data(deck(#"{ "rotateY": -30 }"#, script: #"[ { "pose": { "rotateY": 10, "duration": 1, "curve": "linear" } } ]"#).utf8),
                                       file: "deck.json", directory: folder)
        let halfway = try Project.load(data: Data(deck(#"{ "rotateY": -10 }"#, script: "[]").utf8), file: "deck.json", directory: folder)
        let end = try Project.load(data: Data(deck(#"{ "rotateY": 10 }"#, script: "[]").utf8), file: "deck.json", directory: folder)
        #expect(try Still(instant: .time(0.5)).render(turning).pixels == Still(instant: .time(0)).render(halfway).pixels)
        #expect(try Still(instant: .time(1.2)).render(turning).pixels == Still(instant: .time(0)).render(end).pixels)
    }

    /// The pictures of turned devices and their shadows are kept between frames (`FrameRenderer`):
    /// an export's frames, each drawn after the others, are those drawn alone — while the device
    /// turns at rest, turns while it swipes, holds still, and under the camera.
    @Test func framesDrawnInTurnAreFramesDrawnAlone() throws {
        let folder = try scratch.directory("sequence")
        try Self.writeShot(in: folder)
        let deck = """
        { "pagereel": 1, "canvas": { "width": 480, "height": 560, "fps": 10, "background": "#808080" },
          "device": { "model": "iphone-16-pro", "pose": { "rotateY": -25, "rotateX": 6 } },
          "pages": [ { "image": "shot.png" }, { "background": "#D04040" } ],
          "script": [ { "pose": { "rotateY": 15, "duration": 0.5 } },
                      { "pose": { "rotateY": -15, "duration": 0.8 }, "at": 0.6 }, { "swipe": "next" },
                      { "wait": 0.3 }, { "camera": { "zoom": 2, "focus": [200, 300], "duration": 0.4 } } ] }
        """
        let project = try Project.load(data: Data(deck.utf8), file: "deck.json", directory: folder)
        var options = ExportOptions()
        options.outputs = [Output(argument: folder + "/frames/")!]
        let summary = try Exporter(project: project, options: options).run()
        #expect(summary.frames > 20)
        for frame in [2, 5, 6, 9, 12, 15, summary.frames - 3, summary.frames - 1] {
            let exported = try ImageDecoder.decode(fileAt: folder + String(format: "/frames/frame-%06d.png", frame))
            let alone = try Still(instant: .frame(frame)).render(project)
            let same = exported.pixels == alone.pixels
            #expect(same, "frame \(frame) differs")
        }
    }
}
