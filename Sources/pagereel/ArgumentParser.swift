/// A small, strict command-line parser: options are declared up front, values are checked once
/// into typed values by the commands, and anything unknown is a usage error with a suggestion.
struct ArgumentParser {
    /// One option: its names (`-o`, `--output`), whether it takes a value, whether it may repeat.
    struct Option {
        var names: [String]
        var takesValue: Bool
        var repeatable = false
        var canonical: String { names.last ?? "" }
    }

    let command: String
    let options: [Option]

    /// The parsed command line: positional arguments and option values by canonical name.
    struct Result {
        var positionals: [String] = []
        var values: [String: [String]] = [:]

        func has(_ name: String) -> Bool { values[name] != nil }
        func value(_ name: String) -> String? { values[name]?.last }
        func all(_ name: String) -> [String] { values[name] ?? [] }
    }

    func parse(_ arguments: [String]) throws(UsageError) -> Result {
        var result = Result()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                result.positionals += rest
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                result.positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                name = String(argument[..<eq])
                inlineValue = String(argument[argument.index(after: eq)...])
            }
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                let known = options.flatMap(\.names)
                let hint = Suggestion.closest(to: name, among: known).map { " (did you mean \($0)?)" } ?? ""
                throw UsageError("\(command): unknown option \(name)\(hint)")
            }
            let key = option.canonical
            if !option.repeatable, result.values[key] != nil {
                throw UsageError("\(command): \(name) is given more than once")
            }
            if option.takesValue {
                guard let value = inlineValue ?? rest.popFirst() else {
                    throw UsageError("\(command): \(name) needs a value")
                }
                result.values[key, default: []].append(value)
            } else {
                guard inlineValue == nil else { throw UsageError("\(command): \(name) takes no value") }
                result.values[key, default: []].append("")
            }
        }
        return result
    }
}

/// A mistake on the command line (exit 64).
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// "Did you mean" for command and option names.
enum Suggestion {
    static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
