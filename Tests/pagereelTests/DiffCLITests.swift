import Foundation
import Testing
import PageReelTestSupport

/// `pagereel diff` through the binary, judged by what it decodes: the same deck encoded twice or
/// at two qualities is no change; a caption edit is a change at exactly the frames where its page
/// shows (its caption switches at the half-way point, so: where the timeline's position rounds to
/// that page); GIFs, a frames folder and decks compare as their videos do; sizes and lengths; a
/// missing file and a file that is no video; the reports decoded.
@Suite(.serialized) struct DiffCLITests {
    let scratch = ScratchDirectory()

    static let deck = """
    { "pagereel": 1, "canvas": { "width": 640, "height": 360, "fps": 10, "background": "#20242E" },
      "viewport": { "x": 170, "y": 20, "width": 300, "height": 260 },
      "captions": { "position": "bottom", "size": 22, "gap": 16, "transition": "none" },
      "pages": [ { "background": "#E8553D", "caption": "Plan every trip" },
                 { "background": "#3D7BE8", "caption": "Share it with friends" },
                 { "background": "#3DBE7B", "caption": "Go" } ],
      "script": [ { "wait": 0.5 }, { "swipe": "next" }, { "wait": 0.8 }, { "swipe": "next" }, { "wait": 0.5 } ] }
    """

    /// A folder with `deck.json`, `edit.json` (page 1's caption edited) and their exports.
    func folder(_ name: String = #function) throws -> String {
        let folder = try scratch.directory(name)
        try Data(Self.deck.utf8).write(to: URL(fileURLWithPath: folder + "/deck.json"))
        let edit = Self.deck.replacingOccurrences(of: "Share it with friends", with: "Share it with family")
        try Data(edit.utf8).write(to: URL(fileURLWithPath: folder + "/edit.json"))
        return folder
    }

    func export(_ folder: String, _ deck: String, _ arguments: String...) throws {
        let out = try CLI.run(["export", deck, "-q"] + arguments, in: folder)
        try #require(out.status == 0, "\(out.stderr)")
    }

    func diff(_ folder: String, _ arguments: String...) throws -> (status: Int32, json: [String: Any], text: String) {
        let out = try CLI.run(["diff"] + arguments + ["--json"], in: folder)
        let json = (try? JSONSerialization.jsonObject(with: out.stdout) as? [String: Any]) ?? [:]
        return (out.status, json, out.text + out.stderr)
    }

    static func ranges(_ json: [String: Any]) -> [(from: Int, to: Int)] {
        ((json["changed"] as? [[String: Any]]) ?? []).map { ($0["from"] as? Int ?? -1, $0["to"] as? Int ?? -1) }
    }

    /// The frames where page 1 is the one shown, from `pagereel timeline`'s positions.
    func pageOneFrames(_ folder: String) throws -> (from: Int, to: Int) {
        let csv = try CLI.run("timeline", "deck.json", "--format", "csv", in: folder).text
        let frames = csv.split(separator: "\n").dropFirst().compactMap { line -> Int? in
            let fields = line.split(separator: ",")
            guard let position = Double(fields[3]) else { return nil }
            return (position > 0.5 && position <= 1.5) ? Int(fields[0]) : nil
        }
        return (frames.min() ?? -1, frames.max() ?? -1)
    }

    @Test func theSameDeckEncodedTwiceOrAtAnotherQualityIsNoChange() throws {
        let folder = try folder()
        try export(folder, "deck.json", "-o", "a.mp4")
        try export(folder, "deck.json", "-o", "b.mp4")
        try export(folder, "deck.json", "--crf", "30", "-o", "c30.mp4")
        for other in ["b.mp4", "c30.mp4"] {
            let result = try diff(folder, "a.mp4", other)
            #expect(result.status == 0, "\(result.text)")
            #expect(result.json["same"] as? Bool == true)
            #expect(result.json["frames"] as? Int == 39)
        }
        let text = try CLI.run("diff", "a.mp4", "c30.mp4", in: folder)
        #expect(text.text == "no visible change (39 frames)\n")
    }

