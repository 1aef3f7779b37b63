/// Turns frame-index runs into GIF frames with centisecond delays that add up exactly.
///
/// GIF delays are whole centiseconds, and 30 fps is 3.33 cs a frame: rounding each delay alone
/// drifts (30 × 3 cs = 0.9 s for one second). Instead every frame starts at its exact time rounded,
/// `round(100·k/fps)` cs, and its delay is the gap to the next start, so 30 fps gives 3, 4, 3, 3, 4, …
/// and the total is exact. Browsers play delays below 2 cs as 10 cs, so a frame that would be
/// shorter than 2 cs is merged into its predecessor (at 60 fps: 2, 1, 2 → 2, 3).
struct GIFTiming {
    /// One GIF frame: which input run it shows, when it starts (cs from the first frame) and for
    /// how long.
    struct Frame: Equatable {
        var run: Int
        var start: Int
        var delay: Int
    }

    /// The same decisions one run at a time, as runs end: the GIF writer hands a frame to its
    /// quantizers as soon as the next distinct frame has arrived, long before the last one.
    /// A run's fate depends only on its own length and on the frame shown before it, so nothing
    /// decided here changes later; only the last frame's delay grows until `end`.
    struct Schedule {
        let fps: Int
        /// The first run's start, in cs of the whole video: the GIF's time zero.
        private var origin: Int?
        /// The start of the last frame shown and the end of the last run, in cs from time zero.
        private var lastStart: Int?
        private(set) var end = 0

        init(fps: Int) { self.fps = fps }

        /// Adds the next run (frame indices, after the previous run); returns its start in cs if it
        /// becomes a new GIF frame, nil if it is merged into the frame before.
        mutating func add(_ run: Range<Int>) -> Int? {
            let origin = self.origin ?? centiseconds(run.lowerBound, fps: fps)
            self.origin = origin
            let start = centiseconds(run.lowerBound, fps: fps) - origin
            let runEnd = centiseconds(run.upperBound, fps: fps) - origin
            defer { end = runEnd }
            if let lastStart, runEnd - start < minimumDelay || end - lastStart < minimumDelay { return nil }
            lastStart = start
            return start
        }
    }

    /// Browsers (and most viewers) replace delays below this by 10 cs.
    static let minimumDelay = 2

    /// The start of frame `index` in centiseconds: round(100·index/fps), halves rounded up.
    static func centiseconds(_ index: Int, fps: Int) -> Int {
        (200 * index + fps) / (2 * fps)
    }

    /// GIF frames for `runs` (each a half-open range of frame indices showing one distinct image,
    /// in order; a gap between runs extends the earlier run).
    static func frames(runs: [Range<Int>], fps: Int) -> [Frame] {
        var schedule = Schedule(fps: fps)
        var result: [Frame] = []
        result.reserveCapacity(runs.count)
        for (i, run) in runs.enumerated() {
            if let start = schedule.add(run) {
                if let last = result.indices.last { result[last].delay = start - result[last].start }
                result.append(Frame(run: i, start: start, delay: 0))
            }
            result[result.count - 1].delay = schedule.end - result[result.count - 1].start
        }
        return result
    }
}
