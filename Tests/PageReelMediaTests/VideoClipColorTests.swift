import Foundation
import PageReelMedia
import PageReelTestSupport
import Testing

/// Colour and orientation of decoded frames: the matrix and range a stream is tagged with (or
/// guessed from its size when untagged), 10-bit pictures, and display matrices turning the
/// picture upright.
@Suite struct VideoClipColorTests {
    let scratch = ScratchDirectory()

    /// A clip of one RGB colour, converted to YUV by ffmpeg with `matrix` and `range` and encoded
    /// losslessly (so only the YUV rounding is left); `tags` are the output's colour options.
    func solidClip(_ name: String, rgb: String, size: String = "320x192", matrix: String, range: String = "tv",
                   format: String = "yuv420p", encoder: [String]? = nil, tags: [String]) throws -> String {
        let encoder = encoder ?? ["-c:v", "libx264", "-qp", "0"]
        return try TestClips.make(name, in: scratch.directory(), [
            "-f", "lavfi", "-i", "color=c=\(rgb):s=\(size),format=rgb24", "-frames:v", "3",
            "-vf", "scale=out_color_matrix=\(matrix):out_range=\(range),format=\(format)",
        ] + encoder + tags)
    }

    /// The largest difference between a pixel's channels and `rgb`.
    func error(_ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ rgb: (Int, Int, Int)) -> Int {
        max(abs(Int(pixel.r) - rgb.0), abs(Int(pixel.g) - rgb.1), abs(Int(pixel.b) - rgb.2))
    }

    static let saturated = (0xDC, 0x28, 0x1E)

    @Test func fullAndLimitedRangeDecodeToTheSameColour() throws {
        let rgb = (0x33, 0x66, 0xCC)
        // yuvj420p: x264 flags the stream full range and libavcodec decodes it as yuvj420p.
        let full = try solidClip("full.mp4", rgb: "0x3366CC", matrix: "bt601", range: "pc", format: "yuvj420p", tags: [])
        let limited = try solidClip("limited.mp4", rgb: "0x3366CC", matrix: "bt601", range: "tv", tags: [])
        let fullPixel = try VideoClip(path: full).frame(1).pixel(x: 100, y: 100)
        let limitedPixel = try VideoClip(path: limited).frame(1).pixel(x: 100, y: 100)
        #expect(error(fullPixel, rgb) <= 2, "full range: \(fullPixel)")
        #expect(error(limitedPixel, rgb) <= 2, "limited range: \(limitedPixel)")
        #expect(fullPixel.a == 255 && limitedPixel.a == 255)
    }

    /// Each clip holds the same saturated red converted with its own matrix; decoded with the
    /// matrix its tag (or its size) names, each gives the red back. Read with the other matrix,
    /// the same samples are far off (ffmpeg, told the wrong matrix, shows by how much), so a
    /// decoder ignoring the tags fails.
    @Test(arguments: [
        ("bt709", "320x192", ["-colorspace", "bt709"], "bt601"),          // tagged HD matrix on an SD size
        ("bt601", "1280x720", ["-colorspace", "smpte170m"], "bt709"),     // tagged SD matrix on an HD size
        ("bt601", "320x192", [], "bt709"),                                 // untagged SD: BT.601
        ("bt709", "1280x720", [], "bt601"),                                // untagged HD: BT.709
    ])
    func theMatrixIsTheTaggedOneOrGuessedFromTheSize(_ matrix: String, _ size: String, _ tags: [String],
                                                     _ wrong: String) throws {
        let path = try solidClip("\(matrix)-\(size).mp4", rgb: "0xDC281E", size: size, matrix: matrix, tags: tags)
        let pixel = try VideoClip(path: path).frame(2).pixel(x: 100, y: 100)
        #expect(error(pixel, Self.saturated) <= 3, "\(pixel)")
        let misread = try TestClips.ffmpegRGB(path, filters: "scale=in_color_matrix=\(wrong):in_range=tv")
        #expect(abs(Int(misread[0]) - Self.saturated.0) + abs(Int(misread[1]) - Self.saturated.1) > 12)
    }

    @Test func tenBitBT2020IsConverted() throws {
        let path = try solidClip("bt2020.mp4", rgb: "0xDC281E", matrix: "bt2020", format: "yuv420p10le",
                                 encoder: ["-c:v", "libx265", "-x265-params", "log-level=error:lossless=1"],
                                 tags: ["-colorspace", "bt2020nc", "-color_primaries", "bt2020", "-color_trc", "bt2020-10"])
        let pixel = try VideoClip(path: path).frame(1).pixel(x: 10, y: 10)
        #expect(error(pixel, Self.saturated) <= 3, "\(pixel)")
    }

    /// A video stored as RGB with alpha (PNG pictures in a QuickTime file, as some screen-capture
    /// tools export): no matrix, and the alpha premultiplied like every pixmap's.
    @Test func rgbWithAlphaIsPremultiplied() throws {
        let path = try TestClips.make("alpha.mov", in: scratch.directory(), [
            "-f", "lavfi", "-i", "color=c=0xFF804080:s=64x48,format=rgba", "-frames:v", "2", "-c:v", "png"])
        let pixel = try VideoClip(path: path).frame(1).pixel(x: 5, y: 5)
        // 255·128/255 = 128, 128·128/255 = 64.25, 64·128/255 = 32.1
        #expect(pixel == (128, 64, 32, 128), "\(pixel)")
    }

