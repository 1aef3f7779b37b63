import Foundation
import Testing
import PageReelTestSupport

/// Decks from strangers through the built binary (DESIGN §8): a deck reads only regular files
/// inside its folder, the current directory and `--allow-path` folders; recordings open only as
/// real containers; nothing hangs, nothing of a refused deck is written, no message shows a byte
/// of an input. Every case uses real files: a real PNG and a real MP4 outside the deck's folder
/// stand for another repository's files.
@Suite struct UntrustedDeckTests {
    let scratch = ScratchDirectory()

    /// A secret as a CI machine holds one; it must appear in no message. In `chunks.png` its bytes
    /// 4–7 stand where a chunk type goes, which libpng would quote ("Zw[33]K: invalid chunk type").
    static let token = "ghp_Zw3KqV1pW4xN7bT0mR6yC2uL9eA5dFh"

    /// The layout of a checkout: `deck/` (the deck's folder and the current directory) and
    /// `outside/` (somewhere else on the machine) holding a real image and a real recording.
    struct Layout {
        let deck: String
        let outside: String
    }

    func layout() throws -> Layout {
        let root = try scratch.directory()
        let layout = Layout(deck: root + "/deck", outside: root + "/outside")
        for folder in [layout.deck, layout.outside] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        _ = try TestClips.make("secret.png", in: layout.outside, ["-f", "lavfi", "-i", "color=red:s=390x844", "-frames:v", "1"])
        _ = try TestClips.counterClip("clip.mp4", in: layout.outside, fps: 30, frames: 6, size: "64x64", encoder: TestClips.h264)
        return layout
    }

    /// A deck of one page (`page`), with `extra` top-level keys, written as `deck/<name>.json`.
    @discardableResult
    func deck(_ name: String, in layout: Layout, page: [String: Any] = ["background": "#336699"],
              extra: [String: Any] = [:]) throws -> String {
        var deck: [String: Any] = ["pagereel": 1, "canvas": ["width": 390, "height": 844, "fps": 10],
                                   "pages": [page], "script": [["wait": 0.3]]]
        deck.merge(extra) { $1 }
        let path = layout.deck + "/\(name).json"
        try JSONSerialization.data(withJSONObject: deck, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs pagereel in the deck's folder under a 30 s timeout (exit 124 if it hangs).
    func run(_ arguments: [String], in layout: Layout) throws -> Command.Output {
        try Command.run("timeout", ["30", CLI.binary] + arguments, in: layout.deck)
    }

    /// `validate` and `export` both refuse the deck with `status` and a message containing each of
    /// `phrases`; the export writes nothing.
    func expectRefused(_ name: String, _ status: Int32, _ phrases: [String], in layout: Layout,
                       extraArguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let validate = try run(["validate", name + ".json"] + extraArguments, in: layout)
        #expect(validate.status == status, "\(name): \(validate.stderr)", sourceLocation: sourceLocation)
        for phrase in phrases {
            #expect(validate.stderr.contains(phrase), "\(name): \(validate.stderr)", sourceLocation: sourceLocation)
        }
        let out = try scratch.directory(name + "-out")
        let export = try run(["export", name + ".json", "-o", out + "/a.mp4", "-o", out + "/a.gif", "-q"] + extraArguments,
                             in: layout)
        #expect(export.status == status, "\(name): \(export.stderr)", sourceLocation: sourceLocation)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty, "\(name) wrote files",
                sourceLocation: sourceLocation)
        #expect(!(validate.stderr + export.stderr).contains(Self.token.prefix(12)), "\(name) echoed the secret",
                sourceLocation: sourceLocation)
    }

