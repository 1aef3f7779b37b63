import Foundation
import Glibc
import PageReelTestSupport
import Synchronization
import Testing
@testable import PageReelStudio

@Suite struct FileWatcherTests {
    /// An editor's save in place truncates the file, then writes it: the watcher reads it whole,
    /// never in between. Each save leaves the file empty for a few milliseconds, which a watcher
    /// polling every 20 ms without waiting for the file to hold still catches about once in four;
    /// the last save leaves it empty longer than the watcher waits for files to hold still.
    @Test func aSaveInPlaceIsReadWholeNotHalfWritten() throws {
        try ScratchFolder.with { folder in
            let path = folder.appendingPathComponent("deck.json").path
            let content = ##"{ "pages": [ { "color": "#336699" } ] }"##
            try Data(content.utf8).write(to: URL(fileURLWithPath: path))
            let seen = Mutex<[String]>([])
            let watcher = FileWatcher(interval: 0.02, files: { [path] }) {
                let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "(unreadable)"
                seen.withLock { $0.append(text) }
            }
            watcher.start()
            defer { watcher.stop() }
            let saves = 12
            for save in 1...saves {
                let file = try #require(fopen(path, "w"))
                usleep(save == saves ? 150_000 : 8_000)
                fputs(content, file)
                fclose(file)
                // The change is seen and read before the next save.
                let deadline = Date().addingTimeInterval(5)
                while seen.withLock({ $0.count }) < save && Date() < deadline { usleep(5_000) }
                usleep(60_000)
            }
            let reads = seen.withLock { $0 }
            #expect(reads.count == saves)
            #expect(reads.allSatisfy { $0 == content }, "\(reads.filter { $0 != content })")
        }
    }

    /// A file made, changed and removed is each time a change.
    @Test func madeChangedAndRemovedAreChanges() throws {
        try ScratchFolder.with { folder in
            let path = folder.appendingPathComponent("shot.png").path
            let count = Atomic<Int>(0)
            let watcher = FileWatcher(interval: 0.02, files: { [path] }) { count.add(1, ordering: .relaxed) }
            watcher.start()
            defer { watcher.stop() }
            func waitFor(_ n: Int) {
                let deadline = Date().addingTimeInterval(5)
                while count.load(ordering: .relaxed) < n && Date() < deadline { usleep(5_000) }
            }
            usleep(50_000)
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
            waitFor(1)
            try Data([1, 2, 3, 4]).write(to: URL(fileURLWithPath: path))
            waitFor(2)
            unlink(path)
            waitFor(3)
            usleep(100_000)
            #expect(count.load(ordering: .relaxed) == 3)
        }
    }

    /// A change made as soon as `start` returns is a change, however late the first look at the
    /// files comes (here it takes 300 ms, as a busy machine can make it): it is taken before
    /// `start` returns, not when the watching thread first runs. The file keeps its size and,
    /// written within the same clock tick, may keep its time: its new inode tells the save.
    @Test func aChangeRightAfterStartIsSeen() throws {
        try ScratchFolder.with { folder in
            let path = folder.appendingPathComponent("shot.png").path
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
            let asked = Atomic<Int>(0), count = Atomic<Int>(0)
            let watcher = FileWatcher(interval: 0.02, files: {
                if asked.add(1, ordering: .relaxed).newValue == 1 { usleep(300_000) }
                return [path]
            }) { count.add(1, ordering: .relaxed) }
            watcher.start()
            defer { watcher.stop() }
            // An editor's save: a new file renamed over the old one.
            let temporary = folder.appendingPathComponent(".shot.png.tmp").path
            try Data([4, 5, 6]).write(to: URL(fileURLWithPath: temporary))
            #expect(rename(temporary, path) == 0)
            let deadline = Date().addingTimeInterval(5)
            while count.load(ordering: .relaxed) < 1 && Date() < deadline { usleep(5_000) }
            #expect(count.load(ordering: .relaxed) == 1)
        }
    }
}
