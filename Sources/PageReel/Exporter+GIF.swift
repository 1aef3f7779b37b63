import PageReelEncode

/// The GIF output's settings, kept apart from the exporter's wiring.
extension Exporter {
    /// The GIF's frame rate: `ExportOptions.gifFPS`, else the video's up to 50 fps.
    ///
    /// Above 50 fps some GIF frames would last under 2 cs, which browsers stretch to 10 cs; merged
    /// into their neighbours instead, a 60 fps video's frames would alternate 2 and 3 cs, a judder.
    /// At 50 fps every frame lasts exactly 2 cs and shows its own instant (the timeline is
    /// resampled, not the video's frames picked), so motion stays even and the GIF as smooth as
    /// GIFs play. A divisor of the video's rate would let the GIF reuse the video's render, but
    /// there is no good one for every rate (60 → 30 halves the smoothness, 75 → 25, a prime rate
    /// → 1), so the GIF is rendered on its own at 50, as any other GIF rate is.
    public var gifFPS: Int { options.gifFPS ?? min(fps, ExportOptions.maximumDefaultGIFFPS) }

    /// A GIF writer for `path`. Its background work polls `cancellation` itself, so a signal
    /// stops it within milliseconds in whatever phase it is, not only between frames.
    func makeGIFWriter(path: String, width: Int, height: Int, fps: Int,
                       cancellation: Cancellation?) throws(EncodeError) -> sending GIFWriter {
        try GIFWriter(path: path,
                      options: GIFOptions(width: width, height: height, fps: fps, loop: options.loop,
                                          quality: options.gifQuality),
                      shouldStop: { cancellation?.signal != nil })
    }
}
