import PageReelMedia

/// The runs of identical frames an animated image writer keeps once (GIF, WebP): the last
/// distinct frame, the frame indices it covers so far, and how many frames had been written by
/// its last one; checks each frame's size and order on the way.
struct FrameRuns {
    /// One distinct frame and the indices it covers (a gap after it continues it).
    struct Run {
        var pixels: [UInt32]
        var indices: Range<Int>
        /// Frames written up to its last one.
        var written: Int
    }

    let path: String
    let width: Int, height: Int
    private var latest: Run?
    /// Frames written so far.
    private(set) var written = 0

    init(path: String, width: Int, height: Int) {
        (self.path, self.width, self.height) = (path, width, height)
    }

    /// Adds frame `index`; returns the run it ends (the previous distinct frame, up to `index`)
    /// when it differs from it.
    mutating func add(_ frame: Pixmap, index: Int) throws(EncodeError) -> Run? {
        guard frame.width == width, frame.height == height else {
            throw .frameSize(path: path, index: index, width: frame.width, height: frame.height,
                             expectedWidth: width, expectedHeight: height)
        }
        if let latest, index < latest.indices.upperBound {
            throw .frameOrder(path: path, index: index, previous: latest.indices.upperBound - 1)
        }
        written += 1
        if let last = latest, frame.hasSameOpaquePixels(as: last.pixels) {
            latest!.indices = last.indices.lowerBound..<index + 1
            latest!.written = written
            return nil
        }
        var ended = latest
        if let start = ended?.indices.lowerBound { ended?.indices = start..<index }
        latest = Run(pixels: frame.opaqueWords(), indices: index..<index + 1, written: written)
        return ended
    }

    /// The last run, at the end (`.noFrames` when nothing was written); nothing is kept after it.
    mutating func last() throws(EncodeError) -> Run {
        guard let last = latest.take() else { throw .noFrames(path: path) }
        return last
    }
}
