import Foundation
@testable import PageReel
import PageReelTestSupport
import Testing

/// The sound of exported videos, measured by decoding it with ffmpeg: durations against the
/// video, tones' frequencies by FFT, levels by RMS, tap onsets against the touches' times,
/// shards joined against the whole export.
@Suite struct SoundExportTests {
    let scratch = ScratchDirectory()

    /// A 320×180 deck at 30 fps: two coloured pages, a tab bar, `script`, and `audio`.
    static func deck(audio: String, script: String = "[]", duration: Double? = nil, pages: String? = nil,
                     tail: Double = 0.5) -> String {
        """
        {
          "pagereel": 1,
          "canvas": { "width": 320, "height": 180, "fps": 30 },
          "pages": \(pages ?? ##"[{ "background": "#FF0000" }, { "background": "#00FF00" }]"##),
          "tabs": { "titles": ["A", "B"] },
          "script": \(script),
          "tail": \(tail)\(duration.map { ", \"duration\": \($0)" } ?? ""),
          "audio": \(audio)
        }
        """
    }

    /// Writes `deck` into a new folder; returns the folder.
    func folder(with deck: String, name: String = #function) throws -> String {
        let folder = try scratch.directory(name)
        try Data(deck.utf8).write(to: URL(fileURLWithPath: folder + "/deck.json"))
        return folder
    }

    /// Exports the folder's deck to `outputs` (names inside it).
    @discardableResult
    func export(_ folder: String, _ outputs: [String], configure: (inout ExportOptions) -> Void = { _ in }) throws -> Exporter.Summary {
        var options = ExportOptions()
        options.outputs = outputs.map { Output(argument: folder + "/" + $0)! }
        configure(&options)
        return try Exporter(project: try Project.load(folder + "/deck.json"), options: options).run { _ in }
    }

    /// 0.125-amplitude sine (ffmpeg's `sine` source), `seconds` long, as AAC in M4A.
    func tone(_ frequency: Int, seconds: Double, in folder: String, name: String = "tone.m4a") throws {
        try Sound.make(name, in: folder, source: "sine=frequency=\(frequency):sample_rate=48000:duration=\(seconds)",
                       codec: ["-c:a", "aac", "-b:a", "192k"])
    }

