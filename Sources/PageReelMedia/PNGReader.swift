import CPNG
import CShims

/// A PNG being decoded with libpng's full API: the chunks before the first IDAT on creation,
/// the pixels when asked, so the size can be checked before any pixel memory is allocated.
///
/// The full API rather than the simplified one because libpng 1.6.39's simplified reader
/// misdecodes interlaced 16-bit files (pnggroup/libpng#853: even rows of Adam7 passes 1–6 come out
/// wrong), and because the simplified API applies gAMA itself, while pagereel converts colour with
/// lcms2 as browsers do. libpng reports errors by `longjmp`, so the `setjmp` and every libpng call
/// that can fail live in CShims (`pr_png_open`, `pr_png_read_rgba`); this class owns the C
/// reader and frees it in `deinit`. It holds the file's bytes, lending them to C one call at a time.
final class PNGReader {
    let width: Int
    let height: Int
    /// True for gray and gray-alpha files (decoded as R = G = B).
    let isGray: Bool
    let isInterlaced: Bool
    let bitDepth: Int
    /// What the colour chunks say the pixel values mean.
    let colorSpace: ImageColorSpace

    private let bytes: [UInt8]
    private let name: String
    private let reader: OpaquePointer

    /// Reads the header and the chunks before the first IDAT; `name` is used in error messages.
    init(bytes: [UInt8], name: String) throws(MediaError) {
        var info = pr_png_info()
        var message = [CChar](repeating: 0, count: 256)
        let opened = bytes.withUnsafeBufferPointer { data in
            pr_png_open(data.baseAddress, data.count, &info, &message)
        }
        guard let opened else { throw .badImage(path: name, message: Self.message(message)) }
        self.bytes = bytes
        self.name = name
        reader = opened
        width = Int(info.width)
        height = Int(info.height)
        isGray = Int32(info.color_type) & PNG_COLOR_MASK_COLOR == 0
        isInterlaced = info.interlaced != 0
        bitDepth = Int(info.bit_depth)
        // The profile belongs to libpng's state: copy it while the reader is alive.
        let icc = info.icc.map { [UInt8](UnsafeBufferPointer(start: $0, count: Int(info.icc_length))) }
        let c = withUnsafeBytes(of: info.chromaticities) { Array($0.bindMemory(to: Double.self)) }
        colorSpace = .png(sRGB: info.has_srgb != 0, icc: icc, gamma: info.has_gamma != 0 ? info.gamma : nil,
                          chromaticities: info.has_chromaticities != 0
                              ? Chromaticities(white: [c[0], c[1]], red: [c[2], c[3]], green: [c[4], c[5]],
                                               blue: [c[6], c[7]])
                              : nil)
    }

    deinit {
        pr_png_close(reader)
    }

    /// The pixels as straight RGBA8 (`width · height · 4` bytes): palettes and low bit depths
    /// expanded, tRNS made alpha, 16-bit samples scaled to 8 bits, no gamma or colour change.
    func readRGBA() throws(MediaError) -> [UInt8] {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { data in
            rgba.withUnsafeMutableBufferPointer { out in
                pr_png_read_rgba(reader, data.baseAddress, data.count, out.baseAddress, &message)
            }
        }
        guard status == 0 else { throw .badImage(path: name, message: Self.message(message)) }
        return rgba
    }

    /// Decodes every row as `readRGBA` does, into one row of scratch memory: throws what
    /// `readRGBA` would, without the image's memory.
    func check() throws(MediaError) {
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { data in
            pr_png_read_rgba(reader, data.baseAddress, data.count, nil, &message)
        }
        guard status == 0 else { throw .badImage(path: name, message: Self.message(message)) }
    }

    private static func message(_ buffer: [CChar]) -> String {
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "PNG: " + (text.isEmpty ? "cannot decode" : DecoderMessage.png(text))
    }
}
