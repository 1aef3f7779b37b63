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
}

/// The files of one test, in a directory removed when the test's suite instance goes away.
///
/// Swift Testing makes a new suite instance per test (and per argument), so a suite holding one
/// of these cleans up after every test without tear-down code.
final class ScratchDirectory {
    let path: String
    private var made = 0

    init() {
        path = NSTemporaryDirectory() + "pagereel-encode-\(UUID().uuidString)"
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A new empty directory inside the scratch directory.
    func directory(_ name: String = #function) throws -> String {
        made += 1
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let directory = path + "/\(made)-\(safe)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }
}
