import Dispatch
import Foundation
import PageReelMedia
import Synchronization

/// `pagereel diff OLD NEW`: two videos (or decks) compared at the same instants, after decoding.
///
/// The instants are the frames of the side with the longer frame interval (a GIF at 15 fps is
/// compared with its MP4 at 30 fps at the GIF's frames), with a frame every interval through
/// frames that stay longer (a GIF's rests are one frame) and through the end of the longer side;
/// `--fps` sets them instead. Each side shows the frame that holds the instant, within a
/// centisecond (GIF delays are whole centiseconds). Frames are decoded on two threads and compared
/// as they arrive; only the pair that changed most in the current range is kept, for the report.
public struct VideoDiff: Sendable {
    /// CIEDE2000 past which a pixel has changed.
    public var threshold: Double = VideoDiff.defaultThreshold
    /// The instants per second (and the rate of a frames folder, and the rate decks render at).
    public var fps: Int?
    /// Folders a deck may read files from, besides its own.
    public var allowing: [String] = []

    /// Changed instants at most this many unchanged ones apart make one range.
    public static let maxGap = 2

    /// The longest video compared (an hour: what a stream's timestamps claim beyond it is refused
    /// before any frame is decoded).
    public static let maxDuration = 3600.0

    /// The default threshold: see BENCHMARKS.md "diff" for how it was chosen.
    public static let defaultThreshold = 16.0

    public init() {}

    /// A run of consecutive changed instants.
    public struct ChangedRange: Sendable, Codable, Equatable {
        public var from: Int
        public var to: Int
        public var fromTime: Double
        public var toTime: Double
        /// The largest share of the picture changed in one frame of the range.
        public var maxChanged: Double
        /// The changed blocks of all its frames: x, y, width, height (pixels of OLD).
        public var box: [Int]
        /// Where the most changed frame changed most (its changed pixels' centre), and that frame.
        public var around: [Int]
        public var mostChanged: Int
        /// Why, when it is not the pictures: "only in OLD", "only in NEW", "sizes differ".
        public var note: String?
    }

    /// What `run` found.
    public struct Result: Sendable, Codable, Equatable {
        public var same: Bool
        public var frames: Int
        public var changed: [ChangedRange]
        /// Each side's size and length.
        public var old: Side
        public var new: Side

        public struct Side: Sendable, Codable, Equatable {
            public var path: String
            public var width: Int
            public var height: Int
            public var frames: Int
            public var duration: Double
        }
    }

    /// Receives, as the comparison goes, each changed instant's pictures (for an animated report)
    /// and, as each range ends, the pair that changed most in it with the changed pixels marked.
    public protocol Observer: AnyObject {
        /// Before the first frame: both sides, and the time between two instants.
        func begin(old: Result.Side, new: Result.Side, interval: Double) throws(PageReelError)
        func changedFrame(index: Int, time: Double, old: Pixmap?, new: Pixmap?, mask: [UInt8]?) throws(PageReelError)
        func rangeEnded(_ range: ChangedRange, old: Pixmap?, new: Pixmap?, mask: [UInt8]?) throws(PageReelError)
    }

