import PageReelEncode
import PageReelRaster

/// A `.png` output of `export`: the first frame rendered, as a poster image.
final class PosterWriter: FrameSink {
    let path: String
    private var poster: Pixmap?

    init(path: String) { self.path = path }

    func write(_ frame: Pixmap, index: Int) throws(EncodeError) {
        if poster == nil { poster = frame }
    }

    func finish() throws(EncodeError) {
        guard let poster else { throw .noFrames(path: path) }
        do {
            try PNGWriter.write(poster, to: path)
        } catch {
            throw .writeFailed(path: path, call: "png_image_write_to_memory", message: error.description)
        }
    }
}
