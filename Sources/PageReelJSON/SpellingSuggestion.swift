/// Finds the word a misspelt key or value was probably meant to be: "titel" → "title",
/// "Card" → "cards", "cornerradius" → "cornerRadius".
///
/// Unknown keys are errors rather than silently ignored, so the error has to say what to write
/// instead. Distances are Damerau–Levenshtein (a swap of two neighbours counts once) on
/// lowercased text, with a tolerance that grows with the word so short words do not match
/// everything.
public enum SpellingSuggestion {
    /// The closest of `candidates` to `word`, or nil if none is close enough. Ties go to the
    /// candidate listed first.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let typed = Array(word.lowercased().unicodeScalars)
        // No key or name is this long; a distance to a megabyte "key" would only take time.
        guard !typed.isEmpty, typed.count <= maxWordLength else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let target = Array(candidate.lowercased().unicodeScalars)
            let limit = tolerance(forLength: max(typed.count, target.count))
            let d = distance(typed, target)
            if d <= limit, d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.candidate
    }

    /// Longer words get no suggestion.
    static let maxWordLength = 256

    /// Edits allowed for words of this length; one- and two-letter words only match up to case.
    static func tolerance(forLength length: Int) -> Int {
        switch length {
        case ..<3: 0
        case ..<5: 1
        case ..<9: 2
        default: 3
        }
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
    /// adjacent characters each cost 1.
    public static func distance<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        var previous2 = [Int](repeating: 0, count: width)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: width)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d = min(d, previous2[j - 2] + 1)
                }
                current[j] = d
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    /// Up to `limit` of `candidates` nearest to `word`, for "the closest are …" lists where some
    /// answer is better than none (installed font families): candidates that contain the word, or
    /// that it contains, come first (shortest first), then the rest by distance within the
    /// tolerance. Case is ignored; ties keep the candidates' order.
    public static func ranked(_ word: String, among candidates: [String], limit: Int) -> [String] {
        let typed = word.lowercased()
        let scalars = Array(typed.unicodeScalars)
        guard !scalars.isEmpty, scalars.count <= maxWordLength, limit > 0 else { return [] }
        var containing: [(String, Int)] = []
        var near: [(String, Int)] = []
        for candidate in candidates {
            let lower = candidate.lowercased()
            if lower.contains(typed) || (lower.count >= 3 && typed.contains(lower)) {
                containing.append((candidate, lower.count))
                continue
            }
            let target = Array(lower.unicodeScalars)
            let d = distance(scalars, target)
            if d <= tolerance(forLength: max(scalars.count, target.count)) { near.append((candidate, d)) }
        }
        let ordered = containing.enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
            .map(\.element.0)
            + near.enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map(\.element.0)
        return Array(ordered.prefix(limit))
    }

    /// ` (did you mean "x"?)` or an empty string.
    static func hint(for word: String, among candidates: [String]) -> String {
        closest(to: word, among: candidates).map { " (did you mean \(MessageText.quoted($0))?)" } ?? ""
    }
}
