import PageReelScene

/// When each page is drawn for the last time in a run of frames, so that the renderer can let go
/// of pages no later frame draws, and of images no page still to be drawn needs
/// (`FrameRenderer.release(keeping:)`). A long export then holds the pages in view and the ones
/// it comes back to, not every page it has shown, and renders nothing twice for it.
struct PageLifetimes {
    private let source: FrameSource
    /// The pages that the frames from the one about to be rendered on draw.
    private var live: Set<Int>
    /// The pages each frame draws for the last time.
    private var endings: [Int: [Int]] = [:]
    /// The frame up to which `live` is current, once the renderer has been told.
    private var current: Int?

    /// Looks at every frame of `frames` (at their scenes, not their pixels).
    init(source: FrameSource, frames: Range<Int>) {
        self.source = source
        var last: [Int: Int] = [:]
        for frame in frames {
            for key in source.scene(frame: frame).textureKeys { last[key.page] = frame }
        }
        for (page, frame) in last { endings[frame, default: []].append(page) }
        live = Set(last.keys)
    }

    /// Before frame `frame` is rendered (frames in increasing order): tells the renderer which
    /// pages are still to be drawn, the first time and whenever pages have been drawn for the
    /// last time since.
    mutating func willRender(frame: Int) {
        var ended = false
        if let current {
            for past in current..<frame {
                for page in endings.removeValue(forKey: past) ?? [] {
                    live.remove(page)
                    ended = true
                }
            }
        }
        guard current == nil || ended else {
            current = frame
            return
        }
        current = frame
        source.release(keeping: live)
    }
}
