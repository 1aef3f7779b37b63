import Glibc
import PageReelMedia

/// An animated image (GIF, WebP, APNG) that must fit in `budget` bytes, with the best quality
/// that fits.
///
/// While frames arrive they go to the requested encoder, as they would without a budget, and
/// into a `FrameStore`. When that file fits, it is the output, byte for byte what it would be
/// without the budget. Otherwise `ImageBudget` picks lower settings and the stored frames are
/// encoded again, at most twice more, subsampled to a lower rate and scaled to a lower width
/// where it says so; the best encode that fits is renamed over `path`. When none fits the output
/// is refused (`.overBudget`), naming the smallest size reached.
public final class BudgetedImageSink: FrameSink {
    /// Makes an encoder for `path` with an encoding.
    public typealias Make = (String, ImageEncoding) throws(EncodeError) -> FrameSink

    public let path: String
    public let budget: ByteSize
    private let plan: ImageBudget
    private let make: Make
    private let store: FrameStore
    private var first: FrameSink?
    private var isFinished = false
    /// What was chosen, once `finish` has fitted the image.
    public private(set) var fit: BudgetFit?

    /// `first` is the encoder of the requested encoding, already writing `path`.
    public init(path: String, budget: ByteSize, format: ImageBudget.Format, requested: ImageEncoding,
                first: FrameSink, make: @escaping Make) {
        self.path = path
        self.budget = budget
        self.make = make
        self.first = first
        plan = ImageBudget(format: format, requested: requested)
        store = FrameStore(width: requested.width, height: requested.height, spillPath: path + ".frames")
    }

    public var backlog: Int { first?.backlog ?? 0 }

    public func write(_ frame: Pixmap, index: Int) throws(EncodeError) {
        try write(frame, index: index, repeatsPrevious: false)
    }

    public func write(_ frame: Pixmap, index: Int, repeatsPrevious: Bool) throws(EncodeError) {
        guard let first, !isFinished else { throw .finished(path: path) }
        try first.write(frame, index: index, repeatsPrevious: repeatsPrevious)
        try store.add(frame, index: index, repeatsPrevious: repeatsPrevious)
    }

    public func finish() throws(EncodeError) { try finish(progress: { _ in }) }

    public func finish(progress: (Int) -> Void) throws(EncodeError) {
        guard let sink = first.take(), !isFinished else { throw .finished(path: path) }
        isFinished = true
        try sink.finish { progress(max(1, $0)) }
        let s0 = try Self.size(of: path)
        var best: (encoding: ImageEncoding, size: Int, path: String)? = s0 <= budget.bytes ? (plan.requested, s0, path) : nil
        var encodes = 1
        var smallest = (size: s0, encoding: plan.requested)
        var candidates: [String] = []
        defer {
            for candidate in candidates where candidate != best?.path { unlink(candidate) }
            store.discard()
        }
        let distinct = distinctCounter()
        if best == nil {
            let b = Double(budget.bytes)
            var gamma = 1.0
            var next: ImageEncoding? = plan.ladder[plan.choose(below: 0.92 * b, first: s0, gamma: gamma, from: 1,
                                                               distinct: distinct)]
            var tried: [ImageEncoding] = [plan.requested]
            while encodes < 3, let encoding = next, !tried.contains(encoding) {
                tried.append(encoding)
                next = nil
                let candidate = path + ".budget-\(encodes)"
                candidates.append(candidate)
                let size = try encode(encoding, to: candidate)
                encodes += 1
                if size < smallest.size { smallest = (size, encoding) }
                gamma = plan.gamma(encoding, size: size, first: s0, distinct: distinct)
                if size <= budget.bytes {
                    if best == nil || Self.better(encoding, than: best!.encoding) { best = (encoding, size, candidate) }
                    // Much of the budget left: buy back quality at this rate and width, or else
                    // step back along the ladder.
                    guard size < Int(0.8 * b) else { break }
                    next = plan.raised(encoding, below: 0.95 * b, first: s0, gamma: gamma, distinct: distinct)
                    if next == nil, let i = plan.ladder.firstIndex(of: encoding), i > 1 {
                        let back = plan.choose(below: 0.95 * b, first: s0, gamma: gamma, from: 1, distinct: distinct)
                        if back < i { next = plan.ladder[back] }
                    }
                } else if best == nil, let i = plan.ladder.firstIndex(of: encoding), i < plan.ladder.count - 1 {
                    // Missed: γ now holds the measured slope, so a near miss needs only a
                    // small step; a wide one gets more room.
                    let margin = Double(size) <= 1.2 * b ? 0.92 : 0.85
                    next = plan.ladder[plan.choose(below: margin * b, first: s0, gamma: gamma, from: i + 1, distinct: distinct)]
                }
            }
        }
        guard let best else {
            throw .overBudget(path: path, budget: budget.description,
                              smallest: "\(ByteSize(bytes: smallest.size)) (\(smallest.encoding))")
        }
        if best.path != path {
            guard rename(best.path, path) == 0 else { throw .posix(errno, path: path, call: "rename", creating: false) }
        }
        fit = BudgetFit(budget: budget.bytes, bytes: best.size, requested: plan.requested, chosen: best.encoding,
                        encodes: encodes)
        progress(0)
    }

    /// Encodes the stored frames with `encoding` into `candidate`; returns its size.
    private func encode(_ encoding: ImageEncoding, to candidate: String) throws(EncodeError) -> Int {
        guard let range = store.indices else { throw .noFrames(path: path) }
        let sink = try make(candidate, encoding)
        let k = plan.requested.fps / encoding.fps
        let scaler = encoding.width == plan.requested.width ? nil
            : try FrameScaler(from: store.width, store.height, to: encoding.width, encoding.height, path: path)
        var last: (number: Int, frame: Pixmap)?
        for j in Self.indices(range, every: k) {
            let number = store.number(at: j * k)
            if let last, last.number == number {
                try sink.write(last.frame, index: j, repeatsPrevious: true)
                continue
            }
            let stored = try store.frame(at: j * k).pixmap
            let frame = scaler?.scale(stored) ?? stored
            try sink.write(frame, index: j, repeatsPrevious: false)
            last = (number, frame)
        }
        try sink.finish()
        return try Self.size(of: candidate)
    }

    /// The distinct frames left at each rate (memoized).
    private func distinctCounter() -> (Int) -> Int {
        var counts: [Int: Int] = [:]
        return { [store, plan] fps in
            if let count = counts[fps] { return count }
            guard let range = store.indices, fps > 0 else { return 1 }
            let k = max(1, plan.requested.fps / fps)
            var count = 0, previous = -1
            for j in Self.indices(range, every: k) {
                let number = store.number(at: j * k)
                if number != previous { count += 1 }
                previous = number
            }
            counts[fps] = count
            return count
        }
    }

    /// Whether `a` keeps more than `b`: a higher rate, then a larger width, then a higher quality.
    static func better(_ a: ImageEncoding, than b: ImageEncoding) -> Bool {
        (a.fps, a.width, a.quality ?? 0) > (b.fps, b.width, b.quality ?? 0)
    }

    /// The frame indices at 1/k of the rate whose frames fall in `range` (at least one).
    static func indices(_ range: Range<Int>, every k: Int) -> ClosedRange<Int> {
        let first = (range.lowerBound + k - 1) / k
        return first...max(first, (range.upperBound - 1) / k)
    }

    static func size(of path: String) throws(EncodeError) -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .posix(errno, path: path, call: "stat", creating: false) }
        return Int(info.st_size)
    }
}
