import CPNG
import CShims
import PageReelMedia

/// Encodes pixmaps as 8-bit RGBA PNG through libpng's simplified API, which catches libpng's
/// errors itself (no setjmp on the Swift side). `PNGFile` writes the bytes.
public enum PNGWriter {
    /// The PNG bytes of `pixmap` (straight alpha, as PNG stores it); `path` is the file they are
    /// for, named in the error.
    public static func encode(_ pixmap: Pixmap, for path: String) throws(EncodeError) -> [UInt8] {
        let rgba = pixmap.unpremultipliedRGBA()
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(pixmap.width)
        image.height = png_uint_32(pixmap.height)
        image.format = pr_png_format_rgba()
        var size: Int = 0
        let stride = png_int_32(pixmap.stride)
        // First call: the size needed; second: the bytes.
        let sized = rgba.withUnsafeBytes { raw in
            png_image_write_to_memory(&image, nil, &size, 0, raw.baseAddress, stride, nil)
        }
        guard sized != 0, size > 0 else { throw failure(image, path) }
        var out = [UInt8](repeating: 0, count: size)
        let written = out.withUnsafeMutableBytes { dst in
            rgba.withUnsafeBytes { raw in
                png_image_write_to_memory(&image, dst.baseAddress, &size, 0, raw.baseAddress, stride, nil)
            }
        }
        guard written != 0 else { throw failure(image, path) }
        out.removeLast(out.count - size)
        return out
    }

    /// libpng's message, as a failed write of `path`.
    private static func failure(_ image: png_image, _ path: String) -> EncodeError {
        .writeFailed(path: path, call: "PNGWriter.encode", message: "png_image_write_to_memory: \(message(of: image))")
    }

    static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
