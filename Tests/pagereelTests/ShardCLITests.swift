import Foundation
import Testing
import PageReelTestSupport

/// Long videos split with `plan`, rendered with `export --frames` and joined with `concat`, as a
/// CI matrix or GNU parallel would run them: through the binary, with its exit codes.
@Suite struct ShardCLITests {
    let scratch = ScratchDirectory()
    static let deck = CLI.samples + "/onboarding/deck.json"
    /// Small and at 15 fps, so a test renders the whole video a few times in seconds.
    static let render = ["--size", "160x90", "--fps", "15"]

    func export(_ range: String?, _ extra: [String] = [], deck: String = deck, to path: String) throws {
        let frames = range.map { ["--frames", $0] } ?? []
        let out = try Command.run(CLI.binary, ["export", deck] + Self.render + frames + extra + ["-q", "-o", path])
        #expect(out.status == 0, "\(out.stderr)")
    }

    /// ffmpeg's MD5 of every decoded frame, with its timestamp.
    func frameHashes(_ path: String) throws -> [String] {
        let text = String(decoding: try Command.check("ffmpeg", ["-v", "error", "-i", path, "-f", "framemd5", "-"]), as: UTF8.self)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    func run(_ arguments: [String]) throws -> Command.Output {
        try Command.run(CLI.binary, arguments)
    }

    func tags(_ path: String) throws -> [String: String] {
        (try Probe(path).format["tags"] as? [String: String]) ?? [:]
    }

    @Test func planPrintsBalancedRanges() throws {
        let lines = try CLI.run("plan", Self.deck, "--shards", "3")
        #expect(lines.status == 0, "\(lines.stderr)")
        #expect(lines.text == "0-65\n66-131\n132-197\n")
        let json = try CLI.run("plan", Self.deck, "--shards", "3", "--fps", "15", "--json")
        #expect(json.text == #"{"frames":99,"shards":["0-32","33-65","66-98"]}"# + "\n")
        let many = try CLI.run("plan", Self.deck, "--shards", "250", "--json")
        #expect(many.status == 0 && many.text.hasPrefix(#"{"frames":198,"shards":["0-0","1-1","#))
        #expect(many.stderr.contains("the video has 198 frames: 198 shards, not 250"))
        #expect(try CLI.run("plan", Self.deck, "--shards", "0").status == 64)
        #expect(try CLI.run("plan", Self.deck, "--shards", "2", "--size", "100x100").status == 64)
        #expect(try CLI.run("plan", Self.deck).status == 64)
        #expect(try CLI.run("plan", "missing.json", "--shards", "2").status == 66)
    }

    /// The plan's shards, rendered and given to concat in the order a shell glob lists them or
    /// any other, join into the full export's frames at its timestamps. Lossless (crf 0), the
    /// decoded frames are the full export's exactly.
    @Test func plannedShardsJoinedInAnyOrderAreTheFullVideo() throws {
        let folder = try scratch.directory()
        let plan = try run(["plan", Self.deck, "--shards", "3"] + Self.render)
        let ranges = plan.text.split(separator: "\n").map(String.init)
        #expect(ranges == ["0-32", "33-65", "66-98"])
        try export(nil, ["--crf", "0"], to: folder + "/full.mp4")
        for range in ranges { try export(range, ["--crf", "0"], to: "\(folder)/part-\(range).mp4") }
        let parts = ranges.map { "\(folder)/part-\($0).mp4" }
        let shuffled = try CLI.run("concat", parts[2], parts[0], parts[1], "-o", folder + "/shuffled.mp4")
        #expect(shuffled.status == 0, "\(shuffled.stderr)")
        #expect(shuffled.stderr.contains("99 frames from 3 parts"))
        #expect(try run(["concat"] + parts + ["-o", folder + "/ordered.mp4"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/shuffled.mp4"))
            == Data(contentsOf: URL(fileURLWithPath: folder + "/ordered.mp4")))
        let full = try frameHashes(folder + "/full.mp4")
        #expect(full.count == 99)
        #expect(try frameHashes(folder + "/shuffled.mp4") == full)
        // Frame n at n/15 s (ffprobe prints six decimals), with no gap or repeat at the joins.
        let times = try Probe.frameTimes(folder + "/shuffled.mp4")
        #expect(times.count == 99 && times.enumerated().allSatisfy { abs($0.element - Double($0.offset) / 15) < 1e-6 })
        #expect(try Probe.frameTimes(folder + "/full.mp4") == Probe.frameTimes(folder + "/shuffled.mp4"))
        // The joined video records itself as the full export does, and joins again on its own.
        let fullTags = try tags(folder + "/full.mp4"), joinedTags = try tags(folder + "/shuffled.mp4")
        #expect(joinedTags["pagereel.frames"] == "0-98" && joinedTags["pagereel.frame_count"] == "99")
        #expect(joinedTags["pagereel.fingerprint"] != nil && joinedTags == fullTags)
        #expect(try tags(parts[1])["pagereel.frames"] == "33-65")
        #expect(try CLI.run("concat", folder + "/shuffled.mp4", "-o", folder + "/again.mp4").status == 0)
        #expect(try frameHashes(folder + "/again.mp4") == full)
    }

