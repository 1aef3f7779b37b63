import PageReelDeck

/// The deck format as documents for tools and people (`pagereel schema`).
///
/// The format is declared once, in the deck module, and the decoder's checks and these documents
/// are produced from that declaration; the facade only hands them out, so that a program embedding
/// pagereel gets the same text as the command line.
public enum FormatDocuments {
    /// The JSON Schema (draft 2020-12) of deck format 1: every key with its type, default, limits
    /// and a description, for editors and CI validators.
    public static var jsonSchema: String { DeckSchema.json }

    /// The reference table of every object of the format, in Markdown, each between
    /// `<!-- keys: NAME -->` and `<!-- /keys -->` markers (the tables of docs/deck-format.md).
    public static var markdownTables: String { DeckReference.markdown }
}
