import Foundation
import Testing
@testable import PageReelEncode
import PageReelRaster

/// The LZW size estimate checked by hand and against FFmpeg's encoder; the per-frame choice
/// checked by the sizes it leads to.
@Suite struct GIFDiffPlannerTests {
    @Test func lzwSizeOfARunIsHandComputed() {
        // 0 0 0 0 → CLEAR, 0, 258 ("00"), 0, END: five 9-bit codes + 1 pad bit = 46 bits = 6 bytes.
        let sizer = LZWSizer()
        sizer.start()
        for _ in 0..<4 { sizer.add(0) }
        #expect(sizer.finish() == 6)
        #expect(sizer.totalBits == 46)
    }

    /// Sizes from a few hundred codes to several table clears (every 3837 codes).
    @Test(arguments: [(97, 61), (200, 150), (333, 77)])
    func lzwSizeMatchesFFmpegsEncoder(w: Int, h: Int) throws {
        // The first GIF frame is stored whole with its own palette: its indices can be rebuilt
        // from the decoded colours, and the estimate must equal the bytes FFmpeg wrote.
        var frame = Pixmap(width: w, height: h)
        var state: UInt32 = 7
        for p in 0..<w * h {
            state = state &* 1_103_515_245 &+ 12345
            let level = UInt8((state >> 16) % 40 * 6)
            frame.pixels[p * 4] = level
            frame.pixels[p * 4 + 1] = 255 - level
            frame.pixels[p * 4 + 2] = UInt8((p / w) * 4 / h * 60)   // 4 values: 160 colours in all
            frame.pixels[p * 4 + 3] = 255
        }
        let path = try Tools.temporaryDirectory("lzw\(w)x\(h)") + "/one.gif"
        let writer = try GIFWriter(path: path, options: GIFOptions(width: w, height: h, fps: 10))
        try writer.write(frame, index: 0)
        try writer.finish()
        let image = try #require(try GIFStructure([UInt8](Data(contentsOf: URL(fileURLWithPath: path)))).images.first)
        var index: [UInt32: UInt8] = [:]
        for (i, colour) in image.localPalette.enumerated() where index[colour] == nil { index[colour] = UInt8(i) }
        let sizer = LZWSizer()
        sizer.start()
        for p in 0..<w * h {
            let colour = UInt32(frame.pixels[p * 4]) << 16 | UInt32(frame.pixels[p * 4 + 1]) << 8 | UInt32(frame.pixels[p * 4 + 2])
            sizer.add(try #require(index[colour]))
        }
        #expect(sizer.finish() == image.dataBytes)
    }

    /// Encodes `frames` with or without per-frame planning; returns (path, size).
    func encode(_ frames: [Pixmap], planned: Bool, name: String) throws -> (String, Int) {
        let path = try Tools.temporaryDirectory(name) + "/out.gif"
        let writer = try GIFWriter(path: path, options: GIFOptions(width: frames[0].width, height: frames[0].height, fps: 15))
        writer.plansTransparency = planned
        for (i, frame) in frames.enumerated() { try writer.write(frame, index: i) }
        try writer.finish()
        return (path, try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0)
    }

    /// A 16-colour pseudo-random texture scrolled one pixel per frame: most pixels change, the
    /// few that keep their colour are scattered.
    func scrollingTexture(width: Int, height: Int, count: Int) -> [Pixmap] {
        let period = width + count
        var texture = [UInt8](repeating: 0, count: period * height)
        var state: UInt32 = 99
        for i in texture.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            texture[i] = UInt8(state >> 28)
        }
        return (0..<count).map { k in
            var pixmap = Pixmap(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let v = texture[y * period + x + k] * 16
                    let i = (y * width + x) * 4
                    pixmap.pixels[i] = v
                    pixmap.pixels[i + 1] = 255 - v
                    pixmap.pixels[i + 2] = v / 2
                    pixmap.pixels[i + 3] = 255
                }
            }
            return pixmap
        }
    }

    @Test func scatteredUnchangedPixelsAreNotMadeTransparent() throws {
        let frames = scrollingTexture(width: 120, height: 60, count: 8)
        let (planned, plannedSize) = try encode(frames, planned: true, name: "scrollPlanned")
        let (_, alwaysSize) = try encode(frames, planned: false, name: "scrollAlways")
        #expect(plannedSize < alwaysSize, "planned \(plannedSize) B, always transparent \(alwaysSize) B")
        // Switching the encoder's flags between frames must not change what is displayed.
        let rgb = try Tools.decodeRGB(planned)
        let expected = frames.flatMap { frame in (0..<120 * 60).flatMap { frame.pixels[$0 * 4..<$0 * 4 + 3] } }
        #expect(rgb == expected)
    }

    @Test func longRunsOfUnchangedPixelsStayTransparent() throws {
        // Two boxes in opposite corners move; the detailed strip between them stays still and is
        // cheapest as transparency, so planning must keep FFmpeg's choice.
        let frames: [Pixmap] = (0..<6).map { k in
            var pixmap = scrollingTexture(width: 120, height: 60, count: 1)[0]
            TestFrames.fill(&pixmap, x: 2 * k, y: 0, width: 6, height: 6, TestFrames.yellow)
            TestFrames.fill(&pixmap, x: 110 - 2 * k, y: 54, width: 6, height: 6, TestFrames.red)
            return pixmap
        }
        let (_, plannedSize) = try encode(frames, planned: true, name: "boxesPlanned")
        let (_, alwaysSize) = try encode(frames, planned: false, name: "boxesAlways")
        #expect(plannedSize == alwaysSize)
    }
}
