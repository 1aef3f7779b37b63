import Foundation

/// How an animated image is encoded: its size, rate and quality (nil for APNG, always lossless).
public struct ImageEncoding: Sendable, Equatable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public var fps: Int
    public var quality: Int?

    public init(width: Int, height: Int, fps: Int, quality: Int?) {
        self.width = width
        self.height = height
        self.fps = fps
        self.quality = quality
    }

    /// `quality 60, 15 fps, 960x540`.
    public var description: String {
        (quality.map { "quality \($0), " } ?? "") + "\(fps) fps, \(width)x\(height)"
    }
}

/// What fitting an output into its budget chose, for the summary.
public struct BudgetFit: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The budget and the file's size, in bytes.
    public var budget: Int
    public var bytes: Int
    /// An animated image's encoding asked for, and the one that fits.
    public var requested: ImageEncoding?
    public var chosen: ImageEncoding?
    /// A video's bitrate ceiling (`VideoOptions.maxBitrate`), in bit/s.
    public var maxBitrate: Int?
    /// Encodes made (an image's first is the requested one, made while rendering): 1…3.
    public var encodes: Int

    public init(budget: Int, bytes: Int, requested: ImageEncoding? = nil, chosen: ImageEncoding? = nil,
                maxBitrate: Int? = nil, encodes: Int) {
        (self.budget, self.bytes, self.requested, self.chosen, self.maxBitrate, self.encodes) =
            (budget, bytes, requested, chosen, maxBitrate, encodes)
    }

    /// One line for people: `9.62 MB of 10 MB: quality 80 → 60, 30 → 15 fps (3 encodes)`.
    public var description: String {
        var changes: [String] = []
        if let requested, let chosen {
            if let a = requested.quality, let b = chosen.quality, a != b { changes.append("quality \(a) → \(b)") }
            if requested.fps != chosen.fps { changes.append("\(requested.fps) → \(chosen.fps) fps") }
            if requested.width != chosen.width {
                changes.append("\(requested.width)x\(requested.height) → \(chosen.width)x\(chosen.height)")
            }
            if changes.isEmpty { changes.append("as asked") }
        }
        if let maxBitrate { changes.append("video at most \(maxBitrate / 1000) kbit/s") }
        let encodes = requested == nil ? "" : " (\(encodes) encode\(encodes == 1 ? "" : "s"))"
        return "\(ByteSize(bytes: bytes)) of \(ByteSize(bytes: budget)): " + changes.joined(separator: ", ") + encodes
    }
}

/// The order in which an animated image gives way to fit a byte budget, and the model that
/// predicts how much each step saves.
///
/// The order is what a viewer of a README animation notices least first:
/// 1. quality, down to 60 (GIF: lossy LZW and, below 80, fewer colours; WebP: coarser VP8);
/// 2. the frame rate, to its divisors of at least 15 fps (every frame kept is one the render
///    made, at its exact time);
/// 3. the width, by tenths down to half (at least 320 px), scaled from the rendered frames;
/// 4. then the same again further: quality to 30, rate to 10 fps, width to a quarter (160 px).
/// APNG is lossless and has only steps 2 and 3.
///
/// The model: log size = log s₀ + γ·m, where m is the sum of each step's expected log-ratio
/// (quality: `qualitySlope` per step; rate: 0.75 × the log-ratio of the distinct frames left,
/// counted exactly from the frames rendered; width: `widthExponent` × the log-ratio of widths),
/// s₀ is the first encode's size, and γ (1 at first) is re-measured after each encode, so the
/// second guess corrects the first. At most three encodes: the requested one, a guess aimed
/// below the budget, and either a step back towards quality (when the guess left much of the
/// budget unused) or a safer step (when it missed).
public struct ImageBudget: Sendable {
    public enum Format: Sendable { case gif, webp, apng }

    let format: Format
    let requested: ImageEncoding
    /// The candidates, best first; the first is `requested`.
    let ladder: [ImageEncoding]

    init(format: Format, requested: ImageEncoding) {
        self.format = format
        self.requested = requested
        ladder = Self.ladder(format: format, requested: requested)
    }

