import Foundation
import Testing
import PageReelTestSupport

/// The GIF output as users meet it through the binary: a signal while the GIF is being made, a
/// disk that fills while it is written, `--gif-quality`, and the rate of a 60 fps deck's GIF.
@Suite struct GIFCLITests {
    let scratch = ScratchDirectory()
    let onboarding = CLI.samples + "/onboarding/deck.json"

    /// The temporary GIF an export in `folder` is writing, if any.
    func partialGIF(in folder: String) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.first { $0.hasSuffix(".partial.gif") }.map { folder + "/" + $0 }
    }

    /// A signal while the GIF is being made at 720p — its quantizers and composer busy, the
    /// temporary GIF already holding composed images — ends the export within a second with 130
    /// or 143, says so once on stderr (whether the export stopped itself or the signal handler's
    /// watchdog ended it), removes its temporary GIF and keeps the existing file.
    @Test(arguments: [(SIGINT, Int32(130), "SIGINT"), (SIGTERM, Int32(143), "SIGTERM")])
    func signalWhileTheGIFIsMadeStopsWithinASecond(_ signal: Int32, _ code: Int32, _ name: String) throws {
        let folder = try scratch.directory("gifsignal\(signal)")
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/demo.gif"))
        let errors = try scratch.directory("stderr\(signal)") + "/stderr.txt"
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["export", onboarding, "-q", "-o", folder + "/demo.gif"]
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        // The phase: the temporary GIF has grown past its first images.
        let start = Date()
        func grown() -> Bool {
            guard let path = partialGIF(in: folder) else { return false }
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            return (attributes?[.size] as? Int ?? 0) > 0
        }
        while process.isRunning, Date().timeIntervalSince(start) < 120, !grown() { usleep(20_000) }
        usleep(300_000)
        try #require(process.isRunning, "the export finished before it could be interrupted")
        let sent = Date()
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let took = Date().timeIntervalSince(sent)
        #expect(process.terminationStatus == code)
        #expect(took < 1.0, "took \(took) s to stop")
        let stderr = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        #expect(stderr.components(separatedBy: "interrupted by \(name)").count == 2, "\(stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["demo.gif"])
        #expect(try String(contentsOfFile: folder + "/demo.gif", encoding: .utf8) == "old")
    }

    /// A disk that fills while the GIF is being written (the GIF is written as frames arrive,
    /// nothing is spilled): 74, the message, no partial file, the existing one kept.
    @Test(.enabled(if: BadInputTests.canMountTmpfs, "needs root and tmpfs mounts"))
    func fullDiskWhileTheGIFIsWrittenExits74() throws {
        let folder = try scratch.directory()
        #expect(try Command.run("mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", folder]).status == 0)
        defer { _ = try? Command.run("umount", [folder]) }
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: folder + "/demo.gif"))
        // About 2 MB of GIF: the disk fills a quarter of the way through.
        let out = try CLI.run("export", onboarding, "--size", "960x540", "--frames", "0-89", "-q",
                              "-o", folder + "/demo.gif")
        #expect(out.status == 74, "\(out.status) \(out.stderr)")
        #expect(out.stderr.contains("no space left on device"), "\(out.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["demo.gif"])
        #expect(try String(contentsOfFile: folder + "/demo.gif", encoding: .utf8) == "keep me")
    }

    @Test func gifQualityOutsideOneToHundredExits64() throws {
        for value in ["0", "101", "-3"] {
            let out = try CLI.run("export", onboarding, "--gif-quality=\(value)", "-o", "/tmp/never.gif")
            #expect(out.status == 64, "\(value): \(out.stderr)")
            #expect(out.stderr.contains("--gif-quality: expected a whole number in 1…100, got \(value)"), "\(out.stderr)")
        }
        #expect(try CLI.run("export", onboarding, "--gif-quality", "high", "-o", "/tmp/never.gif").status == 64)
    }

    /// Lower quality, smaller GIF; the default is quality 80, byte for byte.
    @Test func gifQualityTradesSizeThroughTheBinary() throws {
        let folder = try scratch.directory()
        func export(_ name: String, _ extra: [String]) throws -> Data {
            let out = try Command.run(CLI.binary, ["export", onboarding, "--size", "320x180", "--frames", "0-29", "-q",
                                                   "-o", folder + "/" + name] + extra)
            try #require(out.status == 0, "\(out.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        let lossless = try export("q100.gif", ["--gif-quality", "100"]), standard = try export("q80.gif", ["--gif-quality", "80"])
        let small = try export("q20.gif", ["--gif-quality", "20"]), plain = try export("default.gif", [])
        #expect(lossless.count > standard.count && standard.count > small.count,
                "\(lossless.count) > \(standard.count) > \(small.count)")
        #expect(plain == standard)
    }

    /// A 60 fps deck's GIF plays at 50 fps: delays of 2 cs or whole multiples (never the 1 cs
    /// browsers slow down, nor a 2/3 cs judder), and it lasts as long as the video.
    @Test func sixtyFPSDeckGivesAFiftyFPSGIF() throws {
        let folder = try scratch.directory()
        let deck = folder + "/deck.json"
        try Data("""
        { "pagereel": 1, "canvas": { "width": 160, "height": 96, "fps": 60, "background": "#102030" },
          "pages": [ { "background": "#FF0000", "title": "One" }, { "background": "#00FF00", "title": "Two" } ],
          "script": [ { "swipe": "next" } ], "tail": 0.1 }
        """.utf8).write(to: URL(fileURLWithPath: deck))
        let out = try CLI.run("export", deck, "-q", "-o", folder + "/a.gif", "-o", folder + "/a.mp4")
        try #require(out.status == 0, "\(out.stderr)")
        let text = String(decoding: try Command.check("ffprobe", ["-v", "error", "-show_entries", "packet=duration",
                                                                 "-of", "csv=p=0", folder + "/a.gif"]), as: UTF8.self)
        let delays = text.split(separator: "\n").compactMap { Int($0) }
        try #require(delays.count > 10)
        // Every frame starts on a 2 cs tick; identical frames (the still tail) merge into longer ones.
        #expect(delays.allSatisfy { $0 >= 2 && $0 % 2 == 0 }, "\(delays)")
        #expect(delays.filter { $0 == 2 }.count * 2 > delays.count, "\(delays)")
        let video = try #require(try Probe(folder + "/a.mp4").duration)
        #expect(abs(Double(delays.reduce(0, +)) / 100 - video) <= 0.02, "GIF \(delays.reduce(0, +)) cs, video \(video) s")
    }
}