    @Test func pathsOutsideTheAllowedFoldersAre66() throws {
        let layout = try layout()
        try deck("absolute", in: layout, page: ["image": layout.outside + "/secret.png"])
        try deck("parent", in: layout, page: ["image": "../outside/secret.png"])
        try deck("parentVideo", in: layout, page: ["video": ["file": "../outside/clip.mp4"]])
        try FileManager.default.createSymbolicLink(atPath: layout.deck + "/link.png", withDestinationPath: layout.outside + "/secret.png")
        try FileManager.default.createSymbolicLink(atPath: layout.deck + "/shots", withDestinationPath: layout.outside)
        try deck("symlink", in: layout, page: ["image": "link.png"])
        try deck("symlinkedFolder", in: layout, page: ["video": ["file": "shots/clip.mp4"]])
        try deck("background", in: layout, extra: ["canvas": ["width": 390, "height": 844, "fps": 10,
                                                              "background": ["image": "../outside/secret.png"]]])
        let outside = "outside the folders the deck may read from"
        for name in ["absolute", "parent", "parentVideo", "background"] {
            try expectRefused(name, 66, [outside, "--allow-path"], in: layout)
        }
        // A link is judged by where it leads, and the message says where that is.
        try expectRefused("symlink", 66, [outside, "leads to", "secret.png"], in: layout)
        try expectRefused("symlinkedFolder", 66, [outside, "leads to"], in: layout)
        // Allowing the folder lets every one of them through.
        for name in ["absolute", "parent", "parentVideo", "symlink", "symlinkedFolder", "background"] {
            let allowed = try run(["validate", name + ".json", "--allow-path", layout.outside], in: layout)
            #expect(allowed.status == 0, "\(name): \(allowed.stderr)")
        }
    }

    /// A link that stays inside the allowed folders is an ordinary file.
    @Test func linksInsideTheFoldersAreFine() throws {
        let layout = try layout()
        try FileManager.default.createDirectory(atPath: layout.deck + "/shots", withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: layout.outside + "/secret.png", toPath: layout.deck + "/shots/a.png")
        try FileManager.default.createSymbolicLink(atPath: layout.deck + "/a.png", withDestinationPath: "shots/a.png")
        try deck("inside", in: layout, page: ["image": "a.png"])
        let out = try run(["validate", "inside.json"], in: layout)
        #expect(out.status == 0, "\(out.stderr)")
    }

    @Test func theMachinesOwnFilesAre66EvenWhenAllowed() throws {
        let layout = try layout()
        try deck("environ", in: layout, page: ["image": "/proc/self/environ"])
        try deck("passwd", in: layout, page: ["image": "/etc/passwd"])
        try expectRefused("environ", 66, ["outside the folders"], in: layout)
        try expectRefused("passwd", 66, ["outside the folders"], in: layout)
        try expectRefused("environ", 66, ["a file of the running system"], in: layout, extraArguments: ["--allow-path", "/proc"])
        // From "/" (a container's default working directory) the current directory allows nothing.
        let fromRoot = try Command.run("timeout", ["30", CLI.binary, "validate", layout.deck + "/passwd.json"], in: "/")
        #expect(fromRoot.status == 66, "\(fromRoot.stderr)")
        #expect(fromRoot.stderr.contains("outside the folders the deck may read from: the deck's folder;"), "\(fromRoot.stderr)")
        try deck("device", in: layout, page: ["image": "/dev/zero"])
        try expectRefused("device", 66, ["is a device"], in: layout, extraArguments: ["--allow-path", "/dev"])
    }

    /// A FIFO as any kind of input is refused at once by its type, not opened and waited on.
    @Test func fifosAreRefusedForEveryKindOfInput() throws {
        let layout = try layout()
        for name in ["pipe.png", "pipe.mp4", "pipe.ttf", "pipe.jpg"] {
            try #require(mkfifo(layout.deck + "/" + name, 0o600) == 0)
        }
        try deck("fifoImage", in: layout, page: ["image": "pipe.png"])
        try deck("fifoLayer", in: layout, page: ["layers": [["image": "pipe.jpg", "x": 0, "y": 0]]])
        try deck("fifoVideo", in: layout, page: ["video": ["file": "pipe.mp4"]])
        try deck("fifoFonts", in: layout, extra: ["fonts": ["pipe.ttf"]])
        try deck("fifoFamily", in: layout, page: ["background": "#336699", "layers": [["text": "Hi", "font": "pipe.ttf"]]])
        try deck("fifoBackground", in: layout, extra: ["canvas": ["width": 390, "height": 844, "fps": 10,
                                                                  "background": ["image": "pipe.png"]]])
        for name in ["fifoImage", "fifoLayer", "fifoVideo", "fifoFonts", "fifoFamily", "fifoBackground"] {
            try expectRefused(name, 66, ["FIFO"], in: layout)
        }
        // The deck itself too.
        try #require(mkfifo(layout.deck + "/pipe.json", 0o600) == 0)
        let deckFIFO = try run(["validate", "pipe.json"], in: layout)
        #expect(deckFIFO.status == 66, "\(deckFIFO.stderr)")
    }

