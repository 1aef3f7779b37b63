import Foundation
import Testing
import PageReelTestSupport

/// The command line as users meet it: the built binary, its exit codes and messages (DESIGN §7).
@Suite struct PagereelCLITests {
    let scratch = ScratchDirectory()

    @Test func versionAndHelp() throws {
        let version = try CLI.run("--version")
        #expect(version.status == 0)
        #expect(version.text.hasPrefix("pagereel "))
        let help = try CLI.run("--help")
        #expect(help.status == 0)
        // The overview lists every command with its abstract.
        for command in ["export", "still", "validate", "timeline", "bench", "plan", "concat", "transitions", "devices", "init",
                        "schema"] {
            #expect(help.text.contains("\n  \(command) "), "\(command)")
        }
        let exportHelp = try CLI.run("help", "export")
        #expect(exportHelp.status == 0 && exportHelp.text.contains("--gif-width"))
        #expect(try CLI.run("export", "--help").text == exportHelp.text)
    }

    @Test func usageMistakesExit64() throws {
        let unknown = try CLI.run("exprot", "deck.json")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("Unknown command 'exprot'. Did you mean 'export'?"))
        let option = try CLI.run("export", CLI.samples + "/onboarding/deck.json", "--fsp", "30")
        #expect(option.status == 64)
        #expect(option.stderr.contains("Unknown option '--fsp'. Did you mean '--fps'?"))
        let format = try CLI.run("export", CLI.samples + "/onboarding/deck.json", "-o", "x.avi")
        #expect(format.status == 64)
        #expect(format.stderr.contains("unknown output format"))
        let aspect = try CLI.run("export", CLI.samples + "/onboarding/deck.json", "--size", "640x480", "-o", "/tmp/x.mp4")
        #expect(aspect.status == 64)
        #expect(aspect.stderr.contains("aspect ratio"))
        let noTime = try CLI.run("still", CLI.samples + "/onboarding/deck.json", "-o", "/tmp/x.png")
        #expect(noTime.status == 64)
        #expect(noTime.stderr.contains("give exactly one of --time SECONDS or --frame N"))
    }

    @Test func validateSample() throws {
        let out = try CLI.run("validate", CLI.samples + "/onboarding/deck.json")
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.text.contains("ok"))
    }

    /// An unknown key in pages[1] and a missing image in pages[2]: both reported with their JSON
    /// paths, exit 65; with only the missing image, exit 66.
    @Test func validateReportsEveryProblem() throws {
        let folder = try scratch.directory()
        let deck = folder + "/bad.json"
        try Data("""
        { "pagereel": 1,
          "pages": [ { "background": "#FF0000" }, { "background": "#00FF00", "titel": "x" },
                     { "image": "shots/x.png" } ] }
        """.utf8).write(to: URL(fileURLWithPath: deck))
        let out = try CLI.run("validate", deck)
        #expect(out.status == 65)
        // Each with the line and column of its key or value, counted by hand on the text above.
        #expect(out.stderr.contains("bad.json:2:70: pages[1].titel: unknown key (did you mean \"title\"?)"))
        #expect(out.stderr.contains("bad.json:3:25: pages[2].image: file not found: shots/x.png"))

        try Data("""
        { "pagereel": 1, "pages": [ { "background": "#FF0000" }, { "image": "shots/x.png" } ] }
        """.utf8).write(to: URL(fileURLWithPath: deck))
        let missing = try CLI.run("validate", deck)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("pages[1].image: file not found: shots/x.png"))
    }

    @Test func missingDeckExits66() throws {
        let out = try CLI.run("export", "/nonexistent/deck.json", "-o", "/tmp/x.mp4")
        #expect(out.status == 66)
        #expect(out.stderr.contains("/nonexistent/deck.json: file not found"))
    }

    /// A folder of the output's path that cannot be made (nothing can be made in /proc, even by root).
    @Test func anOutputFolderThatCannotBeMadeExits73() throws {
        let out = try CLI.run("export", CLI.samples + "/onboarding/deck.json", "-o", "/proc/pagereel-test/dir/x.mp4")
        #expect(out.status == 73)
        #expect(out.stderr.contains("/proc/pagereel-test/dir/x.mp4: cannot create output: cannot make folder /proc/pagereel-test"))
    }

    /// A small shard of the onboarding sample, exported as MP4 and GIF, read back by ffprobe.
    @Test func exportsAShard() throws {
        let folder = try scratch.directory()
        let out = try CLI.run("export", CLI.samples + "/onboarding/deck.json", "--size", "320x180",
                              "--frames", "10-29", "-o", folder + "/a.mp4", "-o", folder + "/a.gif", "-q", "--json")
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.isEmpty)
        let summary = try JSONSerialization.jsonObject(with: out.stdout) as? [String: Any]
        #expect(summary?["frames"] as? Int == 20)
        let mp4 = try Probe(folder + "/a.mp4")
        #expect(mp4.frames == 20)
        #expect(mp4.width == 320 && mp4.height == 180)
        #expect(abs((try Probe(folder + "/a.gif").duration ?? 0) - 20.0 / 30) < 0.1)
    }

    @Test func stillIsByteIdentical() throws {
        let folder = try scratch.directory()
        let deck = CLI.samples + "/onboarding/deck.json"
        #expect(try CLI.run("still", deck, "--time", "1.0", "--size", "320x180", "-o", folder + "/a.png").status == 0)
        #expect(try CLI.run("still", deck, "--time", "1.0", "--size", "320x180", "-o", folder + "/b.png").status == 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: folder + "/a.png"))
        let b = try Data(contentsOf: URL(fileURLWithPath: folder + "/b.png"))
        #expect(!a.isEmpty && a == b)
    }
}

