import PageReelEncode

/// The animated images' settings (GIF, WebP, APNG), kept apart from the exporter's wiring.
extension Exporter {
    /// The animated images' frame rate: `ExportOptions.gifFPS`, else the video's up to 50 fps.
    ///
    /// Above 50 fps some GIF frames would last under 2 cs, which browsers stretch to 10 cs; merged
    /// into their neighbours instead, a 60 fps video's frames would alternate 2 and 3 cs, a judder.
    /// At 50 fps every frame lasts exactly 2 cs and shows its own instant (the timeline is
    /// resampled, not the video's frames picked), so motion stays even and the GIF as smooth as
    /// GIFs play. A divisor of the video's rate would let the GIF reuse the video's render, but
    /// there is no good one for every rate (60 → 30 halves the smoothness, 75 → 25, a prime rate
    /// → 1), so the GIF is rendered on its own at 50, as any other GIF rate is. WebP and APNG
    /// share the GIF's render: browsers also stretch their frames of 10 ms or less, and a README
    /// animation gains little above 50 fps but bytes.
    public var gifFPS: Int { options.gifFPS ?? min(fps, ExportOptions.maximumDefaultGIFFPS) }

    /// The encoder of an animated image `file`; with `--max-size`, wrapped so it fits. Background
    /// work polls `cancellation` itself, so a signal stops it within milliseconds in whatever
    /// phase it is, not only between frames.
    func makeImageSink(_ file: OutputFile, width: Int, height: Int, fps: Int,
                       cancellation: Cancellation?) throws(EncodeError) -> sending FrameSink {
        let format = file.output.format
        let quality: Int? = switch format {
        case .gif: options.gifQuality
        case .webp: options.webpQuality
        default: nil
        }
        let requested = ImageEncoding(width: width, height: height, fps: fps, quality: quality)
        let loop = options.loop
        let make: BudgetedImageSink.Make = { path, encoding throws(EncodeError) in
            try Exporter.makeImageWriter(format, path: path, encoding: encoding, loop: loop, cancellation: cancellation)
        }
        let first = try make(file.temporaryPath, requested)
        guard let budget = options.maxSize else { return first }
        let kind: ImageBudget.Format = format == .gif ? .gif : format == .webp ? .webp : .apng
        return BudgetedImageSink(path: file.temporaryPath, budget: budget, format: kind, requested: requested,
                                 first: first, make: make)
    }

    /// A GIF, WebP or APNG writer for `path`.
    static func makeImageWriter(_ format: Output.Format, path: String, encoding: ImageEncoding, loop: Int,
                                cancellation: Cancellation?) throws(EncodeError) -> FrameSink {
        let stop: @Sendable () -> Bool = { cancellation?.signal != nil }
        let (width, height, fps) = (encoding.width, encoding.height, encoding.fps)
        switch format {
        case .webp:
            return try WebPWriter(path: path, options: WebPOptions(width: width, height: height, fps: fps, loop: loop,
                                                                   quality: encoding.quality ?? WebPOptions.defaultQuality),
                                  shouldStop: stop)
        case .apng:
            return try APNGWriter(path: path, options: APNGOptions(width: width, height: height, fps: fps, loop: loop),
                                  shouldStop: stop)
        default:
            return try GIFWriter(path: path,
                                 options: GIFOptions(width: width, height: height, fps: fps, loop: loop,
                                                     quality: encoding.quality ?? GIFOptions.defaultQuality),
                                 shouldStop: stop)
        }
    }
}
