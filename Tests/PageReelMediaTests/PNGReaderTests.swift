import CPNG
import CShims
import Testing
@testable import PageReelMedia

/// libpng's full API as pagereel drives it: every colour type and bit depth, interlaced or not,
/// gives exactly what libpng's simplified reader gives (the decoder's previous path, and the
/// reference for how 16-bit samples are reduced), except where that reader is wrong.
@Suite struct PNGReaderTests {
    /// Every colour type with its allowed bit depths.
    static let formats: [(colorType: UInt8, depths: [Int])] = [
        (0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16]),
    ]

    /// A deterministic PNG with every sample drawn from a small generator; with `transparency`, a
    /// tRNS chunk where the colour type allows one (gray, RGB: the first pixel's colour; palette:
    /// alpha for every entry).
    static func png(colorType: UInt8, depth: Int, interlaced: Bool, transparency: Bool, seed: UInt32,
                    width: Int = 13, height: Int = 11) -> [UInt8] {
        var state = seed
        func next(_ limit: Int) -> Int {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int(state >> 8) % limit
        }
        var png = TestPNG(width: width, height: height, colorType: colorType, bitDepth: depth, interlaced: interlaced,
                          samples: [])
        let entries = 1 << min(depth, 8)
        let limit = colorType == 3 ? entries : 1 << depth
        png.samples = (0..<width * height * png.channels).map { _ in next(limit) }
        if colorType == 3 {
            png.chunks.append(("PLTE", (0..<entries * 3).map { _ in UInt8(next(256)) }))
            if transparency { png.chunks.append(("tRNS", (0..<entries).map { _ in UInt8(next(256)) })) }
        } else if transparency, colorType == 0 || colorType == 2 {
            // The first pixel's value, so some pixels are transparent.
            png.chunks.append(("tRNS", png.samples.prefix(png.channels).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }))
        }
        return png.encode()
    }

    /// libpng's simplified reader, set up as the decoder used to set it up (8-bit RGBA, 16-bit
    /// files taken as sRGB-encoded), premultiplied as the decoder premultiplies.
    static func simplified(_ bytes: [UInt8]) -> [UInt8]? {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { return nil }
        image.format = pr_png_format_rgba()
        image.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
        var rgba = [UInt8](repeating: 0, count: Int(image.width * image.height) * 4)
        let ok = rgba.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, png_int_32(image.width * 4), nil) }
        guard ok != 0 else { return nil }
        Pixmap.premultiply(&rgba)
        return rgba
    }

    static func decoded(_ bytes: [UInt8]) throws -> [UInt8] {
        try ImageDecoder.decode(bytes: bytes, name: "t.png").pixels
    }

    /// Non-interlaced files of every format, with and without tRNS, decode to exactly the bytes
    /// the simplified reader gives; interlaced files too, below 16 bits, where it reads them right.
    @Test func everyFormatMatchesTheSimplifiedReader() throws {
        for (colorType, depths) in Self.formats {
            for depth in depths {
                for transparency in [false, true] {
                    for interlaced in depth == 16 ? [false] : [false, true] {
                        let png = Self.png(colorType: colorType, depth: depth, interlaced: interlaced,
                                           transparency: transparency, seed: UInt32(depth * 31 + Int(colorType)))
                        let expected = try #require(Self.simplified(png))
                        #expect(try Self.decoded(png) == expected,
                                "type \(colorType), \(depth) bits, tRNS \(transparency), interlaced \(interlaced)")
                    }
                }
            }
        }
    }

    /// Interlaced 16-bit files decode pixel for pixel as their non-interlaced twins (which decode
    /// as the simplified reader decodes them: 0x3030 → 0x30). libpng 1.6.39's simplified reader
    /// gets the even rows of passes 1–6 wrong in the interlaced ones (pnggroup/libpng#853).
    @Test func interlacedSixteenBitMatchesItsTwin() throws {
        for colorType: UInt8 in [0, 2, 4, 6] {
            for transparency in [false, true] {
                for (width, height) in [(13, 11), (1, 1), (9, 17), (64, 3)] {
                    let seed = UInt32(width * 100 + height + Int(colorType))
                    let twin = Self.png(colorType: colorType, depth: 16, interlaced: false, transparency: transparency,
                                        seed: seed, width: width, height: height)
                    let interlaced = Self.png(colorType: colorType, depth: 16, interlaced: true,
                                              transparency: transparency, seed: seed, width: width, height: height)
                    let reference = try Self.decoded(twin)
                    #expect(reference == Self.simplified(twin))
                    #expect(try Self.decoded(interlaced) == reference,
                            "type \(colorType), tRNS \(transparency), \(width)×\(height)")
                }
            }
        }
    }

    @Test func readerReportsTheHeader() throws {
        let png = Self.png(colorType: 4, depth: 16, interlaced: true, transparency: false, seed: 7)
        let reader = try PNGReader(bytes: png, name: "h.png")
        #expect(reader.width == 13 && reader.height == 11 && reader.bitDepth == 16)
        #expect(reader.isGray && reader.isInterlaced && reader.colorSpace == .sRGB)
    }

    /// Damage inside interlaced data fails with libpng's message, as everywhere else.
    @Test func truncatedInterlacedDataFails() throws {
        let png = Self.png(colorType: 6, depth: 16, interlaced: true, transparency: false, seed: 3, width: 40, height: 40)
        let idat = try #require(PNGSurgery.chunkOffset(png, "IDAT"))
        for cut in [idat + 20, idat + 3000, png.count - 20] {
            #expect(throws: MediaError.self) { try ImageDecoder.decode(bytes: Array(png.prefix(cut)), name: "cut.png") }
            do {
                _ = try ImageDecoder.decode(bytes: Array(png.prefix(cut)), name: "cut.png")
            } catch {
                guard case .badImage(let path, let message) = error else { Issue.record("\(error)"); continue }
                #expect(path == "cut.png" && message.hasPrefix("PNG: ") && message.count > 5)
            }
        }
    }

    /// Checking a PNG (its rows decoded through one row of memory) accepts what decoding accepts
    /// and fails where decoding fails, with the same error: every format, interlaced or not, whole
    /// and cut inside its data.
    @Test func checkingFailsExactlyWhereDecodingFails() throws {
        for (colorType, depths) in Self.formats {
            for depth in depths {
                for interlaced in [false, true] {
                    let png = Self.png(colorType: colorType, depth: depth, interlaced: interlaced, transparency: true,
                                       seed: UInt32(depth + Int(colorType)), width: 40, height: 30)
                    let idat = try #require(PNGSurgery.chunkOffset(png, "IDAT"))
                    for cut in [png.count, idat + 20, (idat + png.count) / 2, png.count - 20] {
                        let bytes = Array(png.prefix(cut))
                        var decoded: MediaError?, checked: MediaError?
                        do { _ = try ImageDecoder.decode(bytes: bytes, name: "c.png") } catch { decoded = error }
                        do { try ImageDecoder.pngReader(bytes, name: "c.png", maxPixels: 1 << 20).check() } catch {
                            checked = error
                        }
                        #expect(checked?.description == decoded?.description,
                                "type \(colorType), \(depth) bits, interlaced \(interlaced), cut at \(cut) of \(png.count)")
                        #expect((decoded == nil) == (cut == png.count))
                    }
                }
            }
        }
    }
}
