import CPango
import Foundation
import PageReelDeck
import PageReelMedia
import Synchronization

/// The fonts one deck can use: the machine's fonts (fontconfig) plus the font files the deck brings.
///
/// A deck names fonts the way people do ("Inter", "Noto Sans Arabic") or by file
/// (`"fonts/Brand.otf"`). fontconfig always "matches" something, so a family that is not installed
/// would silently come out in another font; the library therefore answers whether a family is
/// really there and, when it is not, which installed families are closest. Files a deck lists in
/// `fonts` (and font paths used as a family) are added to a fontconfig configuration of this
/// library's own — never the process's global one — so family names resolve the same on every
/// machine that has the deck's folder, and two decks in one process do not see each other's fonts.
/// A deck's font files are opened through its `InputRoots` (inside the allowed folders, regular
/// files, at most `maxFontBytes`) and handed to fontconfig by the open descriptor's name, so
/// FreeType reads the file that was checked.
///
/// One library is shared by every render thread. Every call into its fontconfig configuration
/// (adding fonts, listing them) runs under `TextEngine.pango`, the lock Pango's own use of the
/// configuration runs under, so the configuration never sees two threads at once.
public final class FontLibrary: Sendable {
    /// The family used when a deck names none (Debian's fonts-dejavu-core).
    public static let defaultFamily = "DejaVu Sans"
    /// CSS's generic families, which fontconfig always resolves to an installed font.
    static let genericFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono", "cursive",
                                               "fantasy", "emoji", "system-ui", "math"]

    /// Where the deck's font files may come from, and the folder relative paths resolve against.
    public let inputs: InputRoots
    /// The largest font file read (the largest CJK collections are a few tens of MiB).
    public static let maxFontBytes = 100 << 20

    private struct State {
        /// Font file (absolute path) → the families it holds, for files added so far.
        var files: [String: [String]] = [:]
        /// The font files added, kept open: fontconfig reads each by its descriptor's name.
        var opened: [String: InputFile] = [:]
        /// The name fontconfig was given for a file → the file's resolved path.
        var resolvedNames: [String: String] = [:]
        /// A deck's `font` value → the family list for Pango, or why there is none.
        var resolved: [String: Result<String, RasterError>] = [:]
        /// Bumped whenever a file is added, so Pango font maps built earlier reload.
        var generation = 0
        var installed: [String]?
        var fileError: RasterError?
    }

    /// The configuration: the machine's fonts plus the deck's; used only under `TextEngine.pango`.
    private let handle: ConfigHandle
    private let state = Mutex(State())

    /// The machine's fonts plus `files` (font files or folders of them, relative to
    /// `baseDirectory`, as a deck's `fonts` lists them). A file that cannot be added (missing, not
    /// a font) does not stop the library being made: it is `fileError`, and every `family(for:)`
    /// throws it, so a render fails on it rather than drawing in a substitute font. Check files
    /// one by one with `add(_:)` to report each.
    public convenience init(files: [String] = [], baseDirectory: String? = nil) {
        self.init(files: files, inputs: .anywhere(relativeTo: baseDirectory ?? "."))
    }

    /// The machine's fonts plus `files`, opened through `inputs` (see `init(files:baseDirectory:)`).
    public init(files: [String] = [], inputs: InputRoots) {
        self.inputs = inputs
        // Without a configuration (a broken fontconfig setup) the library is empty, and every
        // family is reported as not installed rather than crashing.
        guard let config = FcInitLoadConfigAndFonts() ?? FcConfigCreate() else {
            fatalError("fontconfig: out of memory")
        }
        handle = ConfigHandle(config)
        var firstError: RasterError?
        for file in files {
            do throws(RasterError) {
                try add(file)
            } catch {
                firstError = firstError ?? error
            }
        }
        state.withLock { $0.fileError = firstError }
    }

    /// The first of the `files` given to `init` that could not be added.
    public var fileError: RasterError? { state.withLock { $0.fileError } }

    /// The fontconfig configuration, for Pango font maps (`pango_fc_font_map_set_config`).
    var config: OpaquePointer { handle.config }

    /// Changes whenever fonts were added; a font map made at an earlier generation must reload.
    var generation: Int { state.withLock { $0.generation } }

    /// Whether a deck's `font` value names a font file rather than a family.
    public static func isFontPath(_ font: String) -> Bool {
        let lower = font.lowercased()
        return [".ttf", ".otf", ".ttc", ".otc", ".woff", ".woff2"].contains { lower.hasSuffix($0) }
    }

    /// `path` made absolute against the deck's folder.
    public func absolutePath(_ path: String) -> String { inputs.absolute(path) }

    /// The file a name from fontconfig stands for: a deck's font file's resolved path for the
    /// name it was added under, any other name as it is.
    public func fileName(for name: String) -> String {
        state.withLock { $0.resolvedNames[name] } ?? name
    }

    /// Adds a font file (or every font in a folder) to the library and returns the families it
    /// holds. Adding the same file again is free.
    @discardableResult
    public func add(_ path: String) throws(RasterError) -> [String] {
        let full = absolutePath(path)
        if let known = state.withLock({ $0.files[full] }) { return known }
        let families: [String]
        if let inside = try Self.reading({ () throws(MediaError) in try inputs.contents(ofFolder: path) }) {
            families = try addFolder(inside.filter(Self.isFontPath), shown: path)
        } else {
            families = try addFile(path)
        }
        state.withLock { state in
            state.files[full] = families
            state.generation += 1
            state.installed = nil
            state.resolved = [:]
        }
        return families
    }

    /// Opens one font file and adds it: the families it holds.
    private func addFile(_ path: String) throws(RasterError) -> [String] {
        let file = try Self.reading { () throws(MediaError) in try inputs.open(path) }
        guard file.size <= Self.maxFontBytes else {
            throw .badFont(path: path, message: "the font file is \(file.size >> 20) MiB, over the limit of "
                           + "\(Self.maxFontBytes >> 20) MiB")
        }
        let name = file.openingPath
        let families = Self.families(inFile: name)
        guard !families.isEmpty else {
            throw .badFont(path: path, message: "not a font file (TrueType, OpenType or a collection)")
        }
        // Pango reads the configuration; change it only while no Pango call is running.
        guard TextEngine.pango.withLock({ _ in FcConfigAppFontAddFile(config, name) }) != 0 else {
            throw .font(name: path, message: "fontconfig could not add the file")
        }
        state.withLock { state in
            state.opened[file.resolved] = file
            state.resolvedNames[name] = file.resolved
        }
        return families
    }

    /// Adds every font file of a folder (`paths` as the deck would write them).
    private func addFolder(_ paths: [String], shown: String) throws(RasterError) -> [String] {
        var families: [String] = []
        for path in paths { families += try addFile(path) }
        guard !families.isEmpty else { throw .badFont(path: shown, message: "the folder holds no font files") }
        return Array(Set(families)).sorted()
    }

    /// What `read` returns; a missing or unreadable file is the library's own `.notFound` or
    /// `.io`, any other refusal (outside the allowed folders) Media's error as it is.
    private static func reading<T>(_ read: () throws(MediaError) -> T) throws(RasterError) -> T {
        do {
            return try read()
        } catch {
            switch error {
            case .notFound(let path): throw .notFound(path: path)
            case .io(let path, let message): throw .io(path: path, message: message)
            default: throw .media(error)
            }
        }
    }

    /// The family names stored in a font file (every face of a collection), empty when FreeType
    /// cannot read it as a font.
    static func families(inFile path: String) -> [String] {
        var families: [String] = []
        var count: Int32 = 0
        var index: UInt32 = 0
        repeat {
            guard let pattern = FcFreeTypeQuery(path, index, nil, &count) else { break }
            defer { FcPatternDestroy(pattern) }
            // A face lists its family in several languages; the first is the default name.
            if let name = string(pattern, FC_FAMILY, 0), !families.contains(name) { families.append(name) }
            index += 1
        } while index < UInt32(max(count, 0))
        return families
    }

    /// Resolves a deck's `font` value to the family string Pango is given: a font path becomes the
    /// family inside the file (added to the library first); a family, or a comma-separated list
    /// of them as in CSS, must name at least one installed family (or end in a generic one, like
    /// `sans-serif`). Anything else is `.font` naming the family and the closest installed ones.
    public func family(for font: String) throws(RasterError) -> String {
        if let fileError { throw fileError }
        if let known = state.withLock({ $0.resolved[font] }) { return try known.get() }
        let result = Result { () throws(RasterError) -> String in try resolve(font) }
        state.withLock { $0.resolved[font] = result }
        return try result.get()
    }

    private func resolve(_ font: String) throws(RasterError) -> String {
        if Self.isFontPath(font) {
            guard let family = try add(font).first else {
                throw .badFont(path: font, message: "the file names no font family")
            }
            return family
        }
        let names = font.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !names.isEmpty else { throw .font(name: font, message: "empty font family") }
        if names.contains(where: { Self.genericFamilies.contains($0.lowercased()) || isInstalled($0) }) {
            return names.joined(separator: ",")
        }
        let suggestions = closestFamilies(to: names[0])
        let list = suggestions.map { "\"\($0)\"" }.joined(separator: ", ")
        let what = names.count == 1 ? "is not installed" : "none of these families is installed"
        throw .font(name: font, message: suggestions.isEmpty ? what
                    : "\(what); the closest installed \(suggestions.count == 1 ? "family is" : "families are") \(list)")
    }

    /// Whether fontconfig has a font of `family` (compared as fontconfig does: ignoring case and
    /// blanks), among the machine's fonts and the ones this library added.
    public func isInstalled(_ family: String) -> Bool {
        withFontList(family: family) { $0.nfont > 0 } ?? false
    }

    /// Every installed family name, sorted.
    public var installedFamilies: [String] {
        if let known = state.withLock({ $0.installed }) { return known }
        let names = withFontList(family: nil) { list in
            var names = Set<String>()
            for k in 0..<Int(list.nfont) {
                guard let font = list.fonts[k] else { continue }
                var n: Int32 = 0
                while let name = Self.string(font, FC_FAMILY, n) {
                    names.insert(name)
                    n += 1
                }
            }
            return names
        }
        let sorted = (names ?? []).sorted()
        state.withLock { $0.installed = sorted }
        return sorted
    }

    /// `body` applied to the configuration's fonts (of `family`, or all of them) with their family
    /// names, under `TextEngine.pango`; nil when fontconfig cannot make the list.
    private func withFontList<Result: Sendable>(family: String?, _ body: (FcFontSet) -> Result) -> Result? {
        TextEngine.pango.withLock { _ -> Result? in
            guard let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            if let family { _ = FcPatternAddString(pattern, FC_FAMILY, family) }
            guard let objects = Self.familyObjectSet() else { return nil }
            defer { FcObjectSetDestroy(objects) }
            guard let list = FcFontList(config, pattern, objects) else { return nil }
            defer { FcFontSetDestroy(list) }
            return body(list.pointee)
        }
    }

    /// Up to three installed families closest to `family`: those containing it (or contained in
    /// it) first, shortest first, then by spelling distance; when nothing is near, the three
    /// nearest anyway, so the message always shows what is there to choose from.
    public func closestFamilies(to family: String, limit: Int = 3) -> [String] {
        let installed = installedFamilies
        let near = SpellingSuggestion.ranked(family, among: installed, limit: limit)
        let typed = Array(family.lowercased().unicodeScalars)
        guard near.isEmpty, typed.count <= 256 else { return near }
        return installed.map { ($0, SpellingSuggestion.distance(typed, Array($0.lowercased().unicodeScalars))) }
            .enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
            .prefix(limit).map(\.element.0)
    }

    private static func familyObjectSet() -> UnsafeMutablePointer<FcObjectSet>? {
        guard let set = FcObjectSetCreate() else { return nil }
        _ = FcObjectSetAdd(set, FC_FAMILY)
        return set
    }

    static func string(_ pattern: OpaquePointer, _ object: String, _ n: Int32) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}

/// Owns a fontconfig configuration (`FcConfig *`).
///
/// Sendable without the compiler's check because Swift cannot check a C handle. Safe because the pointer never
/// changes after `init`; every call that reads or changes the configuration — `FcFontList` and
/// `FcConfigAppFontAdd…` here, Pango's lookups in `TextEngine` — runs while holding
/// `TextEngine.pango`, so no two threads use it at once; and `deinit` destroys it only when the
/// library, its only owner, is gone from every thread.
private final class ConfigHandle: @unchecked Sendable {
    let config: OpaquePointer

    init(_ config: OpaquePointer) { self.config = config }

    deinit { FcConfigDestroy(config) }
}
