import PageReelJSON

/// Everything wrong with one deck, reported together.
public struct DeckError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The deck file as the user named it.
    public var file: String
    public var issues: [DeckIssue]

    public init(file: String, issues: [DeckIssue]) {
        self.file = file
        self.issues = issues
    }

    /// True when every issue is a missing or unreadable input file (exit 66 rather than 65).
    public var isOnlyMissingInput: Bool { !issues.isEmpty && issues.allSatisfy { $0.kind == .missingInput } }

    /// One line per issue: `deck.json:14:16: pages[2].image: file not found: shots/x.png`.
    public var description: String {
        issues.map { $0.line(in: file) }.joined(separator: "\n")
    }
}

/// One problem at one place in a deck.
public struct DeckIssue: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The deck is malformed or breaks the format's rules.
        case invalid
        /// A file the deck names (image, font) is missing or unreadable.
        case missingInput
    }

    /// JSON path of the offending value, e.g. `script[3].jump.to`; empty for the document itself.
    public var path: String
    public var message: String
    public var kind: Kind
    /// Where in the deck's text the value (or the key) it is about is written; nil when not known.
    public var position: SourcePosition?

    public init(path: String, message: String, kind: Kind = .invalid, position: SourcePosition? = nil) {
        self.path = path
        self.message = message
        self.kind = kind
        self.position = position
    }

    /// `path: message`, safe to print (controls in it escaped).
    public var description: String { MessageText.safe(path.isEmpty ? message : "\(path): \(message)") }

    /// The issue as a line of `file`'s: `deck.json:4:5: pages[0].backgrond: unknown key`, the form
    /// terminals and editors link (`deck.json: …` where no place is known); `warning` puts
    /// `warning:` before the message.
    public func line(in file: String, warning: Bool = false) -> String {
        let place = position.map { ":\($0.lineColumn)" } ?? ""
        let text = (warning ? "warning: " : "") + message
        return MessageText.safe(file) + place + ": " + MessageText.safe(path.isEmpty ? text : "\(path): \(text)")
    }

    /// The same problem at the same place in the deck: where its text was written is not compared.
    public static func == (a: DeckIssue, b: DeckIssue) -> Bool {
        a.path == b.path && a.message == b.message && a.kind == b.kind
    }

    /// The issue with its place in `root`'s text: its own, else where its path leads.
    public func located(in root: JSONValue) -> DeckIssue {
        var issue = self
        issue.position = position ?? root.position(ofPath: path)
        return issue
    }

    /// The issue with its place from an outline of the deck's text (`JSONValue.outline`).
    public func located(in outline: JSONOutline) -> DeckIssue {
        var issue = self
        issue.position = position ?? outline.position(ofPath: path)
        return issue
    }
}

extension DeckIssue {
    /// The issues of a deck read in several locales, as one list: an issue every locale has, once
    /// as it is; one that only some locales have, once for each of them with the locale named
    /// (unless its message names it already). In the order first met, locale by locale.
    public static func merge(_ lists: [(locale: String?, issues: [DeckIssue])]) -> [DeckIssue] {
        guard lists.count > 1 else { return lists.first?.issues ?? [] }
        func key(_ issue: DeckIssue) -> String { issue.path + "\u{0}" + issue.message }
        var counts: [String: Int] = [:]
        for list in lists {
            for issue in Set(list.issues.map(key)) { counts[issue, default: 0] += 1 }
        }
        var merged: [DeckIssue] = []
        var seen = Set<String>()
        for list in lists {
            for issue in list.issues {
                if counts[key(issue)] == lists.count {
                    if seen.insert(key(issue)).inserted { merged.append(issue) }
                    continue
                }
                var named = issue
                if let locale = list.locale, !issue.message.contains("(locale \(locale))") {
                    named.message += " (locale \(locale))"
                }
                if seen.insert(key(named)).inserted { merged.append(named) }
            }
        }
        return merged
    }
}
