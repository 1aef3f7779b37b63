import Foundation

/// Moves the finished outputs of one export into place, all of them or none.
///
/// Outputs are renamed from their temporary names one by one, so a failure on the second could
/// leave the first replaced. Instead every existing target is first moved aside to a backup name
/// in its folder, then each output is renamed into place; if any step fails, the outputs already
/// placed are removed and the backups moved back, so the folder is as it was. Only when every
/// output is in place are the backups deleted. Each step is registered with `TemporaryFiles`
/// before it is taken, so a signal at any moment is undone the same way. A frames folder is
/// replaced as a whole, never merged into an old one.
struct OutputCommit {
    /// The rename used (a test can make it fail); `rename(2)` by default.
    var rename: (String, String) -> Int32 = { Glibc.rename($0, $1) }

    /// Commits `files`; throws with nothing changed when one cannot be moved into place.
    func commit(_ files: [OutputFile]) throws(PageReelError) {
        let fm = FileManager.default
        var backups: [(backup: String, original: String)] = []
        var placed: [String] = []

        func undo() {
            for path in placed {
                try? fm.removeItem(atPath: path)
                TemporaryFiles.remove(path)
            }
            for (backup, original) in backups.reversed() {
                _ = rename(backup, original)
                TemporaryFiles.removeRestore(backup: backup)
            }
            OutputFile.discard(files)
        }

        for file in files where fm.fileExists(atPath: file.output.path) {
            let backup = file.temporaryPath + ".previous"
            TemporaryFiles.addRestore(backup: backup, original: file.output.path)
            guard rename(file.output.path, backup) == 0 else {
                let error = renameError(file.output.path)
                TemporaryFiles.removeRestore(backup: backup)
                undo()
                throw error
            }
            backups.append((backup, file.output.path))
        }
        for file in files {
            TemporaryFiles.add(file.output.path)
            guard rename(file.temporaryPath, file.output.path) == 0 else {
                let error = renameError(file.output.path)
                TemporaryFiles.remove(file.output.path)
                undo()
                throw error
            }
            placed.append(file.output.path)
            file.markCommitted()
        }
        // Everything is in place: the new outputs stay, the old ones go.
        for path in placed { TemporaryFiles.remove(path) }
        files.forEach { $0.keepFolders() }
        for (backup, _) in backups {
            try? fm.removeItem(atPath: backup)
            TemporaryFiles.removeRestore(backup: backup)
        }
    }

    private func renameError(_ path: String) -> PageReelError {
        let code = errno
        let message = String(cString: strerror(code))
        return [ENOSPC, EDQUOT, EIO, EFBIG].contains(code) ? .writeFailed(path: path, message: message)
            : .cannotCreateOutput(path: path, message: message)
    }
}
