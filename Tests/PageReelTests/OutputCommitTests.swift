import Foundation
import PageReelTestSupport
import Testing
@testable import PageReel

/// One export's outputs are committed all together or not at all.
@Suite struct OutputCommitTests {
    let scratch = ScratchDirectory()

    func write(_ text: String, _ path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
    func read(_ path: String) -> String? { (try? String(contentsOfFile: path, encoding: .utf8)) }

    /// Three outputs, the first two replacing files that exist; the third rename fails: every old
    /// file is back, nothing new is left, no temporary or backup remains.
    @Test func aFailedRenameUndoesEverything() throws {
        let folder = try scratch.directory()
        try write("old a", folder + "/a.mp4")
        try write("old b", folder + "/b.gif")
        let files = try ["a.mp4", "b.gif", "c.webm"].map { try OutputFile(Output(argument: folder + "/" + $0)!) }
        for (file, text) in zip(files, ["new a", "new b", "new c"]) { try write(text, file.temporaryPath) }
        var calls = 0
        var commit = OutputCommit()
        commit.rename = { from, to in
            calls += 1
            // Two backups, then the outputs: the third output's rename fails.
            if calls == 5 { errno = EXDEV; return -1 }
            return Glibc.rename(from, to)
        }
        #expect(throws: PageReelError.self) { try commit.commit(files) }
        #expect(read(folder + "/a.mp4") == "old a")
        #expect(read(folder + "/b.gif") == "old b")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.mp4", "b.gif"])
        #expect(TemporaryFiles.paths.allSatisfy { !$0.hasPrefix(folder) })
    }

    @Test func aFailedBackupUndoesEverything() throws {
        let folder = try scratch.directory()
        try write("old a", folder + "/a.mp4")
        try write("old b", folder + "/b.gif")
        let files = try ["a.mp4", "b.gif"].map { try OutputFile(Output(argument: folder + "/" + $0)!) }
        for file in files { try write("new", file.temporaryPath) }
        var commit = OutputCommit()
        var calls = 0
        commit.rename = { from, to in
            calls += 1
            if calls == 2 { errno = EIO; return -1 }
            return Glibc.rename(from, to)
        }
        do {
            try commit.commit(files)
            Issue.record("committed")
        } catch {
            if case .writeFailed = error {} else { Issue.record("EIO is a write failure: \(error)") }
        }
        #expect(read(folder + "/a.mp4") == "old a" && read(folder + "/b.gif") == "old b")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.mp4", "b.gif"])
    }

    @Test func successReplacesAndCleansUp() throws {
        let folder = try scratch.directory()
        try write("old a", folder + "/a.mp4")
        try FileManager.default.createDirectory(atPath: folder + "/frames", withIntermediateDirectories: false)
        try write("stale", folder + "/frames/frame-000999.png")
        let files = try ["a.mp4", "frames/"].map { try OutputFile(Output(argument: folder + "/" + $0)!) }
        try write("new a", files[0].temporaryPath)
        try write("frame", files[1].temporaryPath + "/frame-000000.png")
        try OutputCommit().commit(files)
        #expect(read(folder + "/a.mp4") == "new a")
        // The frames folder is replaced as a whole: the stale frame is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/frames") == ["frame-000000.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.mp4", "frames"])
    }

    /// The watchdog's undo: what was moved aside goes back, what was placed goes away.
    @Test func removeAllPutsBackWhatWasMovedAside() throws {
        let folder = try scratch.directory()
        try write("old", folder + "/x.mp4.previous")
        try write("new", folder + "/x.mp4")
        TemporaryFiles.add(folder + "/x.mp4")
        TemporaryFiles.addRestore(backup: folder + "/x.mp4.previous", original: folder + "/x.mp4")
        // Only this test's files: exports running beside it have theirs registered too.
        TemporaryFiles.removeAll { $0.hasPrefix(folder + "/") }
        #expect(read(folder + "/x.mp4") == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["x.mp4"])
    }
}
