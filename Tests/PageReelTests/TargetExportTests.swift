import Foundation
@testable import PageReel
import PageReelTestSupport
import Testing

/// Videos made for a store (`--target`), measured with ffprobe against the store's
/// specification — for the App Store, Apple's app preview specification: H.264 High ≤ 4.0,
/// progressive, ≤ 30 fps, 10–12 Mbit/s, 15–30 s, ≤ 500 MB, one stereo AAC track at 256 kbit/s,
/// 44.1 or 48 kHz, every track enabled — and the limits checked before rendering.
@Suite struct TargetExportTests {
    let scratch = ScratchDirectory()

    /// A deck of two coloured pages with titles on a `width`×`height` canvas at `fps`, lasting
    /// about `seconds`, with `extra` members.
    static func deck(width: Int, height: Int, fps: Int = 60, seconds: Double = 16, extra: String = "") -> String {
        """
        {
          "pagereel": 1,
          "canvas": { "width": \(width), "height": \(height), "fps": \(fps) },
          "viewport": { "x": 0, "y": 0, "width": \(width), "height": \(height) },
          "pages": [{ "background": "#2A9D8F", "title": "One" }, { "background": "#E76F51", "title": "Two" }],
          "script": [{ "wait": 1 }, { "swipe": "next" }],
          "duration": \(seconds)\(extra)
        }
        """
    }

    func folder(with deck: String, name: String = #function) throws -> String {
        let folder = try scratch.directory(name)
        try Data(deck.utf8).write(to: URL(fileURLWithPath: folder + "/deck.json"))
        return folder
    }

    func export(_ folder: String, _ output: String, target: String, frames: ClosedRange<Int>? = nil,
                configure: (inout ExportOptions) -> Void = { _ in }) throws -> Exporter.Summary {
        var options = ExportOptions()
        options.outputs = [Output(argument: folder + "/" + output)!]
        options.target = try #require(Target.named(target))
        options.frames = frames
        configure(&options)
        return try Exporter(project: try Project.load(folder + "/deck.json"), options: options).run { _ in }
    }

    /// The message of the `.usage` error `body` throws; nil if it throws another or none.
    static func usage(_ body: () throws -> Void) -> String? {
        do {
            try body()
        } catch let PageReelError.usage(message) {
            return message
        } catch {
            return nil
        }
        return nil
    }

    /// ffprobe's `key=value` lines of `entries` for the streams `select` picks.
    static func probe(_ path: String, select: String, entries: String) throws -> [String: String] {
        let text = String(decoding: try Command.check("ffprobe", ["-v", "error", "-select_streams", select, "-show_entries",
                                                                 entries, "-of", "default=nw=1", path]), as: UTF8.self)
        var values: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        return values
    }

    /// The times of the video's keyframes, by ffprobe's packet flags.
    static func keyframeTimes(_ path: String) throws -> [Double] {
        let text = String(decoding: try Command.check("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                                 "packet=pts_time,flags", "-of", "csv=p=0", path]), as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).compactMap { line in
            let fields = line.split(separator: ",")
            return fields.count >= 2 && fields[1].hasPrefix("K") ? Double(fields[0]) : nil
        }
    }

    /// The `tkhd` flags of every track in the file's `moov` (bit 0: enabled).
    static func trackFlags(_ path: String) throws -> [UInt32] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let tkhd = Array("tkhd".utf8)
        var flags: [UInt32] = []
        var i = 0
        // moov sits before mdat (faststart), so the first hits are the real headers.
        while i + 8 < min(bytes.count, 1 << 20) {
            if bytes[i] == tkhd[0], Array(bytes[i..<(i + 4)]) == tkhd {
                flags.append(UInt32(bytes[i + 5]) << 16 | UInt32(bytes[i + 6]) << 8 | UInt32(bytes[i + 7]))
                i += 4
            } else {
                i += 1
            }
        }
        return flags
    }

