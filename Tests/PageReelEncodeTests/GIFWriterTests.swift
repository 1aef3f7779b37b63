import Foundation
import Testing
import PageReelTestSupport
@testable import PageReelEncode
import PageReelRaster

/// GIF output checked by parsing its blocks (`GIFStructure`) and decoding it with ffmpeg.
@Suite struct GIFWriterTests {
    let scratch = ScratchDirectory()

    /// round(100·k/fps), computed in floating point.
    func exactStart(_ k: Int, fps: Int) -> Int { Int((100.0 * Double(k) / Double(fps)).rounded()) }

    /// The moving-box frames: the 8 px box moves 4 px a frame (every `every` frames), wrapping
    /// around before it leaves the frame.
    func movingBox(width: Int, height: Int, count: Int, every: Int = 1) -> [Pixmap] {
        (0..<count).map { TestFrames.frame(width: width, height: height, boxX: 4 * ($0 / every) % (width - 8)) }
    }

    func encode(_ frames: [Pixmap], fps: Int, loop: Int = 0, first: Int = 0, name: String = #function) throws -> String {
        let path = try scratch.directory(name) + "/out.gif"
        let writer = try GIFWriter(path: path, options: GIFOptions(width: frames[0].width, height: frames[0].height,
                                                                   fps: fps, loop: loop))
        for (i, frame) in frames.enumerated() { try writer.write(frame, index: first + i) }
        try writer.finish()
        return path
    }