extension PagereelCLITests {
    @Test func timelineCommand() throws {
        let deck = CLI.samples + "/onboarding/deck.json"
        let csv = try CLI.run("timeline", deck)
        #expect(csv.status == 0)
        #expect(csv.text.hasPrefix("frame,time,offset,position,velocity,phase\n0,0,0,0,0,idle\n"))
        let json = try CLI.run("timeline", deck, "--format", "json", "--fps", "10")
        let rows = try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]]
        // The same video at a third of the frame rate: ⌈frames₃₀ / 3⌉ rows.
        let frames30 = csv.text.split(separator: "\n").count - 1
        #expect(rows?.count == (frames30 + 2) / 3)
        let events = try CLI.run("timeline", deck, "--events")
        #expect(events.text.split(separator: "\n").allSatisfy { $0.hasPrefix("{\"frame\":") })
        let folder = try scratch.directory()
        let plot = try CLI.run("timeline", deck, "-o", folder + "/plot.png")
        #expect(plot.status == 0 && plot.text.isEmpty)
        let probe = try Probe(folder + "/plot.png")
        #expect(probe.width == 1200 && probe.height == 600)
        #expect(try CLI.run("timeline", deck, "--format", "xml").status == 64)
    }
}

extension PagereelCLITests {
    @Test func transitionsCommand() throws {
        let list = try CLI.run("transitions")
        #expect(list.status == 0)
        // One per line: the name, its library, what it looks like.
        let rows = list.text.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(rows.prefix(10).map { String($0[0]) }
            == ["none", "slide", "dive", "roll", "cards", "fold", "coverflow", "cube", "depth", "zoom"])
        #expect(rows.contains { $0[0] == "icarousel.wheel" && $0[1] == "iCarousel" })
        #expect(rows.contains { $0[0] == "viewpager.cubeOut" && $0[1] == "ViewPagerTransforms" })
        #expect(rows.contains { $0[0] == "viewpager2.depth" && $0[1] == "ViewPager2" })
        #expect(rows.allSatisfy { $0.count >= 3 })
        let folder = try scratch.directory()
        #expect(try CLI.run("transitions", "--sheet", folder + "/sheet.png").status == 0)
        // Six 320 × 200 tiles to a row, each with a 28 px label; every library from a new row.
        let sheet = try Probe(folder + "/sheet.png")
        let height = sheet.height ?? 0
        #expect(sheet.width == 1920 && height % 228 == 0 && height >= 228 * ((rows.count + 5) / 6))
        let wheel = try CLI.run("still", CLI.samples + "/onboarding/deck.json", "--time", "0.7", "--size", "320x180",
                                "--transition", "icarousel.wheel", "-o", folder + "/wheel.png")
        #expect(wheel.status == 0, "\(wheel.stderr)")
        // Every transition is accepted on the command line; a typo is a usage error with a hint.
        let still = try CLI.run("still", CLI.samples + "/onboarding/deck.json", "--time", "0.7", "--size", "320x180",
                                "--transition", "fold", "-o", folder + "/fold.png")
        #expect(still.status == 0, "\(still.stderr)")
        let typo = try CLI.run("still", CLI.samples + "/onboarding/deck.json", "--time", "0.7", "--transition", "cub",
                               "-o", folder + "/x.png")
        #expect(typo.status == 64 && typo.stderr.contains("did you mean cube?"))
    }

