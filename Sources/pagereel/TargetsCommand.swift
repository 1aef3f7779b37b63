import ArgumentParser
import Foundation
import PageReel

/// `pagereel targets [--json]`: the stores and platforms `--target` makes videos for.
struct TargetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "targets",
        abstract: "List the stores and platforms --target makes videos for, with their sizes and limits.",
        discussion: """
        A target sets the video's size (the canvas must have its shape), caps the frame rate \
        (a faster deck is resampled), fixes the encoder and the sound, and checks the store's \
        limits before rendering. App Store previews follow Apple's app preview specification: \
        H.264 High level 4.0 at a constant 11 Mbit/s, at most 30 fps, 15–30 s, at most 500 MB, \
        one stereo AAC track at 256 kbit/s (silent when the deck has no sound). Held at a bitrate, \
        x264 runs on one thread (for the same bytes on every run), so these targets take its \
        veryfast preset unless --preset names another.

        Examples:
          pagereel targets
          pagereel export deck.json --target appstore-iphone --locale all -o preview-{locale}.mp4
        """
    )

    @Flag(help: "Print the targets as a JSON array.")
    var json = false

    func run() throws {
        if json {
            Console.outRaw(Self.json(Target.all) + "\n")
            return
        }
        var lines = [Self.row("NAME", "SIZE", "FPS", "VIDEO", "SOUND", "LENGTH", "FOR")]
        for target in Target.all {
            lines.append(Self.row(target.name, "\(target.width)×\(target.height)", "≤\(target.maxFPS)", Self.video(target),
                                  Self.sound(target), Self.length(target), target.summary))
        }
        Console.outRaw(lines.joined(separator: "\n") + "\n")
    }

    private static func video(_ target: Target) -> String {
        guard let bitrate = target.videoBitrate else { return "H.264 crf" }
        return "H.264 \(bitrate / 1_000_000) Mbit/s" + (target.levelName.map { " L\($0)" } ?? "")
            + (target.preset.map { " \($0)" } ?? "")
    }

    private static func sound(_ target: Target) -> String {
        "AAC \((target.audioBitrate ?? ExportOptions.defaultAudioBitrate) / 1000)k" + (target.alwaysHasSound ? " always" : "")
    }

    private static func length(_ target: Target) -> String {
        var parts: [String] = []
        if let d = target.durations { parts.append("\(Int(d.lowerBound))–\(Int(d.upperBound)) s") }
        if let bytes = target.maxBytes { parts.append("≤\(bytes / 1_000_000) MB") }
        return parts.isEmpty ? "—" : parts.joined(separator: ", ")
    }

    private static func row(_ cells: String...) -> String {
        let widths = [31, 11, 5, 30, 15, 19]
        var line = ""
        for (k, cell) in cells.enumerated() {
            line += k < widths.count ? cell.padding(toLength: max(widths[k], cell.count + 1), withPad: " ", startingAt: 0) : cell
        }
        return line
    }

    private static func json(_ targets: [Target]) -> String {
        func string(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
        func number(_ n: Int?) -> String { n.map(String.init) ?? "null" }
        let items = targets.map { t in
            "  {\"name\": \(string(t.name)), \"summary\": \(string(t.summary)), \"store\": \(string(t.store.rawValue)), "
                + "\"size\": [\(t.width), \(t.height)], \"maxFPS\": \(t.maxFPS), \"videoBitrate\": \(number(t.videoBitrate)), "
                + "\"level\": \(t.levelName.map(string) ?? "null"), "
                + "\"preset\": \(string(t.preset ?? ExportOptions.defaultPreset)), "
                + "\"audioBitrate\": \(t.audioBitrate ?? ExportOptions.defaultAudioBitrate), "
                + "\"alwaysHasSound\": \(t.alwaysHasSound), "
                + "\"durations\": \(t.durations.map { "[\(Int($0.lowerBound)), \(Int($0.upperBound))]" } ?? "null"), "
                + "\"maxBytes\": \(number(t.maxBytes)), \"formats\": [\(t.formats.map { string($0.rawValue) }.joined(separator: ", "))]}"
        }
        return "[\n" + items.joined(separator: ",\n") + "\n]"
    }
}