    func structure(_ path: String) throws -> GIFStructure {
        try GIFStructure([UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test func thirtyFPSDelaysAddUpExactly() throws {
        let path = try encode(movingBox(width: 160, height: 90, count: 45), fps: 30)
        let gif = try structure(path)
        #expect(gif.images.count == 45)
        #expect(gif.totalDelay == 150)
        #expect(gif.images.enumerated().allSatisfy { k, image in
            image.delay == exactStart(k + 1, fps: 30) - exactStart(k, fps: 30)
        })
        let (stream, format) = try Probe(path).streamAndFormat
        #expect(stream["nb_read_frames"] as? String == "45")
        #expect(Double(format["duration"] as? String ?? "") == 1.5)
    }

    @Test func sixtyFPSMergesFramesShorterThanTwoCentiseconds() throws {
        let path = try encode(movingBox(width: 160, height: 90, count: 60), fps: 60)
        let gif = try structure(path)
        // Every third frame would last 1 cs: 60 frames become 40, still 1 s in total.
        #expect(gif.images.count == 40)
        #expect(gif.totalDelay == 100)
        #expect(gif.images.allSatisfy { $0.delay >= 2 })
        let (_, format) = try Probe(path).streamAndFormat
        #expect(Double(format["duration"] as? String ?? "") == 1.0)
    }

    @Test func identicalFramesAreMergedAndKeepTheirTime() throws {
        // 30 frames at 30 fps, the box moving every 5th frame: 6 distinct images.
        let path = try encode(movingBox(width: 160, height: 90, count: 30, every: 5), fps: 30)
        let gif = try structure(path)
        #expect(gif.images.map(\.delay) == (0..<6).map { exactStart(5 * $0 + 5, fps: 30) - exactStart(5 * $0, fps: 30) })
        #expect(gif.totalDelay == 100)
        let (_, format) = try Probe(path).streamAndFormat
        #expect(Double(format["duration"] as? String ?? "") == 1.0)
    }

    @Test(arguments: [(0, 0), (-1, nil), (3, 3)] as [(Int, Int?)])
    func loopCountIsWritten(loop: Int, stored: Int?) throws {
        let path = try encode(movingBox(width: 32, height: 32, count: 3), fps: 10, loop: loop,
                              name: "loop\(loop)")
        #expect(try structure(path).loopCount == stored)
    }

    @Test func decodedFramesEqualTheSource() throws {
        // Six colours fit any palette exactly, so every decoded pixel, after the decoder has
        // composited the cropped, partly transparent frames, must equal the source.
        let (w, h) = (160, 90)
        let frames = movingBox(width: w, height: h, count: 20)
        let rgb = try Probe.decodeRGB(try encode(frames, fps: 30))
        #expect(rgb.count == frames.count * w * h * 3)
        var mismatches = 0
        for (k, frame) in frames.enumerated() {
            for p in 0..<w * h where rgb.count == frames.count * w * h * 3 {
                for c in 0..<3 where rgb[(k * w * h + p) * 3 + c] != frame.pixels[p * 4 + c] { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func upTo255ColoursAreReproducedExactly() throws {
        // 200 distinct colours fit the palette exactly; a palette between 128 and 254 colours
        // is also the case where every worker's copy of it must not gain colours of its own.
        let (w, h) = (40, 20)
        let frames: [Pixmap] = (0..<3).map { k in
            var pixmap = Pixmap(width: w, height: h)
            for p in 0..<w * h {
                let c = (p + 7 * k) % 200
                pixmap.pixels[p * 4] = UInt8(c)
                pixmap.pixels[p * 4 + 1] = UInt8(255 - c)
                pixmap.pixels[p * 4 + 2] = UInt8((c * 37) % 256)
                pixmap.pixels[p * 4 + 3] = 255
            }
            return pixmap
        }
        let rgb = try Probe.decodeRGB(try encode(frames, fps: 10))
        try #require(rgb.count == frames.count * w * h * 3)
        let expected = frames.flatMap { frame in (0..<w * h).flatMap { frame.pixels[$0 * 4..<$0 * 4 + 3] } }
        #expect(rgb == expected)
    }

    @Test func onlyTheChangedRectangleIsStored() throws {
        let (w, h) = (160, 90)
        let gif = try structure(try encode(movingBox(width: w, height: h, count: 10), fps: 30))
        let first = try #require(gif.images.first)
        #expect((first.x, first.y, first.width, first.height) == (0, 0, w, h))
        // Later frames share the global palette (no local table) and cover only the 12×8 px the
        // 8 px box swept when it moved 4 px, at the box's row.
        for (k, image) in gif.images.enumerated().dropFirst() {
            #expect(!image.hasLocalPalette)
            #expect(image.width <= 12 && image.height <= 8, "frame \(k): \(image.width)x\(image.height)")
            #expect(image.x == 4 * (k - 1) && image.y == h * 3 / 4 - 4, "frame \(k) at \(image.x),\(image.y)")
        }
    }

    /// PSNR of decoded RGB24 frames against the source pixmaps.
    func psnr(_ rgb: [UInt8], _ frames: [Pixmap]) -> Double {
        let pixels = frames[0].width * frames[0].height
        guard rgb.count == frames.count * pixels * 3 else { return 0 }
        var squaredError = 0.0
        for (k, frame) in frames.enumerated() {
            for p in 0..<pixels {
                for c in 0..<3 {
                    let d = Double(rgb[(k * pixels + p) * 3 + c]) - Double(frame.pixels[p * 4 + c])
                    squaredError += d * d
                }
            }
        }
        return 10 * log10(255 * 255 / (squaredError / Double(frames.count * pixels * 3)))
    }

    @Test func manyColoursBeatFFmpegsTwoPassPalette() throws {
        // A two-axis gradient with 32,768 colours. The reference is ffmpeg's palettegen +
        // paletteuse on the same frames, both without dithering (dithering lowers PSNR) and with
        // its default sierra2_4a dithering.
        let (w, h) = (128, 64)
        let frames: [Pixmap] = (0..<4).map { k in
            var pixmap = Pixmap(width: w, height: h)
            for y in 0..<h {
                for x in 0..<w {
                    let i = (y * w + x) * 4
                    pixmap.pixels[i] = UInt8(x * 2)
                    pixmap.pixels[i + 1] = UInt8(y * 4)
                    pixmap.pixels[i + 2] = UInt8((x + y + 16 * k) % 256)
                    pixmap.pixels[i + 3] = 255
                }
            }
            return pixmap
        }
        let ours = try encode(frames, fps: 10)
        let dir = (ours as NSString).deletingLastPathComponent
        try Data(frames.flatMap(\.pixels)).write(to: URL(fileURLWithPath: dir + "/frames.raw"))
        func ffmpegGIF(dither: String) throws -> String {
            let out = dir + "/ffmpeg-\(dither).gif"
            _ = try Command.check("ffmpeg", ["-v", "error", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(w)x\(h)",
                                         "-r", "10", "-i", dir + "/frames.raw", "-lavfi",
                                         "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=\(dither)",
                                         out])
            return out
        }
        func size(_ path: String) throws -> Int {
            try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        }
        let plain = try ffmpegGIF(dither: "none"), dithered = try ffmpegGIF(dither: "sierra2_4a")
        let ourPSNR = psnr(try Probe.decodeRGB(ours), frames)
        let plainPSNR = psnr(try Probe.decodeRGB(plain), frames)
        #expect(ourPSNR > plainPSNR, "ours \(ourPSNR) dB, ffmpeg \(plainPSNR) dB")
        #expect(ourPSNR > psnr(try Probe.decodeRGB(dithered), frames))
        #expect(try size(ours) < size(dithered))
    }

    @Test func shardsStartAtTimeZero() throws {
        let path = try encode(movingBox(width: 32, height: 32, count: 30), fps: 30, first: 200)
        let gif = try structure(path)
        #expect(gif.totalDelay == exactStart(230, fps: 30) - exactStart(200, fps: 30))
    }

    @Test func badOptionsAndFramesAreErrors() throws {
        let path = try scratch.directory() + "/out.gif"
        #expect(throws: EncodeError.self) { _ = try GIFWriter(path: path, options: GIFOptions(width: 8, height: 8, fps: 0)) }
        #expect(throws: EncodeError.self) { _ = try GIFWriter(path: path, options: GIFOptions(width: 8, height: 8, fps: 10, loop: -2)) }
        let writer = try GIFWriter(path: path, options: GIFOptions(width: 8, height: 8, fps: 10))
        #expect(throws: EncodeError.frameSize(path: path, index: 3, width: 9, height: 8, expectedWidth: 8, expectedHeight: 8)) {
            try writer.write(Pixmap(width: 9, height: 8), index: 3)
        }
        #expect(throws: EncodeError.noFrames(path: path)) { try writer.finish() }
        #expect(throws: EncodeError.finished(path: path)) { try writer.write(Pixmap(width: 8, height: 8), index: 0) }
    }

    @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full")))
    func fullDiskIsReportedAsDiskFull() throws {
        let path = try scratch.directory() + "/full.gif"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/full")
        #expect(throws: EncodeError.diskFull(path: path)) {
            let writer = try GIFWriter(path: path, options: GIFOptions(width: 160, height: 90, fps: 30))
            for (i, frame) in movingBox(width: 160, height: 90, count: 10).enumerated() { try writer.write(frame, index: i) }
            try writer.finish()
        }
    }
}