    /// `devices` lists every model with its screenshot size; `--json` the same as data.
    @Test func devicesCommand() throws {
        let list = try CLI.run("devices")
        #expect(list.status == 0)
        let rows = list.text.split(separator: "\n").map(String.init)
        #expect(rows.first?.hasPrefix("NAME") == true)
        #expect(rows.contains { $0.hasPrefix("iphone-16 ") && $0.contains("1179×2556") && $0.contains("393×852") })
        #expect(rows.contains { $0.hasPrefix("iphone-se ") && $0.contains("750×1334") && $0.contains("home button") })
        #expect(rows.contains { $0.hasPrefix("pixel-8 ") && $0.contains("1080×2400") && $0.contains("punch hole") })
        #expect(rows.contains { $0.hasPrefix("ipad-pro-13 ") && $0.contains("2064×2752") })
        #expect(rows.contains { $0.hasPrefix("phone ") && $0.contains("iphone-16-pro") })
        let json = try CLI.run("devices", "--json")
        let models = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
        #expect(models.count >= 15)
        let galaxy = try #require(models.first { $0["name"] as? String == "galaxy-s24" })
        #expect(galaxy["screenshot"] as? [Int] == [1080, 2340] && galaxy["kind"] as? String == "phone")
    }

    /// A screenshot that `fill` crops is a warning from validate (which still exits 0).
    @Test func validateWarnsOfACroppedScreenshot() throws {
        let folder = try scratch.directory()
        let deck = folder + "/deck.json"
        try FileManager.default.copyItem(atPath: CLI.samples + "/device-showcase/screens/feed.png", toPath: folder + "/feed.png")
        try Data("""
        { "pagereel": 1, "viewport": { "width": 300, "height": 540 }, "device": "phone",
          "pages": [ { "image": "feed.png" } ] }
        """.utf8).write(to: URL(fileURLWithPath: deck))
        let out = try CLI.run("validate", deck)
        #expect(out.status == 0)
        #expect(out.stderr.contains("pages[0].image: warning: "))
        #expect(out.stderr.contains("feed.png is 1179×2556 but its page is 300×540 pt: fill crops 17% of its height"))
    }

    @Test func benchCommand() throws {
        let out = try CLI.run("bench", CLI.samples + "/onboarding/deck.json", "--frames", "0-9", "--json")
        #expect(out.status == 0, "\(out.stderr)")
        let json = try JSONSerialization.jsonObject(with: out.stdout) as? [String: Any]
        #expect(json?["frames"] as? Int == 10)
        #expect((json?["fps"] as? Double ?? 0) > 0 && (json?["seconds"] as? Double ?? 0) > 0)
    }
}

extension PagereelCLITests {
    /// Shards on the command line, as a CI matrix would render them, joined by `concat`.
    @Test func concatCommand() throws {
        let folder = try scratch.directory()
        let deck = CLI.samples + "/onboarding/deck.json"
        for (range, name) in [("0-99", "a"), ("100-197", "b")] {
            let out = try CLI.run("export", deck, "--size", "320x180", "--frames", range, "-q", "-o", "\(folder)/\(name).mp4")
            #expect(out.status == 0, "\(out.stderr)")
        }
        let joined = try CLI.run("concat", folder + "/a.mp4", folder + "/b.mp4", "-o", folder + "/all.mp4")
        #expect(joined.status == 0, "\(joined.stderr)")
        let probe = try Probe(folder + "/all.mp4")
        #expect(probe.frames == 198 && probe.duration == 6.6)
        #expect(try CLI.run("concat", folder + "/a.mp4", folder + "/missing.mp4", "-o", folder + "/x.mp4").status == 66)
        #expect(try CLI.run("concat", folder + "/a.mp4", "-o", folder + "/x.gif").status == 64)
        try Data("not a video".utf8).write(to: URL(fileURLWithPath: folder + "/junk.mp4"))
        let junk = try CLI.run("concat", folder + "/a.mp4", folder + "/junk.mp4", "-o", folder + "/x.mp4")
        #expect(junk.status == 65 && junk.stderr.contains("junk.mp4"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/x.mp4"))
    }
}