    /// Lossy shards: the joined frames are the shards' own, frame for frame.
    @Test func joinedFramesAreTheShardsFrames() throws {
        let folder = try scratch.directory()
        try export("0-49", to: folder + "/a.mp4")
        try export("50-98", to: folder + "/b.mp4")
        #expect(try CLI.run("concat", folder + "/b.mp4", folder + "/a.mp4", "-o", folder + "/all.mp4").status == 0)
        let joined = try frameHashes(folder + "/all.mp4").map { $0.split(separator: ",").last! }
        let shards = try (frameHashes(folder + "/a.mp4") + frameHashes(folder + "/b.mp4")).map { $0.split(separator: ",").last! }
        #expect(joined.count == 99 && joined == shards)
    }

    /// Missing, doubled or foreign frames: exit 65, every problem named, nothing written.
    @Test func setsThatAreNotOneVideoAreRefused() throws {
        let folder = try scratch.directory()
        for range in ["0-32", "33-65", "66-98", "20-40"] { try export(range, to: "\(folder)/\(range).mp4") }
        try export("33-65", ["--crf", "23"], to: folder + "/crf.mp4")
        try export("33-65", ["--size", "320x180"], to: folder + "/big.mp4")
        // Another deck: a copy of the onboarding sample with one colour changed.
        try FileManager.default.copyItem(atPath: CLI.samples + "/onboarding", toPath: folder + "/onboarding")
        let other = folder + "/onboarding/deck.json"
        let json = try String(contentsOfFile: other, encoding: .utf8)
        try json.replacingOccurrences(of: "#5B5FEF", with: "#5B5FEE").write(toFile: other, atomically: true, encoding: .utf8)
        try export("33-65", deck: other, to: folder + "/other.mp4")
        _ = try Command.check("ffmpeg", ["-v", "error", "-i", folder + "/0-32.mp4", "-c", "copy", folder + "/plain.mp4"])

        func refused(_ names: [String], _ messages: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
            let out = try Command.run(CLI.binary, ["concat"] + names.map { "\(folder)/\($0).mp4" } + ["-o", folder + "/x.mp4"])
            #expect(out.status == 65, "\(names): \(out.stderr)", sourceLocation: sourceLocation)
            for message in messages {
                #expect(out.stderr.contains(message), "\(names): \(out.stderr)", sourceLocation: sourceLocation)
            }
            #expect(!FileManager.default.fileExists(atPath: folder + "/x.mp4"), sourceLocation: sourceLocation)
        }
        try refused(["0-32", "66-98"], ["concat: frames 33-65 are missing"])
        try refused(["33-65", "66-98"], ["concat: frames 0-32 are missing"])
        try refused(["0-32", "33-65"], ["concat: frames 66-98 are missing"])
        try refused(["66-98", "20-40", "0-32", "33-65"], ["concat: frames 20-32 are in both \(folder)/0-32.mp4 (0-32) and \(folder)/20-40.mp4 (20-40)",
                                                          "concat: frames 33-40 are in both"])
        try refused(["0-32", "0-32", "33-65", "66-98"], ["\(folder)/0-32.mp4: given more than once"])
        try refused(["0-32", "crf", "66-98"], ["\(folder)/crf.mp4: part of another video than \(folder)/0-32.mp4 (crf 23, not crf 18)"])
        try refused(["0-32", "big", "66-98"], ["\(folder)/big.mp4: part of another video", "(320x180, not 160x90)"])
        try refused(["0-32", "other", "66-98"], ["\(folder)/other.mp4: part of another video than \(folder)/0-32.mp4 (another deck"])
        try refused(["plain", "33-65", "66-98"], ["\(folder)/plain.mp4: not a pagereel video", "concat: frames 0-32 are missing"])
    }
}
