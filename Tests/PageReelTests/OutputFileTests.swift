import Foundation
import PageReelTestSupport
import Testing
@testable import PageReel

/// Outputs go where they are asked for: the missing folders of their paths are made, and an
/// export that fails takes away the folders it made along with its files.
@Suite struct OutputFileTests {
    let scratch = ScratchDirectory()

    /// Every path under `folder`, relative to it, sorted (folders end in `/`).
    func tree(_ folder: String) throws -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: folder) else { return [] }
        var paths: [String] = []
        while let path = walk.nextObject() as? String {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder)
            paths.append(path + (isFolder.boolValue ? "/" : ""))
        }
        return paths.sorted()
    }

    @Test func missingFoldersAreMadeAndKeptOnSuccess() throws {
        let folder = try scratch.directory()
        let files = try ["out/en/demo.mp4", "out/en/gif/demo.gif", "out/ar/frames/"].map {
            try OutputFile(Output(argument: folder + "/" + $0)!)
        }
        #expect(files.map(\.madeFolders.count) == [2, 1, 1])
        for file in files where file.output.format != .pngFrames { try Data("x".utf8).write(to: URL(fileURLWithPath: file.temporaryPath)) }
        try OutputCommit().commit(files)
        #expect(try tree(folder) == ["out/", "out/ar/", "out/ar/frames/", "out/en/", "out/en/demo.mp4", "out/en/gif/",
                                     "out/en/gif/demo.gif"])
        // A later signal leaves them be: they hold outputs that were committed.
        TemporaryFiles.removeAll { $0.hasPrefix(folder + "/") }
        #expect(try tree(folder).count == 7)
    }

    /// Several outputs made folders they share; a failure undoes all of them, innermost first,
    /// and leaves the folders that were there before.
    @Test func aFailureRemovesTheFoldersItMade() throws {
        let folder = try scratch.directory()
        try FileManager.default.createDirectory(atPath: folder + "/kept", withIntermediateDirectories: false)
        let files = try ["kept/new/a.mp4", "kept/new/deeper/b.gif", "other/c.webm"].map {
            try OutputFile(Output(argument: folder + "/" + $0)!)
        }
        for file in files { try Data("x".utf8).write(to: URL(fileURLWithPath: file.temporaryPath)) }
        var commit = OutputCommit()
        var calls = 0
        // The second output's rename fails, after the first was placed.
        commit.rename = { from, to in
            calls += 1
            if calls == 2 { errno = EXDEV; return -1 }
            return Glibc.rename(from, to)
        }
        #expect(throws: PageReelError.self) { try commit.commit(files) }
        #expect(try tree(folder) == ["kept/"])
    }

    /// A folder something else was put in while the export ran stays, with what is in it.
    @Test func aFolderThatIsNoLongerEmptyStays() throws {
        let folder = try scratch.directory()
        let file = try OutputFile(Output(argument: folder + "/made/sub/a.mp4")!)
        try Data("theirs".utf8).write(to: URL(fileURLWithPath: folder + "/made/theirs.txt"))
        file.discard()
        #expect(try tree(folder) == ["made/", "made/theirs.txt"])
    }

    /// A signal's undo removes the folders with the temporary outputs.
    @Test func aSignalRemovesTheFoldersMade() throws {
        let folder = try scratch.directory()
        let file = try OutputFile(Output(argument: folder + "/a/b/c/demo.gif")!)
        try Data("partial".utf8).write(to: URL(fileURLWithPath: file.temporaryPath))
        TemporaryFiles.removeAll { $0.hasPrefix(folder + "/") }
        #expect(try tree(folder) == [])
        withExtendedLifetime(file) {}
    }

    @Test func aFileInTheWayIsNamed() throws {
        let folder = try scratch.directory()
        try Data("file".utf8).write(to: URL(fileURLWithPath: folder + "/blocker"))
        do {
            _ = try OutputFile(Output(argument: folder + "/blocker/sub/demo.mp4")!)
            Issue.record("made a folder inside a file")
        } catch {
            guard case .cannotCreateOutput(_, let message) = error else { Issue.record("\(error)"); return }
            #expect(message == "cannot make folder \(folder)/blocker/sub: Not a directory (\(folder)/blocker is not a folder)")
        }
        #expect(try tree(folder) == ["blocker"])
    }

    /// Through the exporter: `{locale}` folders for a deck in two locales, and nothing left
    /// when the second locale's output cannot be made.
    @Test func localeFoldersAreMadeAndUndone() throws {
        let locales = LocaleExportTests()
        try withExtendedLifetime(locales) {
            let folder = try locales.folder(name: "folders")
            let projects = try Project.load(folder + "/deck.json", locales: .all)
            var options = ExportOptions()
            options.outputs = [Output(argument: folder + "/out/{locale}/demo.mp4")!, Output(argument: folder + "/out/{locale}/still.png")!]
            _ = try Exporter.run(try Exporter.each(projects, options: options))
            #expect(try tree(folder + "/out") == ["ar/", "ar/demo.mp4", "ar/still.png", "en/", "en/demo.mp4", "en/still.png"])
            // The Arabic folder is a file this time: nothing of the English export stays either.
            try FileManager.default.removeItem(atPath: folder + "/out")
            try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: false)
            try Data().write(to: URL(fileURLWithPath: folder + "/out/ar"))
            #expect(throws: PageReelError.self) { _ = try Exporter.run(try Exporter.each(projects, options: options)) }
            #expect(try tree(folder + "/out") == ["ar"])
        }
    }
}
