/// Counts the bits GIF LZW (8-bit symbols, 12-bit codes) needs for a stream of indices.
///
/// A class over raw storage because `add` runs twice per pixel of every frame: no bounds,
/// uniqueness or exclusivity checks in that loop.
final class LZWSizer {
    private static let slots = 8192
    /// Open-addressing table of (prefix code << 8 | symbol) → code; entries from older
    /// generations count as empty, so clearing is O(1).
    private let keys = UnsafeMutablePointer<Int32>.allocate(capacity: slots)
    private let codes = UnsafeMutablePointer<Int16>.allocate(capacity: slots)
    private let generations = UnsafeMutablePointer<UInt32>.allocate(capacity: slots)
    private var generation: UInt32 = 1
    private var bits = 9, nextCode = 258, last = -1
    private(set) var totalBits = 0

    init() { generations.initialize(repeating: 0, count: Self.slots) }

    deinit {
        keys.deallocate()
        codes.deallocate()
        generations.deallocate()
    }

    /// Begins a new image: the clear code, then an empty table.
    func start() {
        totalBits = 9
        last = -1
        reset()
    }

    @inline(__always)
    func add(_ symbol: UInt8) {
        guard last >= 0 else {
            last = Int(symbol)
            return
        }
        let key = Int32(last << 8 | Int(symbol))
        var slot = Int((UInt32(bitPattern: key) &* 2_654_435_761) >> 19)
        while generations[slot] == generation {
            if keys[slot] == key {
                last = Int(codes[slot])
                return
            }
            slot = (slot + 1) & (Self.slots - 1)
        }
        totalBits += bits
        keys[slot] = key
        codes[slot] = Int16(nextCode)
        generations[slot] = generation
        nextCode += 1
        if nextCode >= (1 << bits) + 1 { bits += 1 }
        last = Int(symbol)
        if nextCode >= 4095 {
            totalBits += bits   // clear code, at the current width
            reset()
        }
    }

    /// Ends the image (last pending code, end code, and the one zero bit FFmpeg's encoder
    /// appends in GIF mode); returns its size in bytes.
    func finish() -> Int {
        if last >= 0 { totalBits += bits }
        totalBits += bits + 1
        return (totalBits + 7) / 8
    }

    private func reset() {
        generation &+= 1
        bits = 9
        nextCode = 258
    }
}
