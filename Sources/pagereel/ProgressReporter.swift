import ArgumentParser
import Foundation
import PageReel

/// Shows export progress: a live bar on a terminal, a plain line per 10% in logs, or nothing.
final class ProgressReporter {
    /// `--progress`: a bar on a terminal and lines otherwise (auto), always lines, or nothing.
    enum Mode: String, CaseIterable, ExpressibleByArgument { case auto, plain, none }

    private let live: Bool
    private let enabled: Bool
    private var lastDecile = -1
    private var lastDraw = 0.0

    init(mode: Mode) {
        switch mode {
        case .none: (enabled, live) = (false, false)
        case .plain: (enabled, live) = (true, false)
        case .auto: (enabled, live) = (true, Console.stderrIsTerminal)
        }
    }

    func update(_ p: Exporter.Progress) {
        guard enabled, p.total > 0 else { return }
        let fps = p.elapsed > 0 ? Double(p.done) / p.elapsed : 0
        let eta = fps > 0 ? Double(p.total - p.done) / fps : 0
        if live {
            // At most ~15 redraws a second, and always the last frame.
            guard p.done == p.total || p.elapsed - lastDraw >= 0.066 else { return }
            lastDraw = p.elapsed
            let width = 30
            let filled = p.done * width / p.total
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            Console.errRaw(String(format: "\r%@ %d/%d frames  %.1f fps  ETA %@ ", bar, p.done, p.total, fps,
                                  ProgressReporter.clock(eta)))
            if p.done == p.total { Console.errRaw("\n") }
        } else {
            let decile = p.done * 10 / p.total
            guard decile != lastDecile else { return }
            lastDecile = decile
            Console.err(String(format: "%3d%%  %d/%d frames  %.1f fps  ETA %@", decile * 10, p.done, p.total, fps,
                               ProgressReporter.clock(eta)))
        }
    }

    /// Clears a half-drawn bar before an error message.
    func interrupt() {
        if enabled && live { Console.errRaw("\n") }
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 60 ? String(format: "%dm%02ds", s / 60, s % 60) : "\(s)s"
    }
}
