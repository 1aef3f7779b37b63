import CShims
import Glibc

/// JPEG decoding through libjpeg-turbo, via CShims.
///
/// libjpeg reports errors by `longjmp`, which must not cross Swift frames, so the `setjmp` and the
/// decode loop live in C (`pr_jpeg_read_header`, `pr_jpeg_decode`); CShims also turns libjpeg's
/// corrupt-data warnings into errors, so a truncated file fails instead of coming out half grey.
/// An APP2 ICC profile (reassembled by `jpeg_read_icc_profile` when split across segments) is
/// converted to sRGB with lcms2; CMYK and YCCK files are decoded as CMYK and converted through
/// their profile, or without one by the naive formula browsers use; the EXIF orientation is
/// applied.
extension ImageDecoder {
    /// What the header says (the profile only when asked for).
    struct JPEGHeader {
        var width: Int
        var height: Int
        var kind: Kind
        /// Adobe APP14 marker: CMYK stored inverted (Photoshop's convention). Chromium and skcms
        /// assume every CMYK JPEG is inverted, since Photoshop's are the ones met in practice;
        /// pagereel trusts the marker, so a CMYK file written without one reads as stored.
        var adobeInverted: Bool
        var icc: [UInt8]?

        enum Kind { case rgb, gray, cmyk }
    }

    static func jpegHeader(_ bytes: [UInt8], name: String, profile: Bool) throws(MediaError) -> JPEGHeader {
        var header = pr_jpeg_header()
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { data in
            pr_jpeg_read_header(data.baseAddress, data.count, &header, profile ? 1 : 0, &message)
        }
        guard status == 0 else { throw .badImage(path: name, message: jpegMessage(message)) }
        var icc: [UInt8]?
        if let pointer = header.icc {
            icc = [UInt8](UnsafeBufferPointer(start: pointer, count: Int(header.icc_length)))
            free(pointer)
        }
        let kind: JPEGHeader.Kind = header.kind == 2 ? .cmyk : header.kind == 1 ? .gray : .rgb
        return JPEGHeader(width: Int(header.width), height: Int(header.height), kind: kind,
                          adobeInverted: header.adobe_inverted != 0, icc: icc)
    }

    static func jpegSize(_ bytes: [UInt8], name: String) throws(MediaError) -> (width: Int, height: Int) {
        let header = try jpegHeader(bytes, name: name, profile: false)
        return (header.width, header.height)
    }

    static func decodeJPEG(_ bytes: [UInt8], name: String, maxPixels: Int) throws(MediaError) -> Pixmap {
        let header = try jpegHeader(bytes, name: name, profile: true)
        let (width, height) = (header.width, header.height)
        try checkSize(width: width, height: height, maxPixels: maxPixels, name: name)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var message = [CChar](repeating: 0, count: 256)
        let cmyk = header.kind == .cmyk
        let status = bytes.withUnsafeBufferPointer { data in
            pixels.withUnsafeMutableBufferPointer { out in
                pr_jpeg_decode(data.baseAddress, data.count, out.baseAddress, Int32(width), Int32(height),
                               cmyk ? 1 : 0, &message)
            }
        }
        guard status == 0 else { throw .badImage(path: name, message: jpegMessage(message)) }
        let space: ImageColorSpace = header.icc.map { .icc($0) } ?? .sRGB
        switch header.kind {
        case .cmyk:
            let layout = ColorTransform.Layout.cmyk(inverted: header.adobeInverted)
            if let transform = ColorTransform(from: space, layout: layout) {
                transform.apply(to: &pixels)
            } else {
                convertCMYK(&pixels, inverted: header.adobeInverted)
            }
        case .gray:
            ColorTransform(from: space, layout: .grayRGBA)?.apply(to: &pixels)
        case .rgb:
            ColorTransform(from: space, layout: .rgba)?.apply(to: &pixels)
        }
        // Every pixel is opaque, so straight and premultiplied are the same bytes.
        let pixmap = Pixmap(width: width, height: height, pixels: pixels)
        return orientation(in: EXIFLocator.jpeg(bytes)).apply(to: pixmap)
    }

    /// CMYK → RGB without a profile, in place, as browsers do it: R = (1 − C)(1 − K) and so on,
    /// which on Adobe's inverted samples (255 = no ink) is R = C·K. Alpha becomes 255.
    static func convertCMYK(_ pixels: inout [UInt8], inverted: Bool) {
        pixels.withUnsafeMutableBufferPointer { p in
            let flip: UInt32 = inverted ? 0 : 255
            var i = 0
            while i < p.count {
                let k = UInt32(p[i + 3]) ^ flip
                for c in 0..<3 { p[i + c] = UInt8(Pixmap.div255((UInt32(p[i + c]) ^ flip) * k)) }
                p[i + 3] = 255
                i += 4
            }
        }
    }

    static func jpegMessage(_ buffer: [CChar]) -> String {
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "corrupt JPEG" : "JPEG: \(DecoderMessage.withoutHex(text))"
    }
}
