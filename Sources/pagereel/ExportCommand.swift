import ArgumentParser
import Foundation
import PageReel

/// `pagereel export DECK [-o PATH]... [flags]`: render a deck once into every output.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Render the deck once and write every output.",
        discussion: """
        Outputs are written under a temporary name and renamed into place only when the whole \
        export succeeded. MP4 and WebM carry the deck's sound (see the deck's audio), GIF and \
        PNG none. With --locale all every locale is rendered and {locale} in each output path \
        becomes its code; nothing is written unless every locale succeeds.

        Examples:
          pagereel export deck.json -o demo.mp4 -o demo.gif
          pagereel export deck.json --size 640x360 --gif-fps 15 -o small.gif
          pagereel export deck.json --frames 0-149 -o part1.mp4
          pagereel export deck.json --audio-bitrate 256k -o store.mp4
          pagereel export deck.json --target appstore-iphone --locale all -o preview-{locale}.mp4
          pagereel export deck.json --gif-width 960 --max-size 10MB -o demo.webp -o demo.gif
        """
    )

    /// The library's defaults, shown in the help as the options' defaults.
    private static let defaults = ExportOptions()

    @Argument(help: "The deck file (JSON).", completion: .file(extensions: ["json"]))
    var deck: String

    @Option(name: [.customShort("o"), .customLong("output")],
            help: ArgumentHelp(".mp4, .gif, .webm, .webp, .apng, .png (the first frame) or DIR/ (a PNG per frame); repeatable. "
                               + "Missing folders of the path are made (and removed again if the export fails). "
                               + "Without -o: DECK.mp4 beside the deck.", valueName: "path"),
            completion: .file(), transform: Output.init(parsing:))
    var outputs: [Output] = []

    @OptionGroup var render: RenderOptions

    @Option(help: ArgumentHelp("Render frames A…B only (0-based, inclusive): a shard, which concat joins "
                               + "with the others (see plan).", valueName: "A-B"),
            transform: FrameRange.init(parsing:))
    var frames: FrameRange?

    @Option(help: ArgumentHelp("Quality 0…63 (H.264 default 18, VP9 default 32).", valueName: "n"))
    var crf: Int?

    @Option(help: ArgumentHelp("x264 preset (default: \(ExportOptions.defaultPreset); an App Store target's: veryfast).",
                               valueName: "name"))
    var preset: String?

    @Option(help: ArgumentHelp("x264 tune; none to disable.", valueName: "name"))
    var tune: String = defaults.tune ?? "none"

    @Option(name: .customLong("gif-fps"),
            help: ArgumentHelp("GIF, WebP and APNG frame rate 1…50 (default: the video's, at most \(ExportOptions.maximumDefaultGIFFPS)).",
                               valueName: "n"))
    var gifFPS: Int?

    @Option(name: .customLong("gif-width"),
            help: ArgumentHelp("GIF, WebP and APNG width in pixels, 16…7680 (default: the video's).", valueName: "n"))
    var gifWidth: Int?

    @Option(name: .customLong("gif-quality"),
            help: ArgumentHelp("GIF quality 1…100: 100 is lossless (the quantized frames exactly); lower is smaller, "
                               + "with lossy compression and, below 80, fewer colours.", valueName: "n"))
    var gifQuality: Int = defaults.gifQuality

    @Option(name: .customLong("webp-quality"),
            help: ArgumentHelp("WebP quality 1…100: 100 is lossless; below it each changed area is lossy VP8 at that "
                               + "quality, or lossless where that is smaller.", valueName: "n"))
    var webpQuality: Int = defaults.webpQuality

    @Option(name: .customLong("max-size"),
            help: ArgumentHelp("The most each output may take: 10MB, 0.9MB, 800KB (10³/10⁶ bytes, as GitHub counts), "
                               + "1.5MiB. GIF, WebP and APNG lower their quality, then their rate, then their width "
                               + "until they fit; MP4 and WebM cap their bitrate.", valueName: "size"),
            transform: SizeBudget.init(parsing:))
    var maxSize: SizeBudget?

    // `.unconditional`, so that `--loop -1` reads -1 as the value rather than as an option.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("GIF, WebP and APNG loops: 0 forever, -1 play once, N repeats.", valueName: "n"))
    var loop: Int = defaults.loop

    @Flag(name: .customLong("no-audio"), help: "Write MP4 and WebM without the deck's sound.")
    var noAudio = false

    @Option(name: .customLong("audio-bitrate"),
            help: ArgumentHelp("Sound bitrate, AAC in MP4 and Opus in WebM: 32k…512k (default: "
                               + "\(ExportOptions.defaultAudioBitrate / 1000)k).", valueName: "n"),
            transform: AudioBitrate.init(parsing:))
    var audioBitrate: AudioBitrate?

    @OptionGroup var target: TargetOptions

    @OptionGroup var locales: LocaleOptions

    @OptionGroup var inputs: InputOptions

    @Option(help: ArgumentHelp("How to show progress; auto is a bar on a terminal, lines otherwise.", valueName: "mode"))
    var progress: ProgressReporter.Mode = .auto

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @Flag(help: "Print a JSON summary on stdout: outputs, frames, seconds, elapsed time and each output's SHA-256.")
    var json = false

    func validate() throws {
        try ValidationError.check(crf, "--crf", in: 0...63)
        try ValidationError.check(gifFPS, "--gif-fps", in: 1...50)
        try ValidationError.check(gifWidth, "--gif-width", in: 16...7680)
        try ValidationError.check(gifQuality, "--gif-quality", in: ExportOptions.gifQualities)
        try ValidationError.check(webpQuality, "--webp-quality", in: ExportOptions.gifQualities)
        try ValidationError.check(loop, "--loop", in: -1...65535)
        if locales.locale == "all" {
            let placeholder = DeckDecoder.localePlaceholder
            for output in outputs where !output.path.contains(placeholder) {
                throw ValidationError("-o \(output.path): with --locale all each output needs \(placeholder) in its path")
            }
        }
    }

    /// The library's options, from the parsed flags.
    var options: ExportOptions {
        var options = ExportOptions()
        options.outputs = outputs
        options.transition = render.transition?.spec
        options.fps = render.fps
        options.size = render.size?.pair
        options.frames = frames?.frames
        options.crf = crf
        options.checksums = json
        options.preset = preset
        options.tune = tune == "none" ? nil : tune
        options.gifFPS = gifFPS
        options.gifWidth = gifWidth
        options.loop = loop
        options.gifQuality = gifQuality
        options.webpQuality = webpQuality
        options.maxSize = maxSize?.size
        options.audio = !noAudio
        options.audioBitrate = audioBitrate?.bitsPerSecond
        options.target = target.target
        return options
    }

    func run() throws {
        let projects = try library { () throws(PageReelError) in
            try Project.load(deck, allowing: inputs.allowed, locales: locales.selection())
        }
        if !quiet { Console.warnings(of: projects, target: target.target) }
        let exporters = try library { () throws(PageReelError) in try Exporter.each(projects, options: options) }
        let reporter = ProgressReporter(mode: quiet ? .none : progress)
        let summaries: [Exporter.Summary]
        do {
            summaries = try Exporter.run(exporters, cancellation: SignalTrap.shared.cancellation) { reporter.update($0) }
        } catch {
            reporter.interrupt()
            SignalTrap.shared.report(error)
            throw ExitCode(error)
        }
        for summary in summaries {
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                if let data = try? encoder.encode(summary) { Console.out(String(decoding: data, as: UTF8.self)) }
            } else if !quiet {
                Console.err(String(format: "wrote %@ (%d frames, %.2f s of video, in %.1f s)",
                                   summary.outputs.joined(separator: ", "), summary.frames, summary.seconds, summary.elapsed))
                for path in summary.outputs {
                    if let fit = summary.budgets?[path] { Console.err("\(path): \(fit)") }
                }
            }
        }
    }
}
