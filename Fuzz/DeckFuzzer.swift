// libFuzzer entry point for the deck decoder, compiled together with Sources/PageReelDeck (and
// linked with PageReelJSON) by Scripts/fuzz (it is not a SwiftPM target: libFuzzer brings its own
// main). Any input must end in a deck or in issues: never a crash, a hang or unbounded memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeckDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (deck, _) = DeckDecoder.decodeBestEffort(Array(UnsafeBufferPointer(start: data, count: size)))
    // Touch what a valid deck offers, templates included.
    if let deck, deck.pageCount > 0 {
        _ = deck.page(at: 0)
        _ = deck.page(at: deck.pageCount - 1)
    }
    return 0
}
