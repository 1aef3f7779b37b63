import Foundation
@testable import PageReel
import PageReelTestSupport
import Testing

/// README animations from a deck: WebP and APNG beside the GIF from one render, and `--max-size`
/// for every output, checked by decoding (Pillow, ffprobe) and by the files' sizes.
@Suite struct ImageExportTests {
    let scratch = ScratchDirectory()

    /// Two titled pages on a 640×360 canvas at 30 fps: a second, a swipe, the rest held.
    static let deck = """
        {
          "pagereel": 1,
          "canvas": { "width": 640, "height": 360, "fps": 30 },
          "viewport": { "x": 0, "y": 0, "width": 640, "height": 360 },
          "pages": [{ "background": "#2A9D8F", "title": "One", "subtitle": "Swipe to see more" },
                    { "background": "#E76F51", "title": "Two", "subtitle": "The second page" }],
          "script": [{ "wait": 0.5 }, { "swipe": "next" }, { "wait": 0.5 }],
          "duration": 2.5
        }
        """

    func export(_ outputs: [String], name: String = #function,
                configure: (inout ExportOptions) -> Void = { _ in }) throws -> (folder: String, summary: Exporter.Summary) {
        let folder = try scratch.directory(name)
        try Data(Self.deck.utf8).write(to: URL(fileURLWithPath: folder + "/deck.json"))
        var options = ExportOptions()
        options.outputs = outputs.map { Output(argument: folder + "/" + $0)! }
        configure(&options)
        let summary = try Exporter(project: try Project.load(folder + "/deck.json"), options: options).run { _ in }
        return (folder, summary)
    }

    static func size(_ path: String) -> Int { (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1 }

    /// The tabs sample at 30 fps (190 frames, 6.333 s): as long as its video in a browser, where
    /// delays of 1/30 s played 6.301 s.
    @Test func theTabsSamplePlaysAsLongAsItsVideo() throws {
        let folder = try scratch.directory()
        var options = ExportOptions()
        options.outputs = ["tabs.apng", "tabs.webp", "tabs.mp4"].map { Output(argument: folder + "/" + $0)! }
        options.size = (320, 180)
        let project = try Project.load(Repository.root() + "/Samples/tabs/deck.json")
        let summary = try Exporter(project: project, options: options).run()
        let video = try #require(try Probe(folder + "/tabs.mp4").duration)
        let milliseconds = Int((1000 * Double(summary.frames) / 30).rounded())
        #expect(abs(video * 1000 - Double(milliseconds)) < 2, "the MP4 lasts \(video) s")
        for name in ["tabs.apng", "tabs.webp"] {
            #expect(try AnimatedImage.decode(folder + "/" + name).browserDurations.reduce(0, +) == milliseconds, "\(name)")
        }
    }

    @Test func webpAndAPNGComeFromTheGIFsRenderAndLastAsLong() throws {
        let (folder, summary) = try export(["demo.webp", "demo.apng", "demo.gif"]) { $0.gifWidth = 320 }
        #expect(summary.frames == 75)
        for name in ["demo.webp", "demo.apng", "demo.gif"] {
            let decoded = try AnimatedImage.decode(folder + "/" + name)
            #expect(decoded.rgba.count == decoded.frames * 320 * 180 * 4, "\(name) is 320x180")
            #expect(abs(decoded.durations.reduce(0, +) - 2500) <= 10, "\(name) lasts 2.5 s")
            #expect(decoded.loop == 0)
        }
        // As a browser plays them (whole milliseconds, fractions dropped), exactly as long.
        for name in ["demo.webp", "demo.apng"] {
            #expect(try AnimatedImage.decode(folder + "/" + name).browserDurations.reduce(0, +) == 2500, "\(name)")
        }
        // The WebP is the APNG's frames, lossy: close to them.
        let webp = try AnimatedImage.decode(folder + "/demo.webp"), apng = try AnimatedImage.decode(folder + "/demo.apng")
        #expect(webp.frames == apng.frames)
        #expect(AnimatedImage.psnr(webp.rgba, apng.rgba) > 38)
    }

    @Test func everyImageFitsItsBudgetAndSaysHow() throws {
        let (plainFolder, _) = try export(["demo.webp", "demo.apng", "demo.gif"], name: "plain")
        let budget = Self.size(plainFolder + "/demo.webp") * 6 / 10
        let (folder, summary) = try export(["demo.webp", "demo.apng", "demo.gif"]) { $0.maxSize = ByteSize(bytes: budget) }
        for name in ["demo.webp", "demo.apng", "demo.gif"] {
            let path = folder + "/" + name
            #expect(Self.size(path) <= budget, "\(name)")
            let fit = try #require(summary.budgets?[path])
            #expect(fit.bytes == Self.size(path) && fit.budget == budget && (1...3).contains(fit.encodes))
            _ = try AnimatedImage.decode(path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            == ["deck.json", "demo.apng", "demo.gif", "demo.webp"])
    }

    @Test func anImpossibleBudgetWritesNothing() throws {
        let folder = try scratch.directory()
        try Data(Self.deck.utf8).write(to: URL(fileURLWithPath: folder + "/deck.json"))
        var options = ExportOptions()
        options.outputs = [Output(argument: folder + "/demo.mp4")!, Output(argument: folder + "/demo.gif")!]
        options.maxSize = ByteSize(bytes: 1500)
        let exporter = try Exporter(project: try Project.load(folder + "/deck.json"), options: options)
        let message: String? = {
            do {
                _ = try exporter.run { _ in }
            } catch let PageReelError.cannotCreateOutput(_, message) {
                return message
            } catch {
                return nil
            }
            return nil
        }()
        #expect(message?.contains("does not fit in 1.5 KB (--max-size)") == true, "\(message ?? "no error")")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["deck.json"])
    }

    @Test func aVideosBudgetCapsItsBitrate() throws {
        // Near-lossless asked for, half of it allowed.
        let (plainFolder, _) = try export(["demo.mp4"], name: "plain") { $0.crf = 2 }
        let budget = Self.size(plainFolder + "/demo.mp4") / 2
        #expect(budget > 40_000)
        let (folder, summary) = try export(["demo.mp4", "demo.webm"]) { options in
            options.crf = 2
            options.maxSize = ByteSize(bytes: budget)
        }
        for name in ["demo.mp4", "demo.webm"] {
            let path = folder + "/" + name
            #expect(Self.size(path) <= budget, "\(name): \(Self.size(path)) > \(budget)")
            #expect(try #require(summary.budgets?[path]).maxBitrate != nil)
            let frames = String(decoding: try Command.check("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v",
                                                                       "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", path]),
                                as: UTF8.self)
            #expect(frames.trimmingCharacters(in: .whitespacesAndNewlines) == "75")
        }
    }
}
