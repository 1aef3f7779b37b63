import Foundation

/// Runs a program for a test and gives back its exit status, stdout and stderr.
public struct Command {
    public struct Output {
        public var status: Int32
        public var stdout: Data
        public var stderr: String
        public var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    /// Runs `executable` (an absolute path, or a name looked up in /usr/bin) with `arguments`
    /// (and `input` on its stdin when given). stderr goes to a file, so a chatty program cannot
    /// block on a full pipe.
    public static func run(_ executable: String, _ arguments: [String], in directory: String? = nil,
                           environment: [String: String]? = nil, input: Data? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/\(executable)")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        let errorPath = NSTemporaryDirectory() + "pagereel-test-stderr-\(UUID().uuidString).txt"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        let stdin = input.map { _ in Pipe() }
        if let stdin { process.standardInput = stdin }
        try process.run()
        if let stdin, let input {
            // Fed from another thread: a program that writes as it reads would otherwise fill the
            // stdout pipe while this thread is still writing its input.
            let writer = stdin.fileHandleForWriting
            DispatchQueue.global().async {
                writer.write(input)
                try? writer.close()
            }
        }
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return Output(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }

    /// Runs a tool that must succeed; returns its stdout.
    public static func check(_ tool: String, _ arguments: [String]) throws -> Data {
        let out = try run(tool, arguments)
        guard out.status == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) failed (\(out.status)): \(out.stderr)")
        }
        return out.stdout
    }
}
