import CFFmpeg

/// Converts decoded pictures to opaque RGBA pixmaps with libswscale, honouring each picture's
/// colour tags (`VideoColor`), at the clip's stored size.
///
/// One swscale context is kept and made again only when the pictures change format, size or
/// tags, so a clip costs one conversion per frame and no set-up. Flags:
/// `SWS_ACCURATE_RND` (otherwise swscale takes its fast YUV→RGB path, whose rounding is off by up
/// to a few levels), `SWS_FULL_CHR_H_INT` (chroma interpolated to every pixel rather than repeated
/// over pairs) and `SWS_BICUBIC`, which at 1:1 leaves luma exact and is only a real filter for a
/// picture whose size changed mid-stream (it is scaled to the first one's size). Output is
/// deterministic: the same picture converts to the same bytes, every time.
final class VideoConverter {
    /// The stored (not yet turned) size every picture is converted to.
    let width: Int, height: Int
    private var context: OpaquePointer? = nil
    private var source: (width: Int32, height: Int32, color: VideoColor)? = nil

    static let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    deinit { sws_freeContext(context) }

    /// `frame` as premultiplied RGBA at `width`×`height` (opaque unless the format has alpha).
    func pixmap(from frame: UnsafePointer<AVFrame>, check: VideoCheck) throws(RasterError) -> Pixmap {
        let f = frame.pointee
        let color = VideoColor(frame: f)
        let context = try self.context(width: f.width, height: f.height, color: color, check: check)
        let count = width * height * 4
        var rows: Int32 = 0
        var pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var sources: [UnsafePointer<UInt8>?] = [UnsafePointer(f.data.0), UnsafePointer(f.data.1),
                                                    UnsafePointer(f.data.2), UnsafePointer(f.data.3)]
            var sourceStrides: [Int32] = [f.linesize.0, f.linesize.1, f.linesize.2, f.linesize.3]
            var destinations: [UnsafeMutablePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
            var destinationStrides: [Int32] = [Int32(width * 4), 0, 0, 0]
            rows = sws_scale(context, &sources, &sourceStrides, 0, f.height, &destinations, &destinationStrides)
            initialized = count
        }
        try check(rows, "cannot convert a picture to RGB")
        guard rows == height else { throw check.error("swscale converted \(rows) of \(height) rows") }
        if color.hasAlpha { Pixmap.premultiply(&pixels) }
        return Pixmap(width: width, height: height, pixels: pixels)
    }

    /// The context for pictures of this size and colour, made when it differs from the last one.
    private func context(width w: Int32, height h: Int32, color: VideoColor,
                         check: VideoCheck) throws(RasterError) -> OpaquePointer {
        if let context, let source, source.width == w, source.height == h, source.color == color { return context }
        sws_freeContext(context)
        self.context = nil
        self.source = nil
        let name = av_get_pix_fmt_name(color.format).map { String(cString: $0) } ?? "format \(color.format.rawValue)"
        guard let made = sws_getContext(w, h, color.format, Int32(width), Int32(height), AV_PIX_FMT_RGBA,
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
