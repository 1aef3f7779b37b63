import Foundation
import PageReelDeck
import PageReelEncode
import PageReelMedia
import PageReelRaster

/// A fingerprint of everything that shapes a video's pixels and its stream, so that shards
/// rendered on different machines can tell whether they are parts of one video.
///
/// It is the SHA-256 of a short text, one fact per line:
///
///     pagereel fingerprint 1
///     version 0.1.0
///     deck <SHA-256 of the deck's canonical JSON, with --transition applied>
///     video 320x180, 20 fps, h264, crf 18, preset medium, tune animation, transition cards, no audio
///     file shot.png <SHA-256 of its bytes>
///
/// The deck counts by its content, not its file: it is decoded and written out again by
/// `DeckEncoder`, so spacing, key order and defaults spelt out or left implicit do not matter, and
/// `--transition cards` on a deck whose transition is cards is the same video. Every file the deck
/// names (page, layer and backdrop images, recordings, music and touch sounds, its `fonts`, font
/// files named as a layer's, the tabs' or the captions' font) is hashed by content, listed by the path the deck gives. Fonts installed on the machine and named
/// by family, and the versions of the libraries under pagereel, are the machine's, not the deck's:
/// they are not in the fingerprint (render every shard on one machine image, or bring the fonts
/// with the deck's `fonts`).
struct RenderFingerprint: Sendable, Equatable {
    /// The hex SHA-256 of `text`.
    let digest: String
    /// The text hashed.
    let text: String
    /// The size, rate, codec settings and transition, for people comparing two shards.
    let settings: String

    /// The version of the text's layout; bumped whenever a line is added or changed.
    static let layout = 1

    /// The fingerprint of `project` rendered at `width`×`height`, `fps`, with `transition`
    /// overriding the deck's, into H.264 with `video`'s quality settings.
    init(project: Project, transition: TransitionSpec?, width: Int, height: Int, fps: Int,
         video: VideoOptions, sound: Bool = false) throws(PageReelError) {
        var deck = project.deck
        if let transition { deck.transition = transition }
        let transitionName = switch deck.transition {
        case .named(let name): name.rawValue
        case .custom: "custom"
        case .catalogue(let transition): transition.name
        }
        settings = ["\(width)x\(height)", "\(fps) fps", video.codec.rawValue, video.rateDescription,
                    "preset \(video.preset)", "tune \(video.tune ?? "none")", "transition \(transitionName)",
                    sound ? "audio aac \(video.audio.bitrate / 1000)k" : "no audio"]
            .joined(separator: ", ")
        var lines = ["pagereel fingerprint \(Self.layout)", "version \(PageReelVersion.current)",
                     "deck \(SHA256.hex(of: DeckEncoder.json(deck)))", "video \(settings)"]
        for shown in Self.files(of: deck, inputs: project.inputs) {
            let file: InputFile
            do throws(MediaError) {
                file = try project.inputs.open(shown)
            } catch {
                throw .inputMissing(path: shown, message: error.description)
            }
            let hash = SHA256()
            do throws(EncodeError) {
                try hash.update(file: file)
            } catch {
                throw .inputMissing(path: shown, message: error.description)
            }
            lines.append("file \(shown) \(hash.finish())")
        }
        text = lines.joined(separator: "\n") + "\n"
        digest = SHA256.hex(of: text)
    }

    /// Every file `deck` names, once each, sorted by the path as the deck gives it; a font
    /// folder stands for the font files in it, as `FontLibrary` adds them.
    static func files(of deck: Deck, inputs: InputRoots) -> [String] {
        var named = Set<String>()
        let pageCount: Int
        switch deck.pages {
        case .list(let pages): pageCount = pages.count
        case .template(let count, let template):
            // Placeholders are only resolved in strings; without one, page 0 names every file.
            let varies = InputChecker.files(of: template).contains { $0.path.contains("{") }
            pageCount = varies ? count : 1
        }
        for index in 0..<pageCount {
            let page = deck.page(at: index)
            for file in InputChecker.files(of: page) { named.insert(file.path) }
            for layer in page.layers {
                if case .text(let style) = layer.content, FontLibrary.isFontPath(style.font) { named.insert(style.font) }
            }
        }
        if let tabs = deck.tabs, FontLibrary.isFontPath(tabs.font) { named.insert(tabs.font) }
        if FontLibrary.isFontPath(deck.captions.font) { named.insert(deck.captions.font) }
        if case .image(let path, _) = deck.canvas.background { named.insert(path) }
        for sound in deck.audio.files { named.insert(sound.file) }
        var files: [String] = []
        for path in named.union(deck.fonts) {
            // The deck was checked: a folder here is one of fonts (an unreadable one fails on open).
            if let inside = try? inputs.contents(ofFolder: path) {
                files += inside.filter(FontLibrary.isFontPath)
            } else {
                files.append(path)
            }
        }
        return files.sorted()
    }
}
