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

    /// Browsers (and most viewers) replace delays below this by 10 cs.
    static let minimumDelay = 2

    /// The start of frame `index` in centiseconds: round(100·index/fps), halves rounded up.
    static func centiseconds(_ index: Int, fps: Int) -> Int {
        (200 * index + fps) / (2 * fps)
    }

    /// GIF frames for `runs` (each a half-open range of frame indices showing one distinct image,
    /// in order; a gap between runs extends the earlier run).
    static func frames(runs: [Range<Int>], fps: Int) -> [Frame] {
        guard let first = runs.first else { return [] }
        let origin = centiseconds(first.lowerBound, fps: fps)
        var result: [Frame] = []
        result.reserveCapacity(runs.count)
        for (i, run) in runs.enumerated() {
            let start = centiseconds(run.lowerBound, fps: fps) - origin
            let end = centiseconds(run.upperBound, fps: fps) - origin
            if let last = result.last, end - start < minimumDelay || last.delay < minimumDelay {
                result[result.count - 1].delay = end - last.start
            } else {
                if !result.isEmpty { result[result.count - 1].delay = start - result[result.count - 1].start }
                result.append(Frame(run: i, start: start, delay: end - start))
            }
        }
        return result
    }
}