    @Test func anAppStorePreviewMeetsApplesSpecification() throws {
        let folder = try folder(with: Self.deck(width: 443, height: 960, extra: #", "audio": {"music": "noise.m4a"}"#))
        try Sound.make("noise.m4a", in: folder, source: "anoisesrc=d=20:c=pink:a=0.2:r=48000,aformat=channel_layouts=stereo",
                       codec: ["-c:a", "aac", "-b:a", "320k"])
        _ = try export(folder, "preview.mp4", target: "appstore-iphone")
        let path = folder + "/preview.mp4"
        let video = try Self.probe(path, select: "v:0", entries: "stream=codec_name,profile,level,width,height,r_frame_rate,"
                                       + "pix_fmt,color_space,color_transfer,color_primaries,field_order")
        #expect(video["codec_name"] == "h264")
        #expect(video["profile"] == "High")
        #expect(try #require(Int(video["level"] ?? "")) <= 40)
        #expect(video["width"] == "886")
        #expect(video["height"] == "1920")
        // The deck's 60 fps resampled to the store's most.
        #expect(video["r_frame_rate"] == "30/1")
        #expect(video["pix_fmt"] == "yuv420p")
        #expect(video["color_space"] == "bt709")
        #expect(video["color_transfer"] == "bt709")
        #expect(video["color_primaries"] == "bt709")
        #expect(video["field_order"] == "progressive")
        let format = try Self.probe(path, select: "v:0", entries: "format=duration,bit_rate,size")
        let duration = try #require(Double(format["duration"] ?? ""))
        #expect(abs(duration - 16) < 0.05)
        let bitrate = try #require(Double(format["bit_rate"] ?? ""))
        #expect((10e6...12e6).contains(bitrate), "overall \(bitrate) bit/s")
        #expect(try #require(Int(format["size"] ?? "")) < 500_000_000)
        let audio = try Sound.audioStreams(path)
        #expect(audio.count == 1)
        #expect(audio.first?["codec_name"] == "aac")
        #expect(audio.first?["profile"] == "LC")
        #expect(audio.first?["channels"] == "2")
        #expect(["44100", "48000"].contains(audio.first?["sample_rate"] ?? ""))
        let audioBitrate = try #require(Double(audio.first?["bit_rate"] ?? ""))
        #expect((230e3...270e3).contains(audioBitrate), "audio \(audioBitrate) bit/s")
        #expect(try Probe.topLevelAtoms(path).prefix(3).contains("moov"))
        let atoms = try Probe.topLevelAtoms(path)
        #expect(try #require(atoms.firstIndex(of: "moov")) < (try #require(atoms.firstIndex(of: "mdat"))))
        let flags = try Self.trackFlags(path)
        #expect(flags.count == 2)
        #expect(flags.allSatisfy { $0 & 1 == 1 }, "every track enabled: \(flags)")
        let keys = try Self.keyframeTimes(path)
        #expect(keys.first == 0)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $1 - $0 <= 2.0 + 1e-6 }, "a keyframe at least every 2 s")
    }

    @Test func aSilentDeckStillCarriesOneSilentStereoTrack() throws {
        let folder = try folder(with: Self.deck(width: 886, height: 1920, fps: 30, seconds: 15))
        _ = try export(folder, "preview.mp4", target: "appstore-iphone", frames: 0...59)
        let audio = try Sound.audioStreams(folder + "/preview.mp4")
        #expect(audio.count == 1)
        #expect(audio.first?["codec_name"] == "aac")
        #expect(audio.first?["channels"] == "2")
        let (left, right) = try Sound.decode(folder + "/preview.mp4")
        #expect(left.rms(0, 1.9) == 0)
        #expect(right.rms(0, 1.9) == 0)
        // --no-audio mutes a deck's sound but keeps the track the store wants.
        _ = try export(folder, "muted.mp4", target: "appstore-iphone", frames: 0...59) { $0.audio = false }
        #expect(try Sound.audioStreams(folder + "/muted.mp4").count == 1)
    }

    /// Every target on a canvas of half its size: one second of it, checked against its settings.
    @Test(arguments: Target.all)
    func everyTargetMakesItsSizeRateAndCodec(_ target: Target) throws {
        let folder = try folder(with: Self.deck(width: target.width / 2, height: target.height / 2, fps: 60),
                                name: "target-\(target.name)")
        let fps = min(60, target.maxFPS)
        _ = try export(folder, "out.mp4", target: target.name, frames: 0...(fps - 1))
        let path = folder + "/out.mp4"
        let video = try Self.probe(path, select: "v:0", entries: "stream=codec_name,profile,level,width,height,r_frame_rate")
        #expect(video["codec_name"] == "h264")
        #expect(video["profile"] == "High")
        #expect(video["width"] == String(target.width))
        #expect(video["height"] == String(target.height))
        #expect(video["r_frame_rate"] == "\(fps)/1")
        if let level = target.level { #expect(try #require(Int(video["level"] ?? "")) <= level) }
        if let bitrate = target.videoBitrate {
            let stream = try Self.probe(path, select: "v:0", entries: "stream=bit_rate")
            let measured = try #require(Double(stream["bit_rate"] ?? ""))
            #expect(abs(measured - Double(bitrate)) / Double(bitrate) < 0.1, "\(measured) bit/s")
        }
        let audio = try Sound.audioStreams(path)
        #expect(audio.count == (target.alwaysHasSound ? 1 : 0))
    }

    @Test func theCanvasMustHaveTheTargetsShape() throws {
        let folder = try folder(with: Self.deck(width: 1280, height: 720))
        #expect(Self.usage { _ = try export(folder, "out.mp4", target: "appstore-iphone") }
            == "--target appstore-iphone: the canvas is 1280x720; appstore-iphone needs a canvas of 886x1920 or its "
            + "shape (443:960, e.g. 443x960 or 1772x3840)")
    }

    @Test func aPreviewOutsideFifteenToThirtySecondsIsRefusedBeforeRendering() throws {
        for (seconds, fix) in [(12.0, "lengthen the script (a longer wait, or \"tail\") or set \"duration\""),
                               (31.5, "shorten the script or set \"duration\" to at most 30")] {
            let folder = try folder(with: Self.deck(width: 886, height: 1920, seconds: seconds), name: "long-\(seconds)")
            do {
                _ = try export(folder, "out.mp4", target: "appstore-iphone")
                Issue.record("exported a \(seconds) s preview")
            } catch let PageReelError.deck(error) {
                #expect(error.issues.map(\.description) == [
                    "duration: the video lasts \(Seconds.format(seconds)) s; App Store app preview, iPhone 6.9\" and "
                        + "6.5\" (--target appstore-iphone) must last 15–30 s: \(fix)",
                ])
            }
            #expect(!FileManager.default.fileExists(atPath: folder + "/out.mp4"))
        }
    }

