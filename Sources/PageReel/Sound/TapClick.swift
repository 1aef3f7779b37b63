import Foundation
import PageReelEncode

/// The built-in tap sound: a short, soft click synthesized from a formula, the same samples on
/// every machine (no recording of unknown origin).
///
/// Two damped sines, a bright 2.4 kHz tick and a 1.1 kHz body, under a 0.5 ms raised-cosine
/// attack, 40 ms long, peaking near −8 dBFS: what a UI click sounds like, quiet enough under music.
enum TapClick {
    /// Length in seconds.
    static let duration = 0.04

    /// The click, 48 kHz stereo interleaved (the same in both channels).
    static let samples: [Float] = {
        let rate = Double(AudioClock.sampleRate)
        let count = Int(duration * rate)
        var out = [Float](repeating: 0, count: 2 * count)
        for n in 0..<count {
            let t = Double(n) / rate
            let attack = t < 0.0005 ? 0.5 - 0.5 * cos(Double.pi * t / 0.0005) : 1
            // The tail is brought to zero over the last 5 ms, so the click ends without a step.
            let release = t > duration - 0.005 ? 0.5 + 0.5 * cos(Double.pi * (t - (duration - 0.005)) / 0.005) : 1
            let tick = 0.6 * sin(2 * Double.pi * 2400 * t) * exp(-t / 0.004)
            let body = 0.4 * sin(2 * Double.pi * 1100 * t) * exp(-t / 0.012)
            let value = Float(0.45 * attack * release * (tick + body))
            out[2 * n] = value
            out[2 * n + 1] = value
        }
        return out
    }()
}
