import Foundation
import Glibc
import Testing
import PageReelTestSupport
@testable import PageReelEncode
import PageReelMedia

/// APNG losslessness, timing, looping, cropping and errors, checked by decoding with Pillow and
/// FFmpeg and by reading the chunks (`APNGStructure`).
@Suite struct APNGWriterTests {
    let scratch = ScratchDirectory()

    /// What Pillow sees: the frames composited as a viewer shows them (RGBA), each frame's
    /// duration in ms and the loop count.
    struct Decoded {
        var frames: Int
        var durations: [Double]
        var loop: Int?
        var rgba: [UInt8]
    }

    /// The moving-box frames: the 8 px box moves 4 px a frame (every `every` frames).
    func movingBox(width: Int, height: Int, count: Int, every: Int = 1) -> [Pixmap] {
        (0..<count).map { TestFrames.frame(width: width, height: height, boxX: 4 * ($0 / every) % (width - 8)) }
    }

    /// A realistic swipe: `TestFrames.page`'s card of text-like marks over gradients, eased 160 px
    /// to the left over 24 frames, then 6 frames at rest.
    func swipe() -> [Pixmap] { TestFrames.swipe(width: 320, height: 240, moving: 24, still: 6, distance: 160) }

    /// Writes `frames` at indices `indices` (0, 1, 2, … by default) and returns the file's path.
    func encode(_ frames: [Pixmap], fps: Int, loop: Int = 0, indices: [Int]? = nil, name: String = #function) throws -> String {
        let path = try scratch.directory(name) + "/out.apng"
        let writer = try APNGWriter(path: path, options: APNGOptions(width: frames[0].width, height: frames[0].height,
                                                                       fps: fps, loop: loop))
        for (i, frame) in frames.enumerated() { try writer.write(frame, index: indices?[i] ?? i) }
        try writer.finish()
        return path
    }

    func structure(_ path: String) throws -> APNGStructure {
        try APNGStructure([UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// The file decoded by Pillow (`/usr/bin/python3`, Debian's python3-pil).
    func pillow(_ path: String) throws -> Decoded {
        let raw = path + ".rgba"
        let script = """
            import json, sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            durations = []
            with open(sys.argv[2], 'wb') as out:
                for k in range(im.n_frames):
                    im.seek(k)
                    durations.append(im.info['duration'])
                    out.write(im.convert('RGBA').tobytes())
            print(json.dumps({'frames': im.n_frames, 'durations': durations, 'loop': im.info.get('loop')}))
            """
        let output = try Command.run("/usr/bin/python3", ["-c", script, path, raw])
        guard output.status == 0 else { throw Command.Failure(description: "Pillow: \(output.stderr)") }
        let json = try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any] ?? [:]
        return Decoded(frames: json["frames"] as? Int ?? 0, durations: (json["durations"] as? [Any] ?? []).compactMap { $0 as? Double },
                       loop: json["loop"] as? Int, rgba: [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw))))
    }

    /// Every frame FFmpeg decodes, as RGBA, one per APNG frame.
    func ffmpeg(_ path: String) throws -> [UInt8] {
        [UInt8](try Command.check("ffmpeg", ["-v", "error", "-i", path, "-fps_mode", "passthrough",
                                             "-f", "rawvideo", "-pix_fmt", "rgba", "-"]))
    }

    /// The frames that differ from the one before, with how many frames each run lasts.
    func runs(_ frames: [Pixmap]) -> [(frame: Pixmap, count: Int)] {
        var runs: [(frame: Pixmap, count: Int)] = []
        for frame in frames {
            if let last = runs.last, last.frame == frame { runs[runs.count - 1].count += 1 } else { runs.append((frame, 1)) }
        }
        return runs
    }

    @Test func everyFrameDecodesExactly() throws {
        // A swipe (everything moves: blend source), then two spots in opposite corners of the
        // detailed page (a rectangle of the whole frame that barely changes: blend over), then a
        // moving box.
        let swiped = swipe()
        var corners = swiped[swiped.count - 1]
        TestFrames.fill(&corners, x: 0, y: 0, width: 3, height: 3, TestFrames.red)
        TestFrames.fill(&corners, x: 317, y: 237, width: 3, height: 3, TestFrames.green)
        let frames = swiped + [corners] + movingBox(width: 320, height: 240, count: 12)
        let path = try encode(frames, fps: 30)
        let distinct = runs(frames).map(\.frame.pixels)
        let apng = try structure(path)
        #expect(apng.frames.count == distinct.count && apng.frameCount == distinct.count)
        #expect(apng.frames.contains { $0.blend == 1 } && apng.frames.contains { $0.blend == 0 })
        #expect(apng.sequenceIsContiguous)
        #expect(apng.types.prefix(3) == ["IHDR", "acTL", "fcTL"] && apng.types.contains("IDAT"))
        let decoded = try pillow(path)
        #expect(decoded.frames == distinct.count)
        #expect(decoded.rgba == distinct.flatMap { $0 })
        #expect(try ffmpeg(path) == distinct.flatMap { $0 })
    }

