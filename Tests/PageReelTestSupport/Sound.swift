import Foundation

/// Sound for the audio tests: tones made by the ffmpeg CLI, outputs decoded by it to PCM, and
/// measurements of the PCM (RMS, the dominant frequency by FFT, onsets), all independent of the
/// code under test.
public enum Sound {
    /// Samples per second of every decode.
    public static let rate = 48_000

    /// One channel of decoded sound.
    public struct Channel {
        public var samples: [Float]

        public init(_ samples: [Float]) { self.samples = samples }

        public var count: Int { samples.count }
        public var seconds: Double { Double(samples.count) / Double(Sound.rate) }

        /// The samples from `start` to `end` seconds (clamped to the channel).
        public func slice(_ start: Double, _ end: Double) -> ArraySlice<Float> {
            let a = min(max(Int(start * Double(Sound.rate)), 0), samples.count)
            let b = min(max(Int(end * Double(Sound.rate)), a), samples.count)
            return samples[a..<b]
        }

        /// Root mean square from `start` to `end` seconds.
        public func rms(_ start: Double, _ end: Double) -> Double { Sound.rms(slice(start, end)) }

        /// The frequency with the most energy from `start` to `end` seconds, in Hz.
        public func dominantFrequency(_ start: Double, _ end: Double) -> Double {
            Sound.dominantFrequency(Array(slice(start, end)))
        }

        /// The first instant at or after `after` seconds where |sample| exceeds `threshold`; nil if none.
        public func onset(after: Double, threshold: Float) -> Double? {
            let first = max(0, Int(after * Double(Sound.rate)))
            guard first < samples.count else { return nil }
            for n in first..<samples.count where abs(samples[n]) > threshold { return Double(n) / Double(Sound.rate) }
            return nil
        }
    }

    /// Decodes the best audio stream of `path` with ffmpeg to 48 kHz float: left and right.
    public static func decode(_ path: String) throws -> (left: Channel, right: Channel) {
        let data = try Command.check("ffmpeg", ["-v", "error", "-i", path, "-map", "0:a:0", "-f", "f32le", "-ac", "2",
                                                "-ar", "\(rate)", "-"])
        var left: [Float] = [], right: [Float] = []
        data.withUnsafeBytes { raw in
            let floats = raw.bindMemory(to: Float.self)
            left.reserveCapacity(floats.count / 2)
            right.reserveCapacity(floats.count / 2)
            for k in stride(from: 0, to: floats.count - 1, by: 2) {
                left.append(floats[k])
                right.append(floats[k + 1])
            }
        }
        return (Channel(left), Channel(right))
    }

    /// What ffprobe says of the file's audio streams: one dictionary of `key=value` per stream.
    public static func audioStreams(_ path: String) throws -> [[String: String]] {
        let text = String(decoding: try Command.check("ffprobe", ["-v", "error", "-select_streams", "a", "-show_entries",
                                                                 "stream=codec_name,profile,sample_rate,channels,duration,bit_rate",
                                                                 "-of", "flat=s=_", path]), as: UTF8.self)
        var streams: [Int: [String: String]] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            // streams_stream_0_codec_name="aac"
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            let fields = parts[0].split(separator: "_")
            guard fields.count >= 4, let index = Int(fields[2]) else { continue }
            let key = fields[3...].joined(separator: "_")
            streams[index, default: [:]][key] = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return streams.keys.sorted().map { streams[$0]! }
    }

    /// Makes an audio file with ffmpeg from a lavfi source (`sine=frequency=440:duration=2`,
    /// `aevalsrc=…`), with `codec` arguments; returns its path.
    @discardableResult
    public static func make(_ name: String, in folder: String, source: String, codec: [String] = []) throws -> String {
        let path = folder + "/" + name
        _ = try Command.check("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", source] + codec + [path])
        return path
    }

    public static func rms<C: Collection>(_ samples: C) -> Double where C.Element == Float {
        guard !samples.isEmpty else { return 0 }
        var sum = 0.0
        for s in samples { sum += Double(s) * Double(s) }
        return (sum / Double(samples.count)).squareRoot()
    }

    /// The frequency of the strongest bin of a Hann-windowed FFT (zero-padded to a power of two),
    /// refined by parabolic interpolation between the bins around it.
    public static func dominantFrequency(_ samples: [Float]) -> Double {
        guard samples.count > 8 else { return 0 }
        var size = 1
        while size < samples.count { size <<= 1 }
        var re = [Double](repeating: 0, count: size), im = [Double](repeating: 0, count: size)
        for (k, s) in samples.enumerated() {
            let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(k) / Double(samples.count - 1))
            re[k] = Double(s) * window
        }
        fft(&re, &im)
        let magnitudes = (0..<(size / 2)).map { (re[$0] * re[$0] + im[$0] * im[$0]).squareRoot() }
        let peak = (1..<(size / 2 - 1)).max { magnitudes[$0] < magnitudes[$1] } ?? 1
        let (a, b, c) = (magnitudes[peak - 1], magnitudes[peak], magnitudes[peak + 1])
        let shift = (a - 2 * b + c) == 0 ? 0 : 0.5 * (a - c) / (a - 2 * b + c)
        return (Double(peak) + shift) * Double(rate) / Double(size)
    }

    /// In-place iterative radix-2 FFT.
    static func fft(_ re: inout [Double], _ im: inout [Double]) {
        let n = re.count
        var j = 0
        for i in 1..<n {
            var bit = n >> 1
            while j & bit != 0 { j ^= bit; bit >>= 1 }
            j |= bit
            if i < j { re.swapAt(i, j); im.swapAt(i, j) }
        }
        var length = 2
        while length <= n {
            let angle = -2 * Double.pi / Double(length)
            for start in stride(from: 0, to: n, by: length) {
                for k in 0..<(length / 2) {
                    let wr = cos(angle * Double(k)), wi = sin(angle * Double(k))
                    let (ar, ai) = (re[start + k], im[start + k])
                    let (br, bi) = (re[start + k + length / 2], im[start + k + length / 2])
                    let tr = br * wr - bi * wi, ti = br * wi + bi * wr
                    re[start + k] = ar + tr; im[start + k] = ai + ti
                    re[start + k + length / 2] = ar - tr; im[start + k + length / 2] = ai - ti
                }
            }
            length <<= 1
        }
    }
}
