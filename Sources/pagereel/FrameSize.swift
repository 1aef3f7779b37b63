import ArgumentParser

/// `--size WxH`, e.g. `1280x720`: the size of a video, a still or a plot, in pixels.
///
/// Only the syntax is checked here; whether the size keeps the canvas's aspect ratio and stays in
/// the limits is the library's rule (`Exporter`, `Still`), and the plot's limits are the timeline
/// command's.
struct FrameSize: ArgumentValue, CustomStringConvertible {
    let width: Int
    let height: Int

    init(parsing text: String) throws(ValidationError) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
            throw ValidationError("expected WIDTHxHEIGHT, e.g. 1280x720")
        }
        (self.width, self.height) = (width, height)
    }

    /// As the library takes sizes.
    var pair: (width: Int, height: Int) { (width, height) }

    var description: String { "\(width)x\(height)" }
}
