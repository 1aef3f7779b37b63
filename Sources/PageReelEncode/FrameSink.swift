// PageReelEncode: the last stage, where rendered frames become files.
//
// Design note. Each output format is a `FrameSink`: frames arrive one at a time, in order, and
// `finish()` completes the file. The sinks write exactly the path they are given; the facade
// chooses temporary names and renames on success, so a sink never has to clean up after itself.
//
// - MP4 and WebM stream through libavcodec/libavformat (`VideoWriter`): one reused frame, swscale
//   RGBA → YUV 4:2:0 with BT.709 coefficients, packets rescaled into the muxer's time base.
// - GIF: while frames arrive, each distinct frame gets its own palette of the pixels it changes
//   (libimagequant plus RGB k-means, on every core) and is written in order with transparency for
//   what is already on screen, a crop to what changes and lossy LZW (`GIFWriter`). That work runs
//   behind the frames it is given, so the GIF reports a `backlog`.
// - APNG: lossless; identical frames merged into one with an exact n/fps delay, every other frame
//   cropped to what it changes and stored exactly or with its unchanged pixels transparent,
//   whichever deflates smaller; filtered and compressed (libdeflate) on every core while frames
//   arrive and written in order (`APNGWriter`), with a `backlog` like the GIF's.
// - PNG sequences, the poster frame and stills go through `PNGFile`, one file per absolute frame
//   index for sequences; `PNGWriter` encodes them with libpng. Writing PNG is an output, so it is
//   here; reading PNG (a deck's screenshots) is PageReelMedia's.
//
// Frames arrive as `Pixmap`s, the picture type PageReelMedia declares for every stage.
//
// Every C resource is owned by a small final class that frees it in `deinit`; every FFmpeg
// return code goes through `FFmpegCheck`, which names the call and the file in the error.
import PageReelMedia

/// Receives rendered frames in order and writes one output.
///
/// A protocol so the facade can feed one render to any mix of outputs (MP4 + GIF + PNG frames)
/// without knowing how each is encoded.
public protocol FrameSink: AnyObject {
    /// Adds one frame. `index` is the absolute frame index (for `--frames` shards it does not
    /// start at 0); indices must increase from call to call.
    func write(_ frame: Pixmap, index: Int) throws(EncodeError)
    /// `write(_:index:)`, told that `frame` has the same pixels as the frame written just before
    /// (a still stretch of the video), so a sink may reuse its work on that one. The default
    /// ignores the hint.
    func write(_ frame: Pixmap, index: Int, repeatsPrevious: Bool) throws(EncodeError)
    /// Flushes and closes the output; after this the file at `path` is complete.
    func finish() throws(EncodeError)
    /// Frames given to `write` that are not in the output yet because the sink works on them in
    /// the background (the GIF's quantizers). 0 for sinks whose `write` completes each frame.
    ///
    /// Progress counts a frame as done only once every output has it, so a bar never reaches 100%
    /// while encoding work is still to come.
    var backlog: Int { get }
    /// `finish()`, calling `progress` on the calling thread with the backlog as it drains, down
    /// to 0 when the file is complete.
    func finish(progress: (Int) -> Void) throws(EncodeError)
}

extension FrameSink {
    public var backlog: Int { 0 }

    public func write(_ frame: Pixmap, index: Int, repeatsPrevious: Bool) throws(EncodeError) {
        try write(frame, index: index)
    }

    public func finish(progress: (Int) -> Void) throws(EncodeError) { try finish() }
}
