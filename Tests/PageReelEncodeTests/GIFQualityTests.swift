import Foundation
import Testing
import PageReelTestSupport
@testable import PageReelEncode
import PageReelMedia

/// `GIFOptions.quality`: 100 stores each frame's palette mapping exactly, lower qualities trade
/// PSNR for size, and the default is today's encoding.
@Suite struct GIFQualityTests {
    let scratch = ScratchDirectory()

    /// A page swiped 24 px a frame: thousands of colours, most of them new in every frame.
    let frames = (0..<4).map { TestFrames.page(width: 128, height: 80, offset: 24 * $0) }

    func encode(quality: Int) throws -> String {
        try TestGIF.encode(frames, options: GIFOptions(width: 128, height: 80, fps: 10, quality: quality),
                           in: scratch.directory("quality\(quality)"))
    }

    /// What a decoder shows if every pixel an image draws has its nearest colour in that image's
    /// palette (the quantizer's mapping, no dithering) and every transparent pixel keeps the
    /// screen: the frames as quantized, before compression. Also counts the drawn pixels whose
    /// stored colour is not their nearest, i.e. moved by lossy LZW.
    func paletteMapped(_ gif: GIFStructure) throws -> (rgb: [UInt8], moved: Int) {
        let (w, h) = (gif.width, gif.height)
        var screen = [UInt32](repeating: 0, count: w * h), rgb: [UInt8] = [], moved = 0
        for (k, image) in gif.images.enumerated() {
            let indices = try image.indices()
            try #require(indices.count == image.width * image.height)
            // The palette's colours: the entries the image uses (the table is cut to those, then
            // padded), without the transparent one.
            let colors = Set(indices).subtracting([image.transparentIndex ?? -1]).map { image.localPalette[$0] }
            let pixels = frames[k].pixels
            for y in 0..<image.height {
                for x in 0..<image.width where indices[y * image.width + x] != image.transparentIndex {
                    let p = (image.y + y) * w + image.x + x
                    let (r, g, b) = (Int(pixels[p * 4]), Int(pixels[p * 4 + 1]), Int(pixels[p * 4 + 2]))
                    func distance(_ c: UInt32) -> Int {
                        let dr = Int(c >> 16 & 0xFF) - r, dg = Int(c >> 8 & 0xFF) - g, db = Int(c & 0xFF) - b
                        return dr * dr + dg * dg + db * db
                    }
                    var nearest = colors[0]
                    for c in colors where distance(c) < distance(nearest) { nearest = c }
                    let stored = image.localPalette[indices[y * image.width + x]]
                    // Equally near entries may tie: then the stored one is the mapping's choice.
                    if distance(stored) == distance(nearest) {
                        screen[p] = stored
                    } else {
                        moved += 1
                        screen[p] = nearest
                    }
                }
            }
            for c in screen { rgb += [UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF)] }
        }
        return (rgb, moved)
    }

    /// Quality 100: ffmpeg decodes exactly the palette-mapped frames, no pixel moved by LZW. The
    /// same check on the default quality finds moved pixels, so it can tell the two apart.
    @Test func qualityHundredIsTheQuantizedFramesExactly() throws {
        let lossless = try encode(quality: 100)
        let gif = try TestGIF.structure(lossless)
        try #require(gif.images.count == frames.count)
        let expected = try paletteMapped(gif)
        #expect(expected.moved == 0)
        let decoded = try TestGIF.decode(lossless, fps: 10)
        #expect(decoded.count == expected.rgb.count)
        let differing = zip(decoded, expected.rgb).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
        #expect(differing == 0, "bytes of ffmpeg's decoding that differ from the palette-mapped frames")
        #expect(TestGIF.psnr(decoded, frames) < 60, "the frames have more colours than a palette")

        let lossy = try TestGIF.structure(try encode(quality: 80))
        #expect(try paletteMapped(lossy).moved > 100)
    }

    @Test func qualityMapsToToleranceAndColours() {
        func options(_ quality: Int) -> GIFOptions { GIFOptions(width: 1, height: 1, fps: 1, quality: quality) }
        #expect(GIFOptions(width: 1, height: 1, fps: 1).quality == 80)
        #expect([100, 90, 80, 60, 40, 1].map { options($0).compressionTolerance } == [0, 4, 8, 16, 24, 39.6])
        #expect([100, 80, 79, 60, 40, 20, 1].map { options($0).maxColors } == [256, 256, 247, 128, 64, 32, 16])
    }

    /// Lower quality, smaller file and lower PSNR, step by step; quality 40's palettes hold at
    /// most 64 entries (63 colours and the transparent one).
    @Test func lowerQualityIsSmallerAndLessExact() throws {
        let qualities = [100, 80, 60, 40, 20]
        var sizes: [Int] = [], psnrs: [Double] = []
        for quality in qualities {
            let path = try encode(quality: quality)
            sizes.append(try TestGIF.size(path))
            psnrs.append(TestGIF.psnr(try TestGIF.decode(path, fps: 10), frames))
            if quality == 40 {
                #expect(try TestGIF.structure(path).images.allSatisfy { $0.localPalette.count <= 64 })
            }
        }
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 > $1 }, "sizes \(sizes)")
        #expect(zip(psnrs, psnrs.dropFirst()).allSatisfy { $0 > $1 }, "PSNR \(psnrs)")
        #expect(psnrs.last! > 25)
    }
}
