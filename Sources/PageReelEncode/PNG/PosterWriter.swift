import PageReelMedia

/// A `.png` output of `export`: the first frame rendered, as a poster image.
public final class PosterWriter: FrameSink {
    public let path: String
    private var poster: Pixmap?

    public init(path: String) { self.path = path }

    public func write(_ frame: Pixmap, index: Int) throws(EncodeError) {
        if poster == nil { poster = frame }
    }

    public func finish() throws(EncodeError) {
        guard let poster else { throw .noFrames(path: path) }
        try PNGFile.write(poster, to: path)
    }
}