    /// `rec.mp4`: a 90×160 H.264 recording `seconds` long whose audio track is the lavfi `sound`.
    func recording(seconds: Int, sound: String, in folder: String) throws {
        _ = try Command.check("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=90x160:rate=30:d=\(seconds)",
                                         "-f", "lavfi", "-i", sound, "-c:v", "libx264", "-pix_fmt", "yuv420p",
                                         "-c:a", "aac", "-shortest", folder + "/rec.mp4"])
    }

    /// Video frames' duration of an MP4, by ffprobe.
    func videoDuration(_ path: String) throws -> Double {
        let text = String(decoding: try Command.check("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                                 "stream=duration", "-of", "csv=p=0", path]), as: UTF8.self)
        return Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test func musicBecomesOneStereoAACTrackAsLongAsTheVideo() throws {
        let folder = try folder(with: Self.deck(audio: #"{ "music": "tone.m4a" }"#, duration: 2.5))
        try tone(440, seconds: 5, in: folder)
        try export(folder, ["out.mp4"])
        let streams = try Sound.audioStreams(folder + "/out.mp4")
        #expect(streams.count == 1)
        #expect(streams.first?["codec_name"] == "aac")
        #expect(streams.first?["profile"] == "LC")
        #expect(streams.first?["sample_rate"] == "48000")
        #expect(streams.first?["channels"] == "2")
        let declared = Double(streams.first?["duration"] ?? "") ?? 0
        #expect(abs(declared - 2.5) < 0.001)
        #expect(abs(try videoDuration(folder + "/out.mp4") - declared) < 0.001)
        // Decoded, the track holds at least the video's samples and less than one AAC frame more
        // (FFmpeg 5.1 does not cut the last frame's padding, players do, by the edit list).
        let (left, right) = try Sound.decode(folder + "/out.mp4")
        #expect(left.count >= 120_000 && left.count < 120_000 + 1024)
        #expect(abs(left.dominantFrequency(0.5, 2.0) - 440) < 2)
        // Full level in both channels: a 0.125 sine has RMS 0.0884 (AAC keeps it within 5%).
        #expect(abs(left.rms(0.5, 2.0) - 0.0884) < 0.005)
        #expect(abs(right.rms(0.5, 2.0) - 0.0884) < 0.005)
    }

    @Test func startPicksWhereTheMusicBegins() throws {
        // 440 Hz for the first second of the file, 880 Hz after.
        let folder = try folder(with: Self.deck(audio: #"{ "music": { "file": "two.flac", "start": 1 } }"#, duration: 2))
        try Sound.make("two.flac", in: folder, source: "aevalsrc=0.2*sin(2*PI*if(lt(t\\,1)\\,440\\,880)*t):s=44100:d=3")
        try export(folder, ["out.mp4"])
        let (left, _) = try Sound.decode(folder + "/out.mp4")
        #expect(abs(left.dominantFrequency(0.05, 0.9) - 880) < 3)

        try Data(Self.deck(audio: #"{ "music": "two.flac" }"#, duration: 2).utf8).write(to: URL(fileURLWithPath: folder + "/deck.json"))
        try export(folder, ["zero.mp4"])
        let (zero, _) = try Sound.decode(folder + "/zero.mp4")
        #expect(abs(zero.dominantFrequency(0.05, 0.9) - 440) < 3)
        #expect(abs(zero.dominantFrequency(1.1, 1.9) - 880) < 3)
        // The switch at 1 s in the file is heard at 1 s in the video: the samples line up to the millisecond.
        let before = zero.dominantFrequency(0.9, 0.995), after = zero.dominantFrequency(1.005, 1.1)
        #expect(abs(before - 440) < 30 && abs(after - 880) < 30)
    }

    @Test func volumeAndFadesScaleTheLevel() throws {
        let audio = #"{ "music": { "file": "tone.m4a", "volume": 0.5, "fadeIn": 1, "fadeOut": 1 } }"#
        let folder = try folder(with: Self.deck(audio: audio, duration: 4))
        try tone(440, seconds: 10, in: folder)
        try export(folder, ["out.mp4"])
        let (left, _) = try Sound.decode(folder + "/out.mp4")
        let full = 0.0884 * 0.5
        #expect(abs(left.rms(1.5, 2.5) / full - 1) < 0.05)
        // Linear fades: at a quarter of the fade-in the gain is a quarter; the same before the end.
        #expect(abs(left.rms(0.2, 0.3) / full - 0.25) < 0.03)
        #expect(abs(left.rms(0.7, 0.8) / full - 0.75) < 0.04)
        #expect(abs(left.rms(3.7, 3.8) / full - 0.25) < 0.03)
        #expect(left.rms(0, 0.01) < 0.01 * full * 10)
    }

    @Test func aFileThatDoesNotLoopIsFollowedBySilenceAndOneThatLoopsRepeats() throws {
        let folder = try folder(with: Self.deck(audio: #"{ "music": "tone.m4a" }"#, duration: 3))
        try tone(660, seconds: 1, in: folder)
        try export(folder, ["once.mp4"])
        let (once, _) = try Sound.decode(folder + "/once.mp4")
        #expect(once.rms(0.2, 0.9) > 0.08)
        #expect(once.rms(1.05, 3) < 0.0005)

        try Data(Self.deck(audio: #"{ "music": { "file": "tone.m4a", "loop": true } }"#, duration: 3).utf8)
            .write(to: URL(fileURLWithPath: folder + "/deck.json"))
        try export(folder, ["loop.mp4"])
        let (loop, _) = try Sound.decode(folder + "/loop.mp4")
        for second in [1.2, 2.2] {
            #expect(loop.rms(second, second + 0.6) > 0.08)
            #expect(abs(loop.dominantFrequency(second, second + 0.6) - 660) < 3)
        }
    }

    @Test func aRecordingPlaysItsOwnToneAsItsPageComesIntoView() throws {
        let pages = ##"[{ "background": "#FF0000" }, { "video": { "file": "rec.mp4", "volume": 0.8 } }]"##
        let folder = try folder(with: Self.deck(audio: "{}", script: #"[{ "wait": 1 }, { "swipe": "next" }, { "wait": 2 }]"#,
                                                pages: pages))
        try recording(seconds: 5, sound: "sine=frequency=1000:sample_rate=48000:duration=5", in: folder)
        try export(folder, ["out.mp4"])
        let (left, _) = try Sound.decode(folder + "/out.mp4")
        // Page 0 rests for the first second: the recording's page is a page away, unheard.
        #expect(left.rms(0.1, 0.9) < 0.0005)
        // Resting on page 1 it plays at its volume.
        #expect(abs(left.rms(2.2, 3.2) / (0.0884 * 0.8) - 1) < 0.05)
        #expect(abs(left.dominantFrequency(2.2, 3.2) - 1000) < 3)
        // In between, the level follows the scroll (the CSV's position at the same instants).
        let rows = try TimelineReport(project: try Project.load(folder + "/deck.json")).states
        let moving = rows.filter { $0.state.position > 0.2 && $0.state.position < 0.8 }
        let sample = try #require(moving.first)
        let level = left.rms(sample.state.time - 0.005, sample.state.time + 0.005) / (0.0884 * 0.8)
        #expect(abs(level - sample.state.position) < 0.12)
    }

    @Test func onAppearRestartsTheRecordingsSoundWithItsPicture() throws {
        // The clip's audio: 500 Hz for its first second, silence after; it plays on appearing.
        let pages = ##"[{ "background": "#FF0000" }, { "video": { "file": "rec.mp4", "play": "onAppear" } }]"##
        let script = #"[{ "wait": 0.5 }, { "swipe": "next" }, { "wait": 2 }, { "swipe": "prev" }, { "wait": 1 }, { "swipe": "next" }, { "wait": 2 }]"#
        let folder = try folder(with: Self.deck(audio: "{}", script: script, pages: pages))
        try recording(seconds: 3, sound: "aevalsrc=0.2*sin(2*PI*500*t)*lt(t\\,1):s=48000:d=3", in: folder)
        try export(folder, ["out.mp4"])
        let (left, _) = try Sound.decode(folder + "/out.mp4")
        let project = try Project.load(folder + "/deck.json")
        let appearances = project.timeline.appearances.filter { $0.page == 1 }.map(\.time)
        #expect(appearances.count == 2)
        for start in appearances {
            // The tone for the clip's first second after each appearance, then silence.
            #expect(left.rms(start + 0.3, start + 0.8) > 0.1)
            #expect(abs(left.dominantFrequency(start + 0.3, start + 0.8) - 500) < 3)
            #expect(left.rms(start + 1.1, start + 1.5) < 0.002)
        }
    }

    @Test func aTapSoundsWithinAFrameOfItsTouch() throws {
        let script = #"[{ "wait": 0.4 }, { "tap": { "tab": 1 } }, { "wait": 0.5 }, { "tap": { "tab": 0 } }, { "wait": 0.5 }]"#
        let folder = try folder(with: Self.deck(audio: #"{ "touches": true }"#, script: script))
        try export(folder, ["out.mp4"])
        let (left, _) = try Sound.decode(folder + "/out.mp4")
        let project = try Project.load(folder + "/deck.json")
        let report = try TimelineReport(project: project)
        let taps = report.touchSounds
        #expect(taps.count == 2)
        #expect(taps.allSatisfy { $0.event == "tapSound" })
        #expect(report.eventLines().contains("\"event\":\"tapSound\""))
        var after = 0.0
        for tap in taps {
            let onset = try #require(left.onset(after: after, threshold: 0.01))
            #expect(abs(onset - tap.time) < 1.0 / 30)
            // The event's frame is the first whose time is at or after the touch.
            #expect(Double(tap.frame) / 30 >= tap.time - 1e-9 && Double(tap.frame - 1) / 30 < tap.time)
            #expect(left.rms(onset, onset + 0.02) > 0.02)
            after = onset + 0.1
        }
        // Silence between the clicks.
        #expect(left.rms(taps[0].time + 0.1, taps[1].time - 0.05) < 0.0005)
    }

    @Test func shardsCarryTheirSliceAndJoinLikeTheWholeExport() throws {
        let script = #"[{ "wait": 0.6 }, { "tap": { "tab": 1 } }, { "wait": 0.8 }, { "swipe": "prev" }]"#
        let folder = try folder(with: Self.deck(audio: #"{ "music": { "file": "music.flac", "fadeOut": 0.5 }, "touches": true }"#,
                                                script: script, tail: 1))
        // A chord that changes every 0.37 s, so every boundary falls inside changing sound.
        try Sound.make("music.flac", in: folder, source:
            "aevalsrc=0.15*sin(2*PI*(330+110*mod(floor(t/0.37)\\,4))*t)+0.1*sin(2*PI*(495+55*mod(floor(t/0.37)\\,3))*t):s=44100:d=8")
        try export(folder, ["full.mp4"])
        let frameCount = try Project.load(folder + "/deck.json").timeline.frameCount(fps: 30)
        let cuts = [0, 23, frameCount / 2, frameCount - 17, frameCount]
        var parts: [String] = []
        for (k, (a, b)) in zip(cuts, cuts.dropFirst()).enumerated() {
            let name = "part\(k).mp4"
            try export(folder, [name]) { $0.frames = a...(b - 1) }
            // A shard's track lasts exactly its frames.
            let declared = Double(try Sound.audioStreams(folder + "/" + name).first?["duration"] ?? "") ?? 0
            #expect(abs(declared - Double(b - a) / 30) < 0.001)
            parts.append(folder + "/" + name)
        }
        try ShardJoiner.join(parts.reversed(), into: folder + "/joined.mp4")
        let full = try Sound.decode(folder + "/full.mp4").left, joined = try Sound.decode(folder + "/joined.mp4").left
        let samples = frameCount * 1600
        #expect(joined.count >= samples && full.count >= samples)
        let declared = Double(try Sound.audioStreams(folder + "/joined.mp4").first?["duration"] ?? "") ?? 0
        #expect(abs(declared - Double(frameCount) / 30) < 0.001)
        // Against the exact mix, the joined track is as close as the full export: overall, and
        // around every join (no gap, no click, no drift), where each shard's encoder started or
        // stopped.
        let plan = try #require(try SoundPlan.make(project: try Project.load(folder + "/deck.json"), fps: 30))
        var exact = [Float](repeating: 0, count: 2 * samples)
        try SoundMix(plan: plan, start: 0).read(samples, into: &exact)
        let fullError = (0..<samples).map { full.samples[$0] - exact[2 * $0] }
        let joinedError = (0..<samples).map { joined.samples[$0] - exact[2 * $0] }
        #expect(Sound.rms(joinedError) < 1.5 * Sound.rms(fullError) + 1e-4,
                "joined \(Sound.rms(joinedError)), full \(Sound.rms(fullError))")
        #expect(Sound.rms(fullError) < 0.05 * Sound.rms(full.samples[0..<samples]))
        for cut in cuts.dropFirst().dropLast() {
            let around = max(0, cut * 1600 - 4800)..<min(samples, cut * 1600 + 4800)
            let joinedPeak = around.map { abs(joinedError[$0]) }.max() ?? 0
            let fullPeak = around.map { abs(fullError[$0]) }.max() ?? 0
            #expect(joinedPeak <= 2 * fullPeak + 0.002, "at frame \(cut): \(joinedPeak) against \(fullPeak)")
        }
    }

    /// The same bytes run after run inside this process, beside the other tests' threads: the
    /// whole MP4 and WebM, and the MP4's AAC packets on their own.
    @Test func theSameDeckGivesTheSameSoundBytes() throws {
        let script = #"[{ "wait": 0.3 }, { "tap": { "tab": 1 } }]"#
        let folder = try folder(with: Self.deck(audio: #"{ "music": { "file": "tone.m4a", "loop": true }, "touches": true }"#,
                                                script: script))
        try tone(523, seconds: 0.7, in: folder)
        var rounds: [(aac: Data, mp4: Data, webm: Data)] = []
        for round in 0..<2 {
            try export(folder, ["a\(round).mp4", "a\(round).webm"])
            let aac = try Command.check("ffmpeg", ["-v", "error", "-i", folder + "/a\(round).mp4", "-map", "0:a", "-c", "copy",
                                                   "-f", "data", "-"])
            rounds.append((aac, try Data(contentsOf: URL(fileURLWithPath: folder + "/a\(round).mp4")),
                           try Data(contentsOf: URL(fileURLWithPath: folder + "/a\(round).webm"))))
        }
        #expect(rounds[0].aac.count > 1000)
        #expect(rounds[0].aac == rounds[1].aac)
        #expect(rounds[0].mp4 == rounds[1].mp4)
        #expect(rounds[0].webm == rounds[1].webm)
    }

    @Test func aSilentDeckAndNoAudioGiveNoAudioStream() throws {
        let folder = try folder(with: Self.deck(audio: "{}", duration: 1))
        try export(folder, ["silent.mp4", "silent.webm"])
        #expect(try Sound.audioStreams(folder + "/silent.mp4").isEmpty)
        #expect(try Sound.audioStreams(folder + "/silent.webm").isEmpty)

        try Data(Self.deck(audio: #"{ "music": "tone.m4a" }"#, duration: 1).utf8).write(to: URL(fileURLWithPath: folder + "/deck.json"))
        try tone(440, seconds: 2, in: folder)
        try export(folder, ["muted.mp4"]) { $0.audio = false }
        #expect(try Sound.audioStreams(folder + "/muted.mp4").isEmpty)
    }

    @Test func webmGetsOpusAndImageOutputsIgnoreSound() throws {
        let folder = try folder(with: Self.deck(audio: #"{ "music": "tone.m4a", "touches": true }"#, duration: 1.5))
        try tone(440, seconds: 2, in: folder)
        try export(folder, ["out.webm", "with.gif"])
        let streams = try Sound.audioStreams(folder + "/out.webm")
        #expect(streams.first?["codec_name"] == "opus")
        let (left, _) = try Sound.decode(folder + "/out.webm")
        #expect(abs(left.count - 72_000) <= 960)
        #expect(abs(left.dominantFrequency(0.3, 1.2) - 440) < 2)
        try Data(Self.deck(audio: "{}", duration: 1.5).utf8).write(to: URL(fileURLWithPath: folder + "/deck.json"))
        try export(folder, ["without.gif"])
        let with = try Data(contentsOf: URL(fileURLWithPath: folder + "/with.gif"))
        let without = try Data(contentsOf: URL(fileURLWithPath: folder + "/without.gif"))
        #expect(with == without)
    }

    @Test func aLoudMixBendsInsteadOfWrapping() throws {
        // Two full-scale files at once: the sum would reach 1.8.
        let folder = try folder(with: Self.deck(audio: #"{ "music": "loud.wav", "touches": { "tap": "loud.wav" } }"#,
                                                script: #"[{ "wait": 0.2 }, { "tap": { "tab": 1 } }]"#, duration: 1.5))
        try Sound.make("loud.wav", in: folder, source: "aevalsrc=0.9*sin(2*PI*200*t):s=48000:d=2")
        let plan = try #require(try SoundPlan.make(project: try Project.load(folder + "/deck.json"), fps: 30))
        var mix = [Float](repeating: 0, count: 2 * 72_000)
        try SoundMix(plan: plan, start: 0).read(72_000, into: &mix)
        #expect(mix.allSatisfy { abs($0) < 1 })
        #expect((mix.map(abs).max() ?? 0) > 0.95)
        // Below the knee nothing changes.
        #expect(SoundMix.limit(0.5) == 0.5)
        #expect(SoundMix.limit(-0.79) == -0.79)
        #expect(SoundMix.limit(30) < 1 && SoundMix.limit(3) > SoundMix.limit(1.5))
    }
}

extension SoundExportTests {
    @Test func shardsWithAndWithoutSoundDoNotJoin() throws {
        let folder = try folder(with: Self.deck(audio: #"{ "music": "tone.m4a" }"#, duration: 2))
        try tone(440, seconds: 3, in: folder)
        try export(folder, ["a.mp4"]) { $0.frames = 0...29 }
        try export(folder, ["b.mp4"]) { $0.frames = 30...59; $0.audio = false }
        #expect {
            try ShardJoiner.join([folder + "/a.mp4", folder + "/b.mp4"], into: folder + "/joined.mp4")
        } throws: { error in
            "\(error)".contains("no audio") || "\(error)".contains("audio aac")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/joined.mp4"))
    }
}
