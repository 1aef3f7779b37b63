import Foundation
import PageReelTestSupport
import Testing

/// `--target`, `pagereel targets`, `init --target` and `--locale` through the binary, on the
/// app-store sample (English and Arabic screenshots, right to left in Arabic).
@Suite struct StoreCLITests {
    let scratch = ScratchDirectory()
    static let deck = CLI.samples + "/app-store/deck.json"

    @Test func targetsListsEachWithItsSizeRateAndLimits() throws {
        let out = try CLI.run("targets")
        #expect(out.status == 0)
        let lines = out.text.split(separator: "\n").map(String.init)
        for (name, size) in [("appstore-iphone", "886×1920"), ("appstore-iphone-landscape", "1920×886"),
                             ("appstore-iphone-5.5", "1080×1920"), ("appstore-iphone-5.5-landscape", "1920×1080"),
                             ("appstore-ipad", "1200×1600"), ("appstore-ipad-landscape", "1600×1200"),
                             ("appstore-mac", "1920×1080"), ("appstore-tv", "1920×1080"), ("youtube", "1920×1080"),
                             ("square", "1080×1080"), ("story", "1080×1920")] {
            let line = try #require(lines.first { $0.hasPrefix(name + " ") }, "\(name)")
            #expect(line.contains(size), "\(line)")
            if name.hasPrefix("appstore") {
                #expect(line.contains("≤30") && line.contains("11 Mbit/s") && line.contains("AAC 256k")
                        && line.contains("15–30 s") && line.contains("≤500 MB") && line.contains("veryfast"), "\(line)")
            }
        }
        let json = try CLI.run("targets", "--json")
        let targets = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
        #expect(targets.count == 11)
        #expect(targets.first?["size"] as? [Int] == [886, 1920])
        #expect(targets.first?["maxFPS"] as? Int == 30)
        #expect(targets.first?["preset"] as? String == "veryfast")
        #expect(targets.last?["preset"] as? String == "medium")
    }

    @Test func theSampleExportsInEveryLocaleForTheStore() throws {
        let folder = try scratch.directory()
        let out = try CLI.run("export", Self.deck, "--target", "appstore-iphone", "--locale", "all", "--frames", "0-29",
                              "-q", "--json", "-o", folder + "/preview-{locale}.mp4")
        #expect(out.status == 0, "\(out.stderr)")
        // One JSON line per locale.
        let summaries = out.text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(summaries.map { $0["locale"] as? String } == ["en", "ar"])
        for locale in ["en", "ar"] {
            let probe = try Probe(folder + "/preview-\(locale).mp4")
            #expect(probe.width == 886 && probe.height == 1920)
            #expect(probe.frames == 30)
            #expect(try Sound.audioStreams(folder + "/preview-\(locale).mp4").first?["codec_name"] == "aac")
        }
        // The Arabic screenshots are not the English ones.
        #expect(try Probe.decodeRGB(folder + "/preview-en.mp4") != Probe.decodeRGB(folder + "/preview-ar.mp4"))
    }

    /// `--locale all` exports its locales side by side; each video is the bytes `--locale X`
    /// gives alone: the sample with a third locale (French captions on the English screenshots).
    @Test func everyLocaleAtOnceGivesTheBytesOfEachAlone() throws {
        let folder = try scratch.directory()
        try FileManager.default.copyItem(atPath: CLI.samples + "/app-store", toPath: folder + "/store")
        try FileManager.default.copyItem(atPath: folder + "/store/shots/en", toPath: folder + "/store/shots/fr")
        var deck = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.deck)))
                                as? [String: Any])
        deck["locales"] = ["en", "ar", "fr"]
        var pages = try #require(deck["pages"] as? [[String: Any]])
        for (k, text) in ["Tous vos voyages", "Chaque jour, planifié", "Invitez d'un seul lien"].enumerated() {
            var caption = try #require(pages[k]["caption"] as? [String: String])
            caption["fr"] = text
            pages[k]["caption"] = caption
        }
        deck["pages"] = pages
        try JSONSerialization.data(withJSONObject: deck).write(to: URL(fileURLWithPath: folder + "/store/deck.json"))
        let all = try CLI.run("export", folder + "/store/deck.json", "--locale", "all", "--frames", "0-44", "-q",
                              "-o", folder + "/all-{locale}.mp4")
        #expect(all.status == 0, "\(all.stderr)")
        for locale in ["en", "ar", "fr"] {
            let alone = try CLI.run("export", folder + "/store/deck.json", "--locale", locale, "--frames", "0-44", "-q",
                                    "-o", folder + "/\(locale).mp4")
            #expect(alone.status == 0, "\(alone.stderr)")
            #expect(FileManager.default.contentsEqual(atPath: folder + "/all-\(locale).mp4", andPath: folder + "/\(locale).mp4"),
                    "\(locale)")
        }
    }

    @Test func validateChecksTheTargetAndEveryLocale() throws {
        let out = try CLI.run("validate", Self.deck, "--target", "appstore-iphone")
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.text.contains("ok (en, ar; 3 pages"))
        let ipad = try CLI.run("validate", Self.deck, "--target", "appstore-ipad")
        #expect(ipad.status == 64)
        #expect(ipad.stderr.contains("appstore-ipad needs a canvas of 1200x1600 or its shape (3:4"))
    }

    @Test(arguments: [
        (["export", StoreCLITests.deck, "--target", "appstore-iphon"], "unknown target (did you mean appstore-iphone?)"),
        (["export", StoreCLITests.deck, "--locale", "fr"], "--locale fr: the deck has en, ar"),
        (["export", StoreCLITests.deck, "--locale", "all", "-o", "x.mp4"],
         "-o x.mp4: with --locale all each output needs {locale} in its path"),
        (["export", StoreCLITests.deck, "--target", "appstore-iphone", "--fps", "60"],
         "--fps 60: --target appstore-iphone takes at most 30 fps"),
        (["export", StoreCLITests.deck, "--target", "appstore-iphone", "-o", "x.webm"],
         "-o x.webm: --target appstore-iphone takes .mp4"),
        (["timeline", StoreCLITests.deck, "--locale", "all"], "--locale all: timeline shows one locale at a time; name it"),
        (["still", StoreCLITests.deck, "--time", "1", "--locale", "all", "-o", "x.png"],
         "-o x.png: with --locale all the path needs {locale}"),
    ])
    func usageErrorsExit64(_ arguments: [String], _ message: String) throws {
        let folder = try scratch.directory("usage-\(abs(arguments.joined().hashValue))")
        let out = try CLI.run(arguments, in: folder)
        #expect(out.status == 64, "\(out.stderr)")
        #expect(out.stderr.contains(message), "\(out.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aPreviewTooShortIsAnInvalidDeck() throws {
        let folder = try scratch.directory()
        try Data(##"{"canvas": {"width": 886, "height": 1920}, "pages": [{"background": "#336699"}], "duration": 5}"##.utf8)
            .write(to: URL(fileURLWithPath: folder + "/deck.json"))
        let out = try CLI.run("export", folder + "/deck.json", "--target", "appstore-iphone", "-o", folder + "/x.mp4")
        #expect(out.status == 65)
        #expect(out.stderr.contains("duration: the video lasts 5 s; App Store app preview, iPhone 6.9\" and 6.5\" "
                                    + "(--target appstore-iphone) must last 15–30 s"))
        #expect(out.stderr.contains("warning: is not a screenshot or a recording"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/x.mp4"))
    }

    @Test func initWritesADeckForTheTarget() throws {
        let folder = try scratch.directory()
        for target in ["appstore-iphone", "appstore-ipad-landscape", "youtube", "story"] {
            let dir = folder + "/" + target
            #expect(try CLI.run("init", dir, "--target", target).status == 0)
            let out = try CLI.run("validate", dir + "/deck.json", "--target", target)
            #expect(out.status == 0, "\(target): \(out.stderr)")
            // An App Store deck shows only screenshots, in no device: nothing to warn about.
            if target.hasPrefix("appstore") { #expect(!out.stderr.contains("warning"), "\(out.stderr)") }
        }
    }

    @Test func aStillInEveryLocale() throws {
        let folder = try scratch.directory()
        let out = try CLI.run("still", Self.deck, "--time", "1", "--locale", "all", "--target", "appstore-iphone",
                              "-o", folder + "/poster-{locale}.png")
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["poster-ar.png", "poster-en.png"])
    }
}
