import Foundation

/// How times appear in messages: `0.5`, `12`, `812.4`.
public enum Seconds {
    /// `seconds` with up to 10 significant digits and no trailing zeros.
    public static func format(_ seconds: Double) -> String {
        String(format: "%.10g", seconds)
    }

    /// `seconds` rounded up to a tenth, for "over the limit" messages that must not round down
    /// onto the limit itself.
    public static func formatUp(_ seconds: Double) -> String {
        format((seconds * 10 - 1e-6).rounded(.up) / 10)
    }
}
