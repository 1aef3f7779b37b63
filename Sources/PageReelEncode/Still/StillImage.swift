import CShims
import CWebP
import Glibc
import PageReelMedia

/// One frame as the bytes of an image file in memory, for the studio: PNG exactly as `still` writes
/// it, and a lossy JPEG or WebP that is quicker to send while a video plays.
public enum StillImage {
    /// The file formats a frame can be sent as.
    public enum Format: String, Sendable, CaseIterable {
        case png, jpg, webp

        /// The HTTP media type.
        public var mediaType: String {
            switch self {
            case .png: "image/png"
            case .jpg: "image/jpeg"
            case .webp: "image/webp"
            }
        }
    }

    /// JPEG's and WebP's quality while playing: close to the frame at a third of PNG's bytes.
    public static let lossyQuality = 88

    /// The bytes of `pixmap` as a file of `format`; `name` is what an error calls it.
    public static func encode(_ pixmap: Pixmap, as format: Format, name: String) throws(EncodeError) -> [UInt8] {
        switch format {
        case .png: try PNGWriter.encode(pixmap, for: name)
        case .jpg: try jpeg(pixmap, name: name)
        case .webp: try webp(pixmap, name: name)
        }
    }

    /// A baseline JPEG (4:2:0) through libjpeg; alpha is dropped (frames are opaque).
    static func jpeg(_ pixmap: Pixmap, name: String) throws(EncodeError) -> [UInt8] {
        let rgba = pixmap.unpremultipliedRGBA()
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = rgba.withUnsafeBufferPointer { raw in
            pr_jpeg_encode(raw.baseAddress, Int32(pixmap.width), Int32(pixmap.height), pixmap.stride,
                           Int32(lossyQuality), &out, &size, &message)
        }
        guard status == 0, let out else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .writeFailed(path: name, call: "pr_jpeg_encode", message: text)
        }
        defer { free(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    /// A lossy WebP through libwebp's one-call encoder.
    static func webp(_ pixmap: Pixmap, name: String) throws(EncodeError) -> [UInt8] {
        let rgba = pixmap.unpremultipliedRGBA()
        var out: UnsafeMutablePointer<UInt8>?
        let size = rgba.withUnsafeBufferPointer { raw in
            WebPEncodeRGBA(raw.baseAddress, Int32(pixmap.width), Int32(pixmap.height), Int32(pixmap.stride),
                           Float(lossyQuality), &out)
        }
        guard size > 0, let out else {
            throw .webp(path: name, call: "WebPEncodeRGBA", message: "the frame could not be encoded")
        }
        defer { WebPFree(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
