import PageReelDeck

/// Decodes `json` as a deck named `deck.json`; nil if it has issues.
func decodeDeck(_ json: String) -> Deck? {
    try? DeckDecoder.decode(Array(json.utf8), file: "deck.json")
}

/// The issues of `json` as `path: message` lines, in the order reported; empty if it decodes.
func issues(_ json: String) -> [String] {
    do {
        _ = try DeckDecoder.decode(Array(json.utf8), file: "deck.json")
        return []
    } catch {
        return error.issues.map(\.description)
    }
}

/// The issues of a deck made of one empty page plus `members` (written without braces).
func issues(with members: String) -> [String] {
    issues(#"{"pages": [{}], "# + members + "}")
}

/// A deck of one empty page plus `members`, decoded.
func decodeDeck(with members: String) -> Deck? {
    decodeDeck(#"{"pages": [{}], "# + members + "}")
}
