import Foundation
@testable import PageReel
import PageReelTestSupport
import Testing

/// Every frame is a function of the deck, the options and the frame number alone — also inside
/// one long-lived process (the studio's) that rendered other decks, locales, fonts and scripts
/// before, side by side or one after another. Each export and still made here in one process is
/// compared byte for byte with the same one made by a fresh `pagereel` process.
@Suite(.serialized) struct ProcessDeterminismTests {
    let scratch = ScratchDirectory()

    /// A deck in a folder of its own, with its locales.
    struct Deck {
        var file: String
        var locales: [String]
        var folder: String { (file as NSString).deletingLastPathComponent }
    }

    /// Latin, Arabic and German text over per-locale screenshots; a swipe; a caption.
    func latinAndArabic() throws -> Deck {
        let helper = LocaleExportTests()
        let folder = try scratch.directory("latin")
        try withExtendedLifetime(helper) {
            let built = try helper.folderInThreeLocales(name: "latin")
            for name in ["deck.json", "shots"] { try FileManager.default.copyItem(atPath: built + "/" + name, toPath: folder + "/" + name) }
        }
        return Deck(file: folder + "/deck.json", locales: ["en", "ar", "de"])
    }

    /// Han characters whose forms differ between Japanese and Chinese, emoji, Arabic (right to
    /// left), Devanagari, and a font file of the deck's own; cards in perspective, a tab bar.
    func cjkEmojiAndFonts() throws -> Deck {
        let folder = try scratch.directory("cjk")
        try FileManager.default.createDirectory(atPath: folder + "/fonts", withIntermediateDirectories: true)
        try Data(try FontFixtures.renamedDejaVuSerif()).write(to: URL(fileURLWithPath: folder + "/fonts/Brand.ttf"))
        let deck = """
            {
              "pagereel": 1,
              "locales": ["ja", "zh-Hans", "ar"],
              "fonts": ["fonts/Brand.ttf"],
              "canvas": { "width": 320, "height": 180, "fps": 30, "background": "#101418" },
              "viewport": { "x": 60, "y": 36, "width": 200, "height": 136 },
              "transition": "cards", "perspective": 600,
              "page": { "cornerRadius": 12, "shadow": true },
              "tabs": { "titles": [{ "ja": "写真", "zh-Hans": "照片", "ar": "صور" }, { "ja": "旅", "zh-Hans": "旅行", "ar": "رحلة" }] },
              "pages": [
                { "background": { "from": "#FF8A7A", "to": "#5B5FEF", "angle": 90 },
                  "title": { "ja": "直角 骨 🎉", "zh-Hans": "直角 骨 🎉", "ar": "مرحبا 👋" },
                  "subtitle": { "ja": "写真を共有しましょう", "zh-Hans": "分享照片吧", "ar": "اسحب للمتابعة" } },
                { "background": "#2B6F7A",
                  "layers": [{ "text": "Zqxjkv नमस्ते ✈️", "font": "Zqxjkv Serif", "x": 10, "y": 50, "size": 22,
                               "width": 180, "parallax": { "x": -2 } }] }
              ],
              "script": [{ "wait": 0.1 }, { "drag": { "by": 0.6, "duration": 0.3 } }, { "tap": { "tab": 0 } }]
            }
            """
        try Data(deck.utf8).write(to: URL(fileURLWithPath: folder + "/deck.json"))
        return Deck(file: folder + "/deck.json", locales: ["ja", "zh-Hans", "ar"])
    }

