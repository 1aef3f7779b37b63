/// The distinct colours of the pixels a frame changes, how often each occurs, and which entry
/// each changed pixel is.
///
/// The palette is built from these entries rather than from the image, and pixels are mapped
/// through their entry, so the nearest-colour search runs once per distinct colour (about 10,000
/// on a UI frame) instead of once per pixel. A class over raw storage, allocated once per worker
/// and reused for every frame: the hash table (linear probing) is sized for a frame whose pixels
/// are all distinct, and only the slots a frame used are cleared after it.
final class GIFColorHistogram {
    /// Pixel value (opaque RGBA words, never 0) per slot; 0 = empty.
    private let keys: UnsafeMutableBufferPointer<UInt32>
    private let slotEntries: UnsafeMutableBufferPointer<Int32>
    private let mask: Int, shift: UInt32
    /// Per entry: its colour (the pixel word), its pixel count and the slot that holds it.
    let colors: UnsafeMutableBufferPointer<UInt32>
    let counts: UnsafeMutableBufferPointer<UInt32>
    private let slots: UnsafeMutableBufferPointer<Int32>
    /// Per pixel of the frame: its entry, or -1 for a pixel the frame does not change.
    let pixelEntries: UnsafeMutableBufferPointer<Int32>
    private(set) var count = 0

    init(pixels: Int) {
        // At most 3/4 full even if every pixel has its own colour.
        var bits: UInt32 = 10
        while 3 << bits < 4 * pixels { bits += 1 }
        let capacity = 1 << Int(bits)
        shift = 32 - bits
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0)
        slotEntries = .allocate(capacity: capacity)
        slotEntries.initialize(repeating: 0)
        mask = capacity - 1
        colors = .allocate(capacity: pixels)
        colors.initialize(repeating: 0)
        counts = .allocate(capacity: pixels)
        counts.initialize(repeating: 0)
        slots = .allocate(capacity: pixels)
        slots.initialize(repeating: 0)
        pixelEntries = .allocate(capacity: pixels)
        pixelEntries.initialize(repeating: -1)
    }

    deinit {
        for buffer in [keys, colors, counts] { buffer.deallocate() }
        for buffer in [slotEntries, slots, pixelEntries] { buffer.deallocate() }
    }

    /// Counts the pixels of `current` that differ from `previous` (all of them without a
    /// `previous`). Both hold opaque RGBA words, one per pixel. Polls `stop` every 64K pixels and
    /// returns early, the histogram incomplete, once it is set.
    func collect(_ current: UnsafeBufferPointer<UInt32>, changedFrom previous: UnsafeBufferPointer<UInt32>?,
                 stop: EncodeStop? = nil) {
        clear()
        for p in 0..<pixelEntries.count {
            if p & 0xFFFF == 0, let stop, stop.isStopped { return }
            let color = current[p]
            if let previous, previous[p] == color {
                pixelEntries[p] = -1
                continue
            }
            pixelEntries[p] = Int32(truncatingIfNeeded: entry(of: color))
        }
    }

    /// Forgets every entry; only the slots in use are touched.
    func clear() {
        for e in 0..<count { keys[Int(slots[e])] = 0 }
        count = 0
    }

    /// The entry of `color`, added with count 1 or counted once more.
    @inline(__always)
    private func entry(of color: UInt32) -> Int {
        var slot = Int((color &* 2_654_435_761) >> shift)
        while true {
            let key = keys[slot]
            if key == color {
                let e = Int(slotEntries[slot])
                counts[e] &+= 1
                return e
            }
            if key == 0 {
                let e = count
                keys[slot] = color
                slotEntries[slot] = Int32(truncatingIfNeeded: e)
                colors[e] = color
                counts[e] = 1
                slots[e] = Int32(truncatingIfNeeded: slot)
                count += 1
                return e
            }
            slot = (slot + 1) & mask
        }
    }
}
