import Foundation
@testable import PageReel
import PageReelEncode
import PageReelMedia
import PageReelRaster
import PageReelTestSupport
import Testing

@Suite struct ExporterTests {
    let scratch = ScratchDirectory()

    /// One render feeds an MP4, a GIF and PNG frames; each is read back by FFmpeg.
    @Test func exportsEveryFormatFromOneRender() throws {
        let deck = try TestDecks.write(in: scratch)
        let folder = (deck as NSString).deletingLastPathComponent
        let project = try Project.load(deck)
        var options = ExportOptions()
        options.outputs = [Output(argument: folder + "/out.mp4")!, Output(argument: folder + "/out.gif")!,
                           Output(argument: folder + "/frames/")!, Output(argument: folder + "/poster.png")!]
        let exporter = try Exporter(project: project, options: options)
        var reported = 0
        let summary = try exporter.run { reported = $0.done }
        let frames = project.frameCount(fps: 20)
        #expect(summary.frames == frames)
        #expect(reported == frames)

        let mp4 = try Probe(folder + "/out.mp4")
        #expect(mp4.string("codec_name") == "h264")
        #expect(mp4.string("pix_fmt") == "yuv420p")
        #expect(mp4.string("color_primaries") == "bt709")
        #expect(mp4.string("color_transfer") == "bt709")
        #expect(mp4.string("color_space") == "bt709")
        #expect(mp4.string("avg_frame_rate") == "20/1")
        #expect(mp4.frames == frames)
        #expect(abs((mp4.duration ?? 0) - Double(frames) / 20) < 1e-6)
        let atoms = try Probe.topLevelAtoms(folder + "/out.mp4")
        #expect(atoms.firstIndex(of: "moov")! < atoms.firstIndex(of: "mdat")!)

        let gif = try Probe(folder + "/out.gif")
        #expect(abs((gif.duration ?? 0) - Double(frames) / 20) < 0.1)

        let pngs = try FileManager.default.contentsOfDirectory(atPath: folder + "/frames").sorted()
        #expect(pngs.count == frames)
        #expect(pngs.first == "frame-000000.png")

        // The first frame: page 0 (red) in the middle of the viewport, the background around it.
        let first = try ImageDecoder.decode(fileAt: folder + "/frames/frame-000000.png")
        #expect(first.pixel(x: 60, y: 20) == (255, 0, 0, 255))
        #expect(first.pixel(x: 2, y: 2) == (0x10, 0x20, 0x30, 255))
        let poster = try ImageDecoder.decode(fileAt: folder + "/poster.png")
        #expect(poster == first)
        // The MP4's first frame decodes to the same colours (BT.709 both ways, within rounding).
        let rgb = try Probe.decodeRGB(folder + "/out.mp4")
        let i = (20 * 160 + 60) * 3
        #expect(abs(Int(rgb[i]) - 255) <= 3 && rgb[i + 1] <= 3 && rgb[i + 2] <= 3)
        // Nothing else was left in the folder (no temporary files).
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(left == ["deck.json", "frames", "out.gif", "out.mp4", "poster.png", "shot.png"])
    }

    /// The same frame rendered twice is byte-identical, and the frame at the same instant is the
    /// same at 20 and 40 fps.
    @Test func framesAreDeterministic() throws {
        let project = try Project.load(try TestDecks.write(in: scratch))
        let a = try Still(instant: .time(0.55)).render(project)
        let b = try Still(instant: .time(0.55)).render(project)
        #expect(a == b)
        #expect(try PNGWriter.encode(a, for: "a.png") == PNGWriter.encode(b, for: "b.png"))
        let at20 = try Still(instant: .frame(11), fps: 20).render(project)
        let at40 = try Still(instant: .frame(22), fps: 40).render(project)
        #expect(at20 == at40)
    }

    @Test func sizeMustKeepTheAspectRatio() throws {
        let project = try Project.load(try TestDecks.write(in: scratch))
        var options = ExportOptions()
        options.size = (320, 200)
        #expect((try? Exporter(project: project, options: options)) == nil)
        options.size = (320, 192)
        let exporter = try Exporter(project: project, options: options)
        #expect(exporter.width == 320 && exporter.height == 192)
    }

    /// A failed export leaves nothing behind and keeps an existing file.
    @Test func failedExportLeavesNoPartialOutput() throws {
        let deck = try TestDecks.write(in: scratch)
        let folder = (deck as NSString).deletingLastPathComponent
        try Data("precious".utf8).write(to: URL(fileURLWithPath: folder + "/out.mp4"))
        let project = try Project.load(deck)
        var options = ExportOptions()
        options.outputs = [Output(argument: folder + "/out.mp4")!]
        options.preset = "no-such-preset"
        let exporter = try Exporter(project: project, options: options)
        #expect((try? exporter.run()) == nil)
        #expect(try String(contentsOfFile: folder + "/out.mp4", encoding: .utf8) == "precious")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["deck.json", "out.mp4", "shot.png"])
    }

    @Test func cancellationStopsAndCleansUp() throws {
        let deck = try TestDecks.write(in: scratch)
        let folder = (deck as NSString).deletingLastPathComponent
        let project = try Project.load(deck)
        var options = ExportOptions()
        options.outputs = [Output(argument: folder + "/out.mp4")!]
        let cancellation = Cancellation()
        let exporter = try Exporter(project: project, options: options)
        let result = Result { () throws(PageReelError) in
            try exporter.run(cancellation: cancellation) { progress in
                if progress.done == 3 { cancellation.cancel(signal: 2) }
            }
        }
        switch result {
        case .success: Issue.record("expected an interruption")
        case .failure(let error):
            guard case .interrupted(let signal) = error else { Issue.record("wrong error \(error)"); return }
            #expect(signal == 2)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["deck.json", "shot.png"])
    }
}
