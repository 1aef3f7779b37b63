import Foundation
@testable import PageReel
import PageReelEncode
import PageReelMedia
import PageReelRaster
import PageReelTestSupport
import Testing

/// The renderer's caches trimmed to the pages still to be drawn.
@Suite struct PageLifetimesTests {
    let scratch = ScratchDirectory()

    /// Eight pages swiped through one by one, then one back; the images repeat.
    static let swipes = """
    {
      "pagereel": 1,
      "canvas": { "width": 120, "height": 80, "fps": 20 },
      "viewport": { "x": 30, "y": 5, "width": 60, "height": 70 },
      "pages": { "count": 8, "template": { "image": "shot{i%3}.png", "title": "{n}" } },
      "script": [
        { "swipe": "next" }, { "swipe": "next" }, { "swipe": "next" }, { "swipe": "next" },
        { "swipe": "next" }, { "swipe": "next" }, { "swipe": "next" }, { "wait": 0.5 },
        { "swipe": "prev" }
      ]
    }
    """

    func source() throws -> FrameSource {
        let deck = try TestDecks.write(Self.swipes, in: scratch, name: "swipes")
        let folder = (deck as NSString).deletingLastPathComponent
        for k in 0..<3 {
            var shot = Pixmap(width: 12, height: 14)
            shot.fill(r: UInt8(60 * k), g: 120, b: 200, a: 255)
            try PNGFile.write(shot, to: "\(folder)/shot\(k).png")
        }
        return FrameSource(project: try Project.load(deck), fps: 20)
    }

    /// Frames rendered in order hold only pages drawn before and after (never all eight), each
    /// page is rendered once, images go once no page still to be rendered draws them, and the
    /// frames are the ones a fresh renderer makes.
    @Test func cachesHoldOnlyPagesStillToBeDrawn() throws {
        let source = try source()
        let frames = 0..<source.frameCount
        let shown = frames.map { Set(source.scene(frame: $0).textureKeys.map(\.page)) }
        var lifetimes = PageLifetimes(source: source, frames: frames)
        var pixmap = Pixmap(width: 1, height: 1)
        var rendered = Set<Int>(), most = 0
        for frame in frames {
            lifetimes.willRender(frame: frame)
            try source.render(source.scene(frame: frame), into: &pixmap)
            let drawnBefore = shown[...frame].reduce(into: Set<Int>()) { $0.formUnion($1) }
            let drawnAfter = shown[frame...].reduce(into: Set<Int>()) { $0.formUnion($1) }
            // Cached: drawn so far and still to come.
            #expect(source.cachedPageCount <= drawnBefore.intersection(drawnAfter).count, "frame \(frame)")
            most = max(most, source.cachedPageCount)
            rendered.formUnion(shown[frame])
            // shot{k}.png stays only while a page not yet drawn uses it.
            let pending = Set(drawnAfter.subtracting(drawnBefore).map { $0 % 3 })
            #expect(source.cachedImageCount <= pending.count, "frame \(frame)")
        }
        #expect(rendered.count == 8 && most <= 3, "most \(most)")
        var fresh = Pixmap(width: 1, height: 1)
        let last = source.scene(frame: frames.last!)
        try FrameSource(project: source.project, fps: 20).render(last, into: &fresh)
        #expect(pixmap == fresh && last.textureKeys.map(\.page).contains(6))
    }

    /// A phone flat, then turning while its pages swipe back and forth, and turned to the end: the
    /// pages a turned phone draws are in its layer, and count as drawn. Before each frame (frames
    /// in order), the cache holds every page drawn before and still to be drawn: none was let go at
    /// its last frame flat, to be rendered again in the turned phone.
    @Test func pagesInATurnedDeviceStayUntilTheirLastFrame() throws {
        let deck = try TestDecks.write("""
        {
          "pagereel": 1,
          "canvas": { "width": 160, "height": 200, "fps": 20 },
          "device": { "model": "iphone-16", "statusBar": false, "homeIndicator": false },
          "pages": { "count": 3, "template": { "image": "shot{i}.png" } },
          "script": [
            { "swipe": "next" },
            { "pose": { "rotateY": 25, "duration": 1 } },
            { "swipe": "prev", "at": 0.8 }, { "swipe": "next" }, { "swipe": "next" }
          ]
        }
        """, in: scratch, name: "turning")
        let folder = (deck as NSString).deletingLastPathComponent
        for k in 0..<3 {
            var shot = Pixmap(width: 39, height: 85)
            shot.fill(r: UInt8(80 * k), g: 120, b: 200, a: 255)
            try PNGFile.write(shot, to: "\(folder)/shot\(k).png")
        }
        let source = FrameSource(project: try Project.load(deck), fps: 20)
        let frames = 0..<source.frameCount
        let scenes = frames.map { source.scene(frame: $0) }
        let shown = scenes.map(\.drawnPages)
        // The last frames draw their pages only in the turned phone's layer.
        #expect(!shown.last!.isEmpty && scenes.last!.textureKeys.isEmpty)
        var lifetimes = PageLifetimes(source: source, frames: frames)
        var pixmap = Pixmap(width: 1, height: 1)
        for frame in frames {
            lifetimes.willRender(frame: frame)
            let drawnBefore = shown[..<frame].reduce(into: Set<Int>()) { $0.formUnion($1) }
            let drawnAfter = shown[frame...].reduce(into: Set<Int>()) { $0.formUnion($1) }
            #expect(source.cachedPageCount == drawnBefore.intersection(drawnAfter).count, "frame \(frame)")
            try source.render(scenes[frame], into: &pixmap)
        }
    }
}
