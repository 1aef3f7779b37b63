import Foundation
import Testing
import PageReelTestSupport
@testable import PageReel

/// The GIF in an export: progress that ends with the file, a cancellation while the GIF is
/// finishing, its default rate and its quality option.
@Suite struct GIFExportTests {
    let scratch = ScratchDirectory()

    /// The small test deck at `fps`, with `outputs` (names) in its folder.
    func exporter(fps: Int? = nil, outputs: [String], name: String = #function,
                  configure: (inout ExportOptions) -> Void = { _ in }) throws -> (Exporter, String) {
        let deck = try TestDecks.write(in: scratch, name: name)
        let folder = (deck as NSString).deletingLastPathComponent
        var options = ExportOptions()
        options.outputs = outputs.map { Output(argument: folder + "/" + $0)! }
        options.fps = fps
        options.size = (480, 288)
        configure(&options)
        return (try Exporter(project: try Project.load(deck), options: options), folder)
    }

    /// The temporary GIF the export is writing, if it exists.
    func partialGIF(in folder: String) throws -> [UInt8]? {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        guard let name = names.first(where: { $0.hasPrefix(".out.gif.") && $0.hasSuffix(".partial.gif") }) else { return nil }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }

    /// Progress counts every frame once, in order, and reaches the total only when the GIF is
    /// complete: at that moment the temporary GIF ends with its trailer and holds every frame.
    @Test(arguments: [["out.gif"], ["out.mp4", "out.gif"]])
    func progressEndsWithTheGIFWritten(outputs: [String]) throws {
        let (exporter, folder) = try exporter(outputs: outputs, name: "progress\(outputs.count)")
        var reported: [Int] = [], atTotal: [UInt8]?
        let summary = try exporter.run { progress in
            reported.append(progress.done)
            if progress.done == progress.total { atTotal = try? partialGIF(in: folder) }
        }
        #expect(reported == Array(1...summary.frames))
        let written = try #require(atTotal)
        #expect(written.last == 0x3B, "the GIF's trailer is written before progress reaches 100%")
        #expect(written == [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/out.gif"))))
    }

    /// A signal while the GIF's last frames are being made stops the export as interrupted, and
    /// nothing is left behind.
    @Test func cancellationWhileTheGIFFinishes() throws {
        let (exporter, folder) = try exporter(outputs: ["out.gif"])
        let cancellation = Cancellation()
        var last = 0
        let result = Result { () throws(PageReelError) in
            try exporter.run(cancellation: cancellation) { progress in
                last = progress.done
                if progress.done == progress.total - 2 { cancellation.cancel(signal: SIGTERM) }
            }
        }
        guard case .failure(.interrupted(let signal)) = result else {
            Issue.record("expected an interruption, got \(result)")
            return
        }
        #expect(signal == SIGTERM)
        #expect(last < exporter.frames.count)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["deck.json", "shot.png"])
    }

    /// Without `gifFPS` the GIF takes the video's rate up to 50 fps; a given rate always wins.
    @Test func gifRateIsTheVideosUpToFifty() throws {
        #expect(try exporter(fps: 30, outputs: ["out.gif"]).0.gifFPS == 30)
        #expect(try exporter(fps: 50, outputs: ["out.gif"]).0.gifFPS == 50)
        #expect(try exporter(fps: 60, outputs: ["out.gif"]).0.gifFPS == 50)
        #expect(try exporter(fps: 120, outputs: ["out.gif"]).0.gifFPS == 50)
        #expect(try exporter(fps: 60, outputs: ["out.gif"]) { $0.gifFPS = 20 }.0.gifFPS == 20)
    }

    @Test func gifQualityOutsideOneToHundredIsAUsageError() throws {
        for quality in [0, 101, -5] {
            let error = #expect(throws: PageReelError.self) {
                _ = try exporter(outputs: ["out.gif"], name: "quality\(quality)") { $0.gifQuality = quality }
            }
            #expect(error?.kind == .usage)
            #expect(error?.description == "--gif-quality: \(quality) is outside 1…100")
        }
        #expect(try exporter(outputs: ["out.gif"]) { $0.gifQuality = 100 }.0.options.gifQuality == 100)
    }
}
