/// Frame times in whole milliseconds, as browsers keep an animated image's delays.
///
/// A browser holds each frame of an animated WebP or APNG for a whole number of milliseconds
/// (Chromium truncates an APNG's 1/30 s to 33 ms, so 190 frames at 30 fps played 6.301 s of a
/// 6.333 s video). So frame k starts at round(1000·k/fps), halves up, and a run lasts until the
/// next one starts: at 30 fps 33, 34, 33, 33, 34, … ms, and the delays add up to the video's time.
enum Milliseconds {
    /// The start of frame `index` (counted from the first frame) at `fps`, in ms.
    static func start(ofFrame index: Int, fps: Int) -> Int { (2000 * index + fps) / (2 * fps) }

    /// How long frames `run` (indices) last, from `origin` (the first frame's index).
    static func duration(of run: Range<Int>, from origin: Int, fps: Int) -> Int {
        start(ofFrame: run.upperBound - origin, fps: fps) - start(ofFrame: run.lowerBound - origin, fps: fps)
    }
}
