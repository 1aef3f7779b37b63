import PageReelDeck
import Synchronization

/// The fonts of one render, shared by its threads: family + weight + size → `Font`, opened once.
///
/// Opening a face and rendering its glyphs is the expensive part of text, and the same few
/// styles recur on every page, so faces live as long as the cache (one per export). Relative font
/// paths in a deck are relative to the deck's folder, given here as `baseDirectory`.
public final class FontCache: Sendable {
    public let resolver: FontResolver
    /// The folder relative font paths are resolved against; nil = the working directory.
    public let baseDirectory: String?

    private struct Key: Hashable {
        var match: FontResolver.Match
        var pixelSize: Double
    }

    private let fonts = Mutex<[Key: Font]>([:])

    public init(resolver: FontResolver = FontResolver(), baseDirectory: String? = nil) {
        self.resolver = resolver
        self.baseDirectory = baseDirectory
    }

    /// What `family` at `weight` resolves to, to warn when fontconfig substituted another family.
    public func match(family: String, weight: FontWeight) throws(RasterError) -> FontResolver.Match {
        var family = family
        if FontResolver.isFontPath(family), !family.hasPrefix("/"), let baseDirectory {
            family = baseDirectory.hasSuffix("/") ? baseDirectory + family : baseDirectory + "/" + family
        }
        return try resolver.resolve(family: family, weight: weight)
    }

    /// The font for `family` at `weight`, `pixelSize` pixels per em.
    public func font(family: String, weight: FontWeight, pixelSize: Double) throws(RasterError) -> Font {
        let key = Key(match: try match(family: family, weight: weight), pixelSize: pixelSize)
        // Opened under the lock so two threads asking for the same font share one face.
        let result: Result<Font, RasterError> = fonts.withLock { fonts in
            if let font = fonts[key] { return .success(font) }
            do throws(RasterError) {
                let font = try Font(path: key.match.path, faceIndex: key.match.faceIndex, pixelSize: pixelSize)
                fonts[key] = font
                return .success(font)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
