import Foundation
import Synchronization

/// What an interrupted export must undo, process-wide: outputs still under their temporary names,
/// and existing files moved aside while the outputs are committed. A signal handler's watchdog
/// undoes it at any moment, even while an encoder is busy: temporary outputs are deleted, then
/// every file moved aside goes back to its name.
public enum TemporaryFiles {
    private struct Registry {
        var paths = Set<String>()
        /// Backup path → the path it came from.
        var restores: [String: String] = [:]
        /// Folders made for outputs, removed (when empty) after the outputs.
        var folders = Set<String>()
    }

    /// Touched by the exporting thread and by the watchdog, which may run at any moment.
    private static let registry = Mutex(Registry())

    static func add(_ path: String) { registry.withLock { _ = $0.paths.insert(path) } }
    static func remove(_ path: String) { registry.withLock { _ = $0.paths.remove(path) } }
    static func addFolder(_ path: String) { registry.withLock { _ = $0.folders.insert(path) } }
    static func removeFolder(_ path: String) { registry.withLock { _ = $0.folders.remove(path) } }

    /// Notes that `original` was moved to `backup`, to be moved back if the export is undone.
    static func addRestore(backup: String, original: String) { registry.withLock { $0.restores[backup] = original } }
    static func removeRestore(backup: String) { registry.withLock { _ = $0.restores.removeValue(forKey: backup) } }

    /// The temporary outputs that exist right now.
    public static var paths: [String] { registry.withLock { $0.paths.sorted() } }

    /// Deletes every temporary output (files and frame folders), puts back every file moved aside,
    /// removes the folders made for outputs that are left empty, and forgets them.
    public static func removeAll() { removeAll { _ in true } }

    /// `removeAll()` for the paths `include` accepts (backups by the path they restore); the
    /// others stay registered. Tests undo their own files this way, leaving those of exports
    /// running beside them alone.
    static func removeAll(where include: (String) -> Bool) {
        let drained = registry.withLock { registry in
            var drained = Registry()
            drained.paths = registry.paths.filter(include)
            drained.restores = registry.restores.filter { include($0.value) }
            drained.folders = registry.folders.filter(include)
            registry.paths.subtract(drained.paths)
            registry.folders.subtract(drained.folders)
            for backup in drained.restores.keys { registry.restores.removeValue(forKey: backup) }
            return drained
        }
        for path in drained.paths { try? FileManager.default.removeItem(atPath: path) }
        for (backup, original) in drained.restores.sorted(by: { $0.key < $1.key }) {
            try? FileManager.default.removeItem(atPath: original)
            _ = Glibc.rename(backup, original)
        }
        // Innermost first: a longer path inside a shorter one goes before it.
        for folder in drained.folders.sorted(by: { $0.count > $1.count }) { _ = Glibc.rmdir(folder) }
    }
}
