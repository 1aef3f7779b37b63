import Foundation
import PageReelEncode
import PageReelMedia
import PageReelTestSupport
import Testing

@Suite struct ImageDecoderTests {
    /// A 3×2 image with every kind of alpha, in straight RGBA.
    static let straight: [UInt8] = [
        255, 0, 0, 128, /**/ 0, 255, 0, 255, /**/ 0, 0, 255, 0,
        10, 20, 30, 64, /**/ 200, 100, 50, 255, /**/ 255, 255, 255, 1,
    ]

    static func samplePNG() throws -> [UInt8] {
        try PNGWriter.encode(Pixmap(width: 3, height: 2, straightRGBA: straight), for: "sample.png")
    }

    func expectBadImage(_ body: () throws(MediaError) -> Pixmap, path: String,
                        _ check: (String) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let pixmap = try body()
            Issue.record("decoded a \(pixmap.width)×\(pixmap.height) image", sourceLocation: sourceLocation)
        } catch {
            guard case .badImage(let errorPath, let message) = error else {
                Issue.record("expected .badImage, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(errorPath == path, sourceLocation: sourceLocation)
            #expect(check(message), "message: \(message)", sourceLocation: sourceLocation)
        }
    }

    @Test func pngWithAlphaDecodesPremultiplied() throws {
        let pixmap = try ImageDecoder.decode(bytes: Self.samplePNG(), name: "a.png")
        #expect(pixmap.width == 3 && pixmap.height == 2)
        // c · a / 255 rounded, by hand: 255·128/255 = 128; 10·64/255 = 2.5 → 3, 20·64/255 = 5.02 → 5,
        // 30·64/255 = 7.53 → 8; 255·1/255 = 1; fully transparent → all zero.
        #expect(pixmap.pixels == [
            128, 0, 0, 128, /**/ 0, 255, 0, 255, /**/ 0, 0, 0, 0,
            3, 5, 8, 64, /**/ 200, 100, 50, 255, /**/ 1, 1, 1, 1,
        ])
    }

    @Test func sizeComesFromTheHeader() throws {
        try ScratchFolder.with { folder in
            let png = try PNGWriter.encode(Pixmap(width: 37, height: 11), for: "blank.png")
            let path = try ScratchFolder.write(png, named: "s.png", in: folder)
            #expect(try ImageDecoder.size(ofFileAt: path) == (37, 11))
            #expect(try ImageDecoder.size(ofFileAt: Fixtures.path("red.jpg")) == (64, 48))
        }
    }

    @Test func grayscalePNGBecomesOpaqueGray() throws {
        let pixmap = try ImageDecoder.decode(fileAt: Fixtures.path("gray8.png"))
        #expect(pixmap.width == 6 && pixmap.height == 4)
        #expect(pixmap.pixels == [UInt8](repeating: 0, count: 24).flatMap { _ in [0x40, 0x40, 0x40, 255] })
    }

    @Test func sixteenBitPNGIsReducedAsSRGB() throws {
        let pixmap = try ImageDecoder.decode(fileAt: Fixtures.path("rgb48.png"))
        // 0x3030 / 257 = 0x30 and so on; read as linear light it would come out as (0x77, 0xA7, 0xC9).
        #expect(pixmap.width == 6 && pixmap.height == 4)
        #expect(pixmap.pixels == [UInt8](repeating: 0, count: 24).flatMap { _ in [0x30, 0x64, 0x97, 255] })
    }

    @Test func jpegDecodes() throws {
        let pixmap = try ImageDecoder.decode(fileAt: Fixtures.path("red.jpg"))
        #expect(pixmap.width == 64 && pixmap.height == 48)
        // Pure red survives JPEG's YCbCr round trip to within a few levels.
        for y in 0..<48 {
            for x in 0..<64 {
                let p = pixmap.pixel(x: x, y: y)
                #expect(p.r >= 250 && p.g <= 4 && p.b <= 4 && p.a == 255)
            }
        }
    }

    @Test func jpegNamedPNGDecodesByItsMagicBytes() throws {
        try ScratchFolder.with { folder in
            let path = try ScratchFolder.write(try Fixtures.bytes("red.jpg"), named: "photo.png", in: folder)
            #expect(try ImageDecoder.decode(fileAt: path) == ImageDecoder.decode(fileAt: Fixtures.path("red.jpg")))
            #expect(try ImageDecoder.size(ofFileAt: path) == (64, 48))
        }
    }

    @Test func jpegSizeBehindLargeMetadataIsFound() throws {
        // Two 64 KiB APP15 segments between SOI and the frame header, as big EXIF/ICC blocks can be.
        let jpeg = try Fixtures.bytes("red.jpg")
        let segment: [UInt8] = [0xFF, 0xEF, 0xFF, 0xFF] + [UInt8](repeating: 0x55, count: 0xFFFF - 2)
        let padded = Array(jpeg.prefix(2)) + segment + segment + Array(jpeg.dropFirst(2))
        try ScratchFolder.with { folder in
            let path = try ScratchFolder.write(padded, named: "meta.jpg", in: folder)
            #expect(try ImageDecoder.size(ofFileAt: path) == (64, 48))
            #expect(try ImageDecoder.decode(fileAt: path) == ImageDecoder.decode(fileAt: Fixtures.path("red.jpg")))
        }
    }

    @Test func missingFileIsNotFound() {
        #expect(throws: MediaError.notFound(path: "/nonexistent/x.png")) {
            try ImageDecoder.decode(fileAt: "/nonexistent/x.png")
        }
        #expect(throws: MediaError.notFound(path: "/nonexistent/x.png")) {
            try ImageDecoder.size(ofFileAt: "/nonexistent/x.png")
        }
    }

    @Test func directoryAndFIFOAreIOErrors() throws {
        try ScratchFolder.with { folder in
            #expect(throws: MediaError.io(path: folder.path, message: "is a directory")) {
                try ImageDecoder.decode(fileAt: folder.path)
            }
            // A FIFO with no writer must be refused, not waited on.
            let fifo = folder.appendingPathComponent("pipe.png").path
            try #require(mkfifo(fifo, 0o600) == 0)
            #expect(throws: MediaError.io(path: fifo, message: "is a FIFO (named pipe), not a regular file")) {
                try ImageDecoder.decode(fileAt: fifo)
            }
        }
    }

    @Test func garbageAndEmptyFilesAreNotImages() throws {
        try ScratchFolder.with { folder in
            for (name, bytes) in [("text.png", Array("hello, world".utf8)), ("empty.jpg", [])] {
                let path = try ScratchFolder.write(bytes, named: name, in: folder)
                let expected = MediaError.badImage(path: path, message: "not a PNG or JPEG image")
                #expect(throws: expected) { try ImageDecoder.decode(fileAt: path) }
                #expect(throws: expected) { try ImageDecoder.size(ofFileAt: path) }
            }
        }
    }

    @Test func truncatedPNGFailsWithLibpngsMessage() throws {
        let png = try Self.samplePNG()
        let idat = try #require(PNGSurgery.chunkOffset(png, "IDAT"))
        // Cut inside the compressed data.
        let cut = Array(png.prefix(idat + 12))
        expectBadImage({ () throws(MediaError) in try ImageDecoder.decode(bytes: cut, name: "cut.png") },
                       path: "cut.png") { $0.hasPrefix("PNG: ") && $0.count > 5 }
    }

    @Test func badCRCFails() throws {
        var png = try Self.samplePNG()
        let idat = try #require(PNGSurgery.chunkOffset(png, "IDAT"))
        let length = png[idat..<idat + 4].reduce(0) { $0 << 8 | Int($1) }
        png[idat + 8 + length] ^= 0xFF  // first byte of IDAT's CRC
        expectBadImage({ () throws(MediaError) in try ImageDecoder.decode(bytes: png, name: "crc.png") },
                       path: "crc.png") { $0.hasPrefix("PNG: ") && $0.contains("CRC") }
    }

    /// The image data is checked by its chunk's CRC; zlib's Adler-32 of the same bytes is not
    /// checked again: a file whose Adler-32 alone is wrong (its CRC right) decodes as it shows.
    @Test func wrongAdler32UnderARightCRCDecodes() throws {
        var png = try Self.samplePNG()
        let expected = try ImageDecoder.decode(bytes: png, name: "sample.png")
        let idat = try #require(PNGSurgery.chunkOffset(png, "IDAT"))
        let length = png[idat..<idat + 4].reduce(0) { $0 << 8 | Int($1) }
        // The zlib stream's last four bytes are its Adler-32; the chunk's CRC made right again.
        png[idat + 8 + length - 1] ^= 0x5A
        PNGSurgery.put(PNGSurgery.crc32(Array(png[idat + 4..<idat + 8 + length])), into: &png, at: idat + 8 + length)
        #expect(try ImageDecoder.decode(bytes: png, name: "adler.png") == expected)
    }

    @Test func hugeHeaderFailsOnTheLimitBeforeDecoding() throws {
        // A valid IHDR claiming 60000×60000 (14.4 GB decoded) over a 3×2 image's data.
        let png = PNGSurgery.withSize(try Self.samplePNG(), width: 60000, height: 60000)
        let message = "60000×60000 is 3600.0 MP, over the limit of 50 MP"
        #expect(throws: MediaError.badImage(path: "huge.png", message: message)) {
            try ImageDecoder.decode(bytes: png, name: "huge.png")
        }
        try ScratchFolder.with { folder in
            let path = try ScratchFolder.write(png, named: "huge.png", in: folder)
            #expect(try ImageDecoder.size(ofFileAt: path) == (60000, 60000))
        }
    }

    @Test func limitIsInclusiveAndCheckedForJPEGToo() throws {
        let png = try Self.samplePNG()
        #expect(try ImageDecoder.decode(bytes: png, name: "a.png", maxPixels: 6).width == 3)
        #expect(throws: MediaError.badImage(path: "a.png", message: "3×2 is 6 pixels, over the limit of 5 pixels")) {
            try ImageDecoder.decode(bytes: png, name: "a.png", maxPixels: 5)
        }
        let jpeg = try Fixtures.bytes("red.jpg")
        let message = "64×48 is 3072 pixels, over the limit of 3000 pixels"
        #expect(throws: MediaError.badImage(path: "r.jpg", message: message)) {
            try ImageDecoder.decode(bytes: jpeg, name: "r.jpg", maxPixels: 3000)
        }
    }

    @Test func zeroWidthPNGIsRejected() throws {
        let png = PNGSurgery.withSize(try Self.samplePNG(), width: 0, height: 2)
        expectBadImage({ () throws(MediaError) in try ImageDecoder.decode(bytes: png, name: "z.png") },
                       path: "z.png") { $0.hasPrefix("PNG: ") }
        try ScratchFolder.with { folder in
            let path = try ScratchFolder.write(png, named: "z.png", in: folder)
            #expect(throws: MediaError.badImage(path: path, message: "PNG: invalid size 0×2")) {
                try ImageDecoder.size(ofFileAt: path)
            }
        }
    }

    @Test func truncatedJPEGFailsWithLibjpegsMessage() throws {
        let jpeg = try Fixtures.bytes("red.jpg")
        for length in [3, 40, jpeg.count / 2, jpeg.count - 2] {
            let cut = Array(jpeg.prefix(length))
            expectBadImage({ () throws(MediaError) in try ImageDecoder.decode(bytes: cut, name: "cut.jpg") },
                           path: "cut.jpg") { $0.hasPrefix("JPEG: ") && $0.count > 6 }
        }
    }
}
