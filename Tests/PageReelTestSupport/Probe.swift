import Foundation

/// What ffprobe and ffmpeg read from an output file: outputs are checked by decoding them,
/// never by comparing their bytes.
public struct Probe {
    public let stream: [String: Any]
    public let format: [String: Any]

    /// ffprobe's view of the first video stream (frames counted by decoding) and the container.
    public init(_ path: String) throws {
        let data = try Command.check("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                                 "-show_streams", "-show_format", "-of", "json", path])
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        stream = (json["streams"] as? [[String: Any]])?.first ?? [:]
        format = json["format"] as? [String: Any] ?? [:]
    }

    /// Both dictionaries, for destructuring.
    public var streamAndFormat: (stream: [String: Any], format: [String: Any]) { (stream, format) }

    public func string(_ key: String) -> String? { stream[key] as? String }
    public var frames: Int? { (stream["nb_read_frames"] as? String).flatMap { Int($0) } }
    public var duration: Double? { (format["duration"] as? String).flatMap { Double($0) } }
    public var width: Int? { stream["width"] as? Int }
    public var height: Int? { stream["height"] as? Int }

    /// Every frame decoded as packed RGB24, one per stored frame (turned upright by its display
    /// matrix, as players show it). `exactly` converts with accurate rounding and chroma
    /// interpolated at every pixel rather than FFmpeg's fast default.
    public static func decodeRGB(_ path: String, exactly: Bool = false) throws -> [UInt8] {
        let flags = exactly ? ["-sws_flags", "bicubic+accurate_rnd+full_chroma_int"] : []
        return [UInt8](try Command.check("ffmpeg", ["-v", "error", "-i", path, "-fps_mode", "passthrough"] + flags
                                             + ["-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
    }

    /// The top-level MP4 atoms in order (`ftyp`, `moov`, `mdat`, …).
    public static func topLevelAtoms(_ path: String) throws -> [String] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var atoms: [String] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            var size = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            atoms.append(String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self))
            if size == 1, offset + 16 <= bytes.count {
                size = bytes[(offset + 8)..<(offset + 16)].reduce(0) { $0 << 8 | Int($1) }
            }
            guard size >= 8 else { break }
            offset += size
        }
        return atoms
    }
}

/// Paths inside the repository.
public enum Repository {
    /// The built `pagereel` binary: next to the test bundle (same build folder), else the debug
    /// build in the repository.
    public static let binary: String = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [bundle, bundle.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("pagereel").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return root() + "/.build/debug/pagereel"
    }()

    /// The repository root, found from a test source file's path.
    public static func root(_ filePath: String = #filePath) -> String {
        var url = URL(fileURLWithPath: filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        }
        return FileManager.default.currentDirectoryPath
    }
}

/// The files of one test, in a directory removed when the test's suite instance goes away.
///
/// Swift Testing makes a new suite instance per test (and per argument), so a suite holding one
/// of these cleans up after every test without tear-down code.
public final class ScratchDirectory {
    public let path: String
    private var made = 0

    public init() {
        path = NSTemporaryDirectory() + "pagereel-test-\(UUID().uuidString)"
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A new empty directory inside the scratch directory.
    public func directory(_ name: String = #function) throws -> String {
        made += 1
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let directory = path + "/\(made)-\(safe)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }
}

extension Probe {
    /// Presentation times of every decoded frame, in order.
    public static func frameTimes(_ path: String) throws -> [Double] {
        let text = String(decoding: try Command.check("ffprobe", ["-v", "error", "-select_streams", "v:0",
                                                                 "-show_entries", "frame=pts_time", "-of", "csv=p=0", path]),
                          as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).compactMap { line in
            Double(line.split(separator: ",").first.map(String.init) ?? "")
        }
    }
}
