import ArgumentParser

/// `--audio-bitrate N`: the sound's bitrate, in kbit/s (`192`, `192k`) or bit/s (`192000`).
struct AudioBitrate: ArgumentValue, CustomStringConvertible {
    /// Bits per second.
    let bitsPerSecond: Int

    init(parsing text: String) throws(ValidationError) {
        let lowered = text.lowercased()
        let digits = lowered.hasSuffix("k") ? String(lowered.dropLast()) : lowered
        guard let value = Int(digits), value > 0 else {
            throw ValidationError("expected kbit/s such as 192 or 192k, or bit/s such as 192000")
        }
        bitsPerSecond = lowered.hasSuffix("k") || value < 1000 ? value * 1000 : value
    }

    var description: String { "\(bitsPerSecond / 1000)k" }
}