    /// Compares OLD and NEW.
    public func run(old oldPath: String, new newPath: String, observer: Observer? = nil,
                    cancellation: Cancellation? = nil) throws(PageReelError) -> Result {
        if let fps, !(1...120).contains(fps) { throw .usage("--fps: \(fps) is outside 1…120") }
        let old = try DiffInput(path: oldPath, fps: fps, allowing: allowing)
        let new = try DiffInput(path: newPath, fps: fps, allowing: allowing)
        for input in [old, new] where input.duration > Self.maxDuration {
            throw .inputInvalid(path: input.path, message: String(format: "%.0f s long; diff compares up to %.0f s",
                                                                  input.duration, Self.maxDuration))
        }
        let (instants, tolerance) = Self.instants(old, new, fps: fps)
        func side(_ input: DiffInput) -> Result.Side {
            Result.Side(path: input.path, width: input.width, height: input.height, frames: input.frameTimes.count,
                        duration: input.duration)
        }
        let interval = fps.map { 1 / Double($0) } ?? max(Self.nominalInterval(old), Self.nominalInterval(new))
        try observer?.begin(old: side(old), new: side(new), interval: interval)
        let sameSize = old.width == new.width && old.height == new.height
        let comparison = FrameComparison(threshold: threshold)
        var ranges: [ChangedRange] = []
        var current: ChangedRange?
        var kept: (old: Pixmap?, new: Pixmap?, mask: [UInt8]?, fraction: Double) = (nil, nil, nil, -1)
        var shown: (old: Int?, new: Int?) = (nil, nil)
        var pictures: (old: VideoPicture?, new: VideoPicture?) = (nil, nil)
        // The pictures shown as RGBA, for the observer: converted once, when first asked for.
        var converted: (old: Pixmap?, new: Pixmap?)?
        func shownPixmaps() -> (old: Pixmap?, new: Pixmap?) {
            if let converted { return converted }
            let made = (old: pictures.old?.pixmap(), new: pictures.new?.pixmap())
            converted = made
            return made
        }
        var last: (result: FrameComparison.Result, mask: [UInt8]?)?
        var positions = (old: 0, new: 0)

        func end() throws(PageReelError) {
            guard let range = current else { return }
            ranges.append(range)
            try observer?.rangeEnded(range, old: kept.old, new: kept.new, mask: kept.mask)
            current = nil
            kept = (nil, nil, nil, -1)
        }

        // Which frame each side shows at each instant, and where a side's frame is new: the
        // frames to decode, in order. The next ones are decoded while this pair is compared.
        var plan: [(old: Int?, new: Int?)] = []
        for time in instants {
            let ko = old.frame(at: time, tolerance: tolerance, from: positions.old)
            let kn = new.frame(at: time, tolerance: tolerance, from: positions.new)
            if let ko { positions.old = ko }
            if let kn { positions.new = kn }
            plan.append((ko, kn))
        }
        var wanted: [(n: Int, old: Int?, new: Int?)] = []
        var previous: (old: Int?, new: Int?) = (nil, nil)
        for (n, step) in plan.enumerated() {
            let needOld = step.old != nil && step.old != previous.old, needNew = step.new != nil && step.new != previous.new
            if needOld || needNew { wanted.append((n, needOld ? step.old : nil, needNew ? step.new : nil)) }
            previous = step
        }
        let decoder = Prefetcher(old: old, new: new, wanted: wanted)

        for (n, time) in instants.enumerated() {
            if let signal = cancellation?.signal { throw .interrupted(signal: signal) }
            let (ko, kn) = plan[n]
            if let decoded = try decoder.frames(for: n) {
                if let picture = decoded.old { pictures.old = picture }
                if let picture = decoded.new { pictures.new = picture }
            }
            if ko == nil { pictures.old = nil }
            if kn == nil { pictures.new = nil }
            if ko != shown.old || kn != shown.new { converted = nil }
            let repeated = ko == shown.old && kn == shown.new && last != nil
            shown = (ko, kn)
            let note: String? = ko == nil ? "only in NEW" : kn == nil ? "only in OLD" : sameSize ? nil : "sizes differ"
            let outcome: (result: FrameComparison.Result, mask: [UInt8]?)
            if repeated, let last {
                outcome = last
            } else if note != nil {
                outcome = (.all(width: old.width, height: old.height), nil)
            } else {
                // The changed pixels are marked only for a report.
                if observer != nil {
                    var mask = [UInt8](repeating: 0, count: old.width * old.height)
                    let result = mask.withUnsafeMutableBufferPointer { comparison.compare(pictures.old!, pictures.new!, mask: $0) }
                    outcome = (result, result.changed ? mask : nil)
                } else {
                    outcome = (comparison.compare(pictures.old!, pictures.new!), nil)
                }
            }
            last = outcome
            let result = outcome.result
            guard result.changed else {
                // A range goes on over a short gap (a caption fading through the threshold).
                if let range = current, n - range.to > Self.maxGap { try end() }
                continue
            }
            let box = result.box.map { [$0.x, $0.y, $0.width, $0.height] } ?? [0, 0, old.width, old.height]
            let centre = result.centre.map { [Int($0.x.rounded(.down)), Int($0.y.rounded(.down))] } ?? [0, 0]
            if var range = current, range.note == note, n - range.to <= Self.maxGap + 1 {
                range.to = n
                range.toTime = time
                range.box = Self.union(range.box, box)
                if result.fraction > range.maxChanged {
                    range.maxChanged = result.fraction
                    range.around = centre
                    range.mostChanged = n
                }
                current = range
            } else {
                try end()
                current = ChangedRange(from: n, to: n, fromTime: time, toTime: time, maxChanged: result.fraction,
                                       box: box, around: centre, mostChanged: n, note: note)
            }
            guard let observer else { continue }
            let shownNow = shownPixmaps()
            if result.fraction > kept.fraction {
                kept = (shownNow.old, shownNow.new, outcome.mask, result.fraction)
            }
            try observer.changedFrame(index: n, time: time, old: shownNow.old, new: shownNow.new, mask: outcome.mask)
        }
        try end()
        return Result(same: ranges.isEmpty, frames: instants.count, changed: ranges, old: side(old), new: side(new))
    }

    /// Decodes the frames a comparison needs, each side in order on a thread of its own, up to
    /// `depth` frames ahead of the comparison, so that neither the decoders wait for the comparison
    /// of a pair nor the comparison for the decoders while the other side's frame is still coming.
    private final class Prefetcher: @unchecked Sendable {
        private let sides: [Side]

        /// Frames decoded ahead on each side: enough to even out what a frame takes to decode (a
        /// key frame, several times a predicted one) against what it takes to compare (a changed
        /// frame, several times an unchanged one), within `bytesAhead` of pictures a side.
        static let depth = 8
        static let bytesAhead = 64 << 20