    /// A moving, colourful picture (chroma changing every pixel) against ffmpeg's conversion told
    /// the same matrix, range and swscale flags: the planes, strides and bit depth are handed
    /// over right when the two agree (they do to the byte on one machine). The colours themselves
    /// are checked against the RGB the clips were made from, above.
    @Test(arguments: [("h264", TestClips.h264, "bt601"), ("hevc10", TestClips.hevc10, "bt601")])
    func everyPixelIsWhatFFmpegConverts(_ name: String, _ encoder: [String], _ matrix: String) throws {
        let path = try TestClips.counterClip("\(name).mp4", in: scratch.directory(), fps: 30, frames: 4,
                                             encoder: encoder)
        let clip = try VideoClip(path: path)
        let reference = try TestClips.ffmpegRGB(path, filters: "scale=in_color_matrix=\(matrix):in_range=tv"
            + ":flags=bicubic+accurate_rnd+full_chroma_int")
        let frameBytes = clip.width * clip.height * 3
        #expect(reference.count == frameBytes * 4)
        var worst = 0
        for k in 0..<4 {
            let frame = try clip.frame(k)
            for i in 0..<(clip.width * clip.height) {
                for c in 0..<3 {
                    worst = max(worst, abs(Int(frame.pixels[i * 4 + c]) - Int(reference[k * frameBytes + i * 3 + c])))
                }
            }
        }
        #expect(worst <= 1, "worst difference \(worst)")
    }

    /// The conversion for comparing videos: 8-bit 4:2:0 converted by pagereel itself (chroma by
    /// the same bicubic filter), the rest by swscale; within a level of ffmpeg's everywhere, and
    /// the same colours from full and limited range.
    @Test(arguments: [("h264", TestClips.h264, "bt601"), ("hevc10", TestClips.hevc10, "bt601")])
    func theFastConversionIsWithinALevelOfFFmpegs(_ name: String, _ encoder: [String], _ matrix: String) throws {
        let path = try TestClips.counterClip("fast-\(name).mp4", in: scratch.directory(), fps: 30, frames: 4,
                                             encoder: encoder)
        let clip = try VideoClip(path: path, conversion: .fast)
        let reference = try TestClips.ffmpegRGB(path, filters: "scale=in_color_matrix=\(matrix):in_range=tv"
            + ":flags=bicubic+accurate_rnd+full_chroma_int")
        let frameBytes = clip.width * clip.height * 3
        var worst = 0, off = 0
        for k in 0..<4 {
            let frame = try clip.frame(k)
            for i in 0..<(clip.width * clip.height) {
                for c in 0..<3 {
                    let d = abs(Int(frame.pixels[i * 4 + c]) - Int(reference[k * frameBytes + i * 3 + c]))
                    worst = max(worst, d)
                    off += d > 0 ? 1 : 0
                }
                #expect(frame.pixels[i * 4 + 3] == 255)
            }
        }
        #expect(worst <= 1, "worst difference \(worst)")
        // Rounding apart, the same numbers: few channels off at all.
        #expect(Double(off) < 0.05 * Double(4 * frameBytes), "\(off) channels off by one")
        let rgb = (0x33, 0x66, 0xCC)
        for (range, format) in [("pc", "yuvj420p"), ("tv", "yuv420p")] {
            let solid = try solidClip("fast-\(range).mp4", rgb: "0x3366CC", matrix: "bt709", range: range, format: format,
                                      tags: ["-colorspace", "bt709"])
            let pixel = try VideoClip(path: solid, conversion: .fast).frame(1).pixel(x: 100, y: 100)
            #expect(error(pixel, rgb) <= 2, "\(range): \(pixel)")
        }
    }

    /// What `pagereel diff` reads: with the fast conversion an upright 8-bit 4:2:0 clip gives its
    /// planes, which convert to exactly `frame(_:)`'s pixels, whichever was asked first; 10-bit
    /// pictures, turned clips and the exact conversion give `frame(_:)` itself. Odd sizes too
    /// (the last chroma column and row cover one pixel).
    @Test func pictureIsThePlanesOfTheFrame() throws {
        let folder = try scratch.directory()
        // x264 takes no odd sizes in 4:2:0; FFV1 does.
        let odd = try TestClips.counterClip("odd.mkv", in: folder, fps: 30, frames: 5, size: "321x191",
                                            encoder: ["-c:v", "ffv1", "-pix_fmt", "yuv420p"])
        let even = try TestClips.counterClip("even.mp4", in: folder, fps: 30, frames: 5, encoder: TestClips.h264)
        for path in [odd, even] {
            let clip = try VideoClip(path: path, conversion: .fast)
            // All kept while the decoder goes on and back (each refers to its decoded frame).
            let order = [3, 0, 4, 1, 2]
            let pictures = try order.map { k throws(MediaError) in try clip.picture(k) }
            for (k, picture) in zip(order, pictures) {
                guard case .yuv420(let planes) = picture else {
                    Issue.record("\(path) frame \(k): not planes")
                    continue
                }
                #expect((planes.width, planes.height) == (clip.width, clip.height))
                #expect(picture.pixmap() == (try clip.frame(k)), "\(path) frame \(k)")
            }
            #expect(Set(pictures.map { $0.pixmap().pixels }).count == order.count, "\(path): five different frames")
        }
        let deep = try TestClips.counterClip("deep.mp4", in: folder, fps: 30, frames: 3, encoder: TestClips.hevc10)
        let turned = try TestClips.make("turned.mp4", in: folder, ["-i", even, "-c", "copy", "-metadata:s:v:0", "rotate=90"])
        for (path, conversion) in [(deep, VideoClip.Conversion.fast), (turned, .fast), (even, .exact)] {
            let clip = try VideoClip(path: path, conversion: conversion)
            let picture = try clip.picture(2)
            guard case .rgba(let pixmap) = picture else {
                Issue.record("\(path), \(conversion): planes")
                continue
            }
            #expect(pixmap == (try clip.frame(2)))
            #expect((picture.width, picture.height) == (clip.width, clip.height))
        }
    }
}
