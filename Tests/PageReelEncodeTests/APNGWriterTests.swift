import Foundation
import Glibc
import Testing
import PageReelTestSupport
import Synchronization
@testable import PageReelEncode
import PageReelMedia

/// APNG losslessness, timing, looping, cropping and errors, checked by decoding with Pillow and
/// FFmpeg and by reading the chunks (`APNGStructure`).
@Suite struct APNGWriterTests {
    let scratch = ScratchDirectory()

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

    func size(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
    }

    func structure(_ path: String) throws -> APNGStructure {
        try APNGStructure([UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
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
        let decoded = try AnimatedImage.decode(path)
        #expect(decoded.frames == distinct.count)
        #expect(decoded.rgba == distinct.flatMap { $0 })
        #expect(try ffmpeg(path) == distinct.flatMap { $0 })
    }

    @Test func oddWidthsDecodeExactly() throws {
        // Rectangles of odd widths (what the filters' vectorized loops leave over): a 45 px card
        // scrolling, then a 3 px box jumping 4 px (7 px rectangles), in a 61×47 frame.
        let pages = (0..<6).map { TestFrames.page(width: 61, height: 47, offset: 3 * $0) }
        let boxes = (0..<6).map { TestFrames.frame(width: 61, height: 47, boxX: 4 * $0 + 1, box: 3) }
        let frames = pages + boxes
        let path = try encode(frames, fps: 30)
        #expect(try structure(path).frames.map(\.width).contains(7))
        let distinct = runs(frames).map(\.frame.pixels).flatMap { $0 }
        #expect(try AnimatedImage.decode(path).rgba == distinct)
        #expect(try ffmpeg(path) == distinct)
    }

    @Test func largeFramesSpanSeveralChunks() throws {
        // Noise does not compress: 640×480 of it is 1.2 MB of image data a frame, written as
        // chunks of at most 1 MiB (IDAT for the first frame, fdAT with their own numbers after).
        var random = SplitMix64(seed: 7)
        let frames: [Pixmap] = (0..<2).map { _ in
            var pixmap = Pixmap(width: 640, height: 480)
            for p in 0..<640 * 480 {
                let word = random.next()
                pixmap.pixels[p * 4] = UInt8(truncatingIfNeeded: word)
                pixmap.pixels[p * 4 + 1] = UInt8(truncatingIfNeeded: word >> 8)
                pixmap.pixels[p * 4 + 2] = UInt8(truncatingIfNeeded: word >> 16)
                pixmap.pixels[p * 4 + 3] = 255
            }
            return pixmap
        }
        let path = try encode(frames, fps: 30)
        let apng = try structure(path)
        #expect(apng.types.filter { $0 == "IDAT" }.count == 2 && apng.types.filter { $0 == "fdAT" }.count == 2)
        #expect(apng.chunks.allSatisfy { $0.data.count <= APNGChunkWriter.maximumChunkData + 4 })
        #expect(apng.sequenceIsContiguous)
        #expect(try AnimatedImage.decode(path).rgba == frames.flatMap(\.pixels))
    }

    /// Frame k starts at round(1000·k/fps) ms, halves up, written out here.
    static func start(_ k: Int, fps: Int) -> Int { Int((1000 * Double(k) / Double(fps)).rounded(.toNearestOrAwayFromZero)) }

    @Test func aHoldIsOneFrameWithTheWholeDuration() throws {
        // 30 frames at 30 fps, the box moving every 5th: 6 frames, each from its start to the next.
        let path = try encode(movingBox(width: 160, height: 90, count: 30, every: 5), fps: 30)
        let apng = try structure(path)
        let expected = (0..<6).map { Self.start(5 * $0 + 5, fps: 30) - Self.start(5 * $0, fps: 30) }
        #expect(expected == [167, 166, 167, 167, 166, 167])
        #expect(apng.frames.map { "\($0.delayNumerator)/\($0.delayDenominator)" } == expected.map { "\($0)/1000" })
        let decoded = try AnimatedImage.decode(path)
        #expect(decoded.frames == 6)
        #expect(decoded.browserDurations == expected)
    }

    /// Runs of 1, 2, 3, 5, 7 and 1 frames: as a browser plays them (Pillow's delays, in whole ms
    /// as Chromium keeps them), each run ends at its exact time rounded to the millisecond, so
    /// the whole lasts the video's length.
    @Test(arguments: [30, 7, 24, 60, 120])
    func aBrowserPlaysTheVideosLength(fps: Int) throws {
        let lengths = [1, 2, 3, 5, 7, 1]
        let frames = lengths.enumerated().flatMap { k, n in
            Array(repeating: TestFrames.frame(width: 64, height: 32, boxX: 4 * k), count: n)
        }
        let path = try encode(frames, fps: fps, name: "fps\(fps)")
        let apng = try structure(path)
        #expect(apng.frames.count == lengths.count)
        #expect(apng.frames.allSatisfy { $0.delayDenominator == 1000 })
        let played = try AnimatedImage.decode(path).browserDurations
        var end = 0, elapsed = 0
        for (n, ms) in zip(lengths, played) {
            end += n
            elapsed += ms
            #expect(elapsed == Self.start(end, fps: fps), "after \(end) frames at \(fps) fps")
        }
        #expect(elapsed == Self.start(frames.count, fps: fps))
    }

    @Test func shardIndicesAndGapsKeepTheirTime() throws {
        // Indices from 200; the gap after 201 counts as frame 201 continuing.
        let frames = movingBox(width: 32, height: 32, count: 4)
        let apng = try structure(try encode(frames, fps: 10, indices: [200, 201, 203, 204]))
        #expect(apng.frames.map { "\($0.delayNumerator)/\($0.delayDenominator)" } == ["100/1000", "200/1000", "100/1000", "100/1000"])
    }

    @Test(arguments: [(0, 0), (-1, 1), (3, 4)])
    func loopIsStoredAsPlays(loop: Int, plays: Int) throws {
        let path = try encode(movingBox(width: 32, height: 32, count: 3), fps: 10, loop: loop, name: "loop\(loop)")
        #expect(try structure(path).plays == plays)
        #expect(try AnimatedImage.decode(path).loop == plays)
    }

    @Test func aSmallChangeIsASmallFrame() throws {
        // The 8×8 box moves 4 px a frame: each frame after the first covers its old and new place.
        let (w, h) = (320, 240)
        let apng = try structure(try encode(movingBox(width: w, height: h, count: 10), fps: 30))
        #expect(apng.frames.first == .init(sequence: 0, width: w, height: h, x: 0, y: 0, delayNumerator: 33,
                                           delayDenominator: 1000, dispose: 0, blend: 0))
        for (k, frame) in apng.frames.enumerated().dropFirst() {
            #expect((frame.x, frame.y, frame.width, frame.height) == (4 * (k - 1), h * 3 / 4 - 4, 12, 8))
        }
    }

