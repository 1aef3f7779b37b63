import ArgumentParser
import Foundation
import PageReel
import PageReelStudio

/// `pagereel studio DECK`: a live preview in the browser that plays, scrubs and reloads on save,
/// every frame the export's own.
struct StudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "Preview a deck live in the browser while you edit it.",
        discussion: """
        Serves a page that plays the deck at its frame rate, scrubs, steps frame by frame and shows \
        the new deck at the same frame on every save of the deck or a file it names; an invalid \
        deck shows its errors, as validate prints them, over its last good frame. Each frame is \
        rendered by the export's renderer: the page's PNG of frame N is `pagereel still DECK \
        --frame N --size WxH`. Prints one line, the address with this run's token, and runs until \
        SIGINT or SIGTERM. Every request needs the token; on a loopback address the Host header must \
        name it.

        Examples:
          pagereel studio deck.json
          pagereel studio deck.json --port 0 --open
          pagereel studio deck.json --host 0.0.0.0 --port 7300      (in a container)
        """
    )

    @Argument(help: "The deck file (JSON).", completion: .file(extensions: ["json"]))
    var deck: String

    @Option(help: ArgumentHelp("The port to listen on; 0 picks a free one.", valueName: "n"))
    var port: Int = 7300

    @Option(help: ArgumentHelp("The address to listen on (default 127.0.0.1); 0.0.0.0 in a container.",
                               valueName: "addr"))
    var host: String = "127.0.0.1"

    @Flag(help: "Open the page in the default browser (xdg-open).")
    var open = false

    @OptionGroup var locales: LocaleOptions

    @OptionGroup var target: TargetOptions

    @Option(help: ArgumentHelp("Override the deck's transition: \(NamedTransition.names.joined(separator: ", ")).",
                               valueName: "name"),
            completion: .list(NamedTransition.names), transform: NamedTransition.init(parsing:))
    var transition: NamedTransition?

    @Option(help: ArgumentHelp("Frame rate 1…120 (the timeline is resampled, not retimed).", valueName: "n"))
    var fps: Int?

    @OptionGroup var inputs: InputOptions

    func validate() throws {
        try ValidationError.check(port, "--port", in: 0...65535)
        try ValidationError.check(fps, "--fps", in: 1...120)
        if locales.locale == "all" { throw ValidationError("--locale all: the studio shows one locale at a time (switch on the page)") }
        if let fps, let target = target.target, fps > target.maxFPS {
            throw ValidationError("--fps \(fps): --target \(target.name) takes at most \(target.maxFPS) fps")
        }
    }

    func run() throws {
        var options = StudioOptions(deck: deck)
        options.host = host
        options.port = port
        options.locale = locales.locale
        options.target = target.target
        options.transition = transition?.spec
        options.fps = fps
        options.allowed = inputs.allowed
        let server = try library { () throws(PageReelError) in try StudioServer(options: options) }
        Console.out("Studio: \(server.url)")
        for line in server.startupMessages { Console.err(line) }
        if open { StudioCommand.openBrowser(server.url) }
        let cancellation = SignalTrap.shared.cancellation
        while cancellation.signal == nil { usleep(50_000) }
        server.stop()
        try library { () throws(PageReelError) in throw .interrupted(signal: cancellation.signal ?? SIGINT) }
    }

    /// Hands the address to the desktop's browser; without one, says so (the address is printed).
    static func openBrowser(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            Console.err("--open: no browser to open here (xdg-open); open the address above")
        }
    }
}
