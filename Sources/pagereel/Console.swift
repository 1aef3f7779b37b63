import Foundation
import PageReel

/// Writing to stdout and stderr, unbuffered where it matters.
enum Console {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes to stdout as is.
    static func outRaw(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func err(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Writes to stderr without a newline (progress bars).
    static func errRaw(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// The project's warnings, one line each: `deck.json: pages[0].title: warning: …`.
    static func warnings(of project: Project) {
        for warning in project.warningMessages { err(warning) }
    }

    /// The warnings of a deck in several locales (each once) and of its store's target.
    static func warnings(of projects: [Project], target: Target?) {
        for warning in Project.warningMessages(of: projects, target: target) { err(warning) }
    }

    static var stderrIsTerminal: Bool { isatty(2) == 1 }
}
