/// What a pagereel MP4 records about itself: which frames of which video it holds.
///
/// Every MP4 pagereel writes carries this, a `--frames A-B` shard as much as a full export (the
/// shard 0…N−1) or a joined video, so `concat` can order shards by their frames whatever the
/// argument order, and refuse gaps, overlaps and shards of another video instead of trusting the
/// shell's file order. It is stored as custom keys of the container's metadata (`moov/meta`,
/// written with the mov muxer's `use_metadata_tags`), which ffprobe shows as format tags:
///
///     TAG:pagereel.frames=300-599
///     TAG:pagereel.frame_count=900
///     TAG:pagereel.fingerprint=5f0c…(64 hex digits)
///     TAG:pagereel.settings=1280x720, 30 fps, h264, crf 18, preset medium, tune animation, transition cards, no audio
///     TAG:pagereel.version=0.1.0
///
/// A remux by another tool drops these keys unless it asks to keep them, so a file changed
/// outside pagereel reads as "no metadata" rather than as a shard it may no longer be.
public struct ShardMetadata: Sendable, Equatable {
    /// The frames the file holds, 0-based and inclusive, numbered in the whole video.
    public var frames: ClosedRange<Int>
    /// Frames in the whole video at this frame rate.
    public var frameCount: Int
    /// SHA-256 (hex) of everything that shapes the pixels and the stream: the deck's content,
    /// the files it names, the size, rate, codec settings and pagereel's version. Equal
    /// fingerprints mean the shards are parts of one video.
    public var fingerprint: String
    /// The size, rate, codec settings and transition, for people, as comma-separated fields:
    /// what to compare when fingerprints differ.
    public var settings: String
    /// The version of pagereel that wrote the file.
    public var version: String

    public init(frames: ClosedRange<Int>, frameCount: Int, fingerprint: String, settings: String, version: String) {
        self.frames = frames
        self.frameCount = frameCount
        self.fingerprint = fingerprint
        self.settings = settings
        self.version = version
    }

    /// The metadata keys, each declared once for writing and reading.
    enum Key: String, CaseIterable {
        case frames = "pagereel.frames"
        case frameCount = "pagereel.frame_count"
        case fingerprint = "pagereel.fingerprint"
        case settings = "pagereel.settings"
        case version = "pagereel.version"
    }

    /// The container tags to write.
    var tags: [(key: String, value: String)] {
        [(Key.frames.rawValue, "\(frames.lowerBound)-\(frames.upperBound)"),
         (Key.frameCount.rawValue, String(frameCount)),
         (Key.fingerprint.rawValue, fingerprint),
         (Key.settings.rawValue, settings),
         (Key.version.rawValue, version)]
    }

    /// The metadata among a file's tags: nil when it has none of pagereel's keys. A file with
    /// some keys but not all, or a value that does not parse, is `.badInput` naming the key.
    static func read(path: String, tag: (String) -> String?) throws(EncodeError) -> ShardMetadata? {
        let values = Dictionary(uniqueKeysWithValues: Key.allCases.compactMap { key in tag(key.rawValue).map { (key, $0) } })
        guard !values.isEmpty else { return nil }
        func damaged(_ key: Key) -> EncodeError {
            .badInput(path: path, message: "its pagereel metadata is damaged (\(key.rawValue): \(values[key].map { "\"\($0)\"" } ?? "missing"))")
        }
        guard let rangeText = values[.frames] else { throw damaged(.frames) }
        let bounds = rangeText.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard bounds.count == 2, let first = bounds[0], let last = bounds[1], first >= 0, last >= first else {
            throw damaged(.frames)
        }
        guard let countText = values[.frameCount], let frameCount = Int(countText), frameCount > last else {
            throw damaged(.frameCount)
        }
        guard let fingerprint = values[.fingerprint], fingerprint.count == 2 * SHA256.byteCount,
              fingerprint.allSatisfy(\.isHexDigit) else { throw damaged(.fingerprint) }
        guard let settings = values[.settings] else { throw damaged(.settings) }
        guard let version = values[.version], !version.isEmpty else { throw damaged(.version) }
        return ShardMetadata(frames: first...last, frameCount: frameCount, fingerprint: fingerprint,
                             settings: settings, version: version)
    }
}
