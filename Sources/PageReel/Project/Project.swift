// PageReel: the facade that wires the stages together, and pagereel's Swift API.
//
// Design note: `Project` loads and checks a deck once — JSON, the timeline's own rules, and every
// file it names, each opened only inside the folders the deck may read from (`InputRoots`) — so
// that every problem is reported together before any rendering starts. Once the files are known
// it fits the device to them (`DeviceFitter`: the model `auto` stands for, the viewport a deck
// left out), so every later stage sees a deck with its geometry settled.
// `Exporter` then renders frames on one thread while the encoders consume them on another, feeds
// every output from the same render, and writes each output to a temporary file that is renamed
// into place only when the whole export succeeded.
//
// A program using pagereel imports this module only. It re-exports the deck model (PageReelDeck:
// `Deck`, `Page`, `Step`, …), which is the format itself and changes only with it, `Pixmap`, the
// picture `Still` returns, `InputRoots`, the folders a deck may read from, and the size budget's
// `ByteSize` and what fitting it chose (`BudgetFit`, `ImageEncoding`); the timeline,
// scene, rasterizer and encoders stay behind the facade, so they can change without touching a
// caller (or the command line, which is such a caller).
@_exported import PageReelDeck
@_exported import struct PageReelMedia.Pixmap
@_exported import struct PageReelMedia.InputRoots
@_exported import struct PageReelEncode.ByteSize
@_exported import struct PageReelEncode.BudgetFit
@_exported import struct PageReelEncode.ImageEncoding
@_exported import enum PageReelEncode.StillImage
import Foundation
import PageReelMedia
import PageReelRaster
import PageReelJSON
import PageReelTimeline

/// Which of a deck's locales to load: its default (the first of `locales`), one by its code, or each.
public enum LocaleSelection: Sendable, Equatable {
    case `default`
    case code(String)
    case all
}

/// A deck loaded from a file and checked: its model, its timeline and where its files are.
public struct Project: Sendable {
    /// The deck, decoded and checked, its device's model and layout fitted to its files.
    public let deck: Deck
    /// The gesture script simulated: the scroll position at every instant.
    let timeline: Timeline
    /// The deck path as the user gave it (used in messages).
    public let file: String
    /// The folder relative paths in the deck are resolved against.
    public var directory: String { inputs.directory }
    /// Where the deck's files may come from: its folder, the current directory and the folders
    /// the caller allowed. Every file is opened through it.
    public let inputs: InputRoots
    /// What renders but may not look as meant (a character no installed font has, a screenshot
    /// `fill` crops, a caption the canvas cuts), with its JSON path; the CLI prints these as warnings.
    public let warnings: [DeckIssue]
    /// Where the deck's top two levels are written, for the line of a later check's message.
    let outline: JSONOutline

    /// Reads, decodes and checks the deck at `path`, including that every image it names exists
    /// and is a usable image, and that every font it names is installed or beside the deck.
    /// The deck's files must lie in its folder, the current directory or one of `allowing`
    /// (folders, relative to the current directory); an allowed folder that is not there is `.usage`.
    /// `locale` is one of the deck's `locales` (nil = its first); naming one it lacks is `.usage`.
    public static func load(_ path: String, allowing: [String] = [], locale: String? = nil) throws(PageReelError) -> Project {
        try load(path, allowing: allowing, locales: locale.map(LocaleSelection.code) ?? .default)[0]
    }

    /// The deck at `path` in each locale `locales` selects, in the deck's order: every locale is
    /// checked before any is returned, so one run reports what is wrong in all of them (a problem
    /// they share once, one of a single locale's with that locale named).
    public static func load(_ path: String, allowing: [String] = [], locales: LocaleSelection) throws(PageReelError) -> [Project] {
        let data = try readDeck(path)
        let directory = (path as NSString).deletingLastPathComponent
        return try load(data: data, file: path, directory: directory.isEmpty ? "." : directory, allowing: allowing,
                        locales: locales)
    }

