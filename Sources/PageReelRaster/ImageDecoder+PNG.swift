import CPNG
import CShims

/// PNG decoding through libpng's simplified API.
///
/// The simplified API converts every colour type and bit depth to 8-bit straight-alpha RGBA and
/// reports failures in `png_image.message` instead of `longjmp`. It cannot take user limits
/// (`png_set_user_limits` needs the internal struct), so the size is checked after
/// `png_image_begin_read_from_memory` and before the pixel buffer is allocated.
extension ImageDecoder {
    /// Width and height from the IHDR chunk, which the PNG specification puts first.
    static func pngHeaderSize(_ bytes: [UInt8], name: String) throws(RasterError) -> (width: Int, height: Int) {
        // 8 signature + 4 length + 4 type + 4 width + 4 height.
        guard bytes.count >= 24,
              Array(bytes[12..<16]) == Array("IHDR".utf8),
              bigEndian32(bytes, at: 8) == 13
        else { throw .badImage(path: name, message: "PNG: missing IHDR header") }
        let width = bigEndian32(bytes, at: 16), height = bigEndian32(bytes, at: 20)
        // PNG caps both sides at 2³¹ − 1.
        guard width > 0, height > 0, width < 1 << 31, height < 1 << 31 else {
            throw .badImage(path: name, message: "PNG: invalid size \(width)×\(height)")
        }
        return (width, height)
    }

    static func decodePNG(_ bytes: [UInt8], name: String, maxPixels: Int) throws(RasterError) -> Pixmap {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        // libpng reads from `bytes` until finish_read, so both calls stay inside this closure.
        let result: Result<Pixmap, RasterError> = bytes.withUnsafeBytes { data in
            guard png_image_begin_read_from_memory(&image, data.baseAddress, data.count) != 0 else {
                // A failed begin has freed its state already.
                return .failure(.badImage(path: name, message: "PNG: \(PNGWriter.message(of: image))"))
            }
            let width = Int(image.width), height = Int(image.height)
            do throws(RasterError) {
                try checkSize(width: width, height: height, maxPixels: maxPixels, name: name)
            } catch {
                png_image_free(&image)
                return .failure(error)
            }
            image.format = pr_png_format_rgba()
            // A 16-bit file without gAMA/sRGB would otherwise be taken as linear light and come out
            // brightened; pagereel treats every untagged image as sRGB, as browsers do.
            image.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
            var rgba = [UInt8](repeating: 0, count: width * height * 4)
            // finish_read frees libpng's state on success and on failure.
            let ok = rgba.withUnsafeMutableBytes { out in
                png_image_finish_read(&image, nil, out.baseAddress, png_int_32(width * 4), nil)
            }
            guard ok != 0 else {
                return .failure(.badImage(path: name, message: "PNG: \(PNGWriter.message(of: image))"))
            }
            Pixmap.premultiply(&rgba)
            return .success(Pixmap(width: width, height: height, pixels: rgba))
        }
        return try result.get()
    }

    static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> Int {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
}
