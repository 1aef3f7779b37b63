import CFFmpeg
import CPixels

/// Converts decoded pictures to premultiplied RGBA pixmaps with libswscale, honouring each
/// picture's colour tags (`VideoColor`) and turning them upright (`ImageOrientation`).
///
/// Design note. swscale converts to planar G, B, R (`gbrp`, or `gbrap` when the source has alpha)
/// and the planes are interleaved here, turned on the way. The flags are `SWS_ACCURATE_RND`
/// (exact rounding: the fast YUV→RGB path is off by up to 3 levels), `SWS_FULL_CHR_H_INT` (chroma
/// interpolated to every pixel rather than repeated over pairs) and `SWS_BICUBIC` (the chroma
/// upsampling filter; luma is 1:1, and exact). With those flags the planar output is
/// byte-for-byte what swscale gives for packed RGBA, but swscale has SIMD code for the planar
/// full-chroma path and only C for the packed one: 5 ms instead of 24 ms for a 1080p picture,
/// which is what makes decoding 1080p60 in real time on one core possible.
///
/// A picture stored as RGB with alpha (PNG or QuickTime RLE in a MOV) goes to packed RGBA instead:
/// swscale's packed-to-planar path rounds alpha (128 comes out 129), its packed copy does not.
///
/// One swscale context and one set of planes are kept, made again only when the pictures change
/// format, size or tags. A picture whose size changed mid-stream is scaled (bicubic) to the first
/// one's. The same picture always converts to the same bytes.
///
/// `.fast` converts 8-bit 4:2:0 YUV here instead (`pr_yuv420_rgba`: swscale's bicubic chroma
/// filter, in floats): 7 ms instead of swscale's 11 ms and the interleaving for a 1080p picture,
/// within a level of it (rounding apart); other formats as `.exact`. `picture(from:check:)` hands
/// such a picture out as its planes (`YUV420Picture`) when it needs no turning, for a comparison
/// that converts only what may differ.
final class VideoConverter {
    /// The stored (not yet turned) size every picture is converted to.
    let width: Int, height: Int
    let orientation: ImageOrientation
    private var context: OpaquePointer? = nil
    private var source: (width: Int32, height: Int32, color: VideoColor)? = nil
    /// Plane rows padded to 64 bytes, as swscale's SIMD code prefers.
    private let planeStride: Int
    /// G, B, R and A planes, `planeStride × height` bytes each, from `av_malloc` (aligned).
    private let planes: UnsafeMutablePointer<UInt8>
    let conversion: VideoClip.Conversion

    static let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT

    init?(width: Int, height: Int, orientation: ImageOrientation, conversion: VideoClip.Conversion = .exact) {
        self.width = width
        self.height = height
        self.orientation = orientation
        self.conversion = conversion
        planeStride = (width + 63) & ~63
        guard let memory = av_malloc(4 * planeStride * height) else { return nil }
        planes = memory.bindMemory(to: UInt8.self, capacity: 4 * planeStride * height)
    }

    deinit {
        sws_freeContext(context)
        av_free(planes)
    }

    /// `frame` as premultiplied RGBA, upright: opaque unless the format has alpha.
    func pixmap(from frame: UnsafePointer<AVFrame>, check: MediaCheck) throws(MediaError) -> Pixmap {
        let f = frame.pointee
        let color = VideoColor(frame: f)
        if let matrix = directMatrix(f, color) {
            return orientation.apply(to: YUV420Picture.rgba(width: width, height: height, y: f.data.0!, yStride: f.linesize.0,
                                                            u: f.data.1!, uStride: f.linesize.1, v: f.data.2!,
                                                            vStride: f.linesize.2, matrix: matrix))
        }
        let context = try self.context(width: f.width, height: f.height, color: color, check: check)
        if Self.output(for: color) == AV_PIX_FMT_RGBA {
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            try pixels.withUnsafeMutableBufferPointer { buffer throws(MediaError) in
                try scale(f, context, into: [buffer.baseAddress, nil, nil, nil], stride: width * 4, check: check)
            }
            Pixmap.premultiply(&pixels)
            return orientation.apply(to: Pixmap(width: width, height: height, pixels: pixels))
        }
        let planeSize = planeStride * height
        try scale(f, context, into: (0..<4).map { planes + $0 * planeSize }, stride: planeStride, check: check)
        var pixmap = interleaved(alpha: color.hasAlpha)
        if color.hasAlpha { Pixmap.premultiply(&pixmap.pixels) }
        return pixmap
    }

    /// `frame` as its 4:2:0 planes when `.fast` converts it by `pr_yuv420_rgba` and it needs no
    /// turning; else as `pixmap(from:check:)` gives it.
    func picture(from frame: UnsafePointer<AVFrame>, check: MediaCheck) throws(MediaError) -> VideoPicture {
        let f = frame.pointee
        if orientation == .identity, let matrix = directMatrix(f, VideoColor(frame: f)),
           let picture = YUV420Picture(frame: frame, matrix: matrix) {
            return .yuv420(picture)
        }
        return .rgba(try pixmap(from: frame, check: check))
    }

    /// The coefficients `pr_yuv420_rgba` converts `f` with, for the `.fast` conversion of an 8-bit
    /// 4:2:0 picture of the converter's size; nil when swscale converts it.
    private func directMatrix(_ f: AVFrame, _ color: VideoColor) -> YUV420Picture.Matrix? {
        guard conversion == .fast, color.format == AV_PIX_FMT_YUV420P, !color.hasAlpha, let matrix = color.matrix,
              Int(f.width) == width, Int(f.height) == height else { return nil }
        return YUV420Picture.Matrix(swscale: matrix, fullRange: color.fullRange)
    }

