/// How to split a video into shards that machines render in parallel (`pagereel plan`): contiguous
/// frame ranges that cover every frame once, their lengths differing by at most one frame.
///
/// Render each range with `ExportOptions.frames` (`export --frames A-B`) and the same settings,
/// then join the MP4s with `ShardJoiner` (`concat`) in any order. A video of fewer frames than
/// shards asked for gets one shard per frame rather than empty ones, so a CI matrix made from the
/// plan never has a job with nothing to render; `requested` keeps the number asked for.
public struct ShardPlan: Sendable, Equatable, Encodable {
    /// Frames in the whole video.
    public let frameCount: Int
    /// The ranges, in frame order.
    public let shards: [ClosedRange<Int>]
    /// The number of shards asked for: more than `shards.count` when the video is that short.
    public let requested: Int

    /// The plan for `project` exported with `options` (its frame rate decides the frame count;
    /// its size and outputs are checked as an export would check them, `frames` is ignored).
    /// `.usage` for fewer than one shard or options an export would refuse.
    public init(project: Project, options: ExportOptions = ExportOptions(), shards: Int) throws(PageReelError) {
        var options = options
        options.frames = nil
        let exporter = try Exporter(project: project, options: options)
        try self.init(frameCount: exporter.frameCount, shards: shards)
    }

    /// `shards` ranges over `frameCount` frames: the first `frameCount % shards` one frame longer.
    public init(frameCount: Int, shards: Int) throws(PageReelError) {
        guard shards >= 1 else { throw .usage("--shards: expected at least 1 shard, got \(shards)") }
        guard frameCount >= 1 else { throw .usage("the video has no frames to split") }
        let count = min(shards, frameCount)
        let (length, longer) = frameCount.quotientAndRemainder(dividingBy: count)
        var ranges: [ClosedRange<Int>] = []
        var first = 0
        for k in 0..<count {
            let end = first + length + (k < longer ? 1 : 0)
            ranges.append(first...(end - 1))
            first = end
        }
        self.frameCount = frameCount
        self.shards = ranges
        self.requested = shards
    }

    /// The ranges as `export --frames` takes them: `0-299`.
    public var frameArguments: [String] { shards.map { "\($0.lowerBound)-\($0.upperBound)" } }

    private enum CodingKeys: String, CodingKey {
        case frames, shards
    }

    /// `{"frames":900,"shards":["0-299","300-599","600-899"]}` (with sorted keys): the frame
    /// count and the ranges as `--frames` takes them, for a CI matrix.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(frameCount, forKey: .frames)
        try container.encode(frameArguments, forKey: .shards)
    }
}
