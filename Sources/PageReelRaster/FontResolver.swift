import CFontconfig
import PageReelDeck
import Synchronization

/// Finds the font file for a family name and weight through fontconfig, as the desktop does.
///
/// Decks name fonts the way people do ("DejaVu Sans", "Inter"), so names go through fontconfig's
/// substitution and matching. `FcFontMatch` always returns *some* font; when its family differs
/// from the request the match is still used, and `isExactMatch` lets the caller warn instead of
/// failing a render over a missing font. A family that is itself a path to a `.ttf`/`.otf`/`.ttc`
/// file skips fontconfig. Answers are cached, and one resolver may be shared by render threads:
/// fontconfig is only called under the lock.
public final class FontResolver: Sendable {
    /// The family used when a deck names none (Debian's fonts-dejavu-core).
    public static let defaultFamily = "DejaVu Sans"

    /// A resolved font file.
    public struct Match: Sendable, Equatable, Hashable {
        /// Absolute (or, for a path family, as given) path of the font file.
        public var path: String
        /// Index of the face inside the file (non-zero only in collections).
        public var faceIndex: Int
        /// The matched family name as fontconfig reports it (the request, for a path family).
        public var family: String
        /// Whether the matched family is the requested one (case-insensitive); false means
        /// fontconfig substituted another font.
        public var isExactMatch: Bool

        public init(path: String, faceIndex: Int = 0, family: String, isExactMatch: Bool) {
            self.path = path
            self.faceIndex = faceIndex
            self.family = family
            self.isExactMatch = isExactMatch
        }
    }

    private struct Key: Hashable {
        var family: String
        var weight: FontWeight
    }

    private struct State {
        /// Loaded on first use: scanning the font configuration takes tens of milliseconds.
        var config: OpaquePointer?
        var cache: [Key: Match] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    deinit {
        state.withLock { state in
            if let config = state.config { FcConfigDestroy(config) }
        }
    }

    /// Whether `family` names a font file rather than a family.
    public static func isFontPath(_ family: String) -> Bool {
        let lower = family.lowercased()
        return [".ttf", ".otf", ".ttc"].contains { lower.hasSuffix($0) }
    }

    /// The font file for `family` at `weight`. A path family must exist (`.notFound` otherwise);
    /// a family name always resolves unless fontconfig itself fails.
    public func resolve(family: String, weight: FontWeight) throws(RasterError) -> Match {
        if Self.isFontPath(family) {
            try FileBytes.checkReadable(family)
            return Match(path: family, family: family, isExactMatch: true)
        }
        let key = Key(family: family, weight: weight)
        let result: Result<Match, RasterError> = state.withLock { state in
            if let hit = state.cache[key] { return .success(hit) }
            if state.config == nil { state.config = FcInitLoadConfigAndFonts() }
            guard let config = state.config else {
                return .failure(.font(name: family, message: "fontconfig could not load its configuration"))
            }
            guard let match = Self.match(family: family, weight: weight, config: config) else {
                return .failure(.font(name: family, message: "fontconfig found no font"))
            }
            state.cache[key] = match
            return .success(match)
        }
        return try result.get()
    }

    /// One fontconfig query: pattern → substitutions → best match → file, index and families.
    private static func match(family: String, weight: FontWeight, config: OpaquePointer) -> Match? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { name in
                _ = FcPatternAddString(pattern, FC_FAMILY, name)
            }
        }
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, weight == .bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }

        guard let path = string(matched, FC_FILE, 0) else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(matched, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        // A face may list several family names ("DejaVu Sans", "DejaVu Sans Condensed").
        var families: [String] = []
        while let name = string(matched, FC_FAMILY, Int32(families.count)) { families.append(name) }
        let wanted = family.lowercased()
        let exact = families.first { $0.lowercased() == wanted }
        return Match(path: path, faceIndex: Int(index), family: exact ?? families.first ?? family,
                     isExactMatch: exact != nil)
    }

    private static func string(_ pattern: OpaquePointer, _ object: String, _ n: Int32) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}
