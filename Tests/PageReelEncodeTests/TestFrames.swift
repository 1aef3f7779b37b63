import PageReelRaster

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