    @Test func aHoldTooLongForOneDelayIsSplit() throws {
        // 65539 frames at 30 fps held after the first: 2184.634 s, more than one delay's 65.535 s,
        // so it continues in frames that draw nothing, and the whole lasts 65540 frames' time.
        let (a, b) = (TestFrames.frame(width: 16, height: 16, boxX: 0), TestFrames.frame(width: 16, height: 16, boxX: 8))
        let path = try scratch.directory() + "/long.apng"
        let writer = try APNGWriter(path: path, options: APNGOptions(width: 16, height: 16, fps: 30))
        try writer.write(a, index: 0)
        for i in 1...65539 { try writer.write(b, index: i) }
        try writer.finish()
        let apng = try structure(path)
        let hold = Self.start(65540, fps: 30) - Self.start(1, fps: 30)
        #expect(hold == 2_184_634)
        let parts = Array(repeating: 65535, count: hold / 65535) + [hold % 65535]
        #expect(apng.frames.map(\.delayNumerator) == [33] + parts)
        #expect(apng.frames.allSatisfy { $0.delayDenominator == 1000 })
        #expect(apng.frames.dropFirst(2).allSatisfy { ($0.width, $0.height, $0.blend) == (1, 1, 1) })
        let decoded = try AnimatedImage.decode(path)
        #expect(decoded.frames == 1 + parts.count)
        #expect(decoded.browserDurations.reduce(0, +) == Self.start(65540, fps: 30))
        #expect(decoded.rgba == a.pixels + Array(repeating: b.pixels, count: parts.count).flatMap { $0 })
    }

