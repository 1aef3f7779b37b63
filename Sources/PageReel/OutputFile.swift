import Foundation

/// An output written under a temporary name in its target folder and renamed into place only on
/// success (`OutputCommit`), so a failed or interrupted export leaves no partial file and never
/// clobbers an existing one.
final class OutputFile {
    let output: Output
    /// Where the encoder writes.
    let temporaryPath: String
    private var settled = false

    /// Checks that the output can be created and picks its temporary name.
    init(_ output: Output) throws(PageReelError) {
        self.output = output
        let fm = FileManager.default
        let path = output.path
        let folder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw .cannotCreateOutput(path: path, message: "folder \(folder) does not exist")
        }
        guard isDirectory.boolValue else { throw .cannotCreateOutput(path: path, message: "\(folder) is not a folder") }
        guard fm.isWritableFile(atPath: folder) else {
            throw .cannotCreateOutput(path: path, message: "folder \(folder) is not writable")
        }
        if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
            if output.format == .pngFrames && !isDirectory.boolValue {
                throw .cannotCreateOutput(path: path, message: "a file is in the way of the frames folder")
            }
            if output.format != .pngFrames && isDirectory.boolValue {
                throw .cannotCreateOutput(path: path, message: "a directory is in the way")
            }
        }
        let name = (path as NSString).lastPathComponent
        let ext = (name as NSString).pathExtension
        let stem = ".\(name).\(getpid()).partial"
        temporaryPath = (folder as NSString).appendingPathComponent(ext.isEmpty ? stem : "\(stem).\(ext)")
        TemporaryFiles.add(temporaryPath)
        if output.format == .pngFrames {
            do {
                try fm.createDirectory(atPath: temporaryPath, withIntermediateDirectories: false)
            } catch {
                throw .cannotCreateOutput(path: path, message: error.localizedDescription)
            }
        }
    }

    /// Moves this one finished output into place (an export commits all of its outputs together
    /// with `OutputCommit`).
    func commit() throws(PageReelError) {
        guard !settled else { return }
        try OutputCommit().commit([self])
    }

    /// Notes that the temporary output is now the output (nothing is left to discard).
    func markCommitted() {
        settled = true
        TemporaryFiles.remove(temporaryPath)
    }

    /// Removes whatever was written.
    func discard() {
        guard !settled else { return }
        settled = true
        try? FileManager.default.removeItem(atPath: temporaryPath)
        TemporaryFiles.remove(temporaryPath)
    }

    deinit { discard() }
}