    @Test func aCaptionEditChangesExactlyTheFramesItsPageShows() throws {
        let folder = try folder()
        try export(folder, "deck.json", "-o", "a.mp4", "-o", "a.gif", "-o", "frames/")
        try export(folder, "edit.json", "-o", "e.mp4", "-o", "e.gif")
        let expected = try pageOneFrames(folder)
        #expect(expected.from > 0 && expected.to > expected.from)
        for (old, new) in [("a.mp4", "e.mp4"), ("a.gif", "e.gif"), ("deck.json", "edit.json"), ("a.gif", "e.mp4")] {
            let result = try diff(folder, old, new)
            #expect(result.status == 1, "\(old) \(new): \(result.text)")
            let ranges = Self.ranges(result.json)
            #expect(ranges.count == 1 && ranges.first?.from == expected.from && ranges.first?.to == expected.to,
                    "\(old) \(new): \(ranges) vs \(expected)")
            let range = (result.json["changed"] as? [[String: Any]])?.first ?? [:]
            // The caption's line, below the viewport (y 280…360).
            let box = range["box"] as? [Int] ?? []
            #expect(box.count == 4 && box[1] >= 280 && box[1] + box[3] <= 360 && box[2] < 400, "\(box)")
            #expect(abs((range["fromTime"] as? Double ?? -1) - Double(expected.from) / 10) < 1e-9)
        }
        // A GIF against its MP4, a frames folder against it, a deck against it: the same.
        for (old, new, extra) in [("a.gif", "a.mp4", [String]()), ("frames", "a.mp4", ["--fps", "10"]),
                                  ("deck.json", "a.mp4", [])] {
            let out = try CLI.run(["diff", old, new] + extra, in: folder)
            #expect(out.status == 0, "\(old) \(new): \(out.text) \(out.stderr)")
        }
        let text = try CLI.run("diff", "a.mp4", "e.mp4", in: folder).text
        #expect(text.hasPrefix(String(format: "%.2f–%.2f s (frames %d–%d): up to ", Double(expected.from) / 10,
                                      Double(expected.to) / 10, expected.from, expected.to)), "\(text)")
    }

    @Test func sizesAndLengthsAreChanges() throws {
        let folder = try folder()
        try export(folder, "deck.json", "-o", "a.mp4")
        try export(folder, "deck.json", "--size", "320x180", "-o", "small.mp4")
        let sizes = try CLI.run("diff", "a.mp4", "small.mp4", in: folder)
        #expect(sizes.status == 1)
        #expect(sizes.text.hasPrefix("sizes differ: 640×360 (OLD) vs 320×180 (NEW)\n"), "\(sizes.text)")
        let longer = Self.deck.replacingOccurrences(of: #"{ "wait": 0.5 } ] }"#, with: #"{ "wait": 1.5 } ] }"#)
        try Data(longer.utf8).write(to: URL(fileURLWithPath: folder + "/longer.json"))
        try export(folder, "longer.json", "-o", "long.mp4")
        let result = try diff(folder, "a.mp4", "long.mp4")
        #expect(result.status == 1)
        let range = (result.json["changed"] as? [[String: Any]])?.last ?? [:]
        #expect(range["from"] as? Int == 39 && range["to"] as? Int == 48, "\(range)")
        #expect(range["note"] as? String == "only in NEW")
    }

    @Test func aMissingFileOrOneThatIsNoVideo() throws {
        let folder = try folder()
        try export(folder, "deck.json", "-o", "a.mp4")
        let missing = try CLI.run("diff", "a.mp4", "nowhere.mp4", in: folder)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("nowhere.mp4: file not found"), "\(missing.stderr)")
        try Data("not a video at all".utf8).write(to: URL(fileURLWithPath: folder + "/notes.mp4"))
        let junk = try CLI.run("diff", "notes.mp4", "a.mp4", in: folder)
        #expect(junk.status == 65)
        #expect(junk.stderr.hasPrefix("notes.mp4: "), "\(junk.stderr)")
        try Data("{ \"pagereel\": 1, \"pages\": [] }".utf8).write(to: URL(fileURLWithPath: folder + "/bad.json"))
        #expect(try CLI.run("diff", "bad.json", "deck.json", in: folder).status == 65)
        try FileManager.default.createDirectory(atPath: folder + "/empty", withIntermediateDirectories: true)
        #expect(try CLI.run("diff", "empty", "a.mp4", in: folder).status == 65)
        #expect(try CLI.run("diff", "a.mp4", "a.mp4", "-o", "report.txt", in: folder).status == 64)
        #expect(try CLI.run("diff", "a.mp4", "a.mp4", "--threshold", "0", in: folder).status == 64)
        // Nothing written when it fails.
        let failed = try CLI.run("diff", "a.mp4", "nowhere.mp4", "-o", "r.png", "-o", "r.md", in: folder)
        #expect(failed.status == 66)
        #expect(!FileManager.default.fileExists(atPath: folder + "/r.png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).allSatisfy { !$0.contains(".part-") })
    }

    /// The sheet: its difference panel marks the edit's pixels inside the outlined box; the WebP
    /// has a frame per changed instant; the summary names both.
    @Test func theReportsShowTheEdit() throws {
        let folder = try folder()
        try export(folder, "deck.json", "-o", "a.mp4")
        try export(folder, "edit.json", "-o", "e.mp4")
        let out = try CLI.run("diff", "a.mp4", "e.mp4", "-o", "report/r.png", "-o", "report/r.webp", "-o", "report/r.md",
                              in: folder)
        #expect(out.status == 1)
        let png = folder + "/report/r.png"
        let probe = try Probe(png)
        let (width, height) = (probe.width ?? 0, probe.height ?? 0)
        let rgb = try Probe.decodeRGB(png)
        try #require(rgb.count == width * height * 3)
        // Panels of 400 × 225 at x = 12, 424, 836; the difference panel's magenta pixels.
        var marked: [(x: Int, y: Int)] = []
        for y in 0..<height {
            for x in 836..<min(width, 1236) {
                let i = (y * width + x) * 3
                if rgb[i] == 255, rgb[i + 1] == 0x2D, rgb[i + 2] == 0x78 { marked.append((x - 836, y)) }
            }
        }
        #expect(marked.count > 200, "\(marked.count) marked pixels")
        // The caption's line: 288…320 of 360 → the panel's rows, scaled by 400/640, below its top.
        let top = marked.map(\.y).min() ?? 0, bottom = marked.map(\.y).max() ?? 0
        let left = marked.map(\.x).min() ?? 0, right = marked.map(\.x).max() ?? 0
        #expect(bottom - top < 30 && left > 100 && right < 300, "\(left)…\(right) × \(top)…\(bottom)")
        // libwebp's own reading of the animation: a frame per changed instant.
        let info = try Command.run("webpmux", ["-info", folder + "/report/r.webp"]).text
        let frames = info.split(separator: "\n").first { $0.hasPrefix("Number of frames:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? -1
        let changed = try pageOneFrames(folder)
        #expect(frames == changed.to - changed.from + 1, "\(frames) frames")
        let markdown = try String(contentsOfFile: folder + "/report/r.md", encoding: .utf8)
        #expect(markdown.contains("](r.png)") && markdown.contains("](r.webp)"))
        #expect(markdown.contains("| \(String(format: "%.2f–%.2f s", Double(changed.from) / 10, Double(changed.to) / 10)) |"))
    }
}
