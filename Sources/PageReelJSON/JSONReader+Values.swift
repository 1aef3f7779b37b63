// Typed reads of the value under the cursor, and shortcuts that step into a member and read it.
// Each read reports what is wrong and returns nil, so callers write `x = r.number("x") ?? x`.

extension JSONReader {
    public mutating func readNumber(_ bounds: NumberBounds = .any) -> Double? {
        guard let number = value.number else {
            reportType(expected: "a number")
            return nil
        }
        if let problem = bounds.problem(with: number) {
            report(problem)
            return nil
        }
        return number
    }

    /// An integer; `30.0` counts as one, `30.5` does not.
    public mutating func readInt(_ bounds: NumberBounds = .any) -> Int? {
        guard let number = value.number else {
            reportType(expected: "an integer")
            return nil
        }
        guard number == number.rounded() else {
            report("expected an integer, got \(JSONNumber.format(number))")
            return nil
        }
        if let problem = bounds.problem(with: number) {
            report(problem)
            return nil
        }
        guard abs(number) < 1e15, let integer = Int(exactly: number) else {
            report("\(JSONNumber.format(number)) is out of range")
            return nil
        }
        return integer
    }

    public mutating func readString(nonEmpty: Bool = false) -> String? {
        guard let string = value.string else {
            reportType(expected: "a string")
            return nil
        }
        if nonEmpty && string.isEmpty {
            report("must not be empty")
            return nil
        }
        return string
    }

    public mutating func readBool() -> Bool? {
        guard case .bool(let flag) = value.content else {
            reportType(expected: "true or false")
            return nil
        }
        return flag
    }

    /// One of an enum's raw values; `noun` names the kind of value in the message
    /// (`unknown transition "card" (did you mean "cards"?)`).
    public mutating func readChoice<Choice: RawRepresentable & CaseIterable>(_ noun: String) -> Choice?
        where Choice.RawValue == String {
        guard let string = value.string else {
            reportType(expected: "a string")
            return nil
        }
        if let choice = Choice(rawValue: string) { return choice }
        reportUnknown(noun, string, among: Choice.allCases.map(\.rawValue))
        return nil
    }

    /// `unknown <noun> "<word>"`, with a suggestion or else the list of valid words.
    public mutating func reportUnknown(_ noun: String, _ word: String, among valid: [String]) {
        let hint = SpellingSuggestion.closest(to: word, among: valid).map { "did you mean \(MessageText.quoted($0))?" }
            ?? "use \(Self.list(valid))"
        report("unknown \(noun) \(MessageText.quoted(word)) (\(hint))")
    }

    /// An array of exactly `count` numbers.
    public mutating func readNumbers(count: Int) -> [Double]? {
        guard let items = value.elements else {
            reportType(expected: "an array of \(count) numbers")
            return nil
        }
        guard items.count == count else {
            report("expected \(count) numbers, got \(items.count)")
            return nil
        }
        let numbers = elements { r, _ in r.readNumber() }
        return numbers.count == count ? numbers : nil
    }

    /// `a, b or c`.
    public static func list(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    // MARK: Member shortcuts

    public mutating func number(_ key: String, _ bounds: NumberBounds = .any) -> Double? {
        member(key) { $0.readNumber(bounds) }
    }

    public mutating func int(_ key: String, _ bounds: NumberBounds = .any) -> Int? {
        member(key) { $0.readInt(bounds) }
    }

    public mutating func int(_ key: String, in range: ClosedRange<Int>) -> Int? {
        member(key) { $0.readInt(.limit(Double(range.lowerBound)...Double(range.upperBound))) }
    }

    public mutating func string(_ key: String, nonEmpty: Bool = false) -> String? {
        member(key) { $0.readString(nonEmpty: nonEmpty) }
    }

    public mutating func bool(_ key: String) -> Bool? {
        member(key) { $0.readBool() }
    }

    public mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ noun: String) -> Choice?
        where Choice.RawValue == String {
        member(key) { $0.readChoice(noun) }
    }
}
