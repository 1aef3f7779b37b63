import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PageReelTestSupport
import Testing

/// `pagereel studio` through the binary: its one line, a frame over HTTP, the signals that end it,
/// and the arguments it refuses.
@Suite struct StudioCLITests {
    static let deck = CLI.samples + "/app-store/deck.json"

    /// A running `pagereel studio`, with the line it printed.
    final class Studio {
        let process = Process()
        let stdout = Pipe()
        let stderr = Pipe()
        private(set) var line = ""

        /// `user`: run as that uid and gid through setpriv (the test is root).
        init(_ arguments: [String], user: Int? = nil) throws {
            if let user {
                process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
                process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", CLI.binary, "studio"] + arguments
            } else {
                process.executableURL = URL(fileURLWithPath: CLI.binary)
                process.arguments = ["studio"] + arguments
            }
            process.standardOutput = stdout
            process.standardError = stderr
            try process.run()
            // The line is flushed at once; reading up to its newline needs no sleep.
            var bytes: [UInt8] = []
            let handle = stdout.fileHandleForReading
            while bytes.last != UInt8(ascii: "\n") {
                let chunk = handle.readData(ofLength: 1)
                if chunk.isEmpty { break }
                bytes += chunk
            }
            line = String(decoding: bytes, as: UTF8.self)
        }

        var url: URL? { URL(string: line.replacingOccurrences(of: "Studio: ", with: "").trimmingCharacters(in: .whitespacesAndNewlines)) }

        func stop(_ signal: Int32) -> (status: Int32, stdout: String, stderr: String) {
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return (process.terminationStatus, out, err)
        }
    }

    @Test(arguments: [(SIGINT, Int32(130), "SIGINT"), (SIGTERM, Int32(143), "SIGTERM")])
    func printsOneLineServesAndEndsOnASignal(signal: Int32, status: Int32, name: String) throws {
        let studio = try Studio([Self.deck, "--port", "0"])
        let line = studio.line
        #expect(line.range(of: #"^Studio: http://127\.0\.0\.1:[0-9]{1,5}/\?token=[0-9a-f]{32}\n$"#,
                           options: .regularExpression) != nil, "\(line)")
        let url = try #require(studio.url)
        let port = try #require(url.port)
        #expect(port != 7300 && port > 0)
        let token = try #require(url.query)

        let deck = try Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/deck?\(token)")!)
        let json = try #require(try JSONSerialization.jsonObject(with: deck) as? [String: Any])
        #expect(json["frames"] as? Int == 528)
        let png = try Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/frame/40.png?\(token)&width=270")!)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // Without the token: 403, and Data(contentsOf:) throws on it.
        #expect(throws: (any Error).self) { try Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/deck")!) }

        let end = studio.stop(signal)
        #expect(end.status == status)
        #expect(end.stdout.isEmpty, "only the one line on stdout: \(end.stdout)")
        #expect(end.stderr.contains("interrupted by \(name)"), "\(end.stderr)")
    }

    @Test func anInvalidDeckStillStartsAndPrintsItsErrors() throws {
        let scratch = ScratchDirectory()
        let folder = try scratch.directory("broken")
        let deck = folder + "/deck.json"
        try Data("""
        {
          "pagereel": 1,
          "pages": [ { "backgrond": "#FF0000" } ]
        }
        """.utf8).write(to: URL(fileURLWithPath: deck))
        let studio = try Studio([deck, "--port", "0"])
        #expect(studio.line.hasPrefix("Studio: http://127.0.0.1:"))
        let end = studio.stop(SIGINT)
        #expect(end.status == 130)
        #expect(end.stderr.contains("\(deck):3:16: pages[0].backgrond: unknown key (did you mean \"background\"?)"), "\(end.stderr)")
    }

    @Test func refusesWhatItCannotServe() throws {
        let missing = try CLI.run("studio", "no-such-deck.json", "--port", "0")
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no-such-deck.json: file not found"))
        #expect(missing.text.isEmpty, "no Studio line for a deck that is not there")

        let all = try CLI.run("studio", Self.deck, "--locale", "all", "--port", "0")
        #expect(all.status == 64)
        #expect(all.stderr.contains("--locale all"))

        #expect(try CLI.run("studio", Self.deck, "--port", "65536").status == 64)
        #expect(try CLI.run("studio", Self.deck, "--locale", "fr", "--port", "0").status == 64)
        #expect(try CLI.run("studio", Self.deck, "--fps", "60", "--target", "appstore-iphone", "--port", "0").status == 64)

        // A port already taken: a usage error naming it, not a crash.
        let first = try Studio([Self.deck, "--port", "0"])
        let port = try #require(first.url?.port)
        let second = try CLI.run("studio", Self.deck, "--port", "\(port)")
        #expect(second.status == 64)
        #expect(second.stderr.contains("--port \(port): cannot listen there: Address already in use"), "\(second.stderr)")
        #expect(first.stop(SIGTERM).status == 143)
    }

    /// As a user without privileges (the container image's own case): every socket option the
    /// studio sets on a connection is one such a user may set, or the connection would close.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func servesAUserWithoutPrivileges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studio-nobody-\(getpid())").path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.copyItem(atPath: CLI.samples + "/app-store", toPath: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Readable by anyone, the folder and each file in it.
        for path in [folder] + (FileManager.default.subpaths(atPath: folder) ?? []).map({ folder + "/" + $0 }) {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            try FileManager.default.setAttributes([.posixPermissions: isFolder.boolValue ? 0o755 : 0o644], ofItemAtPath: path)
        }
        let studio = try Studio([folder + "/deck.json", "--port", "0"], user: 65534)
        let url = try #require(studio.url, "\(studio.line)")
        let port = try #require(url.port)
        let token = try #require(url.query)
        let frame = try Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/frame/3.png?width=222&\(token)")!)
        #expect(frame.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(studio.stop(SIGTERM).status == 143)
    }
}
