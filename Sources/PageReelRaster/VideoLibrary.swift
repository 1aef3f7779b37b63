import PageReelDeck
import PageReelMedia
import PageReelScene

/// The recordings a deck names: each opened once and kept open (its frame index read, its decoder
/// positioned), and the frames shown lately kept as textures, both in bounded caches so a deck of
/// many long recordings stays within a fixed memory.
public final class VideoLibrary: Sendable {
    /// Where recordings may come from.
    public let inputs: InputRoots
    private let clips: LRUCache<String, VideoClip>
    private let frames: LRUCache<FrameKey, Texture>

    private struct FrameKey: Hashable {
        var path: String
        var index: Int
        var reduction: Int
    }

    /// Open recordings are bounded by `openClips`, their decoded frames by `frameBudget` bytes.
    public init(inputs: InputRoots = .anywhere(), openClips: Int = 8, frameBudget: Int = 64 << 20) {
        self.inputs = inputs
        clips = LRUCache(budget: openClips)
        frames = LRUCache(budget: frameBudget)
    }

    /// The recording at an absolute path, opened once even when render threads ask at once.
    public func clip(_ path: String) throws(RasterError) -> VideoClip {
        try clips.value(for: path) { () throws(RasterError) in
            (try RasterError.decoding { () throws(MediaError) in try VideoClip(file: inputs.open(path), maxPixels: ImageDecoder.maxPixels) }, 1)
        }
    }

    /// Source frame `index` of the recording at `path`, upright and in sRGB, ready to draw: reduced
    /// by the largest power of two that keeps it at least the size it is drawn at, `drawn` (its
    /// width and height in output pixels; nil: full size), so a 1080×1920 recording on a 390 px
    /// wide page is converted, and its mip levels made, at 540×960.
    public func frame(_ index: Int, of path: String, drawn: (width: Double, height: Double)? = nil) throws(RasterError) -> Texture {
        let clip = try clip(path)
        let reduction = drawn.map { Self.reduction(width: clip.width, height: clip.height, drawn: $0) } ?? 1
        return try frames.value(for: FrameKey(path: path, index: index, reduction: reduction)) { () throws(RasterError) in
            let picture = try RasterError.decoding { () throws(MediaError) in try clip.frame(index, reduction: reduction) }
            let texture = Texture(picture)
            return (texture, texture.texels.count * 4)
        }
    }

    /// The largest power of two (at most 16) by which a `width`×`height` picture can be divided
    /// and still be at least `drawn` on both axes.
    static func reduction(width: Int, height: Int, drawn: (width: Double, height: Double)) -> Int {
        let limit = min(Double(width) / drawn.width, Double(height) / drawn.height)
        var reduction = 1
        while reduction < 16, Double(reduction * 2) <= limit { reduction *= 2 }
        return reduction
    }

    /// The source frame each of `page`'s recordings shows at `clock`, in `page.videos` order.
    func sourceFrames(of page: Page, at clock: PageClock, resolve: (String) -> String) throws(RasterError) -> [Int] {
        var indices: [Int] = []
        for video in page.videos {
            let clip = try clip(resolve(video.file))
            let elapsed = video.elapsed(at: clock.time, appeared: clock.appeared)
            indices.append(clip.frameIndex(at: video.fileTime(elapsed: elapsed, duration: clip.duration)))
        }
        return indices
    }
}
