import PageReelDeck

/// Decks for the timeline tests, built with the model initialisers: 600×600 pt pages, five of them
/// unless a test says otherwise, no tail unless given.
enum TestDeck {
    static let width = 600.0
    static let height = 600.0

    static func make(pages: Int = 5, script: [Step], tail: Double = 0.5,
                     configure: (inout Deck) -> Void = { _ in }) -> Deck {
        var deck = Deck(canvas: Canvas(width: 1280, height: 720, fps: 30),
                        viewport: Rect(x: 340, y: 60, width: width, height: height),
                        pages: .template(count: pages, page: Page(title: "Page {n}")))
        deck.script = script
        deck.tail = tail
        configure(&deck)
        return deck
    }

    /// iOS's rubber band b(x) = x·W·c/(W + c·x), written out again for the tests.
    static func rubberBand(_ x: Double, c: Double = 0.55) -> Double {
        x * width * c / (width + c * x)
    }

    /// Times 0, step, 2·step, … up to and including `end`.
    static func times(from start: Double = 0, to end: Double, step: Double) -> [Double] {
        let n = Int(((end - start) / step).rounded(.down))
        return (0...n).map { start + Double($0) * step }
    }
}
