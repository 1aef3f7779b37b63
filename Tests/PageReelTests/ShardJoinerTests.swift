import Foundation
import Testing
import PageReelTestSupport
@testable import PageReel

@Suite struct ShardJoinerTests {
    let scratch = ScratchDirectory()

    func export(_ deck: String, frames: ClosedRange<Int>?, to path: String, size: (Int, Int)? = nil) throws {
        var options = ExportOptions()
        options.outputs = [Output(argument: path)!]
        options.frames = frames
        options.size = size
        _ = try Exporter(project: try Project.load(deck), options: options).run()
    }

    /// Shards rendered separately and joined have every frame of the whole exactly once, at the
    /// same timestamps, and decode cleanly.
    @Test func joinedShardsEqualTheWhole() throws {
        let deck = try TestDecks.write(in: scratch)
        let folder = (deck as NSString).deletingLastPathComponent
        let count = try Project.load(deck).frameCount(fps: 20)
        try export(deck, frames: nil, to: folder + "/whole.mp4")
        try export(deck, frames: 0...16, to: folder + "/a.mp4")
        try export(deck, frames: 17...30, to: folder + "/b.mp4")
        try export(deck, frames: 31...(count - 1), to: folder + "/c.mp4")
        let frames = try ShardJoiner.join([folder + "/a.mp4", folder + "/b.mp4", folder + "/c.mp4"], into: folder + "/joined.mp4")
        #expect(frames == count)
        let whole = try Probe(folder + "/whole.mp4"), joined = try Probe(folder + "/joined.mp4")
        #expect(joined.frames == whole.frames)
        #expect(joined.duration == whole.duration)
        #expect(joined.string("avg_frame_rate") == "20/1")
        #expect(joined.string("color_primaries") == "bt709")
        #expect(try Probe.frameTimes(folder + "/joined.mp4") == Probe.frameTimes(folder + "/whole.mp4"))
        let atoms = try Probe.topLevelAtoms(folder + "/joined.mp4")
        #expect(atoms.firstIndex(of: "moov")! < atoms.firstIndex(of: "mdat")!)
        // The first frame of the second shard decodes to what the second shard shows first.
        let joinedRGB = try Probe.decodeRGB(folder + "/joined.mp4"), shardRGB = try Probe.decodeRGB(folder + "/b.mp4")
        let frameBytes = 160 * 96 * 3
        #expect(joinedRGB[(17 * frameBytes)..<(18 * frameBytes)] == shardRGB[0..<frameBytes])
    }

    @Test func shardsOfDifferentExportsAreRefused() throws {
        let deck = try TestDecks.write(in: scratch)
        let folder = (deck as NSString).deletingLastPathComponent
        try export(deck, frames: 0...5, to: folder + "/a.mp4")
        try export(deck, frames: 6...9, to: folder + "/big.mp4", size: (320, 192))
        let count = try Project.load(deck).frameCount
        let error = Result { () throws(PageReelError) in
            try ShardJoiner.join([folder + "/a.mp4", folder + "/big.mp4"], into: folder + "/x.mp4")
        }
        guard case .failure(.shards(let shards)) = error else {
            Issue.record("expected shards that do not join, got \(error)")
            return
        }
        #expect(shards.issues == [
            .foreign(path: folder + "/big.mp4", reference: folder + "/a.mp4", difference: "320x192, not 160x96"),
            .missing(6...(count - 1)),
        ])
        #expect(PageReelError.shards(shards).kind == .invalidInput)
        #expect(!FileManager.default.fileExists(atPath: folder + "/x.mp4"))
        let missing = Result { () throws(PageReelError) in try ShardJoiner.join([folder + "/nope.mp4"], into: folder + "/x.mp4") }
        guard case .failure(.inputMissing) = missing else {
            Issue.record("expected a missing input, got \(missing)")
            return
        }
    }
}
