import Foundation
import PageReelMedia

/// Writes every frame as its own PNG, `frame-000123.png`, named by absolute frame index.
///
/// Absolute indices make shards (`--frames A-B`) rendered on different machines land side by side
/// in one folder without renaming. Bytes come from `PNGWriter`; the file writing is done here with
/// plain POSIX calls so a full disk is reported as such.
public final class PNGSequenceWriter: FrameSink {
    public let directory: String
    private var lastIndex: Int?
    private var isFinished = false

    /// Creates `directory` (and its parents) if it does not exist yet.
    public init(directory: String) throws(EncodeError) {
        self.directory = directory
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .cannotCreate(path: directory, call: "mkdir", message: "a file with that name exists")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(path: directory, call: "mkdir", message: Self.message(of: error))
        }
    }

    /// The file name for frame `index`.
    public static func fileName(index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
    }

    public func write(_ frame: Pixmap, index: Int) throws(EncodeError) {
        guard !isFinished else { throw .finished(path: directory) }
        if let lastIndex, index <= lastIndex { throw .frameOrder(path: directory, index: index, previous: lastIndex) }
        lastIndex = index
        try PNGFile.write(frame, to: directory + "/" + Self.fileName(index: index))
    }

    /// Nothing is buffered: every frame is complete once `write` returns.
    public func finish() throws(EncodeError) {
        guard !isFinished else { throw .finished(path: directory) }
        isFinished = true
    }

    private static func message(of error: any Error) -> String {
        (error as NSError).localizedDescription
    }
}
