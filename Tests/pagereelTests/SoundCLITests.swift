import Foundation
import PageReelTestSupport
import Testing

/// The tabs sample's sound through the binary: `--no-audio`, `--audio-bitrate`, the sound events
/// of `timeline --events`, and shards joined with their sound.
@Suite struct SoundCLITests {
    let scratch = ScratchDirectory()
    static let deck = CLI.samples + "/tabs/deck.json"
    static let small = ["--size", "320x180", "-q"]

    func export(_ extra: [String], to path: String) throws -> Command.Output {
        try Command.run(CLI.binary, ["export", Self.deck] + Self.small + extra + ["-o", path])
    }

    @Test func theSampleHasSoundUnlessAskedNot() throws {
        let folder = try scratch.directory()
        #expect(try export([], to: folder + "/sound.mp4").status == 0)
        let streams = try Sound.audioStreams(folder + "/sound.mp4")
        #expect(streams.map { $0["codec_name"] } == ["aac"])
        let (left, right) = try Sound.decode(folder + "/sound.mp4")
        #expect(left.rms(1, 5) > 0.02 && right.rms(1, 5) > 0.02)

        #expect(try export(["--no-audio"], to: folder + "/silent.mp4").status == 0)
        #expect(try Sound.audioStreams(folder + "/silent.mp4").isEmpty)
        #expect(try export([], to: folder + "/sound.webm").status == 0)
        #expect(try Sound.audioStreams(folder + "/sound.webm").map { $0["codec_name"] } == ["opus"])
    }

    /// The same deck gives the same bytes, sound included: two runs of the binary, MP4 and WebM.
    @Test func theSameDeckGivesTheSameBytes() throws {
        let folder = try scratch.directory()
        var sums: [[String: String]] = []
        for round in 0..<2 {
            let out = try Command.run(CLI.binary, ["export", Self.deck, "--size", "320x180", "-q", "--json",
                                                   "-o", folder + "/\(round).mp4", "-o", folder + "/\(round).webm"])
            #expect(out.status == 0, "\(out.stderr)")
            let summary = try JSONSerialization.jsonObject(with: out.stdout) as? [String: Any]
            let digests = summary?["sha256"] as? [String: String] ?? [:]
            sums.append(Dictionary(uniqueKeysWithValues: digests.map { (($0.key as NSString).pathExtension, $0.value) }))
        }
        #expect(sums[0].count == 2)
        #expect(sums[0] == sums[1])
    }

    /// Under a bitrate ceiling (`--max-size`), where x264's threads would plan each frame from
    /// the others' progress, three exports at once — each slowing the others unevenly — still
    /// give one file. (Before, three runs gave three different streams.)
    @Test func aCappedVideoIsTheSameWhateverTheTiming() throws {
        let folder = try scratch.directory()
        let processes = try (0..<3).map { k in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CLI.binary)
            process.arguments = ["export", Self.deck, "--size", "640x360", "--max-size", "110k", "--no-audio", "-q",
                                 "-o", folder + "/\(k).mp4"]
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == [0, 0, 0])
        let files = try (0..<3).map { try Data(contentsOf: URL(fileURLWithPath: folder + "/\($0).mp4")) }
        #expect(files[0].count > 50_000)
        #expect(files[1] == files[0] && files[2] == files[0])
    }

    @Test func audioBitrateSetsTheEncodersBitrate() throws {
        let folder = try scratch.directory()
        #expect(try export(["--audio-bitrate", "64k"], to: folder + "/low.mp4").status == 0)
        #expect(try export(["--audio-bitrate", "256"], to: folder + "/high.mp4").status == 0)
        let low = Int(try Sound.audioStreams(folder + "/low.mp4").first?["bit_rate"] ?? "") ?? 0
        let high = Int(try Sound.audioStreams(folder + "/high.mp4").first?["bit_rate"] ?? "") ?? 0
        #expect(low > 40_000 && low <= 70_000, "\(low)")
        #expect(high > low)
        for bad in ["8k", "1000k", "loud", "0"] {
            let out = try export(["--audio-bitrate", bad], to: folder + "/bad.mp4")
            #expect(out.status == 64, "\(bad): \(out.stderr)")
            #expect(out.stderr.contains("--audio-bitrate"), "\(bad): \(out.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/bad.mp4"))
    }

    @Test func timelineEventsListTheTouchSounds() throws {
        let out = try CLI.run("timeline", Self.deck, "--events")
        #expect(out.status == 0, "\(out.stderr)")
        let sounds = out.text.split(separator: "\n").filter { $0.contains("Sound\"") }
        #expect(sounds.count == 4)
        #expect(sounds.filter { $0.contains("\"event\":\"tapSound\"") }.count == 3)
        #expect(sounds.filter { $0.contains("\"event\":\"dragSound\"") }.count == 1)
        #expect(sounds.first == #"{"frame":18,"time":0.6,"page":0,"event":"tapSound"}"#)
    }

    @Test func shardsJoinWithTheirSound() throws {
        let folder = try scratch.directory()
        let plan = try CLI.run("plan", Self.deck, "--shards", "3", "--size", "320x180")
        let ranges = plan.text.split(separator: "\n").map(String.init)
        #expect(ranges.count == 3)
        var parts: [String] = []
        for (k, range) in ranges.enumerated() {
            let part = folder + "/part\(k).mp4"
            #expect(try export(["--frames", range], to: part).status == 0)
            parts.append(part)
        }
        let joined = try Command.run(CLI.binary, ["concat"] + parts.reversed() + ["-o", folder + "/joined.mp4", "-q"])
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(try export([], to: folder + "/full.mp4").status == 0)
        let duration = { (path: String) in Double(try Sound.audioStreams(path).first?["duration"] ?? "") ?? 0 }
        #expect(abs(try duration(folder + "/joined.mp4") - (try duration(folder + "/full.mp4"))) < 0.001)
        let full = try Sound.decode(folder + "/full.mp4").left, both = try Sound.decode(folder + "/joined.mp4").left
        #expect(full.count == both.count)
        // Against each other, two encodings differ by the coder's noise twice over (the whoosh is
        // noise, which AAC codes least exactly); against the exact mix they are equally close
        // (SoundExportTests measures that).
        let difference = zip(full.samples, both.samples).map { $0 - $1 }
        #expect(Sound.rms(difference) < 0.1 * Sound.rms(full.samples))
        #expect(Sound.rms(difference[0..<(60 * 1600)]) < 1e-4)
    }
}
