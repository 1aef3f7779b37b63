/// Why a text is not JSON, and where: `line 3, column 14: expected "," or "}"`.
///
/// The parser's own error, since it is used on JSON that is not a deck too (the schema tests parse
/// JSON Schema); `DeckDecoder` turns it into a `DeckIssue` with an empty path.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var position: SourcePosition
    /// Lowercase, no trailing period.
    public var message: String

    public init(_ message: String, at position: SourcePosition) {
        self.message = message
        self.position = position
    }

    public var description: String { "\(position): \(message)" }
}
