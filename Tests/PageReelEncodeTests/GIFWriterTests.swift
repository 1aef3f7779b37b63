import Foundation
import Testing
import PageReelTestSupport
@testable import PageReelEncode
import PageReelMedia

/// GIF timing, looping, merging and errors, checked by parsing the blocks (`GIFStructure`) and
/// decoding with ffmpeg.
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
        try TestGIF.encode(frames, options: GIFOptions(width: frames[0].width, height: frames[0].height, fps: fps, loop: loop),
                           first: first, in: scratch.directory(name))
    }

    func structure(_ path: String) throws -> GIFStructure { try TestGIF.structure(path) }

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
        // 200 distinct colours, far enough apart that compression may not swap one for another,
        // fit a frame's palette exactly; each frame shifts them, so every pixel changes.
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

    @Test func shardsStartAtTimeZero() throws {
        let path = try encode(movingBox(width: 32, height: 32, count: 30), fps: 30, first: 200)
        let gif = try structure(path)
        #expect(gif.totalDelay == exactStart(230, fps: 30) - exactStart(200, fps: 30))
    }

    @Test func badOptionsAndFramesAreErrors() throws {
        let path = try scratch.directory() + "/out.gif"
        #expect(throws: EncodeError.self) { _ = try GIFWriter(path: path, options: GIFOptions(width: 8, height: 8, fps: 0)) }
        #expect(throws: EncodeError.self) { _ = try GIFWriter(path: path, options: GIFOptions(width: 8, height: 8, fps: 10, loop: -2)) }
        #expect(throws: EncodeError.self) {
            _ = try GIFWriter(path: path, options: GIFOptions(width: 8, height: 8, fps: 10, quality: 101))
        }
        #expect(throws: EncodeError.self) {
            _ = try GIFWriter(path: path, options: GIFOptions(width: 8, height: 8, fps: 10, quality: 0))
        }
        #expect(throws: EncodeError.self) {
            _ = try GIFWriter(path: path, options: GIFOptions(width: 8, height: 8, fps: 10, dithering: 1.5))
        }
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
