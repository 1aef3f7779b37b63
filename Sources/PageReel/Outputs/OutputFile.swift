import Foundation

/// An output written under a temporary name in its target folder and renamed into place only on
/// success (`OutputCommit`), so a failed or interrupted export leaves no partial file and never
/// clobbers an existing one.
final class OutputFile {
    let output: Output
    /// Where the encoder writes.
    let temporaryPath: String
    private var settled = false

    /// The folders of the output's path that this output made (the outermost first); removed
    /// again, when empty, if the export fails.
    private(set) var madeFolders: [String] = []

    /// Checks that the output can be created, makes the folders of its path that are missing
    /// (as `mkdir -p`), and picks its temporary name.
    init(_ output: Output) throws(PageReelError) {
        self.output = output
        let fm = FileManager.default
        let path = output.path
        let folder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        madeFolders = try Self.makeFolders(folder, for: path)
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

    /// The export succeeded: the folders this output made hold it and stay.
    func keepFolders() {
        madeFolders.forEach(TemporaryFiles.removeFolder)
        madeFolders = []
    }

    /// Removes whatever was written, and the folders this output made if nothing else is in them.
    func discard() {
        Self.discard([self])
    }

    /// Removes whatever `files` wrote, then the folders they made that are left empty, innermost
    /// first — after every file, since outputs of one export may share a folder one of them made.
    static func discard(_ files: [OutputFile]) {
        for file in files where !file.settled {
            file.settled = true
            try? FileManager.default.removeItem(atPath: file.temporaryPath)
            TemporaryFiles.remove(file.temporaryPath)
        }
        for folder in files.flatMap(\.madeFolders).reversed() {
            // rmdir(2): a folder something else has meanwhile been put in stays.
            if Glibc.rmdir(folder) == 0 || errno == ENOENT { TemporaryFiles.removeFolder(folder) }
        }
    }

    /// Makes the missing folders of `folder` (the output `path`'s), outermost first: the ones
    /// made. Each is registered with `TemporaryFiles` before it is made, so a signal removes it.
    private static func makeFolders(_ folder: String, for path: String) throws(PageReelError) -> [String] {
        let fm = FileManager.default
        var missing: [String] = []
        var current = folder
        var isDirectory: ObjCBool = false
        while !current.isEmpty, current != "/", current != ".", !fm.fileExists(atPath: current, isDirectory: &isDirectory) {
            missing.append(current)
            current = parent(of: current)
        }
        var made: [String] = []
        for next in missing.reversed() {
            TemporaryFiles.addFolder(next)
            guard Glibc.mkdir(next, 0o777) == 0 || errno == EEXIST else {
                let code = errno
                let message = String(cString: strerror(code))
                TemporaryFiles.removeFolder(next)
                for folder in made.reversed() where Glibc.rmdir(folder) == 0 { TemporaryFiles.removeFolder(folder) }
                let above = parent(of: next)
                throw .cannotCreateOutput(path: path, message: "cannot make folder \(next): \(message)"
                    + (code == ENOTDIR ? " (\(above.isEmpty ? "." : above) is not a folder)" : ""))
            }
            made.append(next)
        }
        return made
    }

    /// The folder `path` is in ("" for a bare name), by its last slash.
    private static func parent(of path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    deinit { discard() }
}
