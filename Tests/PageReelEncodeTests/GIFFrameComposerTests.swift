import Foundation
import Testing
import PageReelTestSupport
@testable import PageReelEncode
import PageReelMedia

/// What each GIF image draws over the screen: its rectangle, its transparent pixels, its palette,
/// and how far lossy compression may move a pixel. Checked in the parsed blocks (`GIFStructure`,
/// which decodes the LZW data itself) and in ffmpeg's decoding.
@Suite struct GIFFrameComposerTests {
    let scratch = ScratchDirectory()

    func encode(_ frames: [Pixmap], fps: Int = 30, quality: Int = 80, name: String = #function) throws -> String {
        try TestGIF.encode(frames, options: GIFOptions(width: frames[0].width, height: frames[0].height, fps: fps,
                                                       quality: quality),
                           in: scratch.directory(name))
    }

    @Test func onlyTheChangedRectangleIsStored() throws {
        let (w, h) = (160, 90)
        let frames = (0..<10).map { TestFrames.frame(width: w, height: h, boxX: 4 * $0) }
        let gif = try TestGIF.structure(try encode(frames))
        let first = try #require(gif.images.first)
        #expect((first.x, first.y, first.width, first.height) == (0, 0, w, h))
        // The 8 px box moving 4 px uncovers 4 columns and covers 4 new ones: 12×8 px at its row.
        for (k, image) in gif.images.enumerated().dropFirst() {
            #expect((image.x, image.y, image.width, image.height) == (4 * (k - 1), h * 3 / 4 - 4, 12, 8),
                    "frame \(k) at \(image.x),\(image.y) size \(image.width)x\(image.height)")
        }
    }

    /// Two small boxes moving in opposite corners of a detailed texture that stays still.
    func cornerBoxes(count: Int) -> [Pixmap] {
        (0..<count).map { k in
            var pixmap = TestFrames.page(width: 120, height: 60, offset: 0)
            TestFrames.fill(&pixmap, x: 2 * k, y: 0, width: 6, height: 6, TestFrames.yellow)
            TestFrames.fill(&pixmap, x: 110 - 2 * k, y: 54, width: 6, height: 6, TestFrames.red)
            return pixmap
        }
    }

    @Test func unchangedPixelsBetweenChangesAreTransparent() throws {
        let frames = cornerBoxes(count: 6)
        let path = try encode(frames)
        let gif = try TestGIF.structure(path)
        try #require(gif.images.count == frames.count)
        for k in 1..<frames.count {
            let image = gif.images[k]
            // The rectangle spans both corners, so almost all of it is unchanged texture.
            #expect(image.width >= 100 && image.height == 60, "frame \(k): \(image.width)x\(image.height)")
            let transparent = try #require(image.transparentIndex)
            let indices = try image.indices()
            try #require(indices.count == image.width * image.height)
            var unchanged = 0, unchangedTransparent = 0, changedTransparent = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = ((image.y + y) * 120 + image.x + x) * 4
                    let same = frames[k].pixels[p..<p + 3] == frames[k - 1].pixels[p..<p + 3]
                    let isTransparent = indices[y * image.width + x] == transparent
                    if same { unchanged += 1 }
                    if same && isTransparent { unchangedTransparent += 1 }
                    if !same && isTransparent { changedTransparent += 1 }
                }
            }
            #expect(changedTransparent == 0, "frame \(k)")
            #expect(unchangedTransparent * 10 >= unchanged * 9, "frame \(k): \(unchangedTransparent) of \(unchanged)")
        }
        // Transparency must not change what is displayed: the texture has more than 255 colours,
        // so the first frame is approximate, but every later frame only moves exact colours.
        let rgb = try TestGIF.decode(path, fps: 30)
        #expect(TestGIF.psnr(rgb, frames) > 40)
    }

    @Test func eachFrameHasItsOwnPaletteOfTheColoursItDraws() throws {
        // Every frame is a different set of 16 colours: every image needs its own table, and
        // 16 colours plus transparency fit in 32 entries.
        let (w, h) = (64, 32)
        let frames: [Pixmap] = (0..<4).map { k in
            var pixmap = Pixmap(width: w, height: h)
            for p in 0..<w * h {
                let c = (p % w) / 4
                pixmap.pixels[p * 4] = UInt8(60 * k)
                pixmap.pixels[p * 4 + 1] = UInt8(16 * c)
                pixmap.pixels[p * 4 + 2] = UInt8(255 - 15 * c - 10 * k)
                pixmap.pixels[p * 4 + 3] = 255
            }
            return pixmap
        }
        let path = try encode(frames, quality: 100)
        let gif = try TestGIF.structure(path)
        try #require(gif.images.count == 4)
        #expect(gif.globalPaletteSize == 0)
        for (k, image) in gif.images.enumerated() {
            #expect(image.hasLocalPalette && image.localPalette.count <= 32, "frame \(k)")
            let wanted = Set((0..<16).map { c in UInt32(60 * k) << 16 | UInt32(16 * c) << 8 | UInt32(255 - 15 * c - 10 * k) })
            #expect(wanted.isSubset(of: Set(image.localPalette)), "frame \(k)")
        }
        #expect(try TestGIF.decode(path, fps: 30) == TestGIF.rgb(frames))
    }

    @Test func aFrameThatDrawsNothingLengthensThePreviousOne() throws {
        // At 60 fps frame 1 would last 1 cs, so it is never shown (`GIFTiming`); frame 2 then
        // equals what is on screen and draws nothing: frame 0 stays for 5 cs, frame 3 for 2.
        let a = TestFrames.frame(width: 32, height: 32, boxX: 0), b = TestFrames.frame(width: 32, height: 32, boxX: 8)
        let c = TestFrames.frame(width: 32, height: 32, boxX: 16)
        let path = try encode([a, b, a, c], fps: 60)
        #expect(try TestGIF.structure(path).images.map(\.delay) == [5, 2])
        #expect(try TestGIF.decode(path, fps: 60) == TestGIF.rgb([a, a, a, c]))
    }

    /// Qualities 100, 90, 80, 60: tolerances 0, 4, 8, 16.
    @Test(arguments: [100, 90, 80, 60])
    func compressionMovesNoPixelFurtherThanTheTolerance(quality: Int) throws {
        let tolerance = GIFOptions(width: 1, height: 1, fps: 1, quality: quality).compressionTolerance
        // At most 10 × 6 × 2 = 120 colours fit the palettes exactly (even the 127 of quality 60),
        // so every difference is lossy compression.
        let (w, h) = (72, 48)
        let frames: [Pixmap] = (0..<3).map { k in
            var pixmap = Pixmap(width: w, height: h)
            for y in 0..<h {
                for x in 0..<w {
                    let i = (y * w + x) * 4
                    pixmap.pixels[i] = UInt8(100 + (x + 3 * k) / 8 * 3)
                    pixmap.pixels[i + 1] = UInt8(80 + y / 8 * 2)
                    pixmap.pixels[i + 2] = UInt8(150 + TestFrames.mix(x, y, k) % 2)
                    pixmap.pixels[i + 3] = 255
                }
            }
            return pixmap
        }
        let path = try encode(frames, quality: quality, name: "quality\(quality)")
        let rgb = try TestGIF.decode(path, fps: 30)
        let source = TestGIF.rgb(frames)
        try #require(rgb.count == source.count)
        var worst = 0
        for p in stride(from: 0, to: rgb.count, by: 3) {
            let d = (0..<3).reduce(0) { $0 + (Int(rgb[p + $1]) - Int(source[p + $1])) * (Int(rgb[p + $1]) - Int(source[p + $1])) }
            worst = max(worst, d)
        }
        #expect(Double(worst) <= tolerance * tolerance, "worst squared error \(worst)")
        if tolerance >= 8 {
            // The blue noise of ±1 is well within 8: LZW strings then ignore it.
            let lossless = try encode(frames, quality: 100, name: "lossless\(quality)")
            #expect(try TestGIF.size(path) * 3 < TestGIF.size(lossless) * 2)
        }
    }
}
