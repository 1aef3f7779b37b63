import Foundation
import PageReel

/// The JSON the API answers with.
enum StudioJSON {
    /// `/deck`: the video's shape and timeline, the deck's state and what it can be switched to.
    struct Deck: Encodable {
        var deck: String
        var generation: Int
        /// The generation whose frames are served (the last that loaded).
        var loadedGeneration: Int
        var errors: [String]
        var warnings: [String]
        var frames: Int
        var fps: Int
        var width: Int
        var height: Int
        var seconds: Double
        var pages: Int
        var locale: String?
        var locales: [String]
        var target: String?
        var targets: [String]
        var device: Bool
        var steps: [Step]
        var events: [Event]
    }

    struct Step: Encodable {
        var index: Int
        var kind: String
        var time: Double
        var frame: Int
    }

    struct Event: Encodable {
        var frame: Int
        var time: Double
        var page: Int
        var event: String
    }

    struct Reload: Encodable {
        var generation: Int
        var errors: [String]
    }

    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func reload(_ snapshot: StudioDeck.Snapshot) -> String {
        encode(Reload(generation: snapshot.generation, errors: snapshot.errors))
    }
}

/// `GET /deck[?locale=CODE][&target=NAME]`.
struct StudioDeckEndpoint {
    let server: StudioServer

    func response(query: [String: String]) -> StudioResponse {
        var target = server.options.target
        if let name = query["target"], !name.isEmpty {
            guard let named = Target.named(name) else { return .text(.badRequest, "target=\(name): no such target") }
            target = named
        }
        let snapshot = server.deck.snapshot
        let locale = query["locale"].flatMap { $0.isEmpty ? nil : $0 } ?? server.options.locale
        var body = StudioJSON.Deck(
            deck: server.options.deck, generation: snapshot.generation, loadedGeneration: 0,
            errors: snapshot.errors, warnings: snapshot.warnings, frames: 0, fps: server.options.fps ?? 0,
            width: 0, height: 0, seconds: 0, pages: 0, locale: nil, locales: snapshot.loaded?.codes.filter { !$0.isEmpty } ?? [],
            target: target?.name, targets: Target.names, device: true, steps: [], events: [])
        // Another target than the studio's: its store's checks, as `validate --target` makes them.
        if let target, target != server.options.target, let loaded = snapshot.loaded, snapshot.errors.isEmpty {
            let projects = loaded.projects.map(\.project)
            body.warnings = Project.warningMessages(of: projects, target: target)
            do throws(PageReelError) {
                try StudioDeck.check(projects, for: target)
            } catch {
                body.errors = StudioDeck.lines(of: error)
            }
        }
        do throws(PageReelError) {
            if let (generation, preview) = try server.deck.preview(locale: locale, target: target,
                                                                   device: query["device"] != "off") {
                let project = preview.project
                body.loadedGeneration = generation
                body.frames = preview.frameCount
                body.fps = preview.fps
                body.width = project.deck.canvas.width
                body.height = project.deck.canvas.height
                body.seconds = preview.duration
                body.pages = project.pageCount
                body.locale = project.deck.locale
                body.device = server.deck.snapshot.loaded?.project(project.deck.locale)?.deck.device != nil
                body.steps = preview.steps.map { StudioJSON.Step(index: $0.index, kind: $0.kind, time: $0.time, frame: $0.frame) }
                body.events = preview.events.map {
                    StudioJSON.Event(frame: $0.frame, time: $0.time, page: $0.page, event: $0.event)
                }
            } else if let locale, snapshot.loaded != nil {
                return .text(.notFound, "locale=\(locale): the deck has no such locale")
            }
        } catch {
            return .text(.badRequest, error.description)
        }
        return .json(StudioJSON.encode(body))
    }
}
