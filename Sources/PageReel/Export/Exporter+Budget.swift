import Foundation
import PageReelEncode

/// `--max-size` for MP4 and WebM: a bitrate ceiling worked out before rendering, and the file
/// checked once written. (Animated images are fitted by `BudgetedImageSink`.)
extension Exporter {
    /// The video's bitrate ceiling in bit/s for `--max-size`, nil without one: the budget less the
    /// sound (at its bitrate, with 3% to spare), the container (4 KB and 48 bytes a frame) and a
    /// 3% margin, spread over the video's length plus the one second x264's buffer may hold at
    /// its start. A ceiling under `minimumVideoBitrate` is refused before anything is rendered.
    func videoCeiling(audioBitrate: Int, path: String) throws(PageReelError) -> Int? {
        guard let budget = options.maxSize else { return nil }
        let seconds = Double(frames.count) / Double(fps)
        let sound = sound == nil ? 0 : 1.03 * Double(audioBitrate) * seconds
        let container = 8 * (4096 + 48 * Double(frames.count))
        let bits = 0.97 * 8 * Double(budget.bytes) - sound - container
        let ceiling = bits / (seconds + 1)
        guard ceiling >= Double(Self.minimumVideoBitrate) else {
            let needed = (Double(Self.minimumVideoBitrate) * (seconds + 1) + sound + container) / (0.97 * 8)
            throw .cannotCreateOutput(path: path, message: "does not fit in \(budget) (--max-size): "
                + String(format: "%.2f s", seconds) + " of video need at least \(ByteSize(bytes: Int(needed.rounded(.up))))"
                + (sound > 0 ? " with its sound (or --no-audio)" : ""))
        }
        return Int(ceiling)
    }

    /// The lowest video bitrate a budget may leave: below it, x264's pictures fall apart.
    static let minimumVideoBitrate = 50_000

    /// Checks each MP4 and WebM output against `--max-size` once written, and records its fit.
    func checkVideoBudgets(_ files: [OutputFile], into fits: inout [String: BudgetFit]) throws(PageReelError) {
        guard let budget = options.maxSize else { return }
        for file in files where file.output.format == .mp4 || file.output.format == .webm {
            let bytes = (try? FileManager.default.attributesOfItem(atPath: file.temporaryPath)[.size] as? Int) ?? 0
            let ceiling = try videoCeiling(audioBitrate: options.audioBitrate ?? AudioOptions.defaultBitrate,
                                           path: file.output.path)
            guard bytes <= budget.bytes else {
                throw .cannotCreateOutput(path: file.output.path, message: "does not fit in \(budget) (--max-size): "
                    + "came to \(ByteSize(bytes: bytes)) with the video at most \((ceiling ?? 0) / 1000) kbit/s")
            }
            fits[file.output.path] = BudgetFit(budget: budget.bytes, bytes: bytes, maxBitrate: ceiling, encodes: 1)
        }
    }
}