    /// Runs swscale on the whole picture `f`, into `destinations` rows `stride` bytes apart.
    private func scale(_ f: AVFrame, _ context: OpaquePointer, into destinations: [UnsafeMutablePointer<UInt8>?],
                       stride: Int, check: MediaCheck) throws(MediaError) {
        var sources: [UnsafePointer<UInt8>?] = [UnsafePointer(f.data.0), UnsafePointer(f.data.1),
                                                UnsafePointer(f.data.2), UnsafePointer(f.data.3)]
        var sourceStrides: [Int32] = [f.linesize.0, f.linesize.1, f.linesize.2, f.linesize.3]
        var destinations = destinations
        var destinationStrides = [Int32](repeating: Int32(stride), count: 4)
        let rows = sws_scale(context, &sources, &sourceStrides, 0, f.height, &destinations, &destinationStrides)
        try check(rows, "cannot convert a picture to RGB")
        guard rows == height else { throw check.error("swscale converted \(rows) of \(height) rows") }
    }

    /// What swscale writes: planar G, B, R (and A), or packed RGBA for RGB with alpha.
    static func output(for color: VideoColor) -> AVPixelFormat {
        switch (color.matrix, color.hasAlpha) {
        case (nil, true): AV_PIX_FMT_RGBA
        case (_, true): AV_PIX_FMT_GBRAP
        case (_, false): AV_PIX_FMT_GBRP
        }
    }

    /// The planes as RGBA pixels, turned by `orientation`: displayed (x, y) shows stored
    /// (x0 + xx·x + xy·y, y0 + yx·x + yy·y), as in `ImageOrientation.apply`. A quarter turn reads
    /// the planes down their columns, so it goes in 64-pixel-wide tiles whose source rows stay in
    /// cache (4.3 ms instead of 5.9 ms for a 1080p picture); unturned rows go whole to `pr_interleave`.
    private func interleaved(alpha: Bool) -> Pixmap {
        let (w, h) = orientation.displayed(width: width, height: height)
        let (xx, xy, yx, yy) = orientation.stepping
        let stride = planeStride, planeSize = planeStride * height
        let origin = (yx < 0 || yy < 0 ? height - 1 : 0) * stride + (xx < 0 || xy < 0 ? width - 1 : 0)
        let stepX = xx + yx * stride, stepY = xy + yy * stride
        let tile = abs(stepX) == 1 ? w : 64
        let green = UnsafePointer(planes), blue = green + planeSize, red = blue + planeSize
        let opacity: UnsafePointer<UInt8>? = alpha ? red + planeSize : nil
        let pixels = [UInt8](unsafeUninitializedCapacity: w * h * 4) { buffer, initialized in
            let out = UnsafeMutableRawPointer(buffer.baseAddress!).bindMemory(to: UInt32.self, capacity: w * h)
            initialized = w * h * 4
            if stepX == 1 {
                // Unturned (or only flipped upside down): whole rows, in SIMD.
                for y in 0..<h {
                    let s = origin + y * stepY
                    pr_interleave(out + y * w, red + s, green + s, blue + s, opacity.map { $0 + s }, Int32(w))
                }
                return
            }
            for left in Swift.stride(from: 0, to: w, by: tile) {
                let right = min(left + tile, w)
                for y in 0..<h {
                    var s = origin + y * stepY + left * stepX
                    let row = out + y * w
                    // Little-endian: r, g, b, a in memory order.
                    if let opacity {
                        for x in left..<right {
                            let rgb = UInt32(red[s]) | UInt32(green[s]) << 8 | UInt32(blue[s]) << 16
                            row[x] = rgb | UInt32(opacity[s]) << 24
                            s += stepX
                        }
                    } else {
                        for x in left..<right {
                            row[x] = UInt32(red[s]) | UInt32(green[s]) << 8 | UInt32(blue[s]) << 16 | 0xFF00_0000
                            s += stepX
                        }
                    }
                }
            }
        }
        return Pixmap(width: w, height: h, pixels: pixels)
    }

    /// The context for pictures of this size and colour, made when it differs from the last one.
    private func context(width w: Int32, height h: Int32, color: VideoColor,
                         check: MediaCheck) throws(MediaError) -> OpaquePointer {
        if let context, let source, source.width == w, source.height == h, source.color == color { return context }
        sws_freeContext(context)
        self.context = nil
        self.source = nil
        let name = av_get_pix_fmt_name(color.format).map { String(cString: $0) } ?? "format \(color.format.rawValue)"
        guard let made = sws_getContext(w, h, color.format, Int32(width), Int32(height), Self.output(for: color),
                                        Self.flags, nil, nil, nil) else {
            throw check.error("cannot convert \(name) \(w)×\(h) pictures to RGB")
        }
        self.context = made
        if let matrix = color.matrix {
            // The matrix and range of the YUV source; the RGB side is full range (its table is unused).
            let table = sws_getCoefficients(matrix)
            if sws_setColorspaceDetails(made, table, color.fullRange ? 1 : 0, table, 1, 0, 1 << 16, 1 << 16) < 0 {
                throw check.error("cannot convert \(name) with the \(color.matrixName) matrix to RGB")
            }
        }
        source = (w, h, color)
        return made
    }
}