    /// A fresh process's MP4 is the same whatever its memory held before: with every allocation
    /// filled with a pattern (glibc's `MALLOC_PERTURB_`) and none taken fresh from the system, the
    /// bytes are those of a plain run. (x264's AVX-512 code reads memory it has not written: on a
    /// CPU with AVX-512 these three runs gave three MP4s, and an MP4 made in a process after other
    /// exports followed what they left behind.)
    @Test func theMP4DoesNotDependOnWhatMemoryHeld() throws {
        let cjk = try cjkEmojiAndFonts()
        let folder = try scratch.directory("memory")
        var made: [String: Data] = [:]
        for pattern in ["", "165", "77"] {
            var environment = ProcessInfo.processInfo.environment
            if !pattern.isEmpty {
                environment["MALLOC_PERTURB_"] = pattern
                environment["MALLOC_MMAP_THRESHOLD_"] = "1073741824"
            }
            let path = folder + "/ja\(pattern).mp4"
            let export = try Command.run(Repository.binary, ["export", cjk.file, "--locale", "ja", "-q", "-o", path],
                                         environment: environment)
            #expect(export.status == 0, "\(export.stderr)")
            made[pattern] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
        #expect(made[""]!.count > 1000)
        #expect(made["165"] == made[""], "MALLOC_PERTURB_=165")
        #expect(made["77"] == made[""], "MALLOC_PERTURB_=77")
    }

    /// The outputs of one export: an MP4 with sound, a GIF and every frame as a PNG.
    static func outputs(_ stem: String) -> [String] { [stem + ".mp4", stem + ".gif", stem + "-frames/"] }

    /// The files under `path` (a file, or a folder's files by name), with their bytes.
    static func files(_ path: String) throws -> [String: Data] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [:] }
        guard isFolder.boolValue else { return [(path as NSString).lastPathComponent: try Data(contentsOf: URL(fileURLWithPath: path))] }
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            files[(path as NSString).lastPathComponent + "/" + name] = try Data(contentsOf: URL(fileURLWithPath: path + "/" + name))
        }
        return files
    }

    /// What one fresh process writes for `deck` in `locale`: its export and a still of `frame`.
    func fresh(_ deck: Deck, locale: String, frame: Int, into folder: String) throws -> [String: Data] {
        let stem = folder + "/\(locale)"
        let arguments = ["export", deck.file, "--locale", locale, "-q"] + Self.outputs(stem).flatMap { ["-o", $0] }
        let export = try Command.run(Repository.binary, arguments)
        #expect(export.status == 0, "\(export.stderr)")
        let still = try Command.run(Repository.binary, ["still", deck.file, "--locale", locale, "--frame", "\(frame)",
                                                        "-o", stem + "-still.png"])
        #expect(still.status == 0, "\(still.stderr)")
        return try (Self.outputs(stem) + [stem + "-still.png"]).reduce(into: [:]) { all, path in
            all.merge(try Self.files(path)) { a, _ in a }
        }
    }

    /// Exports `deck` in this process (`locale` nil: every locale at once, side by side) and
    /// renders the still of `frame` for each locale exported: the files by locale.
    func inProcess(_ deck: Deck, locale: String?, frame: Int, into folder: String) throws -> [String: [String: Data]] {
        var options = ExportOptions()
        options.outputs = Self.outputs(folder + "/{locale}").map { Output(argument: $0)! }
        let projects = try Project.load(deck.file, locales: locale.map(LocaleSelection.code) ?? .all)
        _ = try Exporter.run(try Exporter.each(projects, options: options))
        // Every locale at once, MP4s alone: these run side by side, on threads of their own.
        var videos = ExportOptions()
        videos.outputs = [Output(argument: folder + "/side/{locale}.mp4")!]
        if locale == nil {
            let exporters = try Exporter.each(projects, options: videos)
            #expect(Exporter.laneCount(for: exporters) == 3)
            _ = try Exporter.run(exporters)
        }
        var byLocale: [String: [String: Data]] = [:]
        for project in projects {
            let code = project.deck.locale ?? ""
            let stem = folder + "/\(code)"
            try Still(instant: .frame(frame)).write(project, to: stem + "-still.png")
            byLocale[code] = try (Self.outputs(stem) + [stem + "-still.png"]).reduce(into: [:]) { all, path in
                all.merge(try Self.files(path)) { a, _ in a }
            }
            if locale == nil {
                // Named as the reference names its MP4, to be compared with it.
                byLocale[code]?["side " + code + ".mp4"] = try Data(contentsOf: URL(fileURLWithPath: folder + "/side/\(code).mp4"))
            }
        }
        return byLocale
    }

    /// Two decks, their locales side by side and one by one, in both orders and again: every
    /// file (MP4, GIF, each frame's PNG, a still) is the fresh process's, byte for byte.
    @Test func everyRenderInOneProcessIsAFreshProcesss() throws {
        let latin = try latinAndArabic(), cjk = try cjkEmojiAndFonts()
        let frame = 12
        var reference: [String: [String: [String: Data]]] = [:]
        for deck in [latin, cjk] {
            let folder = try scratch.directory("fresh")
            for locale in deck.locales {
                reference[deck.file, default: [:]][locale] = try fresh(deck, locale: locale, frame: frame, into: folder)
            }
        }
        // Side by side, then alone in order, the other deck alone in the other order, then side by
        // side again after them.
        let steps: [(Deck, String?)] = [(latin, nil), (cjk, nil)] + latin.locales.map { (latin, $0) }
            + cjk.locales.reversed().map { (cjk, $0) } + [(latin, nil)]
        for (k, step) in steps.enumerated() {
            let folder = try scratch.directory("step\(k)")
            let made = try inProcess(step.0, locale: step.1, frame: frame, into: folder)
            #expect(made.keys.sorted() == (step.1.map { [$0] } ?? step.0.locales).sorted())
            for (locale, files) in made {
                let expected = reference[step.0.file]?[locale] ?? [:]
                let sideBySide = files.keys.filter { $0.hasPrefix("side ") }
                #expect(sideBySide.count == (step.1 == nil ? 1 : 0))
                #expect(files.count - sideBySide.count == expected.count && expected.count > 20,
                        "step \(k) \(locale): \(files.count) files")
                let differing = expected.keys.sorted().filter { files[$0] != expected[$0] }
                    + sideBySide.filter { files[$0] != expected[String($0.dropFirst(5))] }
                let how = step.1 == nil ? "every locale at once" : "alone"
                // Every GIF, frame PNG and still must be the fresh process's.
                let images = differing.filter { !$0.hasSuffix(".mp4") }
                #expect(images.isEmpty, "step \(k), \(step.0.folder) in \(locale) (\(how)): \(images.prefix(8))")
                // And every MP4 (x264 without its AVX-512 code: `theMP4DoesNotDependOnWhatMemoryHeld`).
                let videos = differing.filter { $0.hasSuffix(".mp4") }
                #expect(videos.isEmpty, "step \(k), \(step.0.folder) in \(locale) (\(how)): \(videos)")
            }
        }
    }
}
