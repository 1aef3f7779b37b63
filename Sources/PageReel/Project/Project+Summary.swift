import Foundation
import PageReelDeck
import PageReelTimeline

extension Project {
    /// Pages in the deck (after `{i}` templates are expanded).
    public var pageCount: Int { deck.pageCount }

    /// The deck's own frame rate (`canvas.fps`).
    public var fps: Int { deck.canvas.fps }

    /// Frames of the whole video at the deck's frame rate.
    public var frameCount: Int { timeline.frameCount(fps: fps) }

    /// Frames of the whole video at `fps` (the timeline sampled at that rate).
    public func frameCount(fps: Int) -> Int { timeline.frameCount(fps: fps) }

    /// Length of the video in seconds, from the script.
    public var duration: Double { timeline.duration }

    /// The warnings as lines for people, one each, with the deck file and the JSON path:
    /// `deck.json: pages[0].title: warning: no installed font has U+E123`.
    public var warningMessages: [String] {
        warnings.map { $0.line(in: file, warning: true) }
    }

    /// The warnings of one deck read in several locales, a warning they share once, and what
    /// `target`'s store may reject in it.
    public static func warningMessages(of projects: [Project], target: Target?) -> [String] {
        guard let first = projects.first else { return [] }
        var lists = projects.map { (locale: $0.deck.locale, issues: $0.warnings) }
        if let target { lists = zip(lists, projects).map { ($0.locale, $0.issues + $1.locate(target.check($1).warnings)) } }
        return DeckIssue.merge(lists).map { $0.line(in: first.file, warning: true) }
    }
}
