// PageReel: the facade that wires the stages together, and pagereel's Swift API.
//
// Design note: `Project` loads and checks a deck once — JSON, the timeline's own rules, and every
// file it names — so that every problem is reported together before any rendering starts. Once
// the files are known it fits the device to them (`DeviceFitter`: the model `auto` stands for, the
// viewport a deck left out), so every later stage sees a deck with its geometry settled.
// `Exporter` then renders frames on one thread while the encoders consume them on another, feeds
// every output from the same render, and writes each output to a temporary file that is renamed
// into place only when the whole export succeeded.
//
// A program using pagereel imports this module only. It re-exports the deck model (PageReelDeck:
// `Deck`, `Page`, `Step`, …), which is the format itself and changes only with it, and `Pixmap`, the
// picture `Still` returns; the timeline, scene, rasterizer and encoders stay behind the facade, so
// they can change without touching a caller (or the command line, which is such a caller).
@_exported import PageReelDeck
@_exported import struct PageReelMedia.Pixmap
import Foundation
import PageReelMedia
import PageReelRaster
import PageReelTimeline

/// A deck loaded from a file and checked: its model, its timeline and where its files are.
public struct Project: Sendable {
    /// The deck, decoded and checked, its device's model and layout fitted to its files.
    public let deck: Deck
    /// The gesture script simulated: the scroll position at every instant.
    let timeline: Timeline
    /// The deck path as the user gave it (used in messages).
    public let file: String
    /// The folder relative paths in the deck are resolved against.
    public let directory: String
    /// What renders but may not look as meant (a character no installed font has, a screenshot
    /// `fill` crops, a caption the canvas cuts), with its JSON path; the CLI prints these as warnings.
    public let warnings: [DeckIssue]

    /// Reads, decodes and checks the deck at `path`, including that every image it names exists
    /// and is a usable image, and that every font it names is installed or beside the deck.
    public static func load(_ path: String) throws(PageReelError) -> Project {
        let data = try readDeck(path)
        let directory = (path as NSString).deletingLastPathComponent
        return try load(data: data, file: path, directory: directory.isEmpty ? "." : directory)
    }

    /// Decodes and checks deck bytes whose relative paths resolve against `directory`.
    public static func load(data: Data, file: String, directory: String) throws(PageReelError) -> Project {
        // Every problem at once: the deck's own, then the files it names (even when the deck has
        // other problems), then the timeline's (only meaningful for a valid deck).
        let (decoded, decodeIssues) = DeckDecoder.decodeBestEffort([UInt8](data))
        var issues = decodeIssues
        var warnings: [DeckIssue] = []
        var fitted = decoded
        if let decoded {
            let inputs = InputChecker(directory: directory).check(decoded)
            issues += inputs.issues
            let text = TextChecker(directory: directory).check(decoded)
            issues += text.issues
            warnings = text.warnings
            // The device and its layout depend on the files; with a bad one, the deck is reported as it is.
            if issues.isEmpty {
                let fit = DeviceFitter(sizes: inputs.sizes, directory: directory, text: text.renderer).fit(decoded)
                issues += fit.issues
                warnings += fit.warnings
                fitted = fit.deck
            }
        }
        guard let deck = fitted, issues.isEmpty else { throw .deck(DeckError(file: file, issues: issues)) }
        do {
            let timeline = try Timeline(deck: deck)
            return Project(deck: deck, timeline: timeline, file: file, directory: directory, warnings: warnings)
        } catch {
            throw .deck(DeckError(file: file, issues: [DeckIssue(path: error.path, message: error.message)]))
        }
    }

    private static func readDeck(_ path: String) throws(PageReelError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .inputMissing(path: path, message: "file not found")
        }
        guard !isDirectory.boolValue else { throw .inputMissing(path: path, message: "is a directory, not a deck file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .inputMissing(path: path, message: "cannot read the file")
        }
        return data
    }
}

extension Project {
    /// Checks a deck built in Swift, whose relative paths resolve against `directory`: it is
    /// written out as deck JSON and read back through the same checks as a file (limits, colours,
    /// the script, images and fonts), so a mistake comes back as `.deck` with JSON paths. `name`
    /// stands for the file in messages.
    public init(deck: Deck, directory: String, name: String = "deck") throws(PageReelError) {
        self = try Project.load(data: Data(DeckEncoder.json(deck).utf8), file: name, directory: directory)
    }
}
