import PageReelEncode

/// The GIF output's settings, kept apart from the exporter's wiring.
extension Exporter {
    /// A GIF writer for `path`. Its background work polls `cancellation` itself, so a signal
    /// stops it within milliseconds in whatever phase it is, not only between frames.
    func makeGIFWriter(path: String, width: Int, height: Int, fps: Int,
                       cancellation: Cancellation?) throws(EncodeError) -> sending GIFWriter {
        try GIFWriter(path: path, options: GIFOptions(width: width, height: height, fps: fps, loop: options.loop),
                      shouldStop: { cancellation?.signal != nil })
    }
}
