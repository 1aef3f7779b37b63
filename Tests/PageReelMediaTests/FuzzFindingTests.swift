import Foundation
@testable import PageReelMedia
import Testing

/// Hostile image and video files, some found by libFuzzer (`Scripts/fuzz images` and `Scripts/fuzz
/// videos` save their findings here) and some made by `Fuzz/make-inputs fixtures` to pin the limits
/// the fuzzers push against: sizes past the limits, decompression bombs, too many scans, truncation,
/// playlists posing as videos. Each file goes through the calls of `Fuzz/ImageFuzzer.swift` or
/// `Fuzz/VideoFuzzer.swift` (videos also read as sounds) and must end in a value or a `MediaError`; one that crashed would stop
/// the run, and one that hung would overrun its time limit.
@Suite struct FuzzFindingTests {
    /// The fuzzers' pixel limit, which the expected messages name.
    static let maxPixels = 4_000_000

    static func folder(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Fixtures__/\(name)")
    }

    static func files(in name: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder(name).path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
    }

    static func bytes(_ name: String, in folder: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Self.folder(folder).appendingPathComponent(name)))
    }

    static let images = files(in: "fuzz-images")
    static let videos = files(in: "fuzz-videos")

    /// How the hand-made files end: nil for a value, else text the `.badImage`/`.badVideo` message holds.
    static let expected: [String: String?] = [
        // Refused from IHDR before libpng reads it (which would only say "Invalid IHDR data").
        "ihdr-100000x100000.png": "100000×100000 is 10000.0 MP, over the limit of 4 MP",
        "ihdr-60000x60000.png": "60000×60000 is 3600.0 MP, over the limit of 4 MP",
        "sof-65500x65500.jpg": "65500×65500 is 4290.3 MP, over the limit of 4 MP",
        // Text chunks are skipped unread; a profile inflating past 8 MiB is dropped.
        "ztxt-bomb.png": nil,
        "iccp-bomb.png": nil,
        // No IHDR where it must be: refused before libpng, which would quote the text as a chunk type.
        "signature-then-text.png": "PNG: missing IHDR header",
        "truncated.jpg": "JPEG: Premature end of JPEG file",
        "many-scans.jpg": "JPEG: more than 256 scans",
        "playlist.mp4": "a playlist (hls), not a video: pagereel reads one file, never the files a list names",
        "list.ffconcat": "a playlist (concat), not a video: pagereel reads one file, never the files a list names",
        "huge-dimensions.mp4": "65535×65535 is 4294.8 MP, over the limit of 4 MP",
    ]

    /// A replay test over an empty folder would check nothing.
    @Test func theFoldersHoldTheHandMadeFiles() {
        for name in Self.expected.keys {
            #expect(Self.images.contains(name) || Self.videos.contains(name), "missing: \(name)")
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: images)
    func imageEndsInAValueOrAMediaError(_ name: String) throws {
        let bytes = try Self.bytes(name, in: "fuzz-images")
        let file = try InputFile.memory(bytes, name: name)
        let size = Result { () throws(MediaError) in try ImageDecoder.size(of: file) }
        let decoded = Result { () throws(MediaError) in try ImageDecoder.decode(file: file, maxPixels: Self.maxPixels) }
        if case .success(let pixmap) = decoded {
            let shown = try #require(try? size.get(), "decoded, but no size before decoding")
            #expect(shown == (pixmap.width, pixmap.height))
        }
        for lookup in [EXIFLocator.png(bytes), EXIFLocator.jpeg(bytes)] {
            if case .found(let tiff) = lookup { _ = ImageOrientation(exif: tiff) }
        }
        _ = ImageOrientation(exif: bytes[...])
        let profile = ImageDecoder.embeddedProfile(bytes) ?? bytes
        for layout in [ColorTransform.Layout.rgba, .grayRGBA, .cmyk(inverted: false), .cmyk(inverted: true)] {
            var pixels = (0..<1024).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            ColorTransform(from: .icc(profile), layout: layout)?.apply(to: &pixels)
        }
        if let expected = Self.expected[name] {
            switch (decoded, expected) {
            case (.success, nil): break
            case (.failure(.badImage(_, let message)), let text?):
                #expect(message.contains(text), "\(name): \(message)")
            default:
                Issue.record("\(name): \(decoded.map { "a \($0.width)×\($0.height) image" }), expected \(expected ?? "an image")")
            }
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: videos)
    func videoEndsInAClipOrAMediaError(_ name: String) throws {
        let file = try InputFile.memory(try Self.bytes(name, in: "fuzz-videos"), name: name)
        let opened = Result { () throws(MediaError) in try VideoClip(file: file, maxPixels: Self.maxPixels) }
        if case .success(let clip) = opened {
            let last = clip.frameCount - 1
            #expect((0...last).contains(clip.frameIndex(at: clip.duration)))
            for (frame, reduction) in [(last, 1), (last / 2, 2), (min(1, last), 1), (0, 4)] {
                guard let pixmap = try? clip.frame(frame, reduction: reduction) else { break }
                #expect(pixmap.width == (clip.width + reduction - 1) / reduction, "\(name): frame \(frame)")
                #expect(pixmap.height == (clip.height + reduction - 1) / reduction, "\(name): frame \(frame)")
            }
        }
        // The same bytes as a sound, as the fuzzer reads them: to the end, every sample a number.
        if let sound = try? AudioStream(file: file, speed: 2, timedAgainstVideo: true) {
            var buffer = [Float](repeating: 0, count: 2 * 4096), total = 0
            while total < 60 * AudioStream.sampleRate, let n = try? sound.read(4096, into: &buffer), n > 0 {
                #expect(buffer[0..<(2 * n)].allSatisfy { $0.isFinite }, "\(name)")
                total += n
            }
        }
        if let expected = Self.expected[name] {
            switch (opened, expected) {
            case (.success, nil): break
            case (.failure(.badVideo(_, let message)), let text?):
                #expect(message.contains(text), "\(name): \(message)")
            default:
                Issue.record("\(name): \(opened.map { "a \($0.width)×\($0.height) clip" }), expected \(expected ?? "a clip")")
            }
        }
    }
}
