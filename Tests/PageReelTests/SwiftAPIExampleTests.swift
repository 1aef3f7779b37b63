import Foundation
import PageReel
import PageReelTestSupport
import Testing

/// README's "From Swift" example, run as written: only `import PageReel`, a deck built in Swift
/// from screenshots, an export with progress and cancellation. `readmeExampleIsThisCode` keeps the
/// README's copy and this one the same.
@Suite struct SwiftAPIExampleTests {
    let scratch = ScratchDirectory()

    /// The example, between the markers exactly as README shows it (indentation aside).
    func renderDemo(screenshotsFolder: String) throws -> Exporter.Summary {
        // README example begin
        // Screenshots a UI test has just taken, in order, in `screenshotsFolder`.
        let shots = ["home.png", "feed.png", "profile.png"]
        var deck = Deck(canvas: Canvas(width: 1280, height: 720),
                        pages: .list(shots.map { Page(image: $0, fit: .fill) }))
        deck.transition = .named(.cards)
        deck.pageStyle = PageStyle(cornerRadius: 24, shadow: Shadow())
        deck.script = [Step(.wait(0.5)), Step(.swipe(.next)), Step(.wait(0.5)), Step(.swipe(.next))]

        // Checked like a deck file: a mistake is a PageReelError naming the JSON path.
        let project = try Project(deck: deck, directory: screenshotsFolder)
        var options = ExportOptions()
        options.outputs = [Output(path: screenshotsFolder + "/demo.mp4", format: .mp4),
                           Output(path: screenshotsFolder + "/demo.gif", format: .gif)]
        let exporter = try Exporter(project: project, options: options)
        let cancellation = Cancellation()   // cancellation.cancel(signal: SIGINT) from any thread stops it
        let summary = try exporter.run(cancellation: cancellation) { progress in
            print("\(progress.done)/\(progress.total) frames")
        }
        print("wrote \(summary.outputs.joined(separator: ", ")) in \(summary.elapsed) s")
        // README example end
        return summary
    }

    /// Screenshots as a UI test would leave them: three PNGs, drawn by ffmpeg.
    func screenshots() throws -> String {
        let folder = try scratch.directory()
        for (name, color) in [("home", "0x5B5FEF"), ("feed", "0xFF6B6B"), ("profile", "0x4ECDC4")] {
            _ = try Command.check("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=\(color):s=390x844",
                                             "-frames:v", "1", folder + "/\(name).png"])
        }
        return folder
    }

    @Test func theExampleRendersAVideoAndAGIF() throws {
        let folder = try screenshots()
        let summary = try renderDemo(screenshotsFolder: folder)
        #expect(summary.frames == Int((summary.seconds * 30).rounded()))
        let mp4 = try Probe(folder + "/demo.mp4")
        #expect(mp4.string("codec_name") == "h264" && mp4.frames == summary.frames)
        #expect(mp4.string("width") == nil || mp4.stream["width"] as? Int == 1280)
        let gif = try Probe(folder + "/demo.gif")
        #expect(abs((gif.duration ?? 0) - summary.seconds) < 0.1)
    }

    @Test func aMistakeInASwiftDeckNamesItsJSONPath() throws {
        var deck = Deck(canvas: Canvas(width: 99_999, height: 720), pages: .list([Page(image: "missing.png")]))
        deck.script = [Step(.jump(Step.Jump(to: 4)))]
        do {
            _ = try Project(deck: deck, directory: try scratch.directory())
            Issue.record("a deck over the limits was accepted")
        } catch {
            let text = "\(error)"
            #expect(text.contains("deck: canvas.width: 99999 is over the limit of 7680"), "\(text)")
            #expect(text.contains("deck: script[0].jump.to: page 4 is past the last page (0)"), "\(text)")
            #expect(text.contains("deck: pages[0].image: file not found: missing.png"), "\(text)")
        }
    }

    @Test func readmeExampleIsThisCode() throws {
        func lines(_ text: String) -> [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let me = try String(contentsOfFile: #filePath, encoding: .utf8)
        let example = me.components(separatedBy: "// README example begin\n")[1].components(separatedBy: "        // README example end")[0]
        let readme = try String(contentsOfFile: Repository.root() + "/README.md", encoding: .utf8)
        let block = readme.components(separatedBy: "```swift\nimport PageReel\n\n")
        #expect(block.count == 2, "README has one Swift example starting with import PageReel")
        guard block.count == 2 else { return }
        let shown = block[1].components(separatedBy: "```")[0]
        #expect(lines(shown) == lines(example))
    }
}
