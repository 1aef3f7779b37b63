import CFFmpeg

/// Owns the one `AVFrame` a writer reuses for every picture it encodes.
///
/// Encoders may keep a reference to the previous picture's buffer (x264's lookahead), so each use
/// starts with `makeWritable()`, which copies the buffer only when it is still shared.
final class FrameBuffer {
    let frame: UnsafeMutablePointer<AVFrame>
    private let check: FFmpegCheck

    init(format: AVPixelFormat, width: Int, height: Int, check: FFmpegCheck) throws(EncodeError) {
        guard let frame = av_frame_alloc() else { throw check.null("av_frame_alloc") }
        self.frame = frame
        self.check = check
        frame.pointee.format = format.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        try check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&frame)
    }

    /// Makes the buffers safe to overwrite and stamps the presentation time.
    func makeWritable(pts: Int64) throws(EncodeError) {
        try check(av_frame_make_writable(frame), "av_frame_make_writable")
        frame.pointee.pts = pts
    }
}