    @Test func flagsTheTargetDecidesMustAgreeWithIt() throws {
        let folder = try folder(with: Self.deck(width: 886, height: 1920))
        let cases: [((inout ExportOptions) -> Void, String)] = [
            ({ $0.fps = 60 }, "--fps 60: --target appstore-iphone takes at most 30 fps"),
            ({ $0.crf = 20 }, "--crf 20: --target appstore-iphone holds the video at 11 Mbit/s, not at a quality"),
            ({ $0.audioBitrate = 128_000 }, "--audio-bitrate 128k: --target appstore-iphone takes AAC at 256k"),
            ({ $0.size = (640, 360) }, "--size 640x360: --target appstore-iphone makes 886x1920 videos"),
            ({ $0.outputs = [Output(argument: folder + "/x.webm")!] },
             "-o \(folder)/x.webm: --target appstore-iphone takes .mp4"),
        ]
        for (configure, message) in cases {
            #expect(Self.usage { _ = try export(folder, "out.mp4", target: "appstore-iphone", configure: configure) } == message)
        }
        // What agrees is fine: the same size, a slower rate, the store's own bitrate.
        let summary = try export(folder, "ok.mp4", target: "appstore-iphone", frames: 0...23) {
            $0.size = (886, 1920)
            $0.fps = 24
            $0.audioBitrate = 256_000
        }
        #expect(summary.frames == 24)
    }

    @Test func theStoreMayRejectDeviceFramesAndPagesThatAreNotTheApp() throws {
        let folder = try folder(with: Self.deck(width: 886, height: 1920, extra: #", "device": "phone""#))
        let project = try Project.load(folder + "/deck.json")
        let warnings = try #require(Target.named("appstore-iphone")).check(project).warnings.map(\.description)
        #expect(warnings.count == 2)
        #expect(warnings.first?.hasPrefix("device: App Store previews may only show captures of the app itself "
                                          + "(App Review Guideline 2.3.4)") == true)
        #expect(warnings.last?.hasPrefix("pages: pages[0], pages[1] are not a screenshot or a recording") == true)
        #expect(try #require(Target.named("youtube")).check(project).warnings.isEmpty)
    }

