import PageReel
import PageReelDeck

/// Typed values of the flags several commands share.
enum ArgumentValues {
    static func int(_ text: String, flag: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("\(flag): expected a whole number in \(range.lowerBound)…\(range.upperBound), got \"\(text)\"")
        }
        return value
    }

    /// `WxH`, e.g. 1280x720.
    static func size(_ text: String) throws(UsageError) -> (width: Int, height: Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else {
            throw UsageError("--size: expected WIDTHxHEIGHT, e.g. 1280x720, got \"\(text)\"")
        }
        return (w, h)
    }

    /// `A-B` (inclusive, 0-based).
    static func frames(_ text: String) throws(UsageError) -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, b >= a else {
            throw UsageError("--frames: expected A-B with 0 ≤ A ≤ B, e.g. 0-149, got \"\(text)\"")
        }
        return a...b
    }

    /// A transition name.
    static func transition(_ text: String) throws(UsageError) -> TransitionSpec {
        guard let name = TransitionName(rawValue: text) else {
            let names = TransitionName.allCases.map(\.rawValue)
            let hint = Suggestion.closest(to: text, among: names).map { " (did you mean \($0)?)" } ?? ""
            throw UsageError("--transition: unknown transition \"\(text)\"\(hint); see `pagereel transitions`")
        }
        return .named(name)
    }
}