        init(old: DiffInput, new: DiffInput, wanted: [(n: Int, old: Int?, new: Int?)]) {
            let depth = max(1, min(Self.depth, Self.bytesAhead / max(1, 4 * old.width * old.height, 4 * new.width * new.height)))
            sides = [Side(input: old, jobs: wanted.compactMap { job in job.old.map { (job.n, $0) } }, depth: depth),
                     Side(input: new, jobs: wanted.compactMap { job in job.new.map { (job.n, $0) } }, depth: depth)]
        }

        deinit { for side in sides { side.stop() } }

        /// The pictures that become new at instant `n` (nil when neither does).
        func frames(for n: Int) throws(PageReelError) -> (old: VideoPicture?, new: VideoPicture?)? {
            let old = try sides[0].picture(for: n), new = try sides[1].picture(for: n)
            return old == nil && new == nil ? nil : (old, new)
        }

        /// One side's frames, decoded in order by its own thread, at most `depth` ahead of those taken.
        private final class Side: @unchecked Sendable {
            private let input: DiffInput
            private let jobs: [(n: Int, k: Int)]
            private let depth: Int
            /// Guards everything below; signalled whenever any of it changes.
            private let condition = NSCondition()
            private var results: [Int: Swift.Result<VideoPicture, PageReelError>] = [:]
            /// Jobs the comparison has taken; whether it has stopped the thread; whether that runs.
            private var taken = 0
            private var stopped = false
            private var running: Bool

            init(input: DiffInput, jobs: [(n: Int, k: Int)], depth: Int) {
                (self.input, self.jobs, self.depth) = (input, jobs, depth)
                running = !jobs.isEmpty
                guard running else { return }
                let thread = Thread { [self] in decode() }
                thread.stackSize = 1 << 22
                thread.start()
            }

            private func decode() {
                for (i, job) in jobs.enumerated() {
                    condition.lock()
                    while !stopped, i - taken >= depth { condition.wait() }
                    let stop = stopped
                    condition.unlock()
                    if stop { break }
                    nonisolated(unsafe) let input = input
                    let outcome = Swift.Result { () throws(PageReelError) -> VideoPicture in try input.frame(job.k) }
                    condition.lock()
                    results[i] = outcome
                    condition.broadcast()
                    condition.unlock()
                    if case .failure = outcome { break }
                }
                condition.lock()
                running = false
                condition.broadcast()
                condition.unlock()
            }

            /// This side's picture for instant `n`, when it has a new one there.
            func picture(for n: Int) throws(PageReelError) -> VideoPicture? {
                guard taken < jobs.count, jobs[taken].n == n else { return nil }
                condition.lock()
                while results[taken] == nil, running { condition.wait() }
                let outcome = results.removeValue(forKey: taken)
                taken += 1
                condition.broadcast()
                condition.unlock()
                switch outcome {
                case .success(let picture): return picture
                case .failure(let error): throw error
                // The thread ended at an earlier failure, which the comparison has thrown.
                case nil: return nil
                }
            }

            /// Stops the thread after the frame it is decoding, and waits for it.
            func stop() {
                condition.lock()
                stopped = true
                condition.broadcast()
                while running { condition.wait() }
                condition.unlock()
            }
        }
    }

    /// The instants compared and the tolerance of a frame's start (see the type's note).
    static func instants(_ old: DiffInput, _ new: DiffInput, fps: Int?) -> (times: [Double], tolerance: Double) {
        let end = max(old.duration, new.duration)
        if let fps {
            let step = 1 / Double(fps)
            let count = max(1, Int((end * Double(fps) - 1e-6).rounded(.up)))
            return ((0..<count).map { Double($0) * step }, min(0.010, 0.45 * step))
        }
        let (io, inew) = (nominalInterval(old), nominalInterval(new))
        let coarse = io >= inew ? old : new
        let step = max(io, inew)
        var times: [Double] = []
        let starts = coarse.frameTimes
        for (k, start) in starts.enumerated() {
            let next = k + 1 < starts.count ? starts[k + 1] : end
            var t = start
            repeat {
                times.append(t)
                t += step
            } while t < next - step / 2
        }
        return (times, min(0.010, 0.45 * min(io, inew)))
    }

    /// A side's frame interval: the shortest between two frames (frames that stay longer are
    /// rests kept once), at least a millisecond; its length for a single frame.
    static func nominalInterval(_ input: DiffInput) -> Double {
        let times = input.frameTimes
        var shortest = Double.infinity
        for k in times.indices.dropFirst() { shortest = min(shortest, times[k] - times[k - 1]) }
        if times.count > 1, input.duration - times[times.count - 1] > 0 {
            shortest = min(shortest, input.duration - times[times.count - 1])
        }
        return max(0.001, shortest.isFinite ? shortest : input.duration)
    }

    private static func union(_ a: [Int], _ b: [Int]) -> [Int] {
        let x0 = min(a[0], b[0]), y0 = min(a[1], b[1])
        let x1 = max(a[0] + a[2], b[0] + b[2]), y1 = max(a[1] + a[3], b[1] + b[3])
        return [x0, y0, x1 - x0, y1 - y0]
    }
}