extension PagereelCLITests {
    /// On a terminal the export draws a live bar; in a log, plain lines; with -q, nothing.
    @Test func progressOnATerminalInLogsAndQuiet() throws {
        let folder = try scratch.directory()
        let deck = CLI.samples + "/onboarding/deck.json"
        func underTerminal(_ extra: String) throws -> String {
            let log = folder + "/tty-\(extra.isEmpty ? "bar" : "quiet").log"
            let command = "\(CLI.binary) export \(deck) --size 320x180 --frames 0-59 \(extra) -o \(folder)/t.mp4"
            _ = try Command.run("script", ["-qec", command, log])
            return try String(contentsOfFile: log, encoding: .utf8)
        }
        let bar = try underTerminal("")
        #expect(bar.contains("█") && bar.contains("60/60 frames") && bar.contains("ETA") && bar.contains("\r"))
        let quiet = try underTerminal("-q")
        #expect(!quiet.contains("█") && !quiet.contains("60/60 frames") && !quiet.contains("wrote"))
        let plain = try CLI.run("export", deck, "--size", "320x180", "--frames", "0-59", "-o", folder + "/p.mp4")
        #expect(plain.stderr.contains("100%  60/60 frames") && !plain.stderr.contains("█"))
        let silent = try CLI.run("export", deck, "--size", "320x180", "--frames", "0-59", "-q", "-o", folder + "/q.mp4")
        #expect(silent.stderr.isEmpty && silent.text.isEmpty)
    }

    @Test func initWritesADeckThatExports() throws {
        let folder = try scratch.directory() + "/starter"
        let made = try CLI.run("init", folder)
        #expect(made.status == 0, "\(made.stderr)")
        let validated = try CLI.run("validate", folder + "/deck.json")
        #expect(validated.status == 0 && !validated.stderr.contains("warning"), "\(validated.stderr)")
        // The deck asks for the device its screenshot was taken on.
        let starter = try String(contentsOfFile: folder + "/deck.json", encoding: .utf8)
        #expect(starter.contains(#""device": "auto""#) && !starter.contains("viewport"))
        #expect(try Probe(folder + "/images/screen.png").width == 1206)
        let out = try CLI.run("export", folder + "/deck.json", "--size", "320x180", "-q", "-o", folder + "/demo.mp4")
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try Probe(folder + "/demo.mp4").frames ?? 0 > 60)
        // A second init refuses to overwrite.
        #expect(try CLI.run("init", folder).status == 73)
    }

    /// Every sample validates and renders.
    @Test func everySampleRenders() throws {
        let samples = try FileManager.default.contentsOfDirectory(atPath: CLI.samples).filter {
            FileManager.default.fileExists(atPath: "\(CLI.samples)/\($0)/deck.json")
        }
        #expect(samples.count >= 6)
        for sample in samples {
            let deck = "\(CLI.samples)/\(sample)/deck.json"
            #expect(try CLI.run("validate", deck).status == 0, "\(sample)")
            // A small still of the canvas's shape (portrait samples too); 1280×720 unless the deck says.
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: deck))) as? [String: Any]
            let canvas = json?["canvas"] as? [String: Any]
            let (w, h) = (canvas?["width"] as? Double ?? 1280, canvas?["height"] as? Double ?? 720)
            let width = h > w ? 144.0 : 256.0
            let out = try CLI.run("still", deck, "--time", "1", "--size", "\(Int(width))x\(Int((width * h / w).rounded()))",
                                  "-o", try scratch.directory(sample) + "/s.png")
            #expect(out.status == 0, "\(sample): \(out.stderr)")
        }
    }
}