    /// A playlist or a list of files named like a video opens nothing it names: 65, by name.
    @Test func playlistsAndListsPosingAsVideosAre65() throws {
        let layout = try layout()
        let segment = "file://" + layout.outside + "/clip.mp4"
        try "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n\(segment)\n#EXT-X-ENDLIST\n"
            .write(toFile: layout.deck + "/clip.mp4", atomically: true, encoding: .utf8)
        try "ffconcat version 1.0\nfile \(layout.outside)/clip.mp4\n"
            .write(toFile: layout.deck + "/list.mp4", atomically: true, encoding: .utf8)
        try "<?xml version=\"1.0\"?><MPD xmlns=\"urn:mpeg:dash:schema:mpd:2011\"><Period><AdaptationSet><Representation>"
            .appending("<BaseURL>\(segment)</BaseURL></Representation></AdaptationSet></Period></MPD>\n")
            .write(toFile: layout.deck + "/dash.mp4", atomically: true, encoding: .utf8)
        try deck("hls", in: layout, page: ["video": ["file": "clip.mp4"]])
        try deck("concat", in: layout, page: ["video": ["file": "list.mp4"]])
        try deck("dash", in: layout, page: ["video": ["file": "dash.mp4"]])
        try expectRefused("hls", 65, ["clip.mp4", "a playlist (hls), not a video"], in: layout)
        try expectRefused("concat", 65, ["list.mp4", "not a video"], in: layout)
        try expectRefused("dash", 65, ["dash.mp4", "not a video"], in: layout)
        // Even with the segment's folder allowed: a list is never followed.
        try expectRefused("hls", 65, ["a playlist"], in: layout, extraArguments: ["--allow-path", layout.outside])
    }

    /// A tiny file declaring a huge picture is refused from its header, at once.
    @Test func aHugeDeclaredImageIs65() throws {
        let layout = try layout()
        try Data(PNGBytes.header(width: 100_000, height: 100_000)).write(to: URL(fileURLWithPath: layout.deck + "/huge.png"))
        try deck("huge", in: layout, page: ["image": "huge.png"])
        let started = Date()
        try expectRefused("huge", 65, ["100000×100000", "over the limit of 50 MP"], in: layout)
        #expect(Date().timeIntervalSince(started) < 20, "refusing a declared size must not decode it")
    }

