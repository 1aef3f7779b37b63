import Foundation
@testable import PageReel
import PageReelEncode
import PageReelTestSupport
import Synchronization
import Testing

/// A deck in several languages, checked by its pixels: each locale's own screenshot, text that
/// differs, a right-to-left locale paging right to left; and every locale checked before any
/// is rendered, with nothing written unless all succeed.
@Suite struct LocaleExportTests {
    let scratch = ScratchDirectory()

    /// 320×180, two pages: a per-locale screenshot `shots/{locale}/a.png` with a localized title,
    /// and a green page; one swipe.
    static let deck = """
        {
          "pagereel": 1,
          "locales": ["en", "ar"],
          "canvas": { "width": 320, "height": 180, "fps": 30 },
          "viewport": { "x": 0, "y": 0, "width": 320, "height": 180 },
          "clip": true,
          "pages": [{ "image": "shots/{locale}/a.png", "fit": "fill",
                      "caption": { "en": "Hello", "ar": "مرحبا" },
                      "title": { "en": "Welcome", "ar": "أهلاً وسهلاً" } },
                    { "background": "#00FF00" }],
          "script": [{ "wait": 0.2 }, { "swipe": "next" }]
        }
        """

    /// The deck's folder, with a red screenshot for en and a blue one for ar.
    func folder(_ deck: String = LocaleExportTests.deck, name: String = #function) throws -> String {
        let folder = try scratch.directory(name)
        try Data(deck.utf8).write(to: URL(fileURLWithPath: folder + "/deck.json"))
        for (locale, color) in [("en", "red"), ("ar", "blue")] {
            try FileManager.default.createDirectory(atPath: "\(folder)/shots/\(locale)", withIntermediateDirectories: true)
            _ = try Command.check("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=\(color):s=64x36",
                                             "-frames:v", "1", "\(folder)/shots/\(locale)/a.png"])
        }
        return folder
    }

    /// The deck in English, Arabic and German (German over the English screenshot).
    static let deckInThreeLocales = deck.replacingOccurrences(of: #"["en", "ar"]"#, with: #"["en", "ar", "de"]"#)
        .replacingOccurrences(of: #""ar": "مرحبا" }"#, with: #""ar": "مرحبا", "de": "Hallo" }"#)
        .replacingOccurrences(of: #""ar": "أهلاً وسهلاً" }"#, with: #""ar": "أهلاً وسهلاً", "de": "Willkommen" }"#)

    /// The folder of `deckInThreeLocales`, with its screenshots.
    func folderInThreeLocales(name: String = #function) throws -> String {
        let folder = try folder(Self.deckInThreeLocales, name: name)
        try FileManager.default.copyItem(atPath: folder + "/shots/en", toPath: folder + "/shots/de")
        return folder
    }

    /// The issues of the `.deck` error `body` throws; empty if it throws another or none.
    static func deckIssues(_ body: () throws -> Void) -> [DeckIssue] {
        do {
            try body()
        } catch let PageReelError.deck(error) {
            return error.issues
        } catch {
            return []
        }
        return []
    }

    /// The frame at `time` of the deck in `locale`.
    func still(_ folder: String, locale: String, time: Double) throws -> Pixmap {
        let project = try Project.load(folder + "/deck.json", locale: locale)
        return try Still(instant: .time(time)).render(project)
    }

    @Test func eachLocaleShowsItsOwnScreenshot() throws {
        let folder = try folder()
        let projects = try Project.load(folder + "/deck.json", locales: .all)
        #expect(projects.map(\.deck.locale) == ["en", "ar"])
        var options = ExportOptions()
        options.outputs = [Output(argument: folder + "/out-{locale}.mp4")!]
        let summaries = try Exporter.run(try Exporter.each(projects, options: options))
        #expect(summaries.map(\.outputs) == [[folder + "/out-en.mp4"], [folder + "/out-ar.mp4"]])
        #expect(summaries.map(\.locale) == ["en", "ar"])
        // The first frame's top-left corner (above the title's scrim), decoded by ffmpeg.
        for (locale, expected) in [("en", (255, 0, 0)), ("ar", (0, 0, 255))] {
            let rgb = try Probe.decodeRGB("\(folder)/out-\(locale).mp4")
            let (r, g, b) = (Int(rgb[3 * (10 * 320 + 10)]), Int(rgb[3 * (10 * 320 + 10) + 1]), Int(rgb[3 * (10 * 320 + 10) + 2]))
            #expect(abs(r - expected.0) < 12 && abs(g - expected.1) < 12 && abs(b - expected.2) < 12, "\(locale): \(r),\(g),\(b)")
        }
    }

    @Test func theTextIsTheLocales() throws {
        let folder = try folder()
        let en = try still(folder, locale: "en", time: 0)
        let ar = try still(folder, locale: "ar", time: 0)
        // The title's band differs; outside it each is its screenshot's colour throughout.
        func band(_ p: Pixmap) -> [UInt8] { (100..<170).flatMap { y in (0..<320).flatMap { x in [p.pixel(x: x, y: y).g] } } }
        #expect(band(en) != band(ar))
        let same = LocaleExportTests.deck.replacingOccurrences(of: #""title": { "en": "Welcome", "ar": "أهلاً وسهلاً" }"#,
                                                              with: #""title": "Welcome""#)
        let control = try self.folder(same, name: "control")
        #expect(band(try still(control, locale: "en", time: 0)) == band(en))
        // A white title: many bright pixels in the band, in both.
        for picture in [en, ar] {
            let bright = (100..<170).reduce(0) { n, y in n + (0..<320).filter { picture.pixel(x: $0, y: y).g > 200 }.count }
            #expect(bright > 200)
        }
    }

    @Test func aRightToLeftLocalePagesFromTheLeft() throws {
        let folder = try folder()
        let project = try Project.load(folder + "/deck.json", locale: "ar")
        #expect(project.deck.layout.direction == .rtl)
        // Mid-swipe: the next (green) page enters from the right in English, from the left in Arabic.
        let time = 0.2 + 0.15
        let en = try still(folder, locale: "en", time: time)
        let ar = try still(folder, locale: "ar", time: time)
        func isGreen(_ p: Pixmap, _ x: Int) -> Bool { let c = p.pixel(x: x, y: 20); return c.g > 200 && c.r < 60 && c.b < 60 }
        #expect(isGreen(en, 310) && !isGreen(en, 10))
        #expect(isGreen(ar, 10) && !isGreen(ar, 310))
    }

    @Test func everyOutputNeedsTheLocaleWhenThereAreSeveral() throws {
        let folder = try folder()
        let projects = try Project.load(folder + "/deck.json", locales: .all)
        var options = ExportOptions()
        options.outputs = [Output(argument: folder + "/out.mp4")!]
        #expect(TargetExportTests.usage { _ = try Exporter.each(projects, options: options) }
            == "-o \(folder)/out.mp4: with several locales each output needs {locale} in its path (e.g. \(folder)/out-{locale}.mp4)")
        // Without outputs: DECK-{locale}.mp4 beside the deck.
        let exporters = try Exporter.each(projects, options: ExportOptions())
        #expect(exporters.map { $0.options.outputs.map(\.path) } == [[folder + "/deck-en.mp4"], [folder + "/deck-ar.mp4"]])
    }

    @Test func nothingIsWrittenUnlessEveryLocaleSucceeds() throws {
        let folder = try folder()
        let projects = try Project.load(folder + "/deck.json", locales: .all)
        var options = ExportOptions()
        // The second locale's output cannot be created: a file is where its folder would be.
        options.outputs = [Output(argument: folder + "/{locale}/out.mp4")!]
        try FileManager.default.createDirectory(atPath: folder + "/en", withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: folder + "/ar"))
        #expect(throws: PageReelError.self) { _ = try Exporter.run(try Exporter.each(projects, options: options)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/en") == [])
    }

    /// Locales export side by side (`Exporter.laneCount` at a time): progress counts every
    /// frame of all of them once, in order, and each locale's video shows its own screenshot.
    /// (That each is the bytes of the locale exported alone is checked through the binary, one
    /// process per export: `StoreCLITests`.)
    @Test func localesSideBySideReportEveryFrameOnce() throws {
        let folder = try folderInThreeLocales()
        var options = ExportOptions()
        options.outputs = [Output(argument: folder + "/all-{locale}.mp4")!]
        var reported: [Int] = []
        let exporters = try Exporter.each(try Project.load(folder + "/deck.json", locales: .all), options: options)
        let total = exporters.reduce(0) { $0 + $1.renderedFrames }
        let summaries = try Exporter.run(exporters) { reported.append($0.done) }
        #expect(reported == Array(1...total))
        #expect(summaries.map(\.locale) == ["en", "ar", "de"])
        let first = try ["en", "ar", "de"].map { locale in
            Array(try Probe.decodeRGB(folder + "/all-\(locale).mp4").prefix(3))
        }
        #expect(first[0][0] > 200 && first[1][2] > 200 && first[2][0] > 200, "red, blue, red: \(first)")
    }

    /// How many locales at once: as many as fit in three quarters of the room (at most three),
    /// one when an animated image's encoder keeps every core busy.
    @Test func lanesAreChosenByMemoryAndCores() throws {
        let folder = try folderInThreeLocales()
        let projects = try Project.load(folder + "/deck.json", locales: .all)
        func exporters(_ outputs: [String], size: (Int, Int) = (1080, 608)) throws -> [Exporter] {
            var options = ExportOptions()
            options.outputs = outputs.map { Output(argument: folder + "/" + $0)! }
            options.size = size
            return try Exporter.each(projects, options: options)
        }
        let mp4 = try exporters(["{locale}.mp4"])
        let need = try #require(mp4.first?.memoryEstimate)
        #expect(Exporter.laneCount(for: mp4, room: nil) == 3)
        #expect(Exporter.laneCount(for: mp4, room: 100 * need) == 3)
        #expect(Exporter.laneCount(for: mp4, room: Int(2.1 * Double(need) / Exporter.plannedShare)) == 2)
        #expect(Exporter.laneCount(for: mp4, room: need) == 1)
        #expect(Exporter.laneCount(for: mp4, room: 0) == 1)
        #expect(Exporter.laneCount(for: Array(mp4.prefix(1)), room: nil) == 1)
        // A GIF beside the video: one at a time, whatever the room.
        #expect(Exporter.laneCount(for: try exporters(["{locale}.mp4", "{locale}.gif"]), room: nil) == 1)
        // More pixels and more encoders need more.
        let big = try exporters(["{locale}.mp4"], size: (1920, 1080))
        #expect(try #require(big.first?.memoryEstimate) > need)
        #expect(try #require(try exporters(["{locale}.mp4", "{locale}.webm"]).first?.memoryEstimate) > need)
    }

    /// The lanes give results in order; the lowest failing index is the error, and nothing
    /// starts after a failure.
    @Test func lanesKeepTheOrderAndReportTheFirstFailure() throws {
        #expect(try Exporter.runLanes(7) { $0 * $0 } == [0, 1, 4, 9, 16, 25, 36])
        #expect(try Exporter.runLanes(5, lanes: 1) { $0 + 1 } == [1, 2, 3, 4, 5])
        final class Started: Sendable { let indices = Mutex<Set<Int>>([]) }
        let started = Started()
        do {
            _ = try Exporter.runLanes(40) { k throws(PageReelError) in
                started.indices.withLock { _ = $0.insert(k) }
                if k == 2 || k == 3 { throw .usage("\(k)") }
                return k
            }
            Issue.record("no failure")
        } catch {
            guard case .usage(let message) = error else { Issue.record("\(error)"); return }
            #expect(message == "2")
        }
        let count = started.indices.withLock { $0.count }
        #expect(count < 40, "\(count) started")
    }

    @Test func aMissingTranslationOrLocalizedFileNamesTheLocale() throws {
        let deck = LocaleExportTests.deck.replacingOccurrences(of: #""caption": { "en": "Hello", "ar": "مرحبا" }"#,
                                                               with: #""caption": { "en": "Hello" }"#)
        let folder = try folder(deck)
        try FileManager.default.removeItem(atPath: folder + "/shots/ar/a.png")
        let issues = Self.deckIssues { _ = try Project.load(folder + "/deck.json", locales: .all) }
        #expect(issues.map(\.description) == [
            #"pages[0].caption: has no "ar" text (locale ar)"#,
            "pages[0].image: file not found: shots/ar/a.png (locale ar)",
        ])
        // An invalid deck (65), not a missing input (66): the deck lacks the locale's file.
        #expect(issues.allSatisfy { $0.kind == .invalid })
        // The default locale alone is complete.
        #expect(try Project.load(folder + "/deck.json").deck.locale == "en")
    }

    @Test func aLocaleTheDeckLacksIsAUsageError() throws {
        let folder = try folder()
        #expect(TargetExportTests.usage { _ = try Project.load(folder + "/deck.json", locale: "fr") }
            == "--locale fr: the deck has en, ar")
    }

    @Test func localesAreSeparateVideosToConcat() throws {
        let folder = try folder()
        let en = try Project.load(folder + "/deck.json", locale: "en")
        let ar = try Project.load(folder + "/deck.json", locale: "ar")
        let video = VideoOptions(width: 320, height: 180, fps: 30)
        let a = try RenderFingerprint(project: en, transition: nil, width: 320, height: 180, fps: 30, video: video)
        let b = try RenderFingerprint(project: ar, transition: nil, width: 320, height: 180, fps: 30, video: video)
        #expect(a.digest != b.digest)
    }
}
