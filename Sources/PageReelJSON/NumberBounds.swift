/// The range a JSON number must fall in, and the message when it does not.
///
/// Each rule is written once here so that every key with the same rule gets the same words:
/// sign rules read `must be > 0`, limits name the limit (`8000 is over the limit of 7680`), and
/// fractions name their interval (`must be between 0 and 1`).
public struct NumberBounds: Sendable, Equatable {
    public var lower: Double?
    public var lowerInclusive = true
    public var upper: Double?
    public var upperInclusive = true
    /// Zero is not allowed (a hint's distance).
    public var nonZero = false
    /// Appended to the limit in messages, e.g. " s".
    public var unit = ""

    /// Bounds from their parts; the defaults allow any finite number.
    public init(lower: Double? = nil, lowerInclusive: Bool = true, upper: Double? = nil, upperInclusive: Bool = true,
                nonZero: Bool = false, unit: String = "") {
        self.lower = lower
        self.lowerInclusive = lowerInclusive
        self.upper = upper
        self.upperInclusive = upperInclusive
        self.nonZero = nonZero
        self.unit = unit
    }

    /// Any finite number.
    public static let any = NumberBounds()
    /// > 0
    public static let positive = NumberBounds(lower: 0, lowerInclusive: false)
    /// ≥ 0
    public static let nonNegative = NumberBounds(lower: 0)
    /// [0, 1]
    public static let fraction = NumberBounds(lower: 0, upper: 1)
    /// Anything but 0.
    public static let nonZero = NumberBounds(nonZero: true)

    /// `range`, with `unit` after the limit in messages.
    public static func limit(_ range: ClosedRange<Double>, unit: String = "") -> NumberBounds {
        NumberBounds(lower: range.lowerBound, upper: range.upperBound, unit: unit)
    }

    /// > 0 and ≤ `max`.
    public static func positive(max: Double, unit: String = "") -> NumberBounds {
        NumberBounds(lower: 0, lowerInclusive: false, upper: max, unit: unit)
    }

    /// What is wrong with `value`, or nil if it is in range.
    public func problem(with value: Double) -> String? {
        if nonZero, value == 0 { return "must not be 0" }
        let tooLow = lower.map { lowerInclusive ? value < $0 : value <= $0 } ?? false
        let tooHigh = upper.map { upperInclusive ? value > $0 : value >= $0 } ?? false
        guard tooLow || tooHigh else { return nil }
        if let lower, let upper, lower >= 0, upper <= 1 { return "must be \(intervalWords(lower, upper))" }
        if tooLow, let lower {
            if lower == 0 { return "must be \(lowerInclusive ? ">=" : ">") 0" }
            return "\(JSONNumber.format(value)) is below the minimum of \(JSONNumber.format(lower))\(unit)"
        }
        return "\(JSONNumber.format(value)) is over the limit of \(JSONNumber.format(upper ?? 0))\(unit)"
    }

    private func intervalWords(_ lower: Double, _ upper: Double) -> String {
        switch (lowerInclusive, upperInclusive) {
        case (true, true): "between \(JSONNumber.format(lower)) and \(JSONNumber.format(upper))"
        case (false, false): "> \(JSONNumber.format(lower)) and < \(JSONNumber.format(upper))"
        case (false, true): "> \(JSONNumber.format(lower)) and <= \(JSONNumber.format(upper))"
        case (true, false): ">= \(JSONNumber.format(lower)) and < \(JSONNumber.format(upper))"
        }
    }
}
