import Foundation
import Testing
import PageReelTestSupport
@testable import PageReelEncode
import PageReelMedia

/// Animated WebP: exactness at 100, quality below it, timing, looping, cropping and errors, checked
/// by decoding with Pillow (libwebp's demuxer behind it), by libwebp's `webpinfo` and by reading
/// the ANMF chunks.
@Suite struct WebPWriterTests {
    let scratch = ScratchDirectory()

    /// One ANMF chunk's header: where the frame goes, its size, duration and flags.
    struct AnimationFrame: Equatable {
        var x: Int, y: Int, width: Int, height: Int, duration: Int
        var blends: Bool
        var lossless: Bool
    }

    /// The ANIM loop count and the ANMF frames, read from the RIFF container (WebP container
    /// specification: 24-bit little-endian fields, offsets stored halved, sizes minus one).
    func chunks(_ path: String) throws -> (loop: Int, frames: [AnimationFrame]) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u24(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16 }
        func u32(_ i: Int) -> Int { u24(i) | Int(bytes[i + 3]) << 24 }
        #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF" && u32(4) == bytes.count - 8)
        var loop = -1
        var frames: [AnimationFrame] = []
        var i = 12
        while i + 8 <= bytes.count {
            let tag = String(decoding: bytes[i..<i + 4], as: UTF8.self), size = u32(i + 4)
            let body = i + 8
            if tag == "ANIM" { loop = Int(bytes[body + 4]) | Int(bytes[body + 5]) << 8 }
            if tag == "ANMF" {
                let inner = String(decoding: bytes[body + 16..<body + 20], as: UTF8.self)
                frames.append(AnimationFrame(x: 2 * u24(body), y: 2 * u24(body + 3), width: u24(body + 6) + 1,
                                             height: u24(body + 9) + 1, duration: u24(body + 12),
                                             blends: bytes[body + 15] & 2 == 0, lossless: inner == "VP8L"))
            }
            i = body + size + (size & 1)
        }
        return (loop, frames)
    }

    func encode(_ frames: [Pixmap], fps: Int = 30, quality: Int = WebPOptions.defaultQuality, loop: Int = 0,
                name: String = #function) throws -> String {
        let path = try scratch.directory(name) + "/out.webp"
        let writer = try WebPWriter(path: path, options: WebPOptions(width: frames[0].width, height: frames[0].height,
                                                                     fps: fps, loop: loop, quality: quality))
        for (i, frame) in frames.enumerated() { try writer.write(frame, index: i) }
        try writer.finish()
        #expect(writer.byteCount == (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int))
        return path
    }

    /// The frames that differ from the one before, with how many frames each run lasts.
    func runs(_ frames: [Pixmap]) -> [(frame: Pixmap, count: Int)] {
        var runs: [(frame: Pixmap, count: Int)] = []
        for frame in frames {
            if let last = runs.last, last.frame == frame { runs[runs.count - 1].count += 1 } else { runs.append((frame, 1)) }
        }
        return runs
    }

    @Test func atQuality100EveryFrameDecodesExactly() throws {
        let frames = TestFrames.swipe(width: 320, height: 240, moving: 12, still: 4, distance: 120)
            + (0..<8).map { TestFrames.frame(width: 320, height: 240, boxX: 20 + 6 * $0) }
        let path = try encode(frames, quality: 100)
        let distinct = runs(frames)
        let decoded = try AnimatedImage.decode(path)
        #expect(decoded.frames == distinct.count)
        #expect(decoded.rgba == distinct.flatMap(\.frame.pixels))
        let (_, anmf) = try chunks(path)
        #expect(anmf.allSatisfy { $0.lossless })
        let info = try Command.run("webpinfo", ["-quiet", path])
        #expect(info.status == 0, "webpinfo: \(info.text)")
    }

    @Test func theDefaultQualityIsCloseAndSmallerThanLossless() throws {
        let frames = TestFrames.swipe(width: 320, height: 240, moving: 24, still: 6, distance: 160)
        let lossy = try encode(frames, name: "lossy"), exact = try encode(frames, quality: 100, name: "exact")
        let size = { (path: String) in try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0 }
        #expect(try size(lossy) < size(exact))
        let decoded = try AnimatedImage.decode(lossy)
        let distinct = runs(frames)
        #expect(decoded.frames == distinct.count)
        for (k, run) in distinct.enumerated() {
            // The test page is pseudo-random marks, far busier than UI: 31–32 dB at the default.
            #expect(AnimatedImage.psnr(decoded.frame(k, width: 320, height: 240), run.frame.pixels) > 30, "frame \(k)")
        }
    }

    @Test func aHoldIsOneFrameAndDurationsAddUpInMilliseconds() throws {
        // 30 frames at 30 fps, the box moving every 5th: 6 frames of 1/6 s, in whole ms that add
        // up to exactly 1 s (167, 166, 167, …).
        let frames = (0..<30).map { TestFrames.frame(width: 160, height: 90, boxX: 8 * ($0 / 5)) }
        let path = try encode(frames)
        let (_, anmf) = try chunks(path)
        #expect(anmf.count == 6)
        #expect(anmf.map(\.duration) == [167, 166, 167, 167, 166, 167])
        let decoded = try AnimatedImage.decode(path)
        #expect(decoded.durations == anmf.map { Double($0.duration) })
        #expect(decoded.durations.reduce(0, +) == 1000)
    }

    @Test(arguments: [(-1, 1), (0, 0), (3, 4)])
    func loopsAsItIsTold(loop: Int, plays: Int) throws {
        let frames = (0..<3).map { TestFrames.frame(width: 32, height: 32, boxX: 4 * $0) }
        let path = try encode(frames, loop: loop, name: "loop\(loop)")
        #expect(try chunks(path).loop == plays)
        #expect(try AnimatedImage.decode(path).loop == plays)
    }

    @Test func onlyTheChangedRectangleIsEncoded() throws {
        // The 8 px box moves 6 px right: the frame is the union of both boxes, its corner even.
        let frames = [TestFrames.frame(width: 320, height: 240, boxX: 101), TestFrames.frame(width: 320, height: 240, boxX: 107)]
        let (_, anmf) = try chunks(try encode(frames))
        #expect(anmf.count == 2)
        #expect(anmf[0] == AnimationFrame(x: 0, y: 0, width: 320, height: 240, duration: 33, blends: false, lossless: anmf[0].lossless))
        let box = anmf[1]
        #expect(box.x == 100 && box.width == 15 && box.y == 176 && box.height == 8, "\(box)")
    }

    @Test func theSameFramesGiveTheSameBytes() throws {
        let frames = TestFrames.swipe(width: 200, height: 120, moving: 10, still: 2, distance: 80)
        let a = try Data(contentsOf: URL(fileURLWithPath: try encode(frames, name: "a")))
        let b = try Data(contentsOf: URL(fileURLWithPath: try encode(frames, name: "b")))
        #expect(a == b)
    }

    @Test func refusesWhatItCannotWrite() throws {
        let options = WebPOptions(width: 32, height: 32, fps: 30)
        #expect(throws: EncodeError.self) { try WebPWriter(path: "/nonexistent/dir/out.webp", options: options) }
        var big = options
        big.width = 20000
        #expect(throws: EncodeError.self) { try WebPWriter(path: try scratch.directory() + "/big.webp", options: big) }
        let writer = try WebPWriter(path: try scratch.directory("finished") + "/out.webp", options: options)
        try writer.write(TestFrames.frame(width: 32, height: 32, boxX: 0), index: 0)
        try writer.finish()
        #expect(throws: EncodeError.finished(path: writer.path)) {
            try writer.write(TestFrames.frame(width: 32, height: 32, boxX: 4), index: 1)
        }
    }
}
