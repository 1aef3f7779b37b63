/// GIF's variable-length LZW compression (GIF89a, appendix F), optionally lossy.
///
/// Codes start one bit wider than the minimum code size and grow up to 12 bits; when the 4096th
/// code has been assigned a CLEAR code restarts the table (no "deferred clear"). Codes are packed
/// least significant bit first.
///
/// Lossy mode (an idea from gifsicle's `--lossy`, implemented here from the LZW definition): where
/// the current string cannot be extended by the wanted symbol, it may be extended by another
/// symbol already in the dictionary after that string, if that symbol's colour is at most
/// `tolerance` (squared RGB distance) worse for the pixel than the wanted one. Longer strings mean
/// fewer codes; on UI gradients that is most of the saving. The transparent symbol's colour is
/// whatever the screen shows under the pixel.
///
/// A class over raw storage because `encode` runs once per stored pixel: no bounds, uniqueness
/// or exclusivity checks in that loop, and the tables are reused from image to image.
final class LZWEncoder {
    /// What lossy matching compares: per pixel its true colour and the colour under it, per
    /// symbol its colour (pixel words), and how much worse a substitute may be.
    struct Colors {
        var targets: UnsafeBufferPointer<UInt32>
        var under: UnsafeBufferPointer<UInt32>
        var palette: UnsafeBufferPointer<UInt32>
        /// The transparent symbol, or -1.
        var transparent: Int
        var tolerance: Int
    }

    private static let slots = 8192
    private static let maximumCode = 4096
    /// Open-addressing table of (prefix code << 8 | symbol) → code; entries from older
    /// generations count as empty, so clearing is O(1).
    private let keys = UnsafeMutablePointer<Int32>.allocate(capacity: slots)
    private let codes = UnsafeMutablePointer<Int16>.allocate(capacity: slots)
    private let generations = UnsafeMutablePointer<UInt32>.allocate(capacity: slots)
    private var generation: UInt32 = 0
    /// The dictionary as a tree, for lossy matching: each code's first child, next sibling and
    /// last symbol.
    private let firstChild = UnsafeMutablePointer<Int16>.allocate(capacity: maximumCode)
    private let nextSibling = UnsafeMutablePointer<Int16>.allocate(capacity: maximumCode)
    private let symbolOf = UnsafeMutablePointer<UInt8>.allocate(capacity: maximumCode)

    init() {
        generations.initialize(repeating: 0, count: Self.slots)
        firstChild.initialize(repeating: -1, count: Self.maximumCode)
        nextSibling.initialize(repeating: -1, count: Self.maximumCode)
        symbolOf.initialize(repeating: 0, count: Self.maximumCode)
    }

    deinit {
        keys.deallocate()
        codes.deallocate()
        generations.deallocate()
        firstChild.deallocate()
        nextSibling.deallocate()
        symbolOf.deallocate()
    }

    /// Appends the compressed form of `symbols` (each < 2^`minimumCodeSize`) to `output`: the
    /// raw code stream, without the sub-block framing. With `colors`, symbols may be replaced by
    /// close ones; `symbols` then holds what was actually encoded. Polls `stop` every 64K symbols
    /// and returns early, the output incomplete, once it is set.
    func encode(_ symbols: UnsafeMutableBufferPointer<UInt8>, colors: Colors? = nil, minimumCodeSize: Int,
                into output: inout [UInt8], stop: EncodeStop? = nil) {
        precondition((2...8).contains(minimumCodeSize), "GIF's minimum code size is 2…8")
        let clear = 1 << minimumCodeSize, end = clear + 1, first = clear + 2
        var bits = minimumCodeSize + 1, nextCode = first
        var buffer: UInt64 = 0, buffered = 0
        output.reserveCapacity(output.count + symbols.count)

        @inline(__always) func emit(_ code: Int, width: Int) {
            buffer |= UInt64(code) << UInt64(buffered)
            buffered += width
            while buffered >= 8 {
                output.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                buffered -= 8
            }
        }
        @inline(__always) func restart() {
            generation &+= 1
            bits = minimumCodeSize + 1
            nextCode = first
            for code in 0..<first { firstChild[code] = -1 }
        }
        @inline(__always) func colorOf(_ symbol: Int, _ i: Int, _ colors: Colors) -> UInt32 {
            symbol == colors.transparent ? colors.under[i] : colors.palette[symbol]
        }

        restart()
        emit(clear, width: bits)
        guard var prefix = symbols.first.map(Int.init) else {
            emit(end, width: bits)
            if buffered > 0 { output.append(UInt8(truncatingIfNeeded: buffer)) }
            return
        }
        for i in 1..<symbols.count {
            if i & 0xFFFF == 0, let stop, stop.isStopped { return }
            let symbol = Int(symbols[i])
            let key = Int32(prefix << 8 | symbol)
            var slot = Int((UInt32(bitPattern: key) &* 2_654_435_761) >> 19)
            var found = false
            while generations[slot] == generation {
                if keys[slot] == key {
                    prefix = Int(codes[slot])
                    found = true
                    break
                }
                slot = (slot + 1) & (Self.slots - 1)
            }
            if found { continue }
            if let colors, firstChild[prefix] >= 0 {
                let target = colors.targets[i]
                // A drawn colour is fresh, so the substitute may add the tolerance to its error; the
                // screen under a transparent pixel may already carry substitutions, so there the
                // substitute must simply stay within the tolerance (or no worse than the screen).
                let wanted = Self.distance(colorOf(symbol, i, colors), target)
                let limit = symbol == colors.transparent ? max(wanted, colors.tolerance) : wanted + colors.tolerance
                var best = -1, bestDistance = limit + 1
                var child = Int(firstChild[prefix])
                while child >= 0 {
                    let d = Self.distance(colorOf(Int(symbolOf[child]), i, colors), target)
                    if d < bestDistance {
                        bestDistance = d
                        best = child
                    }
                    child = Int(nextSibling[child])
                }
                if best >= 0 {
                    symbols[i] = symbolOf[best]
                    prefix = best
                    continue
                }
            }
            emit(prefix, width: bits)
            keys[slot] = key
            codes[slot] = Int16(nextCode)
            generations[slot] = generation
            symbolOf[nextCode] = UInt8(symbol)
            firstChild[nextCode] = -1
            nextSibling[nextCode] = firstChild[prefix]
            firstChild[prefix] = Int16(nextCode)
            nextCode += 1
            // The decoder assigns each code one step later than the encoder, so it needs the wider
            // codes only from the code after the one that filled the current width.
            if nextCode == (1 << bits) + 1 { bits += 1 }
            if nextCode == Self.maximumCode {
                emit(clear, width: bits)
                restart()
            }
            prefix = symbol
        }
        emit(prefix, width: bits)
        // Decoders count the last code as if it had assigned an entry too; END is small enough to
        // read the same at either width, so the wider one is always safe.
        if nextCode + 1 == (1 << bits) + 1, bits < 12 { bits += 1 }
        emit(end, width: bits)
        if buffered > 0 { output.append(UInt8(truncatingIfNeeded: buffer)) }
    }

    /// Squared RGB distance between two pixel words.
    @inline(__always)
    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int(a & 0xFF) - Int(b & 0xFF)
        let dg = Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF)
        let db = Int(a >> 16 & 0xFF) - Int(b >> 16 & 0xFF)
        return dr * dr + dg * dg + db * db
    }
}
