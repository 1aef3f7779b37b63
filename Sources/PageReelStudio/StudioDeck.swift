import Foundation
import PageReel
import Synchronization

/// The deck as the studio serves it: the last version that loaded (its frames keep being served
/// while a newer one is broken), the generation that counts every change seen, and the errors of
/// the newest version, each line as `pagereel validate` prints it.
final class StudioDeck: Sendable {
    /// One loaded version of the deck, in every one of its locales.
    struct Loaded: Sendable {
        /// The projects by locale code ("" for a deck without locales), in the deck's order.
        let projects: [(code: String, project: Project)]
        var codes: [String] { projects.map(\.code) }

        func project(_ code: String?) -> Project? {
            guard let code, !code.isEmpty else { return projects.first?.project }
            return projects.first { $0.code == code }?.project
        }
    }

    /// What a request sees: one consistent state.
    struct Snapshot: Sendable {
        let generation: Int
        let loaded: Loaded?
        let errors: [String]
        let warnings: [String]
    }

    let options: StudioOptions
    private struct State {
        var generation = 0
        var loaded: Loaded?
        /// The generation `loaded` came with.
        var loadedGeneration = 0
        var errors: [String] = []
        var warnings: [String] = []
        /// Renderers by locale, frame rate and device switch, for the loaded version.
        var previews: [String: Preview] = [:]
    }
    private let state = Mutex(State())

    init(options: StudioOptions) {
        self.options = options
    }

    var snapshot: Snapshot {
        state.withLock { Snapshot(generation: $0.generation, loaded: $0.loaded, errors: $0.errors, warnings: $0.warnings) }
    }

    /// Loads the deck again (every locale), as a new generation; a deck that fails keeps the
    /// previous version's frames and reports its errors. Returns the new snapshot.
    @discardableResult
    func reload() -> Snapshot {
        reloadReporting().snapshot
    }

    /// `reload()`, with the error the deck failed with, if it did.
    func reloadReporting() -> (snapshot: Snapshot, error: PageReelError?) {
        var failure: PageReelError?
        var errors: [String] = []
        var warnings: [String] = []
        var loaded: Loaded?
        do throws(PageReelError) {
            let projects = try Project.load(options.deck, allowing: options.allowed, locales: .all)
            if let target = options.target { try StudioDeck.check(projects, for: target) }
            warnings = Project.warningMessages(of: projects, target: options.target)
            loaded = Loaded(projects: projects.map { ($0.deck.locale ?? "", $0) })
        } catch {
            errors = StudioDeck.lines(of: error)
            failure = error
        }
        let snapshot = state.withLock { state in
            state.generation += 1
            state.errors = errors
            state.warnings = warnings
            if let loaded {
                state.loaded = loaded
                state.loadedGeneration = state.generation
                state.previews = [:]
            }
            return Snapshot(generation: state.generation, loaded: state.loaded, errors: errors, warnings: warnings)
        }
        // The images of the locale the page opens with are decoded while the page asks for its
        // first frame (which then waits for them rather than decoding them again).
        if loaded != nil {
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                guard let (generation, preview) = try? preview(locale: options.locale, target: nil),
                      generation == snapshot.generation else { return }
                preview.warmUp()
            }
        }
        return (snapshot, failure)
    }

    /// What `target`'s store refuses in the deck, as `validate --target` reports it.
    static func check(_ projects: [Project], for target: Target) throws(PageReelError) {
        guard let first = projects.first else { return }
        _ = try target.scale(for: first.deck.canvas)
        let issues = DeckIssue.merge(projects.map { ($0.deck.locale, $0.locate(target.check($0).issues)) })
        if !issues.isEmpty { throw .deck(DeckError(file: first.file, issues: issues)) }
    }

    /// An error's lines, each as `validate` prints it.
    static func lines(of error: PageReelError) -> [String] {
        error.description.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// The frame rate frames are numbered at for `target` (nil: the studio's own).
    func fps(of project: Project, target: Target?) -> Int {
        let fps = options.fps ?? project.fps
        return (target ?? options.target).map { $0.fps(for: fps) } ?? fps
    }

    /// The renderer of `locale` (nil: the first) at the frame rate of `target`, made once per
    /// loaded version, with the generation that version came with; nil when no version has
    /// loaded or the locale is not the deck's.
    func preview(locale: String?, target: Target?, device: Bool = true) throws(PageReelError)
        -> (generation: Int, preview: Preview)? {
        let found: (Int, Project)? = state.withLock { state in
            state.loaded?.project(locale).map { (state.loadedGeneration, $0) }
        }
        guard let (generation, whole) = found else { return nil }
        let project = device ? whole : whole.withoutDevice
        let fps = fps(of: project, target: target)
        let key = "\(project.deck.locale ?? "")|\(fps)|\(device)"
        if let cached = state.withLock({ $0.loadedGeneration == generation ? $0.previews[key] : nil }) {
            return (generation, cached)
        }
        let made = try Preview(project: project, transition: options.transition, fps: fps)
        return state.withLock { state in
            // Kept only if no newer version loaded meanwhile.
            guard state.loadedGeneration == generation else { return (generation, made) }
            if let raced = state.previews[key] { return (generation, raced) }
            state.previews[key] = made
            return (generation, made)
        }
    }

    /// The files to watch: the deck and every file its loaded version names.
    var watched: [String] {
        let loaded = state.withLock { $0.loaded }
        var files = [URL(fileURLWithPath: options.deck).standardizedFileURL.path]
        for (_, project) in loaded?.projects ?? [] {
            files += Preview.files(of: project)
        }
        var seen = Set<String>()
        return files.filter { seen.insert($0).inserted }
    }
}
