import CFFmpeg

/// How a decoded picture's samples become RGB: which YUV matrix, which range, and the pixel format
/// to hand libswscale — decided from the picture's colour tags as players decide.
///
/// - Matrix: the stream's tag (BT.709; BT.601 as `bt470bg` or `smpte170m`; FCC; SMPTE 240M;
///   BT.2020, whose constant-luminance variant swscale does not have and gets the non-constant
///   one). An untagged picture (or a YCgCo/ICtCp one, which swscale cannot do) is guessed from
///   its stored size as players do: HD (1280 wide or 720 high, or more) is BT.709, smaller is
///   BT.601.
/// - Range: full when tagged `pc`/`jpeg` or in a deprecated `yuvj*` format, limited otherwise.
///   The `yuvj*` formats are passed to swscale as their `yuv*` twins with the range said
///   explicitly, since swscale reads `yuvj` as full range only if nothing overrides it.
/// - Only the matrix and range are applied: primaries and transfer are taken to be sRGB's. That
///   is right for BT.709 and BT.601 (whose primaries differ from sRGB's by little), and leaves
///   BT.2020 (wide-gamut, and HDR with PQ or HLG) pictures converted without gamut or tone mapping,
///   so they look washed out — as they do in players that do not map them.
struct VideoColor: Equatable, Sendable {
    /// swscale's coefficient table (`SWS_CS_*`); nil for a picture stored as RGB.
    let matrix: Int32?
    let fullRange: Bool
    /// The pixel format swscale is given.
    let format: AVPixelFormat
    /// The pixel format has an alpha channel (rare: most video codecs carry none).
    let hasAlpha: Bool

    init(frame: AVFrame) {
        let stored = AVPixelFormat(rawValue: frame.format)
        let descriptor = av_pix_fmt_desc_get(stored)
        let flags = descriptor?.pointee.flags ?? 0
        let (format, isJPEG) = Self.withoutJPEG(stored)
        self.format = format
        hasAlpha = flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0
        fullRange = isJPEG || frame.color_range == AVCOL_RANGE_JPEG
        matrix = flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0 ? nil
            : Self.matrix(frame.colorspace, width: Int(frame.width), height: Int(frame.height))
    }

    /// The matrix a colour-space tag names, or the guess for an untagged picture of this size.
    static func matrix(_ space: AVColorSpace, width: Int, height: Int) -> Int32 {
        switch space {
        case AVCOL_SPC_BT709: SWS_CS_ITU709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M: SWS_CS_ITU601
        case AVCOL_SPC_FCC: SWS_CS_FCC
        case AVCOL_SPC_SMPTE240M: SWS_CS_SMPTE240M
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: SWS_CS_BT2020
        default: width >= 1280 || height >= 720 ? SWS_CS_ITU709 : SWS_CS_ITU601
        }
    }

    /// A `yuvj*` format's `yuv*` twin, and whether it was one.
    static func withoutJPEG(_ format: AVPixelFormat) -> (AVPixelFormat, Bool) {
        switch format {
        case AV_PIX_FMT_YUVJ420P: (AV_PIX_FMT_YUV420P, true)
        case AV_PIX_FMT_YUVJ422P: (AV_PIX_FMT_YUV422P, true)
        case AV_PIX_FMT_YUVJ444P: (AV_PIX_FMT_YUV444P, true)
        case AV_PIX_FMT_YUVJ440P: (AV_PIX_FMT_YUV440P, true)
        case AV_PIX_FMT_YUVJ411P: (AV_PIX_FMT_YUV411P, true)
        default: (format, false)
        }
    }

    /// The matrix's name, for messages.
    var matrixName: String {
        switch matrix {
        case nil: "RGB"
        case SWS_CS_ITU709: "BT.709"
        case SWS_CS_FCC: "FCC"
        case SWS_CS_SMPTE240M: "SMPTE 240M"
        case SWS_CS_BT2020: "BT.2020"
        default: "BT.601"
        }
    }
}