    /// Huge files are refused from their size, before they are read: a font file over 100 MiB,
    /// a deck over 256 MiB (both sparse here).
    @Test func hugeFilesAreRefusedBeforeTheyAreRead() throws {
        let layout = try layout()
        for (name, size) in [("huge.ttf", 101 << 20), ("huge.json", 257 << 20)] {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: layout.deck + "/" + name).creatingFile())
            try handle.truncate(atOffset: UInt64(size))
            try handle.close()
        }
        try deck("hugeFont", in: layout, extra: ["fonts": ["huge.ttf"]])
        try expectRefused("hugeFont", 65, ["huge.ttf: the font file is 101 MiB, over the limit of 100 MiB"], in: layout)
        let deck = try run(["validate", "huge.json"], in: layout)
        #expect(deck.status == 66, "\(deck.stderr)")
        #expect(deck.stderr.contains("huge.json: file is 257 MiB, larger than 256 MiB"), "\(deck.stderr)")
    }

    /// Files full of a secret, named as each kind of input: the messages name the file and the
    /// reason, never its bytes — also when the file starts like a PNG or a JPEG, whose libraries'
    /// own messages would quote chunk names and marker values from it.
    @Test func noMessageShowsAnInputsBytes() throws {
        let layout = try layout()
        let secret = Data(String(repeating: Self.token + "\n", count: 64).utf8)
        for name in ["secret.png", "secret.mp4", "secret.ttf", "secret.jpg"] {
            try secret.write(to: URL(fileURLWithPath: layout.deck + "/" + name))
        }
        let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        try (Data(pngSignature) + secret).write(to: URL(fileURLWithPath: layout.deck + "/signed.png"))
        try (Data(PNGBytes.header(width: 8, height: 8)) + secret).write(to: URL(fileURLWithPath: layout.deck + "/chunks.png"))
        try (Data([0xFF, 0xD8, 0xFF]) + secret).write(to: URL(fileURLWithPath: layout.deck + "/signed.jpg"))
        try deck("png", in: layout, page: ["image": "secret.png"])
        try deck("jpg", in: layout, page: ["image": "secret.jpg"])
        try deck("mp4", in: layout, page: ["video": ["file": "secret.mp4"]])
        try deck("ttf", in: layout, extra: ["fonts": ["secret.ttf"]])
        try deck("family", in: layout, page: ["background": "#336699", "layers": [["text": "Hi", "font": "secret.ttf"]]])
        try deck("signedPNG", in: layout, page: ["image": "signed.png"])
        try deck("chunksPNG", in: layout, page: ["image": "chunks.png"])
        try deck("signedJPEG", in: layout, page: ["image": "signed.jpg"])
        for name in ["png", "jpg", "mp4", "ttf", "family", "signedPNG", "chunksPNG", "signedJPEG"] {
            try expectRefused(name, 65, name == "chunksPNG" ? ["chunks.png: PNG: a chunk: invalid chunk type"] : [],
                              in: layout)
            let out = try run(["validate", name + ".json"], in: layout)
            // libjpeg quotes marker values in hex ("Unsupported marker type 0x67": the file's "g").
            #expect(!out.stderr.contains("0x"), "\(name): \(out.stderr)")
            // Four bytes at a time is how libpng would quote them (as a chunk type).
            for piece in 0...(Self.token.count - 4) {
                let part = String(Self.token.dropFirst(piece).prefix(4))
                #expect(!out.stderr.contains(part), "\(name) shows \"\(part)\": \(out.stderr)")
            }
        }
    }

    @Test func anAllowedFolderThatIsNotThereIsAUsageError() throws {
        let layout = try layout()
        try deck("plain", in: layout)
        let out = try run(["validate", "plain.json", "--allow-path", layout.outside + "/nope"], in: layout)
        #expect(out.status == 64, "\(out.stderr)")
        #expect(out.stderr.contains("--allow-path") && out.stderr.contains("no such folder"), "\(out.stderr)")
        for command in [["still", "plain.json", "--time", "0", "-o", layout.outside + "/s.png"], ["bench", "plain.json"],
                        ["plan", "plain.json", "--shards", "2"], ["timeline", "plain.json"]] {
            let allowed = try run(command + ["--allow-path", layout.outside], in: layout)
            #expect(allowed.status == 0, "\(command[0]): \(allowed.stderr)")
        }
    }
}

/// The first bytes of a PNG: the signature and an IHDR chunk (8-bit RGBA) declaring a size.
enum PNGBytes {
    static func header(width: UInt32, height: UInt32) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        let body = Array("IHDR".utf8) + bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + body + bigEndian(crc32(body))
    }

    /// CRC-32 (ISO 3309) as PNG chunks carry it.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

private extension URL {
    /// The URL, with an empty file created there.
    func creatingFile() -> URL {
        FileManager.default.createFile(atPath: path, contents: nil)
        return self
    }
}