    /// Decodes and checks deck bytes whose relative paths resolve against `directory` (and
    /// whose files must lie there, in the current directory or in one of `allowing`).
    public static func load(data: Data, file: String, directory: String,
                            allowing: [String] = [], locale: String? = nil) throws(PageReelError) -> Project {
        try load(data: data, file: file, directory: directory, allowing: allowing,
                 locales: locale.map(LocaleSelection.code) ?? .default)[0]
    }

    /// The deck in each locale `locales` selects (see `load(_:allowing:locales:)`).
    public static func load(data: Data, file: String, directory: String, allowing: [String] = [],
                            locales: LocaleSelection) throws(PageReelError) -> [Project] {
        let roots: InputRoots
        do throws(MediaError) {
            roots = try InputRoots(directory: directory, allowing: allowing)
        } catch {
            // The deck's folder was just read from; a folder the caller named is an argument.
            guard allowing.contains(error.path) else { throw .inputMissing(path: directory, message: error.description) }
            if case .notFound = error { throw .usage("--allow-path \(error.path): no such folder") }
            throw .usage("--allow-path \(error.description)")
        }
        return try load(data: data, file: file, inputs: roots, locales: locales)
    }

    /// Decodes and checks deck bytes whose files are opened through `inputs`.
    public static func load(data: Data, file: String, inputs roots: InputRoots,
                            locale: String? = nil) throws(PageReelError) -> Project {
        try load(data: data, file: file, inputs: roots, locales: locale.map(LocaleSelection.code) ?? .default)[0]
    }

    /// The deck in each locale `locales` selects, its files opened through `inputs`.
    public static func load(data: Data, file: String, inputs roots: InputRoots,
                            locales selection: LocaleSelection) throws(PageReelError) -> [Project] {
        let (root, syntax) = DeckDecoder.parse([UInt8](data))
        guard let root else { throw .deck(DeckError(file: file, issues: syntax)) }
        let declared = DeckDecoder.locales(of: root)
        let codes: [String?]
        switch selection {
        case .default:
            codes = [declared.first]
        case .all:
            codes = declared.isEmpty ? [nil] : declared
        case .code(let code):
            guard declared.contains(code) else {
                let has = declared.isEmpty ? "declares no locales" : "has \(declared.joined(separator: ", "))"
                throw .usage("--locale \(code): the deck \(has)")
            }
            codes = [code]
        }
        var outcomes: [(locale: String?, project: Project?, issues: [DeckIssue])] = []
        for code in codes {
            let (project, issues) = check(root, locale: code, file: file, inputs: roots)
            outcomes.append((code, project, issues))
        }
        let issues = DeckIssue.merge(outcomes.map { ($0.locale, $0.issues) })
        guard issues.isEmpty else { throw .deck(DeckError(file: file, issues: issues)) }
        return outcomes.compactMap(\.project)
    }

