import Foundation

/// Every output still under its temporary name, process-wide, so that an interrupted export can be
/// cleaned up even while an encoder is busy (a signal handler's watchdog removes them).
public enum TemporaryFiles {
    private static let registry = Registry()

    static func add(_ path: String) { registry.update { $0.insert(path) } }
    static func remove(_ path: String) { registry.update { $0.remove(path) } }

    /// The temporary outputs that exist right now.
    public static var paths: [String] { registry.snapshot.sorted() }

    /// Deletes every temporary output (files and frame folders) and forgets them.
    public static func removeAll() {
        for path in registry.drain() { try? FileManager.default.removeItem(atPath: path) }
    }

    private final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var paths = Set<String>()

        func update(_ body: (inout Set<String>) -> Void) { lock.withLock { body(&paths) } }
        var snapshot: Set<String> { lock.withLock { paths } }
        func drain() -> Set<String> {
            lock.withLock {
                defer { paths.removeAll() }
                return paths
            }
        }
    }
}
