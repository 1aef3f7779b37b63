import Foundation
import PageReel
import PageReelEncode
import PageReelMedia
import PageReelTestSupport
import Testing

/// Landscape screenshots in the device they were taken on, held landscape: with `"device": "auto"`
/// the screen takes the screenshot's shape, the whole screenshot shows (marks in its four corners
/// land where they should), no warning, and the hardware is turned with the device: the cut-out
/// (or a home button) on the screen's short sides, not at its top.
@Suite struct LandscapeDeviceTests {
    struct Shot: Sendable, CustomStringConvertible {
        var width: Int
        var height: Int
        var model: String
        var description: String { "\(width)×\(height)" }
    }

    static let shots = [
        Shot(width: 2556, height: 1179, model: "iphone-16"),
        Shot(width: 2400, height: 1080, model: "pixel-8"),
        Shot(width: 1334, height: 750, model: "iphone-se"),
        Shot(width: 2732, height: 2048, model: "ipad-pro-12-9"),
    ]

    let scratch = ScratchDirectory()

    /// Mid grey with a coloured 4%-of-the-height square inset 8% from each corner.
    static let corners: [(x: Double, y: Double, rgb: (UInt8, UInt8, UInt8))] = [
        (0.08, 0.08, (255, 0, 0)), (0.92, 0.08, (0, 220, 0)), (0.08, 0.92, (0, 0, 255)), (0.92, 0.92, (255, 0, 255)),
    ]

    func project(_ shot: Shot, device: String = #""auto""#) throws -> Project {
        let folder = try scratch.directory("\(shot.width)x\(shot.height)")
        var pixmap = Pixmap(width: shot.width, height: shot.height)
        pixmap.fill(r: 128, g: 128, b: 128, a: 255)
        let side = Int(0.04 * Double(shot.height))
        for mark in Self.corners {
            let cx = Int(mark.x * Double(shot.width)), cy = Int(mark.y * Double(shot.height))
            for y in cy - side / 2..<cy + side / 2 {
                for x in cx - side / 2..<cx + side / 2 {
                    let i = (y * shot.width + x) * 4
                    (pixmap.pixels[i], pixmap.pixels[i + 1], pixmap.pixels[i + 2]) = mark.rgb
                }
            }
        }
        try PNGFile.write(pixmap, to: folder + "/shot.png")
        let deck = """
        { "pagereel": 1, "canvas": { "width": 1280, "height": 800, "fps": 30, "background": "#FFFFFF" },
          "device": \(device), "captions": { "size": 24 },
          "pages": [ { "image": "shot.png", "caption": "Held landscape" }, { "background": "#000000" } ] }
        """
        return try Project.load(data: Data(deck.utf8), file: "deck.json", directory: folder)
    }

    @Test(arguments: shots)
    func aLandscapeScreenshotIsShownWholeInTheDeviceHeldLandscape(_ shot: Shot) throws {
        let project = try self.project(shot)
        let device = try #require(project.deck.device)
        #expect(device.model.id == shot.model && device.isLandscape)
        #expect(project.warnings.isEmpty, "\(project.warningMessages)")
        let screen = project.deck.viewport
        #expect(abs(screen.width / screen.height / (Double(shot.width) / Double(shot.height)) - 1) < 0.005, "\(screen)")
        #expect(screen.width > screen.height)
        let image = try Still(instant: .frame(0)).render(project)
        for mark in Self.corners {
            let found = image.centroid(of: mark.rgb, tolerance: 30)
            let expected = (screen.x + mark.x * screen.width, screen.y + mark.y * screen.height)
            #expect(found.count > 20 && hypot(found.x - expected.0, found.y - expected.1) < 1,
                    "\(shot): mark \(mark.rgb) at (\(found.x), \(found.y)), expected \(expected)")
        }
        // The top and bottom edges of the screen show the screenshot (grey), not a cut-out: the
        // hardware is on the short sides.
        for x in stride(from: screen.x + 0.15 * screen.width, to: screen.x + 0.85 * screen.width, by: 7) {
            for y in [screen.y + 4, screen.y + screen.height - 0.2 * screen.height] {
                let p = image.pixel(x: Int(x), y: Int(y))
                #expect(abs(Int(p.r) - 128) < 8 && abs(Int(p.g) - 128) < 8, "\(shot): (\(x), \(y)) is \(p)")
            }
        }
        // A phone's cut-out is on the left, across the middle; a home button is on the right.
        let model = device.model
        let midY = Int(screen.y + screen.height / 2)
        let leftBand = (Int(screen.x)..<Int(screen.x + 0.08 * screen.width)).map { image.pixel(x: $0, y: midY) }
        let black = leftBand.filter { $0.r < 20 && $0.g < 20 && $0.b < 20 }.count
        if model.kind == .phone && model.homeIndicatorWidth != nil {
            #expect(black > 3, "\(shot): no cut-out on the left of the screen")
        } else {
            #expect(black == 0, "\(shot): something dark on the left of the screen")
        }
    }

    /// `"orientation": "portrait"` keeps the phone upright (the landscape screenshot is cropped, and
    /// `validate` says so); `landscape` turns it even for a deck without screenshots.
    @Test func anOrientationGivenIsKept() throws {
        let shot = Self.shots[0]
        let upright = try project(shot, device: #"{ "model": "auto", "orientation": "portrait" }"#)
        let device = try #require(upright.deck.device)
        #expect(!device.isLandscape && upright.deck.viewport.width < upright.deck.viewport.height)
        #expect(upright.warningMessages.contains { $0.contains("crop") }, "\(upright.warningMessages)")
        let deck = #"{ "pagereel": 1, "device": { "model": "pixel-8", "orientation": "landscape" }, "pages": [{}] }"#
        let turned = try Project.load(data: Data(deck.utf8), file: "deck.json", directory: try scratch.directory("turned"))
        #expect(turned.deck.device?.isLandscape == true && turned.deck.viewport.width > turned.deck.viewport.height)
    }
}
