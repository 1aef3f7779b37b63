import Foundation
import Testing
import PageReelTestSupport
@testable import PageReelEncode
import PageReelRaster

/// The per-frame transparency choice, checked by the file sizes it leads to and by the pixels.
@Suite struct GIFDiffPlannerTests {
    let scratch = ScratchDirectory()

    /// Encodes `frames` with or without per-frame planning; returns (path, size).
    func encode(_ frames: [Pixmap], planned: Bool, name: String) throws -> (String, Int) {
        let path = try scratch.directory(name) + "/out.gif"
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
        let rgb = try Probe.decodeRGB(planned)
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