    @Test func aHoldIsOneFrameWithTheWholeDuration() throws {
        // 30 frames at 30 fps, the box moving every 5th: 6 frames of 1/6 s each.
        let path = try encode(movingBox(width: 160, height: 90, count: 30, every: 5), fps: 30)
        let apng = try structure(path)
        #expect(apng.frames.map { "\($0.delayNumerator)/\($0.delayDenominator)" } == Array(repeating: "1/6", count: 6))
        let decoded = try pillow(path)
        #expect(decoded.frames == 6)
        #expect(decoded.durations.allSatisfy { abs($0 - 1000.0 / 6) < 1e-9 })
    }

    @Test(arguments: [30, 7])
    func delaysAreExactFractions(fps: Int) throws {
        // Runs of 1, 2, 3, 5, 7 and 1 frames, each its own fraction of a second, reduced.
        let lengths = [1, 2, 3, 5, 7, 1]
        let frames = lengths.enumerated().flatMap { k, n in
            Array(repeating: TestFrames.frame(width: 64, height: 32, boxX: 4 * k), count: n)
        }
        let path = try encode(frames, fps: fps, name: "fps\(fps)")
        let apng = try structure(path)
        #expect(apng.frames.count == lengths.count)
        for (frame, n) in zip(apng.frames, lengths) {
            // n/fps, with numerator and denominator coprime.
            #expect(frame.delayNumerator * fps == n * frame.delayDenominator)
            #expect(gcd(frame.delayNumerator, frame.delayDenominator) == 1)
        }
        #expect(apng.totalDelay(inFramesAt: fps) == frames.count)
        let decoded = try pillow(path)
        #expect(zip(decoded.durations, lengths).allSatisfy { abs($0 - 1000 * Double($1) / Double(fps)) < 1e-9 })
    }

    func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    @Test func shardIndicesAndGapsKeepTheirTime() throws {
        // Indices from 200; the gap after 201 counts as frame 201 continuing.
        let frames = movingBox(width: 32, height: 32, count: 4)
        let apng = try structure(try encode(frames, fps: 10, indices: [200, 201, 203, 204]))
        #expect(apng.frames.map { "\($0.delayNumerator)/\($0.delayDenominator)" } == ["1/10", "1/5", "1/10", "1/10"])
    }

    @Test(arguments: [(0, 0), (-1, 1), (3, 4)])
    func loopIsStoredAsPlays(loop: Int, plays: Int) throws {
        let path = try encode(movingBox(width: 32, height: 32, count: 3), fps: 10, loop: loop, name: "loop\(loop)")
        #expect(try structure(path).plays == plays)
        #expect(try pillow(path).loop == plays)
    }

