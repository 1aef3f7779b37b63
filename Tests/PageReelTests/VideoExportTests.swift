import Foundation
@testable import PageReel
import PageReelMedia
import PageReelRaster
import PageReelTestSupport
import Testing

/// Recordings on pages, checked by decoding pagereel's output and reading, from its pixels, which
/// source frame each output frame shows (counter clips: frame k shows k in binary as bars).
@Suite struct VideoExportTests {
    let scratch = ScratchDirectory()

    /// A 160×64 deck at 30 fps whose one page is the clip, stretched over the whole frame.
    static func deck(video: String, duration: Double, pages: String? = nil, script: String = "[]",
                     transition: String = "none", width: Int = 160, height: Int = 64) -> String {
        """
        {
          "pagereel": 1,
          "canvas": { "width": \(width), "height": \(height), "fps": 30, "background": "#000000" },
          "viewport": { "x": 0, "y": 0, "width": \(width), "height": \(height) },
          "transition": "\(transition)",
          "pages": \(pages ?? #"[{ "video": \#(video) }]"#),
          "script": \(script),
          "duration": \(duration)
        }
        """
    }

    /// Writes the deck into a new folder; returns the deck's path.
    func write(_ deck: String, name: String = #function) throws -> String {
        let folder = try scratch.directory(name)
        try Data(deck.utf8).write(to: URL(fileURLWithPath: folder + "/deck.json"))
        return folder + "/deck.json"
    }

    /// Exports `deck` to MP4 and reads the counter of every frame (the whole frame is the clip).
    func countersOfMP4(_ deck: String) throws -> [Int] {
        let folder = (deck as NSString).deletingLastPathComponent
        var options = ExportOptions()
        options.outputs = [Output(argument: folder + "/out.mp4")!]
        options.crf = 10
        _ = try Exporter(project: try Project.load(deck), options: options).run { _ in }
        let rgb = try Probe.decodeRGB(folder + "/out.mp4")
        let size = 160 * 64 * 3
        return stride(from: 0, to: rgb.count, by: size).map { start in
            Recording.counter(in: Array(rgb[start..<(start + size)]), width: 160, box: (0, 0, 160, 64))
        }
    }

