import CPNG
import CShims
import Foundation

/// Writes pixmaps as 8-bit RGBA PNG files through libpng's simplified API, which catches libpng's
/// errors itself (no setjmp on the Swift side).
public enum PNGWriter {
    /// The PNG bytes of `pixmap` (straight alpha, as PNG stores it).
    public static func encode(_ pixmap: Pixmap) throws(RasterError) -> [UInt8] {
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
        guard sized != 0, size > 0 else { throw .png(operation: "png_image_write_to_memory", message: message(of: image)) }
        var out = [UInt8](repeating: 0, count: size)
        let written = out.withUnsafeMutableBytes { dst in
            rgba.withUnsafeBytes { raw in
                png_image_write_to_memory(&image, dst.baseAddress, &size, 0, raw.baseAddress, stride, nil)
            }
        }
        guard written != 0 else { throw .png(operation: "png_image_write_to_memory", message: message(of: image)) }
        out.removeLast(out.count - size)
        return out
    }

    /// Writes `pixmap` to `path` (replacing it).
    public static func write(_ pixmap: Pixmap, to path: String) throws(RasterError) {
        let bytes = try encode(pixmap)
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            throw .io(path: path, message: error.localizedDescription)
        }
    }

    static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
