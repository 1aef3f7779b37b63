import Testing
@testable import PageReel
import PageReelEncode

/// Which sets of shards make one video, judged from their records alone.
@Suite struct ShardSetTests {
    static let fingerprint = String(repeating: "0f", count: 32)
    static let settings = "320x180, 30 fps, h264, crf 18, preset medium, tune animation, transition cards"

    func shard(_ path: String, _ frames: ClosedRange<Int>, of count: Int = 900, fingerprint: String = fingerprint,
               settings: String = settings, version: String = "0.1.0") -> ShardSet.Input {
        ShardSet.Input(path: path, record: .metadata(ShardMetadata(frames: frames, frameCount: count, fingerprint: fingerprint,
                                                                   settings: settings, version: version)))
    }

    func issues(_ inputs: [ShardSet.Input]) -> [ShardError.Issue] {
        do {
            _ = try ShardSet(inputs)
            return []
        } catch {
            return error.issues
        }
    }

    /// A shell glob sorts part-1200 before part-300: the records decide the order.
    @Test func anyArgumentOrderGivesFrameOrder() throws {
        let set = try ShardSet([shard("part-600.mp4", 600...899), shard("part-0.mp4", 0...299), shard("part-300.mp4", 300...599)])
        #expect(set.shards.map(\.path) == ["part-0.mp4", "part-300.mp4", "part-600.mp4"])
        #expect(set.metadata.frames == 0...899 && set.metadata.frameCount == 900)
        #expect(set.metadata.fingerprint == Self.fingerprint)
        // A joined video, or a full export, is a set of one.
        #expect(try ShardSet([shard("all.mp4", 0...899)]).shards.count == 1)
    }

    @Test func gapsAtTheStartInsideAndAtTheEndAreNamed() {
        #expect(issues([shard("a.mp4", 0...299), shard("c.mp4", 600...899)]) == [.missing(300...599)])
        #expect(issues([shard("b.mp4", 300...599)]) == [.missing(0...299), .missing(600...899)])
        #expect(issues([shard("a.mp4", 0...298), shard("b.mp4", 300...899)]) == [.missing(299...299)])
        #expect(ShardError.Issue.missing(300...599).description == "concat: frames 300-599 are missing")
        #expect(ShardError.Issue.missing(299...299).description == "concat: frame 299 is missing")
    }

    @Test func overlapsNameTheFramesAndBothFiles() {
        let a = ShardError.Shard(path: "a.mp4", frames: 0...349), b = ShardError.Shard(path: "b.mp4", frames: 300...899)
        #expect(issues([shard("b.mp4", 300...899), shard("a.mp4", 0...349)]) == [.overlap(300...349, a, b)])
        #expect(ShardError.Issue.overlap(300...349, a, b).description
            == "concat: frames 300-349 are in both a.mp4 (0-349) and b.mp4 (300-899)")
        // A joined video with one of its own shards; the same file twice.
        let all = ShardError.Shard(path: "all.mp4", frames: 0...899)
        #expect(issues([shard("all.mp4", 0...899), shard("a.mp4", 0...299)])
            == [.overlap(0...299, ShardError.Shard(path: "a.mp4", frames: 0...299), all)])
        #expect(issues([shard("a.mp4", 0...899), shard("./a.mp4", 0...899)]) == [.repeated(path: "./a.mp4")])
    }

    /// The most common record names the video; the others are named with what differs.
    @Test func shardsOfAnotherVideoAreNamed() {
        let other = String(repeating: "1e", count: 32)
        #expect(issues([shard("a.mp4", 0...299), shard("b.mp4", 300...599, fingerprint: other), shard("c.mp4", 600...899)])
            == [.foreign(path: "b.mp4", reference: "a.mp4", difference: "another deck, or other images or fonts"),
                .missing(300...599)])
        // One each: the file holding the earliest frames names the video.
        let crf = Self.settings.replacingOccurrences(of: "crf 18", with: "crf 23")
        #expect(issues([shard("b.mp4", 450...899, fingerprint: other, settings: crf), shard("a.mp4", 0...449)])
            == [.foreign(path: "b.mp4", reference: "a.mp4", difference: "crf 23, not crf 18"), .missing(450...899)])
        #expect(issues([shard("a.mp4", 0...449), shard("b.mp4", 450...899, fingerprint: other, version: "0.2.0")])
            == [.foreign(path: "b.mp4", reference: "a.mp4", difference: "pagereel 0.2.0, not 0.1.0"), .missing(450...899)])
        #expect(issues([shard("a.mp4", 0...449), shard("b.mp4", 450...899, of: 901)])
            == [.foreign(path: "b.mp4", reference: "a.mp4", difference: "a video of 901 frames, not 900"), .missing(450...899)])
        #expect(ShardError.Issue.foreign(path: "b.mp4", reference: "a.mp4", difference: "crf 23, not crf 18").description
            == "b.mp4: part of another video than a.mp4 (crf 23, not crf 18); join the shards of one export")
    }

    @Test func filesWithoutARecordAreNamed() {
        let plain = ShardSet.Input(path: "phone.mp4", record: .unusable(.unusable(path: "phone.mp4", message: "not a pagereel video")))
        #expect(issues([shard("a.mp4", 0...899), plain]) == [.unusable(path: "phone.mp4", message: "not a pagereel video")])
        #expect(issues([plain]) == [.unusable(path: "phone.mp4", message: "not a pagereel video")])
    }
}
