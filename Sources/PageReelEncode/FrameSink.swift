// PageReelEncode: the last stage, where rendered frames become files.
//
// Design note. Each output format is a `FrameSink`: frames arrive one at a time, in order, and
// `finish()` completes the file. The sinks write exactly the path they are given; the facade
// chooses temporary names and renames on success, so a sink never has to clean up after itself.
//
// - MP4 and WebM stream through libavcodec/libavformat (`VideoWriter`): one reused frame, swscale
//   RGBA → YUV 4:2:0 with BT.709 coefficients, packets rescaled into the muxer's time base.
// - GIF needs one palette shared by every frame, which cannot be known until the last frame has
//   arrived, so `GIFWriter` spills frames to an unlinked file, quantizes at `finish()` with
//   libimagequant, remaps frames in parallel and feeds FFmpeg's GIF encoder, whose frame
//   differencing only works when every frame carries the same palette. Whether unchanged pixels
//   become transparent is decided per frame by comparing LZW sizes (`GIFDiffPlanner`).
// - PNG sequences go through the Raster stage's `PNGWriter`, one file per absolute frame index.
//
// Every C resource is owned by a small final class that frees it in `deinit`; every FFmpeg
// return code goes through `FFmpegCheck`, which names the call and the file in the error.
import PageReelRaster

/// Receives rendered frames in order and writes one output.
///
/// A protocol so the facade can feed one render to any mix of outputs (MP4 + GIF + PNG frames)
/// without knowing how each is encoded.
public protocol FrameSink: AnyObject {
    /// Adds one frame. `index` is the absolute frame index (for `--frames` shards it does not
    /// start at 0); indices must increase from call to call.
    func write(_ frame: Pixmap, index: Int) throws(EncodeError)
    /// Flushes and closes the output; after this the file at `path` is complete.
    func finish() throws(EncodeError)
}