    @Test func theStoreMayRejectATurnedDevice() throws {
        let device = #", "device": { "model": "phone", "pose": { "rotateY": -15 } }"#
        let folder = try folder(with: Self.deck(width: 886, height: 1920, extra: device), name: "posed")
        var deck = try String(contentsOfFile: folder + "/deck.json", encoding: .utf8)
        deck = deck.replacingOccurrences(of: #""script": ["#,
                                         with: #""script": [{ "pose": { "rotateY": 10 }, "at": 0 }, { "camera": { "zoom": 2 }, "at": 0.5 }, "#)
        try Data(deck.utf8).write(to: URL(fileURLWithPath: folder + "/deck.json"))
        let project = try Project.load(folder + "/deck.json")
        let warnings = try #require(Target.named("appstore-iphone")).check(project).warnings.map(\.description)
        #expect(warnings.contains("device.pose: turns the device (and script[0].pose): App Store previews may only "
                                  + "show captures of the app itself, flat (App Review Guideline 2.3.4)"), "\(warnings)")
        #expect(warnings.contains("script[1].camera: moves the camera: App Store previews may only show captures of "
                                  + "the app itself, as the screen shows them (App Review Guideline 2.3.4)"), "\(warnings)")
        #expect(try #require(Target.named("youtube")).check(project).warnings.isEmpty)
    }

    @Test func theFingerprintNamesTheBitrate() throws {
        let folder = try folder(with: Self.deck(width: 886, height: 1920))
        var options = ExportOptions()
        options.outputs = [Output(argument: folder + "/x.mp4")!]
        options.target = Target.named("appstore-iphone")
        let exporter = try Exporter(project: try Project.load(folder + "/deck.json"), options: options)
        let video = try exporter.videoOptions(for: .mp4, width: 886, height: 1920, fps: 30)
        #expect(video.shard?.settings.contains("cbr 11000k, level 4.0") == true)
        #expect(video.shard?.settings.contains("audio aac 256k") == true)
    }

    /// x264's own record of its settings, which it writes into the stream (an SEI message).
    static func x264Settings(_ path: String) throws -> [String: String] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let marker = Array("options: ".utf8)
        let start = try #require(bytes.indices.first { bytes[$0...].starts(with: marker) }) + marker.count
        let end = bytes[start...].firstIndex(of: 0) ?? bytes.endIndex
        var settings: [String: String] = [:]
        for item in String(decoding: bytes[start..<end], as: UTF8.self).split(separator: " ") {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { settings[parts[0]] = parts[1] }
        }
        return settings
    }

    @Test func anAppStorePreviewIsEncodedVeryfastUnlessAPresetIsNamed() throws {
        let folder = try folder(with: Self.deck(width: 443, height: 960, fps: 30))
        _ = try export(folder, "fast.mp4", target: "appstore-iphone", frames: 0...19)
        _ = try export(folder, "named.mp4", target: "appstore-iphone", frames: 0...19) { $0.preset = "medium" }
        let wide = try self.folder(with: Self.deck(width: 480, height: 270, fps: 30), name: "wide")
        _ = try export(wide, "youtube.mp4", target: "youtube", frames: 0...19)
        // x264's veryfast: one reference, sub-pixel refinement 2, no trellis; medium: refinement 7,
        // trellis on the final decision.
        let fast = try Self.x264Settings(folder + "/fast.mp4")
        #expect(fast["subme"] == "2" && fast["ref"] == "1" && fast["trellis"] == "0", "\(fast)")
        #expect(fast["nal_hrd"] == "cbr" && fast["threads"] == "1", "\(fast)")
        let named = try Self.x264Settings(folder + "/named.mp4")
        #expect(named["subme"] == "7" && named["trellis"] == "1", "\(named)")
        #expect(named["nal_hrd"] == "cbr", "\(named)")
        // A constant-quality target keeps the default preset.
        let youtube = try Self.x264Settings(wide + "/youtube.mp4")
        #expect(youtube["subme"] == "7" && youtube["crf"] != nil, "\(youtube)")
    }

    @Test func theLargestFileFollowsTheConstantBitrate() {
        // 30 s at the constant 11 Mbit/s and 256 kbit/s of sound, with the container's share.
        let bound = try? #require(Target.named("appstore-iphone")?.maxFileBytes(seconds: 30))
        #expect(bound.map { $0 < 45e6 && $0 > 42e6 } == true)
        #expect(Target.named("youtube")?.maxFileBytes(seconds: 30) == nil)
    }
}