    /// A file missing for one locale (its path held `{locale}`) is a deck without that locale's
    /// version of it — a missing translation, which the deck must fix — not a missing input.
    private static func localizing(_ issue: DeckIssue, locale: String?, localized: Set<String>) -> DeckIssue {
        guard let locale, issue.kind == .missingInput, !localized.isEmpty else { return issue }
        // The checker names a template's page by index and a recording by its key, the decoder
        // the template and the recording's `file`.
        func normal(_ path: String) -> String {
            var path = path.replacingOccurrences(of: "pages.template", with: "pages[]")
            path = path.replacingOccurrences(of: #"^pages\[\d+\]"#, with: "pages[]", options: .regularExpression)
            return path.hasSuffix(".file") ? String(path.dropLast(5)) : path
        }
        guard localized.contains(where: { normal($0) == normal(issue.path) }) else { return issue }
        return DeckIssue(path: issue.path, message: issue.message + " (locale \(locale))", kind: .invalid)
    }

    /// One locale of a parsed deck, checked: the project, or every issue.
    private static func check(_ root: JSONValue, locale: String?, file: String,
                              inputs roots: InputRoots) -> (Project?, [DeckIssue]) {
        // Every problem at once: the deck's own, then the files it names (even when the deck has
        // other problems), then the timeline's (only meaningful for a valid deck).
        let (decoded, decodeIssues, localized) = DeckDecoder.decodeBestEffort(root, locale: locale)
        var issues = decodeIssues
        var warnings: [DeckIssue] = []
        var fitted = decoded
        if let decoded {
            let inputs = InputChecker(inputs: roots).check(decoded)
            issues += inputs.issues.map { localizing($0, locale: locale, localized: localized) }
            let text = TextChecker(inputs: roots).check(decoded)
            issues += text.issues
            warnings = text.warnings
            // The device and its layout depend on the files; with a bad one, the deck is reported as it is.
            if issues.isEmpty {
                let fit = DeviceFitter(sizes: inputs.sizes, inputs: roots, text: text.renderer).fit(decoded)
                issues += fit.issues
                warnings += fit.warnings
                fitted = fit.deck
            }
        }
        // Each issue and warning with the line and column of the value it is about.
        issues = issues.map { $0.located(in: root) }
        warnings = warnings.map { $0.located(in: root) }
        guard let deck = fitted, issues.isEmpty else {
            return (nil, issues.isEmpty ? [DeckIssue(path: "", message: "is not a deck").located(in: root)] : issues)
        }
        do {
            let timeline = try Timeline(deck: deck)
            return (Project(deck: deck, timeline: timeline, file: file, inputs: roots, warnings: warnings,
                            outline: root.outline), [])
        } catch {
            return (nil, [DeckIssue(path: error.path, message: error.message).located(in: root)])
        }
    }

    /// The largest deck file read: far above any deck a person writes (a million-page list is
    /// about 100 MiB), so only junk is refused before it is read.
    static let maxDeckBytes = 256 << 20

    /// The deck's bytes. The deck is the caller's own argument, so it may be anywhere, but it is
    /// read like every input: a regular file only (a FIFO would block), of a bounded size.
    private static func readDeck(_ path: String) throws(PageReelError) -> Data {
        do throws(MediaError) {
            let file = try InputRoots.anywhere().open(path)
            return Data(try file.bytes(limit: nil, maxSize: maxDeckBytes).bytes)
        } catch {
            let message = switch error {
            case .notFound: "file not found"
            case .io(_, let message) where message.hasPrefix("is a directory"): "is a directory, not a deck file"
            case .io(_, let message): message
            default: error.description
            }
            throw .inputMissing(path: path, message: message)
        }
    }
}

extension Project {
    /// `issues` of a later check (a store's target) with the line and column of what each is
    /// about, as near as the deck's outline knows it.
    public func locate(_ issues: [DeckIssue]) -> [DeckIssue] {
        issues.map { $0.located(in: outline) }
    }

    /// Checks a deck built in Swift, whose relative paths resolve against `directory`: it is
    /// written out as deck JSON and read back through the same checks as a file (limits, colours,
    /// the script, images and fonts), so a mistake comes back as `.deck` with JSON paths. `name`
    /// stands for the file in messages.
    /// Its messages carry no line and column: the JSON they would point into is not the user's.
    public init(deck: Deck, directory: String, name: String = "deck") throws(PageReelError) {
        func unplaced(_ issues: [DeckIssue]) -> [DeckIssue] {
            issues.map { var issue = $0; issue.position = nil; return issue }
        }
        let project: Project
        do {
            project = try Project.load(data: Data(DeckEncoder.json(deck).utf8), file: name, directory: directory,
                                       locale: deck.locale)
        } catch .deck(let error) {
            throw .deck(DeckError(file: error.file, issues: unplaced(error.issues)))
        }
        self.init(deck: project.deck, timeline: project.timeline, file: project.file, inputs: project.inputs,
                  warnings: unplaced(project.warnings), outline: JSONOutline())
    }
}

extension Project {
    /// The project with its device frame left out: the pages stay where the device's screen
    /// shows them, over the backdrop, with the same timeline (the studio's device switch).
    public var withoutDevice: Project {
        guard deck.device != nil else { return self }
        var deck = self.deck
        deck.device = nil
        return Project(deck: deck, timeline: timeline, file: file, inputs: inputs, warnings: warnings, outline: outline)
    }
}
