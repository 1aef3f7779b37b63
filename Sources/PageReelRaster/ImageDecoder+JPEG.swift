import CJPEG
import CShims

/// JPEG decoding through libjpeg-turbo, via CShims.
///
/// libjpeg reports errors by `longjmp`, which must not cross Swift frames, so the `setjmp` and the
/// decode loop live in C (`pr_jpeg_size`, `pr_jpeg_decode_rgba`); CShims also turns libjpeg's
/// corrupt-data warnings into errors, so a truncated file fails instead of coming out half grey.
extension ImageDecoder {
    static func jpegSize(_ bytes: [UInt8], name: String) throws(RasterError) -> (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { data in
            pr_jpeg_size(data.baseAddress, data.count, &width, &height, &message)
        }
        guard status == 0 else { throw .badImage(path: name, message: jpegMessage(message)) }
        return (Int(width), Int(height))
    }

    static func decodeJPEG(_ bytes: [UInt8], name: String, maxPixels: Int) throws(RasterError) -> Pixmap {
        let (width, height) = try jpegSize(bytes, name: name)
        try checkSize(width: width, height: height, maxPixels: maxPixels, name: name)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { data in
            rgba.withUnsafeMutableBufferPointer { out in
                pr_jpeg_decode_rgba(data.baseAddress, data.count, out.baseAddress, Int32(width), Int32(height), &message)
            }
        }
        guard status == 0 else { throw .badImage(path: name, message: jpegMessage(message)) }
        // Every pixel is opaque, so straight and premultiplied are the same bytes.
        return Pixmap(width: width, height: height, pixels: rgba)
    }

    static func jpegMessage(_ buffer: [CChar]) -> String {
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "corrupt JPEG" : "JPEG: \(text)"
    }
}
