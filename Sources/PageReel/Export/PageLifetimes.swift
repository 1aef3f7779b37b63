import PageReelScene

/// When each page is drawn for the last time in a run of frames, so that the renderer can let go
/// of pages no later frame draws, and of images no page still to be drawn needs
/// (`FrameRenderer.expect(pages:)` and `release(pages:)`). A long export then holds the pages in
/// view and the ones it comes back to, not every page it has shown, and renders nothing twice for it.
struct PageLifetimes {
    private let source: FrameSource
    /// Every page the frames draw, until the renderer has been told.
    private var pages: [Int]?
    /// The pages each frame draws for the last time.
    private var endings: [Int: [Int]] = [:]
    /// The frame last rendered.
    private var current: Int?

    /// Looks at every frame of `frames` (at their scenes, not their pixels).
    init(source: FrameSource, frames: Range<Int>) {
        self.source = source
        var last: [Int: Int] = [:]
        for frame in frames {
            for page in source.scene(frame: frame).drawnPages { last[page] = frame }
        }
        for (page, frame) in last { endings[frame, default: []].append(page) }
        pages = Array(last.keys)
    }

    /// Before frame `frame` is rendered (frames in increasing order): the first time, tells the
    /// renderer every page to come; then which pages have been drawn for the last time since.
    mutating func willRender(frame: Int) {
        if let pages = pages.take() { source.expect(pages: pages) }
        if let current {
            let ended = (current..<frame).flatMap { endings.removeValue(forKey: $0) ?? [] }
            if !ended.isEmpty { source.release(pages: ended) }
        }
        current = frame
    }
}
