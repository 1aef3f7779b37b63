import Foundation
import Glibc
import PageReelMedia
import PageReelTestSupport
import Testing

/// `InputRoots`: which files a deck may open, judged as written and after links, and only regular
/// files, with real files, links, FIFOs and the kernel's own files.
@Suite struct InputRootsTests {
    /// `root/deck` (the deck's folder) holding `a.png`, and `root/outside/b.png`.
    func withFolders(_ body: (_ deck: String, _ outside: String) throws -> Void) throws {
        try ScratchFolder.with { root in
            let deck = root.appendingPathComponent("deck").path, outside = root.appendingPathComponent("outside").path
            for folder in [deck, outside] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try Data("a".utf8).write(to: URL(fileURLWithPath: deck + "/a.png"))
            try Data("bb".utf8).write(to: URL(fileURLWithPath: outside + "/b.png"))
            try body(deck, outside)
        }
    }

    /// The deck's folder and `allowing`, without the current directory (the repository, under
    /// the test runner).
    func roots(_ deck: String, allowing: [String] = []) throws -> InputRoots {
        try InputRoots(directory: deck, allowing: allowing, currentDirectory: false)
    }

    @Test func aFileInTheDecksFolderOpensAndReadsItsBytes() throws {
        try withFolders { deck, _ in
            let file = try roots(deck).open("a.png")
            #expect(file.size == 1)
            #expect(try file.bytes(limit: nil).bytes == Array("a".utf8))
            #expect(file.resolved.hasSuffix("/deck/a.png"))
        }
    }

    @Test func pathsOutsideAreRefusedAsWrittenWithoutLookingAtThem() throws {
        try withFolders { deck, outside in
            let roots = try roots(deck)
            for path in ["../outside/b.png", outside + "/b.png", "/etc/passwd", "sub/../../outside/b.png",
                         "../outside/missing.png"] {
                let leads = path.hasPrefix("/") ? nil : InputRoots.anywhere(relativeTo: deck).absolute(path)
                #expect(throws: MediaError.outside(path: path, resolved: leads, folders: ["the deck's folder"])) {
                    try roots.open(path)
                }
            }
        }
    }

    @Test func aLinkIsJudgedByWhereItLeads() throws {
        try withFolders { deck, outside in
            try FileManager.default.createSymbolicLink(atPath: deck + "/out.png", withDestinationPath: outside + "/b.png")
            try FileManager.default.createSymbolicLink(atPath: deck + "/in.png", withDestinationPath: "a.png")
            try FileManager.default.createSymbolicLink(atPath: deck + "/folder", withDestinationPath: outside)
            let roots = try roots(deck)
            let resolved = try #require(realpath(outside + "/b.png", nil))
            defer { free(resolved) }
            #expect(throws: MediaError.outside(path: "out.png", resolved: String(cString: resolved),
                                               folders: ["the deck's folder"])) { try roots.open("out.png") }
            #expect(throws: MediaError.self) { try roots.open("folder/b.png") }
            #expect(try roots.open("in.png").bytes(limit: nil).bytes == Array("a".utf8))
            // Allowed, the same links open.
            let allowed = try self.roots(deck, allowing: [outside])
            #expect(try allowed.open("out.png").size == 2)
            #expect(try allowed.open("folder/b.png").size == 2)
        }
    }

    @Test func onlyRegularFilesOpen() throws {
        try withFolders { deck, _ in
            try #require(mkfifo(deck + "/pipe.png", 0o600) == 0)
            let roots = try roots(deck)
            #expect(throws: MediaError.io(path: "pipe.png", message: "is a FIFO (named pipe), not a regular file")) {
                try roots.open("pipe.png")
            }
            #expect(throws: MediaError.io(path: ".", message: "is a directory")) { try roots.open(".") }
            #expect(throws: MediaError.notFound(path: "missing.png")) { try roots.open("missing.png") }
            let anywhere = InputRoots.anywhere()
            #expect(throws: MediaError.io(path: "/dev/null", message: "is a device, not a regular file")) {
                try anywhere.open("/dev/null")
            }
            // /proc/self/environ is a regular file (holding CI secrets): refused for its filesystem.
            #expect(throws: MediaError.io(path: "/proc/self/environ",
                                          message: "is a file of the running system (/proc, /sys), not an input")) {
                try anywhere.open("/proc/self/environ")
            }
        }
    }

    @Test func anAllowedFolderMustBeAFolder() throws {
        try withFolders { deck, outside in
            #expect(throws: MediaError.notFound(path: outside + "/nope")) {
                try InputRoots(directory: deck, allowing: [outside + "/nope"])
            }
            #expect(throws: MediaError.io(path: outside + "/b.png", message: "is not a folder")) {
                try InputRoots(directory: deck, allowing: [outside + "/b.png"])
            }
        }
    }

    @Test func aFolderListsItsFilesAsTheDeckWouldNameThem() throws {
        try withFolders { deck, _ in
            try FileManager.default.createDirectory(atPath: deck + "/fonts/sub", withIntermediateDirectories: true)
            for name in ["fonts/A.ttf", "fonts/sub/B.otf"] { try Data().write(to: URL(fileURLWithPath: deck + "/" + name)) }
            let roots = try roots(deck)
            #expect(try roots.contents(ofFolder: "fonts") == ["fonts/A.ttf", "fonts/sub", "fonts/sub/B.otf"])
            #expect(try roots.contents(ofFolder: "a.png") == nil)
            #expect(throws: MediaError.self) { try roots.contents(ofFolder: "..") }
        }
    }

    /// fontconfig and FreeType get a name that opens the very file that was checked.
    @Test func theOpeningPathReadsTheSameFile() throws {
        try withFolders { deck, _ in
            let file = try roots(deck).open("a.png")
            #expect(file.openingPath.hasPrefix("/proc/self/fd/"))
            #expect(try String(contentsOfFile: file.openingPath, encoding: .utf8) == "a")
        }
    }

    /// Paths as a deck writes them, made absolute against its folder with `.`, `..` and empty
    /// components taken away as text (plain ones joined as they are).
    @Test func absolutePathsAreNormalizedAsText() throws {
        let roots = InputRoots.anywhere(relativeTo: "/deck/dir")
        let cases = ["a.png": "/deck/dir/a.png", "shots/a.png": "/deck/dir/shots/a.png", "./a.png": "/deck/dir/a.png",
                     "a/./b": "/deck/dir/a/b", "a/../b": "/deck/dir/b", "a//b": "/deck/dir/a/b", "...": "/deck/dir/...",
                     ".a": "/deck/dir/.a", "a.": "/deck/dir/a.", "..a/b..": "/deck/dir/..a/b..", "../x": "/deck/x",
                     "a/": "/deck/dir/a", ".": "/deck/dir", "..": "/deck", "../../../../x": "/x", "/etc/./x/../y": "/etc/y"]
        for (path, expected) in cases { #expect(roots.absolute(path) == expected, "\(path)") }
        #expect(InputRoots.anywhere(relativeTo: "/").absolute("a.png") == "/a.png")
    }

    @Test func bytesInMemoryReadAsAFile() throws {
        let file = try InputFile.memory(Array("hello".utf8), name: "mem.png")
        #expect(file.size == 5)
        let prefix = try file.bytes(limit: 3)
        #expect(prefix.bytes == Array("hel".utf8))
        #expect(!prefix.isWhole)
    }
}
