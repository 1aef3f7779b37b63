import Foundation
import Glibc
import Synchronization

/// Polls files' modification times, sizes and inodes (inotify does not cross a container's bind
/// mounts from a Mac), and calls `changed` on its own thread when any of them differs from the
/// last look — a file written, replaced by an editor's rename, made or removed.
final class FileWatcher: Sendable {
    /// What `stat` says of a file, or nil when it is not there.
    struct Stamp: Equatable, Sendable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int64
        var inode: UInt64
    }

    /// How long the files must stay the same after a change before they are read, and how many
    /// times that is waited for at most.
    static let settle = 0.04
    static let settleLooks = 25

    private let interval: Double
    private let files: @Sendable () -> [String]
    private let changed: @Sendable () -> Void
    private let stopped = Atomic<Bool>(false)

    /// Watches the files `files` lists (asked again after every change) every `interval` seconds.
    init(interval: Double, files: @escaping @Sendable () -> [String], changed: @escaping @Sendable () -> Void) {
        self.interval = interval
        self.files = files
        self.changed = changed
    }

    static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Stamp(seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec, size: Int64(info.st_size),
                     inode: UInt64(info.st_ino))
    }

    static func stamps(_ paths: [String]) -> [Stamp?] { paths.map(stamp) }

    /// Takes the first look before it returns, so a change made once the caller goes on is seen
    /// however late the watching thread first runs (on a busy machine, after an editor's save).
    func start() {
        let paths = files()
        let first = FileWatcher.stamps(paths)
        let thread = Thread { [self] in run(paths: paths, last: first) }
        thread.name = "pagereel-watch"
        thread.start()
    }

    func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    private func run(paths: [String], last: [Stamp?]) {
        var paths = paths, last = last
        while !stopped.load(ordering: .relaxed) {
            Thread.sleep(forTimeInterval: interval)
            var now = FileWatcher.stamps(paths)
            guard now != last else { continue }
            // A save in place (an editor truncating the file, then writing it) is read once the
            // files hold still for `settle` and none is empty (a busy machine can hold the
            // truncated file longer than that), not half-written; a file still growing or empty
            // after `settleLooks` looks is read as it is, and read again at the next change.
            for _ in 0..<Self.settleLooks {
                Thread.sleep(forTimeInterval: Self.settle)
                let again = FileWatcher.stamps(paths)
                if again == now && !again.contains(where: { $0?.size == 0 }) { break }
                now = again
            }
            changed()
            // The changed version may name other files. A file seen before keeps the stamp taken
            // before the reload read it, so a write during the reload is a change next time.
            let seen = Dictionary(zip(paths, now), uniquingKeysWith: { first, _ in first })
            paths = files()
            last = paths.map { seen[$0] ?? FileWatcher.stamp($0) }
        }
    }
}
