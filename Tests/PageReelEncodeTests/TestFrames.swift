import PageReelMedia

/// Frames drawn in code for the encoder tests: four solid patches plus a box that moves.
///
/// Solid areas let decoded pixels be compared with the source at known spots despite chroma
/// subsampling and lossy coding; the box makes consecutive frames differ in a small rectangle.
enum TestFrames {
    typealias RGB = (r: UInt8, g: UInt8, b: UInt8)

    static let red: RGB = (255, 0, 0), green: RGB = (0, 255, 0), blue: RGB = (0, 0, 255)
    static let white: RGB = (255, 255, 255), grey: RGB = (96, 96, 96), yellow: RGB = (255, 200, 0)

    /// The patch colours, in the order they are laid out left to right in the top half.
    static let patches: [RGB] = [red, green, blue, white]

    /// A `width`×`height` frame: grey background, four patches across the top half (the last one
    /// reaching the right edge), and a `box`×`box` yellow square at (`boxX`, `boxY`) in the
    /// bottom half, clipped to the frame.
    static func frame(width: Int, height: Int, boxX: Int, boxY: Int? = nil, box: Int = 8) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        pixmap.fill(r: grey.r, g: grey.g, b: grey.b, a: 255)
        let patchWidth = width / patches.count
        for (i, colour) in patches.enumerated() {
            let x = i * patchWidth
            let w = i == patches.count - 1 ? width - x : patchWidth
            fill(&pixmap, x: x, y: 0, width: w, height: height / 2, colour)
        }
        fill(&pixmap, x: boxX, y: boxY ?? (height * 3 / 4 - box / 2), width: box, height: box, yellow)
        return pixmap
    }

    /// The centre of patch `i` (safely inside it).
    static func patchCentre(_ i: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        let patchWidth = width / patches.count
        return (i * patchWidth + patchWidth / 2, height / 4)
    }

    static func fill(_ pixmap: inout Pixmap, x: Int, y: Int, width: Int, height: Int, _ c: RGB) {
        let w = pixmap.width
        let rows = max(0, y)..<max(max(0, y), min(pixmap.height, y + height))
        let columns = max(0, x)..<max(max(0, x), min(w, x + width))
        for row in rows {
            for column in columns {
                let i = (row * w + column) * 4
                pixmap.pixels[i] = c.r
                pixmap.pixels[i + 1] = c.g
                pixmap.pixels[i + 2] = c.b
                pixmap.pixels[i + 3] = 255
            }
        }
    }
}

extension TestFrames {
    /// A page of an app being swiped: a static dark gradient backdrop and toolbar, and a card
    /// whose content — a hue gradient under lines of anti-aliased, text-like marks — is scrolled
    /// `offset` pixels to the left. Thousands of colours, most of them new in every frame.
    static func page(width: Int, height: Int, offset: Int) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let inCard = x >= 8 && x < width - 8 && y >= 16 && y < height - 8
                var r: Double, g: Double, b: Double
                if inCard {
                    let u = x + offset, v = y - 16
                    r = 90 + 120 * Double(u % 160) / 160
                    g = 60 + 140 * Double(v) / Double(height)
                    b = 200 - 100 * Double((u + v) % 200) / 200
                    // Marks 3 px tall in lines 9 px apart, words of 2…7 marks; coverage varies.
                    let line = v / 9, row = v % 9
                    if row >= 3 && row < 6 && u % 4 != 3 {
                        let word = (u / 4 + line * 7) % 11
                        let coverage = Double(mix(u / 4, line, row) % 5) / 4
                        if word < 8 {
                            r += (20 - r) * coverage
                            g += (24 - g) * coverage
                            b += (32 - b) * coverage
                        }
                    }
                } else if y < 16 {
                    (r, g, b) = (36, 40, 52)
                    if y >= 6 && y < 10 && x % 24 < 14 { (r, g, b) = (220, 224, 230) }
                } else {
                    r = 18 + Double(y) * 0.1
                    g = 20 + Double(y) * 0.1
                    b = 28 + Double(y) * 0.15
                }
                pixmap.pixels[i] = UInt8(r.rounded())
                pixmap.pixels[i + 1] = UInt8(g.rounded())
                pixmap.pixels[i + 2] = UInt8(b.rounded())
                pixmap.pixels[i + 3] = 255
            }
        }
        return pixmap
    }

    /// A small deterministic hash.
    static func mix(_ a: Int, _ b: Int, _ c: Int) -> Int {
        var h = UInt32(truncatingIfNeeded: a &* 73_856_093 ^ b &* 19_349_663 ^ c &* 83_492_791)
        h = (h ^ (h >> 13)) &* 1_274_126_177
        return Int(h >> 16)
    }

    /// A swipe: `moving` frames easing the card content `distance` pixels, then `still` frames at
    /// rest.
    static func swipe(width: Int, height: Int, moving: Int, still: Int, distance: Int) -> [Pixmap] {
        (0..<moving + still).map { k in
            let t = Double(min(k, moving)) / Double(moving)
            let eased = t * t * (3 - 2 * t)
            return page(width: width, height: height, offset: Int((eased * Double(distance)).rounded()))
        }
    }
}