    /// Frame n of a 30 fps video shows the source frame whose span [k/f, (k+1)/f) holds n/30.
    @Test(arguments: [24, 30, 60])
    func showsTheSourceFrameWhoseSpanHoldsEachInstant(sourceFPS: Int) throws {
        let deck = try write(Self.deck(video: #"{ "file": "clip.mp4", "fit": "stretch" }"#, duration: 2.5))
        try Recording.counter(at: (deck as NSString).deletingLastPathComponent + "/clip.mp4", fps: sourceFPS,
                              frames: 3 * sourceFPS)
        let counters = try countersOfMP4(deck)
        #expect(counters.count == 75)
        #expect(counters == (0..<75).map { n in n * sourceFPS / 30 })
    }

    /// A clip spelled in a deck, and the source frame it shows at deck time t, worked out by hand.
    struct ClipCase: Sendable, CustomTestStringConvertible {
        let video: String
        let frame: @Sendable (Double) -> Double
        var testDescription: String { video }
    }

    /// Where the clip is at deck time t, by the rules a video editor follows, written out here
    /// independently: `start` + `rate`·t, held on the last frame before `end` or looped. The clip
    /// lasts 1 s: 24 frames at 24 fps.
    static let clipCases = [
        ClipCase(video: #"{ "file": "clip.mp4" }"#) { t in min(floor(t * 24), 23) },
        ClipCase(video: #"{ "file": "clip.mp4", "loop": true }"#) { t in floor(t.truncatingRemainder(dividingBy: 1) * 24) },
        // From 0.5 s at double speed, ending at 0.75 s: held on frame 17 (0.7083…0.75 s).
        ClipCase(video: #"{ "file": "clip.mp4", "start": 0.5, "rate": 2, "end": 0.75 }"#) { t in
            min(floor((0.5 + 2 * t) * 24), 17)
        },
        // Half speed from 0.25 s, looping 0.25…0.75 s.
        ClipCase(video: #"{ "file": "clip.mp4", "start": 0.25, "end": 0.75, "loop": true, "rate": 0.5 }"#) { t in
            floor((0.25 + (0.5 * t).truncatingRemainder(dividingBy: 0.5)) * 24)
        },
    ]

    @Test(arguments: clipCases)
    func holdsLoopsStartsAndRates(clip: ClipCase) throws {
        let deck = try write(Self.deck(video: clip.video.replacingOccurrences(of: " }", with: #", "fit": "stretch" }"#),
                                       duration: 2.5))
        try Recording.counter(at: (deck as NSString).deletingLastPathComponent + "/clip.mp4", fps: 24, frames: 24)
        let counters = try countersOfMP4(deck)
        #expect(counters == (0..<75).map { n in Int(clip.frame(Double(n) / 30 + 1e-9)) })
    }

    /// `onAppear` starts the clip when its page becomes the current page, and again each time it
    /// does; a page that shows without being current (half dragged in) shows the clip's first frame.
    @Test func onAppearRestartsEachTimeThePageBecomesCurrent() throws {
        // Jumps of 0.4 s change the page at their mid-time: 1.21 s, 2.71 s (back) and 3.71 s.
        let pages = ##"[{ "background": "#336699" }, { "video": { "file": "clip.mp4", "play": "onAppear", "fit": "stretch" } }]"##
        let script = #"[{ "jump": { "to": 1, "through": false, "duration": 0.4 }, "at": 1.01 },"#
            + #" { "jump": { "to": 0, "through": false, "duration": 0.4 }, "at": 2.51 },"#
            + #" { "jump": { "to": 1, "through": false, "duration": 0.4 }, "at": 3.51 }]"#
        let deck = try write(Self.deck(video: "", duration: 5, pages: pages, script: script))
        try Recording.counter(at: (deck as NSString).deletingLastPathComponent + "/clip.mp4", fps: 30, frames: 90)
        let counters = try countersOfMP4(deck)
        // At rest on page 1: the clip time is t − appearance (found on a 1 ms grid: up to 1 ms late).
        for n in 43...75 {
            let t = Double(n) / 30
            #expect(counters[n] == Int(floor((t - 1.21) * 30 + 1e-9)) || counters[n] == Int(floor((t - 1.211) * 30)),
                    "frame \(n)")
        }
        for n in 118...149 {
            let t = Double(n) / 30
            #expect(counters[n] == Int(floor((t - 3.71) * 30 + 1e-9)) || counters[n] == Int(floor((t - 3.711) * 30)),
                    "frame \(n)")
        }
    }

    @Test func beforeItsPageIsCurrentTheClipShowsItsFirstFrame() throws {
        // Page 1 dragged 0.3 of the way in and held: it shows, but page 0 stays current.
        let pages = ##"[{ "background": "#336699" }, { "video": { "file": "clip.mp4", "play": "onAppear", "fit": "stretch" } }]"##
        let script = #"[{ "drag": { "by": 0.3, "duration": 0.3, "release": false } }, { "wait": 2 }]"#
        let deck = try write(Self.deck(video: "", duration: 2, pages: pages, script: script))
        let folder = (deck as NSString).deletingLastPathComponent
        try Recording.counter(at: folder + "/clip.mp4", fps: 30, frames: 90)
        var options = ExportOptions()
        options.outputs = [Output(argument: folder + "/frames/")!]
        _ = try Exporter(project: try Project.load(deck), options: options).run { _ in }
        // Page 1's left 48 points (bars 0…2) show in the viewport's right 48 pixels.
        for n in 10..<60 {
            let frame = try ImageDecoder.decode(fileAt: folder + String(format: "/frames/frame-%06d.png", n))
            for bar in 0..<3 {
                let (r, g, b, _) = frame.pixel(x: 112 + 16 * bar + 8, y: 32)
                #expect(Int(r) + Int(g) + Int(b) < 3 * 64, "frame \(n), bar \(bar): not frame 0")
            }
        }
    }

    /// A frame is a function of its number: `still --frame N`, a shard starting at N and the full
    /// export agree pixel for pixel, whatever decoding had to seek.
    @Test func stillShardAndFullExportAgree() throws {
        let pages = #"[{ "video": { "file": "clip.mp4", "start": 0.4, "rate": 1.3, "fit": "fill" } },"#
            + ##" { "background": "#202020", "layers": [{ "video": { "file": "clip.mp4", "loop": true, "end": 0.9 },"##
            + #" "x": 20, "y": 8, "width": 120, "height": 48, "opacity": 0.8 }] }]"#
        let script = #"[{ "wait": 0.7 }, { "swipe": "next" }, { "wait": 0.5 }, { "swipe": "prev" }]"#
        let deck = try write(Self.deck(video: "", duration: 3, pages: pages, script: script, transition: "cards"))
        let folder = (deck as NSString).deletingLastPathComponent
        try Recording.counter(at: folder + "/clip.mp4", fps: 60, frames: 240, gop: 50)
        let project = try Project.load(deck)
        var full = ExportOptions()
        full.outputs = [Output(argument: folder + "/full/")!]
        _ = try Exporter(project: project, options: full).run { _ in }
        var shard = ExportOptions()
        shard.outputs = [Output(argument: folder + "/shard/")!]
        shard.frames = 53...70
        _ = try Exporter(project: try Project.load(deck), options: shard).run { _ in }
        for n in [53, 61, 70] {
            let whole = try ImageDecoder.decode(fileAt: folder + String(format: "/full/frame-%06d.png", n))
            let part = try ImageDecoder.decode(fileAt: folder + String(format: "/shard/frame-%06d.png", n))
            let still = try Still(instant: .frame(n)).render(try Project.load(deck))
            #expect(part == whole, "shard frame \(n)")
            #expect(still == whole, "still frame \(n)")
        }
        // Backwards too: a still of an early frame after a late one.
        let late = try Still(instant: .frame(80)).render(project)
        let early = try Still(instant: .frame(12)).render(project)
        #expect(late == (try ImageDecoder.decode(fileAt: folder + "/full/frame-000080.png")))
        #expect(early == (try ImageDecoder.decode(fileAt: folder + "/full/frame-000012.png")))
    }

    /// Exports `deck` to PNG frames and decodes frame `n`.
    func exportedFrames(_ deck: String) throws -> (Int) throws -> Pixmap {
        let folder = (deck as NSString).deletingLastPathComponent
        var options = ExportOptions()
        options.outputs = [Output(argument: folder + "/frames/")!]
        _ = try Exporter(project: try Project.load(deck), options: options).run { _ in }
        return { n in try ImageDecoder.decode(fileAt: folder + String(format: "/frames/frame-%06d.png", n)) }
    }

    /// Mean absolute difference of two same-sized images' RGB, per channel.
    static func meanDifference(_ image: Pixmap, _ rgb: ArraySlice<UInt8>) -> Double {
        var total = 0
        for i in 0..<(image.width * image.height) {
            for c in 0..<3 { total += abs(Int(image.pixels[i * 4 + c]) - Int(rgb[rgb.startIndex + i * 3 + c])) }
        }
        return Double(total) / Double(image.width * image.height * 3)
    }

    /// A phone's portrait recording is stored sideways with a display matrix; it comes out as
    /// FFmpeg shows it, upright, frame for frame.
    @Test func rotatedRecordingsComeOutUpright() throws {
        let deck = try write(Self.deck(video: #"{ "file": "rotated.mp4", "fit": "stretch" }"#, duration: 1,
                                       width: 64, height: 160))
        let folder = (deck as NSString).deletingLastPathComponent
        _ = try Command.check("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=s=160x64:r=30", "-frames:v", "30",
                                         "-c:v", "libx264", "-crf", "8", "-pix_fmt", "yuv420p", folder + "/plain.mp4"])
        try Recording.rotated(folder + "/plain.mp4", to: folder + "/rotated.mp4", degrees: 90)
        // FFmpeg's own decoding, rotated by its display matrix: 64×160 frames.
        let reference = try Probe.decodeRGB(folder + "/rotated.mp4", exactly: true)
        let size = 64 * 160 * 3
        #expect(reference.count == 30 * size)
        let frame = try exportedFrames(deck)
        for n in [0, 11, 29] {
            let image = try frame(n)
            let difference = Self.meanDifference(image, reference[(n * size)..<((n + 1) * size)])
            #expect(difference < 1, "frame \(n): mean difference \(difference)")
        }
    }

    /// A recording four times the size of its page is converted at the page's size (reduced by
    /// 4, not converted whole and then minified): it looks as FFmpeg's own scaling of the decoded
    /// frames to that size, and as the same frames shown as images do.
    @Test func aRecordingLargerThanItsPageLooksAsFFmpegScalesIt() throws {
        let deck = try write(Self.deck(video: #"{ "file": "large.mp4", "fit": "stretch" }"#, duration: 1))
        let folder = (deck as NSString).deletingLastPathComponent
        _ = try Command.check("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=s=640x256:r=30", "-frames:v", "30",
                                         "-c:v", "libx264", "-crf", "8", "-pix_fmt", "yuv420p", folder + "/large.mp4"])
        let scaled = [UInt8](try Command.check("ffmpeg", ["-v", "error", "-i", folder + "/large.mp4",
                                                          "-vf", "scale=160:64:flags=bicubic+accurate_rnd+full_chroma_int",
                                                          "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
        let averaged = [UInt8](try Command.check("ffmpeg", ["-v", "error", "-i", folder + "/large.mp4",
                                                            "-vf", "scale=160:64:flags=area+accurate_rnd+full_chroma_int",
                                                            "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
        let size = 160 * 64 * 3
        #expect(scaled.count == 30 * size && averaged.count == 30 * size)
        let frame = try exportedFrames(deck)
        for n in [0, 14, 29] {
            let image = try frame(n)
            let bicubic = Self.meanDifference(image, scaled[(n * size)..<((n + 1) * size)])
            let area = Self.meanDifference(image, averaged[(n * size)..<((n + 1) * size)])
            #expect(bicubic < 1, "frame \(n): mean difference \(bicubic) from FFmpeg's bicubic scaling")
            #expect(area < 4, "frame \(n): mean difference \(area) from FFmpeg's area averaging")
        }
    }

    /// Levels come out as recorded whether the file is limited range (16…235) or full (0…255).
    @Test(arguments: [("yuv420p", "tv"), ("yuvj420p", "pc")])
    func limitedAndFullRangeKeepTheirLevels(pixelFormat: String, range: String) throws {
        let deck = try write(Self.deck(video: #"{ "file": "grey.mp4", "fit": "stretch" }"#, duration: 0.5,
                                       width: 128, height: 64), name: "range-\(range)")
        let folder = (deck as NSString).deletingLastPathComponent
        _ = try Command.check("ffmpeg", ["-v", "error", "-f", "lavfi", "-i",
                                         "nullsrc=s=128x64:r=30,format=rgb24,geq=r='if(lt(X,64),30,220)':g='if(lt(X,64),30,220)':b='if(lt(X,64),30,220)'",
                                         "-frames:v", "15", "-c:v", "libx264", "-crf", "4", "-pix_fmt", pixelFormat,
                                         "-color_range", range, folder + "/grey.mp4"])
        let image = try exportedFrames(deck)(5)
        for (x, level) in [(20, 30), (100, 220)] {
            let (r, g, b, _) = image.pixel(x: x, y: 32)
            for channel in [r, g, b] { #expect(abs(Int(channel) - level) <= 3, "\(range) at x \(x): \(channel)") }
        }
    }

    /// Colours come back through the matrix the file is tagged with (BT.601 or BT.709).
    @Test(arguments: [("bt709", "bt709"), ("bt601", "smpte170m")])
    func coloursFollowTheTaggedMatrix(matrix: String, tag: String) throws {
        let deck = try write(Self.deck(video: #"{ "file": "colours.mp4", "fit": "stretch" }"#, duration: 0.5,
                                       width: 192, height: 64), name: "matrix-\(matrix)")
        let folder = (deck as NSString).deletingLastPathComponent
        let patches = [(230, 40, 40), (40, 200, 60), (50, 60, 220)]
        func channel(_ pick: ((Int, Int, Int)) -> Int) -> String {
            "if(lt(X,64),\(pick(patches[0])),if(lt(X,128),\(pick(patches[1])),\(pick(patches[2]))))"
        }
        let source = "nullsrc=s=192x64:r=30,format=rgb24,geq=r='\(channel { $0.0 })':g='\(channel { $0.1 })':b='\(channel { $0.2 })',"
            + "scale=out_color_matrix=\(matrix):out_range=tv,format=yuv420p"
        _ = try Command.check("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", source, "-frames:v", "15", "-c:v", "libx264",
                                         "-crf", "4", "-colorspace", tag, "-color_range", "tv", folder + "/colours.mp4"])
        let image = try exportedFrames(deck)(5)
        for (k, patch) in patches.enumerated() {
            let (r, g, b, _) = image.pixel(x: 32 + 64 * k, y: 32)
            #expect(abs(Int(r) - patch.0) <= 6 && abs(Int(g) - patch.1) <= 6 && abs(Int(b) - patch.2) <= 6,
                    "\(matrix) patch \(k): \(r), \(g), \(b)")
        }
    }
}
