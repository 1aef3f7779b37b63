import Foundation
import Testing
import PageReelTestSupport
@testable import PageReelEncode

/// What an MP4 records about its frames, read back by ffprobe and by the joiner, and the joiner's
/// own refusals at this level.
@Suite struct ShardMetadataTests {
    let scratch = ScratchDirectory()

    init() { FFmpegLog.setLevel(.error) }

    static let record = ShardMetadata(frames: 10...19, frameCount: 30, fingerprint: String(repeating: "ab", count: 32),
                                      settings: "64x48, 10 fps, h264, crf 18", version: "9.9.9")

    func encode(frames: ClosedRange<Int>, record: ShardMetadata?, to path: String) throws {
        var options = VideoOptions(width: 64, height: 48, fps: 10)
        options.shard = record
        let writer = try VideoWriter(path: path, options: options)
        for i in frames { try writer.write(TestFrames.frame(width: 64, height: 48, boxX: 2 * i), index: i) }
        try writer.finish()
    }

    @Test func recordIsInTheContainerAndReadsBack() throws {
        let path = try scratch.directory() + "/shard.mp4"
        try encode(frames: 10...19, record: Self.record, to: path)
        let tags = try #require(Probe(path).format["tags"] as? [String: Any])
        #expect(tags["pagereel.frames"] as? String == "10-19")
        #expect(tags["pagereel.frame_count"] as? String == "30")
        #expect(tags["pagereel.fingerprint"] as? String == Self.record.fingerprint)
        #expect(tags["pagereel.version"] as? String == "9.9.9")
        #expect(try MP4Concatenator.metadata(of: path) == Self.record)
        // Timestamps still start at 0: a shard plays on its own.
        #expect(try Probe.frameTimes(path).first == 0)
        let plain = try scratch.directory() + "/plain.mp4"
        try encode(frames: 0...4, record: nil, to: plain)
        #expect(try MP4Concatenator.metadata(of: plain) == nil)
    }

    /// A file never records frames it does not hold.
    @Test func writerRefusesOtherFramesThanRecorded() throws {
        let folder = try scratch.directory()
        #expect(throws: EncodeError.shardFrames(path: folder + "/a.mp4", recorded: 10...19, written: 9, first: 10, last: 18)) {
            try encode(frames: 10...18, record: Self.record, to: folder + "/a.mp4")
        }
        #expect(throws: EncodeError.shardFrames(path: folder + "/b.mp4", recorded: 10...19, written: 10, first: 11, last: 20)) {
            try encode(frames: 11...20, record: Self.record, to: folder + "/b.mp4")
        }
    }

    /// Parts that do not follow one another, or hold other frames than they say, make no video.
    @Test func concatenatorRefusesPartsOutOfOrder() throws {
        let folder = try scratch.directory()
        var first = Self.record, second = Self.record
        first.frames = 0...9
        second.frames = 10...19
        try encode(frames: 0...9, record: first, to: folder + "/a.mp4")
        try encode(frames: 10...19, record: second, to: folder + "/b.mp4")
        let a = MP4Concatenator.Part(path: folder + "/a.mp4", frames: 0...9)
        let b = MP4Concatenator.Part(path: folder + "/b.mp4", frames: 10...19)
        #expect(throws: EncodeError.self) { try MP4Concatenator.concat([b, a], into: folder + "/x.mp4") }
        let lying = MP4Concatenator.Part(path: folder + "/b.mp4", frames: 10...20)
        #expect(throws: EncodeError.badInput(path: folder + "/b.mp4", message: "holds 10 frames but records frames 10-20 (11)")) {
            try MP4Concatenator.concat([a, lying], into: folder + "/y.mp4")
        }
        #expect(try MP4Concatenator.concat([a, b], into: folder + "/z.mp4") == 20)
        #expect(try Probe.frameTimes(folder + "/z.mp4") == (0..<20).map { Double($0) / 10 })
    }
}
