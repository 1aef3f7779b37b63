import PageReelMedia

/// Frames as the GIF and APNG writers keep them: one opaque 32-bit word per pixel.
///
/// Frames are premultiplied over an opaque canvas, so RGB is already the colour over black;
/// alpha is forced to 255, so a palette stays opaque and no pixel word is 0 (the GIF's colour
/// histogram's empty key, the APNG's "unchanged" pixel). Alpha is the high byte of each
/// little-endian word, R the low one.
extension Pixmap {
    /// The pixels as opaque words.
    func opaqueWords() -> [UInt32] {
        pixels.withUnsafeBytes { raw in
            let source = raw.bindMemory(to: UInt32.self)
            return [UInt32](unsafeUninitializedCapacity: source.count) { words, count in
                for i in source.indices { words[i] = source[i] | 0xFF00_0000 }
                count = source.count
            }
        }
    }

    /// Whether the pixels, made opaque, equal `words`.
    func hasSameOpaquePixels(as words: [UInt32]) -> Bool {
        pixels.withUnsafeBytes { raw in
            let source = raw.bindMemory(to: UInt32.self)
            return words.withUnsafeBufferPointer { words in
                // Compared in blocks without branching inside, so the loop vectorizes.
                var start = 0
                while start < source.count {
                    let end = min(start + 256, source.count)
                    var differs: UInt32 = 0
                    for i in start..<end { differs |= (source[i] | 0xFF00_0000) ^ words[i] }
                    if differs != 0 { return false }
                    start = end
                }
                return true
            }
        }
    }
}
