import Foundation
import Synchronization

/// Every output still under its temporary name, process-wide, so that an interrupted export can be
/// cleaned up even while an encoder is busy (a signal handler's watchdog removes them).
public enum TemporaryFiles {
    /// Touched by the exporting thread and by the watchdog, which may run at any moment.
    private static let registry = Mutex<Set<String>>([])

    static func add(_ path: String) { registry.withLock { _ = $0.insert(path) } }
    static func remove(_ path: String) { registry.withLock { _ = $0.remove(path) } }

    /// The temporary outputs that exist right now.
    public static var paths: [String] { registry.withLock { $0.sorted() } }

    /// Deletes every temporary output (files and frame folders) and forgets them.
    public static func removeAll() {
        let drained = registry.withLock { paths in
            defer { paths.removeAll() }
            return paths
        }
        for path in drained { try? FileManager.default.removeItem(atPath: path) }
    }
}
