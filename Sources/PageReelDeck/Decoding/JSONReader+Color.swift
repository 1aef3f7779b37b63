import PageReelJSON

// Colours are the deck's own kind of value: `#RGB`, `#RRGGBB` or `#RRGGBBAA` strings.

extension JSONReader {
    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
    mutating func readColor() -> Color? {
        guard let string = value.string else {
            reportType(expected: "a colour string")
            return nil
        }
        guard let color = Color(hex: string) else {
            report("\(MessageText.quoted(string)) is not a colour (use #RGB, #RRGGBB or #RRGGBBAA)")
            return nil
        }
        return color
    }

    mutating func color(_ key: String) -> Color? {
        member(key) { $0.readColor() }
    }
}
