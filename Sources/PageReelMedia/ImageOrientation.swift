/// How a stored image is turned to be displayed: the EXIF Orientation tag (0x0112), values 1–8.
///
/// Phones store photos as the sensor read them and record the turn in EXIF; browsers apply it by
/// default (CSS `image-orientation: from-image`), so a portrait photo shows as portrait. The case
/// names say what is done to the stored pixels to display them; a turned image's displayed width
/// is its stored height.
enum ImageOrientation: Int, Sendable, CaseIterable {
    case identity = 1
    case flipHorizontal = 2
    case rotate180 = 3
    case flipVertical = 4
    /// Mirrored along the top-left to bottom-right diagonal.
    case transpose = 5
    /// Turned 90° clockwise.
    case rotate90 = 6
    /// Mirrored along the top-right to bottom-left diagonal.
    case transverse = 7
    /// Turned 90° counter-clockwise.
    case rotate270 = 8

    /// Width and height as displayed, for a stored `width` × `height`.
    func displayed(width: Int, height: Int) -> (width: Int, height: Int) {
        rawValue >= 5 ? (height, width) : (width, height)
    }

    /// Which stored pixel displayed (x, y) shows, as steps: stored x moves by `xx` per displayed x
    /// and `xy` per displayed y; stored y by `yx` and `yy`.
    var stepping: (xx: Int, xy: Int, yx: Int, yy: Int) {
        switch self {
        case .identity: (1, 0, 0, 1)
        case .flipHorizontal: (-1, 0, 0, 1)
        case .rotate180: (-1, 0, 0, -1)
        case .flipVertical: (1, 0, 0, -1)
        case .transpose: (0, 1, 1, 0)
        case .rotate90: (0, 1, -1, 0)
        case .transverse: (0, -1, -1, 0)
        case .rotate270: (0, -1, 1, 0)
        }
    }

    /// The pixmap as displayed.
    func apply(to pixmap: Pixmap) -> Pixmap {
        guard self != .identity else { return pixmap }
        let w = pixmap.width, h = pixmap.height
        let (dw, dh) = displayed(width: w, height: h)
        // Displayed (x, y) shows stored (x0 + xx·x + xy·y, y0 + yx·x + yy·y); a step back along
        // an axis starts from that axis' far end.
        let (xx, xy, yx, yy) = stepping
        let x0 = xx < 0 || xy < 0 ? w - 1 : 0, y0 = yx < 0 || yy < 0 ? h - 1 : 0
        let stepX = xx + yx * w, stepY = xy + yy * w
        var out = Pixmap(width: dw, height: dh)
        out.pixels.withUnsafeMutableBytes { dst in
            pixmap.pixels.withUnsafeBytes { src in
                let to = dst.bindMemory(to: UInt32.self), from = src.bindMemory(to: UInt32.self)
                var rowStart = y0 * w + x0
                for y in 0..<dh {
                    var s = rowStart
                    for x in 0..<dw {
                        to[y * dw + x] = from[s]
                        s += stepX
                    }
                    rowStart += stepY
                }
            }
        }
        return out
    }

    /// The orientation recorded in an EXIF TIFF structure (a PNG eXIf chunk's data, or a JPEG APP1
    /// segment after its "Exif\0\0" header): tag 0x0112 in the first IFD, a SHORT with count 1.
    /// Nil when the tag is absent, out of range or anything about the structure is malformed —
    /// browsers then show the image as stored, and so does pagereel.
    init?(exif tiff: ArraySlice<UInt8>) {
        let b = Array(tiff)
        guard b.count >= 8 else { return nil }
        let little: Bool
        switch (b[0], b[1]) {
        case (0x49, 0x49): little = true    // "II"
        case (0x4D, 0x4D): little = false   // "MM"
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= b.count else { return nil }
            return little ? Int(b[at]) | Int(b[at + 1]) << 8 : Int(b[at]) << 8 | Int(b[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let lo = u16(little ? at : at + 2), let hi = u16(little ? at + 2 : at) else { return nil }
            return hi << 16 | lo
        }
        guard u16(2) == 42, let ifd = u32(4), let entries = u16(ifd) else { return nil }
        for k in 0..<entries {
            let entry = ifd + 2 + 12 * k
            guard let tag = u16(entry) else { return nil }
            guard tag == 0x0112 else { continue }
            // Type 3 is SHORT: the value sits in the first two bytes of the value field.
            guard u16(entry + 2) == 3, u32(entry + 4) == 1, let value = u16(entry + 8) else { return nil }
            self.init(rawValue: value)
            return
        }
        return nil
    }
}