    /// Each step's expected log-ratio of size per quality point.
    var qualitySlope: Double {
        switch format {
        case .gif: 0.0125   // measured: 6.16, 4.78, 3.72 MiB at 100, 80, 60 (bench deck, 720p)
        case .webp: 0.031   // measured: ×1.16–1.17 per 5 points at 75…85 (two sample decks, 720p)
        case .apng: 0
        }
    }

    /// How size scales with width: pixels grow as the square, but compressed frames less so.
    var widthExponent: Double { format == .webp ? 1.6 : 1.8 }

    /// The candidates in order: see the type's documentation.
    static func ladder(format: Format, requested: ImageEncoding) -> [ImageEncoding] {
        var ladder = [requested]
        var current = requested
        func add(_ candidate: ImageEncoding) {
            guard candidate != current else { return }
            current = candidate
            ladder.append(candidate)
        }
        func lowerQuality(to floor: Int) {
            guard let quality = current.quality else { return }
            var q = quality
            while q > floor {
                q = max(floor, (q - 1) / 5 * 5)
                var next = current
                next.quality = q
                add(next)
            }
        }
        func lowerRate(to floor: Int) {
            for k in 2...max(2, requested.fps) where requested.fps % k == 0 {
                let fps = requested.fps / k
                guard fps >= min(floor, requested.fps), fps < current.fps else { continue }
                var next = current
                next.fps = fps
                add(next)
            }
        }
        func lowerWidth(to fraction: Double, atLeast pixels: Int) {
            let floor = max(min(pixels, requested.width), Int((Double(requested.width) * fraction).rounded()))
            var step = 1
            while true {
                let width = Int((Double(requested.width) * pow(0.9, Double(step))).rounded())
                step += 1
                guard width >= floor else { break }
                guard width < current.width else { continue }
                var next = current
                next.width = width
                next.height = max(1, Int((Double(width) * Double(requested.height) / Double(requested.width)).rounded()))
                add(next)
            }
        }
        lowerQuality(to: 60)
        lowerRate(to: 15)
        lowerWidth(to: 0.5, atLeast: 320)
        lowerQuality(to: 30)
        lowerRate(to: 10)
        lowerWidth(to: 0.25, atLeast: 160)
        return ladder
    }

    /// The model's log-ratio of `candidate`'s size to the requested one's, before calibration;
    /// `distinct(fps)` counts the distinct frames left at a rate.
    func logRatio(_ candidate: ImageEncoding, distinct: (Int) -> Int) -> Double {
        var m = 0.0
        if let q = candidate.quality, let q0 = requested.quality { m += qualitySlope * Double(q - q0) }
        if candidate.fps != requested.fps {
            m += 0.75 * log(Double(max(1, distinct(candidate.fps))) / Double(max(1, distinct(requested.fps))))
        }
        if candidate.width != requested.width {
            m += widthExponent * log(Double(candidate.width) / Double(requested.width))
        }
        return m
    }

    /// The first candidate after `after` (or from the start) whose predicted size is at most
    /// `target`, else the last.
    func choose(below target: Double, first size: Int, gamma: Double, from start: Int,
                distinct: (Int) -> Int) -> Int {
        for i in start..<ladder.count where log(Double(size)) + gamma * logRatio(ladder[i], distinct: distinct) <= log(target) {
            return i
        }
        return ladder.count - 1
    }

    /// `candidate` with the highest quality up to the requested one (in steps of 5) predicted
    /// at most `target`, or nil when none above its own is: once the rate or the width had to
    /// give way, the bytes it freed may buy some quality back.
    func raised(_ candidate: ImageEncoding, below target: Double, first size: Int, gamma: Double,
                distinct: (Int) -> Int) -> ImageEncoding? {
        guard let q = candidate.quality, let top = requested.quality, q < top else { return nil }
        for quality in Swift.stride(from: top, to: q, by: -5) {
            var raised = candidate
            raised.quality = quality
            if log(Double(size)) + gamma * logRatio(raised, distinct: distinct) <= log(target) { return raised }
        }
        return nil
    }

    /// γ from a measured candidate: how the true log-ratio compares with the model's.
    func gamma(_ candidate: ImageEncoding, size: Int, first: Int, distinct: (Int) -> Int) -> Double {
        let m = logRatio(candidate, distinct: distinct)
        guard m < -1e-9 else { return 1 }
        let measured = log(Double(size) / Double(first)) / m
        return measured.isFinite ? min(4, max(0.1, measured)) : 1
    }
}
