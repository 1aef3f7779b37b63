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

    public func string(_ key: String) -> String? { stream[key] as? String }
    public var frames: Int? { (stream["nb_read_frames"] as? String).flatMap { Int($0) } }
    public var duration: Double? { (format["duration"] as? String).flatMap { Double($0) } }
    public var width: Int? { stream["width"] as? Int }
    public var height: Int? { stream["height"] as? Int }

    /// Every frame decoded as packed RGB24, one per stored frame.
    public static func decodeRGB(_ path: String) throws -> [UInt8] {
        [UInt8](try Command.check("ffmpeg", ["-v", "error", "-i", path, "-fps_mode", "passthrough",
                                             "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
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

/// Fresh scratch folders and paths inside the repository.
public enum Scratch {
    /// A new empty folder under the system temp directory.
    public static func folder(_ name: String = #function) throws -> String {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let path = NSTemporaryDirectory() + "pagereel-\(safe)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The repository root, found from a test source file's path.
    public static func repositoryRoot(_ filePath: String = #filePath) -> String {
        var url = URL(fileURLWithPath: filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        }
        return FileManager.default.currentDirectoryPath
    }
}
