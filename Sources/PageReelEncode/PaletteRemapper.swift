import CImageQuant

/// Maps frames onto a `SharedPalette`, one remapper per worker thread.
///
/// A `liq_result` cannot be shared between threads (each remap replaces its internal state), so
/// every worker gets its own result, made by quantizing a one-pixel image with every shared
/// colour pinned as a fixed colour: its palette is the shared palette, possibly reordered, and
/// k-means leaves fixed colours alone. A lookup table turns the worker's indices back into the
/// shared ones; the mapping is checked colour by colour when the remapper is made.
final class PaletteRemapper {
    private let attributes: ImageQuant.Attributes
    private let result: ImageQuant.Result
    private let toShared: [UInt8]
    /// libimagequant usually keeps the pinned colours in order; then no translation is needed.
    private let keepsOrder: Bool
    private let pixels: PixelBuffer
    let width: Int, height: Int

    init(palette: SharedPalette, width: Int, height: Int, speed: Int, dithering: Float,
         path: String) throws(EncodeError) {
        ImageQuant.singleThreaded()
        // Every colour pinned and no room for more (max colours = pinned count, at least 2 as
        // libimagequant requires): the seed pixel's own histogram entry, which libimagequant may
        // posterize at high speeds, can then never add a colour of its own.
        var pinned = palette.colors.isEmpty ? [0xFF00_0000] : palette.colors
        if pinned.count < 2 { pinned.append(pinned[0]) }
        let attributes = try ImageQuant.Attributes(maxColors: pinned.count, speed: speed, path: path)
        let seed = PixelBuffer(count: 4)
        let first = SharedPalette.color(pinned[0])
        seed.words[0] = UInt32(first.r) | UInt32(first.g) << 8 | UInt32(first.b) << 16 | 0xFF00_0000
        let image = try ImageQuant.Image(attributes, pixels: seed, width: 1, height: 1)
        for word in pinned { try image.addFixedColor(SharedPalette.color(word), path: path) }
        let result = try ImageQuant.Result(quantizing: image, attributes)
        try result.setDithering(dithering)

        var sharedIndex: [UInt32: UInt8] = [:]
        for (i, word) in pinned.enumerated() where sharedIndex[word] == nil { sharedIndex[word] = UInt8(i) }
        var toShared = [UInt8](repeating: 0, count: 256)
        for (i, color) in result.palette.enumerated() {
            guard let index = sharedIndex[SharedPalette.word(color)] else {
                throw .imageQuant(path: path, call: "liq_image_quantize(fixed palette)", code: 106)
            }
            toShared[i] = index
        }
        self.attributes = attributes
        self.result = result
        self.toShared = toShared
        keepsOrder = result.palette.count == pinned.count
            && toShared.prefix(pinned.count).elementsEqual(0..<UInt8(pinned.count))
        self.pixels = PixelBuffer(count: width * height * 4)
        self.width = width
        self.height = height
    }

    /// Reads `slot` from `spill` and writes its shared-palette indices into `indices`.
    func remap(slot: Int, from spill: FrameSpill, into indices: PixelBuffer) throws(EncodeError) {
        ImageQuant.singleThreaded()
        try spill.read(slot, into: pixels.bytes)
        let count = width * height
        let image = try ImageQuant.Image(attributes, pixels: pixels, width: width, height: height)
        try result.remap(image, into: indices, count: count)
        if keepsOrder { return }
        let bytes = indices.bytes.bindMemory(to: UInt8.self)
        toShared.withUnsafeBufferPointer { table in
            for i in 0..<count { bytes[i] = table[Int(bytes[i])] }
        }
    }
}
