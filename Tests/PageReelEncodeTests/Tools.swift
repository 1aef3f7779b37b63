import Foundation

/// Runs ffprobe/ffmpeg for the tests and gives back what they print.
///
/// The encoders are checked against FFmpeg's own reading of the files, never against their bytes.
enum Tools {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `tool` with `arguments`; returns stdout. Throws with stderr on a non-zero exit.
    static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
        process.arguments = arguments
        // stderr goes to a file so a chatty tool cannot fill a pipe nobody is reading.
        let errorPath = NSTemporaryDirectory() + "pagereel-tool-\(UUID().uuidString).txt"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let stderr = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) failed: \(stderr)")
        }
        return stdout
    }

    /// ffprobe's JSON for the first video stream and the container.
    static func probe(_ path: String, countFrames: Bool = true) throws -> (stream: [String: Any], format: [String: Any]) {
        var arguments = ["-v", "error", "-select_streams", "v:0", "-show_streams", "-show_format", "-of", "json"]
        if countFrames { arguments.insert("-count_frames", at: 2) }
        let data = try run("ffprobe", arguments + [path])
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let stream = (json["streams"] as? [[String: Any]])?.first ?? [:]
        let format = json["format"] as? [String: Any] ?? [:]
        return (stream, format)
    }

    /// Every frame decoded by ffmpeg as packed RGB24 (`width·height·3` bytes per frame), one
    /// output frame per stored frame (no duplication to a constant rate).
    static func decodeRGB(_ path: String) throws -> [UInt8] {
        [UInt8](try run("ffmpeg", ["-v", "error", "-i", path, "-fps_mode", "passthrough",
                                   "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
    }

    /// A fresh empty directory under the system temp directory.
    static func temporaryDirectory(_ name: String = #function) throws -> String {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let path = NSTemporaryDirectory() + "pagereel-encode-\(safe)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
