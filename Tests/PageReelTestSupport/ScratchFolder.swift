import Foundation

/// A fresh folder per test for the files it writes, removed when the test ends.
public enum ScratchFolder {
    /// Runs `body` with a fresh empty folder, removed afterwards.
    public static func with<T>(_ body: (URL) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("pagereel-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url)
    }

    /// Writes `bytes` to `folder/name` and returns its path.
    public static func write(_ bytes: [UInt8], named name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}