extension PagereelCLITests {
    @Test func schemaCommand() throws {
        let out = try CLI.run("schema")
        #expect(out.status == 0)
        let schema = try JSONSerialization.jsonObject(with: out.stdout) as? [String: Any]
        #expect(schema?["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(try CLI.run("schema").stdout == out.stdout)
        #expect(try CLI.run("schema", "extra").status == 64)
    }
}

/// `init` is all or nothing: interrupted at any moment, it leaves either the whole starter deck or
/// nothing it made.
@Suite struct InitInterruptionTests {
    let scratch = ScratchDirectory()

    @Test func aSignalLeavesAllOrNothing() throws {
        var interrupted = 0, finished = 0
        for (n, delay) in [0, 5_000, 15_000, 30_000, 60_000, 100_000, 150_000, 250_000].enumerated() {
            let parent = try scratch.directory("init\(n)")
            for target in [parent + "/new", parent] {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: CLI.binary)
                process.arguments = ["init", target]
                process.standardError = FileHandle.nullDevice
                try process.run()
                usleep(UInt32(delay))
                kill(process.processIdentifier, SIGINT)
                process.waitUntilExit()
                let entries = ((try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []).sorted()
                if process.terminationStatus == 0 {
                    finished += 1
                    #expect(entries == ["deck.json", "images"] || entries == ["deck.json", "images", "new"], "\(target): \(entries)")
                    #expect(try CLI.run("validate", target + "/deck.json").status == 0)
                } else {
                    interrupted += 1
                    // 130, or killed outright when the signal came before the trap was installed.
                    #expect(process.terminationStatus == 130 || process.terminationReason == .uncaughtSignal)
                    // Nothing init made: no deck, no images, no staging folder, no new folder.
                    #expect(entries.allSatisfy { $0 == "new" }, "\(target): \(entries)")
                }
                if target == parent + "/new" { try? FileManager.default.removeItem(atPath: target) }
            }
        }
        // Both outcomes happened, so the test saw an interruption and a completed init.
        #expect(interrupted > 0 && finished > 0, "\(interrupted) interrupted, \(finished) finished")
    }
}

/// The same deck and options give the same bytes, in every format, so CI can tell from a hash
/// whether a demo video changed.
@Suite struct ByteIdenticalOutputTests {
    let scratch = ScratchDirectory()

    @Test func twoExportsAreByteIdentical() throws {
        var runs: [[String: Data]] = []
        for n in 0..<2 {
            let folder = try scratch.directory("run\(n)")
            let out = try CLI.run("export", CLI.samples + "/tabs/deck.json", "-q", "--size", "320x180", "--frames", "0-40",
                                  "-o", folder + "/a.webm", "-o", folder + "/a.mp4", "-o", folder + "/a.gif",
                                  "-o", folder + "/frames/", "-o", folder + "/a.png")
            #expect(out.status == 0, "\(out.stderr)")
            var files: [String: Data] = [:]
            for name in try FileManager.default.subpathsOfDirectory(atPath: folder) {
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder)
                if !isFolder.boolValue { files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)) }
            }
            runs.append(files)
        }
        #expect(runs[0].count == 4 + 41)
        #expect(runs[0]["a.webm"] != nil)
        #expect(Set(runs[0].keys) == Set(runs[1].keys))
        for (name, data) in runs[0] { #expect(runs[1][name] == data, "\(name) differs between two exports") }
    }
}

extension ByteIdenticalOutputTests {
    /// `--json` lists each output's SHA-256, as `sha256sum` computes it.
    @Test func jsonListsEachOutputsSHA256() throws {
        let folder = try scratch.directory()
        let out = try CLI.run("export", CLI.samples + "/tabs/deck.json", "-q", "--json", "--size", "320x180",
                              "--frames", "0-9", "-o", folder + "/a.mp4", "-o", folder + "/a.gif")
        #expect(out.status == 0, "\(out.stderr)")
        let summary = try JSONSerialization.jsonObject(with: out.stdout) as? [String: Any]
        let sums = summary?["sha256"] as? [String: String] ?? [:]
        for name in ["a.mp4", "a.gif"] {
            let line = try Command.check("sha256sum", [folder + "/" + name])
            let expected = String(decoding: line, as: UTF8.self).split(separator: " ")[0]
            #expect(sums[folder + "/" + name] == String(expected), "\(name)")
        }
    }
}
