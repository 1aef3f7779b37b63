import PageReelDeck

/// "Did you mean" for words people type: command names, transition names.
///
/// The deck's unknown keys and font families are already matched this way (`SpellingSuggestion`,
/// Damerau–Levenshtein on lowercased text with a tolerance that grows with the word); this gives
/// callers of the facade the same judgement instead of a second edit distance of their own.
public enum Spelling {
    /// The candidate `word` was most probably meant to be, or nil when none is close: one that
    /// contains the typed word (or is contained in it) first, else the nearest within the tolerance.
    /// Case is ignored; ties go to the candidate listed first. Words of one or two letters get no
    /// suggestion, as the deck's keys do not: too many candidates contain them.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        guard word.count >= 3 else { return nil }
        return SpellingSuggestion.ranked(word, among: candidates, limit: 1).first
    }
}