    /// Flat UI sliding: white cards with lines of dark words (anti-aliasing aside, what rendered
    /// screens look like), on a light page under a dark bar, moved `offset` px to the left.
    func flatPage(width: Int, height: Int, offset: Int) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        pixmap.fill(r: 242, g: 244, b: 247, a: 255)
        TestFrames.fill(&pixmap, x: 0, y: 0, width: width, height: 28, (22, 24, 30))
        for card in 0..<12 {
            let x = card * 150 - offset
            TestFrames.fill(&pixmap, x: x + 10, y: 40, width: 130, height: height - 52, TestFrames.white)
            for line in 0..<(height - 64) / 12 {
                var wordX = x + 18
                for word in 0..<4 {
                    let length = 8 + TestFrames.mix(card, line, word) % 20
                    TestFrames.fill(&pixmap, x: wordX, y: 50 + 12 * line, width: length, height: 5, (40, 44, 52))
                    wordX += length + 5
                }
            }
        }
        return pixmap
    }

    @Test(arguments: ["gradient", "flat"])
    func smallerThanFFmpegsAPNGMuxer(content: String) throws {
        // A swipe of `TestFrames.page` (gradients under text-like marks: adaptive filtering wins,
        // which ffmpeg's default, no prediction, lacks; measured 679 against 2960 KB), or of flat
        // cards (unfiltered rows win, and ffmpeg filters none either; 30 against 62 KB).
        let frames = content == "gradient" ? swipe()
            : (0..<30).map { flatPage(width: 320, height: 240, offset: min(24, $0) * 10) }
        let directory = try scratch.directory(content)
        let path = try encode(frames, fps: 30, name: content)
        let raw = directory + "/frames.raw", theirs = directory + "/ffmpeg.apng"
        try Data(frames.flatMap(\.pixels)).write(to: URL(fileURLWithPath: raw))
        _ = try Command.check("ffmpeg", ["-v", "error", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "320x240",
                                         "-framerate", "30", "-i", raw, "-plays", "0", "-f", "apng", theirs])
        let (ours, ffmpegs) = (try size(path), try size(theirs))
        #expect(ours > 0 && ours < ffmpegs, "APNGWriter \(ours) B, ffmpeg \(ffmpegs) B")
        #expect(try AnimatedImage.decode(path).rgba == runs(frames).flatMap(\.frame.pixels))
    }

    @Test func finishReportsTheFileAndDrainsTheBacklog() throws {
        let path = try scratch.directory() + "/out.apng"
        let writer = try APNGWriter(path: path, options: APNGOptions(width: 160, height: 90, fps: 30))
        for (i, frame) in movingBox(width: 160, height: 90, count: 20).enumerated() { try writer.write(frame, index: i) }
        var reported: [Int] = []
        try writer.finish { reported.append($0) }
        #expect(reported.last == 0 && reported.dropLast().allSatisfy { $0 > 0 })
        #expect(writer.backlog == 0)
        #expect(writer.byteCount == (try size(path)))
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

    /// A stop request that can be switched on from the test.
    final class StopSwitch: Sendable {
        let isOn = Atomic(false)
    }

    @Test func aStopRequestEndsTheWriter() throws {
        let path = try scratch.directory() + "/out.apng"
        #expect(throws: EncodeError.stopped(path: path)) {
            let writer = try APNGWriter(path: path, options: APNGOptions(width: 32, height: 32, fps: 10), shouldStop: { true })
            try writer.write(TestFrames.frame(width: 32, height: 32, boxX: 0), index: 0)
        }
        // Asked while frames are in flight, at the latest by `finish`.
        let stop = StopSwitch()
        let writer = try APNGWriter(path: path, options: APNGOptions(width: 160, height: 90, fps: 30),
                                    shouldStop: { stop.isOn.load(ordering: .relaxed) })
        for (i, frame) in movingBox(width: 160, height: 90, count: 6).enumerated() { try writer.write(frame, index: i) }
        stop.isOn.store(true, ordering: .relaxed)
        #expect(throws: EncodeError.stopped(path: path)) { try writer.finish() }
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
