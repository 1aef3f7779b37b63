import CWebP

/// Compresses one rectangle of an animation frame to a WebP bitstream with libwebp's
/// `WebPEncode`, lossy (VP8) or lossless (VP8L).
///
/// The rectangle is read in place from the frame's pixel words (R in the low byte), so nothing
/// is copied for it; lossless rectangles may hold transparent pixels (those the frame leaves as
/// they were, blended over the canvas). libwebp polls `stop` through the picture's progress hook,
/// so a cancellation ends even a long frame within milliseconds.
enum WebPFrameEncoder {
    /// How a rectangle is compressed.
    enum Mode: Sendable, Equatable {
        /// VP8 at `quality` 0…100, libwebp's `method` 0…6, opaque; `sharpYUV` converts to 4:2:0
        /// with libwebp's sharp (iterative) downsampling, which keeps coloured edges sharper.
        case lossy(quality: Float, method: Int32, sharpYUV: Bool)
        /// VP8L with `effort` 0…100 (libwebp's lossless "quality") and `method` 0…6.
        case lossless(effort: Float, method: Int32)
    }

    /// The WebP file (RIFF) for `width × height` pixels at `origin` (an index into `pixels`) in
    /// rows of `stride` pixels.
    static func encode(_ pixels: UnsafeBufferPointer<UInt32>, origin: Int, stride: Int, width: Int, height: Int,
                       mode: Mode, stop: EncodeStop) throws(EncodeError) -> [UInt8] {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else {
            throw .webp(path: stop.path, call: "WebPConfigInit", message: "libwebp version mismatch")
        }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else {
            throw .webp(path: stop.path, call: "WebPPictureInit", message: "libwebp version mismatch")
        }
        defer { WebPPictureFree(&picture) }
        picture.width = Int32(width)
        picture.height = Int32(height)
        let start = pixels.baseAddress! + origin
        let imported: Int32
        switch mode {
        case .lossy(let quality, let method, let sharpYUV):
            config.quality = quality
            config.method = method
            config.use_sharp_yuv = sharpYUV ? 1 : 0
            // ARGB input: converted to YUV by WebPEncode, which honours `use_sharp_yuv`.
            picture.use_argb = 1
            imported = start.withMemoryRebound(to: UInt8.self, capacity: stride * height * 4) {
                WebPPictureImportRGBX(&picture, $0, Int32(stride * 4))
            }
        case .lossless(let effort, let method):
            config.lossless = 1
            config.quality = effort
            config.method = method
            picture.use_argb = 1
            imported = start.withMemoryRebound(to: UInt8.self, capacity: stride * height * 4) {
                WebPPictureImportRGBA(&picture, $0, Int32(stride * 4))
            }
        }
        guard imported != 0 else { throw .webp(path: stop.path, call: "WebPPictureImport", message: "out of memory") }
        guard WebPValidateConfig(&config) != 0 else {
            throw .webp(path: stop.path, call: "WebPValidateConfig", message: "invalid configuration \(mode)")
        }
        var memory = WebPMemoryWriter()
        WebPMemoryWriterInit(&memory)
        defer { WebPMemoryWriterClear(&memory) }
        picture.writer = WebPMemoryWrite
        picture.progress_hook = { _, picture in
            guard let data = picture?.pointee.user_data else { return 1 }
            return Unmanaged<EncodeStop>.fromOpaque(data).takeUnretainedValue().isStopped ? 0 : 1
        }
        let encoded = withUnsafeMutablePointer(to: &memory) { memoryPointer in
            withExtendedLifetime(stop) { () -> Int32 in
                picture.custom_ptr = UnsafeMutableRawPointer(memoryPointer)
                picture.user_data = Unmanaged.passUnretained(stop).toOpaque()
                return WebPEncode(&config, &picture)
            }
        }
        guard encoded != 0 else {
            if picture.error_code == VP8_ENC_ERROR_USER_ABORT { throw .stopped(path: stop.path) }
            throw .webp(path: stop.path, call: "WebPEncode", message: errorName(picture.error_code))
        }
        return Array(UnsafeBufferPointer(start: memory.mem, count: memory.size))
    }

    /// libwebp's names for its `WebPEncodingError` values (encode.h).
    static func errorName(_ code: WebPEncodingError) -> String {
        switch code {
        case VP8_ENC_ERROR_OUT_OF_MEMORY: "out of memory"
        case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: "out of memory flushing the bitstream"
        case VP8_ENC_ERROR_NULL_PARAMETER: "a null parameter"
        case VP8_ENC_ERROR_INVALID_CONFIGURATION: "invalid configuration"
        case VP8_ENC_ERROR_BAD_DIMENSION: "bad picture dimension"
        case VP8_ENC_ERROR_PARTITION0_OVERFLOW: "partition 0 is bigger than 512 KiB"
        case VP8_ENC_ERROR_PARTITION_OVERFLOW: "a partition is bigger than 16 MiB"
        case VP8_ENC_ERROR_BAD_WRITE: "error writing the bitstream"
        case VP8_ENC_ERROR_FILE_TOO_BIG: "the picture is bigger than 4 GiB"
        default: "WebPEncodingError \(code.rawValue)"
        }
    }
}