    @Test func aSmallChangeIsASmallFrame() throws {
        // The 8×8 box moves 4 px a frame: each frame after the first covers its old and new place.
        let (w, h) = (320, 240)
        let apng = try structure(try encode(movingBox(width: w, height: h, count: 10), fps: 30))
        #expect(apng.frames.first == .init(sequence: 0, width: w, height: h, x: 0, y: 0, delayNumerator: 1,
                                           delayDenominator: 30, dispose: 0, blend: 0))
        for (k, frame) in apng.frames.enumerated().dropFirst() {
            #expect((frame.x, frame.y, frame.width, frame.height) == (4 * (k - 1), h * 3 / 4 - 4, 12, 8))
        }
    }

    @Test func aHoldTooLongForOneDelayIsSplitExactly() throws {
        // 65539 frames at 30 fps: 65539/30 is irreducible and does not fit 16 bits, so the hold
        // is 65535 frames and then 4 more, in a frame that draws nothing.
        let (a, b) = (TestFrames.frame(width: 16, height: 16, boxX: 0), TestFrames.frame(width: 16, height: 16, boxX: 8))
        let path = try scratch.directory() + "/long.apng"
        let writer = try APNGWriter(path: path, options: APNGOptions(width: 16, height: 16, fps: 30))
        try writer.write(a, index: 0)
        for i in 1...65539 { try writer.write(b, index: i) }
        try writer.finish()
        let apng = try structure(path)
        #expect(apng.frames.map { "\($0.delayNumerator)/\($0.delayDenominator)" } == ["1/30", "4369/2", "2/15"])
        #expect(apng.frames.last.map { ($0.width, $0.height, $0.blend) } ?? (0, 0, 0) == (1, 1, 1))
        #expect(apng.totalDelay(inFramesAt: 30) == 65540)
        let decoded = try pillow(path)
        #expect(decoded.frames == 3)
        let milliseconds: Double = decoded.durations.reduce(0, +)
        #expect(abs(milliseconds - 65540 * 1000 / 30) < 1e-6)
        #expect(decoded.rgba == a.pixels + b.pixels + b.pixels)
    }

    @Test func smallerThanFFmpegsAPNGMuxer() throws {
        let frames = swipe()
        let directory = try scratch.directory()
        let path = try encode(frames, fps: 30)
        let raw = directory + "/frames.raw", theirs = directory + "/ffmpeg.apng"
        try Data(frames.flatMap(\.pixels)).write(to: URL(fileURLWithPath: raw))
        _ = try Command.check("ffmpeg", ["-v", "error", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "320x240",
                                         "-framerate", "30", "-i", raw, "-plays", "0", "-f", "apng", theirs])
        let (ours, ffmpegs) = (try TestGIF.size(path), try TestGIF.size(theirs))
        #expect(ours > 0 && ours < ffmpegs, "APNGWriter \(ours) B, ffmpeg \(ffmpegs) B")
    }

    @Test func finishReportsTheFileAndDrainsTheBacklog() throws {
        let path = try scratch.directory() + "/out.apng"
        let writer = try APNGWriter(path: path, options: APNGOptions(width: 160, height: 90, fps: 30))
        for (i, frame) in movingBox(width: 160, height: 90, count: 20).enumerated() { try writer.write(frame, index: i) }
        var reported: [Int] = []
        try writer.finish { reported.append($0) }
        #expect(reported.last == 0 && reported.dropLast().allSatisfy { $0 > 0 })
        #expect(writer.backlog == 0)
        #expect(writer.byteCount == (try TestGIF.size(path)))
    }

    @Test func anUnwritablePathFailsAtInit() throws {
        let path = try scratch.directory() + "/missing/out.apng"
        #expect(throws: EncodeError.cannotCreate(path: path, call: "open", message: String(cString: strerror(ENOENT)))) {
            _ = try APNGWriter(path: path, options: APNGOptions(width: 8, height: 8, fps: 10))
        }
    }

    @Test func badOptionsAndMisuseAreErrors() throws {
        let path = try scratch.directory() + "/out.apng"
        for options in [APNGOptions(width: 0, height: 8, fps: 10), APNGOptions(width: 8, height: 8, fps: 0),
                        APNGOptions(width: 8, height: 8, fps: 1001), APNGOptions(width: 8, height: 8, fps: 10, loop: -2)] {
            #expect(throws: EncodeError.self) { _ = try APNGWriter(path: path, options: options) }
        }
        let writer = try APNGWriter(path: path, options: APNGOptions(width: 8, height: 8, fps: 10))
        #expect(throws: EncodeError.frameSize(path: path, index: 3, width: 9, height: 8, expectedWidth: 8, expectedHeight: 8)) {
            try writer.write(Pixmap(width: 9, height: 8), index: 3)
        }
        try writer.write(Pixmap(width: 8, height: 8), index: 3)
        #expect(throws: EncodeError.frameOrder(path: path, index: 3, previous: 3)) {
            try writer.write(Pixmap(width: 8, height: 8), index: 3)
        }
        try writer.finish()
        #expect(throws: EncodeError.finished(path: path)) { try writer.write(Pixmap(width: 8, height: 8), index: 4) }
        #expect(throws: EncodeError.finished(path: path)) { try writer.finish() }
        let empty = try APNGWriter(path: path, options: APNGOptions(width: 8, height: 8, fps: 10))
        #expect(throws: EncodeError.noFrames(path: path)) { try empty.finish() }
    }

    @Test func aStopRequestEndsTheWriter() throws {
        let path = try scratch.directory() + "/out.apng"
        #expect(throws: EncodeError.stopped(path: path)) {
            let writer = try APNGWriter(path: path, options: APNGOptions(width: 32, height: 32, fps: 10), shouldStop: { true })
            for (i, frame) in movingBox(width: 32, height: 32, count: 5).enumerated() { try writer.write(frame, index: i) }
            try writer.finish()
        }
    }

    @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full")))
    func fullDiskIsReportedAsDiskFull() throws {
        let path = try scratch.directory() + "/full.apng"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/full")
        #expect(throws: EncodeError.diskFull(path: path)) {
            let writer = try APNGWriter(path: path, options: APNGOptions(width: 160, height: 90, fps: 30))
            for (i, frame) in movingBox(width: 160, height: 90, count: 10).enumerated() { try writer.write(frame, index: i) }
            try writer.finish()
        }
    }
}
