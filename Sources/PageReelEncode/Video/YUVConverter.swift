import CFFmpeg
import CYUV
import PageReelMedia

/// Converts RGBA pixmaps into a YUV 4:2:0 `AVFrame` with BT.709 coefficients and limited range,
/// padding odd sizes to even ones.
///
/// Without `sws_setColorspaceDetails` swscale uses BT.601, and a BT.709-tagged file would then
/// shift every colour. 4:2:0 needs even dimensions: an odd canvas gets its last column and row
/// repeated, so the padding has the edge's colour and does not bleed dark into the chroma.
///
/// On CPUs with AVX2, 4:2:0 at 8×8 and larger goes through `CYUV` instead: the bytes libswscale
/// 5.1 gives, in about half its time (an export converts every frame that changed).
final class YUVConverter {
    /// Which code converts. `.cyuv` applies where `CYUV` handles the size and format (YUV 4:2:0,
    /// both sides ≥ 8 once padded); libswscale does the rest.
    enum Method: Equatable {
        case swscale
        /// `vector`: with AVX2 where the CPU has it.
        case cyuv(vector: Bool)

        /// `CYUV` with AVX2 where the CPU has it, else libswscale (faster than `CYUV`'s plain C).
        static var fastest: Method { pr_yuv420_avx2() != 0 ? .cyuv(vector: true) : .swscale }
    }

    /// The converter: a libswscale context, or a `CYUV` one.
    private enum Engine {
        case swscale(OpaquePointer)
        case cyuv(OpaquePointer)
    }

    private let engine: Engine
    let width: Int, height: Int
    /// The encoded size: `width`/`height` rounded up to even.
    let paddedWidth: Int, paddedHeight: Int
    /// Reused staging image for odd sizes; empty when no padding is needed.
    private var padded: [UInt8]

    init(width: Int, height: Int, destination: AVPixelFormat, method: Method = .fastest,
         check: FFmpegCheck) throws(EncodeError) {
        let paddedWidth = (width + 1) & ~1, paddedHeight = (height + 1) & ~1
        self.width = width
        self.height = height
        self.paddedWidth = paddedWidth
        self.paddedHeight = paddedHeight
        self.padded = (paddedWidth, paddedHeight) == (width, height)
            ? [] : [UInt8](repeating: 0, count: paddedWidth * paddedHeight * 4)
        if case .cyuv(let vector) = method, destination == AV_PIX_FMT_YUV420P,
           let converter = pr_yuv420_create(Int32(paddedWidth), Int32(paddedHeight), vector ? 1 : 0) {
            engine = .cyuv(converter)
            return
        }
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP
        guard let context = sws_getContext(Int32(paddedWidth), Int32(paddedHeight), AV_PIX_FMT_RGBA,
                                           Int32(paddedWidth), Int32(paddedHeight), destination,
                                           flags, nil, nil, nil) else {
            throw check.null("sws_getContext", "RGBA to \(String(cString: av_get_pix_fmt_name(destination))) is not supported")
        }
        engine = .swscale(context)
        // RGB input is always full range; the 4th argument and dstRange 0 select BT.709 limited.
        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
        if sws_setColorspaceDetails(context, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16) < 0 {
            throw check.null("sws_setColorspaceDetails", "BT.709 coefficients not supported")
        }
    }

    deinit {
        switch engine {
        case .swscale(let context): sws_freeContext(context)
        case .cyuv(let converter): pr_yuv420_free(converter)
        }
    }

    /// The method that converts, once the size and format are taken into account.
    var method: Method {
        switch engine {
        case .swscale: .swscale
        case .cyuv(let converter): .cyuv(vector: pr_yuv420_vector(converter) != 0)
        }
    }

    /// Converts `pixmap` (already checked to be `width`×`height`) into `frame`'s planes. Alpha is
    /// ignored: frames are premultiplied over an opaque canvas, so RGB is already "over black".
    func convert(_ pixmap: Pixmap, into frame: UnsafeMutablePointer<AVFrame>, check: FFmpegCheck) throws(EncodeError) {
        let rows: Int32
        if padded.isEmpty {
            rows = pixmap.pixels.withUnsafeBufferPointer { scale($0.baseAddress!, into: frame) }
        } else {
            pad(pixmap)
            rows = padded.withUnsafeBufferPointer { scale($0.baseAddress!, into: frame) }
        }
        try check(rows, "sws_scale")
    }

    /// Returns the number of rows written, or a negative error code.
    private func scale(_ rgba: UnsafePointer<UInt8>, into frame: UnsafeMutablePointer<AVFrame>) -> Int32 {
        let context: OpaquePointer
        switch engine {
        case .swscale(let swscale):
            context = swscale
        case .cyuv(let converter):
            let f = frame.pointee
            pr_yuv420_convert(converter, rgba, paddedWidth * 4, f.data.0, Int(f.linesize.0), f.data.1,
                              Int(f.linesize.1), f.data.2, Int(f.linesize.2))
            return Int32(paddedHeight)
        }
        var sources: [UnsafePointer<UInt8>?] = [rgba, nil, nil, nil]
        var sourceStrides: [Int32] = [Int32(paddedWidth * 4), 0, 0, 0]
        var destinations: [UnsafeMutablePointer<UInt8>?] = [frame.pointee.data.0, frame.pointee.data.1,
                                                            frame.pointee.data.2, nil]
        var destinationStrides: [Int32] = [frame.pointee.linesize.0, frame.pointee.linesize.1,
                                           frame.pointee.linesize.2, 0]
        return sws_scale(context, &sources, &sourceStrides, 0, Int32(paddedHeight), &destinations, &destinationStrides)
    }

    /// Copies the pixmap into the staging image, repeating the right column and the bottom row.
    private func pad(_ pixmap: Pixmap) {
        let width = width, height = height, paddedWidth = paddedWidth, paddedHeight = paddedHeight
        pixmap.pixels.withUnsafeBytes { source in
            padded.withUnsafeMutableBytes { target in
                let sourceRows = source.bindMemory(to: UInt32.self)
                let targetRows = target.bindMemory(to: UInt32.self)
                for y in 0..<paddedHeight {
                    let from = min(y, height - 1) * width, to = y * paddedWidth
                    for x in 0..<width { targetRows[to + x] = sourceRows[from + x] }
                    for x in width..<paddedWidth { targetRows[to + x] = sourceRows[from + width - 1] }
                }
            }
        }
    }
}
