import ArgumentParser

/// `--frames A-B`: frames A to B inclusive, 0-based — a shard of the video.
///
/// Whether the range lies inside the video is known only once the deck is loaded, so the library
/// checks that (`Exporter`, `RenderBenchmark`).
struct FrameRange: ArgumentValue, CustomStringConvertible {
    let frames: ClosedRange<Int>

    init(parsing text: String) throws(ValidationError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let first = Int(parts[0]), let last = Int(parts[1]), first >= 0, last >= first else {
            throw ValidationError("expected A-B with 0 ≤ A ≤ B, e.g. 0-149")
        }
        frames = first...last
    }

    var description: String { "\(frames.lowerBound)-\(frames.upperBound)" }
}
